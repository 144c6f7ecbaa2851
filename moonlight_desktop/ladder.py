"""The bot ladder played: each game's tables (its spec's `ladder`, engine/ladder.py), which
`moonlight-desktop ladder` plays and prints as the table the docs/<game>_bots.md files carry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from moonlight_desktop.engine.arena import ArenaResult, run_arena, wilson_interval
from moonlight_desktop.engine.ladder import Check, Line
from moonlight_desktop.game_list import BotsOf, game_spec


@dataclass(frozen=True, slots=True)
class Outcome:
    line: Line
    result: ArenaResult

    def holds(self, check: Check) -> bool:
        return self.result.tallies[check.level].win_rate >= check.bar


def play_ladder(
    game_id: str,
    games: int,
    seed: int,
    iterations: int | None,
    jobs: int = 1,
    lines: Sequence[Line] | None = None,
) -> list[Outcome]:
    spec = game_spec(game_id)
    outcomes = []
    for line in spec.ladder if lines is None else lines:
        options = spec.rules.normalize_options(dict(line.options), len(line.levels))
        bots = BotsOf(game_id, iterations)
        result = run_arena(spec.rules, line.levels, games, seed, bots, options, spec.stats, jobs)
        outcomes.append(Outcome(line, result))
    return outcomes


def ladder_table(outcomes: Sequence[Outcome]) -> str:
    """The ladder as a Markdown table: each check's win rate with its 95% Wilson interval."""
    rows = [
        "| table | games | level | win rate (95% CI) | bar | holds | mean score by level |",
        "|---|---|---|---|---|---|---|",
    ]
    for outcome in outcomes:
        tallies = outcome.result.tallies
        means = ", ".join(f"{level} {tally.mean_score:.1f}" for level, tally in tallies.items())
        for check in outcome.line.checks:
            tally = tallies[check.level]
            low, high = wilson_interval(tally.wins, tally.games)
            rows.append(
                f"| {outcome.line.title} | {outcome.result.games} | {check.level}"
                f" | {tally.win_rate:.1%} ({low:.1%}\N{EN DASH}{high:.1%})"
                f" | {check.bar:.1%} ({check.why})"
                f" | {'yes' if outcome.holds(check) else 'NO'} | {means} |"
            )
    return "\n".join(rows)
