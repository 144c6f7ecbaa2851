"""The command line's `replay` and `arena` play Samarkand."""

from __future__ import annotations

import json

import pytest

from moonlight_desktop import cli
from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.games.samarkand.spec import SAMARKAND


@pytest.mark.parametrize("mode", ["live", "sealed"])
def test_replay_of_a_saved_record_reproduces_the_game(mode, tmp_path, capsys):
    match = play_game(
        SAMARKAND.rules,
        ["normal", "easy", "normal", "easy"],
        3,
        lambda level, seed: SAMARKAND.bots[level](seed),
        {"mode": mode, "hidden_goods": True},
    )
    path = tmp_path / "samarkand.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["state"] == match.state_json()
    assert output["scores"] == list(match.scores())
    assert output["winners"] == list(match.winners())
    assert cli.main(["replay", str(path), "--upto", "40"]) == 0
    partial = json.loads(capsys.readouterr().out)
    assert partial["state"] == match.replayed(40).state_json()


def test_arena_plays_samarkand_tables(capsys):
    options = json.dumps({"mode": "sealed"})
    arguments = ["arena", "--game", "samarkand", "--seats", "normal,easy,easy", "--games", "6"]
    assert cli.main([*arguments, "--options", options]) == 0
    report = capsys.readouterr().out
    assert report.startswith("6 games") and "normal: win rate" in report


def test_a_record_with_a_pinned_setup_replays():
    setup = {"types": [4, 3, 2, 1], "camels": [6, 5, 4, 3] * 4, "bank": [], "dean": 2}
    seats = [SeatSpec(f"p{n}") for n in range(4)]
    match = Match.new(SAMARKAND.rules, seats, 9, {}, setup)
    assert match.snapshot().types == [4, 3, 2, 1] and match.snapshot().camel_offer == 6
    for seat in match.to_act():
        match.submit(seat, match.legal(seat)[0])
    assert match.replayed().state_json() == match.state_json()
