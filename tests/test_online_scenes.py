"""Online play in the window when the network is not kind, and the table's online parts: a
server that is not there, a wrong code, a full table, another version, a server gone and back
mid-game, undo through the server, the table messages, a turn coming round elsewhere."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.net import client
from moonlight_desktop.net.bench import free_port
from moonlight_desktop.net.client import TableClient
from moonlight_desktop.net.hosting import HostedServer
from moonlight_desktop.net.link import Arrived
from moonlight_desktop.net.protocol import Create, Join, SeatWish, Update
from moonlight_desktop.net.store import SQLiteStore
from moonlight_desktop.online_seats import new_seat
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.online_flow import OnlinePlay
from moonlight_desktop.scenes.table_over import TableOverScene
from moonlight_desktop.scenes.waiting_room import WaitingRoomScene
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui.app import TITLE, App
from moonlight_desktop.ui.table.keymap import TABLE_KEYS
from moonlight_desktop.ui.table.online_table import (
    MUTE_LABEL,
    PHRASE_WORDS,
    TALK_WORDS,
    OnlineTable,
    say_button,
)

from .keyboard_helpers import KeyFocus, ring_round
from .online_helpers import click_through, frames_until, hosted_server, play_until
from .table_helpers import key, press

ME_AND_A_BOT = [SeatWish("me", name="Ada"), SeatWish("bot", "easy")]


def waiting_room(app: App, url: str, request: object) -> WaitingRoomScene:
    app.stack.reset(GalleryScene(app))
    room = WaitingRoomScene(app, url, request, "A table", "castle")  # type: ignore[arg-type]
    app.stack.push(room)
    return room


def at_the_table(
    app: App, url: str, game: str = "castle", seats: list[SeatWish] = ME_AND_A_BOT
) -> OnlineTable:
    waiting_room(app, url, Create(game, seats, "Ada"))
    frames_until(app, lambda: isinstance(app.stack.top, OnlineTable))
    table = app.stack.top
    assert isinstance(table, OnlineTable)
    return table


def test_a_server_that_is_not_there_is_said_in_a_sentence_and_back_goes_back(app: App) -> None:
    url = f"ws://127.0.0.1:{free_port()}"
    room = waiting_room(app, url, Create("castle", ME_AND_A_BOT, "Ada"))
    frames_until(app, lambda: bool(room.link.problem))
    assert room.link.problem.startswith("No game server answers at") and not room.room
    app.stack.draw(app.window)
    click_through(app, room.back_button)
    assert isinstance(app.stack.top, GalleryScene)


def test_a_wrong_code_and_a_full_table_are_refused_in_a_sentence(app: App, tmp_path: Path) -> None:
    with hosted_server(tmp_path) as url:
        room = waiting_room(app, url, Join("ZZZZZZ", "Ben"))
        frames_until(app, lambda: bool(room.message))
        assert "ZZZZZZ" in room.message or "no room" in room.message.lower()
        table = at_the_table(app, url)  # only Ada and a bot: no seat for anyone else
        full = waiting_room(app, url, Join(table.room, "Ben"))
        frames_until(app, lambda: bool(full.message))
        assert not full.room and "full" in full.message.lower()


def test_another_protocol_version_is_said_plainly(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client, "PROTOCOL_VERSION", 99)
    with hosted_server(tmp_path) as url:
        room = waiting_room(app, url, Create("castle", ME_AND_A_BOT, "Ada"))
        frames_until(app, lambda: room.link.state == "refused")
        assert "version" in room.link.problem.lower()
        app.stack.draw(app.window)


def test_a_table_finds_its_server_again_and_the_game_goes_on(app: App, tmp_path: Path) -> None:
    port = free_port()
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    server = HostedServer(store, bot_pause=0.0)
    server.start("127.0.0.1", port)
    try:
        table = at_the_table(app, f"ws://127.0.0.1:{port}")
        rng = random.Random(4)
        play_until(app, "castle", table, rng, lambda: len(table.remote.record.moves) >= 6)
        server.stop()
        frames_until(app, lambda: table.link.state == "reconnecting")
        app.stack.draw(app.window)  # the one line over the board, the table still there
        assert app.stack.top is table
        server = HostedServer(store, bot_pause=0.0)
        server.start("127.0.0.1", port)
        frames_until(app, lambda: table.link.online, timeout=30)
        play_until(app, "castle", table, rng, lambda: isinstance(app.stack.top, TableOverScene))
    finally:
        server.stop()
        store.close()


def test_undo_online_takes_back_the_seats_own_last_move(app: App, tmp_path: Path) -> None:
    """Moons' tableau is laid face down, one card at a time: news to nobody, so the seat may
    take a card back (the bots wait, as people would)."""
    seats = [*ME_AND_A_BOT, SeatWish("bot", "easy")]
    with hosted_server(tmp_path, bot_pause=30.0) as url:
        table = at_the_table(app, url, "moons", seats)
        frames_until(app, table.controller.may_act)
        table.input.choose(table.controller.legal()[0])
        frames_until(app, lambda: len(table.remote.record.moves) == 1)
        assert table.remote.record.moves[0].seat == 0
        table.undo.take_back()  # type: ignore[union-attr]
        frames_until(app, lambda: not table.remote.record.moves)
        assert table.controller.may_act() and not table.message


def test_table_messages_show_in_a_bubble_and_mute_with_one_click(app: App, tmp_path: Path) -> None:
    with hosted_server(tmp_path, bot_pause=5.0) as url:
        table = at_the_table(app, url)
        app.step(1 / 60)
        press(app, say_button(table.layout).center)
        assert table.menu is not None
        rects = table.menu_rects(table.menu)
        press(app, rects[0][0].center)  # "Hello!"
        frames_until(app, lambda: bool(table.bubbles))
        assert table.bubbles[0].words == PHRASE_WORDS["hello"] and table.bubbles[0].seat == 0
        press(app, table.bubble_rect(table.bubbles[0]).center)  # one click mutes
        assert table.muted and not table.bubbles
        press(app, say_button(table.layout).center)
        assert table.menu is not None and table.menu.items[-1].label == "Show table messages"
        press(app, say_button(table.layout).center)
        time.sleep(2.1)  # one message at a time a seat
        table.say("good_game")
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            app.step(1 / 60)
        assert not table.bubbles


def tab_to(app: App, table: OnlineTable, name: str) -> None:
    """Tab round the table's focus ring until it rests on what is called `name`."""
    for _ in range(60):
        key(app, pygame.K_TAB)
        here = table.keys.focused(table.table)
        if here is not None and here.name == name:
            return
    raise AssertionError(f"Tab never reached {name!r}")


