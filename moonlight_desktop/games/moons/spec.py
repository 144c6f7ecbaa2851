"""Moons as the collection registers it."""

from moonlight_desktop.engine.game import BenchTable, GameSpec
from moonlight_desktop.engine.ladder import easy_wins_some, step_up

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
    ladder=(
        step_up("hard", "normal", 3),
        step_up("normal", "easy", 3),
        easy_wins_some(3),
        step_up("hard", "normal", 4),
        step_up("normal", "easy", 4),
    ),
    bench_table=BenchTable(4, "a Moons trick animates"),
)
