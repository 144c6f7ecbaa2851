"""The table aloud: every game played to its end speaks each log line as it is shown, the
header when it changes, the position on I and the last line again on R; nothing while the
setting is off; and twins (tests/test_hidden_frames.py) that differ only in what Ana keeps to
herself speak the same to Ben, his position on I included."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from tests.table_helpers import asked, key, run_frames
from tests.test_hidden_frames import ANA, TWINS, Players, Twins, seats, until_bens_screen
from tests.test_hints_table import frames, my_turn, table_for


def said(text: str) -> str:
    return " ".join(text.split())


def play_to_the_end(app: App, game: str, seed: int) -> tuple[TableScene, int]:
    """Ana and bots play `game` to its end, Ana choosing at random among her commands; the
    table, and how many lines its log opened with."""
    rules, ui = game_spec(game).rules, TABLE_GAMES[game]
    count = max(2, ui.setup.min_seats)
    match: Match[Any] = Match.new(rules, seats(game, 1, count), seed, {})
    table = open_table(app, ui, match)
    app.stack.push(table)
    opening = len(table.presenter.log)
    chooser = random.Random(seed)
    for _ in range(20_000):
        run_frames(app, table, 1)
        if table.match.is_over() and not table.presenter.busy:
            run_frames(app, table, 2)
            return table, opening
        if app.stack.top is table and asked(table):
            table.input.submit(chooser.choice(list(table.controller.legal())))
    raise AssertionError(f"{game}: the game did not end")


@pytest.mark.parametrize("game", sorted(TABLE_GAMES))
def test_a_whole_game_speaks_each_log_line_as_it_is_shown(app: App, game: str) -> None:
    voice = RecordingVoice()
    app.speech = Speech(voice, enabled=True)
    table, opening = play_to_the_end(app, game, seed=3)
    log = [said(line.text) for line in table.presenter.log[opening:]]
    assert len(log) > 20
    assert [line for line in voice.lines if line in set(log)] == log  # in order, each once
    assert all(not interrupt for text, interrupt in voice.spoken if text in set(log))
    assert any(line.startswith("Game over.") for line in voice.lines)  # the header, changed
    while app.stack.top is not table:
        app.stack.pop()  # back from the results to the table
    key(app, pygame.K_i)
    summary = voice.lines[-1]
    assert summary == said(table.ui.position_summary(table.presenter.shown, table.names))
    assert voice.spoken[-1][1], "I cuts off what is being said"
    key(app, pygame.K_r)
    assert voice.lines[-1] == summary


def test_nothing_is_spoken_while_the_setting_is_off(app: App) -> None:
    voice = RecordingVoice()
    app.speech = Speech(voice, enabled=False)
    table, _opening = play_to_the_end(app, "castle", seed=3)
    key(app, pygame.K_i)
    key(app, pygame.K_r)
    assert voice.spoken == []
    assert table.presenter.log


def heard_by_ben(app: App, twins: Twins, twin: int) -> list[str]:
    """Plays twin `twin` until Ben is asked, then Ben presses I and R: what was spoken while
    anyone but Ana was at the screen."""
    ui, rules = TABLE_GAMES[twins.game], game_spec(twins.game).rules
    people = seats(twins.game, twins.seats, twins.seats)
    match: Match[Any] = Match.new(rules, people, 11, twins.options, setup=twins.setups[twin])
    app.stack.clear()
    table = open_table(app, ui, match)

    class NotAnas(RecordingVoice):
        def speak(self, text: str, interrupt: bool) -> None:
            if table.presenter.shown.viewer != ANA:
                super().speak(text, interrupt)

    voice = NotAnas()
    app.speech = Speech(voice, enabled=True)
    app.stack.push(table)
    players = Players(app, table)
    until_bens_screen(players, twins, twin)
    players.key(pygame.K_i)
    players.key(pygame.K_r)
    return voice.lines


@pytest.mark.parametrize("twins", TWINS, ids=[twins.name for twins in TWINS])
def test_twins_speak_the_same_to_ben(twins: Twins, app: App) -> None:
    app.settings.animation_speed = 0.0
    first, second = heard_by_ben(app, twins, 0), heard_by_ben(app, twins, 1)
    assert first == second, twins.name
    summary = first[-1]
    assert first[-2] == summary and len(summary) > 40  # I, then R said it again
    assert len(first) > 3


def test_a_hint_is_said_with_its_reason_when_its_card_comes(app: App) -> None:
    voice = RecordingVoice()
    app.speech = Speech(voice, enabled=True)
    table = table_for(app, "moons")
    my_turn(app, table)
    key(app, pygame.K_h)
    frames(app, table, lambda: table.hints is not None and table.hints.shown() is not None)
    run_frames(app, table, 1)
    hint = table.hints.shown() if table.hints is not None else None
    assert hint is not None
    assert voice.spoken[-1] == (said(f"Hint: {hint.text}"), False)
