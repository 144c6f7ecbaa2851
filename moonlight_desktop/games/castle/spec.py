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
    # Where a figure goes, recovering, ending a turn and passing are done on the open board;
    # a gold fountain's choices (return_pebbles, keep_color) concern pebbles behind a screen.
    public_commands=frozenset({"move", "recover", "end_turn", "pass"}),
)
