"""The bot ladder: for each game, the tables that show each level a clear step above the one
below (Hard over Normal, Normal over Easy) while Easy still wins some games against Normal, and
the bar each table must clear. `moonlight-desktop ladder` plays them and prints the table the
docs/<game>_bots.md files carry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from moonlight_desktop.engine.arena import ArenaResult, run_arena, wilson_interval
from moonlight_desktop.game_list import BotsOf, game_spec

HEAD_TO_HEAD = 0.65
"""The least a level must win against the one below it, two seats at the table."""
SHARE_STEP = 1.5
"""With one of a level among k-1 of the level below: the least multiple of the fair 1/k."""
EASY_WINS_SOME = 0.05
"""The least Easy must still win against Normal."""


@dataclass(frozen=True, slots=True)
class Check:
    level: str
    bar: float
    why: str


@dataclass(frozen=True, slots=True)
class Line:
    """One table of the ladder: the levels seated (rotated game by game), its options, and
    what it must show."""

    levels: tuple[str, ...]
    checks: tuple[Check, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""

    @property
    def title(self) -> str:
        seated = ", ".join(self.levels)
        return f"{seated} ({self.note})" if self.note else seated


def step_up(upper: str, lower: str, seats: int, **options: Any) -> Line:
    """One `upper` against `seats - 1` of `lower`: head to head at two seats, else a share."""
    if seats == 2:
        check = Check(upper, HEAD_TO_HEAD, f"{upper} over {lower} head to head")
    else:
        check = Check(upper, SHARE_STEP / seats, f"{SHARE_STEP:g}x the fair 1/{seats}")
    return Line((upper, *[lower] * (seats - 1)), (check,), options, _note(options))


def easy_wins_some(seats: int, **options: Any) -> Line:
    """One Easy against `seats - 1` Normal."""
    check = Check("easy", EASY_WINS_SOME, "easy still wins some against normal")
    return Line(("easy", *["normal"] * (seats - 1)), (check,), options, _note(options))


def _note(options: Mapping[str, Any]) -> str:
    return ", ".join(f"{key} {value}" for key, value in options.items())


LADDERS: dict[str, tuple[Line, ...]] = {
    "castle": (
        step_up("hard", "normal", 2),
        step_up("normal", "easy", 2),
        easy_wins_some(2),
        step_up("hard", "normal", 3),
        step_up("normal", "easy", 3),
    ),
    "market": (
        # Two players need an automaton at the table (three at least): Dirk sits in.
        step_up("hard", "normal", 2),
        step_up("normal", "easy", 2),
        easy_wins_some(2),
        step_up("hard", "normal", 3),
        step_up("normal", "easy", 3),
        Line(("hard",), (Check("hard", 0.85, "solo against Dirk and Beate"),), {}, "solo"),
    ),
    "moons": (
        step_up("hard", "normal", 3),
        step_up("normal", "easy", 3),
        easy_wins_some(3),
        step_up("hard", "normal", 4),
        step_up("normal", "easy", 4),
    ),
    "samarkand": (
        step_up("hard", "normal", 3),
        step_up("normal", "easy", 3),
        easy_wins_some(3),
        step_up("hard", "normal", 4),
        step_up("normal", "easy", 4),
        step_up("hard", "normal", 3, mode="sealed"),
    ),
}


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
    for line in LADDERS[game_id] if lines is None else lines:
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
