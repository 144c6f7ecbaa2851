"""The bot ladder: every game has its tables, each table can be set, the bars are the issue's,
and the printed table says which hold."""

from __future__ import annotations

import pytest

from moonlight_desktop.cli import main
from moonlight_desktop.engine.arena import ArenaResult, Tally
from moonlight_desktop.engine.ladder import Check, Line, easy_wins_some, step_up
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.ladder import Outcome, ladder_table, play_ladder


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_ladder_of_tables_it_can_set(game_id: str) -> None:
    spec = GAMES[game_id]
    steps = {(line.levels[0], line.levels[-1]) for line in spec.ladder}
    assert {("hard", "normal"), ("normal", "easy")} <= steps
    assert any(check.level == "easy" for line in spec.ladder for check in line.checks)
    for line in spec.ladder:
        assert set(line.levels) <= set(spec.bots), line.levels
        spec.rules.normalize_options(dict(line.options), len(line.levels))  # raises if not


def test_the_bars_are_the_issues() -> None:
    assert step_up("hard", "normal", 2).checks == (
        Check("hard", 0.65, "hard over normal head to head"),
    )
    assert step_up("normal", "easy", 4).checks[0].bar == pytest.approx(1.5 / 4)
    assert easy_wins_some(3).levels == ("easy", "normal", "normal")
    assert easy_wins_some(3).checks[0].bar == 0.05
    solo = [line for line in GAMES["market"].ladder if line.levels == ("hard",)]
    assert solo and solo[0].checks[0].bar == 0.85


def test_the_table_says_which_bars_hold() -> None:
    line = Line(("hard", "normal"), (Check("hard", 0.65, "head to head"),))
    won = ArenaResult({"hard": Tally(200, 140.0, 3000.0), "normal": Tally(200, 60.0, 2000.0)}, 200)
    lost = ArenaResult({"hard": Tally(200, 120.0, 0.0), "normal": Tally(200, 80.0, 0.0)}, 200)
    table = ladder_table([Outcome(line, won), Outcome(line, lost)]).splitlines()
    interval = "(63.3%\N{EN DASH}75.9%)"  # 140 of 200, Wilson
    assert table[2].startswith(f"| hard, normal | 200 | hard | 70.0% {interval} | 65.0%")
    assert "| yes |" in table[2] and "hard 15.0, normal 10.0" in table[2]
    assert "60.0%" in table[3] and "| NO |" in table[3]


def test_a_small_ladder_plays_and_prints(capsys: pytest.CaptureFixture[str]) -> None:
    outcomes = play_ladder("moons", 3, 1, None, lines=[step_up("normal", "easy", 3)])
    assert outcomes[0].result.games == 3
    command = ["ladder", "--game", "moons", "--games", "3", "--only", "normal,easy"]
    assert main(command) == 0
    printed = capsys.readouterr().out
    assert printed.count("\n") == 5  # the header, its rule, and three tables' checks
    assert "normal, easy, easy | 3 | normal |" in printed


@pytest.mark.parametrize(
    "arguments",
    [
        ["--game", "chess"],
        ["--game", "moons", "--only", "grandmaster"],
        ["--game", "moons", "--games", "0"],
        ["--game", "moons", "--iterations", "0"],
        ["--game", "moons", "--jobs", "0"],
    ],
)
def test_bad_ladder_arguments_are_refused_in_one_line(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ladder", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.startswith("moonlight-desktop: error:") and error.count("\n") == 1
