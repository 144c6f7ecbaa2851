"""The explained hint, as the kit sees it (no pygame): every game says (`GameUI.hint`) which
command its NormalBot would play for the seat at the screen, from that seat's view and legal
commands only, and why, in a sentence built from the figures the bot weighed. The table asks
for it on a worker thread and shows it until the position changes (`table_hints.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Command, Match
from moonlight_desktop.i18n import N_, format_number

HINTS_OFF = N_("Hints are off for this table")
NOT_YOUR_TURN = N_("A hint is for your own turn")
EVEN = 1e-6
"""Figures closer than this are a tie to a bot (its tie-break decides, not the figures)."""
BY_LOT = N_("either will do, and a draw of lots picked this one")
"""What decided between two moves worth the same, for a bot whose tie-break draws lots
(marked here, translated where it is said: `_(BY_LOT)`)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hint suggests and why."""

    command: Command
    text: str


def figure(value: float, digits: int = 1) -> str:
    """`value` written to `digits` decimals as the language writes them ("2.5", "2,5"), never
    "-0.0": what rounds to nothing is none."""
    rounded = round(value, digits)
    return format_number(0.0 if rounded == 0 else rounded, digits)


def even(chosen: float, other: float) -> bool:
    """Whether two figures are a tie to a bot: its tie-break decided between them."""
    return abs(chosen - other) < EVEN


def told_apart(chosen: float, other: float) -> tuple[str, str] | None:
    """Two figures written with the fewest decimals (one, else two) that tell them apart, or
    None when they agree to two decimals: then the words must say what decided (the bot's
    tie-break where they are `even`, else a margin under a hundredth)."""
    if even(chosen, other):
        return None
    for digits in (1, 2):
        written = figure(chosen, digits), figure(other, digits)
        if written[0] != written[1]:
            return written
    return None


def hint_seed(match: Match[Any], seat: int) -> int:
    """The seed of a hint: the same for the same position (the match's seed, how far it has
    gone, the seat), so asking again gives the same hint."""
    return (match.record.seed * 1_000_003 + len(match.record.moves) * 101 + seat) % (2**61 - 1)
