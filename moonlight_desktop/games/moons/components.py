"""The pieces of Moons as small typed values: suits, the 60 full-size cards, the 38
mini-asteroids and the token counts (rulebook "Components", ruling O1)."""

from __future__ import annotations

from enum import IntEnum


class Planet(IntEnum):
    """A suit of Moon cards and a kind of planet token. The order is the tie-break order."""

    JUPITER = 0
    SATURN = 1
    NEPTUNE = 2
    URANUS = 3


PLANETS: tuple[Planet, ...] = tuple(Planet)
RANKS_PER_SUIT = 14
MOON_CARDS = 4 * RANKS_PER_SUIT
ASTEROIDS = 4
CARD_COUNT = MOON_CARDS + ASTEROIDS
TOKENS_PER_PLANET = 17
TABLEAU_SIZE = 3
MINIS_AT_SETUP = 2
NO_SUIT = -1
"""The suit of an Asteroid card, which belongs to none."""

# Card c < 56 is the Moon card of suit c // 14 and rank c % 14 + 1; 56..59 are the Asteroids.
SUIT_OF: tuple[int, ...] = (
    tuple(c // RANKS_PER_SUIT for c in range(MOON_CARDS)) + (NO_SUIT,) * ASTEROIDS
)
RANK_OF: tuple[int, ...] = (
    tuple(c % RANKS_PER_SUIT + 1 for c in range(MOON_CARDS)) + (0,) * ASTEROIDS
)
ASTEROID_NAMES = ("433 Eros", "1 Ceres", "951 Gaspra", "4 Vesta")


def moon_card(planet: int, rank: int) -> int:
    return planet * RANKS_PER_SUIT + rank - 1


def is_asteroid(card: int) -> bool:
    return card >= MOON_CARDS


def card_name(card: int) -> str:
    if is_asteroid(card):
        return ASTEROID_NAMES[card - MOON_CARDS]
    return f"{Planet(SUIT_OF[card]).name.title()} {RANK_OF[card]}"


def hand_size(seats: int) -> int:
    """All 60 cards are dealt: 20, 15, 12 or 10 each (O1)."""
    return CARD_COUNT // seats


class Mini(IntEnum):
    MODIFIER = 0
    TRADE_CARD = 1
    TRADE_TOKEN = 2
    BLOCK = 3


# Mini-asteroid m < 12 is the Score Modifier of suit m // 3 for groups of m % 3 + 1 tokens;
# then 10 Trade Card, 10 Trade Token and 6 Block.
MODIFIERS = 12
MINI_COUNT = 38
MINI_KIND: tuple[Mini, ...] = (
    (Mini.MODIFIER,) * MODIFIERS
    + (Mini.TRADE_CARD,) * 10
    + (Mini.TRADE_TOKEN,) * 10
    + (Mini.BLOCK,) * 6
)
MODIFIER_VALUE = {1: 2, 2: 4, 3: 8}
"""Score Modifier groups (O4): 1 token = 2 VP, 2 tokens = 4 VP, 3 tokens = 8 VP."""


def modifier_group(mini: int) -> tuple[int, int]:
    """(planet, tokens per group) of a Score Modifier."""
    return mini // 3, mini % 3 + 1
