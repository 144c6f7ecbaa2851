"""The table controller: runs one game at the table, without pygame (tested headless).

It holds the Match and knows who sits where. Every seat in `to_act` is served: the human at the
screen decides through `submit`; another human gets the screen behind a hand-off when their
choices are private; bots think on worker threads, several at once, and act after a short,
human-like pause; a timed decision (Samarkand's live countdown) submits its default command when
its time runs out.

Each command goes to the rules on their own thread, so no rule however slow (a final scoring)
holds up a frame, and comes back as events as the viewer may see them -> a `Played` request
for the scene's presenter -> autosave. While a command is with the rules nothing else reads or
changes the Match. Once the game is over its standings are made on that thread too, and only
then is game over told.

The scene drives it: each frame it calls `update(dt, idle)` (idle: nothing is animating) and
takes the `requests` in order. Nothing happens while the scene is not idle except bots thinking,
so what the screen shows never runs ahead of the animation. Time is table time, advanced only by
`update`, so a paused table stops every clock and tests never wait.
"""

from __future__ import annotations

import copy
import logging
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from typing import Any

from moonlight_desktop.engine import Bot, Command, Event, IllegalCommand, Match, View
from moonlight_desktop.engine.ismcts import Searching
from moonlight_desktop.engine.search_pool import Decided, decide
from moonlight_desktop.engine.timing import Timeout, TimeoutRule
from moonlight_desktop.engine.undo import NoUndo, UndoGuard, UndoStep
from moonlight_desktop.i18n import N_, _

log = logging.getLogger(__name__)


