"""The games that play at the shared table, each with its description for the window
(GameUI). Registered explicitly, beside games/registry.py: a frozen build cannot list its own
folders. Moonlight Castle still runs on its own board scene and joins this list when it moves
onto the table kit."""

from __future__ import annotations

from moonlight_desktop.games.moons.ui.game import MOONS_UI
from moonlight_desktop.ui.table.game_ui import GameUI

TABLE_GAMES: dict[str, GameUI] = {"moons": MOONS_UI}
