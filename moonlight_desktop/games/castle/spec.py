"""Moonlight Castle as the collection registers it."""

from moonlight_desktop.engine.game import GameSpec
from moonlight_desktop.engine.ladder import easy_wins_some, step_up

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
    ladder=(
        step_up("hard", "normal", 2),
        step_up("normal", "easy", 2),
        easy_wins_some(2),
        step_up("hard", "normal", 3),
        step_up("normal", "easy", 3),
    ),
)
