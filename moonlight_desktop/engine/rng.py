"""A seeded random generator whose whole state is one integer.

It lives inside game states (never in module globals) so that replays and bots are
deterministic, and cloning a state costs one int copy. SplitMix64: small, fast, well mixed.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The bias of a 64-bit modulo is far below 1e-15."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        return self.next64() % n

    def shuffle(self, items: list[T]) -> None:
        """In place: sorts by keys from a Mersenne Twister seeded from this generator (one
        draw here). Same result on every platform and Python version, and several times
        quicker than a Fisher-Yates loop in Python."""
        # The sort asks for one key per item, in order: `next(draws, item)` is the twister's
        # next number, the item ignored (`draws` never ends). All in C: no Python call a key.
        draws = iter(random.Random(self.next64()).random, None)
        items.sort(key=partial(next, draws))

    def clone(self) -> Rng:
        return Rng(self.state)
