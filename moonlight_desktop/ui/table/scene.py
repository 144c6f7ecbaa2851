"""The table scene: any game's screen on the shared table. The board on the left, the side
panel on the right (header, action strip, seat rows, the game's strip, the whole game's log),
laid out from the window size.

Each frame it advances the presenter, then the controller (which changes the game only while
nothing animates) and plays the controller's requests: commands' events become animations,
hand-offs and game over go to the router (the scenes layer), refusals become a message.

The scene composes parts with one job each: `TableInput` (events to commands, presses while
the board moves), `TableUndo` (taking back and putting back), `TableHints` (the hint worker,
the shown hint and its card), `ActionStrip` (the game's choices as buttons), `TableChrome`
(header, log and its card, tooltips, banner, messages), `TableKeys` (the keyboard's focus,
its ring and the keys' help) and `TableSpeech` (the table aloud, when the game is spoken). A
lesson and a replay are tables made of other parts (`lesson.py`, `scenes/replay.py`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from moonlight_desktop.engine import Bot, Command, Match
from moonlight_desktop.engine.ismcts import Searching
from moonlight_desktop.engine.timing import Timeout
from moonlight_desktop.engine.undo import UndoGuard
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.locks import Claim
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.widgets import Button

from .action_strip import ActionStrip
from .chrome import TableChrome
from .controller import (
    GameOver,
    HandOff,
    Played,
    Refusal,
    Seated,
    TableController,
    replay_log,
)
from .fade import MoveFade
from .game_ui import GameScreen, GameUI, Standings, TableContext
from .glow import glow_pulse
from .header import Header, header_for
from .keymap import KeyHelp
from .layout import MIN_LOG_HEIGHT, TableLayout
from .log_panel import LOG_TOOLBAR, LogCard, log_card_height
from .online_controller import OnlineController, Resat
from .table_hints import TableHints
from .table_input import TableInput
from .table_keys import Focusable, TableKeys
from .table_speech import TableSpeech
from .table_undo import TableUndo

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

log = logging.getLogger(__name__)

BOT_PAUSE = 0.6
"""Seconds of table time a bot waits before acting, at the normal animation speed."""


class Router(Protocol):
    """Where the table sends the players: the scenes layer implements it."""

    def pause(self, table: TableScene) -> None: ...

    def hand_off(self, table: TableScene, seat: int, on_ready: Callable[[], None]) -> None: ...

    def game_over(self, table: TableScene, standings: Standings) -> None: ...


class TableScene(Scene):
    own_keys: tuple[KeyHelp, ...] = ()
    """The keys of this kind of table (an online table's T), listed in the keys' help after
    the shared ones."""

    def __init__(
        self,
        app: App,
        ui: GameUI[Any],
        match: Match[Any],
        bots: dict[int, Bot],
        router: Router,
        autosave: Callable[[Match[Any]], None],
        notes: TableNotes | None = None,
        *,
        table_input: Callable[[TableScene], TableInput] = TableInput,
        undo: Callable[[TableScene], TableUndo] | None = TableUndo,
        hints: Callable[[TableScene], TableHints] | None = TableHints,
        strip: Callable[[TableScene], ActionStrip] = ActionStrip,
    ) -> None:
        """RecordError or OptionsError when the game's screen cannot show this match.
        `notes`: whether hints are on at this table and how many each seat asked for (kept
        with the game by the scenes layer; hints on, none used, when not given). The parts:
        how input is heard, taking moves back and hints (None: the table has none), the
        action strip."""
        super().__init__(app)
        self.ui = ui
        self.notes = notes if notes is not None else TableNotes(seed=match.record.seed)
        self.router = router
        self._autosave = autosave
        self.names = tuple(seat.name for seat in match.seats)
        self.looks = tuple(seat.look or "" for seat in match.seats)
        self.mouse = (0, 0)
        self.glow_time = 0.0
        """The table's ambient clock (choices and hints pulse by it): it runs only while the
        table is on top, at the app's ambient pace."""
        self.move_fade = MoveFade()
        """Under reduced motion, each move fades in where it goes."""
        self.claim: Claim | None = None
        """This copy of the app's claim on the game it saves (taken by the scenes layer before
        the table opens), let go when the table is left."""
        self.input = table_input(self)
        self.undo = None if undo is None else undo(self)
        self.hints = None if hints is None else hints(self)
        self.strip = strip(self)
        self.chrome = TableChrome(self)
        self.keys = TableKeys(self)
        self.speech = TableSpeech(self)
        self.sit(match, bots)

    def sit(
        self,
        match: Match[Any],
        bots: dict[int, Bot],
        viewer: int | None = None,
        history: list[Played] | None = None,
        guard: UndoGuard | None = None,
    ) -> None:
        """Sets the table for `match` as it stands, without animating (a new or resumed game,
        a game taken back, a replay's jump). `viewer`: whose things the screen shows: the
        human already at the screen (who took a move back or put it back), or when only
        watching (a replay) the spectator's choice; `history`: the log's entries as
        `replay_log` makes them, when already made; `guard`: the match's undo guard, when
        already made. RecordError or OptionsError when the game's screen cannot show it."""
        ui, watching = self.ui, not self.input.offers_commands
        self.match = match
        self.controller = self.make_controller(match, bots, watching, guard)
        if any(isinstance(bot, Searching) for bot in bots.values()):
            self.app.search.warm()
        if watching or viewer is not None:
            self.controller.viewer = viewer
        self.screen: GameScreen[Any] = ui.screen(match, self.controller.viewer, self.app.play_sound)
        self.presenter = self.screen.presenter
        self.presenter.restore_log(history if history is not None else self.history(match))
        self.layout = self.lay_out(self.app.size)
        self.screen.relayout(self.layout)
        self.strip.forget()
        self.input.forget_held()  # clicks on the table that was: this one is set afresh
        self.keys.landing = True  # the focus lands on the next choice of the table set afresh

    def make_controller(
        self, match: Match[Any], bots: dict[int, Bot], watching: bool, guard: UndoGuard | None
    ) -> TableController | OnlineController:
        """What runs the game at this table: here, the rules and bots on this computer."""
        return TableController(
            match,
            bots,
            self._think,
            private_seats=self.ui.private_seats(match),
            timeout=self.timeout_rule,
            autosave=self._autosave,
            run_rules=self.app.run_rules,
            conclude=self.ui.standings,
            watching=watching,
            undo_guard=guard,
            bot_budget=self.app.settings.bot_thinking,
            search=self.app.search_in_process,
        )

    def history(self, match: Match[Any]) -> list[Played]:
        """The log's entries of a game set at the table as it stands."""
        return replay_log(match, None)

    def timeout_rule(self, match: Match[Any], seat: int) -> Timeout | None:
        """A seat's timed decision here: the game's (a lesson has none)."""
        return game_spec(match.record.game).timeout(match, seat)

    def holding(self) -> bool:
        """Nothing changes the game while True, even when nothing animates (a lesson's card
        waits to be read)."""
        return False

    def _think(self, work: Callable[[], Command]) -> Future[Command]:
        return self.app.run_in_background(work)

    @property
    def table(self) -> TableContext:
        """A snapshot of the table for the game's screen: made once per frame and per input,
        and that one handed to every call of it."""
        return TableContext(
            self.controller,
            self.presenter,
            self.names,
            self.looks,
            self.layout,
            waiting=tuple(self.screen.waiting(self.presenter.shown)),
            glow_time=self.glow_time,
        )

    def turn_at_screen(self) -> tuple[int, int, int | None]:
        """Where the game is for the human at the screen: this match (an undo or a redo sets
        another), the seat at the screen (a hand-off changes it) and how many moves that seat
        has made. What a hint is for, and what the action strip's choices were offered in."""
        viewer = self.controller.viewer
        own = sum(1 for move in self.match.record.moves if move.seat == viewer)
        return (id(self.match), own, viewer)

    # Scene life ------------------------------------------------------------------------------

    def lay_out(self, size: tuple[int, int]) -> TableLayout:
        screen = self.screen
        self._laid_for = self.log_least()
        return TableLayout.for_window(
            size,
            screen.rows,
            screen.board_aspect,
            screen.extra_height,
            self._laid_for,
            self.under_board,
        )

    _laid_for = 0.0

    under_board = 0.0
    """Design pixels kept free under the board (a replay's progress bar)."""

    def log_least(self) -> float:
        """The design height the log keeps at least (the seat rows shrink for it): room for
        the hint's card, words whole, while a hint is shown."""
        card = self.log_card()
        if card is None:
            return MIN_LOG_HEIGHT
        return max(MIN_LOG_HEIGHT, LOG_TOOLBAR + log_card_height(card))

    def log_card(self) -> LogCard | None:
        """The card over the top of the log: the hint's reason, while a hint is shown."""
        return None if self.hints is None else self.hints.card()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = self.lay_out(size)
        self.screen.relayout(self.layout)
        self.strip.forget()

    def in_language(self) -> TableScene:
        """The same table: its log worded again and its buttons labelled anew."""
        self.presenter.retell()
        self.strip.forget()
        return self

    def on_enter(self) -> None:
        self.controller.save()  # a new game is there to continue even before its first move

    def on_resume(self) -> None:
        """Back on top (after a hand-off, the pause menu, the rules): a move next fades from
        nothing shown before the table was hidden, which may have been another seat's."""
        self.move_fade.forget()

    def on_exit(self) -> None:
        """Leaving the table (home, a failure, the window closing) saves it with the command
        the rules may be applying. Never raises: this runs on the way back to safety too."""
        try:
            self.controller.save()
        except Exception:
            log.exception("the table could not be saved on leaving; its last autosave stands")
        if self.claim is not None:
            self.claim.release()

    def animation_speed(self) -> float:
        return self.app.settings.animation_speed

    @property
    def buttons(self) -> list[Button]:
        """The action strip's buttons, as laid out now."""
        return self.strip.buttons

    @property
    def message(self) -> str:
        """The table's message, while it is shown and after."""
        return self.chrome.message

    def show_message(self, text: str) -> None:
        self.chrome.show_message(text)

    # Frames ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.glow_time += self.app.ambient.pace(dt)
        if self.standing_still():
            return
        if self.undo is not None and self.undo.rebuilding:
            self.undo.finish_rebuilding()
            return  # nothing plays on the table being set again
        speed = self.animation_speed()
        # Bots pause before acting so players can follow, as long as the animations last.
        self.controller.bot_pause = 0.0 if speed <= 0 else BOT_PAUSE / speed
        self.presenter.update(dt, speed, self.app.settings.reduce_motion)
        self.move_fade.follow(self.presenter.timeline, dt)
        if self.presenter.busy:
            self.app.ambient.stir()  # what is offered next glows a while, as after input
        self._take_requests()  # a click's command first, so the table is not idle before it
        self.controller.update(dt, idle=self._idle())
        self._take_requests()
        self.input.hear_held()
        if self.hints is not None:
            self.hints.follow()
        if self.log_least() != self._laid_for:  # a hint came or went: room for its card
            self.on_resize(self.app.size)
        table = self.table
        self.strip.refresh(table)
        self.follow_overlay()
        self.speech.follow(table)
        self.keys.follow(table)

    def next_frame_in(self) -> float | None:
        """Every frame while anything moves: an animation, a bot thinking or about to act, a
        live countdown, work back from a thread to take, and the glow of choices and hints
        while the ambient motion plays. Otherwise the table waits for the player (or for a
        thread, whose end wakes the window), drawing again only when its message goes. Under
        a menu (not updated) only the message changes."""
        message = self.chrome.message_left()
        if self.app.stack.top is not self or self.standing_still():
            return message
        if self.presenter.busy or self.move_fade.fading or self.app.ambient.running:
            return 0.0
        if self.undo is not None and self.undo.rebuilding:
            return 0.0 if self.undo.rebuilt_ready() else message
        if self.hints is not None and self.hints.worked_out():
            return 0.0
        return message if self.controller.waits(self._idle()) else 0.0

    def standing_still(self) -> bool:
        """The keys' help is open at a table of this computer: it stops the table as the pause
        menu does (a live countdown too: reading the keys costs no time). An online table's
        clock is the server's and goes on."""
        return self.keys.helping and not isinstance(self.controller, OnlineController)

    def _idle(self) -> bool:
        """Nothing animates and nothing holds the game: the controller may change it."""
        return not self.presenter.busy and not self.holding()

    def _take_requests(self) -> None:
        while self.controller.requests:
            request = self.controller.requests.popleft()
            if isinstance(request, Played):
                self.presenter.present(request)
            elif isinstance(request, Seated):
                self.presenter.reseat(request.view)
                # What the last player left at the screen goes with them: a message (a refusal
                # may tell what they hold), what they took back (theirs to put back: the next
                # player would learn from redo's tooltip that they took a move back), and the
                # glow's phase (it would tell when they last touched the controls).
                self.chrome.forget_message()
                if self.undo is not None:
                    self.undo.forget()
                self.glow_time = 0.0
            elif isinstance(request, HandOff):
                self.router.hand_off(
                    self, request.seat, partial(self.controller.take_seat, request.seat)
                )
            elif isinstance(request, Refusal):
                self.refused(request)
            elif isinstance(request, GameOver):
                self.router.game_over(self, request.conclusion)
            elif isinstance(request, Resat):
                self.presenter.reseat(request.view)
                self.presenter.restore_log(request.history)

    def refused(self, refusal: Refusal) -> None:
        """The player's command was refused, nothing changed: says why."""
        self.show_message(refusal.rule)

    # Input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.input.handle_event(event, self.table)

    # Drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.night_sky(surface.get_size()), (0, 0))
        table, layout, screen, chrome = self.table, self.layout, self.screen, self.chrome
        screen.draw_board(surface, table)
        if self.hints is not None:
            self.hints.draw_on_board(surface, table)
        chrome.draw_header(surface, table)
        for seat, rect in enumerate(layout.seats):
            screen.draw_seat(surface, rect, seat, table)
        if layout.extra.height > 0 and screen.extra_height > 0:
            screen.draw_extra(surface, layout.extra, table)
        chrome.draw_log(surface)
        self.strip.draw(surface)
        if self.hints is not None:
            self.hints.draw_on_strip(surface)
        self.draw_overlay(surface, table)
        self.keys.draw_focus(surface, table)
        chrome.draw_tooltips(surface, table)
        chrome.draw_banner(surface)
        chrome.draw_message(surface)
        self.move_fade.draw(surface, keep=self.app.settings.reduce_motion)
        self.keys.draw_help(surface)

    def hint_pulse(self) -> float:
        """How far a hint's (or a lesson's) glow has swollen now, 0 to 1 and back."""
        return glow_pulse(self.glow_time)

    def draw_overlay(self, surface: pygame.Surface, table: TableContext) -> None:
        """Drawn over the table, under tooltips and messages (a lesson's pointers and card)."""

    def follow_overlay(self) -> None:
        """Each frame, before the keyboard's focus follows: the overlay catches up with the
        table (a lesson's card, whose words are said before the focus lands)."""

    def overlay_stops(self) -> list[Focusable]:
        """What the overlay offers the keyboard focus, in reading order (a lesson card's
        buttons): Tab reaches them after the action strip's."""
        return []

    def header(self, table: TableContext) -> Header:
        """The header's seat, title and prompt, in the game's words."""
        return header_for(self.screen, table)
