"""The games the window plays, each with its description for the table kit (GameUI), in the
gallery's order. Registered explicitly, beside games/registry.py: a frozen build cannot list
its own folders. Each game's screens are imported when the game is first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from moonlight_desktop.engine.lazy import LazyRegistry

if TYPE_CHECKING:
    from moonlight_desktop.ui.table.game_ui import GameUI


def _castle() -> GameUI[Any]:
    from moonlight_desktop.games.castle.ui.description import CASTLE_UI

    return CASTLE_UI


def _market() -> GameUI[Any]:
    from moonlight_desktop.games.market.ui.description import MARKET_UI

    return MARKET_UI


def _moons() -> GameUI[Any]:
    from moonlight_desktop.games.moons.ui.description import MOONS_UI

    return MOONS_UI


def _samarkand() -> GameUI[Any]:
    from moonlight_desktop.games.samarkand.ui.description import SAMARKAND_UI

    return SAMARKAND_UI


TABLE_GAMES: LazyRegistry[GameUI[Any]] = LazyRegistry(
    {"castle": _castle, "market": _market, "moons": _moons, "samarkand": _samarkand}
)
