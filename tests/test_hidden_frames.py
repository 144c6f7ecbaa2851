"""Nothing hidden is shown: two people at one computer, driven by synthetic events through the
app (hand-off screens and all), and what one seat leaves at the screen never reaches the next.

The issue's case first: in Samarkand's sealed countdown a stop price set by one merchant was on
the next merchant's sheet."""

from __future__ import annotations

from typing import Any

import pygame

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.games.registry import game_spec
from moonlight_desktop.games.samarkand.components import CAMEL
from moonlight_desktop.games.samarkand.moves import Order, Sell
from moonlight_desktop.games.samarkand.state import Phase
from moonlight_desktop.games.samarkand.ui.screen import SamarkandScreen, Spot
from moonlight_desktop.games.samarkand.ui.setup import SEALED
from moonlight_desktop.games.ui_registry import TABLE_GAMES
from moonlight_desktop.scenes.handoff import HandoffScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from tests.table_helpers import asked, key, press, run_frames

SAMARKAND = TABLE_GAMES["samarkand"]


def seats(game: str, humans: int, count: int) -> list[SeatSpec]:
    """`humans` people, then Easy bots, each with the game's looks in order."""
    looks = TABLE_GAMES[game].setup.looks
    names = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
    return [
        SeatSpec(names[n], "human" if n < humans else "bot", None if n < humans else "easy", look)
        for n, look in enumerate(looks[:count])
    ]


def until_asked(app: App, table: TableScene, frames: int = 400) -> int:
    """Frames (one at least: the table shows what was just done) until a human at the screen
    is asked, each hand-off taken by its player pressing Enter; the seat asked."""
    for _ in range(frames):
        run_frames(app, table, 1)
        if isinstance(app.stack.top, HandoffScene):
            key(app, pygame.K_RETURN)
        elif app.stack.top is table and asked(table):
            viewer = table.controller.viewer
            assert viewer is not None
            return viewer
    raise AssertionError("nobody was asked")


# Samarkand's sealed sheet --------------------------------------------------------------------


def samarkand_screen(table: TableScene) -> SamarkandScreen:
    assert isinstance(table.screen, SamarkandScreen)
    return table.screen


def order_spot(table: TableScene, lot: int) -> Spot:
    """The sheet's button placing the order for `lot` (it says the price)."""
    spots = samarkand_screen(table).spots(table.table)
    return next(s for s in spots if isinstance(s.command, Order) and s.command.lot == lot)


def lower_price(app: App, table: TableScene, lot: int, price: int) -> None:
    """Clicks the sheet's minus on `lot`'s row until its stop price is `price`."""
    for _ in range(10):
        place = order_spot(table, lot)
        assert isinstance(place.command, Order)
        if place.command.price == price:
            return
        spots = samarkand_screen(table).spots(table.table)
        lower = next(
            s
            for s in spots
            if s.text == "A lower stop price" and s.rect.centery == place.rect.centery
        )
        press(app, lower.rect.center)
    raise AssertionError(f"the price never came down to {price}")


def sell_first_card(app: App, table: TableScene) -> None:
    spots = samarkand_screen(table).spots(table.table)
    press(app, next(s for s in spots if isinstance(s.command, Sell)).rect.center)


def seal(app: App, table: TableScene) -> None:
    """Seals, once the table shows the sheet as it stands (with any order just placed)."""
    until_asked(app, table)
    press(app, next(b for b in table.buttons if b.label == "Seal my orders").rect.center)


def sealed_souk(app: App, humans: int, seed: int = 5) -> TableScene:
    rules = game_spec("samarkand").rules
    match: Match[Any] = Match.new(rules, seats("samarkand", humans, 3), seed, {"mode": SEALED})
    table = open_table(app, SAMARKAND, match)
    app.stack.push(table)
    return table


def test_a_stop_price_one_merchant_set_is_not_on_the_next_merchants_sheet(app: App) -> None:
    """The issue: Ben sets 5 on the camel, orders it and seals; the next turn Ana's sheet
    opened with the camel at 5. Each sheet opens at its own seat's prices."""
    table = sealed_souk(app, humans=2)
    set_by_ben = False
    for _ in range(40):
        seat = until_asked(app, table)
        view = table.presenter.shown
        if view.phase == Phase.CHOOSE:
            sell_first_card(app, table)
        elif seat == 1 and not set_by_ben:
            lower_price(app, table, CAMEL, 5)
            press(app, order_spot(table, CAMEL).rect.center)
            set_by_ben = True
            seal(app, table)
        elif seat == 0 and set_by_ben:
            legal = table.controller.legal()
            top = max(c.price for c in legal if isinstance(c, Order) and c.lot == CAMEL)
            assert top != 5
            assert order_spot(table, CAMEL).command == Order(CAMEL, top)
            return
        else:
            seal(app, table)
    raise AssertionError("Ana's sheet never opened after Ben's")
