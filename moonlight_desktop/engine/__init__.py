"""The game-agnostic core: commands, events, rules and bot protocols, matches and records.

Nothing here imports pygame: it runs and is tested headless.
"""

from .data import Command, CommandCodec, Event, JsonDict
from .errors import IllegalCommand, OptionsError, Reason, RecordError
from .match import Match
from .record import FORMAT_VERSION, GameRecord, Move, SeatSpec
from .rng import Rng
from .rules import Bot, Rules, View

__all__ = [
    "FORMAT_VERSION",
    "Bot",
    "Command",
    "CommandCodec",
    "Event",
    "GameRecord",
    "IllegalCommand",
    "JsonDict",
    "Match",
    "Move",
    "OptionsError",
    "Reason",
    "RecordError",
    "Rng",
    "Rules",
    "SeatSpec",
    "View",
]
