"""Input at the table: events routed to the part they concern (Esc and the pause button, undo,
hints, the action strip, the log's scrolling), a press on the board turned into a command by
the game's screen, and presses made while the board moves or while a command is with the rules.

A click on a control acts at once, even while the board moves: the buttons, and a choice on
the board (finishing the animation first, so a command acts on the table as shown and nothing
is shown out of order; a click while another seat's command is with the rules waits the frame
until it is back). Only a click on nothing, or Space, hurries an animation along; Esc pauses.
The keyboard's focus, Enter and the table's other keys are `TableKeys`'. A watched table
(`WatchedInput`, a replay) offers no commands."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.engine import Command

from .game_ui import TableContext

if TYPE_CHECKING:
    from .scene import TableScene


class TableInput:
    offers_commands = True
    """The human at the screen plays (False: the table is only watched)."""

    def __init__(
        self, scene: TableScene, submit: Callable[[Command], object] | None = None
    ) -> None:
        """`submit`: where the human's commands go (by default the controller; a lesson plays
        only the taught one)."""
        self.scene = scene
        self._submit = submit
        self._held: list[Callable[[], object]] = []
        """Clicks made while a command was with the rules, heard once it is back."""

    def submit(self, command: Command) -> None:
        if self._submit is None:
            self.scene.controller.submit(command)
        else:
            self._submit(command)

    def handle_event(self, event: pygame.event.Event, table: TableContext) -> bool:
        """`table`: the snapshot this input is answered from."""
        scene = self.scene
        if scene.keys.handle_help(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            scene.keys.shown = False  # the mouse is in use: no focus ring
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.router.pause(scene)
            return True
        if scene.speech.handle_event(event, table):
            return True
        if scene.undo is not None and scene.undo.rebuilding:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)  # nothing to act on
        if scene.undo is not None and scene.undo.handle_event(event):
            return True
        if scene.hints is not None and scene.hints.handle_event(event):
            return True
        busy = scene.presenter.busy
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and busy:
            scene.presenter.skip()
            return True
        if scene.keys.handle_event(event, table):
            return True
        if event.type == pygame.MOUSEMOTION:
            scene.mouse = event.pos
        if event.type == pygame.MOUSEWHEEL and scene.layout.log.collidepoint(scene.mouse):
            scene.chrome.log_view.scroll(event.y)
            return True
        press = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if press and scene.layout.pause_button.collidepoint(event.pos):
            scene.router.pause(scene)
            return True
        if scene.strip.handle_event(event):
            return True
        clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
        if clicked and self.board_click(event, table):
            return True
        if press and scene.presenter.busy:
            scene.presenter.skip()  # a click on nothing hurries the animation along
            return True
        return False

    def choose(self, command: Command) -> None:
        """A choice of the action strip, clicked: made at once, on the board as its animation
        ends (finished first, so nothing is shown out of order). A choice the settled table no
        longer offers is not made: the strip then shows the ones it does."""
        scene = self.scene
        if self.hold_for_rules(partial(self.choose, command)):
            return
        if scene.presenter.busy:
            scene.presenter.skip()
            if command not in scene.controller.legal():
                return
        self.submit(command)

    def board_click(self, event: pygame.event.Event, table: TableContext) -> bool:
        """A press (or a drop) on the board: the command of what it points at, for the human
        at the screen. A press while the board moves points at what is drawn now; if that is
        one of their choices, the animation is finished and the command made, else the press
        was on nothing. True when the click meant a command (or waits for the rules)."""
        scene = self.scene
        press = event.type == pygame.MOUSEBUTTONDOWN
        if press and self.hold_for_rules(lambda: self.board_click(event, scene.table)):
            return True  # answered from the table the rules bring back
        controller = scene.controller
        midway = not table.idle
        if not controller.may_act() or (midway and not press):
            return False  # a drop is placed on a settled board (its press finished the moving)
        table.midway = midway
        if press:
            command = scene.screen.command_at(event.pos, table)
        else:
            command = scene.screen.dropped_at(event.pos, table)
        if command is None:
            return False
        if midway:
            if command not in controller.legal():
                return False  # not a choice: the click only hurries the animation along
            scene.presenter.skip()
        self.submit(command)
        return True

    # Clicks while a command is with the rules --------------------------------------------------

    def after_the_rules(self, act: Callable[[], object]) -> bool:
        """While a command is with the rules, a click (`act`) waits for it, to be heard on the
        table it brings back (within a frame: a command is quick). True when held."""
        if self.scene.controller.applying:
            self._held.append(act)
            return True
        return False

    def hold_for_rules(self, act: Callable[[], object]) -> bool:
        """`after_the_rules` for a choice: only while the human at the screen decides
        meanwhile (another seat's command is with the rules, not their own)."""
        return self.scene.controller.deciding() and self.after_the_rules(act)

    def hear_held(self) -> None:
        """The clicks held for the rules, once they are back, in the order they came."""
        if self.scene.controller.applying:
            return
        held, self._held = self._held, []
        for act in held:
            act()

    def forget_held(self) -> None:
        """The clicks held were on a table that was: the one set afresh hears none."""
        self._held = []


class WatchedInput(TableInput):
    """Input at a table only watched (a replay): nobody is asked, no press means a command."""

    offers_commands = False

    def board_click(self, event: pygame.event.Event, table: TableContext) -> bool:
        return False
