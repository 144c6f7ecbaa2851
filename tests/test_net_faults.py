"""What a client may do wrong, or do to a server on purpose: nothing it sends crashes the
server, acts for a seat it does not hold, or stops the other rooms."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import ssl
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage

from moonlight_desktop.net.client import ServerRefused, TableClient
from moonlight_desktop.net.keys import new_token
from moonlight_desktop.net.protocol import (
    FRAME_LIMIT,
    PROTOCOL_VERSION,
    Hello,
    Join,
    Ping,
    Play,
    Pong,
    Resume,
    SeatWish,
    encode,
)
from moonlight_desktop.net.server import GameServer
from moonlight_desktop.net.store import SQLiteStore, Write
from tests.net_helpers import play_randomly, refusal, running_server

BOTS = [SeatWish("bot", "easy"), SeatWish("bot", "easy")]


def test_garbage_gets_a_refusal_and_the_connection_goes_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url), connect(url) as raw:
            await raw.send(encode(Play("ABC234", 0, {})).decode())
            assert "hello first" in json.loads(await raw.recv())["reason"]
            for frame in (
                b"\xff\xfe\x00",
                "{",
                "[1, 2]",
                '{"type": "nope"}',
                json.dumps({"type": "ping", "sent": 1.0, "pad": "x" * FRAME_LIMIT}),
                '{"type": "hello", "version": 99}',
            ):
                await raw.send(frame)
                answer = json.loads(await raw.recv())
                assert answer["type"] == "refused" and answer["reason"]
            await raw.send(encode(Hello(PROTOCOL_VERSION)).decode())
            assert json.loads(await raw.recv())["type"] == "welcome"
            await raw.send(encode(Ping(5.0)).decode())
            assert json.loads(await raw.recv())["sent"] == 5.0

    asyncio.run(scenario())


def test_a_seat_acts_only_in_its_own_room_and_only_with_its_own_token(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            ana, ben = await TableClient.connect(url), await TableClient.connect(url)
            mine = await ana.create("castle", [SeatWish("me"), *BOTS], "Ana")
            other = await ben.create("castle", [SeatWish("me"), SeatWish("person"), *BOTS], "Ben")
            await ana.send(Play(other.room, other.seq, {"cmd": "end_turn"}))
            assert "no seat" in await refusal(ana)
            await ana.send(Resume(other.room, new_token()))
            assert "no seat" in await refusal(ana)
            await ana.send(Resume(other.room, mine.token or ""))  # a token of another room
            assert "no seat" in await refusal(ana)
            assert other.seq == ben.tables[other.room].seq
            await ana.close()
            await ben.close()

    asyncio.run(scenario())


def test_guessing_codes_is_cut_short(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, failed_tries=5) as (_, url):
            guesser = await TableClient.connect(url)
            rng = random.Random(1)
            reasons = []
            for _ in range(8):
                code = "".join(rng.choice("ABCDEFGH") for _ in range(6))
                await guesser.send(Join(code, "Eve"))
                reasons.append(await refusal(guesser))
            assert all(reason.startswith("No table has the code") for reason in reasons[:5])
            assert all("wait a minute" in reason for reason in reasons[5:])
            await guesser.close()

    asyncio.run(scenario())


def test_a_thousand_connections_opened_and_dropped_do_not_stop_a_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            player = await TableClient.connect(url)
            table = await player.create("market", [SeatWish("me"), *BOTS], "Ana")

            async def nuisance(n: int) -> None:
                async with connect(url) as raw:
                    if n % 2:
                        await raw.send(encode(Hello(PROTOCOL_VERSION)).decode())
                    if n % 3 == 0:
                        await raw.send(encode(Join(table.room, f"N{n}")).decode())

            async def waves() -> None:
                for start in range(0, 1000, 100):
                    await asyncio.gather(*(nuisance(n) for n in range(start, start + 100)))

            await asyncio.gather(
                waves(), play_randomly(player, table.room, random.Random(2), timeout=120)
            )
            assert table.to_act == []
            await player.send(Ping(1.0))
            while not isinstance(await player.receive(), Pong):
                pass
            await player.close()

    asyncio.run(scenario())


def test_opening_tables_without_end_is_cut_short(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, rooms_an_hour=3) as (_, url):
            client = await TableClient.connect(url)
            for _ in range(3):
                await client.create("market", [SeatWish("me"), *BOTS], "Ana")
            with pytest.raises(ServerRefused, match="many tables"):
                await client.create("market", [SeatWish("me"), *BOTS], "Ana")
            await client.close()

    asyncio.run(scenario())


def test_a_client_that_vanishes_mid_command_leaves_a_table_that_goes_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            ana = await TableClient.connect(url)
            table = await ana.create("castle", [SeatWish("me"), *BOTS], "Ana")
            while table.seat not in table.to_act:
                await ana.receive()
            await ana.play(table.room, table.legal[0])
            ana.socket.transport.abort()  # gone, without a goodbye
            back = await TableClient.connect(url)
            again = await back.resume(table.room, table.token or "")
            assert again.seq <= server.rooms[table.room].room.seq  # its move may or may not be in
            await play_randomly(back, table.room, random.Random(1), timeout=120)
            assert again.to_act == []
            await back.close()

    asyncio.run(scenario())


def test_with_a_certificate_the_server_speaks_wss(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    serving = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    serving.load_cert_chain(cert, key)
    trusting = ssl.create_default_context(cafile=str(cert))

    async def scenario() -> None:
        server = GameServer(SQLiteStore(":memory:"), bot_pause=0.0)
        listening = await server.listen("localhost", 0, serving)
        port = next(iter(listening.sockets)).getsockname()[1]
        client = await TableClient.connect(f"wss://localhost:{port}", ssl=trusting)
        table = await client.create("market", [SeatWish("me"), *BOTS], "Ana")
        assert table.view
        await client.close()
        with pytest.raises((OSError, ConnectionError, InvalidMessage)):
            await TableClient.connect(f"ws://localhost:{port}")  # plain text is not spoken
        listening.close()
        await listening.wait_closed()
        server.close()

    asyncio.run(scenario())


class FlakyDisk(SQLiteStore):
    """A store whose disk is full while `full` is set."""

    full = False

    def append_many(self, writes: Sequence[Write]) -> list[bool]:
        if self.full:
            raise sqlite3.OperationalError("database or disk is full")
        return super().append_many(writes)

    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> bool:
        if self.full:
            raise OSError(28, "No space left on device")
        return super().claim_seat(code, seat, name, token_hash)


def test_a_full_disk_refuses_the_move_in_a_sentence_and_the_game_goes_on_after(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = FlakyDisk(tmp_path / "rooms.sqlite3")
        server = GameServer(store, bot_pause=0.0)
        listening = await server.listen("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{next(iter(listening.sockets)).getsockname()[1]}"
        client = await TableClient.connect(url)
        table = await client.create("market", [SeatWish("me"), SeatWish("person"), *BOTS], "Ana")
        while table.seat not in table.to_act:
            await client.receive()
        seq, view = table.seq, table.view
        store.full = True
        await client.play(table.room, table.legal[0])
        assert "could not save" in await refusal(client)
        friend = await TableClient.connect(url)
        with pytest.raises(ServerRefused, match="could not save"):
            await friend.join(table.room, "Ben")
        assert server.rooms[table.room].room.seq == seq and table.view == view
        store.full = False
        await client.play(table.room, table.legal[0])
        while table.seq == seq:
            await client.receive()
        assert store.load(table.room).entries  # type: ignore[union-attr]
        for connection in (client, friend):
            await connection.close()
        listening.close()
        await listening.wait_closed()
        server.close()
        store.close()

    asyncio.run(scenario())
