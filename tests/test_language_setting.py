"""The language setting: the system's language by default when we have it, else English; a
choice in Settings changes every menu at once (no restart) and is remembered; a settings
file's bad value never costs the others."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.i18n import current_language, format_ago, system_language
from moonlight_desktop.scenes.settings import SettingsScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui.app import LANGUAGE_VARIABLE, App
from moonlight_desktop.userdata import Settings, UserData
from tests.test_scenes_menus import click, press, step, top
from tests.text_scenes import long_named_seats


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


def test_over_an_open_game_the_hint_says_its_log_keeps_its_lines(app: App) -> None:
    ui = TABLE_GAMES["moons"]
    match = Match.new(game_spec("moons").rules, long_named_seats(ui, 3), 1)
    app.stack.reset(open_table(app, ui, match))
    app.stack.push(SettingsScene(app))
    step(app)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    assert "log" in settings.language_hint("en")
