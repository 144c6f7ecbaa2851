"""The standings of a finished game of Moons: each seat's final score part by part, how a tie
at the top was broken, and the winners.

Built from a view of the finished game: once the game is over every seat's tokens and Score
Modifiers are public (MO10), so any seat's view (or a spectator's) gives the same standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from moonlight_desktop.i18n import _, format_list, ngettext

from ..scoring import best_partition
from ..state import Phase
from ..view import MoonsView
from .terms import PointsLine, partition_parts, planet_name


@dataclass(frozen=True, slots=True)
class SeatStanding:
    seat: int
    total: int
    parts: tuple[PointsLine, ...]
    """The score in words, part by part; the points add up to `total`."""
    winner: bool


@dataclass(frozen=True, slots=True)
class TieStep:
    """One tie-break: the `planet` whose tokens were compared, and each still-tied seat's."""

    planet: int
    counts: tuple[tuple[int, int], ...]
    """(seat, tokens of `planet`)."""


@dataclass(frozen=True, slots=True)
class MoonsStandings:
    rows: tuple[SeatStanding, ...]
    """Best first: by score, then by the tie-break; level seats in seat order."""
    winners: tuple[int, ...]
    tie_break: tuple[TieStep, ...]
    """Empty when one seat had the best score alone."""
    note: str
    """The tie-break in words ("" when none was needed)."""
    kinds: tuple[tuple[str, str], ...] = ()
    """Each part's words with the kind of part it is (`partition_parts`)."""


def final_standings(view: MoonsView, names: Sequence[str]) -> MoonsStandings:
    if view.phase != Phase.OVER:
        raise ValueError("the standings are for a finished game")
    seats = range(view.seats)
    partitions = [best_partition(view.tokens[s], view.minis[s] or ()) for s in seats]
    totals = [partition.value for partition in partitions]
    tokens = view.tokens
    best = max(totals)
    tied = [s for s in seats if totals[s] == best]
    steps: list[TieStep] = []
    # Most Jupiter tokens, then Saturn, Neptune, Uranus; still level, a shared win (R1).
    for planet in range(4):
        if len(tied) == 1:
            break
        steps.append(TieStep(planet, tuple((s, tokens[s][planet]) for s in tied)))
        most = max(tokens[s][planet] for s in tied)
        tied = [s for s in tied if tokens[s][planet] == most]
    order = sorted(seats, key=lambda s: (-totals[s], *(-n for n in tokens[s]), s))
    parts = [partition_parts(partition) for partition in partitions]
    rows = tuple(
        SeatStanding(s, totals[s], tuple(line for line, _kind in parts[s]), s in tied)
        for s in order
    )
    kinds = {line[0]: kind for seat_parts in parts for line, kind in seat_parts}
    note = _tie_note(steps, tied, best, names)
    return MoonsStandings(rows, tuple(tied), tuple(steps), note, tuple(kinds.items()))


def _tie_note(steps: list[TieStep], winners: list[int], score: int, names: Sequence[str]) -> str:
    if not steps:
        return ""
    level = format_list([names[seat] for seat, _count in steps[0].counts])
    # Translators: {players} lists the tied players ("Ana and Ben").
    tie = ngettext(
        "{players} tie on {count} point: the most Jupiter tokens wins, "
        "then Saturn, Neptune and Uranus.",
        "{players} tie on {count} points: the most Jupiter tokens wins, "
        "then Saturn, Neptune and Uranus.",
        score,
    )
    sentences = [tie.format(players=level, count=score)]
    for step in steps:
        counts = ", ".join(
            # Translators: a player's number of tokens in the tie-break ("Ana 3").
            _("{player} {count}").format(player=names[seat], count=count)
            for seat, count in step.counts
        )
        # Translators: {counts} lists each tied player's tokens of the planet ("Ana 3, Ben 2").
        text = _("{planet} tokens: {counts}.")
        sentences.append(text.format(planet=planet_name(step.planet), counts=counts))
    if len(winners) == 1:
        sentences.append(_("{player} wins the tie-break.").format(player=names[winners[0]]))
    else:
        text = _("Still level: {players} share the win.")
        sentences.append(text.format(players=format_list([names[s] for s in winners])))
    return " ".join(sentences)
