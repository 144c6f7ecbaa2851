"""The registry: one line per game, from which each game's spec and description are found."""

from __future__ import annotations

import pytest

from moonlight_desktop.game_list import GAMES, PACKAGES, TABLE_GAMES, register, unregister


@pytest.mark.parametrize("game_id", list(PACKAGES))
def test_each_line_finds_the_games_spec_and_description(game_id: str) -> None:
    assert GAMES[game_id].rules.game_id == game_id
    assert TABLE_GAMES[game_id].game_id == game_id
    assert list(GAMES) == list(TABLE_GAMES) == list(PACKAGES)


def test_a_game_is_registered_once_and_can_be_taken_back() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register("moons", "tests.fifth_game")
    register("nim", "tests.fifth_game")
    try:
        assert list(GAMES)[-1] == list(TABLE_GAMES)[-1] == "nim"
        assert GAMES["nim"].rules.title == "Nim"
    finally:
        unregister("nim")
    assert "nim" not in GAMES and "nim" not in TABLE_GAMES and "nim" not in PACKAGES
