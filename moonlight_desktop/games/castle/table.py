"""The fixed facts of one Castle game, derived from its options: board, spaces, fountains.

Built once per options and shared by every clone of a state, so clones copy only what changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import Command, JsonDict, OptionsError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.pickling import pickle_by_fields
from moonlight_desktop.engine.schema import Bool, Entry, Int, ListOf, Nullable, Object, OneOf, Text

from .board import Board, BoardError, available_levels, board_named
from .components import COLORS, PEBBLES_PER_COLOR
from .moves import MoveTo
from .tiles import JEWEL_TILES

DEFAULT_LEVEL = "moonlit_garden"


class Ritual(Enum):
    """The gold sides of the four fountains (each draws 4 pebbles, then...)."""

    RETURN_TWO = "return_two"  # ...place 2 of them next to the board
    RETURN_ONE = "return_one"  # ...place 1 of them next to the board
    ONE_COLOR = "one_color"  # ...choose a colour; place every pebble of another colour
    ONE_OF_EACH = "one_of_each"  # ...keep one of each colour drawn; place the others


RITUALS: tuple[Ritual, ...] = tuple(Ritual)
RETURN_TWO, RETURN_ONE, ONE_COLOR, ONE_OF_EACH = RITUALS
"""The rituals under plain names, for the rules (see `state.HIDE`: in Python 3.11 a lookup
such as `Ritual.ONE_COLOR` is slow)."""
GOLD_DRAW = 4
WHITE = -1
"""Colour code of a space that needs no pebble (white garden spaces and fountains)."""


@dataclass(frozen=True, slots=True)
class Fountain:
    ritual: Ritual
    gold: bool

    def to_json(self) -> JsonDict:
        return {"ritual": self.ritual.value, "side": "gold" if self.gold else "white"}


@dataclass(frozen=True, slots=True)
class Table:
    """Spaces are numbered garden first, then the fountains in play (one per seat)."""

    board: Board
    seats: int
    full_moon: bool
    open_screens: frozenset[int]
    """Seats whose pebbles everyone sees: every seat under the Full Moon, else those that
    play without a screen (players who still need a little help)."""
    fountains: tuple[Fountain, ...]
    space_color: tuple[int, ...]  # Color value, or WHITE
    space_pebbles: tuple[int, ...]
    space_faces: tuple[int, ...]  # path position, or -1
    space_fountain: tuple[int, ...]  # index into fountains, or -1

    moves_payable: tuple[list[MoveTo], ...]
    """Per bit mask of the colours a player holds (1 red, 2 yellow, 4 green): the moves to
    every space that player could pay for, in order; mask 7 holds every move. The same
    command objects throughout; never changed."""
    hiding_choices: dict[tuple[int, bool], tuple[Command, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The rules' memory of the choices at the start of a turn, per situation."""

    # Derived from the fields above, for the rules' bit arithmetic (bit n stands for space n).
    payable_spaces: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """`moves_payable` as bit sets of spaces."""
    every_space_but: dict[int, int] = field(init=False, compare=False, repr=False)
    """Per space a figure can stand on, every space but that one; -1 (a figure not yet in
    the garden) maps to every space."""

    def __post_init__(self) -> None:
        payable = tuple(sum(1 << move.space for move in moves) for moves in self.moves_payable)
        every_space = (1 << self.space_count) - 1
        but = {space: every_space & ~(1 << space) for space in range(self.space_count)}
        object.__setattr__(self, "payable_spaces", payable)
        object.__setattr__(self, "every_space_but", {-1: every_space, **but})

    @property
    def space_count(self) -> int:
        return len(self.space_color)

    @property
    def path_length(self) -> int:
        return self.board.path_length


MAX_SEATS = 4
SIDES = ("white", "gold")

OPTIONS = Object(
    {
        "level": Entry(Text(1, 64), DEFAULT_LEVEL),
        "full_moon": Entry(Bool(), False),
        "fountains": Entry(
            Nullable(
                ListOf(
                    Object(
                        {
                            "ritual": Entry(OneOf(tuple(r.value for r in RITUALS)), required=True),
                            "side": Entry(OneOf(SIDES), required=True),
                        }
                    ),
                    2,
                    MAX_SEATS,
                )
            )
        ),
        "start_seat": Entry(Nullable(Int(0, MAX_SEATS - 1))),
        "open_screens": Entry(ListOf(Int(0, MAX_SEATS - 1), 0, MAX_SEATS), []),
    }
)
"""Castle's options by type and range; what depends on the seat count is checked after."""

