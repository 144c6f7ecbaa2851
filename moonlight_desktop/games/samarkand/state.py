"""Samarkand's full game state: everything, hidden facts included. Cheap to clone."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from moonlight_desktop.engine import JsonDict, Rng

from .components import BANK, NOT_IN_PLAY, cards_of
from .table import Table

NOT_CALLED = -2
WAITED = -1
"""Values of `calls[seat]` besides a lot id (live mode, at the current countdown value)."""

Payment = tuple[int, int, int, int]
"""(payer, payee or BANK, amount, lot): a payment everyone watched being made."""


class Phase(IntEnum):
    CHOOSE = 0  # every seat secretly puts a card up for sale
    COUNTDOWN = 1  # live mode: every seat calls Stop or Wait at the current value
    ORDERS = 2  # sealed mode: every seat places its stop orders
    OVER = 3


class SamarkandState:
    """Mutable; only the rules change it. Decks are lists whose last item is the top card."""

    __slots__ = (
        "bank_deck",
        "bank_takings",
        "calls",
        "camel_deck",
        "camel_due",
        "camel_offer",
        "camels",
        "chosen",
        "dean",
        "discards",
        "goods",
        "hands",
        "ledger",
        "money",
        "offers",
        "options",
        "orders",
        "phase",
        "rng",
        "sealed",
        "seller_of_type",
        "table",
        "turn",
        "types",
        "value",
    )

    def __init__(
        self,
        table: Table,
        options: JsonDict,
        rng: Rng,
        types: list[int],
        camel_deck: list[int],
        bank_deck: list[int],
        dean: int,
    ) -> None:
        seats = table.seats
        self.table = table
        self.options = options
        self.rng = rng
        self.types = types  # goods type per seat, then the bank's at 3 seats
        self.seller_of_type = _sellers(types, seats)
        self.hands = [cards_of(t) for t in types[:seats]]
        self.chosen = [-1] * seats  # a card face down (still in hand until the reveal)
        self.camel_deck = camel_deck
        self.camel_offer = 0  # capacity of the face-up camel, 0 for none
        self.camel_due = False  # a camel sold with no goods left: the next flips next turn
        self.bank_deck = bank_deck
        self.offers: list[int] = []  # goods cards on sale now
        self.money = [table.starting_money] * seats
        self.bank_takings = 0
        self.goods: list[list[int]] = [[] for _ in range(seats)]
        self.camels: list[list[int]] = [[] for _ in range(seats)]
        self.discards: list[int] = []
        self.dean = dean
        self.turn = 1
        self.phase = Phase.CHOOSE
        self.value = 0
        self.calls = [NOT_CALLED] * seats
        self.orders: list[list[tuple[int, int]]] = [[] for _ in range(seats)]
        self.sealed = [False] * seats
        self.ledger: list[Payment] = []  # this turn's payments

    def clone(self) -> SamarkandState:
        other = SamarkandState.__new__(SamarkandState)
        other.table = self.table
        other.options = self.options
        other.rng = self.rng.clone()
        other.types = self.types
        other.seller_of_type = self.seller_of_type
        other.hands = [hand[:] for hand in self.hands]
        other.chosen = self.chosen[:]
        other.camel_deck = self.camel_deck[:]
        other.camel_offer = self.camel_offer
        other.camel_due = self.camel_due
        other.bank_deck = self.bank_deck[:]
        other.offers = self.offers[:]
        other.money = self.money[:]
        other.bank_takings = self.bank_takings
        other.goods = [goods[:] for goods in self.goods]
        other.camels = [camels[:] for camels in self.camels]
        other.discards = self.discards[:]
        other.dean = self.dean
        other.turn = self.turn
        other.phase = self.phase
        other.value = self.value
        other.calls = self.calls[:]
        other.orders = [orders[:] for orders in self.orders]
        other.sealed = self.sealed[:]
        other.ledger = self.ledger[:]
        return other

    def to_json(self) -> JsonDict:
        return {
            "options": self.options,
            "seats": self.table.seats,
            "rng": self.rng.state,
            "types": self.types[:],
            "hands": [hand[:] for hand in self.hands],
            "chosen": self.chosen[:],
            "camel_deck": self.camel_deck[:],
            "camel_offer": self.camel_offer,
            "camel_due": self.camel_due,
            "bank_deck": self.bank_deck[:],
            "offers": self.offers[:],
            "money": self.money[:],
            "bank_takings": self.bank_takings,
            "goods": [goods[:] for goods in self.goods],
            "camels": [camels[:] for camels in self.camels],
            "discards": self.discards[:],
            "dean": self.dean,
            "turn": self.turn,
            "phase": self.phase.name.lower(),
            "value": self.value,
            "calls": self.calls[:],
            "orders": [[list(order) for order in orders] for orders in self.orders],
            "sealed": self.sealed[:],
            "ledger": [list(payment) for payment in self.ledger],
        }

    @staticmethod
    def from_json(data: dict[str, Any], table: Table) -> SamarkandState:
        state = SamarkandState(
            table,
            data["options"],
            Rng(int(data["rng"])),
            _ints(data["types"]),
            _ints(data["camel_deck"]),
            _ints(data["bank_deck"]),
            int(data["dean"]),
        )
        state.hands = [_ints(hand) for hand in data["hands"]]
        state.chosen = _ints(data["chosen"])
        state.camel_offer = int(data["camel_offer"])
        state.camel_due = bool(data["camel_due"])
        state.offers = _ints(data["offers"])
        state.money = _ints(data["money"])
        state.bank_takings = int(data["bank_takings"])
        state.goods = [_ints(goods) for goods in data["goods"]]
        state.camels = [_ints(camels) for camels in data["camels"]]
        state.discards = _ints(data["discards"])
        state.turn = int(data["turn"])
        state.phase = Phase[str(data["phase"]).upper()]
        state.value = int(data["value"])
        state.calls = _ints(data["calls"])
        state.orders = [[(int(lot), int(price)) for lot, price in o] for o in data["orders"]]
        state.sealed = [bool(flag) for flag in data["sealed"]]
        state.ledger = [(int(a), int(b), int(c), int(d)) for a, b, c, d in data["ledger"]]
        return state


def _ints(values: Any) -> list[int]:
    return [int(value) for value in values]


def _sellers(types: list[int], seats: int) -> tuple[int, ...]:
    """Who is paid for each goods type: its seat, the BANK, or NOT_IN_PLAY."""
    sellers = [NOT_IN_PLAY] * 5
    for seat, goods_type in enumerate(types):
        sellers[goods_type] = seat if seat < seats else BANK
    return tuple(sellers)
