"""The scenes around the games: title, gallery, setup, rules, settings, pause, hand-off and
game over. Registered explicitly (no directory scanning: a frozen build cannot list its own
folders)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from moonlight_desktop.games.castle.scene import CastleBoardScene
from moonlight_desktop.games.castle.ui.looks import figure_look
from moonlight_desktop.games.castle.ui.rules_text import CASTLE_RULES
from moonlight_desktop.games.castle.ui.setup_model import FIGURES, CastleSetup, finished_demo_match
from moonlight_desktop.games.castle.ui.setup_scene import CastleSetupScene
from moonlight_desktop.games.registry import game_spec, make_bot
from moonlight_desktop.games.ui_registry import TABLE_GAMES
from moonlight_desktop.ui.menu import ConfirmScene
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.setup import TableSetup

from .gallery import GalleryScene
from .gameover import GameOverScene
from .handoff import HandoffScene
from .pause import PauseScene
from .rules import RulesScene
from .settings import SettingsScene
from .table_flow import open_table, rules_reader
from .table_over import TableOverScene
from .table_setup import TableSetupScene
from .title import TitleScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

SCENES: dict[str, type[Scene]] = {
    "title": TitleScene,
    "gallery": GalleryScene,
    "castle_setup": CastleSetupScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "pause": PauseScene,
    "handoff": HandoffScene,
    "game_over": GameOverScene,
    "castle_board": CastleBoardScene,
    "confirm": ConfirmScene,
    "table_setup": TableSetupScene,
    "table_over": TableOverScene,
}


def all_scenes_for_smoke_test(app: App) -> list[Scene]:
    """One of each scene in a representative state (the game over needs a finished game)."""
    castle_rules = partial(RulesScene, app, CASTLE_RULES)
    return [
        TitleScene(app),
        GalleryScene(app),
        CastleSetupScene(app, lambda _match: None, castle_rules),
        RulesScene(app, CASTLE_RULES),
        SettingsScene(app),
        PauseScene(app, castle_rules),
        HandoffScene(
            app, "Ana", figure_look(FIGURES[2]), lambda: None, lambda: PauseScene(app, castle_rules)
        ),
        CastleBoardScene(app, CastleSetup.default().to_match(seed=1)),
        GameOverScene(app, finished_demo_match()),
        ConfirmScene(
            app,
            "Start a new game?",
            "A game of Moonlight Castle is in progress.\nStart a new one, and it is lost.",
            proceed=("Start new", ""),
            keep=("Keep it", ""),
            on_proceed=lambda: None,
        ),
        *_table_scenes(app),
    ]


def _table_scenes(app: App) -> list[Scene]:
    """Each table game's setup, rules, table (mid-game) and game over."""
    scenes: list[Scene] = []
    for ui in TABLE_GAMES.values():
        setup = TableSetup.default(ui.setup)
        rules = game_spec(ui.game_id).rules
        reader = partial(rules_reader, app, ui)
        scenes += [TableSetupScene(app, ui, lambda _match: None, reader), reader()]
        scenes.append(open_table(app, ui, setup.to_match(rules, seed=1)))
        finished = setup.to_match(rules, seed=2)
        bots = {seat: make_bot(ui.game_id, "easy", seat) for seat in range(len(finished.seats))}
        while not finished.is_over():
            seat = finished.to_act()[0]
            finished.submit(seat, bots[seat].choose(finished.view(seat), finished.legal(seat), 0))
        scenes.append(TableOverScene(app, ui, finished, lambda: None))
    return scenes


__all__ = [
    "SCENES",
    "CastleBoardScene",
    "CastleSetupScene",
    "ConfirmScene",
    "GalleryScene",
    "GameOverScene",
    "HandoffScene",
    "PauseScene",
    "RulesScene",
    "SettingsScene",
    "TitleScene",
    "all_scenes_for_smoke_test",
]
