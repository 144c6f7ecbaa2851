"""Le Marché de Samarkand's explained hint in words (no pygame): NormalBot's move for the
seat at the screen, and why, from the figures it weighed (the points a lot adds to the
goods, what keeping it from the best rival is worth, the dirhams that makes and its caps)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.hints import Hint

from ..bots import Figures, NormalBot
from ..components import CAMEL
from ..moves import Order, Seal, Sell, Stop, Wait
from ..view import SamarkandView
from .words import camel_words, dirhams, goods_words


def samarkand_hint(view: SamarkandView, legal: Sequence[Command], seed: int) -> Hint:
    """NormalBot's choice for this view (a new bot seeded with `seed`, as `choose` would
    play it) and the reason, from `NormalBot.explain`."""
    bot = NormalBot(seed)
    command = bot.choose(view, legal, 0.0)
    figures = bot.explain(view, legal, command)
    return Hint(command, _sentence(figures, view) + ".")


def _lot(view: SamarkandView, lot: int) -> str:
    return camel_words(view.camel_offer) if lot == CAMEL else goods_words(lot)


def _points(value: float) -> str:
    return f"{value:.1f} point" if f"{value:.1f}" == "1.0" else f"{value:.1f} points"


def _worth(f: Figures, view: SamarkandView) -> str:
    """What the lot is worth to the seat, as the bot counts it."""
    lot = round(f.get("lot"))
    text = f"{_lot(view, lot)} adds {_points(f.get('gain'))} to your score"
    if f.get("denial") > 0:
        text += f" and would add {_points(f.get('denial'))} to your best rival"
    return text + f", so it is worth up to {f.get('price'):.1f} dirhams to you"


def _sentence(f: Figures, view: SamarkandView) -> str:
    command = f.command
    if isinstance(command, Sell):
        return (
            f"Put {goods_words(command.card)} up for sale: it is your most valuable card"
            f" ({round(f.get('value'))}), and buyers pay most while money is plentiful"
        )
    if isinstance(command, Stop):
        return (
            f"Say Stop! on {_lot(view, command.lot)}: {_worth(f, view)}, and the Dean calls"
            f" {dirhams(round(f.get('value')))}"
        )
    if isinstance(command, Wait):
        if not f.has("lot"):
            return "Let this price pass: no lot here is worth buying to you"
        return (
            f"Let this price pass: {_worth(f, view)}, less than the"
            f" {dirhams(round(f.get('value')))} called"
        )
    if isinstance(command, Order):
        money = round(f.get("money"))
        return (
            f"Order {_lot(view, command.lot)} at {dirhams(command.price)}: {_worth(f, view)}"
            f" (you hold {dirhams(money)}; the richest rival {dirhams(round(f.get('richest')))})"
        )
    if isinstance(command, Seal):
        return "Seal your orders: no other lot is worth a dirham to you"
    return "Play this"
