"""Each game's lesson played from its start to its end by keys alone: the focus lands on the
card's Next under every note and Enter uses it, the taught move is reached by Tab and made by
Enter (where a click would make it: tests/lesson_driver.py), the end's choices are on the same
ring, and every new card's words are said aloud as it shows (a focus's name after them)."""

from __future__ import annotations

import pygame
import pytest

from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.table_flow import open_lesson
from moonlight_desktop.scenes.table_over import TableOverScene
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.lesson import LessonScene
from moonlight_desktop.ui.table.lesson_script import Do, Note
from moonlight_desktop.ui.table.scene import TableScene
from tests.keyboard_helpers import KeyFocus
from tests.lesson_driver import next_click, scripted_by, settled
from tests.table_helpers import run_frames


def make_by_keys(keys: KeyFocus, game: str, step: Do) -> None:
    """The taught move by Tab to where a click would make it, then Enter (a piece picked up,
    then where it goes: at most five stops)."""
    scene = keys.scene
    done = len(scene.match.record.moves)
    for _ in range(5):
        point = next_click(game, scene, step.command)
        assert point is not None, f"the taught {step.command} is nowhere on the screen"
        place = keys.place_at(point)
        assert place is not None, f"nothing the keys reach is at {point} for {step.command}"
        keys.go_to(place)
        keys.press(pygame.K_RETURN)
        run_frames(keys.app, scene, 1)
        if len(scene.match.record.moves) > done:
            return
    raise AssertionError(f"the keys did not make {step.command}")


@pytest.mark.parametrize("game", list(TABLE_GAMES))
def test_the_lesson_plays_through_by_keys(app: App, game: str) -> None:
    app.speech = Speech(RecordingVoice(), enabled=True)
    voice = app.speech.voice
    assert isinstance(voice, RecordingVoice)
    scene = open_lesson(app, TABLE_GAMES[game], GalleryScene)
    app.stack.push(scene)
    keys = KeyFocus(app, scene)
    lesson = scene.lesson
    settled(app, scene)
    keys.press(pygame.K_TAB)  # the first key shows the focus: on the card's Next
    for _ in range(len(lesson.steps) + 5):
        settled(app, scene)
        run_frames(app, scene, 1)  # the focus lands the frame after the card comes
        step = scene.step()
        if step is None:
            break
        assert scene.card.text()[1] in voice.lines[-2], "the card's words, then the focus"
        heard = voice.lines[-2]  # with its place ("8 of 53"): two cards may say alike
        assert voice.lines.count(heard) == 1, "each card is said once"
        if isinstance(step, Note):
            assert keys.focused_name() == "Next"
            assert voice.lines[-1] == "Next"
            keys.press(pygame.K_RETURN)
        elif isinstance(step, Do):
            make_by_keys(keys, game, step)
    assert scene.finished
    for seat in range(len(lesson.seats)):
        played = [move.command for move in scene.match.record.moves if move.seat == seat]
        assert played == scripted_by(lesson, seat)
    settled(app, scene)
    run_frames(app, scene, 2)
    first = scene.card.buttons[0].label
    assert keys.focused_name() == first and voice.lines[-1] == first
    assert lesson.farewell in voice.lines[-2]
    keys.press(pygame.K_RETURN)
    keys.assert_keys_only()
    if first == "See the scores":
        for _ in range(60):
            run_frames(app, scene, 1)
            if isinstance(app.stack.top, TableOverScene):
                break
        assert isinstance(app.stack.top, TableOverScene)
    else:
        table = app.stack.top
        assert isinstance(table, TableScene) and not isinstance(table, LessonScene)
        assert table.match is scene.match
