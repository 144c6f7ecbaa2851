"""Moonlight Castle played whole by keys alone: every kind of command made by Tab and Enter."""

from __future__ import annotations

from typing import Any

import pygame

from moonlight_desktop.engine import Match, Move
from moonlight_desktop.games.castle.moves import (
    EndTurn,
    KeepColor,
    MoveTo,
    Pass,
    Recover,
    ReturnPebbles,
)
from moonlight_desktop.speech import RecordingVoice
from moonlight_desktop.ui.app import App
from tests.castle_helpers import nowhere_to_go
from tests.keyboard_helpers import KeyTable, every_kind_by_keys
from tests.table_helpers import asked

KINDS = {MoveTo, Recover, EndTurn, ReturnPebbles, KeepColor}
"""Every kind but `Pass`, which the rules offer only when a seat can neither move nor
recover, which a dozen seeds of play never brought: a position built for it below."""


GOLD = {
    "fountains": [
        {"ritual": "one_color", "side": "gold"},  # keeps one colour (KeepColor)
        {"ritual": "return_two", "side": "gold"},  # puts two back (ReturnPebbles)
    ]
}
"""Both fountains on their gold side, so that their rituals' choices come up."""


def test_a_whole_game_by_keys_reaches_every_kind_of_command(app: App) -> None:
    assert every_kind_by_keys(app, "castle", 2, GOLD, KINDS) == KINDS


def test_pass_is_reached_and_made_by_keys_where_nothing_else_may_be_done(app: App) -> None:
    def cornered(match: Match[Any]) -> None:
        state = match._state  # type: ignore[attr-defined]
        state.seat = 0
        nowhere_to_go(state, 0)

    table = KeyTable(app, "castle", 2, {}, prepare=cornered)
    for _ in range(60):
        table.frame()
        if asked(table.scene):
            break
    assert list(table.scene.controller.legal()) == [Pass()]
    voice = app.speech.voice
    assert isinstance(voice, RecordingVoice)
    table.press(pygame.K_TAB)  # the focus lands on the only choice, the strip's Pass
    assert table.focused_command() == (Pass(), False)
    assert voice.lines[-1] == table.focused_name() == "Pass: nowhere to go"
    found = [place for place, command, _ in table.walk() if command == Pass()]
    assert len(found) == 1  # once round the ring, Pass the only command on it
    table.go_to(found[0])
    table.press(pygame.K_RETURN)
    table.frame()
    assert table.made == [Pass()]
    assert table.scene.match.record.moves[0] == Move(0, Pass())
    table.assert_keys_only()
