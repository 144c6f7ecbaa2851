"""A game as one seat at an online table knows it: what the server told it, in the shape of a
`Match` so the window's screens, log and hints show it as they show a game at one computer.

The server holds the full state; this holds only the seat's view, what it may do, the events it
was told and, once the game is over, the record the server reveals then (docs/RULINGS.md), from
which the final scoring and the past game's replay are made as at one computer. No pygame.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import msgspec

from moonlight_desktop.engine import (
    Command,
    Event,
    Match,
    Move,
    RecordError,
    Rules,
    SeatSpec,
    View,
)
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.game import GameSpec
from moonlight_desktop.engine.record import GameRecord

from .protocol import SeatInfo

UNSEEN = Command()
"""Another seat's command, which this seat was not told (its events tell what it may know)."""


def _subclasses(kind: type[Event]) -> list[type[Event]]:
    found = []
    for sub in kind.__subclasses__():
        found.append(sub)
        found.extend(_subclasses(sub))
    return found


@cache
def _event_kinds(package: str) -> dict[str, type[Event]]:
    """The event classes of the game whose rules live in `package`, by kind."""
    return {
        sub.kind: sub
        for sub in _subclasses(Event)
        if sub.kind and sub.__module__.startswith(package + ".")
    }


def event_from_json(rules: Rules[Any], data: Any) -> Event:
    """An event as the server sent it (`Event.to_json`), read back into the game's own class;
    RecordError for anything that is not one of the game's events, whole and well typed."""
    package = type(rules).__module__.rpartition(".")[0]
    if not isinstance(data, dict) or not isinstance(data.get("event"), str):
        raise RecordError(f"an event must be an object with its kind: {brief(data, 60)}")
    kind = _event_kinds(package).get(data["event"])
    if kind is None:
        raise RecordError(f"no event of this game is called {brief(data['event'], 40)}")
    fields = {name: value for name, value in data.items() if name != "event"}
    try:
        return msgspec.convert(fields, kind, strict=False)
    except (msgspec.ValidationError, TypeError, ValueError) as error:
        raise RecordError(f"a {kind.kind} event is not well formed: {error}") from None


def seat_specs(seats: Sequence[SeatInfo]) -> tuple[SeatSpec, ...]:
    return tuple(
        SeatSpec(seat.name, "bot" if seat.kind == "bot" else "human", seat.level) for seat in seats
    )


class _Opening:
    """The starting table, as far as `Match.replayed(0)` is asked of a remote game."""

    def __init__(self, view: View) -> None:
        self._view = view

    def view(self, seat: int | None) -> View:
        return self._view


class RemoteMatch:
    """The seat's side of an online game, asked as a `Match` is (the screens only ask what a
    seat may know: its own view, what it may do, the seats). Changed only by `told`."""

    def __init__(
        self,
        spec: GameSpec,
        room: str,
        options: Mapping[str, Any],
        seats: Sequence[SeatInfo],
        seat: int | None,
        opening: Mapping[str, Any],
    ) -> None:
        """RecordError when the opening view is not one of the game's."""
        self.spec = spec
        self.rules: Rules[Any] = spec.rules
        self.seat = seat
        # The seed only varies hints from position to position (hints.hint_seed): the room's
        # code gives one that is the same on every computer and tells nothing hidden.
        seed = zlib.crc32(room.encode())
        self.record = GameRecord(self.rules.game_id, dict(options), seat_specs(seats), seed)
        self._opening = self.read_view(opening)
        self._view: View = self._opening
        self._to_act: tuple[int, ...] = ()
        self._legal: tuple[Command, ...] = ()
        self.finished: Match[Any] | None = None
        """The whole game, replayed from the record the server reveals when it is over."""

    # Reading what the server said -------------------------------------------------------------

    def read_view(self, data: Any) -> View:
        try:
            return self.rules.view_from_json(data)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise RecordError(f"a view that is not one of this game's: {error}") from None

    def read_events(self, events: Sequence[Any]) -> tuple[Event, ...]:
        return tuple(event_from_json(self.rules, event) for event in events)

    def read_command(self, data: Any) -> Command:
        try:
            return self.spec.codec.decode(data)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"a command that is not one of this game's: {error}") from None

    def told(
        self,
        view: Any,
        to_act: Sequence[int],
        legal: Sequence[Any],
        record: Any = None,
        *,
        actor: int | None = None,
        command: Command = UNSEEN,
    ) -> None:
        """The table after an update (or a whole table): this seat's view, who is asked and
        what this seat may do; `actor`'s `command` is kept in the record (UNSEEN for another
        seat's), and `record` is the whole game's, revealed at its end. RecordError (nothing
        changed) when any of it is not of this game."""
        read_view = self.read_view(view)
        read_legal = tuple(self.read_command(command) for command in legal)
        finished = None if record is None else self._finished(record)
        if not all(isinstance(seat, int) and 0 <= seat < len(self.seats) for seat in to_act):
            raise RecordError(f"seats asked that are not at this table: {brief(to_act, 40)}")
        self._view, self._to_act, self._legal = read_view, tuple(to_act), read_legal
        if actor is not None:
            self.record.moves.append(Move(actor, command))
        if finished is not None:
            self.finished = finished

    def _finished(self, data: Any) -> Match[Any]:
        record = GameRecord.from_json(data, lambda game: self.spec.codec)
        if record.game != self.rules.game_id:
            raise RecordError("the revealed record is of another game")
        match = Match(self.rules, record)
        if not match.is_over():
            raise RecordError("the revealed record is of a game that is not over")
        return match

    def restart_moves(self, moves: Sequence[Move]) -> None:
        """The record's moves as a whole table tells them (after coming back, or an undo)."""
        self.record.moves[:] = moves

    # What the screens ask, as of a Match ------------------------------------------------------

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return self.record.seats

    def to_act(self) -> tuple[int, ...]:
        return () if self.finished is not None else self._to_act

    def legal(self, seat: int) -> Sequence[Command]:
        return self._legal if seat == self.seat and seat in self.to_act() else ()

    def view(self, seat: int | None) -> View:
        """This seat's view (a finished game's as any seat saw it)."""
        if self.finished is not None:
            return self.finished.view(seat)
        return self._view

    def is_over(self) -> bool:
        return self.finished is not None

    def scores(self) -> tuple[int, ...]:
        return self.finished.scores() if self.finished is not None else ()

    def winners(self) -> tuple[int, ...]:
        return self.finished.winners() if self.finished is not None else ()

    def snapshot(self) -> Any:
        if self.finished is None:
            raise RecordError("the full state of an online game is the server's")
        return self.finished.snapshot()

    def replayed(self, upto: int | None = None) -> Any:
        """The starting table (upto 0), the only earlier table a seat is told; a finished
        game's own replay otherwise."""
        if upto == 0:
            return _Opening(self._opening)
        if self.finished is None:
            raise RecordError("an online game's earlier tables are the server's")
        return self.finished.replayed(upto)
