"""The lesson scene on the dummy driver, with a lesson made here from a seeded game (so it
tests the kit, whatever each game's lesson says): notes hold the table until Next, only the
taught move is played, bots reply from the script, the card follows the animation, undo and
hints are refused with a word, nothing is saved, and the end hands over a normal game."""

from __future__ import annotations

import random

import pygame
import pytest

from moonlight_desktop.engine import Command, Match, Move, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.saves import save_match
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.pause import PauseScene
from moonlight_desktop.scenes.table_flow import LessonSceneRouter, learner_name
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import ConfirmScene
from moonlight_desktop.ui.table.lesson import READ_FIRST, UNDO_OFF, LessonScene
from moonlight_desktop.ui.table.lesson_script import LEARNER, Auto, Do, Lesson, Note, Reply, Step
from moonlight_desktop.ui.table.scene import TableScene
from tests.lesson_driver import next_click
from tests.table_helpers import key, press
from tests.table_helpers import run_frames as frames

FRAME = 1 / 60
GAME = "castle"
SEATS = (SeatSpec("You", "human", look="squirrel"), SeatSpec("Zed", "bot", "normal", look="fox"))


def scripted(moves: int = 6, seed: int = 5, auto: bool = False, noted: bool = True) -> Lesson:
    """A lesson over the first `moves` commands of a seeded game: a note first and after each
    bot reply (unless not `noted`), the learner's moves taught (or, with `auto`, all but the
    first made for them)."""
    rules = game_spec(GAME).rules
    match = Match.new(rules, SEATS, seed, {})
    choose = random.Random(seed)
    steps: list[Step] = [Note("Welcome: this is the garden.", point_at=(("seat", 0, 0),))]
    for _ in range(moves):
        seat = match.to_act()[0]
        command = choose.choice(list(match.legal(seat)))
        match.submit(seat, command)
        if seat == 0 and auto and any(isinstance(step, Do) for step in steps):
            steps.append(Auto(command))
        elif seat == 0:
            steps.append(Do("Make this move.", command, "Make the move the arrow shows."))
        else:
            steps.append(Reply(seat, command))
            if noted:
                steps.append(Note("Zed has moved."))
    return Lesson("Learn", SEATS, seed, tuple(steps), farewell="Well played.")


def lesson_table(app: App, lesson: Lesson) -> LessonScene:
    ui = TABLE_GAMES[GAME]
    match = lesson.new_match(game_spec(GAME).rules)
    router = LessonSceneRouter(app, ui, lambda app: GalleryScene(app))
    scene = LessonScene(app, ui, lesson, match, router)
    app.stack.push(scene)
    return scene


def taught(scene: LessonScene) -> Command:
    step = scene.step()
    assert isinstance(step, Do)
    return step.command


def test_a_note_holds_the_table_until_next(app: App) -> None:
    lesson = scripted()
    scene = lesson_table(app, lesson)
    frames(app, scene)
    assert scene.index == 0 and not scene.match.record.moves
    assert scene.card.text()[1] == "Welcome: this is the garden."
    next_button = scene.card.buttons[0]
    assert next_button.label == "Next"
    press(app, next_button.rect.center)
    frames(app, scene)
    assert scene.index > 0


def test_the_card_is_drawn_over_the_log_not_the_board(app: App) -> None:
    scene = lesson_table(app, scripted())
    frames(app, scene)
    before = app.window.copy()
    board = scene.layout.board
    assert scene.card.buttons[0].rect.colliderect(scene.layout.log)
    assert not scene.card.buttons[0].rect.colliderect(board)
    # The card's border in the glow colour is on the log's pixels.
    log = scene.layout.log
    glow = sum(
        1
        for x in range(log.left, log.right, 2)
        for y in range(log.top, min(log.bottom, log.top + 200), 2)
        if before.get_at((x, y))[:3] == theme.GLOW
    )
    assert glow > 20


