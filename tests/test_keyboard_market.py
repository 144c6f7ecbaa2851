"""Moonlight Market played whole by keys alone: every kind of command made by Tab and Enter
(a card, then a cushion; a link, then a gem)."""

from __future__ import annotations

from moonlight_desktop.games.market.moves import (
    Bid,
    DiscardHammer,
    PlaceLink,
    PlayDisplaced,
    UseHammer,
)
from moonlight_desktop.ui.app import App
from tests.keyboard_helpers import every_kind_by_keys

KINDS = {Bid, PlayDisplaced, UseHammer, DiscardHammer, PlaceLink}


def test_a_whole_game_by_keys_reaches_every_kind_of_command(app: App) -> None:
    assert every_kind_by_keys(app, "market", 3, {}, KINDS) == KINDS
