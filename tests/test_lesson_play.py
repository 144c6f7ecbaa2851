"""Each game's guided first game played through at the table by synthetic input, as a learner
would: "Learn to play" on the gallery card, Next on every note, the taught move clicked where
the game's screen shows it (tests/lesson_driver.py), an off-script move refused with the
step's reminder, and the end handing over a normal game (or the scores, at a game's end)."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import Move
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.past_games import archive_of
from moonlight_desktop.scenes.table_over import TableOverScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.lesson import LessonScene
from moonlight_desktop.ui.table.lesson_script import (
    LEARNER,
    Do,
    Note,
    play_to,
)
from moonlight_desktop.ui.table.scene import TableScene
from tests.lesson_driver import next_click, scripted_by, settled
from tests.table_helpers import press
from tests.table_helpers import run_frames as frames

FRAME = 1 / 60
TEACHING = list(TABLE_GAMES)


def open_from_gallery(app: App, game: str) -> LessonScene:
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    app.step(FRAME)
    app.stack.draw(app.window)
    card = next(card for card in gallery.cards if card.game_id == game)
    press(app, card.learn_rect().center)
    lesson = app.stack.top
    assert isinstance(lesson, LessonScene)
    return lesson


def make_the_move(app: App, game: str, scene: LessonScene, step: Do) -> None:
    done = len(scene.match.record.moves)
    for _ in range(5):
        point = next_click(game, scene, step.command)
        assert point is not None, f"the taught {step.command} is nowhere on the screen"
        press(app, point)
        frames(app, scene, 1)
        if len(scene.match.record.moves) > done:
            break
    assert scene.match.record.moves[-1] == Move(LEARNER, step.command)


@pytest.mark.parametrize("game", TEACHING)
def test_the_lesson_plays_through_by_clicks(app: App, game: str) -> None:
    scene = open_from_gallery(app, game)
    lesson = scene.lesson
    refused = False
    for _ in range(len(lesson.steps) + 5):
        settled(app, scene)
        step = scene.step()
        if step is None:
            break
        if isinstance(step, Note):
            assert scene.card.buttons[0].label == "Next"
            press(app, scene.card.buttons[0].rect.center)
        elif isinstance(step, Do):
            assert scene.controller.may_act()
            others = [c for c in scene.controller.legal() if c != step.command]
            if others and not refused:  # an off-script move: refused, nothing changes
                done = len(scene.match.record.moves)
                scene.offer(others[0])
                frames(app, scene, 2)
                assert len(scene.match.record.moves) == done
                assert scene.message.lower() == step.reminder.lower()
                refused = True
            make_the_move(app, game, scene, step)
    assert scene.finished
    # Seats choosing at once may come in any order; each seat's commands and the game
    # they lead to are the script's.
    for seat in range(len(lesson.seats)):
        played = [move.command for move in scene.match.record.moves if move.seat == seat]
        assert played == scripted_by(lesson, seat)
    rules = scene.match.rules
    script = play_to(lesson, rules)
    assert rules.state_to_json(scene.match.snapshot()) == rules.state_to_json(script.snapshot())
    assert not app.user_data.game_path(game).exists(), "a lesson is not saved"
    settled(app, scene)
    labels = [button.label for button in scene.card.buttons]
    if scene.match.is_over():
        assert labels == ["See the scores", "Back to the games"]
        press(app, scene.card.buttons[0].rect.center)
        for _ in range(60):
            frames(app, scene, 1)
            if isinstance(app.stack.top, TableOverScene):
                break
        assert isinstance(app.stack.top, TableOverScene)
        assert archive_of(app).games() == [], "a lesson's game is not among the past games"
    else:
        assert labels == ["Play on from here", "New game", "Back to the games"]
        press(app, scene.card.buttons[0].rect.center)
        table = app.stack.top
        assert isinstance(table, TableScene) and not isinstance(table, LessonScene)
        assert table.match is scene.match


@pytest.mark.parametrize("game", TEACHING)
def test_the_setup_screen_offers_the_lesson(app: App, game: str) -> None:
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    gallery.open(game)
    setup = app.stack.top
    app.step(FRAME)
    app.stack.draw(app.window)
    button = getattr(setup, "learn_button", None)
    assert button is not None and button.label == "Learn to play"
    press(app, button.rect.center)
    assert isinstance(app.stack.top, LessonScene)