def test_table_messages_by_keys_alone(app: App, tmp_path: Path) -> None:
    app.speech = Speech(RecordingVoice(), enabled=True)
    voice = app.speech.voice
    assert isinstance(voice, RecordingVoice)
    with hosted_server(tmp_path, bot_pause=5.0) as url:
        table = at_the_table(app, url)
        app.step(1 / 60)
        keys = KeyFocus(app, table)
        key(app, pygame.K_t)  # T opens the table messages, the focus on the first
        assert table.menu is not None and table.menu_focus == 0
        assert voice.lines[-1] == PHRASE_WORDS["hello"]
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_UP)
        assert table.menu_focus == 1 and voice.lines[-1] == PHRASE_WORDS["good_luck"]
        app.stack.draw(app.window)
        assert ring_round(app, table.menu_rects(table.menu)[1][0], table.layout.px)
        key(app, pygame.K_ESCAPE)  # closes the menu, not the table
        assert table.menu is None and app.stack.top is table
        tab_to(app, table, TALK_WORDS)  # the button by the log's toolbar is on the ring
        key(app, pygame.K_RETURN)
        assert table.menu is not None and table.menu_focus == 0
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # round to the last: muting
        assert voice.lines[-1] == MUTE_LABEL
        key(app, pygame.K_TAB)
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)  # "Good luck!"
        assert table.menu is None
        frames_until(app, lambda: bool(table.bubbles))
        assert table.bubbles[0].words == PHRASE_WORDS["good_luck"]
        keys.assert_keys_only()
        help_keys = [help.keys for help in (*TABLE_KEYS, *table.own_keys)]
        assert "T" in help_keys


def test_a_turn_at_another_table_says_so_in_the_title(app: App) -> None:
    play = OnlinePlay.of(app)
    url = "ws://host.invalid:8765"
    play.seats.hold(new_seat(url, "ABC234", "t" * 32, "moons", 1, host=False))
    app.stack.reset(GalleryScene(app))
    turn = Update("ABC234", 5, 0, [], {}, [1], [], [])
    play._rest(url, Arrived(turn, time.monotonic()))  # what the hub hands on: no table open
    assert pygame.display.get_caption()[0].startswith("Your turn at Moons")
    play.seen_turn(url, "ABC234")
    assert pygame.display.get_caption()[0] == TITLE


