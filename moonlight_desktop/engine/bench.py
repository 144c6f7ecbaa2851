"""Speed figures for a game: random complete games per second, clone time, bot decision times,
and the worst of a set of timed calls (for a game's own worst cases, such as Samarkand's discard).

Printed by `moonlight-desktop bench`; never asserted in tests (machines here are shared and
noisy, so a timed test would fail for reasons that have nothing to do with the code).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .ismcts import Searching
from .rng import Rng
from .rules import Bot, Rules


def sample_seats(rules: Rules[Any]) -> int:
    """The seat count a game is sampled at (speed figures, fuzzing): one above its fewest
    where it takes more, a table a little past the smallest; else its only count."""
    return rules.min_seats + 1 if rules.max_seats > rules.min_seats else rules.min_seats


def random_game(
    rules: Rules[Any], seats: int, seed: int, options: dict[str, Any], checked: bool = True
) -> Any:
    """Plays one game to its end with uniformly random legal commands; returns the final state.
    `checked` goes through `apply` (checks and events); otherwise `advance`, as playouts do.
    Both play the very same game for the same seed. The players' dice are a seeded Mersenne
    Twister (C-fast); the game's own randomness stays in its state."""
    roll = random.Random(seed ^ 0x5EED).random
    state = rules.new_state(options, seats, seed)
    carry_out = rules.apply if checked else rules.advance
    while acting := rules.to_act(state):
        seat = acting[0]
        legal = rules.legal_commands(state, seat)
        carry_out(state, seat, legal[int(roll() * len(legal))])
    return state


def random_playout(
    rules: Rules[Any], seats: int, options: dict[str, Any], seed: int, roll: Callable[[], float]
) -> int:
    """One random game of `seed` through `advance`, as a search's playouts run it (its set-up
    included), the commands chosen by `roll`; returns how many commands it took."""
    actions = 0
    state = rules.new_state(options, seats, seed)
    while acting := rules.to_act(state):
        seat = acting[0]
        legal = rules.legal_commands(state, seat)
        rules.advance(state, seat, legal[int(roll() * len(legal))])
        actions += 1
    return actions


def random_actions_per_second(
    rules: Rules[Any], seats: int, options: dict[str, Any], seconds: float
) -> float:
    """Commands per second in random playouts (`advance`, as a search's playouts run them),
    counting every command of every game, each game's set-up included in the time."""
    actions = played = 0
    roll = random.Random(0x5EED).random
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions += random_playout(rules, seats, options, played, roll)
        played += 1
    return actions / (time.perf_counter() - start)


def random_games_per_second(
    rules: Rules[Any], seats: int, options: dict[str, Any], seconds: float, checked: bool
) -> float:
    played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_game(rules, seats, played, options, checked)
        played += 1
    return played / (time.perf_counter() - start)


def mean_clone_microseconds(rules: Rules[Any], states: Sequence[Any], repeats: int = 200) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            rules.clone(state)
    return (time.perf_counter() - start) / (repeats * len(states)) * 1e6


def sample_states(rules: Rules[Any], seats: int, options: dict[str, Any], count: int) -> list[Any]:
    """States met along random games, to time clones and bot decisions on."""
    rng = Rng(2024)
    states: list[Any] = []
    seed = 0
    while len(states) < count:
        state = rules.new_state(options, seats, seed)
        seed += 1
        while not rules.is_over(state) and len(states) < count:
            seat = rules.to_act(state)[0]
            legal = rules.legal_commands(state, seat)
            if rng.below(4) == 0:
                states.append(rules.clone(state))
            rules.apply(state, seat, legal[rng.below(len(legal))])
    return states


def median_decision_milliseconds(
    rules: Rules[Any], bot_factory: Callable[[int], Bot], states: Sequence[Any]
) -> float:
    bot = bot_factory(7)
    times = []
    for state in states:
        seat = rules.to_act(state)[0]
        view, legal = rules.view(state, seat), rules.legal_commands(state, seat)
        start = time.perf_counter()
        bot.choose(view, legal, 1.0)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


@dataclass(frozen=True, slots=True)
class SearchFigures:
    """A searching bot's decisions on sample states, each with its whole time budget."""

    decisions: int
    median_ms: float
    p99_ms: float
    playouts: float
    """Mean playouts (search iterations) per decision."""
    actions_per_second: float
    """Commands advanced in the tree and the playouts, per second of searching."""


def search_figures(
    rules: Rules[Any], bot: Searching, states: Sequence[Any], budget: float, decisions: int
) -> SearchFigures:
    """Times `decisions` searched decisions of `bot` on the first of `states` where the seat
    to act has a choice (a forced move, or one the bot settles without searching, is left
    out)."""
    times: list[float] = []
    playouts = actions = 0
    for state in states:
        if len(times) == decisions:
            break
        to_act = rules.to_act(state)
        legal = rules.legal_commands(state, to_act[0]) if to_act else ()
        if len(legal) < 2:
            continue
        seat = to_act[0]
        before = bot.last
        start = time.perf_counter()
        bot.choose(rules.view(state, seat), legal, budget)
        elapsed = time.perf_counter() - start
        searched = bot.last
        if searched is None or searched is before:
            continue  # settled without a search (a Hard bot may take Normal's clear choice)
        times.append(elapsed)
        playouts += searched.iterations
        actions += searched.actions
    if not times:
        return SearchFigures(0, 0.0, 0.0, 0.0, 0.0)
    p99 = statistics.quantiles(times, n=100)[98] if len(times) > 1 else times[0]
    return SearchFigures(
        len(times),
        statistics.median(times) * 1000,
        p99 * 1000,
        playouts / len(times),
        actions / sum(times),
    )


def worst_median_milliseconds(calls: Sequence[Callable[[], object]], repeats: int = 5) -> float:
    """The slowest of `calls` in milliseconds, each timed `repeats` times and taken at its median
    (a median shrugs off the odd run slowed by the shared machine, the maximum finds the case)."""
    worst = 0.0
    for call in calls:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
        worst = max(worst, statistics.median(times))
    return worst * 1000
