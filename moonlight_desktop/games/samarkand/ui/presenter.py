"""The animated picture of a Samarkand souk, as far as its animations have got. No pygame: the
painter draws it and tests check it headless.

The picture holds what the board shows — the cards each merchant still holds, the cards put
up for sale (face down until they flip together), the lots in the market, the camel, the
countdown's value, each merchant's dirhams, camels and goods (where the viewer may see them),
the Dean — copied from the view and changed step by step as each event plays; once a
command's events have played it snaps to the rules' view.

Anchors, resolved to pixels by the painter:

- ("lot", i, 0): the i-th goods lot in the market; ("camel", 0, 0): the face-up camel;
  ("camel_deck", 0, 0), ("bank", 0, 0), ("discard", 0, 0), ("clock", 0, 0);
- ("seat", s, 0): merchant s's panel; ("sale", s, 0): the card s put up for sale;
  ("purse", s, 0): s's dirhams (behind the screen); ("goods", s, 0), ("camels", s, 0);
  ("panel", s, 0) (as "seat"), ("hand", s, 0): the cards s has still to sell (the lesson's
  notes point at them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.presenter import Anchor, LogLine, PresenterBase, anchor
from moonlight_desktop.ui.tween import Step, ease_in_out, ease_out

from .. import moves
from ..components import BANK, CAMEL
from ..state import Phase
from ..view import SamarkandView
from .narrator import PURSES, SamarkandNarrator, SeatScore

CAMEL_SPOT: Anchor = ("camel", 0.0, 0.0)
CAMEL_DECK: Anchor = ("camel_deck", 0.0, 0.0)
BANK_SPOT: Anchor = ("bank", 0.0, 0.0)
DISCARD: Anchor = ("discard", 0.0, 0.0)


def payee_anchor(payee: int) -> Anchor:
    return BANK_SPOT if payee == BANK else anchor("purse", payee)


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece in flight: a goods card (`value`: the card, -1 its back), a camel (its capacity)
    or coins (their amount)."""

    kind: Literal["goods", "camel", "coins"]
    value: int


def lot_piece(lot: int, camel: int) -> Piece:
    """A lot as it flies: its goods card, or the camel carrying `camel`."""
    return Piece("camel", camel) if lot == CAMEL else Piece("goods", lot)


