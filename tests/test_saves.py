"""Games in progress survive closing the window or a failing scene; bad saves never crash."""

from __future__ import annotations

import logging

import pygame

from moonlight_desktop.engine import Match, Rng, SeatSpec
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.scene import CastleBoardScene
from moonlight_desktop.saves import resume_match, save_match
from moonlight_desktop.scenes import GalleryScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.userdata import UserData


def _match(seed: int = 4) -> Match:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Bot", "bot", "easy", "wolf")]
    return Match.new(CastleRules(), seats, seed, {"start_seat": 0})


def _play(match: Match, moves: int, rng: Rng | None = None) -> None:
    """Random legal moves (always the first one could wander forever without recovering)."""
    rng = rng or Rng(moves)
    for _ in range(moves):
        seat = match.to_act()[0]
        legal = match.legal(seat)
        match.submit(seat, legal[rng.below(len(legal))])


def test_a_saved_game_resumes_exactly(tmp_path):
    store = UserData(tmp_path)
    match = _match()
    _play(match, 9)
    save_match(store, match)
    resumed = resume_match(store, "castle")
    assert resumed is not None
    assert resumed.state_json() == match.state_json()
    assert [seat.look for seat in resumed.seats] == ["fox", "wolf"]


def test_a_finished_game_leaves_no_save(tmp_path):
    store = UserData(tmp_path)
    match = _match()
    save_match(store, match)
    rng = Rng(8)
    while not match.is_over():
        _play(match, 1, rng)
    save_match(store, match)
    assert resume_match(store, "castle") is None
    assert not store.game_path("castle").exists()


def test_a_corrupt_save_is_set_aside_with_a_log_message(tmp_path, caplog):
    store = UserData(tmp_path)
    store.game_path("castle").write_text('{"format": 1, "game": "castle", "commands": 3}')
    with caplog.at_level(logging.WARNING):
        assert resume_match(store, "castle") is None
    assert "cannot be continued" in caplog.text
    assert not store.game_path("castle").exists()
    assert store.game_path("castle").with_name("game_in_progress_castle.json.bad").exists()


def test_a_save_whose_commands_no_longer_replay_is_set_aside(tmp_path):
    store = UserData(tmp_path)
    match = _match()
    _play(match, 3)
    text = match.record.dumps().replace('"cmd": "move"', '"cmd": "recover"', 1)
    store.game_path("castle").write_text(text)
    assert resume_match(store, "castle") is None


def test_the_board_saves_after_every_move_and_the_gallery_offers_to_continue(tmp_path):
    app = App(UserData(tmp_path))
    app.settings.animation_speed = 0.0
    match = _match()
    board = CastleBoardScene(app, match)
    app.stack.push(GalleryScene(app))
    app.stack.push(board)
    app.step(1 / 60)
    app.step(1 / 60)
    seat = match.to_act()[0]
    board.submit(seat, match.legal(seat)[0])
    app.stack.reset(GalleryScene(app))
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene) and gallery.resumable is not None
    assert gallery.resumable.state_json() == match.state_json()
    app.step(1 / 60)
    pos = gallery.continue_button.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    resumed = app.stack.top
    assert isinstance(resumed, CastleBoardScene)
    assert resumed.match.state_json() == match.state_json()


class Failing(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("a bug in a scene")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_a_failing_scene_lands_in_the_gallery_with_a_message(tmp_path, caplog):
    app = App(UserData(tmp_path))
    app.recover = lambda notice: GalleryScene(app, notice)
    app.stack.push(Failing(app))
    with caplog.at_level(logging.ERROR):
        app.step(1 / 60)
    top = app.stack.top
    assert isinstance(top, GalleryScene) and "saved" in (top.notice or "")
    assert "a bug in a scene" in caplog.text
    app.step(1 / 60)  # and the window goes on
