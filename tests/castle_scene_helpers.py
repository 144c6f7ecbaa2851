"""Castle's screens as the app opens them, for the window and menu tests."""

from __future__ import annotations

from functools import partial

from moonlight_desktop.games.castle.ui.rules_text import CASTLE_RULES
from moonlight_desktop.games.castle.ui.setup_scene import CastleSetupScene
from moonlight_desktop.scenes.gallery import CARDS
from moonlight_desktop.scenes.pause import PauseScene
from moonlight_desktop.scenes.rules import RulesScene
from moonlight_desktop.ui.app import App


def castle_setup(app: App) -> CastleSetupScene:
    """Castle's setup, as the gallery opens it."""
    scene = CARDS["castle"].setup(app)
    assert isinstance(scene, CastleSetupScene)
    return scene


def pause_menu(app: App) -> PauseScene:
    return PauseScene(app, partial(RulesScene, app, CASTLE_RULES))
