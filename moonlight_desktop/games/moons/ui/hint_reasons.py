"""Moons' explained hint in words (no pygame): NormalBot's move for the seat at the screen,
and why, from the figures it weighed (what a token adds to the best score, the tricks a
tableau plan expects, the unseen cards that beat a card)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import _, format_number, ngettext
from moonlight_desktop.ui.table.hints import Hint, even, told_apart

from ..bots import Figures, NormalBot
from ..moves import PlaceInTableau, PlayBlock, PlayCard, TakeToken, TradeCard, TradeToken
from ..view import MoonsView
from .terms import card_words, planet_name


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
    """A figure as a player reads it: whole when it is, else with one decimal (local form)."""
    return str(round(value)) if abs(value - round(value)) < 0.05 else format_number(value, 1)


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names):
        return names[seat]
    return _("seat {number}").format(number=seat + 1)


def _sentence(f: Figures, names: Sequence[str]) -> str:
    command, get = f.command, f.get
    if isinstance(command, TakeToken):
        planet = planet_name(command.planet)
        before, after = _n(get("before")), _n(get("after"))
        if f.has("other"):
            # Translators: {alternative} says what the next best token would add (a clause
            # of its own, e.g. "Saturn would add 2").
            text = _(
                "Take a {planet} token: your best final score goes from {before} to {after}; "
                "{alternative}"
            )
            alternative = _other_token(f, command.planet)
            return text.format(planet=planet, before=before, after=after, alternative=alternative)
        text = _("Take a {planet} token: your best final score goes from {before} to {after}")
        return text.format(planet=planet, before=before, after=after)
    if isinstance(command, PlaceInTableau):
        card = card_words(command.card)
        if not f.numbers:
            return _("Lay {card} in your tableau").format(card=card)
        planets = round(get("planets"))
        # Translators: {tricks} and {points} are decimal figures ("2.5"); {planet} a planet's
        # name; {plan} how the plan compares with the others (a clause of its own: "a plan
        # worth 7.5").
        text = ngettext(
            "Lay {card} in your tableau: with the cards you keep the plan expects {tricks} "
            "tricks, each worth {points} points on a {planet} token ({count} planet in the "
            "tableau), {plan}",
            "Lay {card} in your tableau: with the cards you keep the plan expects {tricks} "
            "tricks, each worth {points} points on a {planet} token ({count} planets in the "
            "tableau), {plan}",
            planets,
        )
        return text.format(
            card=card,
            tricks=format_number(get("tricks"), 1),
            points=format_number(get("token_gain"), 1),
            planet=planet_name(round(get("planet"))),
            count=planets,
            plan=_plan_against_others(f),
        )
    if isinstance(command, TradeToken):
        # Translators: {gave} and {took} are planets' names, {player} the other player.
        text = _(
            "Trade your {gave} token for the {took} of {player}: your score rises by {gain} "
            "and theirs falls by {lost}"
        )
        return text.format(
            gave=planet_name(command.give),
            took=planet_name(command.take),
            player=_name(names, command.target),
            gain=_n(get("gain")),
            lost=_n(get("lost")),
        )
    if isinstance(command, TradeCard):
        # Translators: {taken_rank} and {given_rank} are the cards' numbers.
        text = _("Trade {given} for {card}: a {taken_rank} for a {given_rank}")
        return text.format(
            given=card_words(command.give),
            card=card_words(command.take),
            taken_rank=_n(get("take")),
            given_rank=_n(get("give")),
        )
    if isinstance(command, PlayBlock):
        text = _("Play the Block: you lead with {points} points, so nobody may trade you")
        return text.format(points=_n(get("score")))
    if isinstance(command, PlayCard):
        return _card_sentence(f, command.card)
    return _("Play this")


def _other_token(f: Figures, planet: int) -> str:
    """The next best token, and what decided when it adds as much."""
    get = f.get
    other = round(get("other"))
    gain = round(get("other_gain"))
    named = {"other": planet_name(other), "gain": gain, "planet": planet_name(planet)}
    if gain != round(get("after") - get("before")):
        return _("{other} would add {gain}").format(**named)
    if planet < other:  # the planets' order outweighs how many are left (`NormalBot._gain`)
        text = _("{other} would add {gain} too, but {planet} comes first in the final tie-break")
        return text.format(**named)
    text = _(
        "{other} would add {gain} too, but fewer {planet} tokens are left ({left} against "
        "{other_left})"
    )
    return text.format(**named, left=round(get("supply")), other_left=round(get("other_supply")))


def _plan_against_others(f: Figures) -> str:
    """The tableau plan's worth beside the best plan that lays another card, and what decided
    where the two are written alike: the lower cards it lays (`_tableau_value` counts them),
    or, between plans worth exactly as much, the first found (in the order of the hand)."""
    get = f.get
    value, other = get("value"), get("other_value")
    worth = format_number(value, 1)
    if not f.has("other_value"):
        return _("a plan worth {value}").format(value=worth)
    figures = told_apart(value, other)
    if figures is not None:
        text = _("a plan worth {value} against {other} for the best without this card")
        return text.format(value=figures[0], other=figures[1])
    if even(value, other):
        text = _(
            "a plan worth {value}, just as much as the best without this card: either will "
            "do, and this card comes first in your hand"
        )
    elif get("ranks") < get("other_ranks"):
        text = _(
            "a plan worth {value}, a hair more than the best without this card: it lays "
            "lower cards and keeps the higher ones for tricks"
        )
    else:
        text = _(
            "a plan worth {value}, a hair more than the best without this card: either will do"
        )
    return text.format(value=worth)


def _card_sentence(f: Figures, card: int) -> str:
    get, kind = f.get, f.kind
    named = card_words(card)
    higher, unseen, length = round(get("higher")), round(get("unseen")), round(get("length"))
    if kind == "asteroid":
        # Translators: {lowest} is the number of the lowest Moon card in the hand.
        text = _(
            "Play {card}: it keeps your Moon cards (your lowest is a {lowest}) and draws a "
            "mini-asteroid"
        )
        return text.format(card=named, lowest=_n(get("lowest")))
    if kind == "lead_sure":
        text = ngettext(
            "Lead {card}: none of the {count} card you have not seen beats it",
            "Lead {card}: none of the {count} cards you have not seen beats it",
            unseen,
        )
        return text.format(card=named, count=unseen)
    if kind == "lead_low":
        # Translators: {length} is how many cards of the suit the hand holds, {unseen} how
        # many cards the player has not seen.
        text = ngettext(
            "Lead {card}, low in a long suit ({length} cards): {count} card of the {unseen} "
            "you have not seen beats it, so keep your high cards",
            "Lead {card}, low in a long suit ({length} cards): {count} cards of the {unseen} "
            "you have not seen beat it, so keep your high cards",
            higher,
        )
        return text.format(card=named, length=length, count=higher, unseen=unseen)
    if kind == "follow_sure":
        # Translators: {best} is the number of the best card on the trick so far.
        text = _(
            "Play {card}: it beats the {best} on the trick and no card you have not seen is higher"
        )
        return text.format(card=named, best=_n(get("best")))
    if kind == "follow_safe":
        later = round(get("later"))
        players = ngettext("{count} player", "{count} players", later).format(count=later)
        # Translators: {best} is the number of the best card on the trick so far; {players}
        # is "1 player" or "2 players" (from the message of that name).
        text = ngettext(
            "Play {card}: the lowest card that beats the {best}; {count} card you have not "
            "seen could still top it, with {players} to come",
            "Play {card}: the lowest card that beats the {best}; {count} cards you have not "
            "seen could still top it, with {players} to come",
            higher,
        )
        return text.format(card=named, best=_n(get("best")), count=higher, players=players)
    if kind == "follow_low":
        text = _("Play {card}, your lowest: it cannot beat the {best}, so keep the better cards")
        return text.format(card=named, best=_n(get("best")))
    if kind == "shed_token":
        # Translators: {rank} is the card's number.
        text = _(
            "Play {card}: you cannot follow, and a {rank} under every other off-suit card may "
            "still take the lowest off-suit token"
        )
        return text.format(card=named, rank=_n(get("rank")))
    text = _("Play {card}: you cannot follow suit, so shed your least useful card")
    return text.format(card=named)
