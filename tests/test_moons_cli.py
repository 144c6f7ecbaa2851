"""`replay` and `arena` of the command line play Moons once it is registered (the lead adds
it to games/registry.py; here the registry's table is patched for the test's duration)."""

from __future__ import annotations

import json

import pytest

from moonlight_desktop.cli import main
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.games import registry
from moonlight_desktop.games.moons.spec import MOONS


@pytest.fixture
def moons_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "moons", MOONS)


@pytest.mark.usefixtures("moons_registered")
def test_replay_reproduces_a_moons_game(tmp_path, capsys) -> None:
    match = play_game(MOONS.rules, ["normal", "easy", "easy"], 3, lambda lvl, s: MOONS.bots[lvl](s))
    path = tmp_path / "moons.json"
    path.write_text(match.record.dumps())
    assert main(["replay", str(path)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["game"] == "moons" and output["state"] == match.state_json()
    assert output["scores"] == list(match.scores())
    assert output["winners"] == list(match.winners())


@pytest.mark.usefixtures("moons_registered")
def test_arena_plays_moons(capsys) -> None:
    assert main(["arena", "--game", "moons", "--seats", "normal,easy,easy", "--games", "3"]) == 0
    output = capsys.readouterr().out
    assert "3 games" in output and "normal" in output and "mean rounds per game" in output
