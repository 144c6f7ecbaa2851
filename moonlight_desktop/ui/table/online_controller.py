"""The controller of an online table: the game server decides, this shows (no pygame).

It stands where `TableController` stands for a game at one computer and asks the scene the same
things (`Played`, `Refusal`, `GameOver`), but nothing is decided here: the seat's command goes
to the server, and the server's updates, each one command's events as this seat may see them,
come back through `hear`. They are taken one at a time while nothing animates, so other
people's moves arrive and animate as a bot's do, and the table the player acts on is always
the one on the screen. A whole table (on coming back, after an undo, when the host starts) is
set without animating (`Resat`).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Bot, Command, Match, Move, RecordError
from moonlight_desktop.engine.undo import NoUndo, UndoStep
from moonlight_desktop.i18n import N_, _
from moonlight_desktop.net.link import Arrived
from moonlight_desktop.net.protocol import (
    Clock,
    Message,
    Play,
    Presence,
    Refused,
    SeatInfo,
    TableState,
    Undo,
    Update,
)
from moonlight_desktop.net.remote import UNSEEN, RemoteMatch

from .controller import (
    NOBODY_AT_THE_TABLE,
    GameOver,
    HandOff,
    Played,
    Refusal,
    Runner,
    Seated,
    run_here,
)

UNREADABLE = N_("The game server sent news this app cannot read: the table is asked for afresh")
log = logging.getLogger(__name__)

NOT_CONNECTED = N_("Not connected to the game server: your move was not sent")
WAITING_FOR_SERVER = N_("Your move is on its way to the server")


@dataclass(frozen=True, slots=True)
class Resat:
    """The whole table afresh: show `view` and this log without animating."""

    view: Any
    history: list[Played]


OnlineRequest = Played | Seated | HandOff | Refusal | GameOver | Resat


class OnlineController:
    def __init__(
        self,
        match: RemoteMatch,
        first: Arrived,
        send: Callable[[Message], bool],
        *,
        conclude: Callable[[Match[Any]], Any] = lambda match: None,
        run_rules: Runner = run_here,
        round_trip: Callable[[], float] = lambda: 0.0,
        ask_afresh: Callable[[], None] = lambda: None,
    ) -> None:
        """`first`: the whole table the server told when the seat sat down or came back.
        `send`: to the server, False when not connected. `conclude`: the standings of the
        finished game (replayed from its revealed record on `run_rules`'s thread).
        `ask_afresh`: asks the server for the whole table again (after news this app could
        not read)."""
        self.match = match
        assert isinstance(first.message, TableState)
        self.room = first.message.room
        self._send = send
        self._conclude = conclude
        self._run_rules = run_rules
        self._round_trip = round_trip
        self._ask_afresh = ask_afresh
        self.requests: deque[OnlineRequest] = deque()
        self.viewer: int | None = match.seat
        self.watching = match.seat is None
        self.humans: tuple[int, ...] = () if match.seat is None else (match.seat,)
        """The people at this screen: this seat's (the others are at their own)."""
        self.bots: dict[int, Bot] = {}
        """Bots play on the server: none here."""
        self.bot_pause = 0.0
        self.bots_wait = False
        self.time = 0.0
        self.seq = 0
        """The last update shown: a command is decided on this table."""
        self.seats: list[SeatInfo] = []
        self.host = -1
        """The host's seat: it may let bots play for friends who are away."""
        self.started = True
        self._pending: deque[Arrived] = deque()
        self._sent: Play | None = None
        """The command sent, until the server's update for it (or its refusal) comes."""
        self._clocks: list[Clock] = []
        self._clocks_at = 0.0
        """When (time.monotonic) the clocks shown were told."""
        self._concluding: Future[GameOver] | None = None
        self._over_told = False
        self.history: list[Played] = []
        """The log of the last whole table told."""
        self._set(first.message, first.at)
        self.requests.clear()  # the scene sets the first table itself (`history`)

    # What the server says ---------------------------------------------------------------------

    def hear(self, arrived: Arrived) -> None:
        """A message for this room (the scene's flow hands on only those). RecordError for
        one that is not of this game (a server of ours never sends one)."""
        message = arrived.message
        if isinstance(message, Update):
            self._pending.append(arrived)
        elif isinstance(message, TableState):
            try:
                self._set(message, arrived.at)
            except RecordError as error:
                self._unreadable(error)
        elif isinstance(message, Presence):
            self._seats(message.seats, message.started)
        elif isinstance(message, Refused) and message.about in ("play", "undo"):
            self._sent = None
            self.requests.append(Refusal(self.viewer or 0, message.reason))

    def _seats(self, seats: list[SeatInfo], started: bool) -> None:
        self.seats, self.started = seats, started

    def _set(self, table: TableState, at: float) -> None:
        """A whole table: the log rebuilt from its history, shown without animating."""
        match, viewer = self.match, self.viewer
        actors = table.actors
        seats = range(len(match.seats))
        if len(actors) != len(table.history) or not all(seat in seats for seat in actors):
            raise RecordError("a table whose moves name no seat, or seats not at it")
        history = [
            Played(actor, UNSEEN, match.read_events(events), viewer, match.view(viewer))
            for actor, events in zip(actors, table.history, strict=True)
        ]
        match.told(table.view, table.to_act, table.legal, table.record)
        match.restart_moves([Move(actor, UNSEEN) for actor in actors])
        self._seats(table.seats, table.started)
        self.host = table.host
        self._pending.clear()
        self._sent = None
        self.seq = table.seq
        self._clocks, self._clocks_at = table.clocks, at
        self._concluding, self._over_told = None, False
        self.history = history
        self.requests.append(Resat(match.view(viewer), history))

    def _unreadable(self, error: RecordError) -> None:
        """News this app cannot read (a server of another make, or damaged on the way):
        nothing of it is shown; the whole table is asked for again."""
        log.warning("the game server sent a table this app cannot read: %s", error)
        self._pending.clear()
        self._sent = None
        self.requests.append(Refusal(self.viewer or 0, _(UNREADABLE)))
        self._ask_afresh()

    def _show_next(self) -> None:
        """The next update the server sent, as a command played on this table."""
        arrived = self._pending.popleft()
        update = arrived.message
        assert isinstance(update, Update)
        match, viewer = self.match, self.viewer
        mine = self._sent is not None and update.actor == viewer
        command = UNSEEN
        if update.command is not None:
            command = match.read_command(update.command)
        elif mine and self._sent is not None:
            command = match.read_command(self._sent.command)
        events = match.read_events(update.events)
        match.told(
            update.view,
            update.to_act,
            update.legal,
            update.record,
            actor=update.actor,
            command=command,
        )
        if mine:
            self._sent = None
        self.seq = update.seq
        self._clocks, self._clocks_at = update.clocks, arrived.at
        self.requests.append(Played(update.actor, command, events, viewer, match.view(viewer)))

    # What the scene may ask -------------------------------------------------------------------

    @property
    def sharing_screen(self) -> bool:
        return False

    def bot_seats(self) -> Collection[int]:
        """The server's bots, and friends' seats a bot plays while they are away."""
        return [n for n, seat in enumerate(self.seats) if seat.kind == "bot" or seat.level]

    @property
    def applying(self) -> bool:
        """A command of this seat is on its way to the server."""
        return self._sent is not None

    @property
    def over_told(self) -> bool:
        return self._over_told

    def may_act(self) -> bool:
        """Asked now, on the latest table: none of the server's news waits to be shown."""
        if self.watching or self._sent is not None or self._pending or not self.started:
            return False
        return self.viewer is not None and self.viewer in self.match.to_act()

    def deciding(self) -> bool:
        return self.may_act() or self._sent is not None

    def legal(self) -> Sequence[Command]:
        return self.match.legal(self.viewer) if self.may_act() and self.viewer is not None else ()

    def thinking(self) -> tuple[int, ...]:
        return ()

    def thinking_progress(self, seat: int) -> float | None:
        return None

    def time_left(self, seat: int) -> tuple[float, float] | None:
        """The server's countdown for `seat`, less the time since it was told and half the
        round trip (the way the news came), so it ends here before it ends there."""
        for clock in self._clocks:
            if clock.seat == seat:
                since = time.monotonic() - self._clocks_at + self._round_trip() / 2
                return max(0.0, clock.seconds - since), clock.seconds
        return None

    def undo_state(self) -> UndoStep | NoUndo:
        """Online, the server judges each undo (only while no other person has acted)."""
        if self.watching or self.viewer is None:
            return NoUndo(_(NOBODY_AT_THE_TABLE))
        if self._sent is not None:
            return NoUndo(_(WAITING_FOR_SERVER))
        if self.match.is_over():
            return NoUndo(_("The game is over"))
        moves = self.match.record.moves
        if not moves or moves[-1].seat != self.viewer:
            return NoUndo(_("Only your own last move may be taken back, before anyone answers it"))
        return UndoStep(len(moves) - 1, self.viewer)

    def bots_at(self, keep: int) -> dict[int, Bot]:
        return {}

    # What the scene tells it ------------------------------------------------------------------

    def submit(self, command: Command) -> bool:
        """The seat's command, sent to the server: True when sent (its update or a refusal
        follows); False when the seat is not asked, or not connected (the player is told)."""
        if not self.may_act():
            return False
        play = Play(self.room, self.seq, command.to_json())
        if not self._send(play):
            self.requests.append(Refusal(self.viewer or 0, _(NOT_CONNECTED)))
            return True
        self._sent = play
        return True

    def take_back(self) -> bool:
        """Asks the server to take back this seat's last command; False when not connected."""
        return self._send(Undo(self.room, self.seq))

    def save(self) -> None:
        """The server keeps the game."""

    def settle(self, timeout: float | None = None) -> None:
        if self._concluding is not None:
            self._concluding.exception(timeout)

    def take_seat(self, seat: int) -> None:
        """Each computer shows its own seat: no hand-offs online."""

    def update(self, dt: float, idle: bool) -> None:
        self.time += dt
        if not idle:
            return
        if self._pending:
            try:
                self._show_next()
            except RecordError as error:
                self._unreadable(error)
            return
        finished = self.match.finished
        if finished is None or self._over_told:
            return
        if self._concluding is None:
            self._concluding = self._run_rules(lambda: self._over(finished))
        if self._concluding.done():
            self._over_told = True
            self.requests.append(self._concluding.result())

    def _over(self, match: Match[Any]) -> GameOver:
        return GameOver(match.scores(), match.winners(), self._conclude(match))

    def waits(self, idle: bool) -> bool:
        """Nothing changes with time unless news waits to be shown, a countdown runs or the
        standings are being made (the link wakes the window when news comes)."""
        if self._pending and idle:
            return False
        if self._clocks and self.match.to_act():
            return False
        if self.match.finished is not None and not self._over_told:
            return self._concluding is not None and not self._concluding.done()
        return True
