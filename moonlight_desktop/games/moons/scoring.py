"""Final scoring (O4, O5): the best partition of a seat's planet tokens into complete sets,
sets of three different planets, Score Modifier groups and singles; each token counts once.

`best_score` searches every partition: a partition is some sets of four or three different
planets plus, per planet, modifier groups and singles. `_best` tries each way of forming one
more set and recurses (memoized on the counts left), so every number of each kind of set is
reached; what remains of each planet is then split optimally on its own (`_planet_value`, an
exact knapsack over group sizes). tests/test_moons_scoring.py compares it with brute force.
`best_partition` retraces the same search to say which partition scores that best (for the
screen's score breakdown).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from .components import MINI_KIND, MODIFIER_VALUE, Mini, modifier_group

Counts = tuple[int, int, int, int]
GroupCounts = tuple[int, int, int]
"""How many Score Modifier groups of 1, 2 and 3 tokens (index: size - 1)."""
Groups = tuple[tuple[int, ...], ...]
"""Per planet, the group sizes its held Score Modifiers offer (a card scores any number of
disjoint groups, so a second copy of the same card adds nothing)."""

COMPLETE_SET_VP = 10
TRIPLE_VP_PER_TOKEN = 2
SINGLE_VP = 1
_TRIPLES: tuple[Counts, ...] = ((0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0))
"""The sets of three, each named by the planet it leaves out (its index here)."""
_SETS: tuple[tuple[Counts, int], ...] = (
    ((1, 1, 1, 1), COMPLETE_SET_VP),
    *((triple, 3 * TRIPLE_VP_PER_TOKEN) for triple in _TRIPLES),
)
"""The tokens each kind of set uses and its points: the complete set first, then the triples."""
GROUP_SIZES = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Partition:
    """One way of scoring a seat's tokens, each token in exactly one part."""

    complete_sets: int
    triples: Counts
    """Sets of three different planets, counted by the planet each leaves out."""
    groups: tuple[GroupCounts, ...]
    """Per planet, its Score Modifier groups."""
    singles: Counts
    """Per planet, the tokens left over at 1 point each."""

    @property
    def value(self) -> int:
        return (
            COMPLETE_SET_VP * self.complete_sets
            + 3 * TRIPLE_VP_PER_TOKEN * sum(self.triples)
            + sum(
                MODIFIER_VALUE[size] * counts[size - 1]
                for counts in self.groups
                for size in GROUP_SIZES
            )
            + SINGLE_VP * sum(self.singles)
        )

    @property
    def tokens(self) -> Counts:
        """The tokens of each planet it uses."""
        used = [self.complete_sets + self.singles[p] for p in range(4)]
        for planet in range(4):
            used[planet] += sum(self.triples) - self.triples[planet]
            used[planet] += sum(size * self.groups[planet][size - 1] for size in GROUP_SIZES)
        return (used[0], used[1], used[2], used[3])


def modifier_groups(minis: Iterable[int]) -> Groups:
    sizes: list[set[int]] = [set(), set(), set(), set()]
    for mini in minis:
        if MINI_KIND[mini] == Mini.MODIFIER:
            planet, size = modifier_group(mini)
            sizes[planet].add(size)
    return tuple(tuple(sorted(s)) for s in sizes)


def best_score(tokens: Iterable[int], minis: Iterable[int]) -> int:
    return _best(_counts(tokens), modifier_groups(minis))


def best_partition(tokens: Iterable[int], minis: Iterable[int]) -> Partition:
    """A partition worth `best_score`: the search retraced, taking at each step a set whose
    remainder still reaches the best (complete sets first), then each planet's best split."""
    counts, groups = _counts(tokens), modifier_groups(minis)
    complete, triples = 0, [0, 0, 0, 0]
    while True:
        best = _best(counts, groups)
        for kind, (used, points) in enumerate(_SETS):
            rest = _without(counts, used)
            if rest is not None and points + _best(rest, groups) == best:
                counts = rest
                if kind == 0:
                    complete += 1
                else:
                    triples[kind - 1] += 1
                break
        else:  # no more sets: the best is each planet's own split
            break
    splits = [_planet_split(counts[p], groups[p]) for p in range(4)]
    return Partition(
        complete,
        (triples[0], triples[1], triples[2], triples[3]),
        tuple(split[0] for split in splits),
        (splits[0][1], splits[1][1], splits[2][1], splits[3][1]),
    )


def _counts(tokens: Iterable[int]) -> Counts:
    counts = tuple(tokens)
    assert len(counts) == 4
    return (counts[0], counts[1], counts[2], counts[3])


def _without(counts: Counts, used: Counts) -> Counts | None:
    """The counts left after a set that uses `used`, or None when they cannot make it."""
    rest = (
        counts[0] - used[0],
        counts[1] - used[1],
        counts[2] - used[2],
        counts[3] - used[3],
    )
    return None if min(rest) < 0 else rest


@lru_cache(maxsize=1 << 16)
def _best(counts: Counts, groups: Groups) -> int:
    best = sum(_planet_value(counts[p], groups[p]) for p in range(4))
    for used, points in _SETS:
        rest = _without(counts, used)
        if rest is not None:
            best = max(best, points + _best(rest, groups))
    return best


def _planet_value(count: int, sizes: tuple[int, ...]) -> int:
    """The best split of `count` tokens of one planet into modifier groups and singles."""
    return _planet_table(count, sizes)[count]


@lru_cache(maxsize=1024)
def _planet_table(count: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The best value of 0, 1, ... `count` tokens of one planet (an exact knapsack)."""
    best = [0] * (count + 1)
    for n in range(1, count + 1):
        best[n] = best[n - 1] + SINGLE_VP
        for size in sizes:
            if size <= n:
                best[n] = max(best[n], best[n - size] + MODIFIER_VALUE[size])
    return tuple(best)


def _planet_split(count: int, sizes: tuple[int, ...]) -> tuple[GroupCounts, int]:
    """The groups of 1, 2 and 3 tokens and the singles of a best split (larger groups first
    where splits score the same)."""
    best = _planet_table(count, sizes)
    groups = [0, 0, 0]
    singles = 0
    n = count
    while n > 0:
        fits = [s for s in sizes if s <= n and best[n] == best[n - s] + MODIFIER_VALUE[s]]
        if fits:
            size = max(fits)
            groups[size - 1] += 1
            n -= size
        else:  # the best of n tokens is the best of n - 1 and a single
            singles += 1
            n -= 1
    return (groups[0], groups[1], groups[2]), singles
