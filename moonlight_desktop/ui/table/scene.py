"""The table scene: any game's screen on the shared table. The board on the left, the side
panel on the right (header, action strip, seat rows, the game's strip, the whole game's log),
laid out from the window size.

Each frame it advances the presenter, then the controller (which changes the game only while
nothing animates) and plays the controller's requests: commands' events become animations,
hand-offs and game over go to the router (the scenes layer), refusals become a message.

A click on a control acts at once, even while the board moves: the buttons, and a choice on
the board (finishing the animation first, so a command acts on the table as shown and nothing
is shown out of order; a click while another seat's command is with the rules waits the frame
until it is back). Only a click on nothing, or Space, hurries an animation along; Esc pauses.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from moonlight_desktop.engine import Bot, Command, GameRecord, Match, Move
from moonlight_desktop.engine.ismcts import Searching
from moonlight_desktop.engine.undo import NoUndo, UndoGuard
from moonlight_desktop.locks import Claim
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.widgets import Button, draw_tooltip

from .controller import (
    MOVE_UNDER_WAY,
    GameOver,
    HandOff,
    Played,
    Refusal,
    Seated,
    TableController,
    Timeout,
    replay_log,
)
from .game_ui import Action, GameScreen, GameUI, Standings, TableContext
from .header import Header, header_for
from .hints import HINTS_OFF, NOT_YOUR_TURN, Hint, Hinting, hint_seed
from .layout import MIN_LOG_HEIGHT, PANEL_WIDTH, TableLayout
from .log_view import LogView
from .thinking import draw_thinking_ring

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

log = logging.getLogger(__name__)

MESSAGE_SECONDS = 3.5
LOG_TOOLBAR = 30
"""Design pixels at the top of the log for its title and the undo and redo buttons."""
CARD_TITLE = 20
"""Design pixels of a log card's title line."""
CARD_PAD, CARD_INSET, CARD_GAP = 10, 4, 4
"""Design pixels round a log card's words, between it and the log's sides and under it."""
BOT_PAUSE = 0.6
"""Seconds of table time a bot waits before acting, at the normal animation speed."""


class Router(Protocol):
    """Where the table sends the players: the scenes layer implements it."""

    def pause(self, table: TableScene) -> None: ...

    def hand_off(self, table: TableScene, seat: int, on_ready: Callable[[], None]) -> None: ...

    def game_over(self, table: TableScene, standings: Standings) -> None: ...


