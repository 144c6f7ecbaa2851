"""Le Marché de Samarkand played whole by keys alone, live (Stop! and letting a price pass)
and sealed (stop prices set, orders placed, sealed): every kind of command made by keys."""

from __future__ import annotations

from moonlight_desktop.games.samarkand.moves import Order, Seal, Sell, Stop, Wait
from moonlight_desktop.ui.app import App
from tests.keyboard_helpers import every_kind_by_keys


def test_a_live_game_by_keys_sells_stops_and_lets_prices_pass(app: App) -> None:
    kinds = {Sell, Stop, Wait}
    assert (
        every_kind_by_keys(app, "samarkand", 3, {"mode": "live", "clock": "slow"}, kinds) == kinds
    )


def test_a_sealed_game_by_keys_sells_orders_and_seals(app: App) -> None:
    kinds = {Sell, Order, Seal}
    assert every_kind_by_keys(app, "samarkand", 3, {"mode": "sealed"}, kinds) == kinds
