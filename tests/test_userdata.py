"""Settings and remembered setups: durable atomic writes; a missing or corrupt file gives
defaults (field by field) and a message in the log, never a crash."""

from __future__ import annotations

import json
import logging
import os
import stat
import time
from pathlib import Path

import pytest

from moonlight_desktop.locks import claim
from moonlight_desktop.userdata import Settings, UserData, write_atomically


def test_settings_round_trip(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    settings = Settings(window_width=1600, window_height=900, fullscreen=True, volume=0.3)
    settings.muted, settings.animation_speed = True, 2.0
    store.save_settings(settings)
    assert UserData(tmp_path).load_settings() == settings


def test_missing_settings_are_defaults(tmp_path: Path) -> None:
    assert UserData(tmp_path).load_settings() == Settings()


def test_corrupt_settings_fall_back_to_defaults_with_a_log_message(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "settings.json").write_text("{ this is not json")
    with caplog.at_level(logging.WARNING):
        assert UserData(tmp_path).load_settings() == Settings()
    assert "settings.json" in caplog.text
    assert (tmp_path / "settings.json.bad").read_text() == "{ this is not json"


def test_wrong_values_are_replaced_one_by_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = {"volume": "loud", "fullscreen": 1, "window_width": 99999, "animation_speed": 7, "x": 1}
    (tmp_path / "settings.json").write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING):
        settings = UserData(tmp_path).load_settings()
    assert settings.volume == Settings().volume and settings.fullscreen is False
    assert settings.window_width == 7680 and settings.animation_speed == 1.0
    assert "volume" in caplog.text


