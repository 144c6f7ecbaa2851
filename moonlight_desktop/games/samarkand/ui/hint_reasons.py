"""Le Marché de Samarkand's explained hint in words (no pygame): NormalBot's move for the
seat at the screen, and why, from the figures it weighed (the points a lot adds to the
goods, what keeping it from the best rival is worth, the dirhams that makes and its caps)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import _, ngettext
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
    """Points to one decimal, as `hints.figure` writes them in the language: "1.0 point"."""
    count = 1 if round(value, 1) == 1 else 2  # the figure's plural: "1.0 point", "2.5 points"
    return ngettext("{points} point", "{points} points", count).format(points=figure(value))


def _worth(f: Figures, view: SamarkandView, price: str = "", named: bool = False) -> str:
    """What the lot is worth to the seat, as the bot counts it (its `price` as written, if not
    to one decimal; `named`: the sentence has named the lot already): nothing, where it lowers
    the score more than denying it to a rival is worth."""
    gain = f.get("gain")
    taken = figure(gain).startswith("-")
    lot = lot_words(round(f.get("lot")), view.camel_offer)
    if named:
        told = (
            _("it takes {points} off your score") if taken else _("it adds {points} to your score")
        )
    else:
        told = (
            _("{lot} takes {points} off your score")
            if taken
            else _("{lot} adds {points} to your score")
        )
    text = told.format(lot=lot, points=_points(-gain if taken else gain))
    if f.get("denial") > 0:
        # Translators: {gain} is what a lot adds to the player's score ("it adds 2.0 points to
        # your score"), {points} what it would add to the best rival's.
        text = _("{gain} and would add {points} to your best rival").format(
            gain=text, points=_points(f.get("denial"))
        )
    if _worthless(f):
        # Translators: {gain} says what a lot adds to the player's score and a rival's.
        return _("{gain}, so it is worth nothing to you").format(gain=text)
    price = price or figure(f.get("price"))
    # Translators: {gain} says what a lot adds to the player's score and a rival's; {price} is
    # a number of dirhams ("4.5", or "just under 5").
    return _("{gain}, so it is worth up to {price} dirhams to you").format(gain=text, price=price)


def _worthless(f: Figures) -> bool:
    """The lot is worth no dirham to the seat (its price is nothing, or below)."""
    return f.get("price") < EVEN


def _cap(f: Figures) -> str:
    """Why the price is below what the lot's points are worth: no rival could pay more, or
    the bot keeps money for the turns to come (`NormalBot._stop_prices`); "" if it is not."""
    price, richest = f.get("price"), round(f.get("richest"))
    if price >= f.get("points_price") - EVEN:
        return ""
    if abs(price - (richest + 1)) < EVEN:
        return _("no rival holds more than {money}").format(money=dirhams(richest))
    money = round(f.get("money"))
    if abs(price - money) < EVEN:
        return _("all you hold")
    return _("the rest of your {money} is kept for the turns to come").format(money=dirhams(money))


def _capped(worth: str, f: Figures) -> str:
    """What a lot is worth, and why no more when a cap holds it down: "... (all you hold)"."""
    cap = _cap(f)
    return f"{worth} ({cap})" if cap else worth


def _sentence(f: Figures, view: SamarkandView) -> str:
    command = f.command
    if isinstance(command, Sell):
        # Translators: {value} is the card's value.
        told = _(
            "Put {card} up for sale: it is your most valuable card ({value}), and buyers pay"
            " most while money is plentiful"
        )
        return told.format(card=goods_words(command.card), value=round(f.get("value")))
    if isinstance(command, Stop):
        # Translators: {worth} says what the lot is worth to the player and why; {money} is
        # the price the Dean calls ("5 dirhams").
        return _("Say Stop! on {lot}: {worth}, and the Dean calls {money}").format(
            lot=lot_words(command.lot, view.camel_offer),
            worth=_capped(_worth(f, view, named=True), f),
            money=dirhams(round(f.get("value"))),
        )
    if isinstance(command, Wait):
        if not f.has("lot"):
            return _("Let this price pass: no lot here is worth buying to you")
        if _worthless(f):  # the best of them
            return _("Let this price pass: {worth}").format(worth=_worth(f, view))
        called = round(f.get("value"))
        figures = told_apart(f.get("price"), called)  # e.g. 4.95 against 5: not "5.0"
        under = _("just under {value}").format(value=called)
        price = under if figures is None else figures[0]
        # Translators: {worth} says what the best lot is worth to the player and why;
        # {money} is the price the Dean calls ("5 dirhams").
        return _("Let this price pass: {worth}, less than the {money} called").format(
            worth=_capped(_worth(f, view, price), f), money=dirhams(called)
        )
    if isinstance(command, Order):
        # Translators: {worth} says what the lot is worth to the player and why; {price},
        # {money} and {richest} are amounts ("5 dirhams").
        told = _("Order {lot} at {price}: {worth} (you hold {money}; the richest rival {richest})")
        return told.format(
            lot=lot_words(command.lot, view.camel_offer),
            price=dirhams(command.price),
            worth=_worth(f, view, named=True),
            money=dirhams(round(f.get("money"))),
            richest=dirhams(round(f.get("richest"))),
        )
    if isinstance(command, Seal):
        return _("Seal your orders: no other lot is worth a dirham to you")
    return _("Play this")
