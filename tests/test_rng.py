"""The engine's generator: every record replays from its seed, so its draws and shuffles must
never change, whatever makes them faster."""

from __future__ import annotations

import random

import pytest

from moonlight_desktop.engine import Rng


def _shuffled_by_definition(items: list[int], seed: int) -> list[int]:
    """What `Rng.shuffle` promises: the items sorted by keys drawn in order from a Mersenne
    Twister seeded with the generator's next draw (how records were dealt from the start)."""
    keys = random.Random(Rng(seed).next64()).random
    return sorted(items, key=lambda _item: keys())


def _after_one_draw(seed: int) -> int:
    rng = Rng(seed)
    rng.next64()
    return rng.next64()


@pytest.mark.parametrize("size", [0, 1, 2, 13, 60, 150])
def test_shuffle_sorts_by_the_twisters_keys_in_order(size: int) -> None:
    for seed in range(50):
        items = list(range(size))  # distinct, so any other order shows
        expected = _shuffled_by_definition(items, seed)
        rng = Rng(seed)
        rng.shuffle(items)
        assert items == expected
        assert rng.next64() == _after_one_draw(seed)  # the shuffle used one draw, no more


def test_shuffle_and_draws_are_pinned() -> None:
    """Fixed outputs: a change here would deal every recorded game differently."""
    rng = Rng(2024)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [5, 9, 2, 1, 6, 0, 3, 8, 7, 4]
    assert rng.next64() == 0x18E430BB1511F2D2
    assert rng.below(1000) == 471
