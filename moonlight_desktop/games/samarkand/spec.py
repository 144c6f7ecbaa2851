"""Le Marché de Samarkand as the collection registers it."""

from functools import partial

from moonlight_desktop.engine.bench import worst_median_milliseconds
from moonlight_desktop.engine.game import BenchTable, GameSpec
from moonlight_desktop.engine.ladder import ladder_at, step_up

from .bots import SAMARKAND_BOTS
from .clock import countdown_timeout
from .components import GOODS_VALUES
from .hard import HardBot
from .moves import CODEC
from .rules import PINNED_SETUP, SamarkandRules, samarkand_stats
from .scoring import best_keep
from .table import OPTIONS


def discard_figures() -> list[str]:
    """For `bench`: the over-capacity discard at its worst: all 40 goods a merchant can buy
    (four types, every card) into each capacity from 0 to 40, the slowest capacity's median of
    5 runs."""
    holding = (tuple(GOODS_VALUES),) * 4
    calls = [partial(best_keep, holding, capacity) for capacity in range(len(GOODS_VALUES) * 4 + 1)]
    worst = worst_median_milliseconds(calls)
    return [f"  worst-case discard (40 goods of four types, any capacity): {worst:.1f} ms"]


SAMARKAND = GameSpec(
    SamarkandRules(),
    CODEC,
    {**SAMARKAND_BOTS, "hard": HardBot},
    samarkand_stats,
    OPTIONS,
    PINNED_SETUP,
    ladder=(*ladder_at(3), step_up("hard", "normal", 3, mode="sealed")),
    bench_figures=discard_figures,
    bench_table=BenchTable(4, "Samarkand's coins fly"),
    timeout=countdown_timeout,
)
