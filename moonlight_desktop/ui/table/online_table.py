"""A game's table with friends at other computers: the same screen, animations, log, hints and
rules as at one computer, run by the game server (`OnlineController`).

What the kit adds round it here: the connection, always visible and never scary (a dot for each
seat's player, here or away, and one line when this app has lost the server, which it finds
again by itself); the preset table messages (a speech button by the log's toolbar, the
phrases said in bubbles by the seat rows, muted with one click); and undo as the server allows
it (only one's own last move, while no other person has acted).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import pygame

from moonlight_desktop.engine import Bot, Match
from moonlight_desktop.engine.undo import NoUndo, UndoGuard
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.i18n import N_, _
from moonlight_desktop.net.link import Arrived, Link
from moonlight_desktop.net.protocol import PHRASES, HandToBot, Phrase, Said, Say, TableState
from moonlight_desktop.net.protocol import Refused as RefusedMessage
from moonlight_desktop.net.remote import RemoteMatch
from moonlight_desktop.net.room import TOO_LATE
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.widgets import draw_tooltip

from .controller import Played, Refusal
from .game_ui import GameUI
from .keymap import TALK_KEY
from .log_panel import hint_button
from .online_controller import NOT_CONNECTED, OnlineController
from .presenter import LogLine
from .scene import Router, TableScene
from .setup import level_name
from .table_keys import Focusable
from .table_undo import TableUndo

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

PHRASE_WORDS: dict[str, str] = {
    "hello": N_("Hello!"),
    "good_luck": N_("Good luck!"),
    "one_moment": N_("One moment, please"),
    "your_turn": N_("Your turn!"),
    "well_played": N_("Well played!"),
    "good_game": N_("Good game!"),
    "thanks": N_("Thank you!"),
    "sorry": N_("Sorry!"),
}
"""The table messages, in words (the server relays only their keys: no free chat), translated
where shown: each player reads them in their own language."""
BUBBLE_SECONDS = 4.0
BOT_LEVELS = ("easy", "normal", "hard")
NOT_CONNECTED_NOW = N_("Not connected to the game server: try again in a moment")
TALK_WORDS = N_("Table messages (T): say a phrase to the table, or mute them")
MENU_STEPS = {pygame.K_UP: -1, pygame.K_LEFT: -1, pygame.K_DOWN: 1, pygame.K_RIGHT: 1}
"""The arrows in an open menu: to the item before or after."""
MUTE_LABEL = N_("Mute table messages")
UNMUTE_LABEL = N_("Show table messages")


@dataclass(frozen=True, slots=True)
class MenuItem:
    label: str
    act: Callable[[], None]


@dataclass(frozen=True, slots=True)
class Menu:
    """A small menu over the table: its items in a column under `anchor`."""

    anchor: pygame.Rect
    items: list[MenuItem]


@dataclass(frozen=True, slots=True)
class Bubble:
    seat: int
    phrase: str
    """The phrase's key (`PHRASE_WORDS`)."""
    until: float
    """time.monotonic() when it goes."""

    @property
    def words(self) -> str:
        """The phrase in the language of the one who reads it."""
        return _(PHRASE_WORDS[self.phrase])


class OnlineUndo(TableUndo):
    """Undo at an online table: asked of the server, which takes the move back for everyone
    and tells the table afresh. A move taken back is made again by playing it: no redo."""

    def take_back(self) -> None:
        scene = self.scene
        if scene.input.after_the_rules(self.take_back):
            return
        state = scene.controller.undo_state()
        if isinstance(state, NoUndo):
            scene.show_message(state.reason)
        elif not cast(OnlineController, scene.controller).take_back():
            scene.show_message(_(NOT_CONNECTED))

    def redo_state(self) -> str | None:
        return _("Online, a move taken back is made again by playing it")

    def put_back(self) -> None:
        self.scene.show_message(self.redo_state() or "")


