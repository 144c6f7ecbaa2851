"""Undo and redo at the table, for every game, by synthetic keys and clicks: the human takes
back their last command with the bots' replies, the board, the log, the autosave and the
record follow; the same command again brings the same replies (the bots are set back too);
redo puts back what was taken; a resumed game is the undone one; where undo is refused the
button says why."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import GameRecord, Match, SeatSpec
from moonlight_desktop.engine.bench import sample_seats
from moonlight_desktop.engine.undo import NoUndo, UndoStep
from moonlight_desktop.game_list import GAMES, TABLE_GAMES, codec_for, make_bot
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.log_panel import undo_buttons
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import UserData
from tests.table_helpers import Router, asked, frame


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.window = pygame.display.set_mode((1280, 720))
    application.settings.animation_speed = 0.0
    yield application
    application.close()


class Table:
    """A human (seat 0) against easy bots, every autosave kept."""

    def __init__(self, app: App, game_id: str, seed: int = 4) -> None:
        ui = TABLE_GAMES[game_id]
        specs = [SeatSpec("Ada", "human", None, ui.setup.looks[0])] + [
            SeatSpec(f"Bot{n}", "bot", "easy", ui.setup.looks[n])
            for n in range(1, sample_seats(GAMES[game_id].rules))
        ]
        options = {"mode": "sealed"} if game_id == "samarkand" else {}
        self.match = Match.new(GAMES[game_id].rules, specs, seed, options)
        bots = {
            n: make_bot(game_id, "easy", n) for n in range(1, sample_seats(GAMES[game_id].rules))
        }
        self.saves: list[str] = []
        self.app, self.router = app, Router()
        self.scene = TableScene(
            app, ui, self.match, bots, self.router, lambda m: self.saves.append(m.record.dumps())
        )
        app.stack.push(self.scene)

    @property
    def live(self) -> Match[Any]:
        return self.scene.match

    def until_asked(self) -> None:
        for _ in range(5000):
            if asked(self.scene) or self.live.is_over():
                return
            frame(self.app, self.scene, self.router, 0.25, draw=False)
        raise AssertionError("the human was never asked")

    def key(self, key: int, mod: int = pygame.KMOD_CTRL) -> None:
        self.app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod))
        for _ in range(3):
            frame(self.app, self.scene, self.router, 0.0, draw=False)

    def play_until_undoable(self, roll: random.Random, limit: int = 60) -> UndoStep:
        for _ in range(limit):
            self.until_asked()
            state = self.scene.controller.undo_state()
            if isinstance(state, UndoStep):
                return state
            self.scene.controller.submit(roll.choice(list(self.scene.controller.legal())))
        pytest.skip("no undoable position in this game's first commands")


def _views(match: Match[Any]) -> list[Any]:
    return [match.view(seat).to_json() for seat in (None, *range(len(match.seats)))]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_undo_takes_back_the_move_and_the_bots_replies_and_redo_puts_them_back(
    app: App, game_id: str
) -> None:
    table = Table(app, game_id)
    step = table.play_until_undoable(random.Random(1))
    before = list(table.live.record.moves)
    views_before = _views(table.live)
    table.key(pygame.K_z)
    assert len(table.live.record.moves) == step.keep
    assert _views(table.live) == _views(table.match.replayed(step.keep))
    assert table.scene.presenter.shown.to_json() == table.live.view(0).to_json()
    saved = GameRecord.from_json(__import__("json").loads(table.saves[-1]), codec_for)
    assert saved.moves == before[: step.keep]  # the autosave follows
    table.key(pygame.K_y)
    assert table.live.record.moves == before and _views(table.live) == views_before
    table.key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # redo's other key is undo+shift
    assert table.live.record.moves == before  # (Ctrl+Shift+Z redoes: nothing left to redo)
    table.key(pygame.K_z)
    assert len(table.live.record.moves) == step.keep


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_same_move_again_brings_the_same_replies(app: App, game_id: str) -> None:
    """The bots are set back with the game: their replies are replayed deterministically."""
    table = Table(app, game_id)
    step = table.play_until_undoable(random.Random(2))
    mine = table.live.record.moves[step.keep]
    table.key(pygame.K_z)
    table.until_asked()
    table.scene.controller.submit(mine.command)
    table.until_asked()
    again = list(table.live.record.moves)
    table2 = Table(app, game_id)  # the same game without the undo
    roll = random.Random(2)
    for _ in range(200):
        table2.until_asked()
        if len(table2.live.record.moves) >= len(again):
            break
        if (
            isinstance(table2.scene.controller.undo_state(), UndoStep)
            and len(table2.live.record.moves) > step.keep
        ):
            break
        table2.scene.controller.submit(roll.choice(list(table2.scene.controller.legal())))
    # Each seat's commands, in its own order: where seats choose at once (Samarkand's sealed
    # orders) which of them is recorded first depends on when the bots' threads finish.
    for seat in range(len(table.live.seats)):
        mine_again = [move.command for move in again if move.seat == seat]
        theirs = [move.command for move in table2.live.record.moves if move.seat == seat]
        common = min(len(mine_again), len(theirs))
        assert mine_again[:common] == theirs[:common], f"seat {seat}"


def test_undo_then_resume_continues_the_undone_game(app: App, tmp_path: Path) -> None:
    table = Table(app, "moons")
    step = table.play_until_undoable(random.Random(3))
    table.key(pygame.K_z)
    record = GameRecord.from_json(__import__("json").loads(table.saves[-1]), codec_for)
    resumed = Match(GAMES["moons"].rules, record)
    assert len(resumed.record.moves) == step.keep
    assert _views(resumed) == _views(table.live)


def test_a_refused_undo_says_why_and_changes_nothing(app: App) -> None:
    table = Table(app, "castle")
    table.until_asked()
    state = table.scene.controller.undo_state()
    assert isinstance(state, NoUndo) and state.reason == "Nothing to take back yet"
    before = table.live.state_json()
    table.key(pygame.K_z)
    assert table.scene.message == "Nothing to take back yet"
    assert table.live.state_json() == before
    table.key(pygame.K_y)
    assert table.scene.message == "Nothing to put back"
    undo, _redo = undo_buttons(table.scene.layout)
    table.app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=undo.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    assert table.scene.undo.tooltip() == ("Nothing to take back yet", undo)


class ShutRules:
    """The rules' thread, shut on demand: work sent while `shut` waits until `open`."""

    def __init__(self) -> None:
        self.shut = False
        self.waiting: list[tuple[Callable[[], Any], Future[Any]]] = []

    def __call__(self, work: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        self.waiting.append((work, future))
        if not self.shut:
            self.open()
        return future

    def open(self) -> None:
        self.shut = False
        while self.waiting:
            work, future = self.waiting.pop(0)
            future.set_result(work())


def test_undo_while_the_move_is_with_the_rules_takes_it_back_once_it_is_back(app: App) -> None:
    """Ctrl+Z right after a move, before the rules have it done: heard once they do."""
    rules = ShutRules()
    app.run_rules = rules  # type: ignore[method-assign]
    table = Table(app, "moons")
    table.until_asked()
    rules.shut = True
    table.scene.controller.submit(table.scene.controller.legal()[0])
    assert table.scene.controller.applying
    table.app.stack.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL)
    )
    rules.open()
    for _ in range(3):
        frame(table.app, table.scene, table.router, 0.0, draw=False)
    assert table.live.record.moves == [] and table.scene.message == ""


def test_in_pass_and_play_another_humans_move_blocks_undo(app: App) -> None:
    ui = TABLE_GAMES["market"]
    names_and_looks = zip(("Ada", "Bo"), ui.setup.looks[:2], strict=True)
    specs = [SeatSpec(name, "human", None, look) for name, look in names_and_looks]
    match = Match.new(GAMES["market"].rules, specs, 6)
    router = Router()
    scene = TableScene(app, ui, match, {}, router, lambda m: None)
    app.stack.push(scene)
    roll = random.Random(5)
    mover: int | None = None
    for _ in range(400):
        frame(app, scene, router, 0.25, draw=False)
        if not asked(scene):
            continue
        if mover is not None and scene.controller.viewer != mover:
            state = scene.controller.undo_state()
            assert isinstance(state, NoUndo)
            return
        mover = scene.controller.viewer
        scene.controller.submit(roll.choice(list(scene.controller.legal())))
    pytest.fail("the turn never passed to the other player")
