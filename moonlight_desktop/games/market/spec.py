"""Moonlight Market as the collection registers it."""

from moonlight_desktop.engine.game import GameSpec

from .bots import MARKET_BOTS
from .moves import CODEC
from .rules import MarketRules, market_stats

MARKET = GameSpec(MarketRules(), CODEC, MARKET_BOTS, market_stats)
