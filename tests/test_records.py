"""Game records: JSON round trips, replays reproduce games exactly, the documented example."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moonlight_desktop.engine import GameRecord, Match, RecordError, SeatSpec
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.game_list import GAMES, codec_for, make_bot

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "example_record.json"


def test_the_documented_example_replays_to_the_documented_result():
    record = GameRecord.load(EXAMPLE, codec_for)
    match = Match(GAMES["castle"].rules, record)
    assert len(record.moves) == 71
    assert match.is_over() and match.state_json()["turns"] == 43
    assert match.scores() == (9, 29) and match.winners() == (1,)
    assert record.setup is not None and record.setup["start_seat"] == 1


def test_a_record_round_trips_and_replays_exactly():
    rules = GAMES["castle"].rules
    match = play_game(
        rules, ["normal", "easy", "easy"], 12, lambda lv, s: make_bot("castle", lv, s)
    )
    text = match.record.dumps()
    again = Match(rules, GameRecord.from_json(json.loads(text), codec_for))
    assert again.state_json() == match.state_json()
    assert again.record.dumps() == text
    halfway = len(match.record.moves) // 2
    assert (
        match.replayed(halfway).state_json()
        == Match(
            rules,
            GameRecord.from_json(
                {**json.loads(text), "commands": json.loads(text)["commands"][:halfway]}, codec_for
            ),
        ).state_json()
    )


def test_seats_keep_their_kind_level_and_look():
    seat = SeatSpec("Zed", "bot", "normal", "wolf")
    assert SeatSpec.from_json(seat.to_json()) == seat
    with pytest.raises(RecordError):
        SeatSpec.from_json({"name": "x", "player": "bot"})  # a bot needs a level
    with pytest.raises(RecordError):
        SeatSpec.from_json({"name": "x", "look": 3})
