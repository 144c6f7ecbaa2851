"""The past games screen, driven by synthetic input: finished games listed with their date,
players and scores, found by game and by player, watched again, exported to a chosen file and
imported (typed or dropped); a bad file is refused with a clear line and nothing is added.
(How a game played to its end gets there: tests/test_nothing_lost.py.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop import archive as archive_module
from moonlight_desktop.archive import Archive
from moonlight_desktop.saves import save_match
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.past_games import (
    PastGamesScene,
    PathScene,
    archive_of,
    count_words,
    game_title,
    set_aside_words,
)
from moonlight_desktop.scenes.replay import ReplayScene
from moonlight_desktop.scenes.statistics import StatisticsScene
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import ConfirmScene
from moonlight_desktop.userdata import UserData
from tests.table_helpers import key
from tests.test_replay_scene import finished_game

FRAME = 1 / 30


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path / "data"))
    application.window = pygame.display.set_mode((1280, 720))
    yield application
    application.close()


def _archive(app: App, *game_ids: str) -> Archive:
    archive = archive_of(app)
    for game_id in game_ids:
        archive.add(finished_game(game_id), app.settings.archive_limit)
    return archive


def _frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.stack.update(FRAME)
        scene = app.stack.top
        if isinstance(scene, PastGamesScene) and scene._job is not None:
            scene._job.exception(timeout=10)  # the background work is done before the next
    app.stack.draw(app.window)


def _open(app: App) -> PastGamesScene:
    scene = PastGamesScene(app)
    app.stack.push(scene)
    _frames(app)
    return scene


def _click(app: App, point: tuple[int, int]) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))


def _type(app: App, text: str) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _enter(app: App) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))


def test_the_list_shows_every_game_and_searches_by_game_and_player(app: App) -> None:
    _archive(app, "castle", "moons", "samarkand")
    scene = _open(app)
    assert [g.game for g in scene.shown] == ["samarkand", "moons", "castle"]  # newest first
    scene.filter_choice.select("moons")
    scene.choose_game("moons")
    assert [g.game for g in scene.shown] == ["moons"]
    scene.choose_game(None)
    _click(app, scene.player_input.rect.center)
    _type(app, "nobody")
    _frames(app)
    assert scene.shown == [] and "No past game matches" in scene._empty_words()
    for _ in range(6):
        app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    _type(app, "p1")
    _frames(app)
    assert len(scene.shown) == 3  # every game had a P1
    second = scene.row_rect(1)
    _click(app, second.center)
    assert scene.selected is scene.shown[1]


def test_the_count_line_says_how_many_games_are_kept_and_how_many_match() -> None:
    assert count_words(0, 0) == "No past games yet"
    assert count_words(1, 1) == "1 past game"
    assert count_words(3, 3) == "3 past games"
    assert count_words(0, 1) == "Your only past game does not match"
    assert count_words(0, 3) == "None of the 3 past games matches"
    assert count_words(1, 3) == "1 of the 3 past games matches"
    assert count_words(2, 3) == "2 of the 3 past games match"


def _drawn_words(app: App) -> list[str]:
    """The words of the next frame, drawn once the scene has come out of the night, with the
    mouse over nothing (the line under the list shows what it would do otherwise)."""
    app.settings.animation_speed = 0.0
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0)))
    _frames(app, 1)
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
        return [text.content for text in drawing.take().texts]


def test_the_count_line_under_the_list_for_one_game_found_and_lost(app: App) -> None:
    _archive(app, "castle")
    scene = _open(app)
    assert "1 past game" in _drawn_words(app)
    _click(app, scene.player_input.rect.center)
    _type(app, "nobody")
    _frames(app)
    words = _drawn_words(app)
    assert "Your only past game does not match" in words, words
    assert not any("of 1 games" in text for text in words)


def test_watch_again_opens_the_replay(app: App) -> None:
    _archive(app, "market")
    scene = _open(app)
    _click(app, scene.watch_button.rect.center)
    _frames(app)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.total == len(
        finished_game("market").record.moves
    )


def test_export_to_a_chosen_file_then_import_it_elsewhere(app: App, tmp_path: Path) -> None:
    _archive(app, "castle")
    scene = _open(app)
    _click(app, scene.export_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, PathScene) and dialog.path_input.value.endswith(".json")
    target = tmp_path / "shared" / "my castle game.json"
    target.parent.mkdir()
    dialog.path_input.value = str(target)
    _enter(app)
    _frames(app)
    assert target.is_file() and scene.message == f"Saved to {target}"
    other = App(UserData(tmp_path / "other"))
    past = PastGamesScene(other)
    other.stack.push(past)
    _frames(other)
    assert past.shown == []
    other.stack.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(target)))
    _frames(other, 6)
    assert [g.game for g in past.shown] == ["castle"] and past.message.startswith("Imported")


def _export_to(app: App, scene: PastGamesScene, target: Path | str) -> None:
    _click(app, scene.export_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, PathScene)
    dialog.path_input.value = str(target)
    _enter(app)
    _frames(app)


def test_export_asks_before_replacing_a_file(app: App, tmp_path: Path) -> None:
    _archive(app, "castle")
    scene = _open(app)
    target = tmp_path / "letter to grandma.json"
    target.write_text("Dear grandma")
    _export_to(app, scene, target)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and "letter to grandma.json" in question.detail
    _click(app, question.keep_button.rect.center)  # the safe answer
    _frames(app)
    assert app.stack.top is scene and target.read_text() == "Dear grandma"
    _export_to(app, scene, target)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    _click(app, question.proceed_button.rect.center)
    _frames(app)
    assert json.loads(target.read_text())["game"] == "castle"
    assert scene.message == f"Saved to {target}"


@pytest.mark.parametrize(
    "inside", ["settings.json", "game_in_progress_castle.json", "past_games/mine.json", "new.json"]
)
def test_export_never_writes_into_the_app_s_own_folder(app: App, inside: str) -> None:
    save_match(app.user_data, finished_game("castle").replayed(3))
    app.save_settings()
    _archive(app, "castle")
    folder = app.user_data.folder
    before = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    scene = _open(app)
    _export_to(app, scene, folder / inside)
    assert app.stack.top is scene and scene.warning
    assert "Moonlight Desktop's own folder" in scene.message
    after = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    assert after == before and len(scene.games) == 1


def test_a_corrupt_past_game_is_set_aside_with_a_word_and_a_player_s_file_left_alone(
    app: App,
) -> None:
    archive = _archive(app, "castle", "moons")
    corrupt = next(archive.folder.glob("*-moons-*.json"))
    corrupt.write_text("{")
    mine = archive.folder / "my notes.json"
    mine.write_text("mine")
    scene = _open(app)
    assert [game.game for game in scene.games] == ["castle"]
    assert scene.warning and scene.message == set_aside_words(1)
    assert corrupt.with_name(corrupt.name + ".bad").exists()
    assert mine.read_text() == "mine"


def test_a_long_archive_is_listed_from_its_index_without_reading_the_records(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past games with thousands of entries open at once: the records are read only for the
    entries that are new or changed since the index was written."""
    _archive(app, "castle", "moons", "market").index_path.unlink()  # as an older version left it
    listed = archive_of(app).games()  # reads every record, and writes the index
    loads: list[Path] = []
    real_load = archive_module._load

    def counted(path: Path) -> Any:
        loads.append(path)
        return real_load(path)

    monkeypatch.setattr(archive_module, "_load", counted)
    scene = _open(app)
    assert scene.games == listed and loads == []
    changed = listed[0].path
    changed.write_text(changed.read_text() + " ")  # edited behind the app's back
    assert archive_of(app).games() == listed and loads == [changed]


