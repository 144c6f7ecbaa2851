"""Moons as the collection registers it."""

from moonlight_desktop.engine.game import BenchTable, GameSpec
from moonlight_desktop.engine.ladder import ladder_at

from .bots import MOONS_BOTS
from .hard import HardBot
from .moves import CODEC
from .rules import OPTIONS, PINNED_SETUP, MoonsRules, moons_stats

MOONS = GameSpec(
    MoonsRules(),
    CODEC,
    {**MOONS_BOTS, "hard": HardBot},
    moons_stats,
    OPTIONS,
    PINNED_SETUP,
    ladder=ladder_at(3),
    bench_table=BenchTable(4, "a Moons trick animates"),
)
