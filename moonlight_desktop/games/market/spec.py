"""Moonlight Market as the collection registers it."""

from moonlight_desktop.engine.game import GameSpec

from .bots import MARKET_BOTS
from .hard import HardBot
from .moves import CODEC
from .rules import PINNED_SETUP, MarketRules, market_stats
from .table import OPTIONS

MARKET = GameSpec(
    MarketRules(), CODEC, {**MARKET_BOTS, "hard": HardBot}, market_stats, OPTIONS, PINNED_SETUP
)
