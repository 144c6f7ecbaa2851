"""Easing and timelines. Every duration is scaled by the animation-speed setting, and speed 0
("instant") completes each step at once, so nothing ever snaps without its final state."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

Easing = Callable[[float], float]


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
    """One stretch of a timeline: `update(progress)` is called with eased progress 0..1."""

    duration: float
    update: Callable[[float], None] = lambda _progress: None
    easing: Easing = ease_out
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None


class Timeline:
    """Steps played one after another. `speed` multiplies playback; 0 means instant."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
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
            if not self._started:
                self._started = True
                self._elapsed = 0.0
                if step.on_start:
                    step.on_start()
            remaining = step.duration - self._elapsed
            if budget < remaining:
                self._elapsed += budget
                step.update(step.easing(self._elapsed / step.duration))
                return
            budget -= max(remaining, 0.0)
            step.update(1.0)
            self._steps.popleft()
            self._started = False
            if step.on_end:
                step.on_end()

    def finish(self) -> None:
        """Plays everything to its end at once (skip)."""
        self.update(float("inf"))
