"""Moonlight Market's full game state: everything, hidden facts included. Cheap to clone.

Lists are ordered so the next item comes off the end: the supply's last link is drawn next,
a draw pile's last card is its top. Cards put under a pile go in at index 0."""

from __future__ import annotations

from enum import IntEnum
from itertools import repeat
from typing import Any, ClassVar

from moonlight_desktop.engine import JsonDict, Rng

from .table import Table, table_for


class Phase(IntEnum):
    BID = 0  # `seat` bids (or plays its displaced card)
    HAMMER = 1  # `seat` uses or discards its next hammer
    PLACE = 2  # `seat` lays its next link
    OVER = 3


class MarketState:
    """Mutable; only the rules change it. Indexed by position (seats, then Dirk and Beate)."""

    __slots__ = (
        "bidders",
        "bids",
        "casket",
        "chain_queue",
        "chains",
        "coin",
        "cushions",
        "discards",
        "displaced",
        "hands",
        "options",
        "pass_index",
        "pending",
        "phase",
        "piles",
        "prestige",
        "rng",
        "round_index",
        "seal_supply",
        "seals",
        "seat",
        "supply",
        "table",
        "under",
    )

    def __init__(self, table: Table, options: JsonDict, rng: Rng, supply: list[int]) -> None:
        positions = table.positions
        self.table = table
        self.options = options
        self.rng = rng
        self.supply = supply
        self.casket: list[int] = []  # discarded links, face up
        self.seal_supply = 0
        self.seals = [0] * positions
        self.prestige = [0] * positions
        # `map(list, ...)` rather than comprehensions: a comprehension is a call of its own in
        # Python 3.11, and playouts set up a state for every game.
        self.piles: list[list[int]] = list(map(list, repeat((), positions)))
        self.under = [0] * positions  # cards at the pile's bottom that its owner put there
        self.hands: list[list[int]] = list(map(list, repeat((), positions)))
        self.discards: list[list[int]] = list(map(list, repeat((), positions)))
        # a chain per gem, per position
        self.chains: list[list[list[int]]] = [[[], [], [], [], []] for _ in range(positions)]
        self.cushions: list[list[int]] = [[-1] * (rows * 3) for rows in table.rows]  # row-major
        self.bids = [-1] * positions  # card per cushion
        self.bidders = [-1] * positions  # position per cushion
        self.displaced = [-1] * positions  # a displaced card lying face up, per position
        self.pending: list[list[int]] = list(map(list, repeat((), positions)))  # links to build in
        self.chain_queue: list[int] = []  # positions still to build this chain phase, next last
        self.coin = -1  # start coin holder; -1 while it lies next to the moon cushion
        self.seat = 0
        self.phase = Phase.BID
        self.pass_index = 0
        self.round_index = 0

    def clone(self) -> MarketState:
        # Built through `__init__` (compiled with mypyc, a class allows no `__new__` alone),
        # then every list replaced by a copy. Lists of lists are copied with
        # `map(list.copy, ...)`: a comprehension is a call of its own in Python 3.11.
        other = MarketState(self.table, self.options, self.rng.clone(), self.supply[:])
        other.casket = self.casket[:]
        other.seal_supply = self.seal_supply
        other.seals = self.seals[:]
        other.prestige = self.prestige[:]
        other.piles = list(map(list.copy, self.piles))
        other.under = self.under[:]
        other.hands = list(map(list.copy, self.hands))
        other.discards = list(map(list.copy, self.discards))
        other.chains = [list(map(list.copy, chains)) for chains in self.chains]
        other.cushions = list(map(list.copy, self.cushions))
        other.bids = self.bids[:]
        other.bidders = self.bidders[:]
        other.displaced = self.displaced[:]
        other.pending = list(map(list.copy, self.pending))
        other.chain_queue = self.chain_queue[:]
        other.coin = self.coin
        other.seat = self.seat
        other.phase = self.phase
        other.pass_index = self.pass_index
        other.round_index = self.round_index
        return other

    _LISTS: ClassVar[tuple[str, ...]] = (
        "supply",
        "casket",
        "seals",
        "prestige",
        "under",
        "bids",
        "bidders",
        "displaced",
    )
    _INTS: ClassVar[tuple[str, ...]] = ("seal_supply", "coin", "seat", "pass_index", "round_index")

    def to_json(self) -> JsonDict:
        data: JsonDict = {
            "options": self.options,
            "seats": self.table.seats,
            "rng": self.rng.state,
            "phase": self.phase.name.lower(),
            "chain_queue": self.chain_queue[:],
        }
        for name in self._LISTS:
            data[name] = list(getattr(self, name))
        for name in ("piles", "hands", "discards", "cushions", "pending"):
            data[name] = [list(items) for items in getattr(self, name)]
        data["chains"] = [[list(chain) for chain in chains] for chains in self.chains]
        for name in self._INTS:
            data[name] = getattr(self, name)
        return data

    @staticmethod
    def from_json(data: dict[str, Any], options: JsonDict) -> MarketState:
        table = table_for(int(data["seats"]), int(options["automata"]))
        state = MarketState(table, options, Rng(int(data["rng"])), [int(n) for n in data["supply"]])
        for name in MarketState._LISTS:
            setattr(state, name, [int(n) for n in data[name]])
        for name in ("piles", "hands", "discards", "cushions", "pending"):
            setattr(state, name, [[int(n) for n in items] for items in data[name]])
        state.chains = [[[int(n) for n in chain] for chain in chains] for chains in data["chains"]]
        for name in MarketState._INTS:
            setattr(state, name, int(data[name]))
        state.chain_queue = [int(n) for n in data["chain_queue"]]
        state.phase = Phase[str(data["phase"]).upper()]
        return state
