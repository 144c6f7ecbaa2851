"""Moonlight Market as the collection registers it."""

from moonlight_desktop.engine.game import BenchTable, GameSpec
from moonlight_desktop.engine.ladder import Check, Line, ladder_at

from .bots import MARKET_BOTS
from .hard import HardBot
from .moves import CODEC
from .rules import PINNED_SETUP, MarketRules, market_stats
from .table import OPTIONS

MARKET = GameSpec(
    MarketRules(),
    CODEC,
    {**MARKET_BOTS, "hard": HardBot},
    market_stats,
    OPTIONS,
    PINNED_SETUP,
    ladder=(
        # Two players need an automaton at the table (three at least): Dirk sits in.
        *ladder_at(2),
        Line(("hard",), (Check("hard", 0.85, "solo against Dirk and Beate"),), {}, "solo"),
    ),
    bench_table=BenchTable(3, "Market's links fly", {"automata": 2}),
)
