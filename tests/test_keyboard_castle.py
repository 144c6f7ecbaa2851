"""Moonlight Castle played whole by keys alone: every kind of command made by Tab and Enter."""

from __future__ import annotations

from moonlight_desktop.games.castle.moves import (
    EndTurn,
    KeepColor,
    MoveTo,
    Recover,
    ReturnPebbles,
)
from moonlight_desktop.ui.app import App
from tests.keyboard_helpers import every_kind_by_keys

KINDS = {MoveTo, Recover, EndTurn, ReturnPebbles, KeepColor}
"""Every kind but `Pass`, which the rules offer only when a seat can neither move nor
recover, which a dozen seeds of play never brought; it is a button of the action strip, used
by Tab and Enter as `EndTurn` and `KeepColor` are."""


GOLD = {
    "fountains": [
        {"ritual": "one_color", "side": "gold"},  # keeps one colour (KeepColor)
        {"ritual": "return_two", "side": "gold"},  # puts two back (ReturnPebbles)
    ]
}
"""Both fountains on their gold side, so that their rituals' choices come up."""


def test_a_whole_game_by_keys_reaches_every_kind_of_command(app: App) -> None:
    assert every_kind_by_keys(app, "castle", 2, GOLD, KINDS) == KINDS