class OnlineTable(TableScene):
    own_keys = (TALK_KEY,)

    def __init__(
        self,
        app: App,
        ui: GameUI[Any],
        link: Link,
        table: TableState,
        router: Router,
        hints: bool = True,
    ) -> None:
        """The table `table` tells of (RecordError when it is not of `ui`'s game)."""
        self.link = link
        self.room = table.room
        self.remote = RemoteMatch(
            game_spec(table.game), table.room, table.options, table.seats, table.seat, table.opening
        )
        self._first = Arrived(table, time.monotonic())
        self.bubbles: list[Bubble] = []
        self.menu: Menu | None = None
        self.menu_focus: int | None = None
        """The open menu's item the keyboard's focus rests on (None: opened by a click)."""
        self.muted = False
        match = cast(Match[Any], self.remote)  # asked only what a seat may know (RemoteMatch)
        notes = TableNotes(hints=hints, seed=self.remote.record.seed)
        super().__init__(app, ui, match, {}, router, lambda match: None, notes, undo=OnlineUndo)
        app.online.listen(link.url, self.room, self._hear)

    @property
    def online(self) -> OnlineController:
        return cast(OnlineController, self.controller)

    def make_controller(
        self, match: Match[Any], bots: dict[int, Bot], watching: bool, guard: UndoGuard | None
    ) -> OnlineController:
        return OnlineController(
            self.remote,
            self._first,
            self.link.send,
            conclude=self.ui.standings,
            run_rules=self.app.run_rules,
            round_trip=lambda: self.link.round_trip,
            ask_afresh=lambda: self.link.resume(self.room),
        )

    def history(self, match: Match[Any]) -> list[Played]:
        return self.online.history

    # What the server says ---------------------------------------------------------------------

    def _hear(self, url: str, arrived: Arrived) -> None:
        message = arrived.message
        if isinstance(message, Said):
            self._said(message.seat, message.phrase)
        else:
            self.controller_hears(arrived)

    def controller_hears(self, arrived: Arrived) -> None:
        self.online.hear(arrived)
        self.app.ambient.stir()

    def hear_online(self, url: str, arrived: Arrived) -> None:
        """What the server said that named no room, while this table is on top: a refusal
        of this table's last request."""
        if url == self.link.url and isinstance(arrived.message, RefusedMessage):
            self.controller_hears(arrived)

    def _said(self, seat: int, phrase: str) -> None:
        if phrase not in PHRASE_WORDS or self.muted:
            return
        now = time.monotonic()
        self.bubbles = [b for b in self.bubbles if b.seat != seat and b.until > now]
        self.bubbles.append(Bubble(seat, phrase, now + BUBBLE_SECONDS))
        self.app.play_sound("tick")

    def refused(self, refusal: Refusal) -> None:
        """Says why; a move that came too late (another's reached the server first) is also
        kept in the log, for everyone to read why it did not count (docs/RULINGS.md, SP10)."""
        super().refused(refusal)
        if refusal.rule == _(TOO_LATE):
            line = _(
                "Your move reached the game server after the table had moved on: it did not count"
            )
            self.presenter.note(LogLine(line, refusal.seat, "info"))

    def say(self, phrase: Phrase) -> None:
        if not self.link.send(Say(self.room, phrase)):
            self.show_message(_(NOT_CONNECTED_NOW))

    # Scene life -------------------------------------------------------------------------------

    def on_exit(self) -> None:
        self.app.online.stop_listening(self.link.url, self.room)
        super().on_exit()

    def next_frame_in(self) -> float | None:
        """The table's, and when a bubble goes."""
        now = time.monotonic()
        waits = [bubble.until - now for bubble in self.bubbles if bubble.until > now]
        wait = super().next_frame_in()
        return min([*waits, wait]) if wait is not None else min(waits, default=None)

    # Input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            menu, self.menu = self.menu, None
            if menu is not None:
                for rect, item in self.menu_rects(menu):
                    if rect.collidepoint(event.pos):
                        item.act()
                        return True
            if say_button(self.layout).collidepoint(event.pos):
                self.menu = None if menu is not None else self.phrase_menu()
                self.menu_focus = None
                return True
            shown = [b for b in self.bubbles if b.seat < len(self.layout.seats)]
            if any(self.bubble_rect(bubble).collidepoint(event.pos) for bubble in shown):
                self.toggle_mute()  # one click on what was said mutes what is said
                return True
            for seat, rect in enumerate(self.layout.seats):
                items = self.seat_menu(seat)
                if items and self.presence_dot(rect).inflate(12, 12).collidepoint(event.pos):
                    self.menu, self.menu_focus = items, None
                    return True
        if event.type == pygame.KEYDOWN and self.menu is not None:
            self._menu_key(event, self.menu)
            return True
        if event.type == pygame.KEYDOWN and event.key == TALK_KEY.key and not self.keys.helping:
            self.talk_by_keys()
            return True
        return super().handle_event(event)

    def open_by_keys(self, menu: Menu) -> None:
        """A menu opened by a key: the focus on its first item, said aloud."""
        self.menu, self.menu_focus = menu, 0
        self.app.speech.say(menu.items[0].label)

    def _menu_key(self, event: pygame.event.Event, menu: Menu) -> None:
        """While a menu is open it takes every key: the arrows and Tab move the focus round
        its items, Enter or Space picks one, Esc (or T again) closes it."""
        key, items = event.key, menu.items
        if key in (pygame.K_ESCAPE, TALK_KEY.key):
            self.menu = None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.menu = None
            items[self.menu_focus or 0].act()
        elif key in MENU_STEPS or key == pygame.K_TAB:
            step = MENU_STEPS.get(key, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            self.menu_focus = (
                0 if self.menu_focus is None else (self.menu_focus + step) % len(items)
            )
            self.app.speech.say(items[self.menu_focus].label)

    def overlay_stops(self) -> list[Focusable]:
        """For the keyboard: the host's seat menus (at an away friend's presence dot), then
        the table messages' button."""
        stops = []
        for seat in range(len(self.layout.seats)):
            menu = self.seat_menu(seat)
            if menu is not None:
                words = self.presence_words(seat)
                stops.append(Focusable(menu.anchor, words, partial(self.open_by_keys, menu)))
        stops.append(Focusable(say_button(self.layout), _(TALK_WORDS), self.talk_by_keys))
        return stops

    def talk_by_keys(self) -> None:
        self.open_by_keys(self.phrase_menu())

    def phrase_menu(self) -> Menu:
        """The table messages, and muting them."""
        items = [MenuItem(_(PHRASE_WORDS[phrase]), partial(self.say, phrase)) for phrase in PHRASES]
        items.append(MenuItem(_(UNMUTE_LABEL if self.muted else MUTE_LABEL), self.toggle_mute))
        return Menu(say_button(self.layout), items)

    def seat_menu(self, seat: int) -> Menu | None:
        """For the host: a friend's seat whose player is away may be played by a bot, and
        given back (the server allows it only while they are away)."""
        online, seats = self.online, self.online.seats
        if online.viewer != online.host or seat >= len(seats) or seat == online.viewer:
            return None
        info = seats[seat]
        if info.kind != "person" or not info.taken or info.here:
            return None
        anchor = self.presence_dot(self.layout.seats[seat])
        if info.level is not None:
            # Translators: {name} is an away player's name; the host keeps their seat free.
            keep = _("Keep {name}'s seat for them").format(name=info.name)
            back = MenuItem(keep, partial(self.hand, seat, None))
            return Menu(anchor, [back])
        return Menu(
            anchor,
            [
                MenuItem(
                    # Translators: {level} is a bot's level (Easy, Normal, Hard).
                    _("Let a bot play for {name} ({level})").format(
                        name=info.name, level=level_name(level)
                    ),
                    partial(self.hand, seat, level),
                )
                for level in BOT_LEVELS
            ],
        )

    def hand(self, seat: int, level: str | None) -> None:
        if not self.link.send(HandToBot(self.room, seat, level)):
            self.show_message(_(NOT_CONNECTED_NOW))

    def toggle_mute(self) -> None:
        self.muted = not self.muted
        self.bubbles.clear()

    def menu_rects(self, menu: Menu) -> list[tuple[pygame.Rect, MenuItem]]:
        """The menu's items, a column under its anchor, inside the window."""
        layout = self.layout
        width = layout.px(260)
        height = layout.px(26)
        left = max(layout.px(4), min(menu.anchor.right - width, self.app.size[0] - width - 4))
        top = menu.anchor.bottom + layout.px(4)
        top = min(top, self.app.size[1] - height * len(menu.items) - layout.px(8))
        return [
            (pygame.Rect(left, top + n * height, width, height), item)
            for n, item in enumerate(menu.items)
        ]

    # Drawing ----------------------------------------------------------------------------------

    def draw_overlay(self, surface: pygame.Surface, table: Any) -> None:
        layout = self.layout
        for seat, rect in enumerate(layout.seats):
            self._draw_presence(surface, seat, rect)
        self._draw_say_button(surface)
        now = time.monotonic()
        for bubble in self.bubbles:
            if bubble.until > now and bubble.seat < len(layout.seats):
                self._draw_bubble(surface, bubble)
        if not self.link.online:
            self._draw_connection(surface)
        if self.menu is not None:
            self._draw_menu(surface, self.menu)

    def _draw_presence(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """A small dot at the row's top right: bright while the seat's player is here, hollow
        while away; none for a bot."""
        seats = self.online.seats
        if seat >= len(seats) or seats[seat].kind != "person":
            return
        info, dot = seats[seat], self.presence_dot(rect)
        here = info.here and info.taken
        color = theme.GLOW if here else theme.SILVER
        radius = dot.width // 2
        pygame.draw.circle(surface, color, dot.center, radius, 0 if here else max(1, radius // 2))
        if dot.inflate(12, 12).collidepoint(self.mouse) and self.menu is None:
            draw_tooltip(surface, self.presence_words(seat), dot, self.layout.px)

    def _draw_say_button(self, surface: pygame.Surface) -> None:
        rect, layout = say_button(self.layout), self.layout
        hovered = rect.collidepoint(self.mouse)
        fill = theme.MUTED if hovered else theme.PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=rect.width // 3)
        ink = theme.MOONLIGHT if not self.muted else theme.MUTED
        bubble = rect.inflate(-rect.width // 3, -rect.height // 2).move(0, -layout.px(1))
        pygame.draw.ellipse(surface, ink, bubble, max(1, layout.px(2)))
        tail = (bubble.left + bubble.width // 3, bubble.bottom - layout.px(1))
        pygame.draw.line(
            surface, ink, tail, (tail[0] - layout.px(3), tail[1] + layout.px(4)), layout.px(2)
        )

    def bubble_rect(self, bubble: Bubble) -> pygame.Rect:
        """A said phrase's bubble, left of its seat's row."""
        layout = self.layout
        row = layout.seats[bubble.seat]
        width = theme.text_width(bubble.words, theme.BOLD_FONT, layout.px(16))
        width += layout.px(20)
        rect = pygame.Rect(0, 0, width, layout.px(28))
        rect.midright = (row.left - layout.px(8), row.centery)
        return rect

    def _draw_bubble(self, surface: pygame.Surface, bubble: Bubble) -> None:
        rect, layout = self.bubble_rect(bubble), self.layout
        theme.panel(surface, rect, border=theme.GOLD, width=layout.px(2))
        theme.blit_text(
            surface,
            bubble.words,
            theme.BOLD_FONT,
            layout.px(16),
            theme.TEXT,
            "center",
            rect.center,
        )
        if rect.collidepoint(self.mouse):
            draw_tooltip(surface, _("Click to mute table messages"), rect, layout.px)

    def _draw_connection(self, surface: pygame.Surface) -> None:
        """One line over the board: the table stays; this app finds the server again."""
        layout, link = self.layout, self.link
        words = _("Reconnecting to the game server…")
        if link.state == "refused":
            words = link.problem
        size = layout.px(17)
        width = theme.text_width(words, theme.BOLD_FONT, size) + layout.px(28)
        rect = pygame.Rect(0, 0, min(width, layout.board.width), layout.px(32))
        rect.midtop = (layout.board.centerx, layout.board.top + layout.px(6))
        theme.panel(surface, rect, border=theme.PANEL_BORDER, width=layout.px(2))
        theme.blit_text(
            surface, words, theme.BOLD_FONT, size, theme.MOONLIGHT, "center", rect.center
        )

    def _draw_menu(self, surface: pygame.Surface, menu: Menu) -> None:
        layout = self.layout
        rects = self.menu_rects(menu)
        outline = rects[0][0].unionall([rect for rect, _ in rects])
        theme.panel(surface, outline.inflate(layout.px(8), layout.px(8)), border=theme.GOLD)
        for n, (rect, item) in enumerate(rects):
            if rect.collidepoint(self.mouse) or n == self.menu_focus:
                pygame.draw.rect(surface, theme.MUTED, rect, border_radius=layout.px(4))
            if n == self.menu_focus:
                theme.focus_ring(surface, rect, layout.scale, radius=layout.px(4))
            words, size = theme.fit(
                item.label, theme.BODY_FONT, layout.px(16), rect.width - layout.px(16)
            )
            theme.blit_text(
                surface,
                words,
                theme.BODY_FONT,
                size,
                theme.TEXT,
                "midleft",
                (rect.left + layout.px(10), rect.centery),
            )

    def presence_dot(self, row: pygame.Rect) -> pygame.Rect:
        """Where a seat row's presence dot is: its top right corner."""
        layout = self.layout
        radius = max(3, layout.px(5))
        dot = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        dot.center = (row.right - layout.px(10), row.top + layout.px(10))
        return dot

    def presence_words(self, seat: int) -> str:
        info = self.online.seats[seat]
        name = info.name
        if info.level is not None:
            # Translators: {level} is a bot's level (Easy, Normal, Hard), {name} a player's name.
            words = _("A {level} bot plays for {name}, who is away")
            return words.format(level=level_name(info.level), name=name)
        if not info.taken:
            # Translators: {name} is the name the seat was given at the setup.
            return _("Nobody has sat down here yet: {name}'s seat waits").format(name=name)
        if info.here:
            return _("{name} is here").format(name=name)
        if self.seat_menu(seat):
            return _("{name} is away: you may let a bot play for them").format(name=name)
        return _("{name} is away").format(name=name)


def say_button(layout: Any) -> pygame.Rect:
    """The table messages' button, left of the hint button in the log's toolbar."""
    hint = hint_button(layout)
    return hint.move(-hint.width - layout.px(6), 0)
