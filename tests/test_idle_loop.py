"""The loop rests when nothing moves, as a board game waits for a player: every screen comes
to rest and then draws nothing however many turns the loop takes; an animation is drawn at
every turn until it ends; input, a window event, a notice that goes and work ending on a
worker each bring one frame at once; Samarkand's live countdown and the title's light are
drawn at every turn while they move. Turns are counted on a clock of the test's own, never
timed."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui.app import NOTICE_SECONDS, App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.hints import Hint
from tests.table_helpers import asked
from tests.test_hints_table import my_turn, table_for
from tests.test_text_layout import settle
from tests.text_scenes import every_scene

FRAME = 1 / 60
SETTLING_TURN = 0.25
"""Seconds each turn moves the scenes on while a screen comes to rest (they get there sooner
than at a frame a turn, and the same way)."""
MOST_SETTLING_TURNS = 400
"""Turns a screen is given at most to come to rest (100 s: a countdown runs out, bots play,
the ambient motion rests)."""
IDLE_TURNS = 120
"""Turns of the loop at rest (two seconds at 60 a second) in which nothing may be drawn."""


class Clock:
    """The loop's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(app: App) -> Clock:
    clock = Clock()
    app.now = clock
    return clock


@pytest.fixture
def flips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """One entry for each frame shown (`pygame.display.flip`)."""
    shown: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: shown.append(len(shown)))
    yield shown


def turn(app: App, clock: Clock, dt: float = FRAME) -> None:
    """One turn of the loop, `dt` seconds after the last, once the tables' rules, bots and
    hints have finished what they were doing on their threads."""
    settle(app)
    clock.now += dt
    app.step(dt)


def come_to_rest(app: App, clock: Clock, flips: list[int], name: str) -> None:
    """Turns until one draws nothing and no visible scene asks for a frame."""
    for _ in range(MOST_SETTLING_TURNS):
        before = len(flips)
        turn(app, clock, SETTLING_TURN)
        if len(flips) == before and app.stack.next_frame_in() is None:
            return
    pytest.fail(f"{name}: never came to rest")


def drawn_in(app: App, clock: Clock, flips: list[int], turns: int = IDLE_TURNS) -> int:
    """Frames drawn over `turns` turns of the loop, a frame's time apart."""
    before = len(flips)
    for _ in range(turns):
        turn(app, clock)
    return len(flips) - before


def show(app: App, scenes: list[Scene]) -> None:
    app.stack.clear()
    for scene in scenes:
        app.stack.push(scene)


def test_every_screen_comes_to_rest_and_then_draws_nothing(
    app: App, clock: Clock, flips: list[int]
) -> None:
    for name, make in every_scene(app):
        show(app, make())
        come_to_rest(app, clock, flips, name)
        assert drawn_in(app, clock, flips) == 0, name
        assert app.stack.next_frame_in() is None, name


def test_a_table_is_drawn_at_every_turn_until_its_animations_end(
    app: App, clock: Clock, flips: list[int]
) -> None:
    """A move at the table animates, a bot replies (thinking, pausing, its move animated),
    and the player's choices glow while the ambient motion plays: every turn is drawn until
    it all rests, and none after."""
    app.settings.animation_speed = 1.0
    table = table_for(app, "castle")
    my_turn(app, table)
    table.controller.submit(table.controller.legal()[0])
    animated = turns = 0
    while drawn_in(app, clock, flips, turns=1) == 1:
        turns += 1
        animated += table.presenter.busy
        assert turns < MOST_SETTLING_TURNS * 10, "the table never came to rest"
    assert animated > 30 and asked(table)  # the two moves animated, the player asked again
    assert turns - animated > 5 / FRAME  # then the choices glowed a while
    assert app.stack.next_frame_in() is None
    assert drawn_in(app, clock, flips) == 0


def test_a_screen_that_fades_in_is_drawn_at_every_turn_until_it_has(
    app: App, clock: Clock, flips: list[int]
) -> None:
    app.settings.animation_speed = 1.0
    show(app, [GalleryScene(app)])
    come_to_rest(app, clock, flips, "the gallery")
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene)
    fading = 0
    app.stack.push(GalleryScene(app))
    while app.stack.top.appear < 1:  # type: ignore[union-attr]
        assert drawn_in(app, clock, flips, turns=1) == 1
        fading += 1
    assert fading >= 10  # a quarter of a second, a frame at a time
    assert drawn_in(app, clock, flips) == 0


def test_after_a_rest_what_input_starts_starts_from_its_beginning(
    app: App, clock: Clock, flips: list[int]
) -> None:
    """A minute at rest, then Enter opens a game's setup: it fades in from the start (the
    turn after a rest moves the scenes on by a frame at most, not by the minute)."""
    app.settings.animation_speed = 1.0
    show(app, [GalleryScene(app)])
    come_to_rest(app, clock, flips, "the gallery")
    clock.now += 60
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    dt = app.wait_for_turn()
    app.step(dt)
    setup = app.stack.top
    assert not isinstance(setup, GalleryScene) and 0 < setup.appear < 1  # type: ignore[union-attr]
    assert dt <= FRAME


