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

Sentences never make a possessive of a name ("Ana's"): a name may be anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.phrasing import counted, joined, sentences, whose
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
"""The goods types by number, as the rulebook names them."""
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""Small counts in words: "three 5s"."""
THE_BANK = "the bank"
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


def either(items: Sequence[str]) -> str:
    """Items as a sentence offers them: "a", "a or b", "a, b or c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"


def goods_words(card: int) -> str:
    """A goods card: "the 5 of spices"."""
    return f"the {card_value(card)} of {GOODS_NAMES[card_type(card)]}"


def lot_label(lot: int, camel_offer: int) -> str:
    """A lot as the screen names it: a goods card, or "the camel for 4 goods"."""
    return f"the camel for {camel_offer} goods" if lot == CAMEL else goods_words(lot)


def camel_words(capacity: int) -> str:
    """A camel by what it carries: "the camel carrying 4"."""
    return f"the camel carrying {capacity}"


def lot_words(lot: int, camel: int) -> str:
    """A lot on offer: a goods card, or the camel (carrying `camel`)."""
    return camel_words(camel) if lot == CAMEL else goods_words(lot)


def dirhams(amount: int) -> str:
    return counted(amount, "dirham")


def number_words(count: int) -> str:
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)


def group_words(value: int, count: int) -> str:
    """A group of equal value: "three 5s", "two 1s"."""
    return f"{number_words(count)} {value}s"


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
    goods: 2 do not fit and are discarded, the 1 of fruits and the 2 of jewels ..."."""
    bought = len(score.goods)
    if not score.camels:
        if not bought:
            return f"{name} has no camel and no goods"
        lost = "it is" if bought == 1 else "all are"
        return f"{name} has no camel to carry {goods_count(bought)}: {lost} discarded"
    camels = "camel" if len(score.camels) == 1 else "camels"
    carrying = joined([str(capacity) for capacity in score.camels])
    head = (
        f"{name}: {camels} carrying {carrying} ({counted(score.capacity, 'space')})"
        f" for {goods_count(bought)}"
    )
    if score.discarded:
        cards = joined([goods_words(card) for card in score.discarded])
        fit = "does not fit and is" if len(score.discarded) == 1 else "do not fit and are"
        return (
            f"{head}: {cards} {fit} discarded (of all the choices, the one that leaves"
            " the best score)"
        )
    if score.empty_spaces:
        return f"{head}: {counted(score.empty_spaces, 'space')} left empty"
    return f"{head}: every space is filled"


def least_type_words(name: str, score: SeatScore) -> str:
    """The least-purchased type, with why it is the one: "Ana: least-purchased type spices,
    2 cards (7 and 5): 12 points"."""
    kept = score.kept_of(score.least_type)
    if not kept:
        missing = either([GOODS_NAMES[t] for t in score.least_tied])
        return f"{name}: no {missing} kept, so 0 points for the least-purchased type"
    values = joined([str(value) for value in kept])
    cards = counted(len(kept), "card")
    kind = GOODS_NAMES[score.least_type]
    if len(score.least_tied) > 1:
        tied = joined([GOODS_NAMES[t] for t in score.least_tied])
        return (
            f"{name}: least-purchased types {tied}, {cards} each; the best sum counts,"
            f" {kind} ({values}): {counted(score.least_points, 'point')}"
        )
    return (
        f"{name}: least-purchased type {kind}, {cards} ({values}):"
        f" {counted(score.least_points, 'point')}"
    )


def groups_words(name: str, score: SeatScore) -> str:
    """Groups of equal value, all types together: "Ana: groups of equal value: three 5s (2)
    and two 1s (1): 3 points"."""
    if not score.groups:
        return f"{name}: no two goods of equal value, 0 points for groups"
    if len(score.groups) == 1:
        each = group_words(*score.groups[0])
    else:
        each = joined(
            [
                f"{group_words(value, count)} ({GROUP_POINTS[min(count, 6)]})"
                for value, count in score.groups
            ]
        )
    return f"{name}: groups of equal value: {each}: {counted(score.group_points, 'point')}"


def total_words(name: str, score: SeatScore) -> str:
    """The sum: "Ana scores 5 (money) + 12 (least type) + 3 (groups) - 4 (empty spaces) = 16
    points"."""
    parts = (
        f"{score.money_points} (money) + {score.least_points} (least type)"
        f" + {score.group_points} (groups)"
    )
    if score.penalty:
        parts += f" - {score.penalty} (empty spaces)"
    return f"{name} scores {parts} = {counted(score.total, 'point')}"