class TableScene(Scene):
    def __init__(
        self,
        app: App,
        ui: GameUI,
        match: Match[Any],
        bots: dict[int, Bot],
        router: Router,
        autosave: Callable[[Match[Any]], None],
        notes: TableNotes | None = None,
    ) -> None:
        """RecordError or OptionsError when the game's screen cannot show this match.
        `notes`: whether hints are on at this table and how many each seat asked for (kept
        with the game by the scenes layer; hints on, none used, when not given)."""
        super().__init__(app)
        self.ui = ui
        self.notes = notes if notes is not None else TableNotes(seed=match.record.seed)
        self.hint: Hint | None = None
        """The hint shown now, for the position `_hint_for`."""
        self._hint_for: object = None
        self._hint_job: tuple[tuple[int, int, int | None], Future[Hint]] | None = None
        """A hint being worked out on a worker, and the position it is for."""
        self.router = router
        self._autosave = autosave
        self.names = tuple(seat.name for seat in match.seats)
        self.looks = tuple(seat.look or "" for seat in match.seats)
        self.log_view = LogView()
        self.buttons: list[Button] = []
        self._actions: list[Action] = []
        """The action strip's choices, as the board last settled."""
        self._actions_at: object = None
        """The position (`_position`) they were offered in."""
        self._actions_for: object = None
        self._held: list[Callable[[], object]] = []
        """Clicks made while a command was with the rules, heard once it is back."""
        self.message = ""
        self.message_until = 0.0
        self.mouse = (0, 0)
        self.glow_time = 0.0
        """The table's ambient clock (choices and hints pulse by it): it runs only while the
        table is on top, at the app's ambient pace."""
        self._redo: list[tuple[list[Move], dict[int, Bot]]] = []
        """What undo took back, latest last: the whole record before it, and the bots then."""
        self._rebuilding: Future[Rebuilt] | None = None
        """A table being set again (undo, redo) on the rules' thread, and the bots for it."""
        self._rebuilt_bots: dict[int, Bot] = {}
        self._rebuilt_for: int | None = None
        """The human at the screen who asked for the table being set again: it stays theirs
        (behind a hand-off it would go to whoever decides first, who could then redo)."""
        self.claim: Claim | None = None
        """This copy of the app's claim on the game it saves (taken by the scenes layer before
        the table opens), let go when the table is left."""
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
        ui = self.ui
        self.match = match
        self.controller = TableController(
            match,
            bots,
            self._think,
            private_seats=ui.private_seats(match),
            timeout=self.timeout_rule,
            autosave=self._autosave,
            run_rules=self.app.run_rules,
            conclude=ui.standings,
            watching=self.watching,
            undo_guard=guard,
            bot_budget=self.app.settings.bot_thinking,
            search=self.app.search_in_process,
        )
        if any(isinstance(bot, Searching) for bot in bots.values()):
            self.app.search.warm()
        if self.watching or viewer is not None:
            self.controller.viewer = viewer
        self.screen: GameScreen = ui.screen(match, self.controller.viewer, self.app.play_sound)
        self.presenter = self.screen.presenter
        self.presenter.restore_log(history if history is not None else replay_log(match, None))
        self.layout = self.lay_out(self.app.size)
        self.screen.relayout(self.layout)
        self._actions_for = None
        self._held = []  # clicks on the table that was: this one is set afresh

    watching = False
    """A table watched, not played (a replay): nobody is asked and nothing is played."""

    undo_off = ""
    """Why taking moves back is off at this table (a lesson); empty: undo and redo work."""

    def timeout_rule(self, match: Match[Any], seat: int) -> Timeout | None:
        """A seat's timed decision here: the game's (a lesson has none)."""
        return self.ui.timeout(match, seat)

    def holding(self) -> bool:
        """Nothing changes the game while True, even when nothing animates (a lesson's card
        waits to be read)."""
        return False

    def _think(self, work: Callable[[], Command]) -> Future[Command]:
        return self.app.run_in_background(work)

    @property
    def table(self) -> TableContext:
        return TableContext(
            self.controller,
            self.presenter,
            self.names,
            self.looks,
            self.layout,
            waiting=tuple(self.screen.waiting(self.presenter.shown)),
            glow_time=self.glow_time,
        )

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

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = self.lay_out(size)
        self.screen.relayout(self.layout)
        self._actions_for = None

    def on_enter(self) -> None:
        self.controller.save()  # a new game is there to continue even before its first move

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

    # Taking moves back ----------------------------------------------------------------------

    def take_back(self) -> None:
        """Ctrl+Z or the undo button: the human at the screen takes back their last command
        (and the bots' replies), when nothing came out since; else says why not."""
        if self._rebuilding is not None or self._after_the_rules(self.take_back):
            return
        state = self.controller.undo_state()
        if isinstance(state, NoUndo):
            self.show_message(state.reason)
            return
        controller, match = self.controller, self.match
        self._redo.append((list(match.record.moves), controller.bots_at(len(match.record.moves))))
        guard = controller.undo_guard

        def cut() -> Rebuilt:  # on the rules' thread
            taken_back = guard.undone(match, state)
            return taken_back, replay_log(taken_back, None), guard

        self._rebuild(cut, controller.bots_at(state.keep))

    def redo_state(self) -> str | None:
        """None when the last undo can be put back now; else why not."""
        if not self._redo:
            return "Nothing to put back"
        moves, _bots = self._redo[-1]
        now = self.match.record.moves
        if moves[: len(now)] != now:
            return "The game has gone another way since"
        if self.controller.applying:
            return MOVE_UNDER_WAY
        return None

    def put_back(self) -> None:
        """Ctrl+Y (or Ctrl+Shift+Z) or the redo button: the last undo is put back, bots and
        all, as long as the game has not gone another way since."""
        if self._rebuilding is not None or self._after_the_rules(self.put_back):
            return
        why_not = self.redo_state()
        if why_not is not None:
            self.show_message(why_not)
            return
        moves, bots = self._redo.pop()
        rules, record = self.match.rules, self.match.record
        whole = GameRecord(
            record.game, record.options, record.seats, record.seed, record.setup, moves
        )

        def again() -> Rebuilt:  # on the rules' thread
            match: Match[Any] = Match(rules, whole)
            return match, replay_log(match, None), UndoGuard.from_match(match)

        self._rebuild(again, bots)

    def _rebuild(self, work: Callable[[], Rebuilt], bots: dict[int, Bot]) -> None:
        self.presenter.skip()
        self._rebuilt_bots = bots
        self._rebuilt_for = self.controller.viewer
        self._rebuilding = self.app.run_rules(work)

    def _finish_rebuilding(self) -> None:
        job = self._rebuilding
        if job is None or not job.done():
            return
        self._rebuilding = None
        match, history, guard = job.result()
        self.sit(match, self._rebuilt_bots, self._rebuilt_for, history, guard)
        self.controller.bots_wait = True
        self.controller.save()  # the autosave follows: a resumed game is the undone one

    # Hints ------------------------------------------------------------------------------------

    @property
    def hints_offered(self) -> bool:
        """The game explains moves, hints are on for this table and it is played, not watched."""
        return self.notes.hints and not self.watching and isinstance(self.ui, Hinting)

    def _position(self) -> tuple[int, int, int | None]:
        """What a hint is for: this match (an undo or a redo sets another), the seat at the
        screen (a hand-off changes it) and how many moves that seat has made. Another seat's
        move while this one may still act (a simultaneous phase) keeps the hint as long as
        its command is still legal (`shown_hint`)."""
        viewer = self.controller.viewer
        own = sum(1 for move in self.match.record.moves if move.seat == viewer)
        return (id(self.match), own, viewer)

    def ask_hint(self) -> None:
        """H or the hint button: NormalBot's move for the seat at the screen, worked out on a
        worker from that seat's view and legal commands, then shown on the board with why."""
        if self.watching or self._rebuilding is not None:
            return
        if not self.hints_offered:
            self.show_message(HINTS_OFF)
            return
        if self._hold_for_rules(self.ask_hint):
            return
        viewer = self.controller.viewer
        if viewer is None or not self.controller.may_act() or self.match.is_over():
            self.show_message(NOT_YOUR_TURN)
            return
        self.presenter.skip()  # the hint is for the position the animation ends on: shown first
        position = self._position()
        if self._hint_for == position and self.hint is not None:
            return  # already shown
        if self._hint_job is not None and self._hint_job[0] == position:
            return  # already being worked out
        if self._work_out_hint(viewer):
            self.notes.count_hint(viewer)

    def _work_out_hint(self, viewer: int) -> bool:
        """Sends the hint for the position on the table to a worker; False when there is
        nothing to decide."""
        legal = list(self.controller.legal())
        if not legal:
            return False
        ui = self.ui
        assert isinstance(ui, Hinting)
        view, seed = self.match.view(viewer), hint_seed(self.match, viewer)
        work = partial(ui.hint, view, legal, seed, self.names)
        self._hint_job = (self._position(), self.app.run_in_background(work))
        return True

    def _follow_hint(self) -> None:
        """Takes a worked-out hint when it is still for the position on the table, and lets
        a hint go once the position has changed."""
        position = self._position()
        if self.hint is not None and self._hint_for != position:
            self.hint = None
        job = self._hint_job
        if job is None or not job[1].done():
            return
        self._hint_job = None
        if job[0] != position:
            return  # the player moved (or took back, or handed over) before it came
        try:
            self.hint = job[1].result()
        except Exception:  # a hint must never end the game
            log.exception("the hint could not be worked out")
            self.show_message("No hint could be worked out here")
            return
        self._hint_for = position

    def shown_hint(self) -> Hint | None:
        """The hint to draw now: only for the position on the table, while nothing animates
        and the seat it is for is at the screen."""
        if self.hint is None or self._hint_for != self._position() or self.presenter.busy:
            return None
        if not self.controller.applying and self.hint.command not in self.controller.legal():
            return None  # another seat's move has changed the choices
        return self.hint

    def hint_button(self) -> pygame.Rect:
        """The hint button, left of the undo and redo buttons."""
        undo, _redo = self.undo_buttons()
        return undo.move(-undo.width - self.layout.px(6), 0)

    def update(self, dt: float) -> None:
        self.glow_time += self.app.ambient.pace(dt)
        if self._rebuilding is not None:
            self._finish_rebuilding()
            return  # nothing plays on the table being set again
        speed = self.animation_speed()
        # Bots pause before acting so players can follow, as long as the animations last.
        self.controller.bot_pause = 0.0 if speed <= 0 else BOT_PAUSE / speed
        self.presenter.update(dt, speed)
        if self.presenter.busy:
            self.app.ambient.stir()  # what is offered next glows a while, as after input
        self._take_requests()  # a click's command first, so the table is not idle before it
        self.controller.update(dt, idle=self._idle())
        self._take_requests()
        self._hear_held()
        self._follow_hint()
        if self.log_least() != self._laid_for:  # a hint came or went: room for its card
            self.on_resize(self.app.size)
        self._refresh_actions()

    def next_frame_in(self) -> float | None:
        """Every frame while anything moves: an animation, a bot thinking or about to act, a
        live countdown, work back from a thread to take, and the glow of choices and hints
        while the ambient motion plays. Otherwise the table waits for the player (or for a
        thread, whose end wakes the window), drawing again only when its message goes. Under
        a menu (not updated) only the message changes."""
        left = self.message_until - time.monotonic()
        message = left if left > 0 else None
        if self.app.stack.top is not self:
            return message
        if self.presenter.busy or self.app.ambient.running:
            return 0.0
        if self._rebuilding is not None:
            return 0.0 if self._rebuilding.done() else message
        if self._hint_job is not None and self._hint_job[1].done():
            return 0.0
        return message if self.controller.waits(self._idle()) else 0.0

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
                self.message_until = 0.0
                self._redo.clear()
                self.glow_time = 0.0
            elif isinstance(request, HandOff):
                self.router.hand_off(
                    self, request.seat, partial(self.controller.take_seat, request.seat)
                )
            elif isinstance(request, Refusal):
                self.show_message(request.rule)
            elif isinstance(request, GameOver):
                self.router.game_over(self, request.conclusion)

    def show_message(self, text: str) -> None:
        self.message = text[:1].upper() + text[1:]
        self.message_until = time.monotonic() + MESSAGE_SECONDS

    # The action strip ------------------------------------------------------------------------

    def _refresh_actions(self) -> None:
        """Rebuilds the buttons when what the human may do changes (not every frame, so a
        button keeps its hover and press state). While the board moves and the human still
        decides, the strip stays as the board last settled: a click on it is heard
        (`_choose`); it changes once the board shows the position."""
        table, controller = self.table, self.controller
        if not controller.deciding():
            self._actions = []
        elif not controller.applying:
            if table.idle:
                self._actions = self.screen.actions(table)
                self._actions_at = self._position()
            elif self._position() != self._actions_at:
                self._actions = []  # the human has decided since: the next choices once shown
        actions = self._actions
        key = (tuple(actions), self.layout.size)
        if key == self._actions_for:
            return
        self._actions_for = key
        self.buttons = []
        if not actions:
            return
        area, layout = self.layout.actions, self.layout
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
                on_click=partial(self._choose, action.command),
            )
            button.place(rect, layout.scale * (0.8 if len(actions) > 2 else 1.0))
            self.buttons.append(button)

    def _submit(self, command: Command) -> None:
        self.controller.submit(command)

    def _choose(self, command: Command) -> None:
        """A choice of the action strip, clicked: made at once, on the board as its animation
        ends (finished first, so nothing is shown out of order). A choice the settled table no
        longer offers is not made: the strip then shows the ones it does."""
        if self._hold_for_rules(partial(self._choose, command)):
            return
        if self.presenter.busy:
            self.presenter.skip()
            if command not in self.controller.legal():
                return
        self._submit(command)

    # Clicks while the board moves -------------------------------------------------------------

    def _after_the_rules(self, act: Callable[[], object]) -> bool:
        """While a command is with the rules, a click (`act`) waits for it, to be heard on the
        table it brings back (within a frame: a command is quick). True when held."""
        if self.controller.applying:
            self._held.append(act)
            return True
        return False

    def _hold_for_rules(self, act: Callable[[], object]) -> bool:
        """`_after_the_rules` for a choice: only while the human at the screen decides
        meanwhile (another seat's command is with the rules, not their own)."""
        return self.controller.deciding() and self._after_the_rules(act)

    def _hear_held(self) -> None:
        """The clicks held for the rules, once they are back, in the order they came."""
        if self.controller.applying:
            return
        held, self._held = self._held, []
        for act in held:
            act()

    def _board_click(self, event: pygame.event.Event) -> bool:
        """A press (or a drop) on the board: the command of what it points at, for the human
        at the screen. A press while the board moves points at what is drawn now; if that is
        one of their choices, the animation is finished and the command made, else the press
        was on nothing. True when the click meant a command (or waits for the rules)."""
        press = event.type == pygame.MOUSEBUTTONDOWN
        if press and self._hold_for_rules(partial(self._board_click, event)):
            return True
        controller, table = self.controller, self.table
        midway = not table.idle
        if not controller.may_act() or (midway and not press):
            return False  # a drop is placed on a settled board (its press finished the moving)
        table.midway = midway
        if press:
            command = self.screen.command_at(event.pos, table)
        else:
            command = self.screen.dropped_at(event.pos, table)
        if command is None:
            return False
        if midway:
            if command not in controller.legal():
                return False  # not a choice: the click only hurries the animation along
            self.presenter.skip()
        self._submit(command)
        return True

    # Input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.router.pause(self)
            return True
        if self._rebuilding is not None:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)  # nothing to act on
        if self._undo_event(event):
            return True
        if self._hint_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.presenter.busy:
            self.presenter.skip()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(self.mouse):
            self.log_view.scroll(event.y)
            return True
        press = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if press and self.layout.pause_button.collidepoint(event.pos):
            self.router.pause(self)
            return True
        for button in self.buttons:  # the action strip acts even while the board moves
            if button.handle_event(event):
                return True
        clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
        if clicked and self._board_click(event):
            return True
        if press and self.presenter.busy:
            self.presenter.skip()  # a click on nothing hurries the animation along
            return True
        return False

    def _undo_event(self, event: pygame.event.Event) -> bool:
        if self.watching:
            return False
        take_back, put_back = self.take_back, self.put_back
        if self.undo_off:
            take_back = put_back = partial(self.show_message, self.undo_off)
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if event.key == pygame.K_z and not shift:
                take_back()
                return True
            if event.key == pygame.K_y or (event.key == pygame.K_z and shift):
                put_back()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            undo, redo = self.undo_buttons()
            if undo.collidepoint(event.pos):
                take_back()
                return True
            if redo.collidepoint(event.pos):
                put_back()
                return True
        return False

    def _hint_event(self, event: pygame.event.Event) -> bool:
        if self.watching:
            return False
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_h
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        ):
            self.ask_hint()
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.hints_offered
            and self.hint_button().collidepoint(event.pos)
        ):
            self.ask_hint()
            return True
        return False

    def undo_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The undo and redo buttons, at the top right of the log."""
        log, layout = self.layout.log, self.layout
        size = layout.px(24)
        redo = pygame.Rect(0, 0, size, size)
        redo.topright = (log.right - layout.px(8), log.top + layout.px(4))
        return redo.move(-size - layout.px(6), 0), redo

    # Drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.night_sky(surface.get_size()), (0, 0))
        table, layout = self.table, self.layout
        self.screen.draw_board(surface, table)
        hint = self.shown_hint()
        pulse = self.hint_pulse()
        draw_hint = getattr(self.screen, "draw_hint", None)
        if hint is not None and draw_hint is not None:
            draw_hint(surface, hint.command, table, pulse)
        self._draw_header(surface, table)
        for seat, rect in enumerate(layout.seats):
            self.screen.draw_seat(surface, rect, seat, table)
        if layout.extra.height > 0 and self.screen.extra_height > 0:
            self.screen.draw_extra(surface, layout.extra, table)
        self._draw_log(surface)
        for button in self.buttons:
            button.draw(surface)
        if hint is not None:
            self._draw_hint_on_actions(surface, hint.command, pulse)
        self.draw_overlay(surface, table)
        on_top = self.app.stack.top is self  # not under a pause menu or the results
        hover = self.screen.hover(self.mouse, table) if table.idle and on_top else None
        if hover is not None:
            draw_tooltip(surface, hover.text, hover.target, self.layout.px)
        tip = self.undo_tooltip() if on_top else None
        if tip is not None:
            draw_tooltip(surface, tip[0], tip[1], self.layout.px)
        self._draw_banner(surface)
        self._draw_message(surface)

    def hint_pulse(self) -> float:
        """How far a hint's (or a lesson's) glow has swollen now, 0 to 1 and back."""
        return 0.5 + 0.5 * math.sin(self.glow_time * 3.2)

    def draw_overlay(self, surface: pygame.Surface, table: TableContext) -> None:
        """Drawn over the table, under tooltips and messages (a lesson's pointers and card)."""

    def header(self, table: TableContext) -> Header:
        """The header's seat, title and prompt, in the game's words."""
        return header_for(self.screen, table)

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The log, under a title strip with the undo and redo buttons (none in a replay), and
        the card over its top (a hint's reason, a lesson's step) with the log's newest rows
        under the card."""
        layout = self.layout
        if self.watching:
            self.log_view.draw(surface, layout.log, self.presenter.log, layout, self.screen)
            return
        strip = layout.px(LOG_TOOLBAR)
        theme.panel(surface, layout.log, radius=layout.px(10))
        lines = pygame.Rect(layout.log)
        lines.top += strip
        lines.height = max(1, layout.log.height - strip)
        card = self.log_card()
        self.log_card_rect = pygame.Rect(lines.left, lines.top, 0, 0)
        if card is not None:
            self.log_card_rect, words, size = self._place_log_card(card, lines)
            lines.height = max(1, lines.bottom - self.log_card_rect.bottom)
            lines.top = self.log_card_rect.bottom
        if card is None or lines.height >= layout.px(30):  # a row at least
            self.log_view.draw(surface, lines, self.presenter.log, layout, self.screen, False)
        if card is not None:
            self._draw_log_card(surface, card, self.log_card_rect, words, size)
        theme.blit_text(
            surface,
            "Game log",
            theme.BOLD_FONT,
            layout.px(14),
            theme.SILVER,
            "midleft",
            (layout.log.left + layout.px(12), layout.log.top + layout.px(16)),
        )
        undo, redo = self.undo_buttons()
        if self.hints_offered:
            button = self.hint_button()
            can_hint = self.controller.deciding()  # while the board moves too: it finishes first
            draw_hint_button(surface, button, can_hint, button.collidepoint(self.mouse))
        can_undo = not self.undo_off and not isinstance(self.controller.undo_state(), NoUndo)
        draw_turn_arrow(surface, undo, -1, can_undo, undo.collidepoint(self.mouse))
        can_redo = not self.undo_off and self.redo_state() is None
        draw_turn_arrow(surface, redo, 1, can_redo, redo.collidepoint(self.mouse))

    def undo_tooltip(self) -> tuple[str, pygame.Rect] | None:
        """What hovering the undo or redo button says: what it does, or why it cannot."""
        if self.watching:
            return None
        undo, redo = self.undo_buttons()
        if self.hints_offered and self.hint_button().collidepoint(self.mouse):
            return "Hint: the move a Normal bot would make here, and why (H)", self.hint_button()
        if self.undo_off and (undo.collidepoint(self.mouse) or redo.collidepoint(self.mouse)):
            return self.undo_off, undo.union(redo)
        if undo.collidepoint(self.mouse):
            state = self.controller.undo_state()
            if isinstance(state, NoUndo):
                return state.reason, undo
            return "Take back your last move (Ctrl+Z)", undo
        if redo.collidepoint(self.mouse):
            return (self.redo_state() or "Put back what you took back (Ctrl+Y)"), redo
        return None

    def _draw_hint_on_actions(
        self, surface: pygame.Surface, command: Command, pulse: float
    ) -> None:
        """A hinted (or taught) command on the action strip: its button ringed in the glow
        colour."""
        actions = self.screen.actions(self.table) if self.controller.may_act() else []
        for action, button in zip(actions, self.buttons, strict=False):
            if action.command == command:
                draw_glow_frame(surface, button.rect, pulse, self.layout.px)

    def log_card(self) -> LogCard | None:
        """The card over the top of the log: the hint's reason, while a hint is shown."""
        hint = self.shown_hint()
        return None if hint is None else LogCard("Hint", hint.text)

    log_card_rect = pygame.Rect(0, 0, 0, 0)
    """Where the card over the log was drawn last (no size: none was)."""

    def _place_log_card(
        self, card: LogCard, room: pygame.Rect
    ) -> tuple[pygame.Rect, tuple[str, ...], int]:
        """The card at the top of `room` (the log under its title strip): its rect, and its
        words' lines and size, the largest that fit (never below the smallest text)."""
        layout = self.layout
        area = pygame.Rect(room.left, room.top, room.width, room.height - layout.px(CARD_GAP))
        area = area.inflate(-2 * layout.px(CARD_INSET), 0)
        pad = layout.px(CARD_PAD)
        width = area.width - 2 * pad
        free = area.height - layout.px(CARD_TITLE) - layout.px(card.footer) - 2 * pad
        least = layout.least_text
        size = max(layout.px(card.largest), least)
        lines = theme.wrap(card.text, theme.BODY_FONT, size, width)
        while size > least and len(lines) * theme.body(size).get_linesize() > free:
            size -= 1
            lines = theme.wrap(card.text, theme.BODY_FONT, size, width)
        used = len(lines) * theme.body(size).get_linesize()
        height = used + layout.px(CARD_TITLE) + layout.px(card.footer) + 2 * pad
        return pygame.Rect(area.left, area.top, area.width, min(area.height, height)), lines, size

    def _draw_log_card(
        self,
        surface: pygame.Surface,
        card: LogCard,
        rect: pygame.Rect,
        lines: tuple[str, ...],
        size: int,
    ) -> None:
        """A title in the glow colour and the words, as `_place_log_card` laid them out."""
        layout = self.layout
        pad = layout.px(CARD_PAD)
        theme.panel(surface, rect, alpha=255, border=theme.GLOW, radius=layout.px(10))
        theme.blit_text(
            surface,
            card.title,
            theme.BOLD_FONT,
            layout.px(14),
            theme.GLOW,
            "topleft",
            (rect.left + pad, rect.top + pad - layout.px(2)),
        )
        top = rect.top + pad + layout.px(CARD_TITLE)
        line_height = theme.body(size).get_linesize()
        for n, line in enumerate(lines):
            if top + (n + 1) * line_height > rect.bottom - layout.px(card.footer):
                break
            theme.blit_text(
                surface,
                line,
                theme.BODY_FONT,
                size,
                theme.TEXT,
                "topleft",
                (rect.left + pad, top + n * line_height),
            )

    def _draw_header(self, surface: pygame.Surface, table: TableContext) -> None:
        layout = self.layout
        rect = layout.header
        header = self.header(table)
        seat, title, prompt = header.seat, header.title, header.prompt
        border = self.screen.seat_color(seat) if seat is not None else theme.PANEL_BORDER
        theme.panel(surface, rect, border=border, width=layout.px(3))
        text_left = rect.left + layout.px(14)
        if seat is not None:
            centre = (rect.left + layout.px(36), rect.centery - layout.px(4))
            thinking = self.controller.thinking_progress(seat)
            if thinking is not None and not self.watching:  # behind the figure, round it
                ring = layout.px(33)
                draw_thinking_ring(surface, centre, ring, thinking, theme.GLOW, layout.px(3))
            self.screen.draw_figure(surface, seat, centre, layout.px(56))
            text_left = rect.left + layout.px(72)
        width = layout.pause_button.left - text_left - layout.px(6)
        title, size = theme.fit(title, theme.HEADING_FONT, layout.px(28), width, layout.px(16))
        theme.blit_text(
            surface,
            title,
            theme.HEADING_FONT,
            size,
            theme.MOONLIGHT,
            "topleft",
            (text_left, rect.top + layout.px(8)),
        )
        room = rect.bottom - layout.px(6) - (rect.top + layout.px(42))
        lines, size = theme.fit_lines(
            prompt, theme.BODY_FONT, layout.px(15), width, room, layout.least_text
        )
        line_height = theme.font(theme.BODY_FONT, size).get_linesize()  # as fit_lines counts
        for n, line in enumerate(lines):
            theme.blit_text(
                surface,
                line,
                theme.BODY_FONT,
                size,
                theme.SILVER,
                "topleft",
                (text_left, rect.top + layout.px(42) + n * line_height),
            )
        self._draw_pause_icon(surface)

    def _draw_pause_icon(self, surface: pygame.Surface) -> None:
        layout, rect = self.layout, self.layout.pause_button
        hovered = rect.collidepoint(self.mouse)
        radius = layout.px(8)
        fill = theme.PANEL_BORDER if hovered else theme.PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.SILVER, rect, width=layout.px(2), border_radius=radius)
        for n in range(3):
            y = rect.top + rect.height * (0.32 + n * 0.18)
            pygame.draw.line(
                surface,
                theme.MOONLIGHT,
                (rect.left + rect.width * 0.27, y),
                (rect.right - rect.width * 0.27, y),
                layout.px(3),
            )

    def _draw_banner(self, surface: pygame.Surface) -> None:
        banner, layout = self.presenter.banner, self.layout
        if banner is None or banner.alpha <= 0:
            return
        width = layout.board.width - layout.px(100)
        lines, size = theme.fit_lines(
            banner.text, theme.HEADING_FONT, layout.px(40), width, layout.px(150), layout.least_text
        )  # a long sentence (a score told step by step) takes up to a few lines
        line_height = theme.heading(size).get_height()
        inner = pygame.Rect(
            0,
            0,
            max(theme.text_width(line, theme.HEADING_FONT, size) for line in lines),
            len(lines) * line_height,
        )
        box = inner.inflate(layout.px(60), layout.px(28))
        box.center = layout.board.center
        card = pygame.Surface(box.size, pygame.SRCALPHA)
        theme.panel(card, card.get_rect(), alpha=235, border=theme.GOLD, width=layout.px(3))
        for number, line in enumerate(lines):
            top = (box.height - inner.height) // 2 + number * line_height
            theme.blit_text(
                card,
                line,
                theme.HEADING_FONT,
                size,
                theme.MOONLIGHT,
                "midtop",
                (box.width // 2, top),
            )
        card.set_alpha(round(255 * min(1.0, banner.alpha)))
        theme.blit_picture(surface, card, box.topleft)

    def _draw_message(self, surface: pygame.Surface) -> None:
        layout = self.layout
        if time.monotonic() >= self.message_until:
            return
        width = layout.board.width - layout.px(40)
        lines, size = theme.fit_lines(
            self.message, theme.BOLD_FONT, layout.px(18), width, layout.px(48), layout.least_text
        )
        line_height = theme.bold(size).get_height()
        box = pygame.Rect(
            0,
            0,
            max(theme.text_width(line, theme.BOLD_FONT, size) for line in lines) + layout.px(28),
            len(lines) * line_height + layout.px(16),
        )
        box.midbottom = (layout.board.centerx, layout.board.bottom - layout.px(16))
        theme.panel(surface, box, alpha=240, border=theme.WARNING, radius=layout.px(10))
        for number, line in enumerate(lines):
            top = box.top + layout.px(8) + number * line_height
            theme.blit_text(
                surface, line, theme.BOLD_FONT, size, theme.WARNING, "midtop", (box.centerx, top)
            )


@lru_cache(maxsize=32)
def log_card_height(card: LogCard) -> float:
    """The design height `card` takes with its words at their largest, and the gap under it
    (asked every frame while a card is shown: its words are measured once)."""
    width = PANEL_WIDTH - 2 * CARD_INSET - 2 * CARD_PAD
    lines = theme.wrap(card.text, theme.BODY_FONT, round(card.largest), width)
    words = len(lines) * theme.body(round(card.largest)).get_linesize()
    return 2 * CARD_PAD + CARD_TITLE + card.footer + words + CARD_GAP


@dataclass(frozen=True, slots=True)
class LogCard:
    """A card over the top of the log (never over the board): a hint's reason, a lesson's
    step."""

    title: str
    text: str
    footer: float = 0
    """Design pixels kept free at its bottom (for a button)."""
    largest: float = 15
    """The words' largest size, in design pixels."""


Rebuilt = tuple[Match[Any], list[Played], UndoGuard]
"""A table set again on the rules' thread: the match, its log, its undo guard."""


def draw_turn_arrow(
    surface: pygame.Surface, rect: pygame.Rect, direction: int, enabled: bool, hovered: bool
) -> None:
    """An undo (direction -1) or redo (1) button: a round button with a curved arrow, dim when
    it cannot be used."""
    fill = theme.PANEL_BORDER if hovered and enabled else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=rect.width // 3)  # round, not a circle
    ink = theme.MOONLIGHT if enabled else theme.PANEL_BORDER
    edge = theme.SILVER if enabled else theme.PANEL_BORDER
    pygame.draw.rect(
        surface, edge, rect, width=max(1, rect.width // 14), border_radius=rect.width // 3
    )
    # The upper half of a circle, the arrowhead at its left (undo) or right (redo) end.
    radius = rect.width * 0.27
    centre = (rect.centerx, rect.centery + rect.height * 0.08)
    arc = pygame.Rect(0, 0, round(2 * radius), round(2 * radius))
    arc.center = (round(centre[0]), round(centre[1]))
    pygame.draw.arc(surface, ink, arc, 0.0, math.pi, max(2, rect.width // 11))
    tip_x = centre[0] + direction * radius
    head = max(2.0, rect.width / 8)
    pygame.draw.polygon(
        surface,
        ink,
        [
            (tip_x - head, centre[1] - head * 0.2),
            (tip_x + head, centre[1] - head * 0.2),
            (tip_x, centre[1] + head * 1.1),
        ],
    )


def draw_hint_button(
    surface: pygame.Surface, rect: pygame.Rect, enabled: bool, hovered: bool
) -> None:
    """The hint button, shaped like the undo and redo buttons: a question mark, dim when no
    hint can be asked for now."""
    fill = theme.PANEL_BORDER if hovered and enabled else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=rect.width // 3)
    ink = theme.GLOW if enabled else theme.PANEL_BORDER
    edge = theme.SILVER if enabled else theme.PANEL_BORDER
    pygame.draw.rect(
        surface, edge, rect, width=max(1, rect.width // 14), border_radius=rect.width // 3
    )
    theme.blit_text(
        surface, "?", theme.BOLD_FONT, max(8, round(rect.height * 0.7)), ink, "center", rect.center
    )


def draw_glow_frame(
    surface: pygame.Surface,
    rect: pygame.Rect,
    pulse: float,
    px: Callable[[float], int],
    arrow: bool = False,
    corner: int | None = None,
) -> None:
    """A pulsing frame in the glow colour round `rect` (a hinted button or piece), with a
    small arrow above it pointing down when `arrow` (on a board, among other choices);
    `corner`: its corners' radius (by default slightly rounded)."""
    if arrow:
        tip = (rect.centerx, rect.top - px(6 + 3 * pulse))
        draw_hint_arrow(surface, tip, px(10), px)
    for step in range(4, 0, -1):
        alpha = round((60 + 90 * pulse) * (5 - step) / 5)
        frame = rect.inflate(2 * px(step * 1.5), 2 * px(step * 1.5))
        layer = pygame.Surface(frame.size, pygame.SRCALPHA)
        radius = px(10) if corner is None else corner + px(step * 1.5)
        pygame.draw.rect(
            layer, (*theme.GLOW, alpha), layer.get_rect(), width=px(2), border_radius=radius
        )
        surface.blit(layer, frame)
    edge = rect.inflate(px(4), px(4))
    radius = px(8) if corner is None else corner + px(2)
    pygame.draw.rect(surface, theme.GLOW, edge, px(3), border_radius=radius)
    if 2 * radius >= min(edge.size):  # a ring
        theme.drew_ring(surface, rect.center, edge.width / 2 - px(3), rect.width / 2 + px(6))
    else:
        outer = rect.inflate(2 * px(6), 2 * px(6))
        theme.drew_frame(surface, outer, edge.inflate(-2 * px(3), -2 * px(3)))


def draw_hint_marker(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    pulse: float,
    px: Callable[[float], int],
    filled: bool = True,
) -> None:
    """The hinted place on a board: a glowing disc and a thick pulsing ring in the glow
    colour, with a small arrow above pointing down at it, unlike any ordinary choice. Not
    `filled`: the ring alone, so what it rings stays readable (a lesson's note)."""
    grow = radius + px(3 + 4 * pulse)
    size = round(2 * (grow + px(6)))
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    middle = size // 2
    if filled:
        pygame.draw.circle(layer, (*theme.GLOW, round(50 + 40 * pulse)), (middle, middle), grow)
    pygame.draw.circle(layer, (*theme.GLOW, 255), (middle, middle), grow, width=px(5))
    surface.blit(layer, (centre[0] - middle, centre[1] - middle))
    # All the ring sweeps as it pulses: it may cover no text, not even what it rings.
    theme.drew_ring(surface, centre, 0 if filled else radius + px(3) - px(5), radius + px(7))
    tip = (centre[0], centre[1] - grow - px(4 + 3 * pulse))
    draw_hint_arrow(surface, tip, px(12), px)


def draw_hint_arrow(
    surface: pygame.Surface, tip: tuple[float, float], head: int, px: Callable[[float], int]
) -> None:
    """A small arrow in the glow colour pointing down at `tip`."""
    points = [(tip[0] - head, tip[1] - head * 1.4), (tip[0] + head, tip[1] - head * 1.4), tip]
    pygame.draw.polygon(surface, theme.GLOW, points)
    pygame.draw.polygon(surface, theme.NIGHT_TOP, points, width=max(1, px(1.5)))
    # As far as it reaches while it bobs (3 design pixels up or down).
    reach = pygame.Rect(0, 0, 2 * head, round(head * 1.4) + 2 * px(3))
    reach.midbottom = (round(tip[0]), round(tip[1]) + px(3))
    theme.drew_frame(surface, reach, pygame.Rect(0, 0, 0, 0))
