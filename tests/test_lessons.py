"""Every game's guided first game, step by step, headless: each scripted command is legal where
it comes and each step's claims hold after it (one test per step)."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.ui.table.lesson_script import (
    LEARNER,
    Do,
    Lesson,
    Note,
    Reply,
    play_to,
    step_at,
)


def lessons() -> list[tuple[str, Lesson]]:
    return [(game, ui.lesson) for game, ui in TABLE_GAMES.items()]


STEPS = [
    pytest.param(game, index, id=f"{game}-{index + 1:02d}-{type(step).__name__}")
    for game, lesson in lessons()
    for index, step in enumerate(lesson.steps)
]


@pytest.mark.parametrize(("game", "index"), STEPS)
def test_the_step_is_legal_and_leads_where_its_text_says(game: str, index: int) -> None:
    lesson = TABLE_GAMES[game].lesson  # type: ignore[attr-defined]
    play_to(lesson, game_spec(game).rules, index)


@pytest.mark.parametrize(("game", "lesson"), lessons(), ids=[g for g, _ in lessons()])
def test_the_lesson_is_well_formed(game: str, lesson: Lesson) -> None:
    seats = lesson.seats
    assert seats[LEARNER].player == "human"
    assert all(seat.player == "bot" and seat.level for seat in seats[1:])
    assert isinstance(lesson.steps[0], Note), "a lesson starts by saying what it is about"
    assert any(isinstance(step, Do) for step in lesson.steps)
    for step in lesson.steps:
        if isinstance(step, Reply):
            assert step.seat != LEARNER
        text = step.text if isinstance(step, Note | Do) else ""
        assert text == text.strip()
        assert len(text) <= 260, f"a step says one or two short sentences: {text!r}"
        if isinstance(step, Do):
            assert step.reminder, "an off-script move is refused with a reminder"
    assert lesson.farewell


def test_step_at_skips_what_the_match_has_done() -> None:
    from moonlight_desktop.engine import Command

    go = Command()
    lesson = Lesson(
        "Learn",
        (SeatSpec("You"), SeatSpec("Bot", "bot", "normal")),
        1,
        (Note("read"), Do("do", go, "r"), Reply(1, go), Note("then"), Do("again", go, "r")),
    )
    assert step_at(lesson, 0, 0) == 0  # a note waits for Next
    assert step_at(lesson, 0, 1) == 1  # the learner's move
    assert step_at(lesson, 1, 1) == 2  # the bot's reply
    assert step_at(lesson, 2, 1) == 3  # the next note
    assert step_at(lesson, 2, 4) == 4
    assert step_at(lesson, 3, 4) == 5  # done
