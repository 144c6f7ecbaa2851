"""Moonlight Castle in German, French and the pseudo-language: every word the game itself says
(the log, the header, the action strip, a space's hover, the hints, the position said on I,
a refusal) went through a translation function, and the table, a hint beside it and the
lesson read whole at 1280x720 in each language (tests/test_text_layout.py's measures)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from moonlight_desktop.engine import IllegalCommand, Match, Rng, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.castle.moves import MoveTo
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.ui.hint_reasons import castle_hint
from moonlight_desktop.games.castle.ui.narrator import CastleNarrator, position_summary
from moonlight_desktop.i18n import PSEUDO, set_language
from moonlight_desktop.i18n.pseudo import untranslated_in
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.scene import TableScene

from .castle_helpers import colored_space, new_game
from .castle_scene_helpers import castle_screen
from .hint_helpers import positions
from .test_text_layout import draw_every_screen, out_of_place, overlapping, report, too_small

NAMES = ["#1", "#2", "#3"]
"""Seat names without letters, so that any letter outside the pseudo-language's marks is a
word no translation function made."""
SIZE = (1280, 720)
SCREENS = ("castle table", "castle table with a hint", "castle replay", "castle lesson step 3")
"""The screens where Castle's own drawing holds the most words."""


def english_left(text: str) -> str:
    """The letters of `text` that lie outside every pseudo-language mark."""
    return "".join(c for c in untranslated_in(text)[0] if c.isalpha())


def test_a_whole_game_is_told_in_the_language() -> None:
    """Random play through a three-seat game: every log line, turn ending, banner and
    position summary is translated."""
    set_language(PSEUDO)
    rules = CastleRules()
    state = rules.new_state({}, 3, 11)
    narrator = CastleNarrator(state.table, NAMES)
    walker = Rng(5)
    told = [narrator.starter_line(0).text]
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        legal = rules.legal_commands(state, seat)
        command = legal[walker.below(len(legal))]
        events = rules.apply(state, seat, command)
        view = rules.view(state, seat)
        told += [line.text for event in events for line in narrator.describe(event)]
        ending = narrator.ending(Played(seat, command, tuple(events), seat, view))
        told += [] if ending is None else [text for text in ending if text]
        told.append(position_summary(view, NAMES))
    assert len(told) > 100
    assert [text for text in told if english_left(text)] == []


def test_hints_and_refusals_are_in_the_language() -> None:
    set_language(PSEUDO)
    rules = CastleRules()
    hints = [
        castle_hint(rules.view(state, seat), rules.legal_commands(state, seat), number).text
        for state, seat, number in positions("castle", 4, steps=60)
    ]
    assert len(hints) > 20
    assert [hint for hint in hints if english_left(hint)] == []
    state = new_game()
    space, _position = colored_space(state, 0)
    state.screens[0] = [0, 0, 0]
    with pytest.raises(IllegalCommand) as refusal:
        rules.apply(state, 0, MoveTo(space))
    assert english_left(refusal.value.rule) == ""


def test_the_refusal_and_the_log_read_in_german() -> None:
    set_language("de")
    rules = CastleRules()
    state = new_game()
    space, _position = colored_space(state, 0)
    state.screens[0] = [0, 0, 0]
    with pytest.raises(IllegalCommand) as refusal:
        rules.apply(state, 0, MoveTo(space))
    assert "für ein rotes Feld musst du einen roten Kiesel" in refusal.value.rule
    narrator = CastleNarrator(state.table, ["Ada", "Bo"])
    assert narrator.starter_line(1).text == "Bo ist die Nachteule und beginnt"


def two_humans_at_the_table(app: App, options: dict[str, Any]) -> TableScene:
    seats = [SeatSpec(NAMES[0], "human", None, "fox"), SeatSpec(NAMES[1], "human", None, "wolf")]
    table = open_table(app, TABLE_GAMES["castle"], Match.new(CastleRules(), seats, 3, options))
    app.stack.push(table)
    return table


def test_the_table_words_are_in_the_language(app: App) -> None:
    """The header, the action strip and every space's hover on a table in play."""
    set_language(PSEUDO)
    table = two_humans_at_the_table(app, {"start_seat": 0})
    screen = castle_screen(table)
    view = table.table.view
    words = [screen.stage(view), screen.prompt(view, table.table), screen.result(view) or ""]
    words += [action.label for action in screen.actions(table.table)]
    words += [spot.text for spot in screen.spots(table.table)]
    assert [text for text in words if english_left(text)] == []


def test_the_garden_is_redrawn_in_a_new_language(app: App) -> None:
    """The garden's picture (a gold fountain's ritual is written on it) and the cost badges,
    sized for the word "free", are made again when the language changes."""
    gold = [{"ritual": ritual, "side": "gold"} for ritual in ("return_two", "one_color")]
    table = two_humans_at_the_table(app, {"start_seat": 0, "fountains": gold})
    app.stack.draw(app.window)
    painter = castle_screen(table).painter
    english, badges = painter.static_layer(), list(painter.badge_places())
    set_language(PSEUDO)
    assert painter.static_layer() is not english
    assert painter.badge_places() != badges


@pytest.mark.parametrize("language", [PSEUDO, "de", "fr"])
def test_castles_screens_read_whole(tmp_path: Path, language: str) -> None:
    set_language(language)
    drawn = draw_every_screen(SIZE, tmp_path, "castle", only=SCREENS)
    assert [name for name, _marks in drawn] == list(SCREENS)
    problems = too_small(SIZE, drawn) + overlapping(drawn) + out_of_place(SIZE, drawn)
    assert not problems, report(problems)
