"""Le Marché de Samarkand's explained hint in words (no pygame): NormalBot's move for the
seat at the screen, and why, from the figures it weighed (the points a lot adds to the
goods, what keeping it from the best rival is worth, the dirhams that makes and its caps)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.hints import EVEN, Hint, figure, told_apart

from ..bots import Figures, NormalBot
from ..moves import Order, Seal, Sell, Stop, Wait
from ..view import SamarkandView
from .narrator import dirhams, goods_words, lot_words


def samarkand_hint(view: SamarkandView, legal: Sequence[Command], seed: int) -> Hint:
    """NormalBot's choice for this view (a new bot seeded with `seed`, as `choose` would
    play it) and the reason, from `NormalBot.explain`."""
    bot = NormalBot(seed)
    command = bot.choose(view, legal, 0.0)
    figures = bot.explain(view, legal, command)
    return Hint(command, _sentence(figures, view) + ".")


def _points(value: float) -> str:
    written = figure(value)
    return f"{written} point" if written == "1.0" else f"{written} points"


def _worth(f: Figures, view: SamarkandView, price: str = "", subject: str = "") -> str:
    """What the lot (`subject`, when already named) is worth to the seat, as the bot counts
    it (its `price` as written, if not to one decimal): nothing, where it lowers the score
    more than denying it to a rival is worth."""
    subject = subject or lot_words(round(f.get("lot")), view.camel_offer)
    gain = f.get("gain")
    if figure(gain).startswith("-"):
        text = f"{subject} takes {_points(-gain)} off your score"
    else:
        text = f"{subject} adds {_points(gain)} to your score"
    if f.get("denial") > 0:
        text += f" and would add {_points(f.get('denial'))} to your best rival"
    if _worthless(f):
        return text + ", so it is worth nothing to you"
    price = price or figure(f.get("price"))
    return text + f", so it is worth up to {price} dirhams to you"


def _worthless(f: Figures) -> bool:
    """The lot is worth no dirham to the seat (its price is nothing, or below)."""
    return f.get("price") < EVEN


def _cap(f: Figures) -> str:
    """Why the price is below what the lot's points are worth: no rival could pay more, or
    the bot keeps money for the turns to come (`NormalBot._stop_prices`)."""
    price, richest = f.get("price"), round(f.get("richest"))
    if price >= f.get("points_price") - EVEN:
        return ""
    if abs(price - (richest + 1)) < EVEN:
        return f" (no rival holds more than {dirhams(richest)})"
    money = round(f.get("money"))
    if abs(price - money) < EVEN:
        return " (all you hold)"
    return f" (the rest of your {dirhams(money)} is kept for the turns to come)"


def _sentence(f: Figures, view: SamarkandView) -> str:
    command = f.command
    if isinstance(command, Sell):
        return (
            f"Put {goods_words(command.card)} up for sale: it is your most valuable card"
            f" ({round(f.get('value'))}), and buyers pay most while money is plentiful"
        )
    if isinstance(command, Stop):
        worth = _worth(f, view, subject="it") + _cap(f)
        calls = dirhams(round(f.get("value")))
        lot = lot_words(command.lot, view.camel_offer)
        return f"Say Stop! on {lot}: {worth}, and the Dean calls {calls}"
    if isinstance(command, Wait):
        if not f.has("lot"):
            return "Let this price pass: no lot here is worth buying to you"
        if _worthless(f):  # the best of them
            return f"Let this price pass: {_worth(f, view)}"
        called = round(f.get("value"))
        figures = told_apart(f.get("price"), called)  # e.g. 4.95 against 5: not "5.0"
        price = figures[0] if figures is not None else f"just under {called}"
        return (
            f"Let this price pass: {_worth(f, view, price)}{_cap(f)}, less than the"
            f" {dirhams(called)} called"
        )
    if isinstance(command, Order):
        money = round(f.get("money"))
        worth = _worth(f, view, subject="it")
        return (
            f"Order {lot_words(command.lot, view.camel_offer)} at {dirhams(command.price)}: {worth}"
            f" (you hold {dirhams(money)}; the richest rival {dirhams(round(f.get('richest')))})"
        )
    if isinstance(command, Seal):
        return "Seal your orders: no other lot is worth a dirham to you"
    return "Play this"
