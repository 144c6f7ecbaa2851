"""The replay viewer, driven by synthetic keys and clicks through a whole archived game of each
kind: the board after each step is the game's own view at that point, back and jumps rebuild
it, any seat's view can be chosen, and playing runs to the end at the chosen speed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.archive import Archive
from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.bench import sample_seats
from moonlight_desktop.game_list import GAMES, TABLE_GAMES, make_bot
from moonlight_desktop.scenes import gallery  # noqa: F401  (the home scene Esc leads to)
from moonlight_desktop.scenes.replay import ReplayScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.userdata import UserData

FRAME = 1 / 30


@cache
def finished_game(game_id: str, seed: int = 5) -> Match[Any]:
    ui = TABLE_GAMES[game_id]
    specs = [
        SeatSpec(f"P{n}", "human" if n == 0 else "bot", None if n == 0 else "easy", look)
        for n, look in enumerate(ui.setup.looks[: sample_seats(GAMES[game_id].rules)])
    ]
    match = Match.new(GAMES[game_id].rules, specs, seed)
    bots = {seat: make_bot(game_id, "easy", seat) for seat in range(len(specs))}
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal(seat), 0))
    return match


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.window = pygame.display.set_mode((1280, 720))
    yield application
    application.close()


def _open(app: App, game_id: str) -> ReplayScene:
    """The game as the past games screen opens it: archived, then read back."""
    archive = Archive(app.user_data.folder / "past_games")
    archived = archive.add(finished_game(game_id), limit=10)
    scene = ReplayScene(app, TABLE_GAMES[game_id], archive.match(archived))
    app.stack.push(scene)
    return scene


def _key(app: App, key: int) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _settle(app: App, scene: ReplayScene, draw: bool = False) -> None:
    for _ in range(2000):
        app.stack.update(FRAME)
        if not scene.busy:
            break
        scene.presenter.skip()
    if draw:
        app.stack.draw(app.window)


def _shown(scene: ReplayScene) -> Any:
    return scene.presenter.shown.to_json()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_stepping_through_a_whole_game_shows_each_position(app: App, game_id: str) -> None:
    scene = _open(app, game_id)
    finished = finished_game(game_id)
    total = len(finished.record.moves)
    checks = {1, total // 2, total}
    for step in range(1, total + 1):
        _key(app, pygame.K_RIGHT)
        _settle(app, scene, draw=step in checks)
        assert scene.position == step
        if step in checks:
            assert _shown(scene) == finished.replayed(step).view(None).to_json()
    _key(app, pygame.K_RIGHT)  # at the end: nothing more
    _settle(app, scene)
    assert scene.position == total
    assert scene.presenter.log  # the whole game in words


def test_back_start_and_end_rebuild_the_board(app: App) -> None:
    scene = _open(app, "castle")
    finished = finished_game("castle")
    for _ in range(5):
        _key(app, pygame.K_RIGHT)
        _settle(app, scene)
    _key(app, pygame.K_LEFT)
    _settle(app, scene)
    assert scene.position == 4
    assert _shown(scene) == finished.replayed(4).view(None).to_json()
    _key(app, pygame.K_END)
    _settle(app, scene, draw=True)
    assert scene.position == len(finished.record.moves)
    assert _shown(scene) == finished.view(None).to_json()
    _key(app, pygame.K_HOME)
    _settle(app, scene)
    assert scene.position == 0 and _shown(scene) == finished.replayed(0).view(None).to_json()


def test_any_seats_view_once_the_game_is_over(app: App) -> None:
    """Moons: a seat's view shows its own hand; the spectator's does not."""
    scene = _open(app, "moons")
    finished = finished_game("moons")
    scene.jump(10)
    _settle(app, scene)
    seen = []
    for viewer in (0, 1, 2, 3, None):
        scene.next_viewer()
        _settle(app, scene, draw=True)
        assert scene.viewer == viewer and scene.position == 10
        assert _shown(scene) == finished.replayed(10).view(viewer).to_json()
        seen.append(_shown(scene))
    assert len({str(view) for view in seen}) == 5  # five different views


def test_playing_runs_to_the_end_at_the_chosen_speed(app: App) -> None:
    scene = _open(app, "market")
    scene.next_speed()
    assert scene.speed == 2.0
    _key(app, pygame.K_SPACE)
    for _ in range(200000):
        app.stack.update(0.25)
        if not scene.playing:
            break
    assert scene.position == scene.total and not scene.playing


def test_a_click_on_the_progress_bar_jumps_there(app: App) -> None:
    scene = _open(app, "samarkand")
    app.stack.update(FRAME)
    bar = scene.progress_bar()
    point = (bar.left + bar.width // 2, bar.centery)
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))
    _settle(app, scene, draw=True)
    assert abs(scene.position - scene.total // 2) <= 1
    assert _shown(scene) == finished_game("samarkand").replayed(scene.position).view(None).to_json()


def test_the_buttons_play_the_replay(app: App) -> None:
    scene = _open(app, "castle")
    app.stack.update(FRAME)
    labels = [button.label for button in scene.buttons]
    assert labels[:3] == ["« Back", "Play", "Next »"] and "Seen by: Everyone" in labels
    following = next(b for b in scene.buttons if b.label == "Next »").rect.center
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=following))
    _settle(app, scene, draw=True)
    assert scene.position == 1
    back = next(b for b in scene.buttons if b.label == "« Back")
    assert back.enabled
    _key(app, pygame.K_ESCAPE)  # leaves the replay
    assert scene not in app.stack.scenes


def _button(scene: ReplayScene, label: str) -> tuple[int, int]:
    return next(b.rect.center for b in scene.buttons if b.label.startswith(label))


def _click(app: App, point: tuple[int, int]) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))


def _playing(app: App, scene: ReplayScene, until: Callable[[], bool]) -> None:
    """Plays the replay (its Play button) and runs frames until `until()`."""
    app.stack.update(FRAME)
    _click(app, _button(scene, "Play"))
    for _ in range(2000):
        app.stack.update(FRAME)
        if until():
            return
    pytest.fail("the replay never got there")


HEARD: dict[str, Callable[[ReplayScene], bool]] = {
    "Pause": lambda scene: not scene.playing,
    "End": lambda scene: scene.position == scene.total,
    "1x": lambda scene: scene.speed == 2.0,
    "Seen by": lambda scene: scene.viewer == 0,
}


@pytest.mark.parametrize("label", sorted(HEARD))
def test_the_buttons_act_while_a_command_animates(app: App, label: str) -> None:
    scene = _open(app, "castle")
    _playing(app, scene, until=lambda: scene.position >= 2 and scene.presenter.busy)
    _click(app, _button(scene, label))
    _settle(app, scene)
    assert HEARD[label](scene)
    if label != "End":
        assert 2 <= scene.position < scene.total  # nothing else changed


@pytest.mark.parametrize("label", ["End", "Seen by", "« Back"])  # the ones that need the rules
def test_the_buttons_act_while_a_command_is_with_the_rules(app: App, label: str) -> None:
    """Paused while the next command is with the rules, then a button: it acts once that
    command is back, from the position it brings."""
    scene = _open(app, "castle")
    with_the_rules = lambda: scene.busy and not scene.presenter.busy  # noqa: E731
    _playing(app, scene, until=lambda: scene.position >= 2 and with_the_rules())
    brought = scene.position + 1
    _click(app, _button(scene, "Pause"))
    _click(app, _button(scene, label))
    _settle(app, scene)
    expected = {"End": scene.total, "Seen by": brought, "« Back": brought - 1}[label]
    assert scene.position == expected and not scene.playing
    assert scene.viewer == (0 if label == "Seen by" else None)


def test_next_while_a_command_animates_finishes_it_and_shows_the_next(app: App) -> None:
    scene = _open(app, "castle")
    app.stack.update(FRAME)
    _click(app, _button(scene, "Next"))
    for _ in range(10):
        app.stack.update(FRAME)
        if scene.presenter.busy:
            break
    assert scene.position == 1 and scene.presenter.busy
    _click(app, _button(scene, "Next"))
    assert not scene.presenter.busy  # the first command shown to its end
    app.stack.update(FRAME)
    assert scene.position == 2
