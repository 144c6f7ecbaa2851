"""Moons in words: planets, cards and score breakdowns as a player reads them, in the active
language (moonlight_desktop.i18n).

Sentences never build a possessive from a seat's name ("Ana's"), since a name may be "You".
"""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.i18n import N_, _, format_list, ngettext

from ..components import ASTEROID_NAMES, MODIFIER_VALUE, MOON_CARDS, RANK_OF, SUIT_OF
from ..moves import HIDDEN
from ..scoring import COMPLETE_SET_VP, GROUP_SIZES, SINGLE_VP, TRIPLE_VP_PER_TOKEN, Partition

PLANET_NAMES = (N_("Jupiter"), N_("Saturn"), N_("Neptune"), N_("Uranus"))
"""By planet number: the suits, in tie-break order (in English: `planet_name` translates)."""

MOON_CARD_WORDS = (
    # Translators: a Moon card in a sentence ("Ana plays the 7 of Jupiter"); {rank} is its
    # number 1-14. Also used after "with", "for" and "Give": keep a form that fits everywhere.
    N_("the {rank} of Jupiter"),
    N_("the {rank} of Saturn"),
    N_("the {rank} of Neptune"),
    N_("the {rank} of Uranus"),
)
"""A Moon card by its suit, one message a planet (French elides "d'Uranus")."""

PointsLine = tuple[str, int]
"""A part of a score: what it is in words, and its points."""


def planet_name(planet: int) -> str:
    """A planet (a suit) by its number, as a label: "Jupiter", "Neptun"."""
    return _(PLANET_NAMES[planet])


def card_words(card: int) -> str:
    """A card in a sentence: "the 7 of Jupiter", "the Asteroid 433 Eros", or "a card" when it
    is face down."""
    if card == HIDDEN:
        return _("a card")
    if card >= MOON_CARDS:
        # Translators: a full-size Asteroid card in a sentence ("Ana plays the Asteroid 1
        # Ceres"); {asteroid} is its number and name, e.g. "433 Eros".
        return _("the Asteroid {asteroid}").format(asteroid=ASTEROID_NAMES[card - MOON_CARDS])
    return _(MOON_CARD_WORDS[SUIT_OF[card]]).format(rank=RANK_OF[card])


def cards_words(cards: Sequence[int]) -> str:
    """Cards in a sentence, as a list: "the 7 of Jupiter and the 2 of Saturn"."""
    return format_list([card_words(card) for card in cards])


def win_words(names: Sequence[str], winners: Sequence[int], points: int) -> str:
    """Who won and with how many points: "Ana wins with 12 points", "Ana and Ben share the
    win with 12 points"."""
    if len(winners) == 1:
        return ngettext(
            "{player} wins with {count} point", "{player} wins with {count} points", points
        ).format(player=names[winners[0]], count=points)
    # Translators: {players} is a list of two or more names ("Ana and Ben").
    return ngettext(
        "{players} share the win with {count} point",
        "{players} share the win with {count} points",
        points,
    ).format(players=format_list([names[s] for s in winners]), count=points)


def _group_words(planet: int, size: int, count: int) -> str:
    """`count` Score Modifier groups of `size` tokens of `planet` (as the rulebook shows the
    cards: a single, a pair, a triple)."""
    if size == 1:
        text = ngettext(
            "{count} {planet} single (Score Modifier)",
            "{count} {planet} singles (Score Modifier)",
            count,
        )
    elif size == 2:
        text = ngettext(
            "{count} {planet} pair (Score Modifier)",
            "{count} {planet} pairs (Score Modifier)",
            count,
        )
    else:
        text = ngettext(
            "{count} {planet} triple (Score Modifier)",
            "{count} {planet} triples (Score Modifier)",
            count,
        )
    return text.format(count=count, planet=planet_name(planet))


# Translators: the kinds of part of a Moons score, as the game-over chart's legend names them
# (each stands for every count: "1 complete set" and "3 complete sets" are one kind).
COMPLETE_SETS = N_("Complete sets")
SETS_OF_THREE = N_("Sets of three")
SCORE_MODIFIERS = N_("Score Modifier")
OTHER_TOKENS = N_("Other tokens")


def partition_lines(partition: Partition) -> tuple[PointsLine, ...]:
    """A score's parts in words, each with its points, in the rulebook's order: complete
    sets, sets of three, Score Modifier groups, the other tokens. Parts worth nothing are
    left out, so the lines add up to the score."""
    return tuple(line for line, _kind in partition_parts(partition))


def partition_parts(partition: Partition) -> tuple[tuple[PointsLine, str], ...]:
    """`partition_lines`, each with the kind of part it is, in words: one name for every
    count of it, in every language (a plural's form never splits a kind)."""
    parts: list[tuple[PointsLine, str]] = []
    complete = partition.complete_sets
    if complete:
        text = ngettext(
            "{count} complete set of all four planets",
            "{count} complete sets of all four planets",
            complete,
        )
        parts.append(((text.format(count=complete), COMPLETE_SET_VP * complete), COMPLETE_SETS))
    for missing, count in enumerate(partition.triples):
        if count:
            planets = format_list([planet_name(p) for p in range(4) if p != missing])
            # Translators: {planets} lists the three planets of the set ("Jupiter, Saturn
            # and Uranus").
            text = ngettext(
                "{count} set of three: {planets}", "{count} sets of three: {planets}", count
            )
            line = (text.format(count=count, planets=planets), 3 * TRIPLE_VP_PER_TOKEN * count)
            parts.append((line, SETS_OF_THREE))
    for planet, counts in enumerate(partition.groups):
        for size in GROUP_SIZES:
            if counts[size - 1]:
                line = (
                    _group_words(planet, size, counts[size - 1]),
                    MODIFIER_VALUE[size] * counts[size - 1],
                )
                parts.append((line, SCORE_MODIFIERS))
    singles = sum(partition.singles)
    if singles:
        text = ngettext("{count} other token", "{count} other tokens", singles)
        parts.append(((text.format(count=singles), SINGLE_VP * singles), OTHER_TOKENS))
    return tuple((line, _(kind)) for line, kind in parts)
