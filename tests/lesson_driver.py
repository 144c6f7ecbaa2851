"""Playing a lesson's steps by synthetic input: where the learner clicks for a taught command.

Each game says how its taught commands are clicked in tests/lesson_clicks_<game>.py, with
`next_click(scene, command)`: the next point to click (a piece to pick, then where it goes)
on the screen as it stands, or None when the command is not on the screen. The action strip's
buttons are found here for every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from moonlight_desktop.engine import Bot, Command, Event, Match, Rules
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.game_ui import GameUI
from moonlight_desktop.ui.table.lesson import LessonScene
from moonlight_desktop.ui.table.lesson_script import (
    LEARNER,
    Auto,
    Do,
    Lesson,
    Note,
    Reply,
    play_to,
    script_bots,
)
from moonlight_desktop.ui.table.scene import TableScene
from tests.table_helpers import Router, asked, click, frame, run_frames

NextClick = Callable[[TableScene, Command], tuple[int, int] | None]


def next_click(game: str, scene: TableScene, command: Command) -> tuple[int, int] | None:
    """The next point the learner clicks to give `command`: its button on the action strip,
    else wherever the game's screen takes it."""
    actions = scene.screen.actions(scene.table) if scene.controller.may_act() else []
    for action, button in zip(actions, scene.buttons, strict=False):
        if action.command == command:
            return button.rect.center
    module = importlib.import_module(f"tests.lesson_clicks_{game}")
    found: NextClick = module.next_click
    return found(scene, command)


def played_events(lesson: Lesson, rules: Rules[Any]) -> list[tuple[int, Event]]:
    """Every event of the script played with `Match.submit`, with the step it came from."""
    match = lesson.new_match(rules)
    events: list[tuple[int, Event]] = []
    for index, step in enumerate(lesson.steps):
        if isinstance(step, Do | Reply | Auto):
            seat = step.seat if isinstance(step, Reply) else LEARNER
            events += [(index, event) for event in match.submit(seat, step.command)]
    return events


def before_step(lesson: Lesson, rules: Rules[Any], index: int) -> Match[Any]:
    """The match as the script has it just before step `index`."""
    return play_to(lesson, rules, index - 1) if index else lesson.new_match(rules)


def scripted_table(
    app: App, ui: GameUI, lesson: Lesson, match: Match[Any]
) -> tuple[TableScene, Router]:
    """A plain table (not the lesson scene) for `match`, its bots the lesson's script bots,
    pushed on the app."""
    router = Router()
    bots: dict[int, Bot] = dict(script_bots(lesson, lambda: match.record.moves))
    scene = TableScene(app, ui, match, bots, router, lambda played: None)
    app.stack.push(scene)
    return scene, router


def give_by_clicks(
    app: App, game: str, scene: TableScene, router: Router, command: Command, dt: float
) -> None:
    """Frames until the learner is asked, then the clicks `next_click` finds, one by one (at
    most five), until a command has been played; fails when none comes."""
    for _ in range(200):  # the board settles and the action strip is laid out
        frame(app, scene, router, dt)
        if asked(scene):
            break
    assert asked(scene), "the learner is asked to act"
    made = len(scene.match.record.moves)
    for _click in range(5):
        point = next_click(game, scene, command)
        assert point is not None, f"{command} is not on the screen"
        click(app, point)
        frame(app, scene, router, dt)
        if len(scene.match.record.moves) > made:
            return
    raise AssertionError("the clicks gave no command")


def pointing(lesson: Lesson) -> list[int]:
    """The steps that point at board parts."""
    return [
        index
        for index, step in enumerate(lesson.steps)
        if isinstance(step, Note | Do) and step.point_at
    ]


def table_as_shown(
    app: App, ui: GameUI, lesson: Lesson, rules: Rules[Any], index: int, dt: float = 0.0
) -> TableScene:
    """The table as step `index` shows it, one frame drawn: a note after the step's place in
    the script, a move before it."""
    step = lesson.steps[index]
    noted = play_to(lesson, rules, index) if isinstance(step, Note) else None
    scene, router = scripted_table(app, ui, lesson, noted or before_step(lesson, rules, index))
    frame(app, scene, router, dt)
    return scene


def check_taught_move(
    app: App, game: str, ui: GameUI, lesson: Lesson, rules: Rules[Any], index: int
) -> None:
    """Step `index`'s taught command, given by clicks on a table just before it, is the
    learner's next command and leads where the script goes."""
    step = lesson.steps[index]
    assert isinstance(step, Do)
    match = before_step(lesson, rules, index)
    made = lesson.moves_before(index)
    assert len(match.record.moves) == made
    scene, router = scripted_table(app, ui, lesson, match)
    give_by_clicks(app, game, scene, router, step.command, dt=0.0)
    assert match.record.moves[made].seat == LEARNER
    assert match.record.moves[made].command == step.command
    script = play_to(lesson, rules, index)
    assert rules.state_to_json(match.replayed(made + 1).snapshot()) == rules.state_to_json(
        script.snapshot()
    )


def settled(app: App, scene: LessonScene) -> None:
    """Frames until the card shows the step the lesson is at (the board has caught up)."""
    for _ in range(400):
        run_frames(app, scene, 1)
        waiting_reply = isinstance(scene.step(), Reply | Auto)
        if scene.card.step == scene.index and not scene.presenter.busy and not waiting_reply:
            return
    raise AssertionError(f"the table did not settle at step {scene.index + 1}")


def scripted_by(lesson: Lesson, seat: int) -> list[Command]:
    """A seat's scripted commands, in order."""
    return [
        step.command
        for step in lesson.steps
        if (isinstance(step, Do | Auto) and seat == LEARNER)
        or (isinstance(step, Reply) and step.seat == seat)
    ]
