"""The game server over real WebSockets on localhost: whole games of every game against its
bots, friends joining by code, a dropped connection coming back with its token, a restart that
loses nothing, and what each seat is told."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from moonlight_desktop.game_list import GAMES
from moonlight_desktop.net.client import SeatTable, ServerRefused, TableClient
from moonlight_desktop.net.hosting import HostedServer
from moonlight_desktop.net.protocol import (
    Clock,
    HandToBot,
    Play,
    Refused,
    SeatWish,
    TableState,
    Update,
)
from moonlight_desktop.net.store import SQLiteStore
from tests.net_helpers import let_go, play_randomly, refusal, running_server

SEATS = {"castle": 3, "market": 3, "moons": 4, "samarkand": 3}


def me_and_bots(game: str, level: str = "easy") -> list[SeatWish]:
    return [SeatWish("me"), *[SeatWish("bot", level) for _ in range(SEATS[game] - 1)]]


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_whole_game_against_bots_on_the_server(tmp_path: Path, game: str) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            client = await TableClient.connect(url)
            table = await client.create(game, me_and_bots(game), "Ana")
            await play_randomly(client, table.room, random.Random(1), timeout=120)
            assert table.to_act == [] and table.history
            rooms = await client.list_rooms([(table.room, table.token or "")])
            assert rooms.rooms[0].over and rooms.rooms[0].game == game
            await client.close()

    asyncio.run(scenario())


def test_friends_join_by_code_and_a_dropped_seat_comes_back_with_its_token(
    tmp_path: Path,
) -> None:
    """Moons, four people: three join by code; one drops midway and resumes; the game ends."""

    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            host = await TableClient.connect(url)
            wishes = [
                SeatWish("me"),
                SeatWish("person"),
                SeatWish("person"),
                SeatWish("bot", "easy"),
            ]
            hosted = await host.create("moons", wishes, "Ana")
            friends = [await TableClient.connect(url) for _ in range(2)]
            for friend, name in zip(friends, ("Ben", "Cy"), strict=True):
                await friend.join(hosted.room, name)
            late = await TableClient.connect(url)
            with pytest.raises(ServerRefused, match="full"):
                await late.join(hosted.room, "Dee")
            await late.close()
            players = [host, *friends]
            rngs = [random.Random(n) for n in range(3)]

            async def play(n: int, until: int = 10**9) -> None:
                table = players[n].tables[hosted.room]
                await play_randomly(players[n], hosted.room, rngs[n], lambda: table.seq >= until)

            # Everyone plays a while; then Cy's connection drops and comes back.
            await asyncio.gather(play(0, 12), play(1, 12), play(2, 12))
            token = friends[1].tables[hosted.room].token
            assert token is not None
            await friends[1].close()
            players[2] = await TableClient.connect(url)
            resumed = await players[2].resume(hosted.room, token)
            assert resumed.seat == 2 and resumed.history
            await asyncio.gather(play(0), play(1), play(2))
            assert all(p.tables[hosted.room].to_act == [] for p in players)
            tokens = {p.tables[hosted.room].token for p in players} - {None}
            for number, player in enumerate(players):
                told = repr(player.received)
                mine = player.tables[hosted.room].token
                assert not any(t in told for t in tokens if t != mine), f"seat {number} told"
            for player in players:
                await player.close()

    asyncio.run(scenario())


def test_a_restarted_server_knows_every_room_and_every_acknowledged_move(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            client = await TableClient.connect(url)
            table = await client.create("market", me_and_bots("market"), "Ana")
            await play_randomly(client, table.room, random.Random(3), lambda: table.seq >= 15)
            seen, view, token = table.seq, table.view, table.token
            await client.close()
        async with running_server(tmp_path) as (_, url):
            client = await TableClient.connect(url)
            again = await client.resume(table.room, token or "")
            assert again.seq >= seen  # bots may have moved on since the last update was read
            if again.seq == seen:
                assert again.view == view
            await play_randomly(client, table.room, random.Random(4), timeout=120)
            assert again.to_act == []
            await client.close()

    asyncio.run(scenario())


def test_a_move_decided_on_an_older_table_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            client = await TableClient.connect(url)
            table = await client.create("castle", me_and_bots("castle"), "Ana")
            while table.seat not in table.to_act:
                await client.receive()
            command, seen = table.legal[0], table.seq
            await client.play(table.room, command)
            await client.expect(Update)
            await client.send(Play(table.room, seen, command))  # the same message again
            reason = await refusal(client)
            assert reason.startswith(("Too late", "It is not your turn")), reason
            mine = [m for m in client.received if isinstance(m, Update) and m.actor == table.seat]
            assert len(mine) == 1  # carried out once
            await client.close()

    asyncio.run(scenario())


def test_every_game_has_bots_the_server_can_seat() -> None:
    assert set(SEATS) == set(GAMES)


def test_the_servers_clock_lets_a_price_pass_for_a_seat_that_does_not_call(
    tmp_path: Path,
) -> None:
    """Samarkand live: the person sells but never calls; each price it is asked at passes
    after the pace's seconds and the grace, the server's Wait played for it."""

    async def scenario() -> None:
        async with running_server(tmp_path, grace=0.05) as (_, url):
            client = await TableClient.connect(url)
            wishes = [SeatWish("me"), SeatWish("bot", "easy"), SeatWish("bot", "easy")]
            table = await client.create("samarkand", wishes, "Ana", {"clock": "fast"})
            sold = False
            while not any(clock.seat == table.seat for clock in _clocks(client)):
                if not sold and table.seat in table.to_act and table.legal[0]["cmd"] == "sell":
                    await client.play(table.room, table.legal[0])
                    sold = True
                await client.receive()
            asked = asyncio.get_running_loop().time()
            while True:
                update = await client.expect(Update)
                if update.actor == table.seat:
                    break
            waited = asyncio.get_running_loop().time() - asked
            assert 0.8 <= waited < 3.0  # the fast pace's 0.8 s, the grace, and the bots' calls
            await client.close()

    asyncio.run(scenario())


def _clocks(client: TableClient) -> list[Clock]:
    last = client.received[-1] if client.received else None
    return list(last.clocks) if isinstance(last, Update | TableState) else []


def test_a_spectator_is_told_public_facts_only_and_decides_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            player = await TableClient.connect(url)
            table = await player.create("market", me_and_bots("market"), "Ana")
            watcher = await TableClient.connect(url)
            watching = await watcher.watch(table.room)
            assert watching.seat is None and watching.legal == []
            await play_randomly(player, table.room, random.Random(6), lambda: table.seq >= 20)
            await watcher.send(
                Play(table.room, watching.seq, table.legal[0] if table.legal else {})
            )
            assert "no seat" in await refusal(watcher)
            room = server.rooms[table.room].room
            while watching.seq < room.seq:
                await watcher.receive()
            assert watching.view == room.match.view(None).to_json()
            assert all(
                update.legal == [] for update in watcher.received if isinstance(update, Update)
            )
            await player.close()
            await watcher.close()

    asyncio.run(scenario())


def test_undo_over_the_wire_takes_back_a_move_and_tells_the_table_afresh(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            client = await TableClient.connect(url)
            table = await client.create("moons", me_and_bots("moons"), "Ana")
            rng = random.Random(8)
            for _ in range(200):  # until a move of ours can be taken back
                while table.seat not in table.to_act:
                    await client.receive()
                await client.play(table.room, rng.choice(table.legal))
                ours = await client.receive()
                while not (isinstance(ours, Update) and ours.actor == table.seat):
                    ours = await client.receive()
                before = len(table.history) - 1  # the moves before ours
                await client.undo(table.room)
                answer = await client.receive()
                while not isinstance(answer, TableState | Refused):
                    answer = await client.receive()
                if isinstance(answer, TableState):
                    assert len(table.history) == before and table.seat in table.to_act
                    break
            else:
                raise AssertionError("no move could be taken back in 200 tries")
            await client.close()

    asyncio.run(scenario())


def test_the_host_hands_an_away_seat_to_a_bot_and_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            host = await TableClient.connect(url)
            wishes = [SeatWish("me"), SeatWish("person"), SeatWish("bot", "easy")]
            table = await host.create("castle", wishes, "Ana")
            friend = await TableClient.connect(url)
            await friend.join(table.room, "Ben")
            token = friend.tables[table.room].token or ""
            await friend.send(HandToBot(table.room, 0, "easy"))
            assert "Only the host" in await refusal(friend)
            await host.send(HandToBot(table.room, 1, "easy"))
            assert "while away" in await refusal(host)
            await friend.close()
            while table.seats[1].here:
                await host.receive()
            await host.send(HandToBot(table.room, 1, "easy"))
            while table.seats[1].level != "easy":
                await host.receive()
            await play_randomly(host, table.room, random.Random(4), lambda: table.seq >= 30)
            assert any(isinstance(m, Update) and m.actor == 1 for m in host.received)
            friend = await TableClient.connect(url)
            await friend.resume(table.room, token)
            await host.send(HandToBot(table.room, 1, None))
            while table.seats[1].level is not None:
                await host.receive()
            await host.close()
            await friend.close()

    asyncio.run(scenario())


def test_a_server_hosted_on_its_own_thread_plays_while_the_caller_goes_on(
    tmp_path: Path,
) -> None:
    """The window's "host on this computer": the server's loop on a thread of its own."""
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    hosted = HostedServer(store, bot_pause=0.0)
    port = hosted.start("127.0.0.1")

    async def scenario() -> None:
        client = await TableClient.connect(f"ws://127.0.0.1:{port}")
        table = await client.create("samarkand", me_and_bots("samarkand"), "Ana")
        await play_randomly(client, table.room, random.Random(3), timeout=120)
        assert table.to_act == []
        await client.close()

    try:
        asyncio.run(scenario())
    finally:
        hosted.stop()
        store.close()


def test_samarkands_live_countdown_with_two_people_at_their_own_computers(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, grace=0.05) as (_, url):
            ana = await TableClient.connect(url)
            wishes = [SeatWish("me"), SeatWish("person"), SeatWish("bot", "easy")]
            table = await ana.create("samarkand", wishes, "Ana", {"clock": "fast"})
            ben = await TableClient.connect(url)
            await ben.join(table.room, "Ben")
            players = [ana, ben]
            await asyncio.gather(
                *(
                    play_randomly(p, table.room, random.Random(n), timeout=240)
                    for n, p in enumerate(players)
                )
            )
            assert all(p.tables[table.room].to_act == [] for p in players)
            stops = [
                e for events in table.history for e in events if e["event"] in ("stops", "bought")
            ]
            assert stops  # the countdown was played, Stops and purchases included
            for player in players:
                await player.close()

    asyncio.run(scenario())


def test_a_hard_bot_thinks_in_a_process_of_its_own_and_plays_its_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, bot_budget=0.2) as (server, url):
            client = await TableClient.connect(url)
            wishes = [SeatWish("me"), SeatWish("bot", "hard")]
            table = await client.create("castle", wishes, "Ana")
            rng = random.Random(5)
            while not any(isinstance(m, Update) and m.actor == 1 for m in client.received):
                if table.seat in table.to_act:
                    await client.play(table.room, rng.choice(table.legal))
                    while not (isinstance(m := await client.receive(), Update) and m.actor == 0):
                        pass
                else:
                    await client.receive(timeout=30)
            assert server._search._pool is not None  # the search went to a process
            await client.close()

    asyncio.run(scenario())


def test_a_client_shows_the_servers_countdown_less_the_way_the_news_came() -> None:
    table = SeatTable("ABC234", 0, clocks=[Clock(0, 1.4)], clocks_since=100.0)
    assert table.time_left(0, now=100.0, round_trip=0.2) == pytest.approx(1.3)
    assert table.time_left(0, now=100.5, round_trip=0.2) == pytest.approx(0.8)
    assert table.time_left(0, now=103.0, round_trip=0.2) == 0.0
    assert table.time_left(1, now=100.0, round_trip=0.2) is None  # not timed


def test_a_client_measures_its_round_trip(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            client = await TableClient.connect(url)
            first = await client.measure_round_trip()
            assert 0.0 < first < 5.0 and client.round_trip == first
            await client.measure_round_trip()
            assert 0.0 < client.round_trip < 5.0
            await client.close()

    asyncio.run(scenario())


def test_a_table_nobody_is_at_leaves_the_servers_memory_and_comes_back_whole(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, idle_seconds=0.05) as (server, url):
            client = await TableClient.connect(url)
            table = await client.create("market", me_and_bots("market"), "Ana")
            await play_randomly(client, table.room, random.Random(2), lambda: table.seq >= 10)
            while table.seat not in table.to_act:  # the bots wait for Ana: nothing happens
                await client.receive()
            seq, view = table.seq, table.view
            await client.close()
            await let_go(server, table.room)
            back = await TableClient.connect(url)
            again = await back.resume(table.room, table.token or "")
            assert (again.seq, again.view) == (seq, view) and table.room in server.rooms
            await back.close()

    asyncio.run(scenario())