def test_only_the_taught_move_is_played(app: App) -> None:
    lesson = scripted()
    scene = lesson_table(app, lesson)
    for _ in range(20):  # the notes read and the bot's replies played, up to the move
        frames(app, scene)
        if isinstance(scene.step(), Do):
            break
        key(app, pygame.K_RETURN)
    step = scene.step()
    assert isinstance(step, Do)
    done = len(scene.match.record.moves)
    other = [c for c in scene.controller.legal() if c != step.command]
    assert other, "the position offers more than the taught move"
    scene.offer(other[0])
    frames(app, scene)
    assert len(scene.match.record.moves) == done, "an off-script move changes nothing"
    assert scene.message == "Make the move the arrow shows."
    scene.offer(step.command)
    frames(app, scene)
    assert scene.match.record.moves[done].command == step.command


def test_undo_and_hints_say_why_they_are_off(app: App) -> None:
    scene = lesson_table(app, scripted())
    frames(app, scene)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.message == UNDO_OFF[:1].upper() + UNDO_OFF[1:]
    key(app, pygame.K_h)
    assert "Next" in scene.message


def play_lesson(app: App, scene: LessonScene) -> None:
    for _ in range(200):
        frames(app, scene, 3)
        if scene.finished:
            return
        step = scene.step()
        if isinstance(step, Note):
            key(app, pygame.K_RETURN)
        elif isinstance(step, Do) and scene.controller.may_act():
            scene.offer(step.command)
    raise AssertionError("the lesson did not end")


def test_the_whole_script_plays_and_the_bots_reply_from_it(app: App) -> None:
    lesson = scripted()
    scene = lesson_table(app, lesson)
    play_lesson(app, scene)
    frames(app, scene)
    scripted_moves = [s.command for s in lesson.steps if isinstance(s, Do | Reply)]
    assert [move.command for move in scene.match.record.moves] == scripted_moves
    assert [b.label for b in scene.card.buttons] == [
        "Play on from here",
        "New game",
        "Back to the games",
    ]
    frames(app, scene, 60)
    assert len(scene.match.record.moves) == len(scripted_moves), "the table holds at the end"
    legal = scene.match.legal(0)
    if legal:
        scene.offer(legal[0])
        frames(app, scene)
        assert len(scene.match.record.moves) == len(scripted_moves)
        assert scene.message.startswith("The lesson is done")
    assert not app.user_data.game_path(GAME).exists(), "a lesson is never saved"


def test_playing_on_hands_over_a_normal_saved_game(app: App) -> None:
    scene = lesson_table(app, scripted())
    play_lesson(app, scene)
    frames(app, scene)
    press(app, scene.card.buttons[0].rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, LessonScene)
    assert table.match is scene.match
    frames(app, table, 5)
    assert app.user_data.game_path(GAME).exists(), "now it is the learner's own game"
    bot = table.controller.bots[1]
    assert type(bot).__name__ != "ScriptBot"


def test_leaving_goes_back_to_the_games(app: App) -> None:
    scene = lesson_table(app, scripted())
    play_lesson(app, scene)
    frames(app, scene)
    press(app, scene.card.buttons[2].rect.center)
    assert not any(isinstance(s, LessonScene) for s in app.stack.scenes)


def test_the_pause_menu_says_a_lesson_is_not_saved(app: App) -> None:
    scene = lesson_table(app, scripted())
    frames(app, scene)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.lesson


def test_odd_input_changes_nothing(app: App) -> None:
    scene = lesson_table(app, scripted())
    frames(app, scene)
    for pos in ((0, 0), (1279, 719), (-5, 9000), scene.layout.board.center):
        press(app, pos)
    for which in (pygame.K_a, pygame.K_F5, pygame.K_BACKSPACE):
        key(app, which)
    frames(app, scene)
    assert scene.index == 0 and not scene.match.record.moves
    assert scene.message == READ_FIRST, "a click on the board during a note says what to do"
    assert not scene.table.legal(), "nothing is offered while a note is read"
    app.window = pygame.display.set_mode((800, 450))
    scene.on_resize((800, 450))
    frames(app, scene)
    assert scene.card.buttons[0].rect.colliderect(scene.layout.log)


def test_no_clock_runs_in_a_lesson(app: App) -> None:
    scene = lesson_table(app, scripted())
    assert scene.timeout_rule(scene.match, 0) is None


