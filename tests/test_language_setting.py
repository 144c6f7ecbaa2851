"""The language setting: the system's language by default when we have it, else English; a
choice in Settings changes every menu at once (no restart) and is remembered; a settings
file's bad value never costs the others."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.i18n import current_language, format_ago, system_language
from moonlight_desktop.scenes.settings import SettingsScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui.app import LANGUAGE_VARIABLE, App
from moonlight_desktop.ui.table.game_ui import GameUI
from moonlight_desktop.ui.table.presenter import LogLine
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import Settings, UserData
from tests.test_played_in_german_and_french import english_in
from tests.test_scenes_menus import click, press, step, top
from tests.text_scenes import LONG_NAMES, played


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANGUAGE": "fr_CA:en"}, "fr"),
        ({"LANGUAGE": "", "LC_ALL": "de_AT.UTF-8"}, "de"),
        ({"LANG": "German_Germany.1252"}, "de"),
        ({"LANG": "ja_JP.UTF-8"}, None),
        ({"LANG": "C.UTF-8"}, None),
    ],
)
def test_the_system_language_is_the_first_one_we_have(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str | None
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setattr("moonlight_desktop.i18n.system._platform_languages", lambda: [])
    assert system_language({"en", "de", "fr"}) == expected


def test_the_app_starts_in_the_systems_language_unless_one_was_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(LANGUAGE_VARIABLE)
    monkeypatch.setenv("LANGUAGE", "de_DE")
    app = App(UserData(tmp_path))
    try:
        assert current_language() == "de"
        assert format_ago(5) == "gerade eben"
    finally:
        app.close()
    UserData(tmp_path).save_settings(Settings(language="fr"))
    app = App(UserData(tmp_path))
    try:
        assert current_language() == "fr"
    finally:
        app.close()


@pytest.mark.parametrize(
    "stored", ["xx", 5, ["de"], None, "de" * 5000, "\udcff", 1e308, True, "qps"]
)
def test_a_bad_language_in_the_settings_file_means_the_systems(stored: object) -> None:
    settings = Settings.from_json({"language": stored, "volume": 0.3})
    assert settings.language == ""
    assert settings.volume == 0.3


def test_a_known_language_in_the_settings_file_is_kept() -> None:
    assert Settings.from_json({"language": "fr"}).language == "fr"


def test_choosing_a_language_changes_every_menu_at_once_and_is_remembered(app: App) -> None:
    title = TitleScene(app)
    app.stack.reset(title)
    app.stack.push(SettingsScene(app))
    step(app)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    german = settings.language.segment(1)
    click(app, german.center)
    assert current_language() == "de"
    assert app.stack.scenes[0] is not title, "the title is made again in German"
    assert app.stack.scenes[0].play_button.label == "Spielen"  # type: ignore[attr-defined]
    assert isinstance(top(app), SettingsScene)
    assert top(app).language.index == 1  # type: ignore[attr-defined]
    saved = json.loads((app.user_data.folder / "settings.json").read_text("utf-8"))
    assert saved["language"] == "de"
    app.stack.draw(app.window)


def test_the_language_picker_keeps_the_keys_focus_and_speaks_each_choice_in_itself(
    app: App,
) -> None:
    app.stack.reset(TitleScene(app))
    app.stack.push(SettingsScene(app))
    step(app)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    settings.keyboard_focus, settings.focus_shown = settings.language, True
    hint = settings.language_hint
    assert hint("fr") == "Tout en français, tout de suite"
    assert hint("de") == "Sofort alles auf Deutsch"
    assert hint("en") == "Every word in English, at once"
    press(app, pygame.K_RIGHT)
    remade = top(app)
    assert isinstance(remade, SettingsScene) and remade is not settings
    assert current_language() == "de"
    assert remade.keyboard_focus is remade.language and remade.focus_shown


def _choose(app: App, segment: int) -> None:
    """Settings opened over what is shown, a language chosen by a click, and Settings left."""
    app.stack.push(SettingsScene(app))
    step(app)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    click(app, settings.language.segment(segment).center)
    app.stack.pop()


def _bots_seated(ui: GameUI[Any], seats: int) -> list[SeatSpec]:
    return [
        SeatSpec(LONG_NAMES[n], "bot", "easy", look)
        for n, look in enumerate(ui.setup.looks[:seats])
    ]


@pytest.mark.parametrize("game_id", sorted(TABLE_GAMES))
def test_an_open_games_whole_log_is_worded_again_in_the_language_chosen(
    app: App, game_id: str
) -> None:
    """Resumed, then played on by its bots, a table is left mid-animation for Settings: its
    log comes back whole in German (no English in it), then as it was in English, with
    nothing queued told twice."""
    ui = TABLE_GAMES[game_id]
    match = played(Match.new(game_spec(game_id).rules, _bots_seated(ui, 3), 4), _moves(8))
    table = open_table(app, ui, match)
    app.stack.reset(table)
    app.settings.animation_speed = 1.0
    resumed = len(table.presenter.told)
    deadline = time.monotonic() + 30
    while len(table.presenter.told) < resumed + 3 or not table.presenter.busy:
        assert time.monotonic() < deadline, "the bots never played on at the table"
        app.step(1 / 30)
        time.sleep(0.005)
    before = list(table.presenter.log)
    _choose(app, 1)  # Deutsch, while a bot's move is shown
    assert current_language() == "de" and app.stack.top is table
    assert not table.presenter.busy, "what was queued is shown at once"
    german = list(table.presenter.log)
    assert not english_in([line.text for line in german], LONG_NAMES), german
    _choose(app, 0)
    english = list(table.presenter.log)
    assert [line.text for line in english] != [line.text for line in german]
    assert english[: len(before)] == before
    assert [(line.seat, line.icon) for line in english] == [(x.seat, x.icon) for x in german]
    assert _told_afresh(table) == english
    for _ in range(10):
        app.step(1 / 30)
    table.presenter.skip()
    assert _told_afresh(table) == table.presenter.log, "no line was told twice"


def _told_afresh(table: TableScene) -> list[LogLine]:
    """What a new table's log would tell of all that `table`'s log was told."""
    fresh = table.ui.screen(table.match, None, lambda _sound: None).presenter
    fresh.restore_log(table.presenter.told)
    return fresh.log


def _moves(count: int) -> Callable[[Match[Any]], bool]:
    return lambda match: len(match.record.moves) >= count
