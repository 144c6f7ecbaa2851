"""Over real WebSockets: a room that waits for its host's start (through a restart and being
let go from memory), the preset table messages, and the game's record shown when it ends."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from moonlight_desktop.archive import Archive
from moonlight_desktop.engine import GameRecord, Match
from moonlight_desktop.game_list import GAMES, codec_for
from moonlight_desktop.net import server as server_module
from moonlight_desktop.net.client import TableClient
from moonlight_desktop.net.protocol import (
    Play,
    Presence,
    Said,
    SeatWish,
    TableState,
    Update,
)
from moonlight_desktop.net.room import NOT_STARTED, NOT_YOUR_SEAT
from tests.net_helpers import let_go, play_randomly, refusal, running_server

WAITING = [SeatWish("me"), SeatWish("person"), SeatWish("bot", "easy")]


def test_a_waiting_room_asks_nobody_until_its_host_starts_it_and_then_tells_everyone(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            host = await TableClient.connect(url)
            table = await host.create("samarkand", WAITING, "Ana", {"clock": "fast"}, wait=True)
            assert not table.started and table.to_act == [] and table.legal == []
            live = server.rooms[table.room]
            assert live.room.match.to_act()  # the game has someone to ask: it is not asked
            await host.send(Play(table.room, table.seq, {"cmd": "sell"}))
            assert await refusal(host) == NOT_STARTED
            await host.start(table.room)
            assert await refusal(host) == "Wait until every friend has sat down"
            friend = await TableClient.connect(url)
            await friend.join(table.room, "Ben")
            watcher = await TableClient.connect(url)
            await watcher.watch(table.room)
            await friend.start(table.room)
            assert await refusal(friend) == "Only the host starts the game"
            await asyncio.sleep(0.3)  # bots at full speed, a fast clock: nothing moves
            assert not live.thinking and not live.timers and table.seq == 0
            assert not any(isinstance(m, Update) for m in host.received)
            await host.start(table.room)
            for client in (host, friend, watcher):
                told = await client.expect(TableState)
                assert told.started and told.seq == 1 and told.to_act
            for client in (host, friend):
                mine = client.tables[table.room]
                assert bool(mine.legal) == (mine.seat in mine.to_act)
            assert watcher.tables[table.room].legal == []
            await host.start(table.room)
            assert await refusal(host) == "The game has started already"
            await asyncio.gather(
                *(
                    play_randomly(p, table.room, random.Random(n), lambda: table.seq >= 20)
                    for n, p in enumerate((host, friend))
                )
            )
            for client in (host, friend, watcher):
                await client.close()

    asyncio.run(scenario())


def test_a_waiting_room_still_waits_after_being_let_go_and_after_a_restart(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, idle_seconds=0.05) as (server, url):
            host = await TableClient.connect(url)
            table = await host.create("castle", WAITING, "Ana", wait=True)
            token = table.token or ""
            await host.close()
            await let_go(server, table.room)
            host = await TableClient.connect(url)
            again = await host.resume(table.room, token)
            assert not again.started and again.to_act == []
            await host.close()
        async with running_server(tmp_path) as (server, url):
            host = await TableClient.connect(url)
            again = await host.resume(table.room, token)
            assert not again.started and again.to_act == []
            assert server.rooms[table.room].room.asked_at == {}
            listed = (await host.list_rooms([(table.room, token)])).rooms[0]
            assert (listed.started, listed.host, listed.to_act) == (False, 0, [])
            friend = await TableClient.connect(url)
            await friend.join(table.room, "Ben")
            assert not (await host.expect(Presence)).started
            await host.start(table.room)
            assert (await host.expect(TableState)).started
            listed = (await host.list_rooms([(table.room, token)])).rooms[0]
            assert listed.started and listed.to_act
            await host.close()
            await friend.close()

    asyncio.run(scenario())


def test_preset_messages_reach_everyone_at_the_table_one_at_a_time_a_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_module, "SAY_SECONDS", 0.3)

    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            host = await TableClient.connect(url)
            table = await host.create("castle", WAITING, "Ana", wait=True)
            friend, watcher = await TableClient.connect(url), await TableClient.connect(url)
            await friend.join(table.room, "Ben")
            await watcher.watch(table.room)
            await host.say(table.room, "hello")
            for client in (host, friend, watcher):
                assert await client.expect(Said) == Said(table.room, 0, "hello")
            await host.say(table.room, "good_luck")
            assert await refusal(host) == "One message at a time"
            await friend.say(table.room, "thanks")  # another seat's own allowance
            for client in (host, friend, watcher):
                assert await client.expect(Said) == Said(table.room, 1, "thanks")
            await watcher.say(table.room, "hello")
            assert await refusal(watcher) == NOT_YOUR_SEAT
            await asyncio.sleep(0.35)
            await host.say(table.room, "good_luck")
            assert (await friend.expect(Said)).phrase == "good_luck"
            for client in (host, friend, watcher):
                await client.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_end_of_a_game_online_shows_its_record_to_keep_and_replay(
    tmp_path: Path, game: str
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            client = await TableClient.connect(url)
            bots = [SeatWish("bot", "easy")] * (max(GAMES[game].rules.min_seats, 2) - 1)
            table = await client.create(game, [SeatWish("me"), *bots], "Ana")
            await play_randomly(client, table.room, random.Random(1), timeout=120)
            updates = [m for m in client.received if isinstance(m, Update)]
            assert all(update.record is None for update in updates[:-1])
            assert table.record is not None and updates[-1].record == table.record
            record = GameRecord.from_json(table.record, codec_for)
            match = Match(GAMES[game].rules, record)
            assert match.is_over() and len(record.moves) == len(table.history)
            assert match.replayed(0).view(None).to_json() == table.opening
            Archive(tmp_path / "archive").add(match, limit=10)  # kept among past games
            watcher = await TableClient.connect(url)
            assert (await watcher.watch(table.room)).record == table.record
            await client.close()
            await watcher.close()

    asyncio.run(scenario())
