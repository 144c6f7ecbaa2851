"""What the rules contract (tests/test_rules_contract.py) knows of a game beyond its rules: the
tables to play it at, how many games, and its own invariants. `probe_for` finds a game's probe
in tests/probes/<game id>.py; a game without one is held to the contract's generic checks."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from moonlight_desktop.engine import Command, Match, Rng
from moonlight_desktop.engine.data import Event
from moonlight_desktop.engine.rules import Rules


@dataclass(frozen=True)
class Table:
    """A table to play: its seat count and options."""

    seats: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        options = ",".join(f"{key}={value}" for key, value in self.options.items())
        return f"{self.seats}-seats" + (f"-{options}" if options else "")


@dataclass(frozen=True)
class Plays:
    """Tables, and how many games (or seeds) at each."""

    tables: tuple[Table, ...]
    games: int


def every_seat_count(rules: Rules[Any], games: int) -> Plays:
    return Plays(tuple(Table(n) for n in range(rules.min_seats, rules.max_seats + 1)), games)


class RulesProbe:
    """The defaults: every seat count with the default options, nothing hidden, no invariant
    of the game's own. A game's probe overrides what it knows more of."""

    round_trip_every = 1
    """The JSON round trip every this many commands of a checked game (1: every one)."""
    views_every = 1
    """The views' checks every this many commands."""
    illegal_one_in = 5
    """The illegal-command sweep at one state in this many."""
    step_limit = 10_000
    """A game longer than this many commands never ends."""

    def checked(self, rules: Rules[Any]) -> Plays:
        """Games played through a Match, every invariant checked along the way."""
        return every_seat_count(rules, 20)

    def quick(self, rules: Rules[Any]) -> Plays:
        """Games played through `advance`, checked at their end."""
        return every_seat_count(rules, 200)

    def illegal(self, rules: Rules[Any]) -> Plays:
        """Games played with sweeps of illegal commands."""
        return every_seat_count(rules, 6)

    def advance(self, rules: Rules[Any]) -> Plays:
        """Seeds played by `apply` and by `advance`, which must end alike."""
        return every_seat_count(rules, 20)

    def conserved(self, state: Any) -> None:
        """Asserts the game's components are all there (checked after every command)."""

    def finished(self, state: Any) -> None:
        """Asserts what holds of every finished game."""

    def played(self, match: Match[Any], events: list[Event]) -> None:
        """Asserts what a whole game's events tell (e.g. scores recomputed from them)."""

    def hidden_facts_changed(self, state: Any, viewer: int | None, rng: Rng) -> Any | None:
        """A state that differs from `state` only in what `viewer` cannot know (None: nothing
        is hidden); `viewer`'s view of it must be the same."""
        return None

    def view_shows(self, state: Any, view: Any, viewer: int | None) -> None:
        """Asserts what `viewer`'s view must show of `state` (its own hand...)."""

    def universe(self, state: Any) -> list[Command]:
        """Commands to try at `state` (out of range, mistyped, another phase's...): each is
        accepted only if legal, else refused with nothing changed."""
        return []


def probe_for(game_id: str) -> RulesProbe:
    """tests/probes/<game_id>.py's PROBE, or the generic probe."""
    try:
        module = importlib.import_module(f"tests.probes.{game_id}")
    except ModuleNotFoundError as missing:
        if missing.name != f"tests.probes.{game_id}":
            raise
        return RulesProbe()
    probe: RulesProbe = module.PROBE
    return probe
