"""The kit's defaults for a game's description (ui/table/ui_defaults.py)."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import Match, RecordError, SeatSpec
from moonlight_desktop.game_list import GAMES, TABLE_GAMES
from tests.fifth_game.ui.description import NIM_UI


def test_players_label_comes_from_the_setup_seats() -> None:
    assert TABLE_GAMES["moons"].players_label() == "3\N{EN DASH}6 players"
    assert TABLE_GAMES["market"].players_label() == "1\N{EN DASH}5 players"
    assert NIM_UI.players_label() == "2 players"  # as many seats at least as at most


def test_a_screen_for_another_games_record_is_a_record_error() -> None:
    specs = [SeatSpec(name) for name in ("Ann", "Bo", "Cy")]
    moons = Match.new(GAMES["moons"].rules, specs, 1)
    with pytest.raises(RecordError, match="not a game of Moonlight Market"):
        TABLE_GAMES["market"].screen(moons, 0, lambda name: None)


def test_every_human_is_private_and_nothing_is_timed() -> None:
    specs = [SeatSpec("Ann"), SeatSpec("Bo", "bot", "easy"), SeatSpec("Cy")]
    match = Match.new(GAMES["moons"].rules, specs, 1)
    assert TABLE_GAMES["moons"].private_seats(match) == frozenset({0, 2})
    assert GAMES["moons"].timeout(match, 0) is None