TILES = len(JEWEL_TILES)
POUCH = PEBBLES_PER_COLOR * len(COLORS)
PINNED_SETUP = Object(
    {
        "stack": Entry(ListOf(Int(0, TILES - 1), TILES, TILES), required=True),
        "pouch": Entry(Text(POUCH, POUCH, "RYG"), required=True),
        "start_seat": Entry(Int(0, MAX_SEATS - 1), required=True),
    }
)
"""A pinned setup: the 27 jewel tiles in the order they leave the castle, the 60 pebbles
(R, Y, G) in drawing order, the seat that starts."""


def normalize_options(options: Any, seats: int) -> JsonDict:
    """Options completed with defaults and checked; OptionsError says what is wrong."""
    if type(seats) is not int or not 2 <= seats <= MAX_SEATS:
        raise OptionsError(f"Moonlight Castle is for 2 to 4 players, not {brief(seats)}")
    checked = OPTIONS.check(options, "options")
    level = checked["level"]
    if level not in available_levels():
        raise OptionsError(f"unknown garden {level!r} (available: {', '.join(available_levels())})")
    fountains = checked["fountains"]
    if fountains is None:
        fountains = [Fountain(ritual, gold=False).to_json() for ritual in RITUALS[:seats]]
    parsed = _parse_fountains(fountains, seats)
    start_seat = checked["start_seat"]
    if start_seat is not None and start_seat >= seats:
        raise OptionsError(f"start_seat must be a seat from 0 to {seats - 1}, or null for random")
    open_screens = checked["open_screens"]
    if any(seat >= seats for seat in open_screens):
        raise OptionsError(f"open_screens lists seats from 0 to {seats - 1} that play unscreened")
    return {
        "level": level,
        "full_moon": checked["full_moon"],
        "fountains": [fountain.to_json() for fountain in parsed],
        "start_seat": start_seat,
        "open_screens": sorted(set(open_screens)),
    }


def _parse_fountains(fountains: list[dict[str, str]], seats: int) -> tuple[Fountain, ...]:
    """Checked fountain entries (see OPTIONS) as Fountains: one per seat, no ritual twice."""
    if len(fountains) != seats:
        raise OptionsError(f"name one fountain per player ({seats}), each with a ritual and a side")
    parsed = tuple(
        Fountain(Ritual(entry["ritual"]), entry["side"] == "gold") for entry in fountains
    )
    if len({fountain.ritual for fountain in parsed}) != len(parsed):
        raise OptionsError("each fountain is a different piece: no ritual may appear twice")
    return parsed


def table_for(options: JsonDict, seats: int) -> Table:
    """The table for normalized options (cached: every state of a game shares one)."""
    fountains = tuple((entry["ritual"], entry["side"]) for entry in options["fountains"])
    open_screens = tuple(options["open_screens"])
    return _table_for(options["level"], options["full_moon"], fountains, open_screens, seats)


@lru_cache(maxsize=64)
def _table_for(
    level: str,
    full_moon: bool,
    fountain_sides: tuple[tuple[str, str], ...],
    open_screens: tuple[int, ...],
    seats: int,
) -> Table:
    """The options a table depends on as hashable values, quicker to look up than JSON text."""
    try:
        board = board_named(level)
    except BoardError as error:
        raise OptionsError(str(error)) from None
    entries = [{"ritual": ritual, "side": side} for ritual, side in fountain_sides]
    fountains = _parse_fountains(entries, seats)
    recesses = board.recesses_for(seats)
    garden = board.spaces
    fountain_pebbles = tuple(
        GOLD_DRAW if fountain.gold else recess.pebbles
        for fountain, recess in zip(fountains, recesses, strict=True)
    )
    moves = [MoveTo(space) for space in range(len(garden) + len(recesses))]  # shared by masks
    space_color = tuple(WHITE if s.color is None else int(s.color) for s in garden) + (
        WHITE,
    ) * len(recesses)
    return Table(
        board=board,
        seats=seats,
        full_moon=full_moon,
        open_screens=frozenset(range(seats) if full_moon else open_screens),
        fountains=fountains,
        space_color=space_color,
        space_pebbles=tuple(s.pebbles for s in garden) + fountain_pebbles,
        space_faces=tuple(-1 if s.faces is None else s.faces for s in garden)
        + (-1,) * len(recesses),
        space_fountain=(-1,) * len(garden) + tuple(range(len(recesses))),
        moves_payable=tuple(
            [
                move
                for move, color in zip(moves, space_color, strict=True)
                if color == WHITE or mask >> color & 1
            ]
            for mask in range(8)
        ),
    )


pickle_by_fields(Fountain, Table)
