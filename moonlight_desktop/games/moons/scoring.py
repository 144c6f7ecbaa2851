"""Final scoring (O4, O5): the best partition of a seat's planet tokens into complete sets,
sets of three different planets, Score Modifier groups and singles; each token counts once.

`best_score` searches every partition: a partition is some sets of four or three different
planets plus, per planet, modifier groups and singles. `_best` tries each way of forming one
more set and recurses (memoized on the counts left), so every number of each kind of set is
reached; what remains of each planet is then split optimally on its own (`_planet_value`, an
exact knapsack over group sizes). tests/test_moons_scoring.py compares it with brute force.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .components import MINI_KIND, MODIFIER_VALUE, Mini, modifier_group

Counts = tuple[int, int, int, int]
Groups = tuple[tuple[int, ...], ...]
"""Per planet, the group sizes its held Score Modifiers offer (a card scores any number of
disjoint groups, so a second copy of the same card adds nothing)."""

COMPLETE_SET_VP = 10
TRIPLE_VP_PER_TOKEN = 2
SINGLE_VP = 1
_TRIPLES: tuple[Counts, ...] = ((0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0))


def modifier_groups(minis: Iterable[int]) -> Groups:
    sizes: list[set[int]] = [set(), set(), set(), set()]
    for mini in minis:
        if MINI_KIND[mini] == Mini.MODIFIER:
            planet, size = modifier_group(mini)
            sizes[planet].add(size)
    return tuple(tuple(sorted(s)) for s in sizes)


def best_score(tokens: Iterable[int], minis: Iterable[int]) -> int:
    counts = tuple(tokens)
    assert len(counts) == 4
    return _best((counts[0], counts[1], counts[2], counts[3]), modifier_groups(minis))


@lru_cache(maxsize=1 << 16)
def _best(counts: Counts, groups: Groups) -> int:
    best = sum(_planet_value(counts[p], groups[p]) for p in range(4))
    if min(counts) >= 1:
        rest = (counts[0] - 1, counts[1] - 1, counts[2] - 1, counts[3] - 1)
        best = max(best, COMPLETE_SET_VP + _best(rest, groups))
    for triple in _TRIPLES:
        if all(counts[p] >= triple[p] for p in range(4)):
            rest = (
                counts[0] - triple[0],
                counts[1] - triple[1],
                counts[2] - triple[2],
                counts[3] - triple[3],
            )
            best = max(best, 3 * TRIPLE_VP_PER_TOKEN + _best(rest, groups))
    return best


@lru_cache(maxsize=1024)
def _planet_value(count: int, sizes: tuple[int, ...]) -> int:
    """The best split of `count` tokens of one planet into modifier groups and singles."""
    best = [0] * (count + 1)
    for n in range(1, count + 1):
        best[n] = best[n - 1] + SINGLE_VP
        for size in sizes:
            if size <= n:
                best[n] = max(best[n], best[n - size] + MODIFIER_VALUE[size])
    return best[count]
