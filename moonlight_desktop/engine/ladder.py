"""The bot ladder's tables as data: for one game, the tables that show each level a clear step
above the one below (Hard over Normal, Normal over Easy) while Easy still wins some games
against Normal, and the bar each table must clear. Each game's spec lists its own
(`GameSpec.ladder`); moonlight_desktop/ladder.py plays them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

HEAD_TO_HEAD = 0.65
"""The least a level must win against the one below it, two seats at the table."""
SHARE_STEP = 1.5
"""With one of a level among k-1 of the level below: the least multiple of the fair 1/k."""
EASY_WINS_SOME = 0.05
"""The least Easy must still win against Normal."""


@dataclass(frozen=True, slots=True)
class Check:
    level: str
    bar: float
    why: str


@dataclass(frozen=True, slots=True)
class Line:
    """One table of the ladder: the levels seated (rotated game by game), its options, and
    what it must show."""

    levels: tuple[str, ...]
    checks: tuple[Check, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""

    @property
    def title(self) -> str:
        seated = ", ".join(self.levels)
        return f"{seated} ({self.note})" if self.note else seated


def step_up(upper: str, lower: str, seats: int, **options: Any) -> Line:
    """One `upper` against `seats - 1` of `lower`: head to head at two seats, else a share."""
    if seats == 2:
        check = Check(upper, HEAD_TO_HEAD, f"{upper} over {lower} head to head")
    else:
        check = Check(upper, SHARE_STEP / seats, f"{SHARE_STEP:g}x the fair 1/{seats}")
    return Line((upper, *[lower] * (seats - 1)), (check,), options, _note(options))


def easy_wins_some(seats: int, **options: Any) -> Line:
    """One Easy against `seats - 1` Normal."""
    check = Check("easy", EASY_WINS_SOME, "easy still wins some against normal")
    return Line(("easy", *["normal"] * (seats - 1)), (check,), options, _note(options))


def ladder_at(seats: int) -> tuple[Line, ...]:
    """The usual ladder: each step up at `seats` and at one seat more, and Easy's wins some
    at `seats`."""
    return (
        step_up("hard", "normal", seats),
        step_up("normal", "easy", seats),
        easy_wins_some(seats),
        step_up("hard", "normal", seats + 1),
        step_up("normal", "easy", seats + 1),
    )


def _note(options: Mapping[str, Any]) -> str:
    return ", ".join(f"{key} {value}" for key, value in options.items())