class SamarkandPresenter(PresenterBase[SamarkandView]):
    narrator: SamarkandNarrator
    """The log in words, and the table's record the final scoring is lifted from."""
    # The picture, set from each view shown (`show_view`) and changed as events play.
    hands: list[list[int]]
    chosen: list[bool]
    my_sale: int
    offers: list[int]
    camel_offer: int
    camel_deck: int
    money: list[int | None]
    camels: list[list[int] | None]
    goods: list[list[int] | None]
    discards: int
    value: int
    dean: int
    sealed: list[bool]
    claims: tuple[tuple[int, int], ...]
    """The Stops called at the current value (seat, lot), shown on their lots while they
    resolve."""
    dispute: tuple[int, ...]
    """The lot (and its claimants) being disputed now, shown until it is settled."""

    def __init__(
        self,
        view: SamarkandView,
        opening: SamarkandView,
        names: Sequence[str],
        sound: Callable[[str], None] = lambda _name: None,
    ) -> None:
        super().__init__(view, sound, narrator=SamarkandNarrator(opening, names))
        self.names = tuple(names)
        self.opening = opening
        self._queued_claims: tuple[tuple[int, int], ...] = ()
        self.show_view(view)

    @property
    def viewer(self) -> int | None:
        return self.shown.viewer

    def show_view(self, view: SamarkandView) -> None:
        self.hands = [list(hand) for hand in view.hands]
        self.chosen = list(view.has_chosen)
        self.my_sale = view.my_sale
        self.offers = list(view.offers)
        self.camel_offer = view.camel_offer
        self.camel_deck = view.camel_deck_size
        self.money = list(view.money)
        self.camels = [None if c is None else list(c) for c in view.camels]
        self.goods = [None if g is None else list(g) for g in view.goods]
        self.discards = len(view.discards)
        self.value = view.value
        self.dean = view.dean
        self.sealed = list(view.sealed)
        self.claims = ()
        self.dispute = ()
        self.flights.clear()
        if view.phase == Phase.OVER:  # the screens stay lifted: everything is public now
            record = self.narrator
            self.money = list(record.money)
            self.camels = [list(camels) for camels in record.camels]
            self.goods = [list(score.kept) for score in record.scores()]

    # The log ---------------------------------------------------------------------------------

    def restore_log(self, history: Sequence[Played | LogLine]) -> None:
        self.narrator = SamarkandNarrator(self.opening, self.names)  # from the game's start
        super().restore_log(history)
        self.log[0:0] = self.narrator.opening_log()
        if self.shown.phase == Phase.OVER:  # the final purses and goods are the narrator's
            self.show_view(self.shown)

    # Events to animation ---------------------------------------------------------------------

    def animate(self, event: Event) -> None:
        if isinstance(event, moves.GameOver):
            self._game_over(self.narrator.describe(event))
            return
        self.say(*self.narrator.describe(event))
        if isinstance(event, moves.SaleChosen):
            self._sale_chosen(event)
        elif isinstance(event, moves.GoodsRevealed):
            self._goods_revealed(event)
        elif isinstance(event, moves.CamelFlipped):
            self._camel_flipped(event)
        elif isinstance(event, moves.Countdown):
            self._countdown(event)
        elif isinstance(event, moves.Stops):
            self._stops(event)
        elif isinstance(event, moves.Bought):
            self._bought(event)
        elif isinstance(event, moves.Disputed):
            self._disputed(event)
        elif isinstance(event, moves.TurnEnded):
            self._turn_ended(event)
        elif isinstance(event, moves.OrdersSealed):
            self._mark(lambda: self.sealed.__setitem__(event.seat, True))
        elif isinstance(event, moves.OrderPlaced):
            self.pause(0.1)

    def _mark(self, change: Callable[[], None]) -> None:
        self.timeline.add(Step(0.0, on_start=change))

    def _sale_chosen(self, event: moves.SaleChosen) -> None:
        seat = event.seat

        def chosen() -> None:
            self.chosen[seat] = True
            if event.card >= 0 and seat == self.viewer:
                self.my_sale = event.card

        self.fly(
            Piece("goods", -1), anchor("seat", seat), anchor("sale", seat), 0.3, ease_out, chosen
        )

    def _goods_revealed(self, event: moves.GoodsRevealed) -> None:
        """The cards for sale turn over together and go to the market."""
        sellers = len(self.chosen)
        flights: list[tuple[Piece, Anchor, Anchor]] = [
            (
                Piece("goods", card),
                anchor("sale", index) if index < sellers else BANK_SPOT,
                anchor("lot", index),
            )
            for index, card in enumerate(event.cards)
        ]

        def lift() -> None:
            for seat, hand in enumerate(self.hands):
                for card in event.cards:
                    if card in hand:
                        hand.remove(card)
                self.chosen[seat] = False
            self.my_sale = -1

        def laid() -> None:
            self.offers = list(event.cards)

        self._mark(lift)
        self.fly_together(flights, 0.45, ease_in_out, laid)
        self._mark(lambda: self.sound("tile_slid"))

    def _camel_flipped(self, event: moves.CamelFlipped) -> None:
        def turned() -> None:
            self.camel_offer = event.capacity
            self.camel_deck = event.left

        self.fly(Piece("camel", event.capacity), CAMEL_DECK, CAMEL_SPOT, 0.35, ease_out, turned)

    def _countdown(self, event: moves.Countdown) -> None:
        def call() -> None:
            self.value = event.value
            self.claims = ()
            self.sound("button")

        self.timeline.add(Step(0.12, on_start=call))

    def _stops(self, event: moves.Stops) -> None:
        self._queued_claims = event.claims  # who else claimed a lot the Dean then takes

        def show() -> None:
            self.value = event.value
            self.claims = event.claims
            if event.claims:
                self.sound("extra_turn")

        self.timeline.add(Step(0.5 if event.claims else 0.0, on_start=show))

    def _lot_anchor(self, lot: int) -> Anchor:
        if lot == CAMEL:
            return CAMEL_SPOT
        return anchor("lot", self.offers.index(lot) if lot in self.offers else 0)

    def _bought(self, event: moves.Bought) -> None:
        buyer, lot = event.buyer, event.lot
        if event.dean_right:  # a dispute the Dean wins: shown and explained first
            claimants = tuple(seat for seat, claimed in self._queued_claims if claimed == lot)
            self._show_dispute((lot, *claimants))
        start = self._lot_anchor(lot)
        target = anchor("camels" if lot == CAMEL else "goods", buyer)
        flights = [(lot_piece(lot, event.capacity), start, target)]
        if event.price:
            flights.append(
                (Piece("coins", event.price), anchor("purse", buyer), payee_anchor(event.payee))
            )

        def landed() -> None:
            self.claims, self.dispute = (), ()
            if lot == CAMEL:
                held = self.camels[buyer]
                if held is not None:
                    held.append(event.capacity)
            else:
                goods = self.goods[buyer]
                if goods is not None:
                    goods.append(lot)
            self._pay(buyer, event.payee, event.price)

        self._mark(lambda: self._take_lot(lot))
        self.fly_together(flights, 0.45, ease_in_out, landed)
        self._mark(lambda: self.sound("pebble_paid"))

    def _take_lot(self, lot: int) -> None:
        """A lot leaves the market; the others keep their places."""
        if lot == CAMEL:
            self.camel_offer = -1
        elif lot in self.offers:
            self.offers[self.offers.index(lot)] = -1

    def _pay(self, payer: int, payee: int, amount: int) -> None:
        """Known purses change: the viewer's own, never a secret one."""
        if (held := self.money[payer]) is not None:
            self.money[payer] = held - amount
        if payee != BANK and (owned := self.money[payee]) is not None:
            self.money[payee] = owned + amount

    def _disputed(self, event: moves.Disputed) -> None:
        lot = event.lot
        start = self._lot_anchor(lot)
        away = CAMEL_DECK if lot == CAMEL else DISCARD
        flights = [(lot_piece(lot, self.camel_offer), start, away)]
        if event.each:
            flights += [
                (Piece("coins", event.each), anchor("purse", seat), payee_anchor(event.payee))
                for seat in event.claimants
            ]

        def settled() -> None:
            self.claims, self.dispute = (), ()
            if lot != CAMEL:
                self.discards += 1
            for seat in event.claimants:
                self._pay(seat, event.payee, event.each)

        self._show_dispute((lot, *event.claimants))
        self._mark(lambda: self._take_lot(lot))
        self.fly_together(flights, 0.5, ease_in_out, settled)

    def _game_over(self, lines: list[LogLine]) -> None:
        """The final scoring told step by step, each step a banner and a line of the log: the
        dirhams counted (every purse shown), then merchant by merchant the screen lifted (camels
        and goods shown), the goods that do not fit flying to the discards, the least-purchased
        type, the groups, the empty spaces and the total; then the winners. The narrator has
        counted it all from the game's public payments and purchases."""
        record = self.narrator
        scores = record.scores()
        lifted: set[int] = set()
        for line, subject in zip(lines, record.scoring_subjects, strict=True):
            if subject == PURSES:
                self._mark(self._show_purses)
            elif subject is not None and subject not in lifted:
                lifted.add(subject)
                self._lift_screen(subject, scores[subject])
            self.say(line)
            self.show_banner(line.text, hold=1.3)
        self.timeline.add(Step(0.0, on_start=lambda: self.sound("game_over")))

    def _show_purses(self) -> None:
        self.money = list(self.narrator.money)
        self.sound("pebble_paid")

    def _lift_screen(self, seat: int, score: SeatScore) -> None:
        """One merchant's screen lifted: camels and goods shown, then the goods the camels
        cannot carry fly to the discards."""
        record = self.narrator

        def lift() -> None:
            self.camels[seat] = list(record.camels[seat])
            self.goods[seat] = list(record.goods[seat])
            self.sound("pebble_drawn")

        def drop() -> None:
            self.goods[seat] = list(score.kept)

        def gone() -> None:
            self.discards += len(score.discarded)

        self._mark(lift)
        if score.discarded:
            flights = [
                (Piece("goods", card), anchor("goods", seat), DISCARD) for card in score.discarded
            ]
            self._mark(drop)
            self.fly_together(flights, 0.5, ease_in_out, gone)

    def _show_dispute(self, dispute: tuple[int, ...]) -> None:
        """A beat in which everyone reads what is disputed and how it ends (the painter
        explains it); cleared when the lot goes."""

        def show() -> None:
            self.dispute = dispute

        self.timeline.add(Step(1.1, on_start=show))

    def _turn_ended(self, event: moves.TurnEnded) -> None:
        flights = [
            (Piece("goods", card), self._lot_anchor(card), DISCARD) for card in event.discarded
        ]

        def lift() -> None:
            self.offers = []

        def gone() -> None:
            self.discards += len(event.discarded)
            self.dean = event.dean
            self.value = 0

        self._mark(lift)
        self.fly_together(flights, 0.4, ease_in_out, gone)
