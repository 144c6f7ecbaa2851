"""Random Moons games played through a Match, command by command, for the screen's tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Command, Event, Match, SeatSpec
from moonlight_desktop.games.moons.rules import MoonsRules
from moonlight_desktop.games.moons.view import MoonsView

RULES = MoonsRules()
NAMES = ("You", "Ana", "Ben", "Cy", "Dee", "Eli")
"""Seat names; "You" among them catches sentences that only read right for a third person."""


@dataclass(frozen=True)
class Step:
    """One command of a random game: who gave it, the events, the match right after."""

    seat: int
    command: Command
    events: tuple[Event, ...]
    match: Match[Any]

    def view(self, seat: int | None) -> MoonsView:
        view = self.match.view(seat)
        assert isinstance(view, MoonsView)
        return view


def new_match(seats: int, seed: int) -> Match[Any]:
    return Match.new(RULES, [SeatSpec(NAMES[n]) for n in range(seats)], seed)


def random_steps(match: Match[Any], seed: int) -> Iterator[Step]:
    """Plays `match` to its end with random legal commands from random seats in `to_act`
    (the Match is live: a step's views are read before the next command)."""
    roll = random.Random(seed)
    while not match.is_over():
        seat = roll.choice(match.to_act())
        command = roll.choice(list(match.legal(seat)))
        yield Step(seat, command, tuple(match.submit(seat, command)), match)