# What the controller asks of the scene -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """A command was carried out: animate `events` (as the viewer may see them), then show
    `view` (the viewer's view right after them)."""

    seat: int
    command: Command
    events: tuple[Event, ...]
    viewer: int | None
    view: View


@dataclass(frozen=True, slots=True)
class Seated:
    """The screen now shows `viewer`'s private things (None: nobody's): redraw from `view`."""

    viewer: int | None
    view: View


@dataclass(frozen=True, slots=True)
class HandOff:
    """Pass the computer to `seat`; call `take_seat(seat)` once they are there."""

    seat: int


@dataclass(frozen=True, slots=True)
class Refusal:
    """The rules refused a human's command; `rule` says why. Nothing changed."""

    seat: int
    rule: str


@dataclass(frozen=True, slots=True)
class GameOver:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    conclusion: Any = None
    """What the table's `conclude` made of the finished match (the game's standings)."""


MOVE_UNDER_WAY = N_("A move is being made")
NOBODY_AT_THE_TABLE = N_("Nobody is at the table")
"""Why undo is off while nobody plays at the screen (watching, bots only)."""

Request = Played | Seated | HandOff | Refusal | GameOver


Runner = Callable[[Callable[[], Any]], "Future[Any]"]
"""Runs work off the UI thread (a thread pool's `submit`)."""


def run_here(work: Callable[[], Any]) -> Future[Any]:
    """A runner that works on the spot, on the calling thread (headless tools and tests),
    failing as a pool would: through its future."""
    future: Future[Any] = Future()
    try:
        future.set_result(work())
    except Exception as error:
        future.set_exception(error)
    return future


@dataclass(slots=True)
class _Thinking:
    """A bot's decision in progress: submitted no earlier than `ready_at` (table time)."""

    future: Future[Decided]
    started: float
    ready_at: float
    legal: Sequence[Command]
    bot: Bot
    """The bot that was asked (a copy of it may decide in another process)."""
    before: Bot
    """The bot as it was before this decision (for taking moves back)."""


@dataclass(slots=True)
class _Clock:
    """A timed decision: the time left, counted down only while its seat may decide."""

    timeout: Timeout
    left: float


class TableController:
    def __init__(
        self,
        match: Match[Any],
        bots: Mapping[int, Bot],
        run: Runner,
        *,
        private_seats: Iterable[int] = (),
        bot_pause: float = 0.6,
        bot_budget: float = 1.0,
        timeout: TimeoutRule | None = None,
        autosave: Callable[[Match[Any]], None] = lambda match: None,
        run_rules: Runner = run_here,
        conclude: Callable[[Match[Any]], Any] = lambda match: None,
        watching: bool = False,
        undo_guard: UndoGuard | None = None,
        search: Runner | None = None,
    ) -> None:
        """`bots`: the bot of each bot seat; `run` runs their thinking. `private_seats`: humans
        whose hidden facts the others must not see (a hand-off comes before each of their turns
        when several humans share the screen). `bot_pause`: table seconds a bot waits before
        acting, so players can follow (0: at once). `bot_budget`: the seconds a bot may think
        (only searching bots use it all). `run_rules` applies each command (one
        thread, apart from the bots'); `conclude` makes the finished match's standings there,
        for `GameOver`. `watching`: the table is only watched (a replay): nobody is asked,
        nothing is played; `viewer` is set by the watcher. `undo_guard`: the match's, when
        already made (else it is made here, replaying the record once). `search`: where
        searching bots think instead of `run` (other processes), when given."""
        self.match = match
        self.bots = dict(bots)
        self.humans = tuple(seat for seat in range(len(match.seats)) if seat not in self.bots)
        self.private_seats = frozenset(private_seats) & set(self.humans)
        self._run = run
        self._search = search
        self.bot_pause = bot_pause
        """Changed by the scene with the animation speed (0: bots act as soon as they decide)."""
        self._bot_budget = bot_budget
        self._timeout = timeout
        self._autosave = autosave
        self._run_rules = run_rules
        self._conclude = conclude
        self.requests: deque[Request] = deque()
        self.time = 0.0
        """Table time: advanced by `update`, so a paused table stops every clock."""
        self.watching = watching
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """The seat whose private things the screen shows (None: nobody's)."""
        self._awaiting: int | None = None
        """The seat a hand-off was asked for, until it takes the screen."""
        self._thinking: dict[int, _Thinking] = {}
        self._clocks: dict[int, _Clock] = {}
        self._applying: Future[Played | Refusal] | None = None
        """The command with the rules now: until it is back nothing else reads the Match."""
        self._viewer_decides_meanwhile = False
        """The human at the screen was asked when another seat's command went to the rules."""
        self._concluding: Future[GameOver] | None = None
        self.undo_guard = undo_guard or UndoGuard.from_match(match)
        """What undo needs of the past, fed on the rules' thread with each command's events."""
        self.bots_wait = False
        """Bots hold their commands until the human at the screen has decided (set after an
        undo: at the decision point taken back to, the human's command came first, and the
        bots' replies come in the same order again)."""
        self._decided: list[tuple[int, int, Bot]] = []
        """Each bot decision played: the command's index in the record, the seat, and the bot
        as it was before deciding, so taking moves back also takes back what bots learned."""
        self._over_told = False

    # What the scene may ask ----------------------------------------------------------------

    @property
    def sharing_screen(self) -> bool:
        """Several humans take turns at this screen."""
        return len(self.humans) > 1

    def bot_seats(self) -> Collection[int]:
        return self.bots.keys()

    def may_act(self) -> bool:
        """The human at the screen is asked for a decision now (not while a command is with
        the rules: what they may do is about to change)."""
        if self._applying is not None or self.watching:
            return False
        return self.viewer is not None and self.viewer in self.match.to_act()

    def deciding(self) -> bool:
        """The human at the screen has a decision open: they may act now, or they were asked
        when another seat's command went to the rules (a click of theirs meanwhile is for the
        table that command brings back: the scene holds it until then)."""
        if self._applying is not None:
            return self._viewer_decides_meanwhile
        return self.may_act()

    def legal(self) -> Sequence[Command]:
        """What the human at the screen may do now (nothing when it is not their turn)."""
        return self.match.legal(self.viewer) if self.may_act() and self.viewer is not None else ()

    @property
    def over_told(self) -> bool:
        """Game over has been told (the scene goes on to the results)."""
        return self._over_told

    def thinking(self) -> tuple[int, ...]:
        """The bots thinking now (for their figures' thinking rings)."""
        return tuple(sorted(self._thinking))

    def thinking_progress(self, seat: int) -> float | None:
        """How far a thinking bot is through its time budget, 0 to 1 (1 once it has decided
        and only waits for its pause); None when the seat is not thinking."""
        job = self._thinking.get(seat)
        if job is None:
            return None
        if job.future.done() or self._bot_budget <= 0:
            return 1.0
        return min(1.0, (self.time - job.started) / self._bot_budget)

    def time_left(self, seat: int) -> tuple[float, float] | None:
        """A timed decision's time left and its whole time, or None when it is not timed."""
        clock = self._clocks.get(seat)
        return None if clock is None else (max(clock.left, 0.0), clock.timeout.seconds)

    # What the scene tells it -------------------------------------------------------------------

    def submit(self, command: Command) -> bool:
        """The human at the screen decides: True when the command went to the rules (a
        `Played` or, refused, a `Refusal` request follows), False when they are not asked."""
        seat = self.viewer
        if seat is None or not self.may_act():
            return False
        self.bots_wait = False
        self._play(seat, command)
        return True

    def save(self) -> None:
        """Autosaves the game as it stands, with the command the rules are applying (a
        finished game is the autosave's to forget)."""
        self.settle()
        self._autosave(self.match)

    def settle(self, timeout: float | None = None) -> None:
        """Waits for the rules to finish the command (and the conclusion) they are working
        on; its request is then ready to be taken. TimeoutError if they take longer."""
        if self._applying is not None:
            self._applying.exception(timeout)
            self._take_applied()
        if self._concluding is not None:
            self._concluding.exception(timeout)

    def take_seat(self, seat: int) -> None:
        """The hand-off is done: `seat` sits at the screen."""
        if self._awaiting == seat:
            self._awaiting = None
            self._seat(seat)

    def update(self, dt: float, idle: bool) -> None:
        """Advances table time by `dt` seconds. Bots start thinking at once, whatever is
        animating; anything that changes the game waits until the scene is `idle`."""
        self.time += dt
        if self.watching:
            return
        if self._applying is not None:
            # While the rules are busy nothing else may read the Match; a command back from
            # them is this call's one change, shown before anything else happens.
            self._take_applied()
            return
        if self.match.is_over():
            self._tell_over(idle)
            return
        to_act = self.match.to_act()
        self._start_thinking(to_act)
        self._start_clocks(to_act)
        if not idle or self._awaiting is not None:
            return
        self._count_down(dt)
        self._act(to_act)

    def waits(self, idle: bool) -> bool:
        """Nothing here changes with time until a human decides or work on a thread ends
        (whose end wakes the window): no bot is thinking (its ring fills as the time goes),
        about to think or about to act, no clock is about to start or running at the screen,
        no human is about to take it, nothing is due at the next `update(dt, idle)`. The
        window draws nothing meanwhile."""
        if self.watching:
            return True
        if self._applying is not None:
            return not self._applying.done()
        if self.match.is_over():
            concluding = self._concluding
            return concluding is not None and (self._over_told or not concluding.done() or not idle)
        if any(not job.future.done() for job in self._thinking.values()):
            return False  # a bot is thinking
        to_act = self.match.to_act()
        if any(seat in self.bots and seat not in self._thinking for seat in to_act):
            return False  # a bot is about to start thinking
        if self._timeout is not None and any(
            seat not in self.bots and seat not in self._clocks and self._timeout(self.match, seat)
            for seat in to_act
        ):
            return False  # a clock is about to start
        if not idle or self._awaiting is not None:
            return True  # nothing else happens until the animation ends or the seat is taken
        if self.viewer in self._clocks or any(clock.left <= 0 for clock in self._clocks.values()):
            return False  # a live countdown runs (or has run out)
        if any(seat not in self.bots for seat in to_act) and self.viewer not in to_act:
            return False  # a human is about to take the screen
        if self.bots_wait and self.viewer in to_act:
            return True  # the bots hold their decisions until the human has decided
        return not any(seat in self.bots for seat in to_act)  # a bot's pause runs, then it acts

    # The flow ------------------------------------------------------------------------------

    def _act(self, to_act: Sequence[int]) -> None:
        """At most one thing per call, so the scene animates each before the next: a decision
        whose time ran out; else, when no one who may decide sits at the screen, the next
        human takes it (bots play on while they decide); else a bot that is ready."""
        for seat, clock in list(self._clocks.items()):
            if clock.left <= 0:
                self._play(seat, clock.timeout.default)
                return
        waiting = [seat for seat in to_act if seat not in self.bots]
        if waiting and self.viewer not in to_act:
            seat = waiting[0]
            if self.sharing_screen and seat in self.private_seats:
                self._awaiting = seat
                self._seat(None)  # hide everything while the computer changes hands
                self.requests.append(HandOff(seat))
            else:
                self._seat(seat)
            return
        if self.bots_wait and self.viewer in to_act:
            return
        for seat in to_act:
            if seat in self.bots and self._bot_ready(seat):
                return

    def _seat(self, viewer: int | None) -> None:
        if viewer != self.viewer:
            self.viewer = viewer
            self.requests.append(Seated(viewer, self.match.view(viewer)))

    def _play(self, seat: int, command: Command) -> None:
        """Hands the command to the rules; its outcome is taken as soon as it is back (at
        once when the rules run here)."""
        self._viewer_decides_meanwhile = seat != self.viewer and self.may_act()
        self._applying = self._run_rules(partial(self._apply, seat, command, self.viewer))
        self._take_applied()

    def _apply(self, seat: int, command: Command, viewer: int | None) -> Played | Refusal:
        """On the rules' thread: the command carried out, or refused with nothing changed."""
        try:
            events = self.match.submit(seat, command)
        except IllegalCommand as refusal:
            return Refusal(seat, refusal.rule)
        self.undo_guard.saw(events)
        seen = tuple(event.seen_by(viewer) for event in events)
        return Played(seat, command, seen, viewer, self.match.view(viewer))

    def _take_applied(self) -> None:
        """Takes the command back from the rules once they are done: its request, the
        autosave, the clocks and bots it settles."""
        job = self._applying
        if job is None or not job.done():
            return
        self._applying = None
        outcome = job.result()  # a failing rule is a bug to see, never a move to skip
        self.requests.append(outcome)
        if isinstance(outcome, Refusal):
            return
        seat, viewer = outcome.seat, outcome.viewer
        self._autosave(self.match)
        to_act = set(self.match.to_act())
        for gone in [s for s in self._clocks if s not in to_act or s == seat]:
            del self._clocks[gone]  # a decision made (or no longer asked) stops its clock
        self._thinking.pop(seat, None)
        if viewer is not None and viewer not in to_act and self._others_may_look(viewer):
            self._seat(None)  # the player is done: hide their things before the next walks up

    def _tell_over(self, idle: bool) -> None:
        """Game over, told once the standings are made (on the rules' thread: a final
        scoring may take a while) and the last command has been shown."""
        if self._concluding is None:
            self._concluding = self._run_rules(self._over)
        if idle and not self._over_told and self._concluding.done():
            self._over_told = True
            self.requests.append(self._concluding.result())

    def _over(self) -> GameOver:
        match = self.match
        return GameOver(match.scores(), match.winners(), self._conclude(match))

    # Taking moves back ----------------------------------------------------------------------

    @property
    def applying(self) -> bool:
        """A command is with the rules now."""
        return self._applying is not None

    def undo_state(self) -> UndoStep | NoUndo:
        """Whether the human at the screen may take back their last command now, and how
        far back that goes (or why not)."""
        if self.watching or self.viewer is None:
            return NoUndo(_(NOBODY_AT_THE_TABLE))
        if self.applying:
            return NoUndo(_(MOVE_UNDER_WAY))
        return self.undo_guard.undo_step(self.match, self.viewer, self.humans)

    def bots_at(self, keep: int) -> dict[int, Bot]:
        """Each bot as it was when the record had `keep` commands: before its first decision
        played since (or the one it is thinking about), else as it is. Copies, so the same
        point can be restored again (a redo after an undo)."""
        restored = dict(self.bots)
        for seat, job in self._thinking.items():
            restored[seat] = job.before
        for index, seat, before in reversed(self._decided):
            if index >= keep:
                restored[seat] = before
        return {seat: copy.deepcopy(bot) for seat, bot in restored.items()}

    def _others_may_look(self, viewer: int) -> bool:
        return self.sharing_screen and viewer in self.private_seats

    # Bots ----------------------------------------------------------------------------------

    def _start_thinking(self, to_act: Sequence[int]) -> None:
        for seat in to_act:
            if seat in self.bots and seat not in self._thinking:
                legal = self.match.legal(seat)
                # Everything the thread reads is made here: it never touches the Match.
                bot = self.bots[seat]
                before = copy.deepcopy(bot)  # not thinking now: each bot decides one at a time
                work = partial(decide, bot, self.match.view(seat), legal, self._bot_budget)
                runner = self._run
                if self._search is not None and isinstance(bot, Searching):
                    runner = self._search  # a search uses its whole budget: not in this process
                future = runner(work)
                ready_at = self.time + self.bot_pause
                self._thinking[seat] = _Thinking(future, self.time, ready_at, legal, bot, before)

    def _bot_ready(self, seat: int) -> bool:
        """Plays the bot's decision when it is made and its pause is over; True if it acted."""
        job = self._thinking[seat]
        if not job.future.done() or self.time < job.ready_at:
            return False
        try:
            decided = job.future.result()
        except Exception:  # a bot must never end the game: log it and play on
            log.exception("the bot at seat %s failed; it plays its first legal command", seat)
            command = job.legal[0]
        else:
            command = decided.command
            if self.bots.get(seat) is job.bot:  # not replaced meanwhile (a move taken back)
                self.bots[seat] = decided.bot  # what it learnt deciding, wherever it decided
        if command not in self.match.legal(seat):  # decided on a table that has changed since
            del self._thinking[seat]
            return False
        self._decided.append((len(self.match.record.moves), seat, job.before))
        self._play(seat, command)
        return True

    # Clocks --------------------------------------------------------------------------------

    def _start_clocks(self, to_act: Sequence[int]) -> None:
        if self._timeout is None:
            return
        for seat in to_act:
            if seat not in self.bots and seat not in self._clocks:
                timeout = self._timeout(self.match, seat)
                if timeout is not None:
                    self._clocks[seat] = _Clock(timeout, timeout.seconds)

    def _count_down(self, dt: float) -> None:
        """A human's clock runs only while they sit at the screen and may decide."""
        for seat, clock in self._clocks.items():
            if seat == self.viewer:
                clock.left -= dt


def replay_log(match: Match[Any], viewer: int | None) -> list[Played]:
    """The game so far as `Played` entries seen by `viewer` (a resumed table's log): the
    record replayed command by command from its start."""
    replay = match.replayed(0)
    entries = []
    for move in match.record.moves:
        events = replay.submit(move.seat, move.command)
        entries.append(
            Played(
                move.seat,
                move.command,
                tuple(event.seen_by(viewer) for event in events),
                viewer,
                replay.view(viewer),
            )
        )
    return entries
