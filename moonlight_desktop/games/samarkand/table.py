"""The options of one Samarkand game and the fixed facts derived from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import JsonDict, OptionsError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.schema import Bool, Entry, Int, Nullable, Object, OneOf
from moonlight_desktop.i18n import _

from .components import CAMEL, TOP_PRICE
from .moves import Order, Stop

MODES = ("live", "sealed")
CLOCK_PACES = ("normal", "slow", "fast")
"""How fast the live clock counts down (S2). The rules never read it: it is the table's
choice, kept in the record so a continued game keeps its pace."""


@dataclass(frozen=True, slots=True)
class Table:
    seats: int
    sealed: bool
    """Sealed stop orders (S3) rather than the live clock (S2)."""
    hidden_goods: bool
    """The variant: purchased goods go behind the screen too."""
    starting_money: int
    place_points: tuple[int, ...]
    """Money places: 5/3/1, or 3/1 at three seats."""
    seat_numbers: tuple[int, ...]


STOPS: tuple[Stop, ...] = tuple(Stop(lot) for lot in range(CAMEL + 1))
"""One shared Stop per lot, so legal lists are built without allocating commands."""
ORDERS: tuple[tuple[Order, ...], ...] = tuple(
    tuple(Order(lot, price) for price in range(1, TOP_PRICE + 1)) for lot in range(CAMEL + 1)
)
"""ORDERS[lot][price - 1], shared likewise."""


MAX_SEATS = 5

OPTIONS = Object(
    {
        "mode": Entry(OneOf(MODES), "live"),
        "hidden_goods": Entry(Bool(), False),
        "dean": Entry(Nullable(Int(0, MAX_SEATS - 1))),
        "clock": Entry(OneOf(CLOCK_PACES), "normal"),
    }
)
"""Samarkand's options by type and range; the dean's seat is checked against the seat count."""


def normalize_options(options: Any, seats: int) -> JsonDict:
    if type(seats) is not int or not 3 <= seats <= MAX_SEATS:
        # Translators: {seats} is the number of players asked for.
        raise OptionsError(
            _("Le Marché de Samarkand is for 3 to 5 players, not {seats}").format(
                seats=brief(seats)
            )
        )
    checked = OPTIONS.check(options, "options")
    dean = checked["dean"]
    if dean is not None and dean >= seats:
        raise OptionsError(
            _("the first Dean must be a seat from 0 to {last}, or drawn at random").format(
                last=seats - 1
            )
        )
    return checked


@lru_cache(maxsize=64)
def table_for(seats: int, mode: str, hidden_goods: bool) -> Table:
    return Table(
        seats=seats,
        sealed=mode == "sealed",
        hidden_goods=hidden_goods,
        starting_money=25 if seats == 3 else 15,
        place_points=(3, 1) if seats == 3 else (5, 3, 1),
        seat_numbers=tuple(range(seats)),
    )
