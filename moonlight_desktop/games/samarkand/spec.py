"""Le Marché de Samarkand as the collection registers it."""

from moonlight_desktop.engine.game import GameSpec

from .bots import SAMARKAND_BOTS
from .hard import HardBot
from .moves import CODEC
from .rules import PINNED_SETUP, SamarkandRules, samarkand_stats
from .table import OPTIONS

SAMARKAND = GameSpec(
    SamarkandRules(),
    CODEC,
    {**SAMARKAND_BOTS, "hard": HardBot},
    samarkand_stats,
    OPTIONS,
    PINNED_SETUP,
)
