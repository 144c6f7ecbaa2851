"""Nim's rules: heaps of stones (3, 4 and 5 unless the options say otherwise); two players
take turns, each taking one or more stones from one heap; whoever takes the last stone wins.
The seed (or a pinned setup) says who starts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import (
    Command,
    CommandCodec,
    Event,
    IllegalCommand,
    JsonDict,
    OptionsError,
    RecordError,
    Rng,
)
from moonlight_desktop.engine.data import refuse_mistyped
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.schema import Entry, Int, ListOf, Object

from .view import MAX_HEAPS, MAX_STONES, NimView


@dataclass(frozen=True, slots=True)
class Take(Command):
    """Take `count` stones from heap `heap`."""

    kind = "take"
    heap: int
    count: int


@dataclass(frozen=True, slots=True)
class Took(Event):
    kind = "took"
    seat: int
    heap: int
    count: int


@dataclass(frozen=True, slots=True)
class Won(Event):
    """`seat` took the last stone."""

    kind = "won"
    seat: int


CODEC: CommandCodec[Command] = CommandCodec([Take])

OPTIONS = Object({"heaps": Entry(ListOf(Int(1, MAX_STONES), 1, MAX_HEAPS), default=[3, 4, 5])})
"""The heaps' sizes at the start."""
PINNED_SETUP = Object({"first": Entry(Int(0, 1), required=True)})
"""Who starts, instead of the seed's choice."""
STATE = Object(
    {
        "heaps": Entry(ListOf(Int(0, MAX_STONES), 1, MAX_HEAPS), required=True),
        "turn": Entry(Int(0, 1), required=True),
        "winner": Entry(Int(-1, 1), required=True),
        "turns": Entry(Int(0, MAX_HEAPS * MAX_STONES), required=True),
    }
)


@dataclass(slots=True)
class NimState:
    heaps: list[int]
    turn: int
    """The seat to take next."""
    winner: int = -1
    """Who took the last stone (-1: nobody yet)."""
    turns: int = 0

    def clone(self) -> NimState:
        return NimState(list(self.heaps), self.turn, self.winner, self.turns)

    def to_json(self) -> JsonDict:
        return {
            "heaps": list(self.heaps),
            "turn": self.turn,
            "winner": self.winner,
            "turns": self.turns,
        }


def _take(state: NimState, seat: int, take: Take) -> None:
    state.heaps[take.heap] -= take.count
    state.turns += 1
    if any(state.heaps):
        state.turn = 1 - seat
    else:
        state.winner = seat


class NimRules:
    game_id = "nim"
    title = "Nim"
    min_seats = 2
    max_seats = 2

    def normalize_options(self, options: Mapping[str, Any], seats: int) -> JsonDict:
        if type(seats) is not int or seats != 2:
            raise OptionsError(f"Nim is for 2 players, not {brief(seats)}")
        return OPTIONS.check(options, "options")

    def new_state(
        self,
        options: Mapping[str, Any],
        seats: int,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> NimState:
        heaps = self.normalize_options(options, seats)["heaps"]
        first = Rng(seed).below(2) if setup is None else PINNED_SETUP.check(setup, "setup")["first"]
        return NimState(list(heaps), first)

    def command_from_json(self, data: Any) -> Command:
        return CODEC.decode(data)

    def to_act(self, state: NimState) -> tuple[int, ...]:
        return () if self.is_over(state) else (state.turn,)

    def legal_commands(self, state: NimState, seat: int) -> Sequence[Command]:
        if seat not in self.to_act(state):
            return []
        return [
            Take(heap, count)
            for heap, size in enumerate(state.heaps)
            for count in range(1, size + 1)
        ]

    def apply(self, state: NimState, seat: int, command: Command) -> list[Event]:
        refuse_mistyped(seat, command)
        if self.is_over(state):
            raise IllegalCommand("the game is over", command)
        if seat != state.turn:
            raise IllegalCommand(f"it is not seat {seat}'s turn", command)
        if not isinstance(command, Take):
            raise IllegalCommand("Nim has only Take", command)
        if not 0 <= command.heap < len(state.heaps):
            raise IllegalCommand("there is no such heap", command)
        if not 1 <= command.count <= state.heaps[command.heap]:
            raise IllegalCommand("take one stone at least, and no more than the heap has", command)
        _take(state, seat, command)
        events: list[Event] = [Took(seat, command.heap, command.count)]
        if self.is_over(state):
            events.append(Won(seat))
        return events

    def advance(self, state: NimState, seat: int, command: Command) -> None:
        assert isinstance(command, Take)
        _take(state, seat, command)

    def view(self, state: NimState, seat: int | None) -> NimView:
        return NimView(seat, tuple(state.heaps), state.turn, state.winner)

    def view_from_json(self, data: Any) -> NimView:
        return NimView.from_json(data, Int(self.min_seats, self.max_seats))

    def is_over(self, state: NimState) -> bool:
        return state.winner >= 0

    def scores(self, state: NimState) -> tuple[int, ...]:
        return tuple(int(seat == state.winner) for seat in range(2))

    def winners(self, state: NimState) -> tuple[int, ...]:
        return (state.winner,) if self.is_over(state) else ()

    def clone(self, state: NimState) -> NimState:
        return state.clone()

    def state_to_json(self, state: NimState) -> JsonDict:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> NimState:
        try:
            checked = STATE.check(dict(data), "state")
        except OptionsError as error:
            raise RecordError(f"not a Nim state: {error}") from None
        return NimState(checked["heaps"], checked["turn"], checked["winner"], checked["turns"])


def nim_stats(state: NimState) -> dict[str, float]:
    """Figures of a finished game, for the arena's report."""
    return {"turns": state.turns}
