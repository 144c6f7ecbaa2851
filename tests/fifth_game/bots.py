"""Nim's bots. The winning move leaves heaps whose sizes XOR to 0 (the nim-sum); from such a
position every move loses, so a bot then takes one stone from its biggest heap and hopes.
Easy takes at random; Normal plays the winning move two times in three; Hard always."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor

from moonlight_desktop.engine import Command, Rng

from .rules import Take
from .view import NimView


def winning_take(heaps: Sequence[int]) -> Take | None:
    """The move that leaves a nim-sum of 0, or None when there is none."""
    total = reduce(xor, heaps, 0)
    if total == 0:
        return None
    for heap, size in enumerate(heaps):
        if size ^ total < size:
            return Take(heap, size - (size ^ total))
    return None  # unreachable: some heap has the nim-sum's highest bit


class NimBot:
    """Plays the winning move with probability `skill` (out of 3), else a random legal one."""

    skill = 0

    def __init__(self, seed: int, iterations: int | None = None) -> None:
        self.rng = Rng(seed)

    def choose(self, view: NimView, legal: Sequence[Command], budget_seconds: float) -> Command:
        best = winning_take(view.heaps)
        if best is not None and self.rng.below(3) < self.skill:
            return best
        return legal[self.rng.below(len(legal))]


class EasyBot(NimBot):
    skill = 0


class NormalBot(NimBot):
    skill = 2


class HardBot(NimBot):
    skill = 3


NIM_BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
