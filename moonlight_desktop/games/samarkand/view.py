"""What one seat may know of a Samarkand game. Behind each screen: money and camels (and, in
the variant, purchased goods); face down: the card a seat is selling until the reveal, sealed
orders, the order of the camel deck and of the bank's deck. Payments are made in public."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import JsonDict
from moonlight_desktop.engine.data import to_jsonable
from moonlight_desktop.engine.schema import (
    Bool,
    Int,
    ListOf,
    NameOf,
    Nullable,
    Object,
    OneOf,
    all_required,
    lower_names,
    per_seat,
    read_view,
)

from .components import BANK, CAMEL, CAMEL_CAPACITIES, CARDS_PER_TYPE, GOODS_TYPES, TURNS
from .state import Payment, Phase, SamarkandState
from .table import MODES, Table, table_for

MONEY_LIMIT = 1000
"""More money than a game can hold: a view's sums are checked against it when read back."""


@dataclass(frozen=True, slots=True)
class SamarkandView:
    viewer: int | None
    table: Table
    turn: int
    phase: Phase
    dean: int
    value: int
    types: tuple[int, ...]  # per seat, then the bank's at 3 seats
    hands: tuple[tuple[int, ...], ...]  # public: all of a type but what was sold
    has_chosen: tuple[bool, ...]
    my_sale: int  # the viewer's face-down card, -1 for none
    offers: tuple[int, ...]
    camel_offer: int
    camel_deck_size: int
    bank_deck_size: int
    money: tuple[int | None, ...]  # None behind another's screen
    camels: tuple[tuple[int, ...] | None, ...]
    goods: tuple[tuple[int, ...] | None, ...]  # None behind another's screen (variant)
    discards: tuple[int, ...]
    my_orders: tuple[tuple[int, int], ...]
    sealed: tuple[bool, ...]
    ledger: tuple[Payment, ...]  # this turn's payments, seen by everyone
    bank_takings: int

    @property
    def seats(self) -> int:
        return self.table.seats

    def to_json(self) -> JsonDict:
        return {
            "viewer": self.viewer,
            "seats": self.table.seats,
            "mode": "sealed" if self.table.sealed else "live",
            "hidden_goods": self.table.hidden_goods,
            "turn": self.turn,
            "phase": self.phase.name.lower(),
            "dean": self.dean,
            "value": self.value,
            "types": list(self.types),
            "hands": to_jsonable(self.hands),
            "has_chosen": list(self.has_chosen),
            "my_sale": self.my_sale,
            "offers": list(self.offers),
            "camel_offer": self.camel_offer,
            "camel_deck_size": self.camel_deck_size,
            "bank_deck_size": self.bank_deck_size,
            "money": list(self.money),
            "camels": to_jsonable(self.camels),
            "goods": to_jsonable(self.goods),
            "discards": list(self.discards),
            "my_orders": to_jsonable(self.my_orders),
            "sealed": list(self.sealed),
            "ledger": to_jsonable(self.ledger),
            "bank_takings": self.bank_takings,
        }

    @staticmethod
    def from_json(data: Any, seats: Int) -> SamarkandView:
        """A view read back from `to_json`, at a seat count in `seats`; RecordError for
        anything else."""
        checked = read_view(data, seats, _schema, "Samarkand")
        table = table_for(checked.pop("seats"), checked.pop("mode"), checked.pop("hidden_goods"))
        return SamarkandView(table=table, **checked)


@lru_cache(maxsize=8)
def _schema(seats: int) -> Object:
    """What a Samarkand view's JSON holds at `seats` seats, each field by type and range."""
    seat, card = Int(0, seats - 1), Int(0, CAMEL - 1)
    money, lot = Int(0, MONEY_LIMIT), Int(0, CAMEL)

    return all_required(
        {
            "viewer": Nullable(seat),
            "mode": OneOf(MODES),
            "hidden_goods": Bool(),
            "turn": Int(1, TURNS + 1),
            "phase": NameOf(lower_names(Phase)),
            "dean": seat,
            "value": Int(0, MONEY_LIMIT),
            "types": ListOf(Int(0, len(GOODS_TYPES) - 1), seats, seats + 1),
            "hands": per_seat(ListOf(card, 0, CARDS_PER_TYPE), seats),
            "has_chosen": per_seat(Bool(), seats),
            "my_sale": Int(-1, CAMEL - 1),
            "offers": ListOf(card, 0, CAMEL),
            "camel_offer": Int(0, max(CAMEL_CAPACITIES)),
            "camel_deck_size": Int(0, len(CAMEL_CAPACITIES)),
            "bank_deck_size": Int(0, CAMEL),
            "money": per_seat(Nullable(money), seats),
            "camels": per_seat(Nullable(ListOf(Int(0, max(CAMEL_CAPACITIES)), 0, CAMEL)), seats),
            "goods": per_seat(Nullable(ListOf(card, 0, CAMEL)), seats),
            "discards": ListOf(card, 0, CAMEL),
            "my_orders": ListOf(ListOf(lot, 2, 2), 0, CAMEL + 1),  # (lot, price), one per lot
            "sealed": per_seat(Bool(), seats),
            # (payer, payee or the bank, amount, lot)
            "ledger": ListOf(ListOf(Int(BANK, MONEY_LIMIT), 4, 4), 0, CAMEL * seats),
            "bank_takings": money,
        }
    )


def make_view(state: SamarkandState, viewer: int | None) -> SamarkandView:
    seats = range(state.table.seats)
    goods_public = not state.table.hidden_goods
    mine = viewer is not None and 0 <= viewer < state.table.seats
    return SamarkandView(
        viewer=viewer,
        table=state.table,
        turn=state.turn,
        phase=state.phase,
        dean=state.dean,
        value=state.value,
        types=tuple(state.types),
        hands=tuple(tuple(hand) for hand in state.hands),
        has_chosen=tuple(card >= 0 for card in state.chosen),
        my_sale=state.chosen[viewer] if mine and viewer is not None else -1,
        offers=tuple(state.offers),
        camel_offer=state.camel_offer,
        camel_deck_size=len(state.camel_deck),
        bank_deck_size=len(state.bank_deck),
        money=tuple(state.money[s] if s == viewer else None for s in seats),
        camels=tuple(tuple(state.camels[s]) if s == viewer else None for s in seats),
        goods=tuple(tuple(state.goods[s]) if goods_public or s == viewer else None for s in seats),
        discards=tuple(state.discards),
        my_orders=tuple(state.orders[viewer]) if mine and viewer is not None else (),
        sealed=tuple(state.sealed),
        ledger=tuple(state.ledger),
        bank_takings=state.bank_takings,
    )
