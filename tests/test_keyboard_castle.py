"""Moonlight Castle played whole by keys alone: every kind of command made by Tab and Enter."""

from __future__ import annotations

from moonlight_desktop.games.castle.moves import (
    EndTurn,
    KeepColor,
    MoveTo,
    Pass,
    Recover,
    ReturnPebbles,
)
from moonlight_desktop.ui.app import App
from tests.keyboard_helpers import every_kind_by_keys

KINDS = {MoveTo, Recover, EndTurn, Pass, ReturnPebbles, KeepColor}


def test_a_whole_game_by_keys_reaches_every_kind_of_command(app: App) -> None:
    assert every_kind_by_keys(app, "castle", 2, {}, KINDS) == KINDS
