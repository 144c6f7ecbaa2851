"""The options of one Samarkand game and the fixed facts derived from them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import JsonDict, OptionsError

from .components import CAMEL, TOP_PRICE
from .moves import Order, Stop

MODES = ("live", "sealed")


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


def normalize_options(options: Any, seats: int) -> JsonDict:
    if not isinstance(options, dict):
        raise OptionsError(f"options must be a JSON object, not {options!r}")
    known = {"mode", "hidden_goods", "dean"}
    unknown = set(options) - known
    if unknown:
        raise OptionsError(f"unknown Samarkand options {sorted(unknown)} (known: {sorted(known)})")
    if not 3 <= seats <= 5:
        raise OptionsError(f"Le Marché de Samarkand is for 3 to 5 players, not {seats}")
    mode = options.get("mode", "live")
    if mode not in MODES:
        raise OptionsError(f"mode must be 'live' or 'sealed', not {mode!r}")
    hidden = options.get("hidden_goods", False)
    if not isinstance(hidden, bool):
        raise OptionsError(f"hidden_goods must be true or false, not {hidden!r}")
    dean = options.get("dean")
    if dean is not None and (type(dean) is not int or not 0 <= dean < seats):
        raise OptionsError(f"dean must be a seat from 0 to {seats - 1}, or null for random")
    return {"mode": mode, "hidden_goods": hidden, "dean": dean}


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
