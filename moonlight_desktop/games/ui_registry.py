"""The games the window plays, each with its description for the table kit (GameUI), in the
gallery's order. Registered explicitly, beside games/registry.py: a frozen build cannot list
its own folders."""

from __future__ import annotations

from moonlight_desktop.games.castle.ui.game import CASTLE_UI
from moonlight_desktop.games.market.ui.game import MARKET_UI
from moonlight_desktop.games.moons.ui.game import MOONS_UI
from moonlight_desktop.games.samarkand.ui.game import SAMARKAND_UI
from moonlight_desktop.ui.table.game_ui import GameUI

TABLE_GAMES: dict[str, GameUI] = {
    "castle": CASTLE_UI,
    "market": MARKET_UI,
    "moons": MOONS_UI,
    "samarkand": SAMARKAND_UI,
}
