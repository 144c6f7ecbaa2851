"""The action strip under the header: the game's choices for the human at the screen
(`GameScreen.actions`) as buttons, rebuilt only when the choices change (so a button keeps its
hover and press state). While the board moves and the human still decides, the strip stays as
the board last settled: a click on it is heard (`TableInput.choose`); it changes once the board
shows the position. A replay puts its controls here instead (`replay.ReplayControls`)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.widgets import Button

from .game_ui import Action, TableContext
from .glow import draw_glow_frame

if TYPE_CHECKING:
    from .scene import TableScene


class ActionStrip:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.buttons: list[Button] = []
        self._actions: list[Action] = []
        """The choices, as the board last settled."""
        self._actions_at: object = None
        """The position (`TableScene.turn_at_screen`) they were offered in."""
        self._laid_for: object = None
        """What the buttons were laid out for (rebuilt when it changes)."""

    def forget(self) -> None:
        """The buttons are laid out again at the next refresh (a new size, a table set anew)."""
        self._laid_for = None

    def refresh(self, table: TableContext) -> None:
        """Rebuilds the buttons when what the human may do changes: nothing while they are
        not asked (`table.asked`: a lesson's note is read first)."""
        scene = self.scene
        controller = scene.controller
        if not controller.deciding() or not table.asked:
            self._actions = []
        elif not controller.applying:
            if table.idle:
                self._actions = scene.screen.actions(table)
                self._actions_at = scene.turn_at_screen()
            elif scene.turn_at_screen() != self._actions_at:
                self._actions = []  # the human has decided since: the next choices once shown
        actions = self._actions
        key = (tuple(actions), scene.layout.size)
        if key == self._laid_for:
            return
        self._laid_for = key
        self.buttons = []
        if not actions:
            return
        area, layout = scene.layout.actions, scene.layout
        columns = 2 if len(actions) > 1 else 1
        rows = (len(actions) + columns - 1) // columns
        gap = layout.px(8)
        height = min(layout.px(44), (area.height - gap * (rows - 1)) // rows)
        width = (area.width - gap * (columns - 1)) // columns
        for index, action in enumerate(actions):
            row, column = divmod(index, columns)
            rect = pygame.Rect(
                area.left + column * (width + gap), area.top + row * (height + gap), width, height
            )
            button = Button(
                label=action.label,
                primary=action.primary,
                on_click=partial(scene.input.choose, action.command),
            )
            button.place(rect, layout.scale * (0.8 if len(actions) > 2 else 1.0))
            self.buttons.append(button)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A button acts even while the board moves."""
        return any(button.handle_event(event) for button in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)

    def button_for(self, command: Command) -> Button | None:
        """The button that submits `command`, as laid out now (None: not offered), whatever
        its label says in the player's language."""
        pairs = zip(self._actions, self.buttons, strict=False)
        return next((button for action, button in pairs if action.command == command), None)

    def ring(self, surface: pygame.Surface, command: Command, pulse: float) -> None:
        """A hinted (or taught) command on the strip: its button ringed in the glow colour."""
        button = self.button_for(command)
        if button is not None and self.scene.controller.may_act():
            draw_glow_frame(surface, button.rect, pulse, self.scene.layout.px)
