"""The scenes around the games: title, gallery, setup, rules, settings, pause, hand-off and
game over. Registered explicitly (no directory scanning: a frozen build cannot list its own
folders)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from moonlight_desktop.games.castle.scene import CastleBoardScene
from moonlight_desktop.ui.scene import Scene

from .castle_rules import RulesScene
from .castle_setup import CastleSetupScene
from .castle_setup_model import FIGURES, CastleSetup, finished_demo_match
from .common import ConfirmScene, figure_look
from .gallery import GalleryScene
from .gameover import GameOverScene
from .handoff import HandoffScene
from .pause import PauseScene
from .settings import SettingsScene
from .title import TitleScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

SCENES: dict[str, type[Scene]] = {
    "title": TitleScene,
    "gallery": GalleryScene,
    "castle_setup": CastleSetupScene,
    "castle_rules": RulesScene,
    "settings": SettingsScene,
    "pause": PauseScene,
    "handoff": HandoffScene,
    "game_over": GameOverScene,
    "castle_board": CastleBoardScene,
    "confirm": ConfirmScene,
}


def all_scenes_for_smoke_test(app: App) -> list[Scene]:
    """One of each scene in a representative state (the game over needs a finished game)."""
    return [
        TitleScene(app),
        GalleryScene(app),
        CastleSetupScene(app),
        RulesScene(app),
        SettingsScene(app),
        PauseScene(app),
        HandoffScene(app, "Ana", figure_look(FIGURES[2]), lambda: None, lambda: PauseScene(app)),
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
    ]


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
