"""Nim as the collection registers it."""

from moonlight_desktop.engine.game import GameSpec

from .bots import NIM_BOTS
from .rules import CODEC, OPTIONS, PINNED_SETUP, NimRules, nim_stats

NIM = GameSpec(NimRules(), CODEC, NIM_BOTS, nim_stats, OPTIONS, PINNED_SETUP)
