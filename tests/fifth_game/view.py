"""What a seat knows of a game of Nim: everything (nothing is hidden)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import JsonDict
from moonlight_desktop.engine.schema import Int, ListOf, Nullable, all_required, read_view

SEATS = 2
MAX_HEAPS = 5
MAX_STONES = 9
"""The most stones a heap may start with."""

VIEW = all_required(
    {
        "viewer": Nullable(Int(0, SEATS - 1)),
        "heaps": ListOf(Int(0, MAX_STONES), 1, MAX_HEAPS),
        "turn": Int(0, SEATS - 1),
        "winner": Int(-1, SEATS - 1),
    }
)


@dataclass(frozen=True, slots=True)
class NimView:
    viewer: int | None
    heaps: tuple[int, ...]
    turn: int
    winner: int

    def to_json(self) -> JsonDict:
        return {
            "viewer": self.viewer,
            "seats": SEATS,
            "heaps": list(self.heaps),
            "turn": self.turn,
            "winner": self.winner,
        }

    @staticmethod
    def from_json(data: Any, seats: Int) -> NimView:
        """A view read back from `to_json`, at a seat count in `seats`; RecordError for
        anything else."""
        checked = read_view(data, seats, lambda _seats: VIEW, "Nim")
        return NimView(checked["viewer"], checked["heaps"], checked["turn"], checked["winner"])
