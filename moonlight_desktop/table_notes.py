"""What a table keeps beside a game's record: whether hints are on, and how many hints each
seat asked for. Kept in files of their own beside the game in progress and the archived game
(the record's format is the engine's and stays as it is), so every older save, archive entry
and exported record still loads; a missing or unusable notes file means hints on, none used.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

NOTES_LIMIT = 1_000_000
"""The most hints one seat is counted for (a count beyond it is not a count we wrote)."""


@dataclass(slots=True)
class TableNotes:
    hints: bool = True
    """Hints may be asked for at this table (the setup's option; on unless turned off)."""
    hints_used: list[int] = field(default_factory=list)
    """How many hints each seat asked for, by seat number."""
    seed: int | None = None
    """The seed of the game these notes belong to (a notes file of another game is ignored)."""

    def used(self, seat: int) -> int:
        return self.hints_used[seat] if 0 <= seat < len(self.hints_used) else 0

    def count_hint(self, seat: int) -> None:
        while len(self.hints_used) <= seat:
            self.hints_used.append(0)
        self.hints_used[seat] += 1

    def for_seats(self, seats: int) -> tuple[int, ...]:
        return tuple(self.used(seat) for seat in range(seats))

    def to_json(self) -> dict[str, Any]:
        return {"hints": self.hints, "hints_used": list(self.hints_used), "seed": self.seed}

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @staticmethod
    def from_json(data: Any) -> TableNotes:
        """Notes read leniently: a missing or wrong field is its default (hints on, none
        used), never an error."""
        if not isinstance(data, dict):
            return TableNotes()
        hints = data.get("hints", True)
        used = data.get("hints_used", [])
        seed = data.get("seed")
        return TableNotes(
            hints=hints if isinstance(hints, bool) else True,
            hints_used=_counts(used),
            seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
        )


def _counts(data: Any) -> list[int]:
    if not isinstance(data, list) or len(data) > 64:
        return []
    return [
        n if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= NOTES_LIMIT else 0
        for n in data
    ]


def hints_in_setup(setup: Any) -> bool:
    """Whether a remembered setup (as JSON) has hints on: a setup from before the option, or
    one that cannot be read, has them on."""
    if isinstance(setup, dict):
        value = setup.get("hints", True)
        return value if isinstance(value, bool) else True
    return True


def total(counts: Sequence[int]) -> int:
    return sum(counts)