EVENTS: dict[str, Callable[[], pygame.event.Event]] = {
    "the mouse moving": lambda: pygame.event.Event(
        pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)
    ),
    "a key": lambda: pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""),
    "the window uncovered": lambda: pygame.event.Event(pygame.WINDOWEXPOSED),
    "the window focused": lambda: pygame.event.Event(pygame.WINDOWFOCUSGAINED),
    "the window resized": lambda: pygame.event.Event(
        pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720
    ),
}


@pytest.mark.parametrize("event", EVENTS.values(), ids=EVENTS.keys())
def test_an_event_brings_a_frame_at_once(
    app: App, clock: Clock, flips: list[int], event: Callable[[], pygame.event.Event]
) -> None:
    show(app, [GalleryScene(app)])
    come_to_rest(app, clock, flips, "the gallery")
    pygame.event.post(event())
    assert drawn_in(app, clock, flips, turns=1) == 1
    assert drawn_in(app, clock, flips) == 0  # nothing on the gallery moves by itself


def test_a_notice_is_drawn_at_once_and_the_window_again_when_it_goes(
    app: App, clock: Clock, flips: list[int]
) -> None:
    show(app, [GalleryScene(app)])
    come_to_rest(app, clock, flips, "the gallery")
    app.say("Screenshot saved")
    assert drawn_in(app, clock, flips, turns=1) == 1
    shown = round(NOTICE_SECONDS / FRAME)
    assert drawn_in(app, clock, flips, turns=shown - 10) == 0
    assert drawn_in(app, clock, flips, turns=20) == 1  # the notice gone
    assert drawn_in(app, clock, flips) == 0


def test_a_worker_finishing_wakes_the_resting_loop_and_its_result_is_drawn(
    app: App, clock: Clock, flips: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint worked out on a worker while the table rests: the loop waits for nothing else,
    wakes when the worker is done, and the frame it draws then shows the hint."""
    table = table_for(app, "castle")
    my_turn(app, table)
    come_to_rest(app, clock, flips, "the table")
    before = len(flips)
    ui: Any = TABLE_GAMES["castle"]
    hint = ui.hint
    done = threading.Event()

    def slow_hint(*args: Any) -> Hint:
        done.wait(timeout=30)
        return hint(*args)  # type: ignore[no-any-return]

    monkeypatch.setattr(ui, "hint", slow_hint)
    table.hints.ask()  # as H would, without the key's own frame
    for _ in range(10):  # the hint is on its way: nothing to draw meanwhile
        clock.now += FRAME
        app.step(FRAME)
    assert len(flips) == before
    drawn_with_hint: list[bool] = []
    monkeypatch.setattr(
        pygame.display, "flip", lambda: drawn_with_hint.append(table.hints.shown() is not None)
    )
    done.set()
    assert table.hints.job is not None
    table.hints.job[1].result(timeout=30)
    overslept: list[bool] = []

    def wake() -> None:  # so that a loop sleeping through the worker's end fails, not hangs
        overslept.append(True)
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))

    watchdog = threading.Timer(30, wake)
    watchdog.start()
    dt = app.wait_for_turn()
    watchdog.cancel()
    assert not overslept, "the loop slept through the worker's end"
    app.step(dt)
    assert drawn_with_hint == [True]


def test_samarkand_s_live_countdown_is_drawn_at_every_turn(
    app: App, clock: Clock, flips: list[int]
) -> None:
    """The player choosing a card to sell: the table rests. The Dean's clock running for the
    player: its arc shrinks smoothly, every turn drawn, after the ambient motion has rested
    too."""
    table = table_for(app, "samarkand")  # a live countdown, as by default
    my_turn(app, table)
    come_to_rest(app, clock, flips, "the choice of a card to sell")
    table.controller.submit(table.controller.legal()[0])
    counting = drawn = 0
    for _ in range(MOST_SETTLING_TURNS * 10):
        before = len(flips)
        turn(app, clock)
        if table.controller.time_left(0) is not None and not app.ambient.running:
            counting += 1
            drawn += len(flips) - before
        if counting > 120:
            break
        if asked(table) and table.controller.time_left(0) is None:
            table.controller.submit(table.controller.legal()[0])  # the next card to sell
    assert counting > 120 and drawn == counting


def test_the_title_moves_at_every_turn_then_rests_with_its_light_off_the_letters(
    app: App, clock: Clock, flips: list[int]
) -> None:
    title = TitleScene(app)
    show(app, [title])
    moving = 0
    while drawn_in(app, clock, flips, turns=1) == 1:
        moving += 1
        assert moving < MOST_SETTLING_TURNS * 10, "the title never came to rest"
    assert moving > 5 / FRAME  # its ambient motion's seconds at least, a frame at a time
    assert title._sweep() is None
    assert app.stack.next_frame_in() is None
    assert drawn_in(app, clock, flips) == 0
