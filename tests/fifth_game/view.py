"""What a seat knows of a game of Nim: everything (nothing is hidden)."""

from __future__ import annotations

from dataclasses import dataclass

from moonlight_desktop.engine import JsonDict


@dataclass(frozen=True, slots=True)
class NimView:
    viewer: int | None
    heaps: tuple[int, ...]
    turn: int
    winner: int

    def to_json(self) -> JsonDict:
        return {
            "viewer": self.viewer,
            "heaps": list(self.heaps),
            "turn": self.turn,
            "winner": self.winner,
        }
