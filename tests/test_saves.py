"""Games in progress survive closing the window or a failing scene; bad saves never crash,
are never offered, and are set aside (not overwritten) with a word for the player."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop import saves
from moonlight_desktop.engine import Match, Rng, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.saves import resume_match, save_match
from moonlight_desktop.scenes.catalog import GalleryScene
from moonlight_desktop.scenes.gallery import set_aside_notice
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import SET_ASIDE_NOTICE, UserData

CASTLE_SET_ASIDE = set_aside_notice([TABLE_GAMES["castle"].title])


def _match(seed: int = 4) -> Match[Any]:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Bot", "bot", "easy", "wolf")]
    return Match.new(CastleRules(), seats, seed, {"start_seat": 0})


def _play(match: Match[Any], moves: int, rng: Rng | None = None) -> None:
    """Random legal moves (always the first one could wander forever without recovering)."""
    rng = rng or Rng(moves)
    for _ in range(moves):
        seat = match.to_act()[0]
        legal = match.legal(seat)
        match.submit(seat, legal[rng.below(len(legal))])


def _itself(match: Match[Any]) -> Match[Any]:
    return match


def _resume(store: UserData) -> Match[Any] | None:
    return resume_match(store, "castle", _itself).shown


def _bad(store: UserData) -> Path:
    return store.game_path("castle").with_name("game_in_progress_castle.json.bad")


def test_a_saved_game_resumes_exactly(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    match = _match()
    _play(match, 9)
    save_match(store, match)
    resumed = _resume(store)
    assert resumed is not None
    assert resumed.state_json() == match.state_json()
    assert [seat.look for seat in resumed.seats] == ["fox", "wolf"]


def test_a_finished_game_leaves_no_save(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    match = _match()
    save_match(store, match)
    rng = Rng(8)
    while not match.is_over():
        _play(match, 1, rng)
    save_match(store, match)
    assert _resume(store) is None
    assert not store.game_path("castle").exists()


def test_a_finished_game_left_saved_by_a_crash_is_forgotten_not_offered(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    match = _match()
    rng = Rng(8)
    while not match.is_over():
        _play(match, 1, rng)
    store.save_game("castle", match.record.dumps())  # as if the app stopped before forgetting
    assert resume_match(store, "castle", _itself) == saves.Resumed()
    assert not store.has_game("castle") and not _bad(store).exists()


def test_a_corrupt_save_is_set_aside_with_a_log_message(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = UserData(tmp_path)
    store.game_path("castle").write_text('{"format": 1, "game": "castle", "commands": 3}')
    with caplog.at_level(logging.WARNING):
        resumed = resume_match(store, "castle", _itself)
    assert resumed.shown is None and resumed.set_aside
    assert "cannot be continued" in caplog.text
    assert not store.game_path("castle").exists()
    assert _bad(store).exists()


@pytest.mark.parametrize(
    "content",
    [b"", b'{"format": 1, "game": "cas', b"\xff\xfe{}", b"[" * 100_000, b'{"seed": NaN}'],
    ids=["empty", "truncated", "not-utf8", "deep", "nan"],
)
def test_an_unreadable_save_is_set_aside_never_overwritten_unseen(
    tmp_path: Path, content: bytes
) -> None:
    store = UserData(tmp_path)
    store.game_path("castle").write_bytes(content)
    assert resume_match(store, "castle", _itself).set_aside
    assert _bad(store).read_bytes() == content
    assert not store.has_game("castle")


def test_a_folder_where_the_save_belongs_is_set_aside(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    store.game_path("castle").mkdir()
    assert resume_match(store, "castle", _itself).set_aside
    assert _bad(store).is_dir()
    save_match(store, _match())  # and the next game saves again
    assert _resume(store) is not None


def test_a_save_whose_commands_no_longer_replay_is_set_aside(tmp_path: Path) -> None:
    store = UserData(tmp_path)
    match = _match()
    _play(match, 3)
    text = match.record.dumps().replace('"cmd": "move"', '"cmd": "recover"', 1)
    store.game_path("castle").write_text(text)
    assert _resume(store) is None and _bad(store).exists()


@pytest.mark.parametrize(
    ("field", "value"), [("level", "grandmaster"), ("look", "dragon")], ids=["level", "look"]
)
def test_a_save_that_replays_but_names_an_unknown_bot_or_look_is_set_aside(
    tmp_path: Path, field: str, value: str
) -> None:
    """The record replays through the Match, but its board cannot be built: not offered."""
    store = UserData(tmp_path)
    match = _match()
    _play(match, 4)
    data = json.loads(match.record.dumps())
    data["seats"][1][field] = value
    store.game_path("castle").write_text(json.dumps(data))
    app = App(store)
    try:
        gallery = GalleryScene(app)
        assert "castle" not in gallery.resumables and gallery.notice == CASTLE_SET_ASIDE
        assert json.loads(_bad(store).read_text()) == data
        assert GalleryScene(app).notice is None  # said once: the next gallery is quiet
    finally:
        app.close()


def test_the_board_saves_after_every_move_and_the_gallery_offers_to_continue(
    tmp_path: Path,
) -> None:
    app = App(UserData(tmp_path))
    app.settings.animation_speed = 0.0
    match = _match()
    board = open_table(app, TABLE_GAMES["castle"], match)
    app.stack.push(GalleryScene(app))
    app.stack.push(board)
    app.step(1 / 60)
    app.step(1 / 60)
    seat = match.to_act()[0]
    assert board.controller.viewer == seat and board.controller.may_act()
    assert board.controller.submit(match.legal(seat)[0])
    app.stack.reset(GalleryScene(app))
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene) and "castle" in gallery.resumables
    assert gallery.resumables["castle"][1].state_json() == match.state_json()
    app.step(1 / 60)
    pos = gallery.continue_buttons["castle"].rect.center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.ui is TABLE_GAMES["castle"]
    assert resumed.match.state_json() == match.state_json()


class Failing(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("a bug in a scene")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_a_failing_scene_lands_in_the_gallery_with_a_message(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = App(UserData(tmp_path))
    app.recover = lambda notice: GalleryScene(app, notice)
    app.stack.push(Failing(app))
    with caplog.at_level(logging.ERROR):
        app.step(1 / 60)
    top = app.stack.top
    assert isinstance(top, GalleryScene) and "saved" in (top.notice or "")
    assert "a bug in a scene" in caplog.text
    app.step(1 / 60)  # and the window goes on


def test_when_even_the_gallery_fails_the_saves_are_set_aside_and_it_opens(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last line of defence: a save that breaks the gallery in a way nobody foresaw (here
    a TypeError from replaying it) is set aside, and the gallery opens with a word."""
    store = UserData(tmp_path)
    save_match(store, _match())
    app = App(store)
    app.recover = lambda notice: GalleryScene(app, notice)

    def broken(*_args: Any) -> None:
        raise TypeError("a bug that only this save shows")

    monkeypatch.setattr(saves, "Match", broken)
    app.stack.push(Failing(app))
    with caplog.at_level(logging.ERROR):
        app.step(1 / 60)
    top = app.stack.top
    assert isinstance(top, GalleryScene) and top.notice == SET_ASIDE_NOTICE
    assert "a bug that only this save shows" in caplog.text
    assert _bad(store).exists() and not store.has_game("castle")
    app.step(1 / 60)
    app.close()


def test_when_nothing_can_recover_the_window_closes_without_raising(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = App(UserData(tmp_path))

    def hopeless(_notice: str) -> Scene:
        raise RuntimeError("the gallery cannot be built")

    app.recover = hopeless
    app.running = True
    app.stack.push(Failing(app))
    with caplog.at_level(logging.ERROR):
        app.step(1 / 60)
    assert app.running is False
    assert "no way back to safety" in caplog.text
    app.close()