@pytest.mark.parametrize(
    ("remembered", "name"),
    [
        ({"seats": [{"kind": "bot", "name": "Zed"}, {"kind": "human", "name": "Ada"}]}, "Ada"),
        (None, "Player 1"),
        ([], "Player 1"),
        ({"seats": "Ada"}, "Player 1"),
        ({"seats": [{"kind": "human", "name": 7}]}, "Player 1"),
        ({"seats": [{"kind": "human", "name": "x" * 5000}]}, "Player 1"),
        ({"seats": [{"kind": "human", "name": "a\x00b"}]}, "Player 1"),
        ({"seats": [{"kind": "human", "name": "   "}]}, "Player 1"),
    ],
)
def test_the_learner_is_named_as_at_the_setup(remembered: object, name: str) -> None:
    assert learner_name(remembered, 18) == name


def test_a_taught_move_is_then_made_for_the_learner(app: App) -> None:
    lesson = scripted(moves=10, auto=True)
    assert any(isinstance(step, Auto) for step in lesson.steps)
    scene = lesson_table(app, lesson)
    play_lesson(app, scene)
    scripted_moves = [s.command for s in lesson.steps if isinstance(s, Do | Reply | Auto)]
    assert [move.command for move in scene.match.record.moves] == scripted_moves
    assert scene.card.text()[0] == "Learn: well done"


def test_the_card_has_room_where_the_log_would_be_short(app: App) -> None:
    """Six seat rows would leave Moons' log short: in a lesson the rows make room, so the
    card keeps its words whole inside the log, over no seat's row."""
    seats = tuple(
        SeatSpec("You", "human") if n == 0 else SeatSpec(f"Bot {n}", "bot", "normal")
        for n in range(6)
    )
    lesson = Lesson("Learn", seats, 3, (Note("Welcome: a long enough note to need two lines."),))
    ui = TABLE_GAMES["moons"]
    match = lesson.new_match(game_spec("moons").rules)
    router = LessonSceneRouter(app, ui, lambda app: GalleryScene(app))
    scene = LessonScene(app, ui, lesson, match, router)
    app.stack.push(scene)
    frames(app, scene)
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
    layout, card = scene.layout, scene.chrome.log_card_rect
    assert layout.log.contains(card), "the card stays in the log"
    assert not any(card.colliderect(row) for row in layout.seats)
    assert not card.colliderect(layout.board)
    words = [text for text in drawing.take().texts if card.contains(text.ink)]
    assert " ".join(text.content for text in words[1:-1]) == lesson.steps[0].text, "all of it"
    assert words[-1].content == "Next"


def test_playing_on_asks_before_replacing_a_game_in_progress(app: App) -> None:
    other = Match.new(game_spec(GAME).rules, SEATS, 99, {})
    save_match(app.user_data, other)
    saved = app.user_data.game_path(GAME).read_bytes()
    scene = lesson_table(app, scripted())
    play_lesson(app, scene)
    frames(app, scene)
    press(app, scene.card.buttons[0].rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    key(app, pygame.K_RETURN)  # the safe answer: keep the game in progress
    assert app.stack.top is scene
    assert app.user_data.game_path(GAME).read_bytes() == saved
    press(app, scene.card.buttons[0].rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    confirm.proceed()
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match is scene.match
    frames(app, table, 3)
    assert app.user_data.game_path(GAME).read_bytes() != saved


def test_the_taught_move_clicked_while_the_reply_animates_is_played(app: App) -> None:
    """The learner's move comes after a bot's reply: clicked on the board while that reply
    still moves, it is played (the reply shown to its end first), not only hurried along."""
    app.settings.animation_speed = 1.0
    scene = lesson_table(app, scripted(moves=10, noted=False))
    for _ in range(3000):
        frames(app, scene, 1)
        step = scene.step()
        point = next_click(GAME, scene, step.command) if isinstance(step, Do) else None
        if scene.presenter.busy and point is not None:
            break
        if not scene.presenter.busy and scene.card.step == scene.index:
            if isinstance(step, Do):
                scene.offer(step.command)
            else:
                key(app, pygame.K_RETURN)
    else:
        pytest.fail("no taught move came while a reply animated")
    done = len(scene.match.record.moves)
    press(app, point)
    assert scene.match.record.moves[done:] == [Move(LEARNER, step.command)]
    assert not scene.presenter.busy  # the reply shown to its end
