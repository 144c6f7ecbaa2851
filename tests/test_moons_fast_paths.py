"""The facts Moons' every-step paths lean on, checked along random games: hands and
mini-asteroid hands stay sorted (a hand's lowest card tells whether it holds only Asteroids;
the last mini-asteroid tells whether any may be played, Score Modifiers being numbered first),
and the table of planets per award mask agrees with the mask's bits."""

from __future__ import annotations

import json

import pytest

from moonlight_desktop.engine import Rng
from moonlight_desktop.games.moons.components import MINI_KIND, MODIFIERS, Mini
from moonlight_desktop.games.moons.rules import ALL_PLANETS, PLANETS_IN
from moonlight_desktop.games.moons.state import MoonsState

from .moons_helpers import RULES


def _check_sorted(state: MoonsState) -> None:
    for seat in range(state.seats):
        hand, minis = state.hands[seat], state.minis[seat]
        assert hand == sorted(hand)
        assert minis == sorted(minis)
        playable = any(MINI_KIND[mini] != Mini.MODIFIER for mini in minis)
        assert playable == bool(minis and minis[-1] >= MODIFIERS)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_hands_and_mini_asteroids_stay_sorted_through_random_games(seats: int) -> None:
    rng = Rng(seats)
    for game in range(25):
        state = RULES.new_state({}, seats, 31 * game + seats)
        _check_sorted(state)
        while acting := RULES.to_act(state):
            seat = acting[rng.below(len(acting))]
            legal = RULES.legal_commands(state, seat)
            RULES.advance(state, seat, legal[rng.below(len(legal))])
            _check_sorted(state)


def test_the_planets_of_each_mask_are_its_bits() -> None:
    for mask in range(ALL_PLANETS + 1):
        assert sum(1 << planet for planet in PLANETS_IN[mask]) == mask
        assert list(PLANETS_IN[mask]) == sorted(PLANETS_IN[mask])


def test_a_state_read_with_unsorted_hands_keeps_them_sorted() -> None:
    """The rules rely on sorted hands (Asteroids last: who passes the lead, what follows
    suit); a state file listing them in another order is read sorted, and plays the same."""
    state = RULES.new_state(RULES.normalize_options({}, 4), 4, 12)
    data = json.loads(json.dumps(RULES.state_to_json(state)))
    data["hands"] = [list(reversed(hand)) for hand in data["hands"]]
    data["minis"] = [list(reversed(minis)) for minis in data["minis"]]
    read = RULES.state_from_json(data)
    assert read.hands == state.hands and read.minis == state.minis
    for seat in range(4):
        assert RULES.legal_commands(read, seat) == RULES.legal_commands(state, seat)
