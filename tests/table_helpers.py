"""Driving a game's table in tests: a reduced scenes layer and synthetic frames and clicks."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.game_ui import Standings
from moonlight_desktop.ui.table.scene import TableScene


class Router:
    """The scenes layer, reduced: a hand-off is over as soon as it is asked for."""

    def __init__(self) -> None:
        self.ready: list[Callable[[], None]] = []
        self.hand_offs = 0
        self.over = 0
        self.standings: Standings | None = None
        """What the table's game over brought (made on the rules' thread)."""

    def pause(self, table: TableScene) -> None:
        pass

    def hand_off(self, table: TableScene, seat: int, on_ready: Callable[[], None]) -> None:
        self.hand_offs += 1
        self.ready.append(on_ready)

    def game_over(self, table: TableScene, standings: Standings) -> None:
        self.over += 1
        self.standings = standings


def frame(app: App, scene: TableScene, router: Router, dt: float, draw: bool = True) -> None:
    """One frame: the rules finish the command they are applying and bots finish thinking
    (each on their threads), hand-offs are taken at once."""
    scene.controller.settle(timeout=5)
    app.stack.update(dt)
    for job in list(scene.controller._thinking.values()):
        job.future.result(timeout=5)
    while router.ready:
        router.ready.pop(0)()
    if draw:
        app.stack.draw(app.window)


def click(app: App, point: tuple[int, int]) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))


def asked(scene: TableScene) -> bool:
    """The human at the screen decides, and the board shows what they may see."""
    shown = scene.presenter.shown.viewer == scene.controller.viewer
    return scene.controller.may_act() and not scene.presenter.busy and shown


def key(app: App, which: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=which, mod=mod, unicode=""))


def press(app: App, pos: tuple[int, int]) -> None:
    """The mouse moves to `pos` and clicks there (down and up), through the app."""
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def run_frames(app: App, scene: TableScene, count: int = 10) -> None:
    """`count` frames of the whole app, each after the rules and the bots have finished
    what they were doing (on their threads)."""
    for _ in range(count):
        scene.controller.settle(timeout=5)
        for job in list(scene.controller._thinking.values()):
            job.future.result(timeout=10)
        app.step(1 / 60)
