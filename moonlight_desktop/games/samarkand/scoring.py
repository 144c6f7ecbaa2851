"""Final scoring (rulebook "End of Game and Scoring" with rulings R0, S5): money places, camel
capacity and the discards it forces, the least-purchased type, groups of equal value, and the
penalty for empty camel spaces. Pure functions of plain values, shared by rules and bots."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from moonlight_desktop.engine.ranking import place_points

from .components import GOODS_VALUES, card_type, card_value

GROUP_POINTS = (0, 0, 1, 2, 4, 8, 16)
"""Points for a group of n cards of equal value; 6 or more score 16."""
DISTINCT_VALUES: tuple[int, ...] = tuple(sorted(set(GOODS_VALUES)))
EMPTY_SPACE_PENALTY = 2


def money_places(money: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """Places by distinct amounts (R0): 12, 12, 9, 3 with 5/3/1 give 5, 5, 3, 1."""
    by_seat = place_points(dict(enumerate(money)), points)
    return tuple(by_seat[seat] for seat in range(len(money)))


def group_points(value_counts: Sequence[int]) -> int:
    return sum(GROUP_POINTS[min(count, 6)] for count in value_counts)


def least_type_points(per_type: Sequence[Sequence[int]]) -> int:
    """The sum of the least-purchased type among the types the player could buy (S5); on a
    tie between least types, the best sum. A type never bought makes it 0."""
    fewest = min(len(values) for values in per_type)
    return max(sum(values) for values in per_type if len(values) == fewest)


def goods_points(per_type: Sequence[Sequence[int]]) -> int:
    counts = [0] * len(DISTINCT_VALUES)
    for values in per_type:
        for value in values:
            counts[DISTINCT_VALUES.index(value)] += 1
    return least_type_points(per_type) + group_points(counts)


@dataclass(frozen=True, slots=True)
class Breakdown:
    money: int
    least_type: int
    groups: int
    penalty: int
    discarded: tuple[int, ...]
    """Goods the camels could not carry, as chosen by the engine (S5)."""

    @property
    def total(self) -> int:
        return self.money + self.least_type + self.groups - self.penalty


def breakdown(
    goods: Sequence[int], camels: Sequence[int], buyable_types: Sequence[int], money_points: int
) -> Breakdown:
    capacity = sum(camels)
    kept = list(goods)
    if len(goods) > capacity:
        kept = kept_goods(goods, capacity, buyable_types)
    discarded = list(goods)
    for card in kept:
        discarded.remove(card)
    per_type = [[card_value(c) for c in kept if card_type(c) == t] for t in buyable_types]
    counts = [sum(card_value(c) == v for c in kept) for v in DISTINCT_VALUES]
    return Breakdown(
        money=money_points,
        least_type=least_type_points(per_type),
        groups=group_points(counts),
        penalty=EMPTY_SPACE_PENALTY * max(0, capacity - len(goods)),
        discarded=tuple(sorted(discarded)),
    )


def kept_goods(goods: Sequence[int], capacity: int, buyable_types: Sequence[int]) -> list[int]:
    """The `capacity` cards to keep that score the most (S5)."""
    holdings = tuple(
        tuple(sorted(card_value(c) for c in goods if card_type(c) == t)) for t in buyable_types
    )
    chosen = _best_keep(holdings, capacity)[1]
    kept: list[int] = []
    for goods_type, values in zip(buyable_types, chosen, strict=True):
        pool = sorted(c for c in goods if card_type(c) == goods_type)
        for value in values:
            card = next(c for c in pool if card_value(c) == value)
            pool.remove(card)
            kept.append(card)
    return kept


Holdings = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=4096)
def _best_keep(holdings: Holdings, capacity: int) -> tuple[int, Holdings]:
    """Exhaustive over the distinct sub-multisets of each type, memoised on what matters for
    the rest: cards still to keep, value counts so far, and the least type so far. Milliseconds
    for the holdings of real games (under 20 cards); seconds for 30 cards, and about 100 s
    for the theoretical extreme of 40 cards into 20 spaces (see docs/samarkand.md)."""
    options = [_sub_multisets(values) for values in holdings]
    later = [sum(len(values) for values in holdings[i:]) for i in range(len(holdings) + 1)]
    memo: dict[tuple[int, int, tuple[int, ...], tuple[int, int]], tuple[int, Holdings]] = {}

    def best(
        index: int, left: int, counts: tuple[int, ...], least: tuple[int, int]
    ) -> tuple[int, Holdings]:
        if index == len(holdings):
            return (least[1] + group_points(counts), ()) if left == 0 else (-1, ())
        key = (index, left, counts, least)
        if key in memo:
            return memo[key]
        found: tuple[int, Holdings] = (-1, ())
        for values, vector in options[index]:
            size = len(values)
            if size > left or left - size > later[index + 1]:
                continue
            # Fewer cards is less; on equal counts the better sum (S5): compare (-count, sum).
            mine = (-size, sum(values))
            score, rest = best(
                index + 1,
                left - size,
                tuple(a + b for a, b in zip(counts, vector, strict=True)),
                max(least, mine) if index else mine,
            )
            if score > found[0]:
                found = (score, (values, *rest))
        memo[key] = found
        return found

    return best(0, capacity, (0,) * len(DISTINCT_VALUES), (0, 0))


def _sub_multisets(values: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each distinct sub-multiset of `values` with its count per distinct value."""
    have = [values.count(v) for v in DISTINCT_VALUES]
    subsets = []
    for counts in product(*(range(n + 1) for n in have)):
        picked = tuple(v for v, n in zip(DISTINCT_VALUES, counts, strict=True) for _ in range(n))
        subsets.append((picked, tuple(counts)))
    return subsets
