"""The core's command line (replay, arena, bench) plays Market once the registry lists it.
Until the lead registers the game, these tests add it to the registry for their own run."""

from __future__ import annotations

import json

from moonlight_desktop import cli, cli_tools
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.games.market.spec import MARKET


def test_replay_reproduces_a_finished_game(tmp_path, capsys):
    match = play_game(MARKET.rules, ["normal", "easy"], 3, lambda lv, s: MARKET.bots[lv](s))
    path = tmp_path / "market.json"
    path.write_text(match.record.dumps())
    assert cli.main(["replay", str(path)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["game"] == "market" and output["state"]["phase"] == "over"
    assert output["scores"] == list(match.scores()) and output["winners"] == list(match.winners())


def test_arena_plays_the_solo_game(capsys):
    assert cli.main(["arena", "--game", "market", "--seats", "normal", "--games", "4"]) == 0
    assert "normal: win rate" in capsys.readouterr().out


def test_bench_reports_market(monkeypatch, capsys):
    monkeypatch.setattr(cli_tools, "GAMES", {"market": MARKET})
    assert (
        cli.main(
            [
                "bench",
                "--seconds",
                "0.1",
                "--headless-only",
                "--hard-budget",
                "0.02",
                "--hard-decisions",
                "2",
            ]
        )
        == 0
    )
    output = capsys.readouterr().out
    assert "Moonlight Market (2 seats)" in output and "bot normal" in output
