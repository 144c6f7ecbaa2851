"""The games that can be played, each with its rules and its bot levels. Registered explicitly:
a frozen build cannot list its own folders."""

from __future__ import annotations

from dataclasses import dataclass

from moonlight_desktop.engine import (
    Bot,
    Command,
    CommandCodec,
    GameRecord,
    OptionsError,
    RecordError,
)
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.game import GameSpec
from moonlight_desktop.engine.lazy import LazyRegistry


def _castle() -> GameSpec:
    from moonlight_desktop.games.castle.spec import CASTLE

    return CASTLE


def _market() -> GameSpec:
    from moonlight_desktop.games.market.spec import MARKET

    return MARKET


def _moons() -> GameSpec:
    from moonlight_desktop.games.moons.spec import MOONS

    return MOONS


def _samarkand() -> GameSpec:
    from moonlight_desktop.games.samarkand.spec import SAMARKAND

    return SAMARKAND


GAMES: LazyRegistry[GameSpec] = LazyRegistry(
    {"castle": _castle, "market": _market, "moons": _moons, "samarkand": _samarkand}
)
"""Each game's rules and bots, imported when the game is first asked for."""


def game_spec(game_id: str) -> GameSpec:
    spec = GAMES.get(game_id)
    if spec is None:
        raise OptionsError(f"unknown game {brief(game_id, 40)} (playable: {', '.join(GAMES)})")
    return spec


def codec_for(game_id: str) -> CommandCodec[Command]:
    try:
        return game_spec(game_id).codec
    except OptionsError as error:
        raise RecordError(str(error)) from None


def make_bot(game_id: str, level: str, seed: int, iterations: int | None = None) -> Bot:
    return game_spec(game_id).bot(level, seed, iterations)


@dataclass(frozen=True, slots=True)
class BotsOf:
    """The arena's bot maker for one game: (level, seed) -> a bot. A plain object, so tables
    played in other processes can take it along."""

    game_id: str
    iterations: int | None = None
    """Searching levels search this many iterations instead of their time budget."""

    def __call__(self, level: str, seed: int) -> Bot:
        return make_bot(self.game_id, level, seed, self.iterations)


def check_seats(record: GameRecord) -> None:
    """RecordError unless every bot seat of `record` names a level its game has."""
    bots = game_spec(record.game).bots
    for number, seat in enumerate(record.seats, start=1):
        if seat.level is not None and seat.level not in bots:
            raise RecordError(
                f"seat {number} is a bot of unknown level {seat.level!r}"
                f" (levels: {', '.join(sorted(bots))})"
            )
