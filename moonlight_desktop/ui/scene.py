"""Scenes and the scene stack (push, pop, replace, reset), in the style of Tuxemon's state
manager. Events go to the top scene first and pass down only through scenes that let them;
transparent scenes (dialogs, the hand-off screen) are drawn over the scenes below them.

Each scene says how soon it must be drawn again if nothing happens (`next_frame_in`), so the
loop draws only while something moves and otherwise waits for input. Motion that would never
end by itself (twinkling stars, a glowing choice's pulse) runs on the app's `Ambient` pace,
which comes to rest a few seconds after the last input."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


AMBIENT_SECONDS = 5.0
"""How long ambient motion plays after the last input (or a new screen, or a move animated)
before it rests: a board game waits far more than it moves, and a window at rest draws
nothing."""
SETTLE_SECONDS = 1.0
"""Over its last second ambient motion slows to a stop, so that nothing halts with a jolt."""


class Ambient:
    """How lively the window is: motion that never ends by itself (the night sky's twinkle,
    the glow of a choice or a hint) runs at full pace, at every frame, while someone is at the
    controls; AMBIENT_SECONDS after the last stir it has slowed to a stop (over its last
    SETTLE_SECONDS) and rests where it is; the next stir starts it again from there. Each
    scene keeps its own ambient clock (which runs only while it is on top) and moves it on by
    `pace(dt)`."""

    def __init__(self, held: Callable[[], bool] = lambda: False) -> None:
        self.still = 0.0
        """Seconds since the last stir."""
        self.held = held
        """Whether ambient motion is held still for good (the reduce-motion setting): no
        twinkle, no pulse, the glows steady."""

    def stir(self) -> None:
        """Someone is at the controls (any input), or something new is shown (another screen,
        a move animated)."""
        self.still = 0.0

    def pass_time(self, dt: float) -> None:
        self.still += dt

    @property
    def running(self) -> bool:
        """Ambient motion still plays (scenes that show some want every frame)."""
        return self.still < AMBIENT_SECONDS and not self.held()

    def pace(self, dt: float) -> float:
        """How far ambient clocks move in a frame of `dt` seconds: all of it at first, less and
        less over the last SETTLE_SECONDS, nothing at rest."""
        if self.held():
            return 0.0
        share = (AMBIENT_SECONDS - self.still) / SETTLE_SECONDS
        return dt * min(1.0, max(0.0, share))


class Scene:
    transparent = False
    """Drawn over the scene below (which is drawn first) instead of hiding it."""
    passes_events = False
    """Events this scene does not consume go on to the scene below."""

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_exit(self) -> None:
        """Popped or replaced."""

    def on_resume(self) -> None:
        """The scene above was popped: this one is on top again."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""

    def in_language(self) -> Scene:
        """This scene in the language just chosen (App.set_language): itself, for a scene
        that words what it draws as it draws it; a scene that worded its controls when it was
        made returns a new one like it."""
        return self

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None: ...

    def next_frame_in(self) -> float | None:
        """How soon this scene must be drawn again if nothing happens meanwhile: 0 while it
        moves (it wants every frame), the seconds until something timed changes it (a message
        that goes), None when only input, or work ending on a worker, changes it. The loop
        draws after any input whatever this says, and gives a scene at rest no time: what
        changes at a time keeps its own clock. The default, 0, draws every frame: a scene that
        does not say is never left stale."""
        return 0.0


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.changes = 0
        """Counts pushes and pops: a new scene on top (or one gone) is drawn at once."""

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self.changes += 1
        scene.on_enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        self.changes += 1
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swaps the top scene for another (the one below is not resumed in between)."""
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clears the whole stack (e.g. back to the gallery from anywhere)."""
        self.clear()
        self.push(scene)

    def clear(self) -> None:
        """Every scene leaves, top first (on reset, and when the window closes)."""
        while self.scenes:
            self.changes += 1
            self.scenes.pop().on_exit()

    def pop_to(self, kind: type[Scene]) -> bool:
        """Pops down to the nearest scene of `kind`; False (nothing popped) when there is none."""
        if not any(isinstance(scene, kind) for scene in self.scenes):
            return False
        while not isinstance(self.scenes[-1], kind):
            self.pop()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self.scenes[:]):
            if scene.handle_event(event):
                return True
            if not scene.passes_events:
                return False
        return False

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and all it lets show through."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        return self.scenes[max(start, 0) :]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def next_frame_in(self) -> float | None:
        """The soonest any visible scene must be drawn again (None: they all wait)."""
        waits = [scene.next_frame_in() for scene in self.visible()]
        return min((wait for wait in waits if wait is not None), default=None)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.on_resize(size)
