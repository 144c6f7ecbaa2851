"""The games of the collection, in the gallery's order: each is one line of `PACKAGES`, its id
and its package. From the package come its rules and bots (`<package>.spec`, a GameSpec named
after the id in capitals: `CASTLE`) and, for the window, its description for the table kit
(`<package>.ui.description`, a GameUI named `CASTLE_UI`).

Both are imported when the game is first asked for (the window draws its title before any game
is needed). A frozen build cannot list its own folders, so nothing here looks for games: the
list below is explicit, and build.spec bundles every module of moonlight_desktop."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

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
from moonlight_desktop.i18n import _, format_list

if TYPE_CHECKING:
    from moonlight_desktop.ui.table.game_ui import GameUI

PACKAGES: dict[str, str] = {
    "castle": "moonlight_desktop.games.castle",
    "market": "moonlight_desktop.games.market",
    "moons": "moonlight_desktop.games.moons",
    "samarkand": "moonlight_desktop.games.samarkand",
}
"""Each game's id and its package: adding a game is adding its line."""


@dataclass(frozen=True, slots=True)
class SpecLoader:
    """Imports a game's `spec` module and returns its GameSpec (a LazyRegistry loader)."""

    game_id: str
    package: str

    def __call__(self) -> GameSpec:
        spec = getattr(importlib.import_module(f"{self.package}.spec"), self.game_id.upper())
        if not isinstance(spec, GameSpec):
            raise TypeError(f"{self.package}.spec.{self.game_id.upper()} is not a GameSpec")
        return spec


@dataclass(frozen=True, slots=True)
class DescriptionLoader:
    """Imports a game's `ui.description` module and returns its GameUI (a LazyRegistry
    loader): the window's side of the game, pygame and all."""

    game_id: str
    package: str

    def __call__(self) -> GameUI[Any]:
        module = importlib.import_module(f"{self.package}.ui.description")
        return cast("GameUI[Any]", getattr(module, f"{self.game_id.upper()}_UI"))


GAMES: LazyRegistry[GameSpec] = LazyRegistry(
    {game_id: SpecLoader(game_id, package) for game_id, package in PACKAGES.items()}
)
"""Each game's rules and bots, imported when the game is first asked for."""
TABLE_GAMES: LazyRegistry[GameUI[Any]] = LazyRegistry(
    {game_id: DescriptionLoader(game_id, package) for game_id, package in PACKAGES.items()}
)
"""Each game's description for the table kit, imported when the game is first asked for."""


def register(game_id: str, package: str) -> None:
    """Adds a game kept outside moonlight_desktop (the tests' throwaway fifth game) after the
    collection's: its spec and description are found in `package` as every game's are."""
    if game_id in PACKAGES:
        raise ValueError(f"{game_id} is registered already")
    PACKAGES[game_id] = package
    GAMES.add(game_id, SpecLoader(game_id, package))
    TABLE_GAMES.add(game_id, DescriptionLoader(game_id, package))


def unregister(game_id: str) -> None:
    """Takes back a game that `register` added."""
    del PACKAGES[game_id]
    GAMES.remove(game_id)
    TABLE_GAMES.remove(game_id)


def game_spec(game_id: str) -> GameSpec:
    spec = GAMES.get(game_id)
    if spec is None:
        raise OptionsError(
            _("unknown game {game} (playable: {games})").format(
                game=brief(game_id, 40), games=format_list(list(GAMES))
            )
        )
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
                _("seat {number} is a bot of unknown level {level} (levels: {levels})").format(
                    number=number, level=repr(seat.level), levels=format_list(sorted(bots))
                )
            )
