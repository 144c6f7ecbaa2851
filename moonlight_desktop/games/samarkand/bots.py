"""Samarkand's computer players. They decide from the seat's view only and draw their own
randomness from a seeded `Rng`. docs/samarkand_bots.md explains both and gives arena figures.

- `EasyBot` prices a lot at its face value (a camel at its capacity), give or take a little.
- `NormalBot` prices a lot by what it adds to its own projected final score, plus what it would
  add to the rival who gains most (denial), shades that for the number of rivals, keeps money
  for the turns left, and never pays more than the richest rival could (it follows every public
  payment to know what each rival holds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from moonlight_desktop.engine import Bot, Command, Rng
from moonlight_desktop.engine.figures import NamedFigures

from .components import BANK, CAMEL, TURNS, card_type, card_value
from .moves import Order, Seal, Sell, Stop, Wait
from .scoring import (
    DISTINCT_VALUES,
    EMPTY_SPACE_PENALTY,
    goods_points,
    group_points,
    kept_goods,
    least_type_points,
)
from .state import Phase
from .view import SamarkandView


def _face_value(view: SamarkandView, lot: int) -> int:
    return view.camel_offer if lot == CAMEL else card_value(lot)


def _me(view: SamarkandView) -> int:
    assert view.viewer is not None, "a bot plays a seat"
    return view.viewer


def _order_for(legal: Sequence[Command], lot: int, price: int) -> Command | None:
    """The legal order for `lot` at `price`, or at the highest price allowed below it."""
    best: Order | None = None
    for command in legal:
        if (
            isinstance(command, Order)
            and command.lot == lot
            and command.price <= price
            and (best is None or command.price > best.price)
        ):
            best = command
    return best


def _seal(legal: Sequence[Command]) -> Command:
    return next(command for command in legal if isinstance(command, Seal))


def _wait(legal: Sequence[Command]) -> Command:
    return next(command for command in legal if isinstance(command, Wait))


class _LiveDelay:
    """In live mode a bot's Stop comes a short, human-like moment into the tick."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed ^ 0xDE1A7)

    def stop_delay_seconds(self) -> float:
        """For the clock in the window: how long into a tick to click (0.25 to 0.85 s)."""
        return 0.25 + self._rng.below(61) / 100


# Easy ------------------------------------------------------------------------------------------


def _spare_camel(view: SamarkandView, lot: int) -> bool:
    """A camel it could never fill: its spaces already carry every goods card it can still buy
    (one a turn), so the camel would only add empty spaces."""
    if lot != CAMEL:
        return False
    me = _me(view)
    capacity = sum(view.camels[me] or ())
    return capacity >= len(view.goods[me] or ()) + TURNS - view.turn + 1


EASY_THINK_CHANCE = 30
"""Percent of EasyBot's decisions taken as NormalBot would: enough to win now and then."""


class EasyBot(_LiveDelay):
    """Sells a card at random; stops on a lot when the countdown reaches about its face value,
    but never on a camel it could not fill; now and then decides as NormalBot would."""

    THINK_CHANCE = EASY_THINK_CHANCE

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)
        self.thinker = NormalBot(seed ^ 0xEA5)
        self._turn = (0, False)  # the turn last seen, and whether it is played as NormalBot

    def choose(
        self, view: SamarkandView, legal: Sequence[Command], budget_seconds: float
    ) -> Command:
        self.thinker.follow_payments(view)  # every view: its thinking needs every payment
        if len(legal) == 1:
            return legal[0]
        if self._turn[0] != view.turn:
            self._turn = (view.turn, self.rng.below(100) < self.THINK_CHANCE)
        if self._turn[1]:
            return self.thinker.choose(view, legal, budget_seconds)
        if view.phase == Phase.CHOOSE:
            return legal[self.rng.below(len(legal))]
        if view.phase == Phase.COUNTDOWN:
            wanted = [
                c
                for c in legal
                if isinstance(c, Stop)
                and _face_value(view, c.lot) + 1 >= view.value
                and not _spare_camel(view, c.lot)
            ]
            if wanted and self.rng.below(3) > 0:
                return wanted[self.rng.below(len(wanted))]
            return _wait(legal)
        ordered = {lot for lot, _ in view.my_orders}
        lots = sorted(
            lot
            for lot in {c.lot for c in legal if isinstance(c, Order)} - ordered
            if not _spare_camel(view, lot)
        )
        committed = sum(price for _, price in view.my_orders)
        if lots and self.rng.below(4) > 0 and 2 * committed <= (view.money[_me(view)] or 0):
            lot = lots[self.rng.below(len(lots))]
            order = _order_for(legal, lot, _face_value(view, lot) + self.rng.below(2))
            if order is not None:
                return order
        return _seal(legal)


