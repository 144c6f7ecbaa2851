"""Settings and remembered setups: atomic writes; a missing or corrupt file gives defaults and
a message in the log, never a crash."""

from __future__ import annotations

import json
import logging

from moonlight_desktop.userdata import Settings, UserData, write_atomically


def test_settings_round_trip(tmp_path):
    store = UserData(tmp_path)
    settings = Settings(window_width=1600, window_height=900, fullscreen=True, volume=0.3)
    settings.muted, settings.animation_speed = True, 2.0
    store.save_settings(settings)
    assert UserData(tmp_path).load_settings() == settings


def test_missing_settings_are_defaults(tmp_path):
    assert UserData(tmp_path).load_settings() == Settings()


def test_corrupt_settings_fall_back_to_defaults_with_a_log_message(tmp_path, caplog):
    (tmp_path / "settings.json").write_text("{ this is not json")
    with caplog.at_level(logging.WARNING):
        assert UserData(tmp_path).load_settings() == Settings()
    assert "settings.json" in caplog.text


def test_wrong_values_are_replaced_one_by_one(tmp_path, caplog):
    data = {"volume": "loud", "fullscreen": 1, "window_width": 99999, "animation_speed": 7, "x": 1}
    (tmp_path / "settings.json").write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING):
        settings = UserData(tmp_path).load_settings()
    assert settings.volume == Settings().volume and settings.fullscreen is False
    assert settings.window_width == 7680 and settings.animation_speed == 1.0
    assert "volume" in caplog.text


def test_setups_are_remembered_per_game_and_bad_ones_ignored(tmp_path):
    store = UserData(tmp_path)
    store.save_setup("castle", {"seats": 3})
    assert store.load_setup("castle") == {"seats": 3}
    store.setup_path("castle").write_text("[1, 2")
    assert store.load_setup("castle") is None


def test_atomic_write_leaves_no_temp_files(tmp_path):
    target = tmp_path / "deep" / "file.json"
    write_atomically(target, "one")
    write_atomically(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_an_unwritable_folder_is_logged_not_fatal(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with caplog.at_level(logging.WARNING):
        UserData(blocker / "sub").save_settings(Settings())  # parent is a file: cannot write
    assert "could not save" in caplog.text
