"""Where the learner clicks for a taught Moons command (tests/lesson_driver.py): a card of the
hand to lay or play, a token in the supply strip to take (the strip's buttons are found by the
driver first), a mini-asteroid then what it trades."""

from __future__ import annotations

from moonlight_desktop.engine import Command
from moonlight_desktop.games.moons.components import MINI_KIND, Mini
from moonlight_desktop.games.moons.moves import (
    PlaceInTableau,
    PlayCard,
    TakeToken,
    TradeCard,
    TradeToken,
)
from moonlight_desktop.games.moons.ui.screen import MoonsScreen
from moonlight_desktop.ui.table.scene import TableScene


def next_click(scene: TableScene, command: Command) -> tuple[int, int] | None:
    screen = scene.screen
    assert isinstance(screen, MoonsScreen)
    table = scene.table
    if isinstance(command, PlaceInTableau | PlayCard):
        rect = screen.card_rect(command.card, table)
        return None if rect is None else rect.center
    if isinstance(command, TakeToken):
        return screen.supply_rect(command.planet).center
    if isinstance(command, TradeToken | TradeCard):
        return _trade_click(scene, screen, command)
    return None


def _trade_click(
    scene: TableScene, screen: MoonsScreen, command: TradeToken | TradeCard
) -> tuple[int, int] | None:
    """A trade in the screen's steps: its mini-asteroid, then the token or card to give, then
    the other seat's token (or the tableau card)."""
    trade = screen.trade
    seat = screen.painter.bottom
    if trade is None or trade.kind is not type(command):
        kind = Mini.TRADE_TOKEN if isinstance(command, TradeToken) else Mini.TRADE_CARD
        minis = screen.presenter.minis[seat]
        index = next((n for n, mini in enumerate(minis) if MINI_KIND[mini] == kind), None)
        return None if index is None else screen.mini_rect(index).center
    if isinstance(command, TradeToken):
        if trade.give != command.give:
            return screen.token_rect(seat, command.give).center
        return screen.token_rect(command.target, command.take).center
    if trade.give != command.give:
        rect = screen.card_rect(command.give, scene.table)
        return None if rect is None else rect.center
    slot = screen.presenter.tableaux[command.target].index(command.take)
    return screen.tableau_rect(command.target, slot).center
