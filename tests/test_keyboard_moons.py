"""Moons played whole by keys alone: every kind of command made by Tab and Enter (a card of
the hand; a trade picked piece by piece)."""

from __future__ import annotations

from moonlight_desktop.games.moons.moves import (
    PlaceInTableau,
    PlayBlock,
    PlayCard,
    TakeToken,
    TradeCard,
    TradeToken,
)
from moonlight_desktop.ui.app import App
from tests.keyboard_helpers import every_kind_by_keys

KINDS = {PlaceInTableau, PlayCard, PlayBlock, TradeToken, TradeCard, TakeToken}


def test_a_whole_game_by_keys_reaches_every_kind_of_command(app: App) -> None:
    assert every_kind_by_keys(app, "moons", 3, {}, KINDS) == KINDS
