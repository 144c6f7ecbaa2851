"""The fixed facts of one Market game, derived from seats and options: who sits where (players
and the automata Dirk and Beate) and which cushions are in play. Shared by every clone."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import JsonDict, OptionsError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.schema import Entry, Int, Nullable, Object
from moonlight_desktop.i18n import _

AUTOMATON_NAMES = ("Dirk", "Beate")
MIN_POSITIONS = 3
MAX_POSITIONS = 5
COLUMNS = 3
# Ruling M2, cushions in the order Dirk checks them (ruling MM3): the moon cushion (3 rows),
# the two other "1-5" cushions, then "4-5", then "5" (2 rows each).
CUSHION_MARKINGS = ("1-5 moon", "1-5", "1-5", "4-5", "5")
CUSHION_ROWS = (3, 2, 2, 2, 2)


@dataclass(frozen=True, slots=True)
class Table:
    """Positions 0..seats-1 are the record's seats (who give commands); the automata sit
    after them. Every position bids, builds chains and scores; there is one cushion each."""

    seats: int
    positions: int
    rows: tuple[int, ...]  # per cushion

    @property
    def cushions(self) -> int:
        return self.positions

    def is_automaton(self, position: int) -> bool:
        return position >= self.seats

    def name(self, position: int) -> str:
        if position < self.seats:
            return f"seat {position}"
        return AUTOMATON_NAMES[position - self.seats]


def default_automata(seats: int) -> int:
    """Solo: Dirk and Beate; two players: Dirk; otherwise none."""
    return {1: 2, 2: 1}.get(seats, 0)


OPTIONS = Object(
    {
        "automata": Entry(Nullable(Int(0, len(AUTOMATON_NAMES)))),
        "start_seat": Entry(Nullable(Int(0, MAX_POSITIONS - 1))),
    }
)
"""Market's options by type and range: how many automata (null: as the rules seat them) and
a start position that overrides M4 (for worked examples; null: seat 0)."""


def normalize_options(options: Any, seats: int) -> JsonDict:
    if type(seats) is not int or not 1 <= seats <= MAX_POSITIONS:
        raise OptionsError(
            _("Moonlight Market is for 1 to 5 players, not {seats}").format(seats=brief(seats))
        )
    checked = OPTIONS.check(options, "options")
    automata = checked["automata"]
    if automata is None:
        automata = default_automata(seats)
    if not MIN_POSITIONS <= seats + automata <= MAX_POSITIONS:
        raise OptionsError(
            _(
                "{seats} players with {automata} automata make {positions} at the table; the"
                " market needs {least} to {most} (add Dirk or Beate)"
            ).format(
                seats=seats,
                automata=automata,
                positions=seats + automata,
                least=MIN_POSITIONS,
                most=MAX_POSITIONS,
            )
        )
    start_seat = checked["start_seat"]
    if start_seat is not None and start_seat >= seats + automata:
        raise OptionsError(
            _("start_seat is a position from 0 to {last}, or null").format(
                last=seats + automata - 1
            )
        )
    return {"automata": automata, "start_seat": start_seat}


@lru_cache(maxsize=32)
def table_for(seats: int, automata: int) -> Table:
    positions = seats + automata
    return Table(seats, positions, CUSHION_ROWS[:positions])