def _join_and_leave(url: str, room: str) -> None:
    """A friend sits down with a client of their own, then drops out."""

    async def visit() -> None:
        friend = await TableClient.connect(url)
        await friend.join(room, "Ben")
        await friend.close()

    asyncio.run(visit())


def hosting_with_ben_away(app: App, url: str) -> OnlineTable:
    """Ada's table of Moons, hosted, where her friend Ben sat down and went away."""
    seats = [SeatWish("me", name="Ada"), SeatWish("person"), SeatWish("bot", "easy")]
    room = waiting_room(app, url, Create("moons", seats, "Ada", wait=True))
    frames_until(app, lambda: bool(room.room))
    threading.Thread(target=_join_and_leave, args=(url, room.room)).start()
    frames_until(app, lambda: room.can_start() and room.start_button in room.widgets)
    click_through(app, room.start_button)
    frames_until(app, lambda: isinstance(app.stack.top, OnlineTable))
    table = app.stack.top
    assert isinstance(table, OnlineTable)
    frames_until(app, lambda: not table.online.seats[1].here)
    return table


def test_the_host_lets_a_bot_play_for_a_friend_who_is_away_and_keeps_the_seat_for_them(
    app: App, tmp_path: Path
) -> None:
    with hosted_server(tmp_path) as url:
        table = hosting_with_ben_away(app, url)
        dot = table.presence_dot(table.layout.seats[1])
        press(app, dot.center)
        assert table.menu is not None and "Ben" in table.menu.items[0].label
        press(app, table.menu_rects(table.menu)[1][0].center)  # a Normal bot
        frames_until(app, lambda: table.online.seats[1].level == "normal")
        assert 1 in table.table.bots
        rng = random.Random(2)
        play_until(
            app, "moons", table, rng, lambda: any(m.seat == 1 for m in table.remote.record.moves)
        )
        press(app, dot.center)
        assert table.menu is not None and table.menu.items[0].label == "Keep Ben's seat for them"
        press(app, table.menu_rects(table.menu)[0][0].center)
        frames_until(app, lambda: table.online.seats[1].level is None)


def test_the_host_hands_an_away_seat_to_a_bot_and_back_by_keys(app: App, tmp_path: Path) -> None:
    app.speech = Speech(RecordingVoice(), enabled=True)
    voice = app.speech.voice
    assert isinstance(voice, RecordingVoice)
    with hosted_server(tmp_path) as url:
        table = hosting_with_ben_away(app, url)
        keys = KeyFocus(app, table)  # from here on, keys alone
        dot = table.presence_dot(table.layout.seats[1])
        tab_to(app, table, table.presence_words(1))  # Ben's presence dot is on the ring
        app.stack.draw(app.window)
        assert ring_round(app, dot, table.layout.px)
        key(app, pygame.K_RETURN)
        assert table.menu is not None and voice.lines[-1] == "Let a bot play for Ben (Easy)"
        key(app, pygame.K_DOWN)
        assert voice.lines[-1] == "Let a bot play for Ben (Normal)"
        key(app, pygame.K_RETURN)
        frames_until(app, lambda: table.online.seats[1].level == "normal")
        tab_to(app, table, table.presence_words(1))
        key(app, pygame.K_RETURN)
        assert voice.lines[-1] == "Keep Ben's seat for them"
        key(app, pygame.K_SPACE)
        frames_until(app, lambda: table.online.seats[1].level is None)
        keys.assert_keys_only()


def test_the_waiting_room_reads_its_code_and_seats_to_the_keyboard(
    app: App, tmp_path: Path
) -> None:
    seats = [SeatWish("me", name="Ada"), SeatWish("person"), SeatWish("bot", "easy")]
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    with hosted_server(tmp_path) as url:
        room = waiting_room(app, url, Create("moons", seats, "Ada", wait=True))
        frames_until(app, lambda: bool(room.room) and bool(room.seats))
        said = []
        for _ in range(5):  # the code, Copy, then each seat
            key(app, pygame.K_TAB)
            said.append(voice.lines[-1])
        assert said[:2] == [f"Room code: {' '.join(room.room)}", "Copy the code, button"]
        assert said[2:] == [
            "Ada (you): Here",
            "Seat 2: Waiting for a friend…",
            "Easy bot: Bot — easy",
        ]
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.stack.top, GalleryScene)
