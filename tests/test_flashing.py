"""Nothing flashes more than three times a second (WCAG 2.3.1, GAG "avoid flickering images
and repetitive patterns"). Every screen with something that pulses, twinkles or blinks is
drawn over a few seconds of its ambient motion at full pace, and no pixel of it brightens and
dims by a tenth of the luminance range more than three times a second (stricter than WCAG's
flash, which also asks for a large area). What blinks on the wall clock rather than the
scene's (a text field's caret, Samarkand's countdown) is checked by its period."""

from __future__ import annotations

from collections.abc import Callable

import numpy
import pygame
import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.games.samarkand.clock import CLOCK_SECONDS
from moonlight_desktop.scenes.handoff import HandoffScene
from moonlight_desktop.scenes.table_flow import open_table, seat_look
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.glow import glow_pulse
from moonlight_desktop.ui.widgets import CARET_MS
from tests.text_scenes import long_named_seats, mid_game, played

MOST_FLASHES = 3.0
"""A second (WCAG 2.3.1)."""
STEP = 0.1
"""The least change of relative luminance (0..1) that counts as half a flash."""
FRAME = 1 / 30
SECONDS = 4.0
"""Of ambient motion watched (it rests after AMBIENT_SECONDS without input)."""


def relative_luminance(surface: pygame.Surface) -> numpy.ndarray:
    """Each pixel's relative luminance (sRGB, WCAG's formula), 0 to 1."""
    rgb = pygame.surfarray.array3d(surface).astype(numpy.float64) / 255
    linear = numpy.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return linear @ numpy.array([0.2126, 0.7152, 0.0722])


def most_flashes_a_second(frames: list[numpy.ndarray], seconds: float) -> float:
    """The most flashes a second any one pixel makes: a flash is a rise and a fall (or a fall
    and a rise) of at least STEP each, counted with hysteresis so that small wobbles do not
    count."""
    first = frames[0]
    high, low = first.copy(), first.copy()
    direction = numpy.zeros(first.shape, dtype=numpy.int8)  # 1 rising, -1 falling, 0 not yet
    turns = numpy.zeros(first.shape, dtype=numpy.int32)
    for luminance in frames[1:]:
        high = numpy.where(direction >= 0, numpy.maximum(high, luminance), high)
        low = numpy.where(direction <= 0, numpy.minimum(low, luminance), low)
        falls = (direction >= 0) & (luminance <= high - STEP)
        rises = (direction <= 0) & (luminance >= low + STEP)
        turns += (falls & (direction == 1)) + (rises & (direction == -1))
        direction = numpy.where(falls, -1, numpy.where(rises, 1, direction)).astype(numpy.int8)
        low = numpy.where(falls, luminance, low)
        high = numpy.where(rises, luminance, high)
    return float(turns.max()) / 2 / seconds


def watched(app: App, scenes: list[Scene]) -> float:
    """The most flashes a second of the screen `scenes` make, drawn every FRAME for SECONDS
    with someone at the controls (ambient motion at full pace)."""
    app.stack.clear()
    for scene in scenes:
        app.stack.push(scene)
    frames = []
    for _ in range(round(SECONDS / FRAME)):
        app.ambient.stir()
        app.stack.update(FRAME)
        app.stack.draw(app.window)
        frames.append(relative_luminance(app.window))
    return most_flashes_a_second(frames[10:], SECONDS - 10 * FRAME)  # faded in


def hinted_table(app: App) -> list[Scene]:
    ui = TABLE_GAMES["castle"]
    match = Match.new(game_spec("castle").rules, long_named_seats(ui, 2), 3)
    table = open_table(app, ui, played(match, mid_game))
    table.hints.ask()
    if table.hints.job is not None:
        table.hints.job[1].result(timeout=10)
    return [table]


def hand_off(app: App) -> list[Scene]:
    ui = TABLE_GAMES["moons"]
    look = seat_look(ui, ui.setup.looks[1])
    return [HandoffScene(app, "Gwendolyn", look, lambda: None, lambda: None)]


SCREENS: dict[str, Callable[[App], list[Scene]]] = {
    "title (twinkling sparkles, the sky, the light over the title)": lambda app: [TitleScene(app)],
    "hand-off (the breathing halo, sparkles)": hand_off,
    "a table with a hint (the pulsing glow)": hinted_table,
}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_nothing_on_screen_flashes_more_than_three_times_a_second(app: App, screen: str) -> None:
    app.settings.animation_speed = 1.0
    app.window = pygame.display.set_mode((800, 450))
    assert watched(app, SCREENS[screen](app)) <= MOST_FLASHES


def test_the_count_sees_a_fast_blink() -> None:
    """Five blinks a second, drawn at 30 frames a second, are counted as five (the checks
    above can fail)."""
    times = numpy.arange(0, 2, FRAME)
    frames = [numpy.full((2, 2), 0.9 if (t * 5) % 1 < 0.5 else 0.1) for t in times]
    assert most_flashes_a_second(frames, 2.0) == pytest.approx(5, abs=0.5)
    slow = [numpy.full((2, 2), 0.5 + 0.4 * numpy.sin(t * 3.2)) for t in times]
    assert most_flashes_a_second(slow, 2.0) < 1


def test_what_blinks_by_the_clock_stays_under_three_a_second() -> None:
    """The caret blinks once a second; Samarkand's countdown changes its number at most
    1.25 times a second (fast pace); a hint's glow swells about once every two seconds."""
    assert 1000 / (2 * CARET_MS) <= MOST_FLASHES
    assert 1 / min(CLOCK_SECONDS.values()) <= MOST_FLASHES
    samples = [glow_pulse(t) for t in numpy.arange(0, 10, 0.01)]
    peaks = sum(1 for a, b, c in zip(samples, samples[1:], samples[2:], strict=False) if a < b > c)
    assert peaks / 10 <= MOST_FLASHES
