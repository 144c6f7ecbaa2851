"""Nothing hidden reaches an online table's screen: twins, two tables that differ only in what
a seat cannot know, told to that seat by the server (its whole table: view, log, what it may
do), give its window the same pixels. (The server's own twins test checks that every message
it sends a seat, updates included, is the same bytes; the window draws only from those.)"""

from __future__ import annotations

import copy
import hashlib
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Rng
from moonlight_desktop.game_list import GAMES, TABLE_GAMES
from moonlight_desktop.net.protocol import Message, Resume, decode_server, encode
from moonlight_desktop.net.room import Room
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.online_table import OnlineTable
from tests.probes import probe_for
from tests.table_helpers import Router
from tests.test_net_room import play_random, stored_room


@dataclass
class QuietLink:
    """A link that is online and sends nowhere: the test tells the table what the server
    would."""

    url: str = "ws://twins.invalid:8765"
    state: str = "online"
    problem: str = ""
    round_trip: float = 0.0
    sent: list[Message] = field(default_factory=list)

    @property
    def online(self) -> bool:
        return True

    def send(self, message: Message) -> bool:
        self.sent.append(message)
        return True

    def resume(self, room: str) -> None:
        self.sent.append(Resume(room, "t" * 32))


def twin(room: Room, state: Any) -> Room:
    """`room` with its state swapped for `state`, its record (and so its log) kept."""
    other = copy.copy(room)
    other.match = room.match.replayed()
    other.match._state = state  # type: ignore[attr-defined]
    return other


def shown(app: App, room: Room, seat: int) -> str:
    """The pixels (a digest) of `seat`'s window told `room`'s table."""
    link = QuietLink()
    table = OnlineTable(
        app,
        TABLE_GAMES[room.stored.game],
        link,
        decode_server(encode(room.table_state(seat, ()))),
        Router(),  # type: ignore[arg-type]
    )
    app.stack.reset(GalleryScene(app))
    app.stack.push(table)
    for _ in range(3):
        table.update(1 / 60)
    table.draw(app.window)
    return hashlib.sha256(pygame.image.tobytes(app.window, "RGB")).hexdigest()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_online_seat_sees_the_same_pixels_when_only_what_it_cannot_know_differs(
    app: App, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The countdowns are shown as time passes: the clock stands still for both twins.
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0)
    rules, probe = GAMES[game].rules, probe_for(game)
    count = rules.min_seats + 1 if rules.max_seats > rules.min_seats else rules.min_seats
    rng, facts = random.Random(count), Rng(count)
    room = Room(stored_room(game, ["person"] * count))
    checked = 0
    while room.match.to_act() and checked < 4:
        seat = rng.randrange(count)
        other = probe.hidden_facts_changed(room.match.snapshot(), seat, facts)
        if other is not None and rng.random() < 0.3:
            assert shown(app, twin(room, other), seat) == shown(app, room, seat)
            checked += 1
        play_random(room, rng)
    assert checked == 4
