"""Easing and timelines. Every duration is scaled by the animation-speed setting, and speed 0
("instant") completes each step at once, so nothing ever snaps without its final state. With
the reduce-motion setting nothing moves: each step that moves things is played to its end as
it starts, then held a short fade's time (FADE_SECONDS), which the screen shows as a fade in
place (`ui.table.fade`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]

FADE_SECONDS = 0.2
"""The longest fade reduced motion allows (a move fades in where it goes)."""


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    """Things arriving: fast, then settling."""
    return 1 - (1 - t) ** 3


def ease_in(t: float) -> float:
    """Things leaving (and falling): slow, then accelerating."""
    return t * t * t


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass(slots=True)
class Step:
    """One stretch of a timeline: `update(progress)` is called with eased progress 0..1. A
    step with an `update` moves things (a flight, a slide, a fall, a card turning) unless it
    says it only `fades` (a banner): reduced motion plays a moving step to its end at once."""

    duration: float
    update: Callable[[float], None] | None = None
    easing: Easing = ease_out
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    fades: bool = False

    @property
    def moves(self) -> bool:
        return self.update is not None and not self.fades

    def show(self, progress: float) -> None:
        if self.update is not None:
            self.update(progress)


class Timeline:
    """Steps played one after another. `speed` multiplies playback; 0 means instant. With
    `reduce_motion` a step that moves is shown at its end as it starts and lasts at most
    FADE_SECONDS; `snaps` counts them (the screen fades each one in)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.reduce_motion = False
        self.snaps = 0
        self._steps: deque[Step] = deque()
        self._elapsed = 0.0
        self._started = False

    def add(self, step: Step) -> None:
        self._steps.append(step)

    @property
    def busy(self) -> bool:
        return bool(self._steps)

    def update(self, dt: float) -> None:
        """Advances by `dt` seconds; several short steps may finish within one frame."""
        budget = float("inf") if self.speed <= 0 else dt * self.speed
        while self._steps:
            step = self._steps[0]
            snapping = self.reduce_motion and step.moves
            if not self._started:
                self._started = True
                self._elapsed = 0.0
                if step.on_start:
                    step.on_start()
                if snapping:
                    step.show(1.0)
                    self.snaps += 1
            duration = min(step.duration, FADE_SECONDS) if snapping else step.duration
            remaining = duration - self._elapsed
            if budget < remaining:
                self._elapsed += budget
                if not snapping:
                    step.show(step.easing(self._elapsed / step.duration))
                return
            budget -= max(remaining, 0.0)
            step.show(1.0)
            self._steps.popleft()
            self._started = False
            if step.on_end:
                step.on_end()

    def finish(self) -> None:
        """Plays everything to its end at once (skip)."""
        self.update(float("inf"))
