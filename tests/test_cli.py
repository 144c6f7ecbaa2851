"""The command line: replay, arena and bench, and one-line errors (never a traceback)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from moonlight_desktop.cli import main
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.castle import rules as castle_rules
from moonlight_desktop.games.market import rules as market_rules


@pytest.fixture(scope="module")
def finished_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    match = play_game(
        GAMES["castle"].rules,
        ["easy", "normal"],
        4,
        lambda level, seed: make_bot("castle", level, seed),
    )
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(match.record.dumps())
    return path


def test_replay_prints_the_final_state_with_scores_and_winners(finished_record, capsys):
    assert main(["replay", str(finished_record)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["game"] == "castle"
    assert output["state"]["phase"] == "over"
    assert len(output["scores"]) == 2 and output["winners"]
    assert "pouch" in output["state"] and "castle" in output["state"]  # hidden details too


def test_replay_upto_stops_early(finished_record, capsys):
    assert main(["replay", str(finished_record), "--upto", "5"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["commands"] == 5 and "scores" not in output


TWO_SEATS = '"options": {}, "seats": [{"name": "a"}, {"name": "b"}], "seed": 1'


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "not valid JSON"),
        ('{"format": 99}', "unsupported record format"),
        (
            '{"format": 1, "game": "chess", "options": {}, "seats": [{"name": "a"}], "seed": 1}',
            "unknown game",
        ),
        (
            '{"format": 1, "game": "castle", "options": {}, "seats": [{"name": "a"}], "seed": 1}',
            "2 to 4 players",
        ),
        (
            '{"format": 1, "game": "castle", ' + TWO_SEATS + ","
            ' "commands": [{"seat": 0, "cmd": "recover"}]}',
            "command 1 cannot be replayed",
        ),
        (
            '{"format": 1, "game": "castle", ' + TWO_SEATS + ","
            ' "commands": [{"seat": 0, "cmd": "fly"}]}',
            "unknown command",
        ),
    ],
)
def test_a_bad_record_is_one_line_and_exit_2(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error


def test_missing_record_and_bad_arguments(capsys):
    assert main(["replay", "/no/such/record.json"]) == 2
    assert main(["arena", "--seats", "easy"]) == 2  # one bot is not a table
    assert main(["arena", "--seats", "easy,grandmaster"]) == 2
    assert main(["arena", "--game", "chess", "--seats", "easy,easy"]) == 2
    assert main(["arena", "--seats", "easy,easy", "--games", "0"]) == 2
    assert main(["arena", "--seats", "easy,easy", "--options", "{nope"]) == 2
    assert main(["arena", "--seats", "easy,easy", "--iterations", "0"]) == 2
    assert main(["arena", "--seats", "easy,easy", "--iterations", "9" * 5000]) == 2
    assert main(["arena", "--seats", "easy,easy", "--jobs", "0"]) == 2
    assert main(["frobnicate"]) == 2
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 10 and all(
        line.startswith("moonlight-desktop: error:") for line in errors
    )


def test_arena_reports_win_rates_with_intervals(capsys):
    assert (
        main(["arena", "--game", "castle", "--seats", "normal,easy", "--games", "4", "--seed", "2"])
        == 0
    )
    output = capsys.readouterr().out
    assert "normal: win rate" in output and "easy: win rate" in output
    assert "95% CI" in output and "mean score" in output and "mean turns" in output


def test_an_arena_in_two_processes_gives_the_same_table(capsys):
    """Games played in other processes come back in order: the report is the same."""
    command = ["arena", "--game", "moons", "--seats", "normal,easy,easy", "--games", "6"]
    assert main(command) == 0
    alone = capsys.readouterr().out
    assert main([*command, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == alone


QUICK_HARD = ["--hard-budget", "0.02", "--hard-decisions", "2"]
"""Hard's figures in a test: two short decisions a game (the figures, not their size)."""


def test_bench_prints_every_headless_figure(capsys):
    assert main(["bench", "--seconds", "0.2", "--headless-only", *QUICK_HARD]) == 0
    output = capsys.readouterr().out
    assert "random complete games per second" in output
    assert "mean state clone" in output
    assert "bot easy: median decision" in output and "bot normal: median decision" in output
    # Each game says how its rules run: Market's and Castle's compiled when
    # scripts/compile_rules.py built them (scripts/test.sh runs their tests both ways), Moons'
    # and Samarkand's always in plain Python.
    for title, rules_module in (
        ("Moonlight Market", market_rules),
        ("Moonlight Castle", castle_rules),
    ):
        build = "in plain Python" if rules_module.__file__.endswith(".py") else "compiled"
        assert re.search(rf"{title} \(\d seats\)\n  rules {build}", output)
    assert re.search(r"Moons \(\d seats\)\n  rules in plain Python", output)
    assert re.search(r"Le Marché de Samarkand \(\d seats\)\n  rules in plain Python", output)


def test_no_traceback_from_the_installed_command(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "moonlight_desktop", "replay", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
