"""The games that can be played, each with its rules and its bot levels. Registered explicitly:
a frozen build cannot list its own folders."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Bot, Command, CommandCodec, OptionsError, RecordError, Rules
from moonlight_desktop.games.castle.bots import CASTLE_BOTS
from moonlight_desktop.games.castle.moves import CODEC as CASTLE_CODEC
from moonlight_desktop.games.castle.rules import CastleRules, castle_stats

BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed (bots are deterministic given their seed)."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    rules: Rules[Any]
    codec: CommandCodec[Command]
    bots: Mapping[str, BotFactory]
    stats: Callable[[Any], dict[str, float]]
    """Figures of a finished game that the arena averages (turns, rounds...)."""


GAMES: dict[str, GameSpec] = {
    "castle": GameSpec(CastleRules(), CASTLE_CODEC, CASTLE_BOTS, castle_stats),
}


def game_spec(game_id: str) -> GameSpec:
    spec = GAMES.get(game_id)
    if spec is None:
        raise OptionsError(f"unknown game {game_id!r} (playable: {', '.join(sorted(GAMES))})")
    return spec


def codec_for(game_id: str) -> CommandCodec[Command]:
    try:
        return game_spec(game_id).codec
    except OptionsError as error:
        raise RecordError(str(error)) from None


def make_bot(game_id: str, level: str, seed: int) -> Bot:
    bots = game_spec(game_id).bots
    if level not in bots:
        raise OptionsError(
            f"{game_id} has no bot level {level!r} (levels: {', '.join(sorted(bots))})"
        )
    return bots[level](seed)