def test_a_bad_file_is_refused_with_a_clear_line_and_nothing_is_added(
    app: App, tmp_path: Path
) -> None:
    _archive(app, "castle")
    scene = _open(app)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"game": "castle", "seed": 1e400}')
    _click(app, scene.import_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, PathScene)
    _type(app, str(bad))
    _enter(app)
    _frames(app, 6)
    assert scene.warning and scene.message and len(scene.message) <= 200
    assert len(scene.games) == 1 and len(archive_of(app).games()) == 1
    for missing in (tmp_path / "nowhere.json", tmp_path):
        scene.import_file(missing)
        _frames(app, 6)
        assert scene.warning and len(archive_of(app).games()) == 1


def test_statistics_open_from_the_list(app: App) -> None:
    _archive(app, "castle", "moons")
    scene = _open(app)
    _click(app, scene.statistics_button.rect.center)
    _frames(app)
    assert isinstance(app.stack.top, StatisticsScene)


def test_the_gallery_leads_to_past_games(app: App) -> None:
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    _frames(app)
    _click(app, gallery.past_button.rect.center)
    assert isinstance(app.stack.top, PastGamesScene)


@pytest.mark.parametrize("size", [(800, 450), (1920, 1080)])
def test_the_list_draws_at_any_size(app: App, size: tuple[int, int]) -> None:
    _archive(app, "castle", "market", "moons", "samarkand")
    app.window = pygame.display.set_mode(size)
    scene = _open(app)
    scene.on_resize(size)
    _frames(app)
    for index in range(len(scene.shown)):
        assert app.window.get_rect().contains(scene.row_rect(index)) or index >= 4


def test_the_list_by_keyboard_says_the_chosen_game_and_enter_watches_it(app: App) -> None:
    _archive(app, "market", "castle")
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    scene = _open(app)
    for _ in range(3):  # the game picker, the search, then the list
        key(app, pygame.K_TAB)
    assert scene.keyboard_focus is scene.list_spot
    first = voice.lines[-1]
    assert first.endswith("1 of 2, list") and game_title(scene.shown[0].game) in first
    key(app, pygame.K_DOWN)
    assert scene.selected is scene.shown[1] and voice.lines[-1].endswith("2 of 2, list")
    key(app, pygame.K_RETURN)
    _frames(app)
    assert isinstance(app.stack.top, ReplayScene)


def test_a_path_is_typed_then_enter_on_cancel_cancels(app: App) -> None:
    scene = _open(app)
    _click(app, scene.import_button.rect.center)
    path = app.stack.top
    assert isinstance(path, PathScene) and path.keyboard_focus is path.path_input
    _type(app, "nowhere.json")
    key(app, pygame.K_TAB)
    assert path.keyboard_focus is path.cancel_button
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and scene.message == ""  # nothing imported, nothing tried
