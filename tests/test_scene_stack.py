"""The scene stack: push/pop pairing, event propagation, overlays drawn over the scene below."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui.scene import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], color=(0, 0, 0), consumes=True) -> None:
        super().__init__(app=None)  # type: ignore[arg-type]
        self.name, self.log, self.color, self.consumes = name, log, color, consumes

    def on_enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def on_resume(self) -> None:
        self.log.append(f"resume {self.name}")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.log.append(f"event {self.name}")
        return self.consumes

    def update(self, dt: float) -> None:
        self.log.append(f"update {self.name}")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw {self.name}")
        surface.fill(self.color, pygame.Rect(0, 0, 10, 10))


class Overlay(Recorder):
    transparent = True

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw {self.name}")
        surface.fill(self.color, pygame.Rect(0, 0, 5, 5))  # covers only part of the scene


class PassThrough(Overlay):
    passes_events = True


def test_push_and_pop_pair_their_enter_and_exit():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("board", log))
    stack.push(Recorder("pause", log))
    assert stack.pop().name == "pause"
    assert log == ["enter board", "enter pause", "exit pause", "resume board"]


def test_replace_and_reset():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("title", log))
    stack.replace(Recorder("gallery", log))
    stack.push(Recorder("setup", log))
    stack.reset(Recorder("gallery2", log))
    assert [scene.name for scene in stack.scenes] == ["gallery2"]  # type: ignore[attr-defined]
    assert log == [
        "enter title",
        "exit title",
        "enter gallery",
        "enter setup",
        "exit setup",
        "exit gallery",
        "enter gallery2",
    ]


class Gallery(Recorder):
    pass


def test_pop_to_a_kind_of_scene():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Gallery("gallery", log))
    stack.push(Overlay("a", log))
    stack.push(Overlay("b", log))
    assert stack.pop_to(PassThrough) is False and len(stack.scenes) == 3
    assert stack.pop_to(Gallery) is True
    assert [scene.name for scene in stack.scenes] == ["gallery"]  # type: ignore[attr-defined]


def test_events_go_to_the_top_scene_and_stop_there():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("board", log))
    stack.push(Overlay("dialog", log, consumes=False))
    log.clear()
    assert stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is False
    assert log == ["event dialog"]  # a modal overlay keeps unused events from the board


def test_events_pass_down_through_a_scene_that_lets_them():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("board", log))
    stack.push(PassThrough("toast", log, consumes=False))
    log.clear()
    assert stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is True
    assert log == ["event toast", "event board"]


def test_only_the_top_scene_updates():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("board", log))
    stack.push(Overlay("pause", log))
    log.clear()
    stack.update(0.016)
    assert log == ["update pause"]


def test_overlays_draw_over_the_scene_below():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder("gallery", log, color=(0, 0, 255)))
    stack.push(Recorder("board", log, color=(255, 0, 0)))
    stack.push(Overlay("dialog", log, color=(0, 255, 0)))
    stack.push(Overlay("handoff", log, color=(255, 255, 0)))
    log.clear()
    surface = pygame.Surface((10, 10))
    stack.draw(surface)
    assert log == ["draw board", "draw dialog", "draw handoff"]  # not the hidden gallery
    assert surface.get_at((2, 2))[:3] == (255, 255, 0)
    assert surface.get_at((8, 8))[:3] == (255, 0, 0)  # the board shows around the overlays
