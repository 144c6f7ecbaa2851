"""Moons in words: planets, cards and score breakdowns as a player reads them.

Sentences never build a possessive from a seat's name ("Ana's"), since a name may be "You".
"""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.ui.table.phrasing import counted, joined

from ..components import ASTEROID_NAMES, MODIFIER_VALUE, MOON_CARDS, RANK_OF, SUIT_OF
from ..moves import HIDDEN
from ..scoring import COMPLETE_SET_VP, GROUP_SIZES, SINGLE_VP, TRIPLE_VP_PER_TOKEN, Partition

PLANET_NAMES = ("Jupiter", "Saturn", "Neptune", "Uranus")
"""By planet number: the suits, in tie-break order."""
GROUP_NAMES = {1: "single", 2: "pair", 3: "triple"}
"""A Score Modifier's group, by its number of tokens (as the rulebook shows the cards)."""

PointsLine = tuple[str, int]
"""A part of a score: what it is in words, and its points."""


def card_words(card: int) -> str:
    """A card in a sentence: "the 7 of Jupiter", "the Asteroid 433 Eros", or "a card" when it
    is face down."""
    if card == HIDDEN:
        return "a card"
    if card >= MOON_CARDS:
        return f"the Asteroid {ASTEROID_NAMES[card - MOON_CARDS]}"
    return f"the {RANK_OF[card]} of {PLANET_NAMES[SUIT_OF[card]]}"


def win_words(names: Sequence[str], winners: Sequence[int], points: int) -> str:
    """Who won and with how many points: "Ana wins with 12 points", "Ana and Ben share the
    win with 12 points"."""
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{joined([names[s] for s in winners])} {verb} with {counted(points, 'point')}"


def partition_lines(partition: Partition) -> tuple[PointsLine, ...]:
    """A score's parts in words, each with its points, in the rulebook's order: complete
    sets, sets of three, Score Modifier groups, the other tokens. Parts worth nothing are
    left out, so the lines add up to the score."""
    lines: list[PointsLine] = []
    if partition.complete_sets:
        lines.append(
            (
                counted(partition.complete_sets, "complete set") + " of all four planets",
                COMPLETE_SET_VP * partition.complete_sets,
            )
        )
    for missing, count in enumerate(partition.triples):
        if count:
            planets = [name for planet, name in enumerate(PLANET_NAMES) if planet != missing]
            lines.append(
                (
                    f"{counted(count, 'set')} of three: {joined(planets)}",
                    3 * TRIPLE_VP_PER_TOKEN * count,
                )
            )
    for planet, counts in enumerate(partition.groups):
        for size in GROUP_SIZES:
            if counts[size - 1]:
                group = counted(counts[size - 1], f"{PLANET_NAMES[planet]} {GROUP_NAMES[size]}")
                lines.append((f"{group} (Score Modifier)", MODIFIER_VALUE[size] * counts[size - 1]))
    singles = sum(partition.singles)
    if singles:
        lines.append((counted(singles, "other token"), SINGLE_VP * singles))
    return tuple(lines)
