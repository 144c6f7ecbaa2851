"""Moons' final scoring is optimal: the memoized search agrees with brute force."""

from __future__ import annotations

import itertools

from moonlight_desktop.engine import Rng
from moonlight_desktop.games.moons.components import MODIFIER_VALUE, MODIFIERS
from moonlight_desktop.games.moons.scoring import (
    best_partition,
    best_score,
    modifier_groups,
)

from .moons_helpers import RULES


def _brute_force(tokens: list[int], minis: list[int]) -> int:
    """Every count of complete sets and of each kind of set of three, then every count of each
    modifier group per planet: the best total over all of them."""
    groups = modifier_groups(minis)
    best = 0
    ranges = [range(min(tokens) + 1)] + [range(max(tokens) + 1)] * 4
    for complete, *triples in itertools.product(*ranges):
        left = [n - complete for n in tokens]
        for missing, count in enumerate(triples):
            for planet in range(4):
                if planet != missing:
                    left[planet] -= count
        if min(left) < 0:
            continue
        total = 10 * complete + 6 * sum(triples)
        for planet in range(4):
            sizes = groups[planet]
            options = []
            for counts in itertools.product(*[range(left[planet] // s + 1) for s in sizes]):
                used = sum(c * s for c, s in zip(counts, sizes, strict=True))
                if used <= left[planet]:
                    value = sum(c * MODIFIER_VALUE[s] for c, s in zip(counts, sizes, strict=True))
                    options.append(value + left[planet] - used)
            total += max(options)
        best = max(best, total)
    return best


def test_best_score_equals_brute_force_on_small_cases():
    rng = Rng(5)
    for _ in range(400):
        tokens = [rng.below(5) for _ in range(4)]
        minis = [rng.below(MODIFIERS) for _ in range(rng.below(4))]
        assert best_score(tokens, minis) == _brute_force(tokens, minis), (tokens, minis)


def test_every_modifier_card_changes_the_score_as_printed():
    """Saturn single 2 VP, Jupiter pair 4 VP, Uranus triple 8 VP, Neptune pair 4 VP (the cards
    shown in the rulebook), and the same for every suit and size."""
    for modifier in range(MODIFIERS):
        planet, size = modifier // 3, modifier % 3 + 1
        tokens = [0, 0, 0, 0]
        tokens[planet] = size
        assert best_score(tokens, [modifier]) == MODIFIER_VALUE[size]
        assert best_score(tokens, []) == size


def test_scores_use_the_seats_own_modifiers():
    state = RULES.new_state({}, 3, 1)
    state.tokens = [[3, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]]
    state.minis = [[2], [], []]  # seat 0 holds the Jupiter triple
    assert RULES.scores(state) == (8, 3, 0)


def test_the_best_partition_uses_every_token_once_and_is_worth_the_best_score() -> None:
    """Tokens up to a whole supply's worth and any modifiers: the partition retraced for the
    screen uses each token exactly once, only groups of held modifiers, and scores the best."""
    rng = Rng(11)
    for _ in range(3000):
        tokens = [rng.below((3, 6, 18)[rng.below(3)]) for _ in range(4)]
        minis = [rng.below(MODIFIERS + 26) for _ in range(rng.below(6))]
        partition = best_partition(tokens, minis)
        assert partition.value == best_score(tokens, minis), (tokens, minis)
        assert partition.tokens == tuple(tokens), (tokens, minis)
        held = modifier_groups(minis)
        for planet, counts in enumerate(partition.groups):
            assert all(counts[size - 1] == 0 for size in (1, 2, 3) if size not in held[planet])
