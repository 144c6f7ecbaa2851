"""The keyboard at the table, so that a game is played without a mouse: Tab and Shift+Tab walk
the focus over everything usable in reading order (the board's usable spots, then the action
strip, then the toolbar: hint, undo, redo, the log, pause), the arrow keys walk the board to
the nearest usable spot that way, Enter or Space uses what has the focus (as a click on it:
the same paths, the rules held for, an animation finished first), Page Up and Page Down
scroll the log, a game's own keys (`SpotScreen.keys`) make its commands, and ? or F1 opens
the keys' help (`keymap.py`). The focus ring shows once a key was used; a click hides it.
Whenever the focus moves, the app's speech says what it rests on."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import N_, _
from moonlight_desktop.ui import theme

from .game_ui import TableContext
from .keymap import TABLE_KEYS, KeyHelp
from .log_panel import hint_button, undo_buttons

if TYPE_CHECKING:
    from .scene import TableScene

ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
USE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
LOG_PAGE = 3
"""Mouse-wheel notches a Page Up or Page Down scrolls the log by."""
LOG_WORDS = N_("The game's log: Enter says its newest line; Page Up and Page Down scroll it")


@dataclass(frozen=True, slots=True, eq=False)
class Focusable:
    """Something the keyboard focus may rest on: where, what it is called, and using it."""

    rect: pygame.Rect
    name: str
    use: Callable[[], object]
    asks: bool = False
    """The table waits for it to be used (a lesson card's Next): the focus may land on it."""


def nearest_in_direction(
    rects: Sequence[pygame.Rect], origin: int, direction: tuple[int, int]
) -> int:
    """The index of the rect whose centre is nearest `rects[origin]`'s within the 90° cone
    of `direction` (an arrow: (1, 0) is right, (0, 1) down). With none that way, the focus
    wraps round: to the one farthest back on the same line (or the nearest line)."""
    ox, oy = rects[origin].center
    dx, dy = direction
    line = max(1, rects[origin].height if dx else rects[origin].width)
    ahead: list[tuple[float, int]] = []
    behind: list[tuple[int, int, int]] = []
    for index, rect in enumerate(rects):
        if index == origin:
            continue
        vx, vy = rect.centerx - ox, rect.centery - oy
        along, across = vx * dx + vy * dy, abs(vx * dy - vy * dx)
        if along > 0 and across <= along:
            ahead.append((math.hypot(vx, vy), index))
        behind.append((round(across / line), along, index))
    if ahead:
        return min(ahead)[1]
    return min(behind)[2] if behind else origin


def is_help_key(event: pygame.event.Event) -> bool:
    """? (however the keyboard types it) or F1."""
    if event.key == pygame.K_F1 or event.key == pygame.K_QUESTION:
        return True
    return getattr(event, "unicode", "") == "?" or (
        event.key == pygame.K_SLASH and bool(event.mod & pygame.KMOD_SHIFT)
    )


class TableKeys:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.shown = False
        """A key was used since the last click: the focus ring is drawn."""
        self.panel: int | None = None
        """The focus is off the board, on this control of the side panel (`panel_stops`);
        None: on the board, where the game's screen keeps it (`SpotScreen.focus`)."""
        self.landing = True
        """A command was made (or the game begins): the focus lands on the first choice of
        the next decision of the human at the screen, once it is asked."""
        self.steered = False
        """While the focus waited to land, the player moved it themselves."""
        self.helping = False
        """The keys' help is open over the table."""

    # What the focus may rest on ----------------------------------------------------------------

    def board_stops(self, table: TableContext) -> list[Focusable]:
        """The board's usable spots, in the game's reading order (none at a watched table)."""
        if not self.scene.input.offers_commands:
            return []
        ring = self.scene.screen.focus_ring(table)
        return [Focusable(spot.rect, spot.text, self.use_board) for spot in ring]

    def panel_stops(self) -> list[Focusable]:
        """The action strip's buttons, what the scene lays over the table (a lesson's card),
        then the toolbar's: hint, undo, redo, the log, pause."""
        scene = self.scene
        layout = scene.layout
        stops = [
            Focusable(button.rect, button.label, partial(self.choose, button.on_click))
            for button in scene.strip.buttons
            if button.enabled
        ]
        stops += scene.overlay_stops()
        if scene.hints is not None and scene.hints.offered:
            stops.append(Focusable(hint_button(layout), scene.hints.words(), scene.hints.ask))
        if scene.undo is not None:
            undo, redo = undo_buttons(layout)
            stops.append(Focusable(undo, scene.undo.undo_words(), scene.undo.take_back))
            stops.append(Focusable(redo, scene.undo.redo_words(), scene.undo.put_back))
        stops.append(Focusable(layout.log, _(LOG_WORDS), self._say_newest))
        stops.append(
            Focusable(layout.pause_button, _("Pause (Esc)"), partial(scene.router.pause, scene))
        )
        return stops

    def _index(self, board: list[Focusable], panel: list[Focusable]) -> int | None:
        """Where the focus is among `board + panel` (None: nowhere yet)."""
        if self.panel is not None and panel:
            return len(board) + min(self.panel, len(panel) - 1)
        focus = self.scene.screen.focus
        if self.panel is None and board and focus is not None:
            return min(focus, len(board) - 1)
        return None

    def focused(self, table: TableContext) -> Focusable | None:
        board, panel = self.board_stops(table), self.panel_stops()
        index = self._index(board, panel)
        return None if index is None else (board + panel)[index]

    def _go(self, index: int, board: list[Focusable], panel: list[Focusable]) -> None:
        """Puts the focus on `(board + panel)[index]`, shows it and says what it rests on."""
        if index < len(board):
            self.scene.screen.focus, self.panel = index, None
        else:
            self.panel = index - len(board)
        self.shown, self.steered = True, self.landing
        self.scene.app.speech.say((board + panel)[index].name)

    # Keys --------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, table: TableContext) -> bool:
        """The table's keys act (True: the key was the table's)."""
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if is_help_key(event):
            self.helping = True
            return True
        if key == pygame.K_TAB:
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1, table)
        elif key in ARROWS:
            self.arrow(ARROWS[key], table)
        elif key in USE_KEYS:
            self.use()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scene.chrome.log_view.scroll(LOG_PAGE if key == pygame.K_PAGEUP else -LOG_PAGE)
        elif any(help.key == key for help in self.scene.screen.keys):
            self.play(partial(self.scene.screen.key_command, key))
        else:
            return False
        return True

    def step(self, step: int, table: TableContext) -> None:
        """Tab (1) or Shift+Tab (-1): the next or previous stop, round and round."""
        if self._land(table):
            return
        board, panel = self.board_stops(table), self.panel_stops()
        index = self._index(board, panel)
        if index is None:
            index = 0 if step > 0 else len(board) + len(panel) - 1
        elif self.shown:  # else the first key only shows where the focus is
            index = (index + step) % (len(board) + len(panel))
        self._go(index, board, panel)

    def arrow(self, direction: tuple[int, int], table: TableContext) -> None:
        """The nearest usable spot on the board that way (from off the board: its first
        choice)."""
        board = self.board_stops(table)
        if not board or self._land(table):
            return
        index = self._index(board, [])
        if index is None:
            self.scene.screen.focus_first_choice(table)
            index = self._index(board, [])
        else:
            index = nearest_in_direction([stop.rect for stop in board], index, direction)
        if index is not None:
            self._go(index, board, [])

    def use(self) -> None:
        """Enter or Space: uses what has the focus, on the board as its animation ends (a
        first key only shows where the focus is). A control the player moved the focus to
        while the moves were shown acts, though ending them asks the player and so lands the
        focus elsewhere: Enter uses what the ring showed when it was pressed."""
        scene = self.scene
        by_hand = self.steered and self.shown and self.panel is not None
        steered = self.focused(scene.table) if by_hand else None
        scene.presenter.skip()
        if steered is not None:
            steered.use()
            return
        if self._land(scene.table):
            return
        here = self.focused(scene.table)
        if here is None:
            self.step(1, scene.table)
        elif not self.shown:
            self.shown = True
            scene.app.speech.say(here.name)
        else:
            here.use()

    # Using ------------------------------------------------------------------------------------

    def play(self, pick: Callable[[TableContext], Command | None]) -> None:
        """A command picked by key from the table as its animation ends (`pick`: from the
        focused spot, or a game's key), made as a click would be: after the rules, by the
        human at the screen only."""
        scene = self.scene
        if scene.input.hold_for_rules(partial(self.play, pick)):
            return
        if not scene.controller.may_act():
            return
        scene.presenter.skip()
        command = pick(scene.table)
        if command is not None:
            scene.input.submit(command)
            self.landing, self.steered = True, False

    def use_board(self) -> None:
        self.play(self._use_spot)

    def _use_spot(self, table: TableContext) -> Command | None:
        """The focused spot used: its command, or a piece picked up (`select`), after which
        the focus moves to what takes it when the choices changed (a card's cushions), or
        stays (a price raised)."""
        screen = self.scene.screen
        before = [spot.rect for spot in screen.focus_ring(table)]
        command = screen.use_focused(table)
        if command is not None:
            return command
        after = self.scene.table
        if [spot.rect for spot in screen.focus_ring(after)] != before:
            screen.focus_first_choice(after)
        here = screen.focused(after)
        if here is not None:
            self.scene.app.speech.say(here.text)
        return None

    def choose(self, click: Callable[[], object]) -> None:
        """A button used (the action strip's, a lesson card's): as clicked; the focus lands on
        the next choice."""
        click()
        self.landing, self.steered = True, False

    def _say_newest(self) -> None:
        log = self.scene.presenter.log
        if log:
            self.scene.app.speech.say(log[-1].text)

    def follow(self, table: TableContext) -> None:
        """Each frame, while the focus shows: after a command, it lands on the first choice of
        the human's next decision once it is asked."""
        if self.shown:
            self._land(table)

    def _land(self, table: TableContext) -> bool:
        """After a command (or at the start), the focus lands on the first choice of the next
        decision: on the board, or else on the action strip, or else on what the table waits
        for (a lesson card's Next); True when it did. What it lands on is said after what was
        said before it (a card's words, a log line): the table moved the focus, not the
        player."""
        scene = self.scene
        if not self.landing:
            return False
        board = self.board_stops(table) if table.legal() else []
        panel = self.panel_stops()
        waited = [n for n, stop in enumerate(panel) if stop.asks]
        if board:
            self.panel = None
            spot = scene.screen.focus_first_choice(table)
            name = spot.text if spot is not None else ""
        elif table.legal() and scene.strip.buttons:
            self.panel, name = 0, scene.strip.buttons[0].label
        elif waited:
            self.panel, name = waited[0], panel[waited[0]].name
        else:
            return False
        self.landing, self.shown, self.steered = False, True, False
        scene.app.speech.say(name, interrupt=False)
        return True

    # Drawing ----------------------------------------------------------------------------------

    def draw_focus(self, surface: pygame.Surface, table: TableContext) -> None:
        """The focus ring, once a key was used (not under a menu)."""
        scene = self.scene
        here = self.focused(table) if self.shown and scene.app.stack.top is scene else None
        if here is not None:
            theme.focus_ring(surface, here.rect, scene.layout.scale)

    def draw_help(self, surface: pygame.Surface) -> None:
        """The keys' help over everything, while open."""
        if self.helping:
            scene = self.scene
            keys = (*TABLE_KEYS, *scene.own_keys, *scene.screen.keys)
            draw_keys_help(surface, keys, self.scene.layout.scale)

    def handle_help(self, event: pygame.event.Event) -> bool:
        """While the help is open it takes every key and click: Esc, ?, F1, Enter or a click
        closes it."""
        if not self.helping:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN
            and (
                event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)
                or is_help_key(event)
            )
        ):
            self.helping = False
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def draw_keys_help(surface: pygame.Surface, keys: Sequence[KeyHelp], scale: float) -> None:
    """The keys' help: a card over the middle of the window, a key and what it does a line."""

    def px(size: float) -> int:
        return max(1, round(size * scale))

    def widths(size: int) -> tuple[int, int]:
        """The widest key and the widest deed at `size`."""
        key = max(theme.text_width(help.shown_keys, theme.BOLD_FONT, size) for help in keys)
        does = max(theme.text_width(help.shown_does, theme.BODY_FONT, size) for help in keys)
        return key, does

    # A long language (or a game's long line) shrinks the words, not the window's margin.
    size, line, room = px(17), px(28), surface.get_width() - px(40) - px(80)
    while size > theme.smallest_text(scale) and sum(widths(size)) > room:
        size -= 1
    key_width, does_width = widths(size)
    width = min(surface.get_width() - px(40), key_width + does_width + px(80))
    box = pygame.Rect(0, 0, width, line * len(keys) + px(96))
    box.center = surface.get_rect().center
    theme.panel(surface, box, alpha=245, border=theme.GOLD, width=px(3))
    theme.blit_text(
        surface,
        _("Keys"),
        theme.HEADING_FONT,
        px(28),
        theme.MOONLIGHT,
        "midtop",
        (box.centerx, box.top + px(14)),
    )
    left, top = box.left + px(30), box.top + px(60)
    for row, help in enumerate(keys):
        y = top + row * line
        theme.blit_text(
            surface, help.shown_keys, theme.BOLD_FONT, size, theme.GOLD, "topleft", (left, y)
        )
        where = (left + key_width + px(20), y)
        theme.blit_text(
            surface, help.shown_does, theme.BODY_FONT, size, theme.TEXT, "topleft", where
        )
    hint = _("Esc, Enter, ? or F1 closes this")
    theme.blit_text(
        surface,
        hint,
        theme.BODY_FONT,
        px(14),
        theme.SILVER,
        "midbottom",
        (box.centerx, box.bottom - px(10)),
    )
