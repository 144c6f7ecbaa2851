"""Driving the window's online play in tests: a game server on a thread of its own, frames of
the app until something holds (the network takes real time), and the table's seat played by
picking among what it may do."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from moonlight_desktop.net.hosting import HostedServer
from moonlight_desktop.net.store import SQLiteStore
from moonlight_desktop.scenes.online_menu import OnlineMenuScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.online_table import OnlineTable
from tests.lesson_driver import next_click
from tests.table_helpers import key, press


@contextmanager
def hosted_server(folder: Path, **options: object) -> Iterator[str]:
    """A game server on its own thread and SQLite file, bots at full speed; its address."""
    store = SQLiteStore(folder / "rooms.sqlite3")
    server = HostedServer(store, **{"bot_pause": 0.0, **options})
    port = server.start("127.0.0.1", 0)
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        server.stop()
        store.close()


def frames_until(app: App, holds: Callable[[], bool], timeout: float = 20.0) -> None:
    """Frames of the whole app (drawn) until `holds()`; TimeoutError if it never does."""
    deadline = time.monotonic() + timeout
    while not holds():
        if time.monotonic() > deadline:
            raise TimeoutError(f"still not so after {timeout} s: {holds}")
        app.step(1 / 60)
        time.sleep(0.002)


def type_text(app: App, text: str) -> None:
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def top(app: App) -> object:
    return app.stack.top


def play_until(
    app: App,
    game: str,
    table: OnlineTable,
    rng: random.Random,
    until: Callable[[], bool],
    timeout: float = 300.0,
) -> tuple[int, int]:
    """Frames in which the table's seat plays whenever asked, until `until()`: how many of
    its commands were given by clicks, and how many had to be chosen otherwise."""
    clicked = chosen = missed = 0

    def played_enough() -> bool:
        nonlocal clicked, chosen, missed
        made = play_by_clicks(app, game, table, rng, may_choose=missed > PATIENCE)
        clicked += made == 1
        chosen += made == 0
        missed = missed + 1 if made == -1 else 0
        return until()

    frames_until(app, played_enough, timeout)
    return clicked, chosen


PATIENCE = 60
"""Frames a seat waits for one of its commands to be on the screen before choosing one."""


def click_through(app: App, button: object) -> None:
    """A click (through the app, mouse moved there first) on `button`, or on the top scene's
    button of that name."""
    if isinstance(button, str):
        button = getattr(app.stack.top, button)
    rect = getattr(button, "rect")  # noqa: B009 - any widget
    press(app, rect.center)
    app.step(1 / 60)


def type_into(app: App, field: object, text: str) -> None:
    """Clicks the text field, empties it and types `text`."""
    click_through(app, field)
    for _ in range(len(getattr(field, "value"))):  # noqa: B009 - any text field
        key(app, pygame.K_BACKSPACE)
    type_text(app, text)
    app.step(1 / 60)


def join_by_clicks(app: App, menu: OnlineMenuScene, name: str, code: str, url: str) -> None:
    """Play online's Join, filled in and clicked as a player would."""
    type_into(app, menu.name, name)
    type_into(app, menu.code, code)
    type_into(app, menu.join_server, url)
    click_through(app, menu.join_button)


def play_by_clicks(
    app: App, game: str, table: OnlineTable, rng: random.Random, may_choose: bool = False
) -> int | None:
    """When the seat is asked and nothing animates: one of its legal commands, by clicks where
    the screen shows it (1); when none is on the screen yet (a button laid out at the next
    frame), -1, or when `may_choose` one chosen as the action strip would (0). None when the
    seat is not asked."""
    controller = table.controller
    if table.presenter.busy or not controller.may_act():
        return None
    legal = list(controller.legal())
    rng.shuffle(legal)
    moves = len(table.remote.record.moves)

    def sent() -> bool:
        return controller.applying or len(table.remote.record.moves) > moves

    for command in legal:
        for _click in range(5):
            point = next_click(game, table, command)
            if point is None:
                break
            press(app, point)
            app.step(1 / 60)
            if sent():
                return 1
    if not legal or not controller.may_act():
        return None
    if not may_choose:
        return -1
    table.input.choose(legal[0])
    return 0
