"""Le Marché de Samarkand in words: the game's log, event by event, and the final scoring as a
player reads it.

No pygame. A `SamarkandNarrator` keeps its own record of what its sentences need, started from
the game's first view and advanced by every event it tells: the turn, the Dean, the countdown's
value, the camel face up, the stop orders placed this turn and the Stops called. So it tells a
saved game's log exactly as it told it live.

The log says public facts only, even about the viewer's own private events: it stays on the
screen when the next player sits down, so a card chosen for sale, a sealed order, a merchant's
money and camels are never named. Payments are made in public (the view's ledger), so their
amounts are told; so is a camel's capacity as it is bought (it lay face up). From those payments
and purchases the record also counts each merchant's money, camels and goods, as a player who
watched every payment could; they are told only when the screens are lifted at the end, where the
final scoring is told from them part by part (`SeatScore`, shared with the standings).

Sentences never make a possessive of a name ("Ana's"): a name may be anything. Every
sentence is one message of the samarkand catalogue with named placeholders; what fills them is a
name, a number, a goods card or camel as a label ("the 5 of spices"), or a list of those. A line
of the log may hold several clauses, each a whole message, joined by `clauses`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from moonlight_desktop.engine import Event
from moonlight_desktop.i18n import N_, _, format_list, ngettext
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.phrasing import sentences
from moonlight_desktop.ui.table.presenter import LogLine

from .. import moves
from ..components import (
    BANK,
    CAMEL,
    GOODS_TYPES,
    TOP_PRICE,
    TURNS,
    card_type,
    card_value,
    half_rounded_up,
)
from ..scoring import DISTINCT_VALUES, GROUP_POINTS, breakdown, money_places, without
from ..state import Phase
from ..table import Table
from ..view import SamarkandView

GOODS_NAMES = ("fruits", "jewels", "spices", "textiles", "clothing")
"""The goods types by number, as the rulebook names them (ids: the art's file names)."""
GOODS_TYPE_WORDS = (N_("fruits"), N_("jewels"), N_("spices"), N_("textiles"), N_("clothing"))
"""The goods types as a player reads them, by number (translated where shown)."""
GOODS_CARD_WORDS = (
    # Translators: a goods card as a label inside sentences; {value} is 1 to 7.
    N_("the {value} of fruits"),
    N_("the {value} of jewels"),
    N_("the {value} of spices"),
    N_("the {value} of textiles"),
    N_("the {value} of clothing"),
)
"""A goods card of each type, by its value."""
GROUP_WORDS = {
    # Translators: a group of cards of equal value: "three 5s" is three cards worth 5.
    2: N_("two {value}s"),
    3: N_("three {value}s"),
    4: N_("four {value}s"),
    5: N_("five {value}s"),
    6: N_("six {value}s"),
    7: N_("seven {value}s"),
    8: N_("eight {value}s"),
}
"""A group of equal value by its size (at most eight: two cards of each value per type)."""
LOG_ICONS: dict[type[Event], str] = {
    moves.SaleChosen: "play",
    moves.CamelFlipped: "reveal",
    moves.GoodsRevealed: "reveal",
    moves.OrderPlaced: "coins",  # a lot and a price
    moves.OrdersSealed: "play",  # like a bid put down
    moves.Countdown: "coins",  # never told: the clock shows it
    moves.Stops: "reveal",  # the calls or sealed orders shown at once
    moves.Bought: "coins",
    moves.Disputed: "conflict",
    moves.TurnEnded: "turn",
    moves.GameOver: "win",
}
"""Each event's icon in the log (ui/table/log_icons.py names them; tested there)."""
PURSES = -1
"""In `SamarkandNarrator.scoring_subjects`: the line of the final scoring that tells every purse."""


def either(items: Sequence[str]) -> str:
    """Items as a sentence offers them: "a", "a or b", "a, b or c"."""
    if len(items) <= 1:
        return "".join(items)
    # Translators: the last choice of a list: "fruits, spices or textiles".
    return _("{others} or {last}").format(others=", ".join(items[:-1]), last=items[-1])


def clauses(*parts: str) -> str:
    """Clauses of one log line, each a whole message, one after another: "a; b; c"."""
    told = [part for part in parts if part]
    line = told[0] if told else ""
    for part in told[1:]:
        # Translators: two clauses of one line of the log, each a whole sentence.
        line = _("{first}; {then}").format(first=line, then=part)
    return line


def goods_type_words(goods_type: int) -> str:
    """A goods type as a label: "spices"."""
    return _(GOODS_TYPE_WORDS[goods_type])


def goods_words(card: int) -> str:
    """A goods card: "the 5 of spices"."""
    return _(GOODS_CARD_WORDS[card_type(card)]).format(value=card_value(card))


def lot_label(lot: int, camel_offer: int) -> str:
    """A lot as the screen names it: a goods card, or "the camel for 4 goods"."""
    if lot == CAMEL:
        # Translators: the camel on offer, as a lot's label; {capacity} is what it carries.
        return _("the camel for {capacity} goods").format(capacity=camel_offer)
    return goods_words(lot)


def camel_words(capacity: int) -> str:
    """A camel by what it carries: "the camel carrying 4"."""
    # Translators: a camel inside sentences; {capacity} is how many goods it carries (3 to 6).
    return _("the camel carrying {capacity}").format(capacity=capacity)


def lot_words(lot: int, camel: int) -> str:
    """A lot on offer: a goods card, or the camel (carrying `camel`)."""
    return camel_words(camel) if lot == CAMEL else goods_words(lot)


def dirhams(amount: int) -> str:
    """An amount of money: "1 dirham", "4 dirhams"."""
    return ngettext("{count} dirham", "{count} dirhams", amount).format(count=amount)


def points(count: int) -> str:
    """A number of points: "1 point", "12 points"."""
    return ngettext("{count} point", "{count} points", count).format(count=count)


def group_words(value: int, count: int) -> str:
    """A group of equal value: "three 5s", "two 1s"."""
    if count in GROUP_WORDS:
        return _(GROUP_WORDS[count]).format(value=value)
    return ngettext("{count} card of {value}", "{count} cards of {value}", count).format(
        count=count, value=value
    )


def buyable_types_of(types: Sequence[int], seat: int) -> tuple[int, ...]:
    """The types `seat` could buy: every type in play (`types`: each seat's, then the bank's)
    but its own (S5)."""
    return tuple(t for t in GOODS_TYPES if t in types and t != types[seat])


# The final scoring, part by part -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One merchant's final score as the rulebook counts it (with rulings R0, S5): money places,
    the goods the camels cannot carry, the least-purchased type, groups of equal value and the
    empty camel spaces. The points are `scoring.breakdown`'s own."""

    money: int
    """Dirhams held at the end."""
    money_points: int
    camels: tuple[int, ...]
    """Capacities, in the order bought."""
    goods: tuple[int, ...]
    """Every goods card bought, in the order bought."""
    discarded: tuple[int, ...]
    """The goods the camels cannot carry, chosen to leave the highest score (S5)."""
    kept: tuple[int, ...]
    """The goods the camels carry home, in the order bought."""
    buyable: tuple[int, ...]
    """The types this merchant could buy: every type in play but their own (S5)."""
    least_tied: tuple[int, ...]
    """The buyable types with the fewest cards kept (several: a tie, the best sum counts)."""
    least_type: int
    """The least-purchased type that counts: of `least_tied`, the best sum."""
    least_points: int
    groups: tuple[tuple[int, int], ...]
    """(value, cards) for each value kept two or more times, highest value first."""
    group_points: int
    penalty: int
    """Points lost for empty camel spaces (2 each), a positive number."""

    @property
    def capacity(self) -> int:
        return sum(self.camels)

    @property
    def empty_spaces(self) -> int:
        return max(0, self.capacity - len(self.goods))

    @property
    def total(self) -> int:
        return self.money_points + self.least_points + self.group_points - self.penalty

    def kept_of(self, goods_type: int) -> tuple[int, ...]:
        """The values kept of `goods_type`, highest first."""
        return tuple(
            sorted((card_value(c) for c in self.kept if card_type(c) == goods_type), reverse=True)
        )


def seat_score(
    goods: Sequence[int],
    camels: Sequence[int],
    buyable: Sequence[int],
    money: int,
    money_points: int,
    discarded: Sequence[int] | None = None,
) -> SeatScore:
    """The final score of one merchant, part by part (see `SeatScore`); `discarded` as
    `scoring.breakdown` takes it."""
    parts = breakdown(goods, camels, buyable, money_points, discarded)
    kept = without(goods, parts.discarded)
    per_type = {t: [card_value(c) for c in kept if card_type(c) == t] for t in buyable}
    fewest = min((len(values) for values in per_type.values()), default=0)
    tied = tuple(t for t in buyable if len(per_type[t]) == fewest)
    least = max(tied, key=lambda t: sum(per_type[t]), default=-1)
    counts = [sum(card_value(c) == value for c in kept) for value in DISTINCT_VALUES]
    groups = tuple(
        (value, count)
        for value, count in sorted(zip(DISTINCT_VALUES, counts, strict=True), reverse=True)
        if count >= 2
    )
    return SeatScore(
        money=money,
        money_points=parts.money,
        camels=tuple(camels),
        goods=tuple(goods),
        discarded=parts.discarded,
        kept=tuple(kept),
        buyable=tuple(buyable),
        least_tied=tied,
        least_type=least,
        least_points=parts.least_type,
        groups=groups,
        group_points=parts.groups,
        penalty=parts.penalty,
    )


def final_scores(
    money: Sequence[int],
    camels: Sequence[Sequence[int]],
    goods: Sequence[Sequence[int]],
    types: Sequence[int],
    table: Table,
    discarded: Sequence[Sequence[int]] | None = None,
) -> tuple[SeatScore, ...]:
    """Every merchant's final score, money places included (R0: by distinct amounts).
    `discarded`: per seat, the goods the camels cannot carry when already chosen (as
    `GameOver` tells them); else they are chosen here."""
    places = money_places(money, table.place_points)
    return tuple(
        seat_score(
            goods[seat],
            camels[seat],
            buyable_types_of(types, seat),
            money[seat],
            places[seat],
            None if discarded is None else discarded[seat],
        )
        for seat in range(table.seats)
    )


def fit_words(name: str, score: SeatScore) -> str:
    """The camels and what they carry: "Ana: camels carrying 4 and 5 (9 spaces) for 11
    goods: the 1 of fruits and the 2 of jewels do not fit and are discarded ..."."""
    bought = len(score.goods)
    if not score.camels:
        if not bought:
            return _("{name} has no camel and no goods").format(name=name)
        return ngettext(
            "{name} has no camel to carry {count} goods card: it is discarded",
            "{name} has no camel to carry {count} goods: all are discarded",
            bought,
        ).format(name=name, count=bought)
    if score.discarded:
        result = ngettext(
            "{cards} does not fit and is discarded (of all the choices, the one that leaves"
            " the best score)",
            "{cards} do not fit and are discarded (of all the choices, the one that leaves"
            " the best score)",
            len(score.discarded),
        ).format(cards=format_list([goods_words(card) for card in score.discarded]))
    elif score.empty_spaces:
        result = ngettext(
            "{count} space left empty", "{count} spaces left empty", score.empty_spaces
        ).format(count=score.empty_spaces)
    else:
        result = _("every space is filled")
    # Translators: {capacities} lists what each camel carries ("4 and 5"), {spaces} is their
    # sum ("9 spaces"), {goods} the goods bought ("11 goods"), {result} what fits.
    head = ngettext(
        "{name}: camel carrying {capacities} ({spaces}) for {goods}: {result}",
        "{name}: camels carrying {capacities} ({spaces}) for {goods}: {result}",
        len(score.camels),
    )
    return head.format(
        name=name,
        capacities=format_list([str(capacity) for capacity in score.camels]),
        spaces=ngettext("{count} space", "{count} spaces", score.capacity).format(
            count=score.capacity
        ),
        goods=goods_count(bought),
        result=result,
    )


def least_type_words(name: str, score: SeatScore) -> str:
    """The least-purchased type, with why it is the one: "Ana: least-purchased type spices,
    2 cards (7 and 5): 12 points"."""
    kept = score.kept_of(score.least_type)
    if not kept:
        missing = either([goods_type_words(t) for t in score.least_tied])
        # Translators: {types} is one goods type or several ("fruits or spices").
        return _("{name}: no {types} kept, so 0 points for the least-purchased type").format(
            name=name, types=missing
        )
    values = format_list([str(value) for value in kept])
    kind = goods_type_words(score.least_type)
    if len(score.least_tied) > 1:
        tied = format_list([goods_type_words(t) for t in score.least_tied])
        # Translators: {tied} lists the goods types tied for fewest cards, {kind} the one that
        # counts, {values} its cards' values, {points} the points it scores ("12 points").
        told = ngettext(
            "{name}: least-purchased types {tied}, {count} card each; the best sum counts,"
            " {kind} ({values}): {points}",
            "{name}: least-purchased types {tied}, {count} cards each; the best sum counts,"
            " {kind} ({values}): {points}",
            len(kept),
        )
    else:
        tied = ""
        # Translators: {kind} is a goods type, {values} its cards' values ("7 and 5"),
        # {points} the points it scores ("12 points").
        told = ngettext(
            "{name}: least-purchased type {kind}, {count} card ({values}): {points}",
            "{name}: least-purchased type {kind}, {count} cards ({values}): {points}",
            len(kept),
        )
    return told.format(
        name=name,
        tied=tied,
        kind=kind,
        count=len(kept),
        values=values,
        points=points(score.least_points),
    )


def groups_words(name: str, score: SeatScore) -> str:
    """Groups of equal value, all types together: "Ana: groups of equal value: three 5s (2)
    and two 1s (1): 3 points"."""
    if not score.groups:
        return _("{name}: no two goods of equal value, 0 points for groups").format(name=name)
    if len(score.groups) == 1:
        each = group_words(*score.groups[0])
    else:
        each = format_list(
            [
                f"{group_words(value, count)} ({GROUP_POINTS[min(count, 6)]})"
                for value, count in score.groups
            ]
        )
    # Translators: {groups} lists the groups ("three 5s (2) and two 1s (1)"), {points} their
    # points ("3 points").
    return _("{name}: groups of equal value: {groups}: {points}").format(
        name=name, groups=each, points=points(score.group_points)
    )


def penalty_words(name: str, score: SeatScore) -> str:
    """The empty camel spaces: "Ana: 2 empty camel spaces: -4 points"."""
    # Translators: {points} is the points lost ("4 points").
    return ngettext(
        "{name}: {count} empty camel space: -{points}",
        "{name}: {count} empty camel spaces: -{points}",
        score.empty_spaces,
    ).format(name=name, count=score.empty_spaces, points=points(score.penalty))


def total_words(name: str, score: SeatScore) -> str:
    """The sum: "Ana scores 5 (money) + 12 (least type) + 3 (groups) - 4 (empty spaces) = 16
    points"."""
    if score.penalty:
        # Translators: the points of each part of a score, then the total ("16 points").
        told = _(
            "{name} scores {money} (money) + {least} (least type) + {groups} (groups)"
            " - {penalty} (empty spaces) = {total}"
        )
    else:
        # Translators: the points of each part of a score, then the total ("16 points").
        told = _(
            "{name} scores {money} (money) + {least} (least type) + {groups} (groups) = {total}"
        )
    return told.format(
        name=name,
        money=score.money_points,
        least=score.least_points,
        groups=score.group_points,
        penalty=score.penalty,
        total=points(score.total),
    )


def goods_count(count: int) -> str:
    """A number of goods cards: "no goods", "1 goods card", "4 goods"."""
    if count == 0:
        return _("no goods")
    return ngettext("{count} goods card", "{count} goods", count).format(count=count)


# The narrator ------------------------------------------------------------------------------------


class SamarkandNarrator:
    """The log of one game in words, for one viewer (the kit's `Narrator`).

    Feed it every event of the game in order, as the viewer sees them (`Event.seen_by`), from
    the view it was made with: `opening` is the game's first view (a new match's, or one
    replayed to its start; ValueError for a later one). `names` has one name per seat.
    `opening_lines()` tells the table before the first event; `describe` tells an event as
    log lines, `narrate` as sentences.

    Its record of the table (read it, never change it): `types`, `turn`, `dean`, `value` (the
    countdown's), `camel_offer` (0: none), `orders` (how many each seat placed this turn); and
    counted from the public payments and purchases, told only at the end: `money`, `camels`,
    `goods`; and `final_discards` once the game over told them.
    """

    def __init__(self, opening: SamarkandView, names: Sequence[str]) -> None:
        table = opening.table
        if len(names) != table.seats:
            raise ValueError(f"one name per seat: {table.seats}, not {len(names)}")
        if opening.turn != 1 or opening.phase != Phase.CHOOSE or any(opening.has_chosen):
            raise ValueError("a narrator starts from the game's first view")
        seats = table.seats
        self.table: Table = table
        self.names = tuple(names)
        self.types = tuple(opening.types)
        self.turn = opening.turn
        self.dean = opening.dean
        self.value = opening.value
        self.camel_offer = opening.camel_offer
        self.orders = [0] * seats
        self.money = [table.starting_money] * seats
        self.camels: list[list[int]] = [[] for _seat in range(seats)]
        self.goods: list[list[int]] = [[] for _seat in range(seats)]
        self._claims: tuple[tuple[int, int], ...] = ()
        self.final_discards: tuple[tuple[int, ...], ...] | None = None
        """What the camels cannot carry, as the game over told it (None before)."""
        self.scoring_subjects: tuple[int | None, ...] = ()
        """Whom each line of the final scoring is about, once told: a seat, PURSES for the
        line that tells every purse, None for the others (the presenter lifts each screen
        at its merchant's first line)."""

    # Words for this table -------------------------------------------------------------------

    def seller_name(self, who: int) -> str:
        """A seat's name, or "the bank"."""
        return _("the bank") if who == BANK else self.names[who]

    # The log ----------------------------------------------------------------------------------

    def describe(self, event: Event) -> list[LogLine]:
        """The log lines for `event`, each with its seat and icon; the countdown's values go
        untold (the clock shows each one; the log keeps what happened at them)."""
        seat = getattr(event, "seat", getattr(event, "buyer", None))
        lines = self.narrate(event)  # every event, so the record keeps count
        if isinstance(event, moves.Countdown):
            return []
        icons = [LOG_ICONS.get(type(event), "info")] * len(lines)
        if isinstance(event, moves.GameOver) and lines:
            icons[:-1] = ["points"] * (len(lines) - 1)  # the final scoring, then who won
        return [
            LogLine(text, seat if isinstance(seat, int) and seat >= 0 else None, icon)
            for text, icon in zip(lines, icons, strict=True)
        ]

    def summarize(self, played: Played) -> list[LogLine]:
        """Nothing: every command's events tell all it did."""
        return []

    def opening_log(self) -> list[LogLine]:
        """The opening lines as the log shows them: the table, then the first turn."""
        told = self.opening_lines()
        return [
            LogLine(text, icon="turn" if n == len(told) - 1 else "info")
            for n, text in enumerate(told)
        ]

    def opening_lines(self) -> list[str]:
        """Who sells what, the first Dean, the camel face up, and what everyone does first."""
        seats = self.table.seats
        # Translators: one merchant and the goods type they sell, in a list.
        sales = [
            _("{name} {goods}").format(name=self.names[s], goods=goods_type_words(self.types[s]))
            for s in range(seats)
        ]
        if len(self.types) > seats:
            sales.append(
                _("the bank {goods}, from a deck").format(goods=goods_type_words(self.types[seats]))
            )
        start = self.table.starting_money
        lines = [
            _("Each merchant sells one type: {sales}").format(sales=format_list(sales)),
            ngettext(
                "Everyone starts with {count} dirham behind a screen",
                "Everyone starts with {count} dirhams behind a screen",
                start,
            ).format(count=start),
        ]
        if self.camel_offer:
            lines.append(
                _("A camel carrying {capacity} lies face up").format(capacity=self.camel_offer)
            )
        lines.append(self._turn_opening())
        return lines

    def narrate(self, event: Event) -> list[str]:
        """The log lines for `event`, and the record advanced past it."""
        match event:
            case moves.SaleChosen():
                return [
                    _("{name} chooses a card to sell, face down").format(
                        name=self.names[event.seat]
                    )
                ]
            case moves.GoodsRevealed():
                return self._goods_revealed(event)
            case moves.OrderPlaced():
                self.orders[event.seat] += 1
                return [_("{name} places a stop order").format(name=self.names[event.seat])]
            case moves.OrdersSealed():
                return [self._sealed(event)]
            case moves.Countdown():
                return [self._countdown(event)]
            case moves.Stops():
                return [self._stops(event)]
            case moves.Bought():
                return [self._bought(event)]
            case moves.Disputed():
                return [self._disputed(event)]
            case moves.CamelFlipped():
                return [self._camel_flipped(event)]
            case moves.TurnEnded():
                return self._turn_ended(event)
            case moves.GameOver():
                return self._game_over(event)
        return []

    # A turn ---------------------------------------------------------------------------------

    def _turn_opening(self, passed: bool = False) -> str:
        dean = self.names[self.dean]
        if passed:
            told = _(
                "Turn {turn} of {turns}: the Dean passes to the left, to {dean}; every merchant"
                " chooses a card to sell, face down"
            )
        else:
            told = _(
                "Turn {turn} of {turns}: {dean} is the Dean of the souk; every merchant chooses"
                " a card to sell, face down"
            )
        return told.format(turn=self.turn, turns=TURNS, dean=dean)

    def _sealed(self, event: moves.OrdersSealed) -> str:
        name, placed = self.names[event.seat], self.orders[event.seat]
        if not placed:
            return _("{name} seals no stop order").format(name=name)
        return ngettext(
            "{name} seals {count} stop order", "{name} seals {count} stop orders", placed
        ).format(name=name, count=placed)

    def _goods_revealed(self, event: moves.GoodsRevealed) -> list[str]:
        seats = self.table.seats
        cards = list(event.cards)
        bank = cards[seats:]
        sales = [
            # Translators: the first of a list of merchants and the card each sells; the
            # others follow as "{name} {card}" ("Ana sells the 1 of fruits, Bo the 2 of jewels").
            (_("{name} sells {card}") if s == 0 else _("{name} {card}")).format(
                name=self.names[s], card=goods_words(card)
            )
            for s, card in enumerate(cards[:seats])
        ]
        sales += [
            _("the bank {card}, from its deck").format(card=goods_words(card)) for card in bank
        ]
        lines = [
            _("The goods for sale are turned face up: {sales}").format(sales=format_list(sales))
        ]
        if self.table.sealed:
            lines.append(
                _(
                    "Every merchant now places stop orders in private (a lot and a price each,"
                    " in order of priority), then seals them"
                )
            )
        return lines

    def _countdown(self, event: moves.Countdown) -> str:
        self.value = event.value
        dean = self.names[self.dean]
        if event.value == TOP_PRICE:
            if self.table.sealed:
                told = _(
                    "All orders are sealed. {dean}, the Dean, counts down from {top}: each order"
                    " fires at its price if its lot is still there"
                )
            else:
                told = _("{dean}, the Dean, counts down from {top}: call Stop to buy at the price")
            return told.format(dean=dean, top=TOP_PRICE)
        if event.value == 0:
            return _("The countdown reaches 0: nobody buys at 0")
        return _("The Dean calls {value}").format(value=event.value)

    def _stops(self, event: moves.Stops) -> str:
        self.value = event.value
        self._claims = event.claims
        sealed = self.table.sealed
        claims = []
        for n, (seat, lot) in enumerate(event.claims):
            if sealed:
                # Translators: a sealed order that fires: who, and for which lot.
                told = _("{name} for {lot}")
            else:
                # Translators: who says Stop on which lot; the first of a list ("Ana points at
                # the 5 of spices, Bo at the camel carrying 4").
                told = _("{name} at {lot}") if n else _("{name} points at {lot}")
            claims.append(told.format(name=self.names[seat], lot=lot_words(lot, self.camel_offer)))
        told = _("At {value} orders fire: {claims}") if sealed else _("Stop! at {value}: {claims}")
        return told.format(value=event.value, claims=format_list(claims))

    def _pay(self, payer: int, payee: int, amount: int) -> None:
        self.money[payer] -= amount
        if payee != BANK:
            self.money[payee] += amount

    def _bought(self, event: moves.Bought) -> str:
        buyer, lot, price, payee = event.buyer, event.lot, event.price, event.payee
        what = lot_words(lot, event.capacity or self.camel_offer)
        name, paid_to = self.names[buyer], self.seller_name(payee)
        self._pay(buyer, payee, price)
        if lot == CAMEL:
            self.camels[buyer].append(event.capacity)
            self.camel_offer = 0
            hidden = True
        else:
            self.goods[buyer].append(lot)
            hidden = self.table.hidden_goods
        behind = _("it goes behind the screen") if hidden else ""
        if event.dean_right:
            claimants = [seat for seat, claimed in self._claims if claimed == lot]
            others = [self.names[seat] for seat in claimants if seat != buyer]
            together = format_list([self.names[seat] for seat in claimants])
            # Translators: {claimants} lists who said Stop on {lot}; {name} is the Dean among
            # them; {payee} a merchant's name or "the bank".
            taken = ngettext(
                "Dispute over {lot} between {claimants}: {name} is the Dean and takes it by"
                " right, paying {payee} the full {count} dirham",
                "Dispute over {lot} between {claimants}: {name} is the Dean and takes it by"
                " right, paying {payee} the full {count} dirhams",
                price,
            ).format(lot=what, claimants=together, name=name, payee=paid_to, count=price)
            # Translators: {names} lists the other claimants of a dispute the Dean won.
            spared = ngettext("{names} pays nothing", "{names} pay nothing", len(others)).format(
                names=format_list(others)
            )
            return clauses(taken, spared, behind)
        # Translators: {payee} is a merchant's name or "the bank".
        bought = ngettext(
            "{name} buys {lot} for {count} dirham, paid to {payee}",
            "{name} buys {lot} for {count} dirhams, paid to {payee}",
            price,
        ).format(name=name, lot=what, count=price, payee=paid_to)
        return clauses(bought, behind)

    def _disputed(self, event: moves.Disputed) -> str:
        lot, each, payee = event.lot, event.each, event.payee
        what = lot_words(lot, self.camel_offer)
        together = format_list([self.names[seat] for seat in event.claimants])
        for seat in event.claimants:
            self._pay(seat, payee, each)
        paid_to = self.seller_name(payee)
        if half_rounded_up(self.value) != each:  # a record told out of its countdown
            # Translators: {payee} is a merchant's name or "the bank".
            payment = ngettext(
                "each pays {payee} half the price rounded up: {count} dirham",
                "each pays {payee} half the price rounded up: {count} dirhams",
                each,
            )
        elif self.value % 2:
            payment = ngettext(
                "each pays {payee} half of {value} rounded up: {count} dirham",
                "each pays {payee} half of {value} rounded up: {count} dirhams",
                each,
            )
        else:
            payment = ngettext(
                "each pays {payee} half of {value}: {count} dirham",
                "each pays {payee} half of {value}: {count} dirhams",
                each,
            )
        paid = payment.format(payee=paid_to, value=self.value, count=each)
        # Translators: {claimants} lists who said Stop on {lot} together.
        head = _("Dispute over {lot} between {claimants}, without the Dean: nobody gets it").format(
            lot=what, claimants=together
        )
        if lot == CAMEL:
            self.camel_offer = 0
            # Translators: {payment} is what each claimant pays ("each pays Ana half of 7...").
            fate = _("the camel goes back under the camel deck, which is shuffled, and {payment}")
        else:
            # Translators: {payment} is what each claimant pays ("each pays Ana half of 7...").
            fate = _("the card is discarded for good, and {payment}")
        return clauses(head, fate.format(payment=paid))

    def _camel_flipped(self, event: moves.CamelFlipped) -> str:
        self.camel_offer = event.capacity
        if event.left:
            return ngettext(
                "A camel carrying {capacity} is turned face up ({count} camel left in the deck)",
                "A camel carrying {capacity} is turned face up ({count} camels left in the deck)",
                event.left,
            ).format(capacity=event.capacity, count=event.left)
        return _("A camel carrying {capacity} is turned face up (the last of the deck)").format(
            capacity=event.capacity
        )

    def _turn_ended(self, event: moves.TurnEnded) -> list[str]:
        ended = self.turn
        self.dean = event.dean
        self.turn += 1
        self.value = 0
        self.orders = [0] * self.table.seats
        if event.discarded:
            cards = format_list([goods_words(card) for card in event.discarded])
            # Translators: {cards} lists the goods cards nobody bought.
            text = ngettext(
                "Turn {turn} ends; unsold, {cards} is discarded for good",
                "Turn {turn} ends; unsold, {cards} are discarded for good",
                len(event.discarded),
            ).format(turn=ended, cards=cards)
        else:
            text = _("Turn {turn} ends: every card for sale was sold").format(turn=ended)
        lines = [clauses(text, _("the camel stays") if self.camel_offer else "")]
        if self.turn <= TURNS:
            lines.append(self._turn_opening(passed=True))
        return lines

    # The end ----------------------------------------------------------------------------------

    def scores(self) -> tuple[SeatScore, ...]:
        """The final scoring of the table as recorded (meaningful once the game is over),
        with the discards the game over told."""
        return final_scores(
            self.money, self.camels, self.goods, self.types, self.table, self.final_discards
        )

    def _game_over(self, event: moves.GameOver) -> list[str]:
        if len(event.discarded) == self.table.seats:
            self.final_discards = event.discarded
        seats = range(self.table.seats)
        scored = self.scores()
        told: list[tuple[str, int | None]] = [
            (
                _("The game is over after {turns} turns: the screens are lifted").format(
                    turns=TURNS
                ),
                None,
            )
        ]
        money = ", ".join(f"{self.names[s]} {self.money[s]}" for s in seats)
        # Translators: {amounts} lists each merchant's name and money ("Ana 10, Bo 4").
        told.append((_("Money: {amounts} dirhams").format(amounts=money), PURSES))
        places = self._places([score.money_points for score in scored])
        told.append((_("Money places: {places}").format(places=places), None))
        for seat in seats:
            name, score = self.names[seat], scored[seat]
            told.append((fit_words(name, score), seat))
            told.append((least_type_words(name, score), seat))
            told.append((groups_words(name, score), seat))
            if score.penalty:
                told.append((penalty_words(name, score), seat))
            told.append((total_words(name, score), seat))
        totals = (
            list(event.scores) if len(event.scores) == len(scored) else [s.total for s in scored]
        )
        final = ", ".join(f"{self.names[s]} {totals[s]}" for s in seats)
        # Translators: {scores} lists each merchant's name and points ("Ana 16, Bo 12").
        told.append((_("Final scores: {scores}").format(scores=final), None))
        winners = [self.names[s] for s in event.winners if 0 <= s < len(self.names)]
        best = max(totals) if totals else 0
        if len(winners) == 1:
            won = ngettext(
                "{name} wins with {count} point", "{name} wins with {count} points", best
            ).format(name=winners[0], count=best)
        else:
            won = ngettext(
                "{names} share the win with {count} point",
                "{names} share the win with {count} points",
                best,
            ).format(names=format_list(winners), count=best)
        told.append((won, None))
        self.scoring_subjects = tuple(subject for _line, subject in told)
        return [line for line, _subject in told]

    def _places(self, points: Sequence[int]) -> str:
        """Points by place, best first: "5 to Ana, 3 to Bo and Cy, 1 to Dan" (R0)."""
        groups: dict[int, list[int]] = {}
        for seat, gained in enumerate(points):
            if gained > 0:
                groups.setdefault(gained, []).append(seat)
        # Translators: the points of a money place and who gets them ("3 to Bo and Cy").
        return ", ".join(
            _("{points} to {names}").format(
                points=gained, names=format_list([self.names[s] for s in groups[gained]])
            )
            for gained in sorted(groups, reverse=True)
        )


def position_summary(view: SamarkandView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): the turn and the Dean, each
    purse, camels and goods bought (behind another's screen: only that they are hidden), the
    seat's own cards to sell and the one it chose, and the lots on offer."""

    def seat_words(seat: int) -> str:
        money, camels, goods = view.money[seat], view.camels[seat], view.goods[seat]
        said = [
            _("a hidden purse") if money is None else dirhams(money),
            _("hidden camels")
            if camels is None
            else ngettext("{count} camel", "{count} camels", len(camels)).format(count=len(camels)),
            _("hidden goods") if goods is None else format_list([goods_words(g) for g in goods]),
        ]
        holdings = format_list([s for s in said if s])
        if seat == view.viewer:
            # Translators: what the player at the screen holds, in a list.
            return _("You: {holdings}").format(holdings=holdings)
        # Translators: what a merchant holds, as far as the player at the screen knows.
        return _("{name}: {holdings}").format(name=names[seat], holdings=holdings)

    own = view.viewer
    hand = [] if own is None else [goods_words(card) for card in view.hands[own]]
    offers = [lot_words(lot, view.camel_offer) for lot in view.offers]
    turn = _("Turn {turn} of {turns}; {dean} is the Dean").format(
        turn=min(view.turn + 1, TURNS), turns=TURNS, dean=names[view.dean]
    )
    return sentences(
        turn,
        format_list([seat_words(seat) for seat in range(view.seats)]),
        _("Your cards: {cards}").format(cards=format_list(hand)) if hand else "",
        _("You chose {card} to sell").format(card=goods_words(view.my_sale))
        if view.my_sale >= 0
        else "",
        _("On offer: {lots}").format(lots=format_list(offers)) if offers else _("Nothing on offer"),
    )