def goods_count(count: int) -> str:
    """A number of goods cards: "no goods", "1 goods card", "4 goods"."""
    if count == 0:
        return "no goods"
    return "1 goods card" if count == 1 else f"{count} goods"


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
        self.camels: list[list[int]] = [[] for _ in range(seats)]
        self.goods: list[list[int]] = [[] for _ in range(seats)]
        self._claims: tuple[tuple[int, int], ...] = ()
        self.final_discards: tuple[tuple[int, ...], ...] | None = None
        """What the camels cannot carry, as the game over told it (None before)."""

    # Words for this table -------------------------------------------------------------------

    def seller_name(self, who: int) -> str:
        """A seat's name, or "the bank"."""
        return THE_BANK if who == BANK else self.names[who]

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
        sales = [f"{self.names[s]} {GOODS_NAMES[self.types[s]]}" for s in range(seats)]
        if len(self.types) > seats:
            sales.append(f"{THE_BANK} {GOODS_NAMES[self.types[seats]]}, from a deck")
        start = dirhams(self.table.starting_money)
        lines = [
            f"Each merchant sells one type: {joined(sales)}",
            f"Everyone starts with {start} behind a screen",
        ]
        if self.camel_offer:
            lines.append(f"A camel carrying {self.camel_offer} lies face up")
        lines.append(self._turn_opening())
        return lines

    def narrate(self, event: Event) -> list[str]:
        """The log lines for `event`, and the record advanced past it."""
        match event:
            case moves.SaleChosen():
                return [f"{self.names[event.seat]} chooses a card to sell, face down"]
            case moves.GoodsRevealed():
                return self._goods_revealed(event)
            case moves.OrderPlaced():
                self.orders[event.seat] += 1
                return [f"{self.names[event.seat]} places a stop order"]
            case moves.OrdersSealed():
                placed = self.orders[event.seat]
                orders = counted(placed, "stop order") if placed else "no stop order"
                return [f"{self.names[event.seat]} seals {orders}"]
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
        who = (
            f"the Dean passes to the left, to {dean}"
            if passed
            else f"{dean} is the Dean of the souk"
        )
        return (
            f"Turn {self.turn} of {TURNS}: {who}; every merchant chooses a card to sell, face down"
        )

    def _goods_revealed(self, event: moves.GoodsRevealed) -> list[str]:
        seats = self.table.seats
        cards = list(event.cards)
        bank = cards[seats:]
        sales = [
            f"{self.names[s]}{' sells' if s == 0 else ''} {goods_words(card)}"
            for s, card in enumerate(cards[:seats])
        ]
        sales += [f"{THE_BANK} {goods_words(card)}, from its deck" for card in bank]
        lines = [f"The goods for sale are turned face up: {joined(sales)}"]
        if self.table.sealed:
            lines.append(
                "Every merchant now places stop orders in private (a lot and a price each,"
                " in order of priority), then seals them"
            )
        return lines

    def _countdown(self, event: moves.Countdown) -> str:
        self.value = event.value
        dean = self.names[self.dean]
        if event.value == TOP_PRICE:
            if self.table.sealed:
                return (
                    f"All orders are sealed. {dean}, the Dean, counts down from {TOP_PRICE}:"
                    " each order fires at its price if its lot is still there"
                )
            return f"{dean}, the Dean, counts down from {TOP_PRICE}: call Stop to buy at the price"
        if event.value == 0:
            return "The countdown reaches 0: nobody buys at 0"
        return f"The Dean calls {event.value}"

    def _stops(self, event: moves.Stops) -> str:
        self.value = event.value
        self._claims = event.claims
        first, then = ("for", "for") if self.table.sealed else ("points at", "at")
        claims = [
            f"{self.names[seat]} {then if n else first} {lot_words(lot, self.camel_offer)}"
            for n, (seat, lot) in enumerate(event.claims)
        ]
        if self.table.sealed:
            return f"At {event.value} orders fire: {joined(claims)}"
        return f"Stop! at {event.value}: {joined(claims)}"

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
            behind = "; it goes behind the screen"
        else:
            self.goods[buyer].append(lot)
            behind = "; it goes behind the screen" if self.table.hidden_goods else ""
        if event.dean_right:
            claimants = [seat for seat, claimed in self._claims if claimed == lot]
            others = [self.names[seat] for seat in claimants if seat != buyer]
            together = joined([self.names[seat] for seat in claimants])
            nothing = "pays nothing" if len(others) == 1 else "pay nothing"
            return (
                f"Dispute over {what} between {together}: {name} is the Dean and takes it by"
                f" right, paying {paid_to} the full {dirhams(price)}; {joined(others)}"
                f" {nothing}{behind}"
            )
        return f"{name} buys {what} for {dirhams(price)}, paid to {paid_to}{behind}"

    def _disputed(self, event: moves.Disputed) -> str:
        lot, each, payee = event.lot, event.each, event.payee
        what = lot_words(lot, self.camel_offer)
        together = joined([self.names[seat] for seat in event.claimants])
        for seat in event.claimants:
            self._pay(seat, payee, each)
        half = f"half of {self.value}" + (" rounded up" if self.value % 2 else "")
        if half_rounded_up(self.value) != each:  # a record told out of its countdown
            half = "half the price rounded up"
        payment = f"each pays {self.seller_name(payee)} {half}: {dirhams(each)}"
        head = f"Dispute over {what} between {together}, without the Dean: nobody gets it"
        if lot == CAMEL:
            self.camel_offer = 0
            return (
                f"{head}; the camel goes back under the camel deck, which is shuffled, and"
                f" {payment}"
            )
        return f"{head}; the card is discarded for good, and {payment}"

    def _camel_flipped(self, event: moves.CamelFlipped) -> str:
        self.camel_offer = event.capacity
        left = (
            f"{counted(event.left, 'camel')} left in the deck"
            if event.left
            else "the last of the deck"
        )
        return f"A camel carrying {event.capacity} is turned face up ({left})"

    def _turn_ended(self, event: moves.TurnEnded) -> list[str]:
        ended = self.turn
        self.dean = event.dean
        self.turn += 1
        self.value = 0
        self.orders = [0] * self.table.seats
        if event.discarded:
            cards = joined([goods_words(card) for card in event.discarded])
            verb = "is" if len(event.discarded) == 1 else "are"
            text = f"Turn {ended} ends; unsold, {cards} {verb} discarded for good"
        else:
            text = f"Turn {ended} ends: every card for sale was sold"
        if self.camel_offer:
            text += "; the camel stays"
        lines = [text]
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
        lines = [f"The game is over after {TURNS} turns: the screens are lifted"]
        money = ", ".join(f"{self.names[s]} {self.money[s]}" for s in seats)
        lines.append(f"Money: {money} dirhams")
        lines.append(f"Money places: {self._places([score.money_points for score in scored])}")
        for seat in seats:
            name, score = self.names[seat], scored[seat]
            lines.append(fit_words(name, score))
            lines.append(least_type_words(name, score))
            lines.append(groups_words(name, score))
            if score.penalty:
                empty = counted(score.empty_spaces, "empty camel space")
                lines.append(f"{name}: {empty}: -{counted(score.penalty, 'point')}")
            lines.append(total_words(name, score))
        totals = (
            list(event.scores) if len(event.scores) == len(scored) else [s.total for s in scored]
        )
        final = ", ".join(f"{self.names[s]} {totals[s]}" for s in seats)
        lines.append(f"Final scores: {final}")
        winners = [self.names[s] for s in event.winners if 0 <= s < len(self.names)]
        best = max(totals) if totals else 0
        if len(winners) == 1:
            lines.append(f"{winners[0]} wins with {counted(best, 'point')}")
        else:
            lines.append(f"{joined(winners)} share the win with {counted(best, 'point')}")
        return lines

    def _places(self, points: Sequence[int]) -> str:
        """Points by place, best first: "5 to Ana, 3 to Bo and Cy, 1 to Dan" (R0)."""
        groups: dict[int, list[int]] = {}
        for seat, gained in enumerate(points):
            if gained > 0:
                groups.setdefault(gained, []).append(seat)
        return ", ".join(
            f"{gained} to {joined([self.names[s] for s in groups[gained]])}"
            for gained in sorted(groups, reverse=True)
        )


def position_summary(view: SamarkandView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): the turn and the Dean, each
    purse, camels and goods bought (behind another's screen: only that they are hidden), the
    seat's own cards to sell and the one it chose, and the lots on offer."""

    def seat_words(seat: int) -> str:
        money, camels, goods = view.money[seat], view.camels[seat], view.goods[seat]
        said = [
            "a hidden purse" if money is None else dirhams(money),
            "hidden camels" if camels is None else counted(len(camels), "camel"),
            "hidden goods" if goods is None else joined([goods_words(g) for g in goods]),
        ]
        return f"{whose(names, seat, view.viewer)}: {joined([s for s in said if s])}"

    own = view.viewer
    hand = "" if own is None else joined([goods_words(card) for card in view.hands[own]])
    offers = [lot_words(lot, view.camel_offer) for lot in view.offers]
    return sentences(
        f"Turn {min(view.turn + 1, TURNS)} of {TURNS}; {names[view.dean]} is the Dean",
        joined([seat_words(seat) for seat in range(view.seats)]),
        f"Your cards: {hand}" if hand else "",
        f"You chose {goods_words(view.my_sale)} to sell" if view.my_sale >= 0 else "",
        f"On offer: {joined(offers)}" if offers else "Nothing on offer",
    )
