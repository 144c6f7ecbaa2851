"""Moons' explained hint in words (no pygame): NormalBot's move for the seat at the screen,
and why, from the figures it weighed (what a token adds to the best score, the tricks a
tableau plan expects, the unseen cards that beat a card)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.hints import Hint, even, told_apart
from moonlight_desktop.ui.table.phrasing import counted

from ..bots import Figures, NormalBot
from ..moves import PlaceInTableau, PlayBlock, PlayCard, TakeToken, TradeCard, TradeToken
from ..view import MoonsView
from .terms import PLANET_NAMES, card_words


def moons_hint(
    view: MoonsView, legal: Sequence[Command], seed: int, names: Sequence[str] = ()
) -> Hint:
    """NormalBot's choice for this view (seeded with `seed`, as `choose` would play it) and
    the reason, from `NormalBot.explain`. `names`: the seats' names (for a trade)."""
    bot = NormalBot(seed)
    command = bot.choose(view, legal, 0.0)
    figures = bot.explain(view, legal, command)
    return Hint(command, _sentence(figures, names) + ".")


def _n(value: float) -> str:
    return str(round(value)) if abs(value - round(value)) < 0.05 else f"{value:.1f}"


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def _sentence(f: Figures, names: Sequence[str]) -> str:
    command, get = f.command, f.get
    if isinstance(command, TakeToken):
        text = (
            f"Take a {PLANET_NAMES[command.planet]} token: your best final score goes from"
            f" {_n(get('before'))} to {_n(get('after'))}"
        )
        if f.has("other"):
            text += f"; {_other_token(f, command.planet)}"
        return text
    if isinstance(command, PlaceInTableau):
        if not f.numbers:
            return f"Lay {card_words(command.card)} in your tableau"
        planet = PLANET_NAMES[round(get("planet"))]
        text = (
            f"Lay {card_words(command.card)} in your tableau: with the cards you keep the plan"
            f" expects {get('tricks'):.1f} tricks, each worth {get('token_gain'):.1f} points"
            f" on a {planet} token ({counted(round(get('planets')), 'planet')} in the tableau)"
        )
        return text + _plan_against_others(f)
    if isinstance(command, TradeToken):
        return (
            f"Trade your {PLANET_NAMES[command.give]} token for the"
            f" {PLANET_NAMES[command.take]} of {_name(names, command.target)}: your score"
            f" rises by {_n(get('gain'))} and theirs falls by {_n(get('lost'))}"
        )
    if isinstance(command, TradeCard):
        return (
            f"Trade {card_words(command.give)} for {card_words(command.take)}: a"
            f" {_n(get('take'))} for a {_n(get('give'))}"
        )
    if isinstance(command, PlayBlock):
        return f"Play the Block: you lead with {_n(get('score'))} points, so nobody may trade you"
    if isinstance(command, PlayCard):
        return _card_sentence(f, command.card)
    return "Play this"


def _other_token(f: Figures, planet: int) -> str:
    """The next best token, and what decided when it adds as much."""
    get = f.get
    other = round(get("other"))
    gain = round(get("other_gain"))
    text = f"{PLANET_NAMES[other]} would add {gain}"
    if gain != round(get("after") - get("before")):
        return text
    if planet < other:  # the planets' order outweighs how many are left (`NormalBot._gain`)
        return f"{text} too, but {PLANET_NAMES[planet]} comes first in the final tie-break"
    left, other_left = round(get("supply")), round(get("other_supply"))
    fewer = f"fewer {PLANET_NAMES[planet]} tokens are left ({left} against {other_left})"
    return f"{text} too, but {fewer}"


def _plan_against_others(f: Figures) -> str:
    """The tableau plan's worth beside the best plan that lays another card, and what decided
    where the two are written alike: the lower cards it lays (`_tableau_value` counts them),
    or, between plans worth exactly as much, the first found (in the order of the hand)."""
    get = f.get
    value, other = get("value"), get("other_value")
    if not f.has("other_value"):
        return f", a plan worth {value:.1f}"
    figures = told_apart(value, other)
    if figures is not None:
        return f", a plan worth {figures[0]} against {figures[1]} for the best without this card"
    text = f", a plan worth {value:.1f}"
    if even(value, other):
        return (
            f"{text}, just as much as the best without this card: either will do, and this"
            " card comes first in your hand"
        )
    text += ", a hair more than the best without this card"
    if get("ranks") < get("other_ranks"):
        return f"{text}: it lays lower cards and keeps the higher ones for tricks"
    return f"{text}: either will do"


def _card_sentence(f: Figures, card: int) -> str:
    get, kind = f.get, f.kind
    named = card_words(card)
    higher, unseen, length = round(get("higher")), round(get("unseen")), round(get("length"))
    beaten = "no card" if higher == 0 else counted(higher, "card")
    if kind == "asteroid":
        return (
            f"Play {named}: it keeps your Moon cards (your lowest is a {_n(get('lowest'))})"
            " and draws a mini-asteroid"
        )
    if kind == "lead_sure":
        return f"Lead {named}: none of the {unseen} cards you have not seen beats it"
    if kind == "lead_low":
        return (
            f"Lead {named}, low in a long suit ({counted(length, 'card')}): {beaten} of the"
            f" {unseen} you have not seen beat it, so keep your high cards"
        )
    if kind == "follow_sure":
        return (
            f"Play {named}: it beats the {_n(get('best'))} on the trick and {beaten} you have"
            " not seen is higher"
        )
    if kind == "follow_safe":
        return (
            f"Play {named}: the lowest card that beats the {_n(get('best'))}; {beaten} you"
            f" have not seen could still top it, with {counted(round(get('later')), 'player')}"
            " to come"
        )
    if kind == "follow_low":
        return (
            f"Play {named}, your lowest: it cannot beat the {_n(get('best'))}, so keep the"
            " better cards"
        )
    if kind == "shed_token":
        return (
            f"Play {named}: you cannot follow, and a {_n(get('rank'))} under every other"
            " off-suit card may still take the lowest off-suit token"
        )
    return f"Play {named}: you cannot follow suit, so shed your least useful card"
