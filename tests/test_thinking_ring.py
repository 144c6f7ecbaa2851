"""A bot's thinking ring in the table's header: it fills clockwise from the top with the time
budget the settings give (Hard bots use it all), and the budget reaches the bots."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Command, Match, SeatSpec
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.castle.ui.description import CASTLE_UI
from moonlight_desktop.scenes.settings import SettingsScene
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, THINKING_TIMES, Settings, UserData
from tests.table_helpers import Router
from tests.test_statistics_scene import click, step


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    yield application
    application._worker.shutdown(wait=False)
    application.search.close()


class HeldBot:
    """Thinks until released, noting the budget it was given."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.budgets: list[float] = []
        self.inner = make_bot("castle", "easy", 1)

    def __deepcopy__(self, memo: dict[int, Any]) -> HeldBot:
        return self  # the table keeps a copy for undo; an Event cannot be copied

    def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
        self.budgets.append(budget_seconds)
        assert self.release.wait(timeout=5)
        return self.inner.choose(view, legal, budget_seconds)


def _close(a: tuple[int, ...], b: tuple[int, ...], within: int = 40) -> bool:
    return all(abs(x - y) <= within for x, y in zip(a, b, strict=False))


def test_the_ring_fills_with_the_budget_and_the_bot_gets_it(app: App) -> None:
    app.settings.bot_thinking = 1.0
    match = Match.new(
        GAMES["castle"].rules,
        [SeatSpec("Ada"), SeatSpec("Bot", "bot", "easy")],
        4,
        {"start_seat": 1},
    )
    bot = HeldBot()
    scene = TableScene(app, CASTLE_UI, match, {1: bot}, Router(), lambda m: None)
    app.stack.push(scene)
    try:
        app.stack.update(0.0)
        for _ in range(3):  # a quarter of a second of table time, the bot still thinking
            app.stack.update(0.1)
        assert scene.controller.thinking_progress(1) == pytest.approx(0.3)
        app.stack.draw(app.window)
        layout = scene.layout
        rect = layout.header
        centre = (rect.left + layout.px(36), rect.centery - layout.px(4))
        ring, width = layout.px(33), layout.px(3)

        def at(turn: float) -> tuple[int, ...]:
            """The ring's middle `turn` of the way round from the top, clockwise."""
            r = ring - width / 2
            x = centre[0] + r * math.sin(math.tau * turn)
            y = centre[1] - r * math.cos(math.tau * turn)
            return tuple(app.window.get_at((round(x), round(y))))[:3]

        assert _close(at(0.15), theme.GLOW)  # spent: lit
        assert _close(at(0.6), theme.PANEL_BORDER)  # still to come: the faint track
        assert bot.budgets == [1.0]
    finally:
        bot.release.set()
    scene.controller._thinking[1].future.result(timeout=5)
    app.stack.update(0.0)
    assert scene.controller.thinking_progress(1) in (None, 1.0)  # decided: whole, or played


def test_the_thinking_time_setting_is_clamped_to_what_hard_bots_may_take() -> None:
    assert Settings().bot_thinking == 1.5
    assert Settings.from_json({"bot_thinking": 0.5}).bot_thinking == 0.5
    assert Settings.from_json({"bot_thinking": 60}).bot_thinking == 1.5
    assert Settings.from_json({"bot_thinking": 0}).bot_thinking == 0.1
    assert Settings.from_json({"bot_thinking": "fast"}).bot_thinking == 1.5
    assert Settings.from_json({"bot_thinking": float("nan")}).bot_thinking == 1.5
    assert Settings.from_json({"bot_thinking": 10**5000}).bot_thinking == 1.5


def test_the_settings_offer_the_thinking_times(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1200)])
    settings = SettingsScene(app)
    app.stack.reset(settings)
    step(app)
    picker = settings.thinking
    assert picker.value == 1.5
    pos = picker.segment(0).center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert settings.hint() == "Hard bots search for up to 0.5 s a move: longer plays stronger"
    click(app, pos)
    assert app.settings.bot_thinking == THINKING_TIMES[0]
    assert UserData(app.user_data.folder).load_settings().bot_thinking == 0.5


def test_a_hard_bot_thinks_in_another_process_and_plays(app: App) -> None:
    """The window's copy of a Hard bot is never the one that searches (its `last` stays
    empty): the decision came from another process, and was played."""
    app.settings.bot_thinking = 0.1
    match = Match.new(
        GAMES["castle"].rules,
        [SeatSpec("Ada"), SeatSpec("Bot", "bot", "hard")],
        4,
        {"start_seat": 1},
    )
    hard = make_bot("castle", "hard", 1)
    scene = TableScene(app, CASTLE_UI, match, {1: hard}, Router(), lambda m: None)
    app.stack.push(scene)
    for _ in range(3000):
        app.stack.update(0.02)
        if match.record.moves:
            break
        time.sleep(0.02)
    assert match.record.moves and match.record.moves[0].seat == 1
    assert getattr(hard, "last", "no such figure") is None
