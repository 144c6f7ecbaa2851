"""A monkey at the table: random clicks, undo and redo (keys and buttons), resizes and frames
for every game, against bots and in pass-and-play. Nothing may raise, and after every burst the
table's match is exactly its record replayed: undo and redo never leave the table out of step."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.bench import sample_seats
from moonlight_desktop.game_list import GAMES, TABLE_GAMES, make_bot
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.log_panel import undo_buttons
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import UserData
from tests.table_helpers import Router, frame

SIZES = ((1280, 720), (800, 450), (1920, 1080))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.window = pygame.display.set_mode((1280, 720))
    application.settings.animation_speed = 0.0
    yield application
    application.close()


def _table(app: App, game_id: str, humans: int) -> tuple[TableScene, Router]:
    ui = TABLE_GAMES[game_id]
    seats = sample_seats(GAMES[game_id].rules)
    specs = [
        SeatSpec(f"H{n}", "human", None, ui.setup.looks[n])
        if n < humans
        else SeatSpec(f"B{n}", "bot", "easy", ui.setup.looks[n])
        for n in range(seats)
    ]
    options = {"mode": "sealed"} if game_id == "samarkand" else {}
    match = Match.new(GAMES[game_id].rules, specs, 11, options)
    bots = {n: make_bot(game_id, "easy", n) for n in range(humans, seats)}
    router = Router()
    scene = TableScene(app, ui, match, bots, router, lambda m: None)
    app.stack.push(scene)
    return scene, router


def _poke(app: App, scene: TableScene, roll: random.Random) -> None:
    kind = roll.randrange(10)
    width, height = app.size
    if kind < 4:
        point = (roll.randrange(width), roll.randrange(height))
        app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))
        app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=point))
    elif kind < 6 and scene.controller.may_act() and scene.controller.legal():
        scene.controller.submit(roll.choice(list(scene.controller.legal())))
    elif kind == 6:
        mod = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if roll.random() < 0.3 else 0)
        key = roll.choice((pygame.K_z, pygame.K_y))
        app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod))
    elif kind == 7:
        undo, redo = undo_buttons(scene.layout)
        target = roll.choice((undo, redo))
        app.stack.handle_event(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=target.center)
        )
    elif kind == 8:
        size = roll.choice(SIZES)
        app.window = pygame.display.set_mode(size)
        app.stack.resize(size)
    else:
        pos = (roll.randrange(width), roll.randrange(height))
        app.stack.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("humans", [1, 2])
def test_a_monkey_never_breaks_the_table(app: App, game_id: str, humans: int) -> None:
    scene, router = _table(app, game_id, humans)
    roll = random.Random(f"{game_id}{humans}")
    for burst in range(60):
        for _ in range(8):
            _poke(app, scene, roll)
            frame(app, scene, router, 0.2, draw=burst % 10 == 0)
        live = scene.match
        replayed = live.replayed()
        assert replayed.state_json() == live.state_json()
        shown = scene.presenter.shown
        if not scene.presenter.busy and not scene.controller.requests:
            assert shown.to_json() == live.view(shown.viewer).to_json()  # the board is true
        if router.over:
            break
