"""Moonlight Market's components as small integers.

A chain link is identified by its kind code only (two blue 1s are the same code): links never
need an identity, so a view can name every face-up link without revealing anything hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from moonlight_desktop.engine.ranking import place_points as ranked_points


class Gem(IntEnum):
    """Left to right on the tableau (ruling M1)."""

    BLUE = 0
    RED = 1
    WHITE = 2
    GREEN = 3
    YELLOW = 4


GEMS: tuple[Gem, ...] = tuple(Gem)
GEM_PAIRS: tuple[tuple[Gem, Gem], ...] = tuple(combinations(GEMS, 2))  # 10 pairs (M1)

# Link codes: gem links 0..49 (gem * 10 + value - 1), doublings 50..54, two-gem links of value 4
# 55..64 and of value 7 65..74 (one per pair), then hammer, seal and worthless.
DOUBLING = 50
TWO_GEM_4 = 55
TWO_GEM_7 = 65
HAMMER = 75
SEAL = 76
WORTHLESS = 77
LINK_KINDS = 78

GEM_LINK_COPIES = {1: 2, 2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 2, 8: 2, 9: 2, 10: 2}
SPECIAL_COPIES = 5  # hammers, seals and worthless links each


def gem_link(gem: int, value: int) -> int:
    return gem * 10 + value - 1


def two_gem_link(pair: tuple[int, int], value: int) -> int:
    return (TWO_GEM_4 if value == 4 else TWO_GEM_7) + GEM_PAIRS.index((Gem(pair[0]), Gem(pair[1])))


def _targets(code: int) -> tuple[int, ...]:
    if code < DOUBLING:
        return (code // 10,)
    if code < TWO_GEM_4:
        return (code - DOUBLING,)
    if code < HAMMER:
        return tuple(int(gem) for gem in GEM_PAIRS[(code - TWO_GEM_4) % 10])
    return tuple(range(len(GEMS))) if code == WORTHLESS else ()


def _value(code: int) -> int:
    if code < DOUBLING:
        return code % 10 + 1
    if TWO_GEM_4 <= code < TWO_GEM_7:
        return 4
    if TWO_GEM_7 <= code < HAMMER:
        return 7
    return 0


LINK_TARGETS: tuple[tuple[int, ...], ...] = tuple(_targets(code) for code in range(LINK_KINDS))
"""The gems a link may be laid at (none for hammers and seals)."""
SOLE_GEM: tuple[int, ...] = tuple(
    targets[0] if len(targets) == 1 else -1 for targets in LINK_TARGETS
)
"""The gem of a link that shows one; -1 for a two-gem, worthless, hammer or seal link."""
LINK_VALUE: tuple[int, ...] = tuple(_value(code) for code in range(LINK_KINDS))
"""Gem value (two-gem links: the value of either gem; worthless, doubling, tools: 0)."""
IS_REAL_GEM: tuple[bool, ...] = tuple(
    code < DOUBLING or TWO_GEM_4 <= code < HAMMER for code in range(LINK_KINDS)
)
"""Whether a link shows a real gem, which a chain needs to score (ruling M7)."""
REAL_GEM_LINKS = frozenset(code for code in range(LINK_KINDS) if IS_REAL_GEM[code])
"""The same as a set, to ask about a whole chain at once."""
IS_DOUBLING: tuple[bool, ...] = tuple(DOUBLING <= code < TWO_GEM_4 for code in range(LINK_KINDS))


def _composition() -> tuple[int, ...]:
    counts = [0] * LINK_KINDS
    for gem in GEMS:
        for value, copies in GEM_LINK_COPIES.items():
            counts[gem_link(gem, value)] = copies
        counts[DOUBLING + gem] = 1
    for code in range(TWO_GEM_4, HAMMER):
        counts[code] = 1
    counts[HAMMER] = counts[SEAL] = counts[WORTHLESS] = SPECIAL_COPIES
    return tuple(counts)


LINK_COUNTS: tuple[int, ...] = _composition()
"""Copies of each link kind in the box: the component list line by line (see ruling MM1 on
its total)."""
ALL_LINKS: tuple[int, ...] = tuple(
    code for code in range(LINK_KINDS) for _ in range(LINK_COUNTS[code])
)

CARDS_PER_SEAT = 13
START_SEALS = 3
SEALS_IN_BOX = 29
PASSES = 3 + 1
ROUNDS = 3
HAND_DRAW = 4
CHAIN_LIMIT = 3
SEAL_WORTHY_CHAIN = 20
PLACE_POINTS = (4, 2, 1)
LINK_LETTERS = "BRWGY"


DOUBLED_MARK = 1000
"""Far above any chain's sum of gem values, so one sum carries a chain's value and whether it
is doubled (see `LINK_WEIGHT`)."""
LINK_WEIGHT: tuple[int, ...] = tuple(
    LINK_VALUE[code] + (DOUBLED_MARK if IS_DOUBLING[code] else 0) for code in range(LINK_KINDS)
)
"""A link's gem value, plus `DOUBLED_MARK` for a doubling link: one addition a link instead
of two steps."""


def chain_value(links: list[int] | tuple[int, ...]) -> int:
    """Sum of the gem values, doubled by a doubling link (ruling M7)."""
    total = 0
    for code in links:
        total += LINK_WEIGHT[code]
    return total if total < DOUBLED_MARK else total % DOUBLED_MARK * 2


def values_by_gem(tableaux: list[list[list[int]]]) -> list[list[int]]:
    """`chain_value` of every chain of the tableaux, per gem, per position: pass scoring ranks
    the positions gem by gem, and one call with plain loops costs less than a call a chain."""
    by_gem: list[list[int]] = [[], [], [], [], []]  # one per gem
    for chains in tableaux:
        gem = 0  # counted by hand: `enumerate` and `zip` cost more than they save here
        for links in chains:
            total = 0
            for code in links:
                total += LINK_WEIGHT[code]
            by_gem[gem].append(total if total < DOUBLED_MARK else total % DOUBLED_MARK * 2)
            gem += 1  # noqa: SIM113 (see above)
    return by_gem


def scores_chain(links: list[int] | tuple[int, ...]) -> bool:
    return not REAL_GEM_LINKS.isdisjoint(links)


# Exactly the real-gem links have a gem value, so a chain scores (M7) exactly when its value is
# above 0: scoring reads the value alone.
assert all((LINK_VALUE[code] > 0) == IS_REAL_GEM[code] for code in range(LINK_KINDS))


def link_name(code: int) -> str:
    """Short readable name: B7, Rx2, BW4 (two-gem), hammer, seal, worthless."""
    if code < DOUBLING:
        return f"{LINK_LETTERS[code // 10]}{code % 10 + 1}"
    if code < TWO_GEM_4:
        return f"{LINK_LETTERS[code - DOUBLING]}x2"
    if code < HAMMER:
        first, second = LINK_TARGETS[code]
        return f"{LINK_LETTERS[first]}{LINK_LETTERS[second]}{LINK_VALUE[code]}"
    return {HAMMER: "hammer", SEAL: "seal", WORTHLESS: "worthless"}[code]


LINK_BY_NAME: dict[str, int] = {link_name(code): code for code in range(LINK_KINDS)}


def place_points(values: dict[int, int]) -> dict[int, int]:
    """Ruling R0 with Market's 4/2/1."""
    return ranked_points(values, PLACE_POINTS)


POINTS_BY_PLACE = (*PLACE_POINTS, 0, 0)
"""Points for the 1st to 5th distinct value: a table has five positions at most."""


def places(values: Sequence[int]) -> list[int]:
    """`place_points` for one value per position, where 0 means "takes no place" (no scoring
    chain, no seal); every other value is positive. The same ruling R0, without building
    dicts: it runs 22 times a game, in every playout."""
    ranked = sorted(set(values))
    ranked.reverse()  # a call cheaper than parsing `reverse=True`
    points = []
    for value in values:  # a loop, not a comprehension: that would cost a call of its own
        points.append(POINTS_BY_PLACE[ranked.index(value)] if value else 0)
    return points
