"""One room of a game server: the only holder of a game's full state, and what each seat may be
told of it.

A room is its stored entries replayed: a command (`play`), an undo, a seat handed to a bot
or back, or the host's start of a room created waiting (until then nobody is asked). Every
seat is told only its own view and each event as it sees it (`Event.seen_by`), never the seed,
the pinned setup, another seat's token or the full state, until the game is over: then its
whole record is shown (docs/RULINGS.md, SP11).

The order of decisions is the server's: a seat is *asked* at the entry after which it came to
act (`asked_at`), and a command carries the last entry its sender had seen. One decided on a
table older than the seat's question is refused as too late; that is how a late "Stop!" in
Samarkand's countdown is judged (docs/RULINGS.md, SP10), and how a replayed message is refused.
No pygame.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from moonlight_desktop.engine import (
    Command,
    Event,
    GameRecord,
    IllegalCommand,
    Match,
    OptionsError,
    RecordError,
    SeatSpec,
)
from moonlight_desktop.engine.game import GameSpec
from moonlight_desktop.engine.undo import NoUndo, UndoGuard
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.i18n import N_

from .protocol import Clock, SeatInfo, TableState, Update
from .store import StoredRoom, StoredSeat

TOO_LATE = N_("Too late: the table moved on before your move arrived")
NOT_YOUR_SEAT = N_("You hold no seat in this room")
NOT_STARTED = N_("The game has not started yet")


class Refusal(Exception):
    """A request the room does not carry out, in words for the player: the English sentence
    as marked (`msgid`) and what fills its placeholders (`params`), for each window to tell
    in its own language (a server speaks none). `str()` is the English, for the logs."""

    def __init__(self, msgid: str, **params: str | int) -> None:
        super().__init__(msgid)
        self.msgid = msgid
        self.params = params

    def __str__(self) -> str:
        return self.msgid.format(**self.params) if self.params else self.msgid


def _seat_spec(seat: StoredSeat) -> SeatSpec:
    return SeatSpec(seat.name, "bot" if seat.kind == "bot" else "human", seat.level)


class Room:
    def __init__(self, stored: StoredRoom) -> None:
        """Replays `stored`'s entries; RecordError when they do not replay (a damaged
        database), OptionsError for a game or options this version cannot play."""
        self.stored = stored
        self.spec: GameSpec = game_spec(stored.game)
        self.match: Match[Any] = Match.new(
            self.spec.rules,
            [_seat_spec(seat) for seat in stored.seats],
            stored.seed,
            stored.options,
            stored.setup,
        )
        self.started = not stored.wait
        """False while the room waits for its host's start: nobody is asked."""
        self.guard = UndoGuard.from_match(self.match)
        self.handed: dict[int, str] = {}
        """Seats of people who are away that a bot plays for, with its level."""
        self.asked_at: dict[int, int] = {}
        self._clocks: tuple[int, list[Clock]] = (-1, [])
        self._ask(before=(), actor=None)
        entries, stored.entries = stored.entries, []
        for number, entry in enumerate(entries):
            try:
                self.carry_out(entry)
            except (Refusal, IllegalCommand, KeyError, TypeError) as error:
                raise RecordError(f"entry {number} of room {stored.code} fails: {error}") from None

    # What anyone may ask ---------------------------------------------------------------------

    @property
    def code(self) -> str:
        return self.stored.code

    @property
    def seq(self) -> int:
        """How many entries the room has: the number the next one gets."""
        return len(self.stored.entries)

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(n for n, seat in enumerate(self.stored.seats) if seat.kind == "person")

    def to_act(self) -> tuple[int, ...]:
        """The seats asked to decide now: none before the game has started."""
        return self.match.to_act() if self.started else ()

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot playing `seat` (its own, or handed), None for a person."""
        stored = self.stored.seats[seat]
        return stored.level if stored.kind == "bot" else self.handed.get(seat)

    def free_seat(self) -> int | None:
        """The first person's seat nobody has taken."""
        for number, seat in enumerate(self.stored.seats):
            if seat.kind == "person" and seat.token_hash is None:
                return number
        return None

    # Entries ---------------------------------------------------------------------------------

    def play_entry(self, seat: int, seen: int, data: dict[str, Any]) -> dict[str, Any]:
        """The entry for `seat`'s command `data` decided on entry `seen`, checked without
        changing anything; Refusal why not (the rules' own sentence for an illegal move)."""
        if not self.started:
            raise Refusal(NOT_STARTED)
        if seen > self.seq:
            raise Refusal(N_("That move names an update the table has not had"))
        if seat in self.asked_at and seen < self.asked_at[seat]:
            raise Refusal(TOO_LATE)
        try:
            command = self.spec.codec.decode(data)
        except RecordError as error:
            # Translators: {problem} says, in English, what is wrong with the move's data.
            raise Refusal(N_("Not a move of this game: {problem}"), problem=str(error)) from None
        if seat not in self.match.to_act():
            raise Refusal(N_("It is not your turn"))
        if command not in self.match.legal(seat):
            raise self._why_illegal(seat, command)
        return {"seat": seat, "play": command.to_json()}

    def undo_entry(self, seat: int, seen: int) -> dict[str, Any]:
        """The entry taking back `seat`'s last command, the same policy as at one table: only
        what no other seat has learnt from, and only while no other person has acted since.
        Its sender must have seen that command and every undo since (bots' replies after it
        go with it): a stale or replayed undo is refused, never taken to mean an older move.
        Once the game is over nothing is taken back (the policy's own rule), so the record
        shown then never returns to play (ruling SP11)."""
        if not self.started:
            raise Refusal(NOT_STARTED)
        if not self._last_seen_by(seat) < seen <= self.seq:
            raise Refusal(TOO_LATE)
        step = self.guard.undo_step(self.match, seat, self.people)
        if isinstance(step, NoUndo):
            raise Refusal(step.message, **step.params)
        return {"seat": seat, "undo": step.keep}

    def hand_entry(self, seat: int, level: str | None, here: Collection[int]) -> dict[str, Any]:
        """The entry giving the seat of a person who is away (not in `here`) to a bot of
        `level`, or back to its person (None)."""
        if seat >= len(self.stored.seats) or self.stored.seats[seat].kind != "person":
            raise Refusal(N_("Only a person's seat can be handed to a bot"))
        if level is not None and seat in here:
            raise Refusal(N_("That player is here: a seat is handed to a bot only while away"))
        if level is not None and level not in self.spec.bots:
            raise Refusal(N_("There is no bot level “{level}” for this game"), level=level)
        if self.handed.get(seat) == level:
            raise Refusal(N_("That seat is already so"))
        return {"seat": seat, "bot": level}

    def start_entry(self, seat: int) -> dict[str, Any]:
        """The entry by which the host (`seat`) starts a waiting room's game, once every
        person's seat is taken."""
        if seat != self.stored.host:
            raise Refusal(N_("Only the host starts the game"))
        if self.started:
            raise Refusal(N_("The game has started already"))
        if self.free_seat() is not None:
            raise Refusal(N_("Wait until every friend has sat down"))
        return {"seat": seat, "start": True}

    def carry_out(self, entry: dict[str, Any]) -> list[Event]:
        """Applies an entry the store has written (checked by `play_entry`, `undo_entry`,
        `hand_entry` or `start_entry` first, or read back) as entry number `seq`: the events
        of a command, none for the others."""
        seat = entry["seat"]
        before = self.match.to_act()
        events: list[Event] = []
        if "play" in entry:
            events = self.match.submit(seat, self.spec.codec.decode(entry["play"]))
            self.guard.saw(events)
        elif "undo" in entry:
            step = self.guard.undo_step(self.match, seat, self.people)
            if isinstance(step, NoUndo) or step.keep != entry["undo"]:
                raise Refusal(f"the undo to {entry['undo']} does not fit")
            self.match = self.guard.undone(self.match, step)
            before = ()  # the game as it was: every seat to act is asked afresh
        elif "start" in entry:
            if self.started:
                raise Refusal("a second start")
            self.started = True
            before = ()  # every seat to act is asked now
        elif "bot" in entry:
            if entry["bot"] is None:
                self.handed.pop(seat, None)
            else:
                self.handed[seat] = str(entry["bot"])
        else:
            raise Refusal("an entry of no known kind")
        self.stored.entries.append(entry)
        self._ask(before, seat if "play" in entry else None)
        return events

    # What a seat is told ---------------------------------------------------------------------

    def seat_infos(self, here: Collection[int]) -> list[SeatInfo]:
        return [
            SeatInfo(
                seat.name,
                seat.kind,
                self.bot_level(number),
                seat.kind == "bot" or seat.token_hash is not None,
                seat.kind == "bot" or number in here,
            )
            for number, seat in enumerate(self.stored.seats)
        ]

    def clocks(self) -> list[Clock]:
        """The timed decisions open now, worked out once per entry (every seat's message
        after it holds the same)."""
        if self._clocks[0] != self.seq:
            found = []
            for seat in self.to_act():
                timeout = self.spec.timeout(self.match, seat)
                if timeout is not None:
                    found.append(Clock(seat, timeout.seconds))
            self._clocks = (self.seq, found)
        return self._clocks[1]

    def legal_json(self, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or not self.started:
            return []  # a spectator decides nothing; nobody does before the start
        return [command.to_json() for command in self.match.legal(seat)]

    def table_state(
        self,
        seat: int | None,
        here: Collection[int],
        told: list[list[Event]] | None = None,
    ) -> TableState:
        """Everything `seat` may know of the table (None: a spectator, public facts only).
        `told`: the game's events (`told()`), when already replayed for another seat."""
        return TableState(
            room=self.code,
            game=self.stored.game,
            options=self.match.record.options,
            seats=self.seat_infos(here),
            seat=seat,
            seq=self.seq,
            view=self.match.view(seat).to_json(),
            to_act=list(self.to_act()),
            legal=self.legal_json(seat),
            history=[
                [event.seen_by(seat).to_json() for event in events]
                for events in (self.told() if told is None else told)
            ],
            clocks=self.clocks(),
            host=self.stored.host,
            started=self.started,
            actors=[move.seat for move in self.match.record.moves],
            record=self.record_json(),
            opening=self.opening(),
        )

    def update(
        self,
        seat: int | None,
        actor: int,
        events: Iterable[Event],
        command: dict[str, Any] | None = None,
    ) -> Update:
        """`command`: the actor's (as JSON), told to its own seat, and to every seat when the
        game says all may know commands of its kind (its events tell the rest)."""
        if seat != actor and (command or {}).get("cmd") not in self.spec.public_commands:
            command = None
        return Update(
            room=self.code,
            seq=self.seq,
            actor=actor,
            events=[event.seen_by(seat).to_json() for event in events],
            view=self.match.view(seat).to_json(),
            to_act=list(self.to_act()),
            legal=self.legal_json(seat),
            clocks=self.clocks(),
            command=command,
            record=self.record_json(),
        )

    def opening(self) -> dict[str, Any]:
        """The public view of the starting position (the window builds some screens from it),
        worked out when asked: a whole table is told rarely, and a room in memory stays small."""
        return self.match.replayed(0).view(None).to_json()

    def record_json(self) -> dict[str, Any] | None:
        """The game's whole record once it is over, hidden facts and seed included (ruling
        SP11: the final scoring needs them, and the game is kept among one's past games), with
        the names the seats have now; None while it goes on."""
        if not self.match.is_over():
            return None
        record = self.match.record
        seats = tuple(_seat_spec(seat) for seat in self.stored.seats)
        return GameRecord(
            record.game, record.options, seats, record.seed, record.setup, record.moves
        ).to_json()

    def told(self) -> list[list[Event]]:
        """Every command's events, replayed from the start (for the log of a table told
        afresh; each seat is told them as it sees them)."""
        replay = self.match.replayed(0)
        return [replay.submit(move.seat, move.command) for move in self.match.record.moves]

    # Inside -----------------------------------------------------------------------------------

    def _last_seen_by(self, seat: int) -> int:
        """The number of the last entry an undo of `seat` must have been decided after: its
        own last command, or the last undo of anyone's (-1: none)."""
        for number in range(len(self.stored.entries) - 1, -1, -1):
            entry = self.stored.entries[number]
            if "undo" in entry or ("play" in entry and entry["seat"] == seat):
                return number
        return -1

    def _ask(self, before: Collection[int], actor: int | None) -> None:
        """Notes when each seat now to act was asked: a seat newly to act, or asked again
        right after its own command, is asked at this entry."""
        now = self.to_act()
        for seat in list(self.asked_at):
            if seat not in now:
                del self.asked_at[seat]
        for seat in now:
            if seat not in before or seat == actor or seat not in self.asked_at:
                self.asked_at[seat] = self.seq

    def _why_illegal(self, seat: int, command: Command) -> Refusal:
        """The refusal of an illegal command, in the rules' own words."""
        try:
            self.spec.rules.apply(self.match.snapshot(), seat, command)
        except IllegalCommand as error:
            return Refusal(error.msgid, **error.params)
        except (OptionsError, RecordError) as error:
            # Translators: {problem} says, in English, what is wrong with the move's data.
            return Refusal(N_("Not a move of this game: {problem}"), problem=str(error))
        return Refusal(N_("That move is not allowed now"))
