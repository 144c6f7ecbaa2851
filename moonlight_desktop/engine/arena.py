"""Bot tables: play many games with the seats rotated and summarize who wins how often."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .match import Match
from .record import SeatSpec
from .rules import Bot, Rules

BotMaker = Callable[[str, int], Bot]
"""(level, seed) -> a bot."""


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (good for small samples and extremes)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


@dataclass(slots=True)
class Tally:
    """One bot level's results. A win shared by k seats counts 1/k."""

    games: int = 0
    wins: float = 0.0
    score_total: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0


@dataclass(slots=True)
class ArenaResult:
    tallies: dict[str, Tally] = field(default_factory=dict)
    games: int = 0
    stat_totals: dict[str, float] = field(default_factory=dict)

    def mean_stats(self) -> dict[str, float]:
        return {name: total / self.games for name, total in self.stat_totals.items()}

    def report(self) -> str:
        lines = [f"{self.games} games"]
        for level, tally in self.tallies.items():
            low, high = wilson_interval(tally.wins, tally.games)
            lines.append(
                f"{level:>10}: win rate {tally.win_rate:6.1%}"
                f" (95% CI {low:5.1%}-{high:5.1%}) over {tally.games} seat-games,"
                f" mean score {tally.mean_score:.2f}"
            )
        for name, mean in self.mean_stats().items():
            lines.append(f"mean {name} per game: {mean:.1f}")
        return "\n".join(lines)


def play_game(
    rules: Rules[Any],
    levels: Sequence[str],
    seed: int,
    make_bot: BotMaker,
    options: dict[str, Any] | None = None,
    budget_seconds: float = 1.0,
) -> Match[Any]:
    """One game with a bot at every seat, played to the end."""
    seats = [SeatSpec(f"{level} {n + 1}", "bot", level) for n, level in enumerate(levels)]
    match: Match[Any] = Match.new(rules, seats, seed, options)
    bots = [make_bot(level, seed * 31 + n) for n, level in enumerate(levels)]
    while not match.is_over():
        for seat in match.to_act():
            command = bots[seat].choose(match.view(seat), match.legal(seat), budget_seconds)
            match.submit(seat, command)
    return match


@dataclass(frozen=True, slots=True)
class GameResult:
    """What the tables keep of one finished game."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    stats: dict[str, float]


def game_result(
    rules: Rules[Any],
    make_bot: BotMaker,
    options: dict[str, Any] | None,
    stats: Callable[[Any], dict[str, float]] | None,
    levels: Sequence[str],
    seed: int,
) -> GameResult:
    """One game played to the end, as the tables count it (small enough to come back from
    another process)."""
    match = play_game(rules, levels, seed, make_bot, options)
    figures = stats(match.snapshot()) if stats is not None else {}
    return GameResult(tuple(match.scores()), tuple(match.winners()), figures)


def run_arena(
    rules: Rules[Any],
    levels: Sequence[str],
    games: int,
    seed: int,
    make_bot: BotMaker,
    options: dict[str, Any] | None = None,
    stats: Callable[[Any], dict[str, float]] | None = None,
    jobs: int = 1,
) -> ArenaResult:
    """Plays `games` games, rotating the seats so each level sits everywhere equally often.
    `jobs` > 1 plays them in that many processes (`make_bot`, `rules` and `stats` must then
    pickle); the result is the same, game for game."""
    tables = [_rotated(levels, number) for number in range(games)]
    seeds = [seed + number for number in range(games)]
    play = partial(game_result, rules, make_bot, options, stats)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, tables, seeds))
    else:
        results = list(map(play, tables, seeds))
    result = ArenaResult()
    for level in levels:
        result.tallies.setdefault(level, Tally())
    for rotated, game in zip(tables, results, strict=True):
        for seat, level in enumerate(rotated):
            tally = result.tallies[level]
            tally.games += 1
            tally.score_total += game.scores[seat]
            if seat in game.winners:
                tally.wins += 1 / len(game.winners)
        result.games += 1
        for name, value in game.stats.items():
            result.stat_totals[name] = result.stat_totals.get(name, 0.0) + value
    return result


def _rotated(levels: Sequence[str], number: int) -> list[str]:
    shift = number % len(levels)
    return list(levels[shift:]) + list(levels[:shift])