def test_setups_are_remembered_per_game_and_bad_ones_ignored(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    store.save_setup("castle", {"seats": 3})
    assert store.load_setup("castle") == {"seats": 3}
    store.setup_path("castle").write_text("[1, 2")
    assert store.load_setup("castle") is None


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    write_atomically(target, "one")
    write_atomically(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_an_unwritable_folder_is_logged_not_fatal(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with caplog.at_level(logging.WARNING):
        UserData(blocker / "sub").save_settings(Settings())  # parent is a file: cannot write
    assert "could not save" in caplog.text


@pytest.mark.parametrize(
    ("volume", "expected"),
    [
        ("1" * 400, Settings().volume),  # too large for a float: OverflowError, once
        ("true", Settings().volume),
        ("[0.5]", Settings().volume),
        ('{"level": 1}', Settings().volume),
        ('"0.5"', Settings().volume),
        ("-3", 0.0),
        ("1e300", 1.0),
        ("0.25", 0.25),
    ],
)
def test_a_bad_volume_costs_nothing_else(tmp_path: Path, volume: str, expected: float) -> None:
    (tmp_path / "settings.json").write_text(
        f'{{"window_width": 1600, "window_height": 900, "muted": true, "volume": {volume}}}'
    )
    settings = UserData(tmp_path).load_settings()
    assert settings.volume == expected and type(settings.volume) is float
    assert (settings.window_width, settings.window_height, settings.muted) == (1600, 900, True)


@pytest.mark.parametrize(
    "text", ['{"volume": NaN}', '{"volume": -Infinity}', '{"volume": 1e400}', "[" * 100_000]
)
def test_files_that_are_not_strict_json_give_defaults(
    tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    """NaN, infinities and absurd nesting are refused by the reader (the whole file)."""
    (tmp_path / "settings.json").write_text(text)
    with caplog.at_level(logging.WARNING):
        assert UserData(tmp_path).load_settings() == Settings()
    assert "settings.json" in caplog.text


def test_numbers_must_be_of_their_exact_type(tmp_path: Path) -> None:
    data = {"window_width": 1600.0, "window_height": True, "fullscreen": 1, "animation_speed": 2}
    (tmp_path / "settings.json").write_text(json.dumps(data))
    settings = UserData(tmp_path).load_settings()
    assert (settings.window_width, settings.window_height) == (1280, 720)
    assert settings.fullscreen is False
    assert settings.animation_speed == 2.0 and type(settings.animation_speed) is float


def test_a_folder_where_a_file_belongs_gives_defaults_and_is_set_aside(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    store.settings_path.mkdir()
    store.setup_path("castle").mkdir()
    assert store.load_settings() == Settings()
    assert store.load_setup("castle") is None
    assert (tmp_path / "settings.json.bad").is_dir()
    store.save_settings(Settings(volume=0.5))  # the folder no longer blocks the next write
    assert store.load_settings().volume == 0.5


def test_an_unreadable_file_gives_defaults(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    store.setup_path("castle").write_text('{"version": 1}')
    store.setup_path("castle").chmod(0)
    try:
        if os.access(store.setup_path("castle"), os.R_OK):
            pytest.skip("running as a user who reads every file")
        assert store.load_setup("castle") is None
    finally:
        store.setup_path("castle").chmod(0o600)


def test_writes_are_synced_to_disk_file_then_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[str] = []

    def record(handle: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(handle).st_mode) else "file")

    monkeypatch.setattr(os, "fsync", record)
    write_atomically(tmp_path / "settings.json", "{}")
    assert synced == ["file", "folder"]


def test_where_a_folder_cannot_be_opened_the_write_still_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows: os.open on a directory fails; the file is written and synced all the same."""
    real_open = os.open

    def no_folders(path: str | Path, flags: int, *args: int) -> int:
        if Path(path).is_dir():
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)

    synced: list[int] = []
    monkeypatch.setattr(os, "open", no_folders)
    monkeypatch.setattr(os, "fsync", synced.append)
    write_atomically(tmp_path / "settings.json", "{}")
    assert (tmp_path / "settings.json").read_text() == "{}" and len(synced) == 1


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = UserData(tmp_path)
    store.save_settings(Settings(volume=0.3))

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with caplog.at_level(logging.WARNING):
        store.save_settings(Settings(volume=0.9))
    assert "could not save" in caplog.text
    assert store.load_settings().volume == 0.3
    assert [path.name for path in tmp_path.iterdir()] == ["settings.json"]


def _left_behind(path: Path, text: str = "{") -> Path:
    """A file as a write that a crash stopped an hour ago left it."""
    path.write_text(text)
    an_hour_ago = time.time() - 3600
    os.utime(path, (an_hour_ago, an_hour_ago))
    return path


def test_stale_temp_files_of_ours_are_removed_and_nothing_else(tmp_path: Path) -> None:
    ours = [
        "settings.jsonk2j3h4g5.tmp",  # as earlier versions named them
        "game_in_progress_castle.json_x9q1w2e.tmp",
        "settings.json.k2j3h4g5.tmp",
        "past_games/20261201T051500-castle-1a2b3c4d.json.x9q1w2e0.tmp",
        "past_games/20261201T051500-castle-1a2b3c4d.hints.x9q1w2e0.tmp",
        "past_games/archive.index.x9q1w2e0.tmp",
    ]
    theirs = ["notes.tmp", "settings.json", "last_setup_castle.json.bad", "a.tmp.json"]
    (tmp_path / "past_games").mkdir()
    for name in ours + theirs:
        _left_behind(tmp_path / name)
    (tmp_path / "folder.json1.tmp").mkdir()
    UserData(tmp_path).remove_stale_temp_files()
    left = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*"))
    assert left == sorted([*theirs, "folder.json1.tmp", "past_games"])
    UserData(tmp_path / "missing").remove_stale_temp_files()  # no folder yet: nothing to do
    UserData(tmp_path / "notes.tmp").remove_stale_temp_files()  # a file where it belongs


def test_a_temp_file_another_copy_is_writing_is_left_alone(tmp_path: Path) -> None:
    """Two copies of the app on one folder: the one starting up removes only temp files that
    no live process holds (a writer locks its temp file), and none younger than a few seconds
    (made, but not yet locked)."""
    writing = _left_behind(tmp_path / "settings.json.abcd1234.tmp")
    young = tmp_path / "game_in_progress_moons.json.efgh5678.tmp"
    young.write_text("{")
    held = claim(writing)  # as another copy's writer holds it, mid-write
    assert held is not None
    try:
        UserData(tmp_path).remove_stale_temp_files()
        assert writing.exists() and young.exists()
    finally:
        held.release()
    UserData(tmp_path).remove_stale_temp_files()
    assert not writing.exists() and young.exists()


def test_a_writer_holds_its_temp_file_locked_while_it_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    real_fsync = os.fsync

    def fsync(handle: int) -> None:
        for temp in tmp_path.glob("*.tmp"):
            seen.append(claim(temp) is None)  # nobody else may take it now
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomically(tmp_path / "settings.json", "{}")
    assert seen == [True] and (tmp_path / "settings.json").read_text() == "{}"


def test_a_file_name_of_255_characters_is_written(tmp_path: Path) -> None:
    target = tmp_path / ("a" * 250 + ".json")
    write_atomically(target, "{}")
    assert target.read_text() == "{}" and [path.name for path in tmp_path.iterdir()] == [
        target.name
    ]
