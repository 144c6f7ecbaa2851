"""Moons' full game state: everything, hidden facts included. Cheap to clone (lists of ints)."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from moonlight_desktop.engine import JsonDict, Rng

from .components import TOKENS_PER_PLANET

Pending = tuple[int, int, int]
"""An award still to take: (seat, bit mask of the planets allowed, Award)."""


class Phase(IntEnum):
    TABLEAU = 0  # everyone lays three cards face down, at the same time
    PLAY = 1  # a trick is being played
    AWARD = 2  # a seat chooses a planet token
    OVER = 3


# The phases under plain names, for the rules' every-step paths: on Python 3.11 `Phase.PLAY`
# goes through EnumType.__getattr__, about ten times slower than reading a module global.
TABLEAU_PHASE = Phase.TABLEAU
PLAY_PHASE = Phase.PLAY
AWARD_PHASE = Phase.AWARD
OVER_PHASE = Phase.OVER


class MoonsState:
    """Mutable; only the rules change it. Hands and mini-asteroid hands are kept sorted."""

    __slots__ = (
        "awards",
        "block_holder",
        "closing",
        "decks",
        "earth",
        "earths_moon",
        "hands",
        "leader",
        "mini_deck",
        "mini_discard",
        "mini_played",
        "minis",
        "options",
        "order",
        "phase",
        "rng",
        "round",
        "seats",
        "supply",
        "tableaux",
        "tokens",
        "trick",
        "tricks_done",
        "tricks_won",
        "turn",
    )

    def __init__(self, seats: int, options: JsonDict, rng: Rng, mini_deck: list[int]) -> None:
        self.seats = seats
        self.options = options
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.tableaux: list[list[int]] = [[] for _ in range(seats)]
        self.minis: list[list[int]] = [[] for _ in range(seats)]
        self.mini_deck = mini_deck  # the last one is drawn next
        self.mini_discard: list[int] = []
        self.supply = [TOKENS_PER_PLANET] * 4
        self.tokens = [[0, 0, 0, 0] for _ in range(seats)]
        self.block_holder = -1  # -1: the Block token lies off to the side
        self.earth = -1  # who took the Earth in round 1; it never moves
        self.earths_moon = -1  # this round's dealer, who leads its first trick
        self.round = 1
        self.phase = Phase.TABLEAU
        self.order: list[int] = []  # this trick's seats in playing order
        self.turn = 0  # index into `order` of the seat to play
        self.trick: list[int] = []  # cards played so far, parallel to `order`
        self.mini_played = False  # the seat to play has played its mini-asteroid
        self.leader = -1  # who leads the next trick
        self.tricks_won = [0] * seats
        self.tricks_done: list[
            list[int]
        ] = []  # this round's finished tricks: seat, card, seat, card...
        self.awards: list[Pending] = []
        self.closing = False  # the round's end awards are being taken
        self.decks: list[list[int]] = []  # pinned deal orders of the rounds still to come

    def clone(self) -> MoonsState:
        other = MoonsState.__new__(MoonsState)
        other.seats = self.seats
        other.options = self.options
        other.rng = self.rng.clone()
        other.hands = [hand[:] for hand in self.hands]
        other.tableaux = [tableau[:] for tableau in self.tableaux]
        other.minis = [minis[:] for minis in self.minis]
        other.mini_deck = self.mini_deck[:]
        other.mini_discard = self.mini_discard[:]
        other.supply = self.supply[:]
        other.tokens = [tokens[:] for tokens in self.tokens]
        other.block_holder = self.block_holder
        other.earth = self.earth
        other.earths_moon = self.earths_moon
        other.round = self.round
        other.phase = self.phase
        other.order = self.order[:]
        other.turn = self.turn
        other.trick = self.trick[:]
        other.mini_played = self.mini_played
        other.leader = self.leader
        other.tricks_won = self.tricks_won[:]
        other.tricks_done = self.tricks_done[:]  # finished tricks are never changed
        other.awards = self.awards[:]
        other.closing = self.closing
        other.decks = self.decks  # never changed in place, only replaced
        return other

    @property
    def to_play(self) -> int:
        return self.order[self.turn]

    def to_json(self) -> JsonDict:
        return {
            "seats": self.seats,
            "options": self.options,
            "rng": self.rng.state,
            "hands": [hand[:] for hand in self.hands],
            "tableaux": [tableau[:] for tableau in self.tableaux],
            "minis": [minis[:] for minis in self.minis],
            "mini_deck": self.mini_deck[:],
            "mini_discard": self.mini_discard[:],
            "supply": self.supply[:],
            "tokens": [tokens[:] for tokens in self.tokens],
            "block_holder": self.block_holder,
            "earth": self.earth,
            "earths_moon": self.earths_moon,
            "round": self.round,
            "phase": self.phase.name.lower(),
            "order": self.order[:],
            "turn": self.turn,
            "trick": self.trick[:],
            "mini_played": self.mini_played,
            "leader": self.leader,
            "tricks_won": self.tricks_won[:],
            "tricks_done": [trick[:] for trick in self.tricks_done],
            "awards": [list(award) for award in self.awards],
            "closing": self.closing,
            "decks": [deck[:] for deck in self.decks],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> MoonsState:
        def ints(values: Any) -> list[int]:
            return [int(v) for v in values]

        state = MoonsState(
            int(data["seats"]),
            dict(data["options"]),
            Rng(int(data["rng"])),
            ints(data["mini_deck"]),
        )
        state.hands = [sorted(ints(hand)) for hand in data["hands"]]  # kept sorted
        state.tableaux = [ints(tableau) for tableau in data["tableaux"]]
        state.minis = [sorted(ints(minis)) for minis in data["minis"]]
        state.mini_discard = ints(data["mini_discard"])
        state.supply = ints(data["supply"])
        state.tokens = [ints(tokens) for tokens in data["tokens"]]
        state.block_holder = int(data["block_holder"])
        state.earth = int(data["earth"])
        state.earths_moon = int(data["earths_moon"])
        state.round = int(data["round"])
        state.phase = Phase[str(data["phase"]).upper()]
        state.order = ints(data["order"])
        state.turn = int(data["turn"])
        state.trick = ints(data["trick"])
        state.mini_played = bool(data["mini_played"])
        state.leader = int(data["leader"])
        state.tricks_won = ints(data["tricks_won"])
        state.tricks_done = [ints(trick) for trick in data["tricks_done"]]
        state.awards = [(int(a[0]), int(a[1]), int(a[2])) for a in data["awards"]]
        state.closing = bool(data["closing"])
        state.decks = [ints(deck) for deck in data["decks"]]
        return state
