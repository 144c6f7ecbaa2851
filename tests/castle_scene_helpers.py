"""Castle's screens as the app opens them, for the window and menu tests."""

from __future__ import annotations

from functools import partial

from moonlight_desktop.games.castle.ui.presenter import CastlePresenter
from moonlight_desktop.games.castle.ui.rules_text import CASTLE_RULES
from moonlight_desktop.games.castle.ui.screen import CastleScreen
from moonlight_desktop.games.castle.ui.setup_scene import CastleSetupScene
from moonlight_desktop.scenes.gallery import CARDS
from moonlight_desktop.scenes.pause import PauseScene
from moonlight_desktop.scenes.rules_reader import RulesScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene


def castle_setup(app: App) -> CastleSetupScene:
    """Castle's setup, as the gallery opens it."""
    scene = CARDS["castle"].setup(app)
    assert isinstance(scene, CastleSetupScene)
    return scene


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
