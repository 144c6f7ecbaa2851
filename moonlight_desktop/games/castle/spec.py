"""Moonlight Castle as the collection registers it."""

from moonlight_desktop.engine.game import GameSpec
from moonlight_desktop.engine.ladder import ladder_at

from .bots import CASTLE_BOTS
from .hard import HardBot
from .moves import CODEC
from .rules import CastleRules, castle_stats
from .table import OPTIONS, PINNED_SETUP

CASTLE = GameSpec(
    CastleRules(),
    CODEC,
    {**CASTLE_BOTS, "hard": HardBot},
    castle_stats,
    OPTIONS,
    PINNED_SETUP,
    ladder=ladder_at(2),
)
