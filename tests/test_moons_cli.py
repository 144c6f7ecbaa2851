"""`replay` and `arena` of the command line play Moons."""

from __future__ import annotations

import json

from moonlight_desktop.cli import main
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.games.moons.spec import MOONS


def test_replay_reproduces_a_moons_game(tmp_path, capsys) -> None:
    match = play_game(MOONS.rules, ["normal", "easy", "easy"], 3, lambda lvl, s: MOONS.bots[lvl](s))
    path = tmp_path / "moons.json"
    path.write_text(match.record.dumps())
    assert main(["replay", str(path)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["game"] == "moons" and output["state"] == match.state_json()
    assert output["scores"] == list(match.scores())
    assert output["winners"] == list(match.winners())


def test_arena_plays_moons(capsys) -> None:
    assert main(["arena", "--game", "moons", "--seats", "normal,easy,easy", "--games", "3"]) == 0
    output = capsys.readouterr().out
    assert "3 games" in output and "normal" in output and "mean rounds per game" in output
