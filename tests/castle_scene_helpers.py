"""Castle's screens as the app opens them, for the window and menu tests."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, TypeGuard

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.spec import CASTLE
from moonlight_desktop.games.castle.ui.presenter import CastlePresenter
from moonlight_desktop.games.castle.ui.rules_text import CASTLE_RULES
from moonlight_desktop.games.castle.ui.screen import CastleScreen
from moonlight_desktop.games.castle.ui.setup import FIGURES
from moonlight_desktop.scenes.gallery import CARDS
from moonlight_desktop.scenes.pause import PauseScene
from moonlight_desktop.scenes.rules_reader import RulesScene
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.scene import TableScene


def castle_setup(app: App) -> TableSetupScene:
    """Castle's setup, as the gallery opens it."""
    scene = CARDS["castle"].setup(app)
    assert is_castle_setup(scene)
    return scene


def is_castle_setup(scene: Scene | None) -> TypeGuard[TableSetupScene]:
    """`scene` is the setup shell showing Castle's table."""
    return isinstance(scene, TableSetupScene) and scene.ui.game_id == "castle"


def finished_demo_match(seed: int = 7, seats: int = 3) -> Match[Any]:
    """A game played to the end by bots, with names and figures."""
    rules = CastleRules()
    played = play_game(rules, ["normal"] * seats, seed, CASTLE.bot)
    names = ("Ana", "Basil", "Cleo", "Dmitri")
    specs = tuple(
        SeatSpec(names[n], "human", None, look=FIGURES[n])
        if n == 0
        else SeatSpec(f"{FIGURES[n].title()} (normal)", "bot", "normal", look=FIGURES[n])
        for n in range(seats)
    )
    return Match(rules, replace(played.record, seats=specs, moves=list(played.record.moves)))


def pause_menu(app: App) -> PauseScene:
    return PauseScene(app, partial(RulesScene, app, CASTLE_RULES))


def castle_screen(table: TableScene) -> CastleScreen:
    screen = table.screen
    assert isinstance(screen, CastleScreen)
    return screen


def castle_presenter(table: TableScene) -> CastlePresenter:
    presenter = table.presenter
    assert isinstance(presenter, CastlePresenter)
    return presenter
