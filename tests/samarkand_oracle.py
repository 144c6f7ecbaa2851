"""The exhaustive over-capacity discard that `scoring.py` used before its fast search: the
oracle `tests/test_samarkand_discard.py` checks the fast search against.

Moved here unchanged in behaviour (the code is the old `_best_keep`, `_sub_multisets` and
`kept_goods`, renamed). It walks the types in order and, for each, every distinct sub-multiset of
its values in `itertools.product` order (fewest 1s first, then fewest 2s, ...), memoised on (type,
cards still to keep, value counts so far, least type so far), and keeps the first keep it meets
with a strictly better score. So among equal scores it returns the keep whose count vector —
type by type in the given order, values ascending — is lexicographically smallest: the tie-break
the fast search reproduces.

Milliseconds under 20 cards, seconds around 30, about two minutes for 40 cards into 20 spaces:
tests use it on holdings of at most 20 cards or so. Like the old code it needs
0 <= capacity <= the cards held (beyond that it finds no keep and `oracle_kept_goods` fails).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from moonlight_desktop.games.samarkand.components import card_type, card_value
from moonlight_desktop.games.samarkand.scoring import DISTINCT_VALUES, group_points

Holdings = tuple[tuple[int, ...], ...]


def oracle_kept_goods(
    goods: Sequence[int], capacity: int, buyable_types: Sequence[int]
) -> list[int]:
    """The `capacity` cards to keep that score the most (S5)."""
    holdings = tuple(
        tuple(sorted(card_value(c) for c in goods if card_type(c) == t)) for t in buyable_types
    )
    chosen = oracle_best_keep(holdings, capacity)[1]
    kept: list[int] = []
    for goods_type, values in zip(buyable_types, chosen, strict=True):
        pool = sorted(c for c in goods if card_type(c) == goods_type)
        for value in values:
            card = next(c for c in pool if card_value(c) == value)
            pool.remove(card)
            kept.append(card)
    return kept


@lru_cache(maxsize=4096)
def oracle_best_keep(holdings: Holdings, capacity: int) -> tuple[int, Holdings]:
    """Exhaustive over the distinct sub-multisets of each type, memoised on what matters for
    the rest: cards still to keep, value counts so far, and the least type so far."""
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
