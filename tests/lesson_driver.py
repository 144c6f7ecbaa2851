"""Playing a lesson's steps by synthetic input: where the learner clicks for a taught command.

Each game says how its taught commands are clicked in tests/lesson_clicks_<game>.py, with
`next_click(scene, command)`: the next point to click (a piece to pick, then where it goes)
on the screen as it stands, or None when the command is not on the screen. The action strip's
buttons are found here for every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.scene import TableScene

NextClick = Callable[[TableScene, Command], tuple[int, int] | None]


def next_click(game: str, scene: TableScene, command: Command) -> tuple[int, int] | None:
    """The next point the learner clicks to give `command`: its button on the action strip,
    else wherever the game's screen takes it."""
    actions = scene.screen.actions(scene.table) if scene.controller.may_act() else []
    for action, button in zip(actions, scene.buttons, strict=False):
        if action.command == command:
            return button.rect.center
    module = importlib.import_module(f"tests.lesson_clicks_{game}")
    found: NextClick = module.next_click
    return found(scene, command)
