"""Moonlight Castle's full game state: everything, hidden facts included. Cheap to clone."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from moonlight_desktop.engine import JsonDict, Rng
from moonlight_desktop.engine.pickling import pickle_by_state

from .table import Table


class Phase(IntEnum):
    HIDE = 0  # turn start: move, or stay and recover (or pass when neither is possible)
    RECOVER = 1  # after moving: recover the tile next to you, or end the turn
    FOUNTAIN = 2  # after a gold fountain's draw: choose what to place next to the board
    OVER = 3


HIDE, RECOVER, FOUNTAIN, OVER = Phase
"""The phases under plain names, for the rules, which ask the phase several times a command:
in Python 3.11 an enum class has a `__getattr__`, so `Phase.HIDE` costs as much as a small
function call, and a module name next to nothing."""

PEBBLE_LETTERS = "RYG"


def pebbles_to_text(pebbles: list[int] | tuple[int, ...]) -> str:
    return "".join(PEBBLE_LETTERS[p] for p in pebbles)


def pebbles_from_text(text: str) -> list[int]:
    return [PEBBLE_LETTERS.index(letter) for letter in text]


class CastleState:
    """Mutable; only the rules change it. Pebble counts are [red, yellow, green] lists."""

    __slots__ = (
        "castle",
        "collected",
        "drawn",
        "extra_turn",
        "fallen",
        "last_round",
        "options",
        "paid",
        "path",
        "phase",
        "pouch",
        "rng",
        "screens",
        "seat",
        "spots",
        "start_seat",
        "table",
        "turns",
    )

    def __init__(
        self,
        table: Table,
        options: JsonDict,
        rng: Rng,
        pouch: list[int],
        castle: list[int],
        start_seat: int,
    ) -> None:
        seats = table.seats
        self.table = table
        self.options = options
        self.rng = rng
        self.pouch = pouch  # draw order: the last pebble is drawn first
        self.paid = [0, 0, 0]  # pebbles placed next to the board
        self.screens = [[0, 0, 0] for _ in range(seats)]
        self.spots = [-1] * seats  # space of each figure, -1 before entering the garden
        self.path = [-1] * table.path_length  # tile id per position (0 = bridge), -1 empty
        self.castle = castle  # tile ids still inside; the last one leaves next
        self.collected: list[list[int]] = [[] for _ in range(seats)]
        self.fallen: list[int] = []  # the magician's tiles
        self.seat = start_seat
        self.start_seat = start_seat
        self.phase = Phase.HIDE
        self.last_round = False
        self.extra_turn = False
        self.drawn = [0, 0, 0]  # a gold fountain's pebbles awaiting the player's choice
        self.turns = 1

    def clone(self) -> CastleState:
        # Through __init__: the bundle compiles this class with mypyc (scripts/compile_rules.py),
        # and a compiled class cannot be made by __new__ alone.
        other = CastleState(
            self.table,
            self.options,
            self.rng.clone(),
            self.pouch[:],
            self.castle[:],
            self.start_seat,
        )
        other.paid = self.paid[:]
        other.screens = [screen[:] for screen in self.screens]
        other.spots = self.spots[:]
        other.path = self.path[:]
        other.collected = [tiles[:] for tiles in self.collected]
        other.fallen = self.fallen[:]
        other.seat = self.seat
        other.phase = self.phase
        other.last_round = self.last_round
        other.extra_turn = self.extra_turn
        other.drawn = self.drawn[:]
        other.turns = self.turns
        return other

    @property
    def final_seat(self) -> int:
        """The seat whose turn closes a round."""
        return (self.start_seat - 1) % self.table.seats

    def to_json(self) -> JsonDict:
        return {
            "options": self.options,
            "seats": self.table.seats,
            "rng": self.rng.state,
            "pouch": pebbles_to_text(self.pouch),
            "paid": self.paid[:],
            "screens": [screen[:] for screen in self.screens],
            "spots": self.spots[:],
            "path": self.path[:],
            "castle": self.castle[:],
            "collected": [tiles[:] for tiles in self.collected],
            "fallen": self.fallen[:],
            "seat": self.seat,
            "start_seat": self.start_seat,
            "phase": self.phase.name.lower(),
            "last_round": self.last_round,
            "extra_turn": self.extra_turn,
            "drawn": self.drawn[:],
            "turns": self.turns,
        }

    @staticmethod
    def from_json(data: dict[str, Any], table: Table) -> CastleState:
        state = CastleState(
            table,
            data["options"],
            Rng(int(data["rng"])),
            pebbles_from_text(data["pouch"]),
            [int(t) for t in data["castle"]],
            int(data["start_seat"]),
        )
        state.paid = [int(n) for n in data["paid"]]
        state.screens = [[int(n) for n in screen] for screen in data["screens"]]
        state.spots = [int(s) for s in data["spots"]]
        state.path = [int(t) for t in data["path"]]
        state.collected = [[int(t) for t in tiles] for tiles in data["collected"]]
        state.fallen = [int(t) for t in data["fallen"]]
        state.seat = int(data["seat"])
        state.phase = Phase[str(data["phase"]).upper()]
        state.last_round = bool(data["last_round"])
        state.extra_turn = bool(data["extra_turn"])
        state.drawn = [int(n) for n in data["drawn"]]
        state.turns = int(data["turns"])
        return state


pickle_by_state(
    CastleState,
    lambda state: (
        state.table,
        state.options,
        state.rng,
        state.pouch,
        state.castle,
        state.start_seat,
    ),
)