# Normal ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weights:
    """The judged values NormalBot plays by (set by hand, checked in the arena)."""

    dirhams_per_point: float = 1.6
    denial: float = 0.35  # share of the best rival's gain it pays to deny
    purchases_per_turn: float = 1.0  # goods it expects to add each turn left (for camels)
    spend_share: float = 0.55  # share of its money it will spend on one lot before the end
    slot: float = 1.5  # points a camel space is worth while goods are still to come


Figures = NamedFigures
"""What NormalBot weighed for one decision (the hint's words are made of these)."""


class NormalBot(_LiveDelay):
    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or Weights()
        self._money: list[int] = []  # what each seat holds, followed from public payments
        self._ledger_seen = (0, 0)  # (turn of the ledger, entries already followed)

    def choose(
        self, view: SamarkandView, legal: Sequence[Command], budget_seconds: float
    ) -> Command:
        self.follow_payments(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.CHOOSE:
            return self._sale(view, legal)
        prices = self._stop_prices(view)
        if view.phase == Phase.COUNTDOWN:
            best: Command | None = None
            margin = -1.0
            for command in legal:
                if isinstance(command, Stop) and prices.get(command.lot, 0) >= view.value:
                    surplus = prices[command.lot] - view.value
                    if surplus > margin:
                        best, margin = command, surplus
            return best if best is not None else _wait(legal)
        ordered = {lot for lot, _ in view.my_orders}
        for lot, price in sorted(prices.items(), key=lambda item: -item[1]):
            if lot not in ordered and price >= 1:
                order = _order_for(legal, lot, int(price))
                if order is not None:
                    return order
        return _seal(legal)

    def explain(self, view: SamarkandView, legal: Sequence[Command], chosen: Command) -> Figures:
        """The figures behind `chosen` (what `choose` played from `legal`) for the hint's
        words: the points a lot adds, what denying it to a rival is worth, the price that
        makes and its caps. Reads no randomness and changes nothing `choose` reads."""
        self.follow_payments(view)
        me = _me(view)
        if isinstance(chosen, Sell):
            return Figures(chosen, "sell", (("value", card_value(chosen.card)),))
        prices = self._stop_prices(view)
        money = view.money[me] or 0
        numbers: list[tuple[str, float]] = [("money", money), ("value", view.value)]
        lot = (
            chosen.lot
            if isinstance(chosen, Stop | Order)
            else max(prices, key=lambda lot: prices[lot], default=None)
        )
        if lot is not None:
            numbers += [
                ("lot", lot),
                ("gain", self._gain(view, me, lot)),
                ("denial", self._denial(view, me, lot)),
                ("price", prices.get(lot, 0.0)),
                ("points_price", self._points_price(view, me, lot)),
                ("richest", max(self.rival_money(view), default=0)),
            ]
        if isinstance(chosen, Order):
            numbers.append(("order", chosen.price))
        kind = {Stop: "stop", Order: "order", Wait: "wait", Seal: "seal"}.get(type(chosen), "")
        return Figures(chosen, kind, tuple(numbers))

    # Following the money -----------------------------------------------------------------

    def follow_payments(self, view: SamarkandView) -> None:
        ledger_turn = view.turn - 1 if view.phase == Phase.CHOOSE else view.turn
        if not self._money or ledger_turn < self._ledger_seen[0]:
            self._money = [view.table.starting_money] * view.seats
            self._ledger_seen = (1, 0)
        turn, seen = self._ledger_seen
        if ledger_turn != turn:
            seen = 0
        for payer, payee, amount, _lot in view.ledger[seen:]:
            self._money[payer] -= amount
            if payee >= 0:
                self._money[payee] += amount
        self._ledger_seen = (ledger_turn, len(view.ledger))

    def rival_money(self, view: SamarkandView) -> list[int]:
        me = _me(view)
        return [max(0, m) for seat, m in enumerate(self._money) if seat != me]

    # Valuing lots --------------------------------------------------------------------------

    def _sale(self, view: SamarkandView, legal: Sequence[Command]) -> Command:
        """Sells its most valuable card first: buyers pay more for it while money is plentiful."""
        return max(legal, key=lambda c: card_value(c.card) if isinstance(c, Sell) else -1)

    def _stop_prices(self, view: SamarkandView) -> dict[int, float]:
        me = _me(view)
        lots = [card for card in view.offers if _seller(view, card) != me]
        if view.camel_offer:
            lots.append(CAMEL)
        money = view.money[me] or 0
        turns_left = TURNS - view.turn + 1
        cap = money if turns_left == 1 else money * self.weights.spend_share
        rivals = self.rival_money(view)
        richest = max(rivals, default=0)
        prices: dict[int, float] = {}
        for lot in lots:
            prices[lot] = min(self._points_price(view, me, lot), cap, richest + 1)
        return prices

    def _points_price(self, view: SamarkandView, me: int, lot: int) -> float:
        """The lot's points (and the share of a rival's it denies) in dirhams, shaded for the
        number of rivals: its price before the caps of money kept and the richest rival."""
        shade = (view.seats - 1) / view.seats
        points = self._gain(view, me, lot) + self.weights.denial * self._denial(view, me, lot)
        return points * self.weights.dirhams_per_point * shade

    def _gain(self, view: SamarkandView, seat: int, lot: int) -> float:
        """What `lot` adds to the seat's projected final score."""
        goods = list(view.goods[seat] or ())
        if lot != CAMEL:
            return _prospect(view, seat, [*goods, lot]) - _prospect(view, seat, goods)
        capacity = sum(view.camels[seat] or ())
        expected = len(goods) + (TURNS - view.turn) * self.weights.purchases_per_turn
        filled = min(view.camel_offer, max(0.0, expected - capacity))
        return filled * self.weights.slot - EMPTY_SPACE_PENALTY * (view.camel_offer - filled)

    def _denial(self, view: SamarkandView, me: int, lot: int) -> float:
        """What the lot would add to the rival who gains most (goods only: rivals' camels and,
        in the variant, their goods are behind screens)."""
        if lot == CAMEL or view.table.hidden_goods:
            return 0.0
        gains = [
            self._gain(view, seat, lot)
            for seat in range(view.seats)
            if seat != me and _seller(view, lot) != seat
        ]
        return max(gains, default=0.0)


def _prospect(view: SamarkandView, seat: int, goods: list[int]) -> float:
    """Goods points as they stand, but a least type still missing counts in proportion to the
    types already started (a first card of a type is worth something before the last one)."""
    types = _buyable_types(view, seat)
    if seat == view.viewer and not (view.camel_offer or view.camel_deck_size):
        capacity = sum(view.camels[seat] or ())  # no camel can come: only what fits counts
        if len(goods) > capacity:
            goods = kept_goods(goods, capacity, types)
    per_type = [[card_value(c) for c in goods if card_type(c) == t] for t in types]
    started = [values for values in per_type if values]
    if len(started) == len(per_type):
        return float(goods_points(per_type))
    counts = [sum(1 for c in goods if card_value(c) == v) for v in DISTINCT_VALUES]
    partial = least_type_points(started) * len(started) / len(per_type) if started else 0.0
    return group_points(counts) + partial


def _seller(view: SamarkandView, card: int) -> int:
    """The seat selling `card`, or the BANK (whose type comes after the seats)."""
    seller = view.types.index(card_type(card))
    return seller if seller < view.seats else BANK


def _buyable_types(view: SamarkandView, seat: int) -> list[int]:
    return [t for n, t in enumerate(view.types) if n != seat]


SAMARKAND_BOTS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot}
