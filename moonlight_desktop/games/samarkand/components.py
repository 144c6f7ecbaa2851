"""The physical pieces of Le Marché de Samarkand as small typed values (ruling S1).

A goods card is an int: `type * 10 + index`, its value `GOODS_VALUES[index]`. Cards of one type
and value look alike, so nothing hidden hangs on an id. A camel is its capacity.
"""

from __future__ import annotations

from enum import IntEnum


class GoodsType(IntEnum):
    FRUITS = 0
    JEWELS = 1
    SPICES = 2
    TEXTILES = 3
    CLOTHING = 4


GOODS_TYPES: tuple[GoodsType, ...] = tuple(GoodsType)
GOODS_VALUES: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 5, 5, 6, 7)
CARDS_PER_TYPE = len(GOODS_VALUES)
CAMEL_CAPACITIES: tuple[int, ...] = (3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6)
TURNS = 10
TOP_PRICE = 10
CAMEL = 50
"""The lot id of the face-up camel (goods lots are their card ids, 0..49)."""
BANK = -1
"""Who is paid for camels and for the bank's goods at 3 seats."""
NOT_IN_PLAY = -3
"""The seller of a goods type nobody sells in this game."""


def card_type(card: int) -> int:
    return card // CARDS_PER_TYPE


def card_value(card: int) -> int:
    return GOODS_VALUES[card % CARDS_PER_TYPE]


def cards_of(goods_type: int) -> list[int]:
    return list(range(goods_type * CARDS_PER_TYPE, (goods_type + 1) * CARDS_PER_TYPE))


def half_rounded_up(value: int) -> int:
    """What each claimant of a dispute pays (S4): half of 7 is 4."""
    return (value + 1) // 2
