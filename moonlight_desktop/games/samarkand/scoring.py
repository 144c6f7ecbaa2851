"""Final scoring (rulebook "End of Game and Scoring" with rulings R0, S5): money places, camel
capacity and the discards it forces, the least-purchased type, groups of equal value, and the
penalty for empty camel spaces. Pure functions of plain values, shared by rules and bots.

The discard (S5: `kept_goods`, `best_keep`)
-------------------------------------------
A merchant with more goods than the camels carry keeps exactly `capacity` of them, those that
score the most: the least-purchased type L (the sum of the buyable type with the fewest cards,
the best sum among tied types, 0 if one is missing) plus the groups G (for each value, 1, 2, 4, 8
or 16 points for 2, 3, 4, 5, 6+ cards of it, all types together); no empty space is left, so the
penalty plays no part. Write a keep as counts k[t][v], the cards of type t and value v kept (at
most those held: 0 to 2, 0 or 1 for the 6 and the 7). Three facts make an exact search fast:

1. G depends only on the column sums n[v] = sum over t of k[t][v], a sum of one term per value.
2. L is the largest s_i (the sum of type i) over the types i that have the fewest cards. So the
   best score is the best, over a type i and the keeps in which no type has fewer cards than i,
   of s_i + G: again one term per value, v * k[i][v] + GROUP_POINTS[n[v]].
3. Drop, for such an i, the condition that every other type keeps at least as many cards as i
   (keep only the caps per value of the others pooled together), and what remains of the values
   from v on depends on two counters only: the cards of type i (a, at most capacity / types)
   and the cards kept in all (b). Its best is a table W_i[v][a][b], filled value by value from
   the 7 down (a dynamic programme over values, a few thousand list operations). Its best is
   the true best for about nine random holdings in ten and mostly a point or two high for the
   others; it is loosest when one type holds only a few cards, which must then all be kept.

`_KeepSearch` is then a branch and bound over the values in ascending order, choosing at each
value how many cards of it every type keeps. A partial keep is worth at most the group points
of the values done plus the best, over each type i that can still end with the fewest cards, of
s_i + W_i over the values left, with a limited to the counts i can still end with (no type can
end below the fewest, each must reach it within the room left, and the others can hold only so
many). Children are tried best bound first and pruned when they cannot beat the best keep
found; at the last value the bound is the exact score. Types that are still interchangeable
(the same counts and sums so far and the same cards left) keep their counts in order, so a
holding of several identical types is not searched once per permutation of them; and what a
search proves of a position (counts, sums and room left, under the same bounds for the values
left) is remembered, so a position reached again, by another path or in a later search, is not
searched again unless it could now do better.

Ties. Among keeps of the best score the exhaustive search this replaced (kept as the test oracle
in tests/samarkand_oracle.py) returned the first in its order: count vectors type by type in
the order of `buyable_types`, values ascending, smaller counts first — the lexicographically
smallest matrix k (the fewest 1s of the first type, then the fewest 2s, ...). `best_keep`
returns the same keep: it fixes the counts one at a time in that order, lowering each while a
search that stops at its first keep of the best score still finds one, starting from the last
keep found.

Cost. A branch and bound has no polynomial guarantee, so these are measurements (this project's
shared 2-core machine): all 40 goods of four types, the most a merchant can buy, into any
capacity take at most about 10 ms (`moonlight-desktop bench` prints the worst, median of 5
runs), against about 100 s for the exhaustive search at 20 spaces; 60,000 random holdings of
three or four types at every capacity took 2 ms on average and 27 ms at worst, and holdings
searched for slowness (a type of four or five cards beside three big ones, where the
relaxation is loosest) about 25 ms. tests/test_samarkand_discard.py checks the keeps against
the oracle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from operator import add

from moonlight_desktop.engine.ranking import place_points

from .components import GOODS_VALUES, card_type, card_value

GROUP_POINTS = (0, 0, 1, 2, 4, 8, 16)
"""Points for a group of n cards of equal value; 6 or more score 16."""
DISTINCT_VALUES: tuple[int, ...] = tuple(sorted(set(GOODS_VALUES)))
EMPTY_SPACE_PENALTY = 2

Holdings = tuple[tuple[int, ...], ...]
"""Values per goods type, ascending: what a merchant holds, or keeps, of each buyable type."""


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
    goods: Sequence[int],
    camels: Sequence[int],
    buyable_types: Sequence[int],
    money_points: int,
    discarded: Sequence[int] | None = None,
) -> Breakdown:
    """One merchant's final score. `discarded`: the goods the camels cannot carry when the
    final scoring has already chosen them (a `GameOver` tells them); else they are chosen here."""
    capacity = sum(camels)
    if discarded is None:
        fits = len(goods) <= capacity
        discarded = [] if fits else without(goods, kept_goods(goods, capacity, buyable_types))
    kept = without(goods, discarded)
    per_type = [[card_value(c) for c in kept if card_type(c) == t] for t in buyable_types]
    counts = [sum(card_value(c) == v for c in kept) for v in DISTINCT_VALUES]
    return Breakdown(
        money=money_points,
        least_type=least_type_points(per_type),
        groups=group_points(counts),
        penalty=EMPTY_SPACE_PENALTY * max(0, capacity - len(goods)),
        discarded=tuple(sorted(discarded)),
    )


def without(goods: Sequence[int], cards: Sequence[int]) -> list[int]:
    """`goods` but `cards` (each of which it holds)."""
    rest = list(goods)
    for card in cards:
        rest.remove(card)
    return rest


def kept_goods(goods: Sequence[int], capacity: int, buyable_types: Sequence[int]) -> list[int]:
    """The `capacity` cards to keep that score the most (S5), as `best_keep` chooses them (ties
    included); all of them when they fit. Only goods of `buyable_types` count (a merchant holds
    no other). Listed type by type, values ascending, the lowest card of each value first."""
    holdings = tuple(
        tuple(sorted(card_value(c) for c in goods if card_type(c) == t)) for t in buyable_types
    )
    chosen = _remembered_keep(holdings, capacity)[1]
    kept: list[int] = []
    for goods_type, values in zip(buyable_types, chosen, strict=True):
        pool = sorted(c for c in goods if card_type(c) == goods_type)
        for value in values:
            card = next(c for c in pool if card_value(c) == value)
            pool.remove(card)
            kept.append(card)
    return kept


def best_keep(holdings: Holdings, capacity: int) -> tuple[int, Holdings]:
    """The best goods points (least type plus groups) of keeping `capacity` of the values held
    per type, and the values kept per type; everything when it fits. Exact, and among keeps of
    the best score the one the exhaustive search chose (see the module docstring).
    ValueError for a negative capacity or a value no goods card shows."""
    if capacity < 0:
        raise ValueError(f"a capacity of {capacity} camel spaces")
    held = [_counts(values) for values in holdings]
    if not held:
        return 0, ()
    if capacity >= sum(map(sum, held)):
        kept = held
    elif capacity == 0:
        kept = [[0] * len(DISTINCT_VALUES) for _ in held]
    else:
        kept = _first_best_keep(held, capacity)
    per_type = tuple(
        tuple(v for v, n in zip(DISTINCT_VALUES, counts, strict=True) for _ in range(n))
        for counts in kept
    )
    return goods_points(per_type), per_type


@lru_cache(maxsize=1024)
def _remembered_keep(holdings: Holdings, capacity: int) -> tuple[int, Holdings]:
    """`best_keep`, remembered: the score screens ask for the same merchants again."""
    return best_keep(holdings, capacity)


def _counts(values: Sequence[int]) -> list[int]:
    counts = [values.count(v) for v in DISTINCT_VALUES]
    if sum(counts) != len(values):
        raise ValueError(f"goods values {tuple(values)}: only {DISTINCT_VALUES} exist")
    return counts


Counts = list[list[int]]
"""Cards per type and distinct value (index into DISTINCT_VALUES)."""


def _first_best_keep(held: Counts, capacity: int) -> Counts:
    """The lexicographically smallest keep of the best score (0 < capacity < cards held)."""
    search = _KeepSearch(held, capacity)
    lower = [[0] * len(DISTINCT_VALUES) for _ in held]
    upper = [list(counts) for counts in held]
    found = search.run(lower, upper, floor=-1, first=False)
    if found is None:
        raise AssertionError("no keep of a capacity below the cards held")  # never
    best, keep = found
    for goods_type, counts in enumerate(upper):
        for column in range(len(counts)):
            while keep[goods_type][column] > lower[goods_type][column]:
                counts[column] = keep[goods_type][column] - 1
                fewer = search.run(lower, upper, floor=best - 1, first=True)
                if fewer is None:
                    counts[column] = keep[goods_type][column]
                    break
                keep = fewer[1]
            lower[goods_type][column] = counts[column] = keep[goods_type][column]
    return keep


_NONE = -(10**6)
"""The value of an impossible keep in the tables; anything above `_REAL` is a real score."""
_REAL = _NONE // 2


_ANY = 10**6
"""More than any keep can score: nothing proven yet."""


def _group_value(count: int) -> int:
    return GROUP_POINTS[min(count, 6)]


def _peaks(rows: list[list[int]]) -> list[list[int]]:
    peaks = [rows[0]]
    for row in rows[1:]:
        peaks.append(list(map(max, peaks[-1], row)))
    return peaks


class _KeepSearch:
    """The branch and bound of the module docstring, for one holding and capacity. `run` can be
    asked again with tighter count bounds: the tables, built for the whole holding, still bound
    every keep within them."""

    def __init__(self, held: Counts, capacity: int) -> None:
        self.types = len(held)
        self.capacity = capacity
        self.most_fewest = capacity // self.types
        """The fewest cards of a type are at most this: every type keeps at least as many."""
        self.group = [_group_value(n) for n in range(capacity + 1)]
        """GROUP_POINTS by count, for counts up to the capacity."""
        self.tables = [self._relaxation(held, least) for least in range(self.types)]
        self.peaks = [[_peaks(rows) for _, rows in table] for table in self.tables]
        """The tables' rows as running maxima over a: the best with at most a cards of i."""
        self.proven: dict[tuple[tuple[tuple[int, int], ...], ...], dict[tuple[int, ...], int]] = {}

    def _relaxation(self, held: Counts, least: int) -> list[tuple[int, list[list[int]]]]:
        """For each value index p (6: none left) the table W[least][p] as (base, rows): rows[a]
        [b - base] is the most that sum over the values from p on of v * k[least][v] +
        GROUP_POINTS[n[v]] can be when type `least` keeps a of those cards and b are kept in
        all (the other types pooled), `_NONE` if impossible. Only the totals b that a keep can
        leave at p are stored: from capacity - (cards before p) to the cards from p on."""
        values = len(DISTINCT_VALUES)
        capacity = self.capacity
        cards_from = [sum(sum(counts[p:]) for counts in held) for p in range(values + 1)]
        tables: list[tuple[int, list[list[int]]]] = [(0, [[0]])] * (values + 1)
        mine_from = 0
        for p in range(values - 1, -1, -1):
            base_after, rows_after = tables[p + 1]
            top_after = base_after + len(rows_after[0]) - 1
            mine = held[least][p]
            others = cards_from[p] - cards_from[p + 1] - mine
            value = DISTINCT_VALUES[p]
            mine_from += mine
            base = max(0, capacity - (cards_from[0] - cards_from[p]))
            top = min(capacity, cards_from[p])
            rows = []
            for a in range(min(self.most_fewest, mine_from) + 1):
                row = [_NONE] * (top - base + 1)
                for taken in range(min(mine, a) + 1):
                    if a - taken >= len(rows_after):
                        continue
                    after = rows_after[a - taken]
                    for n in range(taken, taken + others + 1):
                        first = max(base, base_after + n)
                        last = min(top, top_after + n)
                        if first > last:
                            continue
                        gain = value * taken + self.group[min(n, capacity)]
                        start, stop = first - base, last - base + 1
                        source = first - n - base_after
                        shifted = [x + gain for x in after[source : source + stop - start]]
                        row[start:stop] = map(max, row[start:stop], shifted)
                rows.append(row)
            tables[p] = (base, rows)
        return tables

    def run(
        self, lower: Counts, upper: Counts, floor: int, first: bool
    ) -> tuple[int, Counts] | None:
        """The best keep scoring more than `floor` within the count bounds (`first`: the first
        such keep met), as (score, counts); None if there is none."""
        types, values = self.types, len(DISTINCT_VALUES)
        every = range(types)
        tables, peaks, most_fewest, group = self.tables, self.peaks, self.most_fewest, self.group
        can_keep = [[sum(upper[t][p:]) for t in every] for p in range(values + 1)]
        can_keep_all = [sum(left) for left in can_keep]
        columns = []
        for p in range(values):
            options = product(*(range(lower[t][p], upper[t][p] + 1) for t in every))
            columns.append([(column, sum(column)) for column in options])
        shapes = [
            [tuple(zip(lower[t][p:], upper[t][p:], strict=True)) for t in every]
            for p in range(values)
        ]
        known = [self._known(tuple(shape)) for shape in shapes]
        record = [floor]
        best: list[tuple[int, ...]] = []
        chosen: list[tuple[int, ...]] = [()] * values

        def visit(p: int, counts: list[int], sums: list[int], room: int, points: int) -> bool:
            """Searches on from value index p; True to stop (`first` and found)."""
            if p == values:
                fewest = min(counts)
                score = points + max(s for c, s in zip(counts, sums, strict=True) if c == fewest)
                if score > record[0]:
                    record[0] = score
                    best[:] = chosen
                    return first
                return False
            seen = known[p]
            key = (*counts, *sums, room)
            if points + seen.get(key, _ANY) <= record[0]:
                return False  # searched before, from another path or in an earlier run
            value, after = DISTINCT_VALUES[p], p + 1
            left, left_all = can_keep[after], can_keep_all[after]
            ahead = [(*tables[i][after], peaks[i][after], left_all - left[i]) for i in every]
            shape = shapes[p]
            in_order = []  # (t, u): interchangeable types, t keeps at least as many as u
            for t in every:
                for u in range(t + 1, types):
                    if counts[u] == counts[t] and sums[u] == sums[t] and shape[u] == shape[t]:
                        in_order.append((t, u))
                        break
            children = []
            for column, kept in columns[p]:
                rest = room - kept
                if rest < 0 or rest > left_all:
                    continue
                if in_order and any(column[t] < column[u] for t, u in in_order):
                    continue
                now = list(map(add, counts, column))
                # The fewest cards a type can end with: none can end below it, and the room
                # left must bring every type up to it.
                fewest = most_fewest
                for t in every:
                    if now[t] + left[t] < fewest:
                        fewest = now[t] + left[t]
                while fewest >= 0:
                    need = 0
                    for c in now:
                        if c < fewest:
                            need += fewest - c
                    if need <= rest:
                        break
                    fewest -= 1
                bound = _NONE
                for i in every:
                    most = fewest - now[i]
                    if most < 0:
                        continue
                    base, rows, peak, others = ahead[i]
                    if most >= len(rows):
                        most = len(rows) - 1
                    at = rest - base
                    least = rest - others  # what the other types cannot hold
                    if least <= 0:
                        gain = peak[most][at]
                    else:
                        gain = _NONE
                        for a in range(least, most + 1):
                            if rows[a][at] > gain:
                                gain = rows[a][at]
                    if gain > _REAL:
                        gain += sums[i] + value * column[i]
                        if gain > bound:
                            bound = gain
                if bound == _NONE:
                    continue
                bound += points + group[kept]
                if bound > record[0]:
                    children.append((bound, column, now, kept))
            children.sort(key=lambda child: -child[0])
            for bound, column, now, kept in children:
                if bound <= record[0]:
                    break
                chosen[p] = column
                sums_now = [s + value * k for s, k in zip(sums, column, strict=True)]
                if visit(after, now, sums_now, room - kept, points + group[kept]):
                    return True
            ceiling = record[0] - points  # no keep from here scores above the record
            if ceiling < seen.get(key, _ANY):
                seen[key] = ceiling
            return False

        visit(0, [0] * types, [0] * types, self.capacity, 0)
        if not best:
            return None
        return record[0], [[best[p][t] for p in range(values)] for t in every]

    def _known(self, shape: tuple[tuple[tuple[int, int], ...], ...]) -> dict[tuple[int, ...], int]:
        """What earlier searches proved of positions with the same count bounds from here on:
        (counts, sums, room) -> the most the values left can add."""
        return self.proven.setdefault(shape, {})
