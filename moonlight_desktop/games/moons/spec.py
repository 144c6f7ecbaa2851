"""Moons as the collection registers it."""

from moonlight_desktop.engine.game import GameSpec

from .bots import MOONS_BOTS
from .hard import HardBot
from .moves import CODEC
from .rules import OPTIONS, PINNED_SETUP, MoonsRules, moons_stats

MOONS = GameSpec(
    MoonsRules(), CODEC, {**MOONS_BOTS, "hard": HardBot}, moons_stats, OPTIONS, PINNED_SETUP
)
