"""Scenes and the scene stack (push, pop, replace, reset), in the style of Tuxemon's state
manager. Events go to the top scene first and pass down only through scenes that let them;
transparent scenes (dialogs, the hand-off screen) are drawn over the scenes below them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


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

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
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

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.on_resize(size)
