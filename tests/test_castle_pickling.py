"""Castle's states, views, tables and bots travel by pickle (a Hard bot decides in a worker
process), rebuilt through their constructors so that the mypyc-compiled build pickles them
too (engine/pickling.py). scripts/test.sh runs these on both builds."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from moonlight_desktop.engine import Rng
from moonlight_desktop.games.castle.bots import EasyBot, NormalBot
from moonlight_desktop.games.castle.hard import CastleDeterminizer, HardBot
from moonlight_desktop.games.castle.state import CastleState

from .castle_helpers import RULES

GOLD = [
    {"ritual": ritual, "side": "gold"}
    for ritual in ("return_two", "one_color", "return_one", "one_of_each")
]
VARIANTS = ("plain", "full_moon", "gold")


def _options(variant: str, seats: int) -> dict[str, Any]:
    if variant == "gold":
        return {"fountains": GOLD[:seats]}
    return {"full_moon": True} if variant == "full_moon" else {}


def _play_randomly(state: CastleState, walker: Rng, moves: int | None = None) -> None:
    """Random legal moves: `moves` of them, or to the game's end."""
    played = 0
    while not RULES.is_over(state) and (moves is None or played < moves):
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_commands(state, seat)
        RULES.advance(state, seat, legal[walker.below(len(legal))])
        played += 1


def _midgame(options: dict[str, Any], seats: int, seed: int) -> CastleState:
    state = RULES.new_state(options, seats, seed)
    _play_randomly(state, Rng(seed), 40)
    return state


def _round_trip(thing: Any) -> Any:
    return pickle.loads(pickle.dumps(thing))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_state_its_views_and_table_come_back_whole(variant: str, seats: int) -> None:
    state = _midgame(_options(variant, seats), seats, 7 * seats)
    copy = _round_trip(state)
    assert RULES.state_to_json(copy) == RULES.state_to_json(state)
    assert _round_trip(state.table) == state.table
    for seat in [None, *range(seats)]:
        assert _round_trip(RULES.view(state, seat)) == RULES.view(state, seat)
    # The copy plays on exactly as the original does, its pouch and luck included.
    for game in (state, copy):
        _play_randomly(game, Rng(5))
    assert RULES.state_to_json(copy) == RULES.state_to_json(state)


def test_a_bot_sent_between_decisions_decides_as_if_it_had_stayed() -> None:
    """Each level, pickled after a decision (as a worker process receives it), makes the
    next decision the original makes: its seed's luck travels with it, not a new seed."""
    state = _midgame({}, 3, 11)
    seat = RULES.to_act(state)[0]
    for make in (EasyBot, NormalBot, lambda seed: HardBot(seed, iterations=6)):
        bot = make(23)
        bot.choose(RULES.view(state, seat), RULES.legal_commands(state, seat), 1.0)
        travelled = _round_trip(bot)
        later = _midgame({}, 3, 12)
        at = RULES.to_act(later)[0]
        view, legal = RULES.view(later, at), RULES.legal_commands(later, at)
        assert travelled.choose(view, legal, 1.0) == bot.choose(view, legal, 1.0)


def test_the_determinizer_travels_without_its_cache() -> None:
    state = _midgame({}, 3, 13)
    view = RULES.view(state, RULES.to_act(state)[0])
    determinizer = CastleDeterminizer()
    sample = determinizer.sample(view, Rng(1))
    travelled = _round_trip(determinizer)
    assert RULES.state_to_json(travelled.sample(view, Rng(1))) == RULES.state_to_json(sample)
