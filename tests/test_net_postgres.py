"""Rooms in a real PostgreSQL (started by pgserver in a temporary folder): the store keeps the
same promises as SQLite's, and two server processes sharing one database serve one table,
clients on each, from the host's start to the end of the game."""

from __future__ import annotations

import asyncio
import itertools
import random
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pgserver
import psycopg
import pytest

from moonlight_desktop.net.client import TableClient
from moonlight_desktop.net.keys import new_code
from moonlight_desktop.net.postgres import PostgresStore
from moonlight_desktop.net.protocol import SeatWish, TableState
from moonlight_desktop.net.store import SQLiteStore, Store, StoredRoom, StoredSeat
from tests.net_helpers import SERVE, free_port, play_randomly, start_server

_databases = itertools.count()


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """The URL of a PostgreSQL server of this module's own. Its folder is not under pytest's
    (private to root): run as root, pgserver runs PostgreSQL as a user of its own."""
    folder = tempfile.mkdtemp(prefix="moonlight-pg-")
    server = pgserver.get_server(folder, cleanup_mode="stop")
    yield server.get_uri()
    server.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def database(postgres: str) -> str:
    """A fresh database on that server, for one test."""
    name = f"rooms_{next(_databases)}"
    with psycopg.connect(postgres, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return postgres.replace("/postgres?", f"/{name}?")


def stores(tmp_path: Path, database: str) -> dict[str, Callable[[], Store]]:
    return {
        "sqlite": lambda: SQLiteStore(tmp_path / "rooms.sqlite3"),
        "postgres": lambda: PostgresStore(database),
    }


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_both_stores_keep_the_same_promises(tmp_path: Path, database: str, kind: str) -> None:
    make = stores(tmp_path, database)[kind]
    store, other = make(), make()  # two connections, as two processes would have
    seats = [StoredSeat("Ana", "person", None, "h0"), StoredSeat("Ben", "person")]
    room = StoredRoom(new_code(), "moons", {}, 5, None, 0, [*seats, StoredSeat("B", "bot", "easy")])
    assert store.create(room) and not other.create(room)
    assert other.claim_seat(room.code, 1, "Ben", "h1")
    assert not store.claim_seat(room.code, 1, "Cy", "h2")  # taken: the first claim stands
    assert not store.claim_seat(room.code, 2, "Cy", "h2")  # a bot's seat is nobody's
    assert store.append(room.code, 0, {"seat": 0, "play": {"cmd": "x"}})
    assert not other.append(room.code, 0, {"seat": 1, "play": {"cmd": "y"}})  # the race lost
    assert other.append(room.code, 1, {"seat": 1, "bot": "easy"})
    loaded = other.load(room.code)
    assert loaded is not None and loaded.seats[1].name == "Ben"
    assert [e["seat"] for e in loaded.entries] == [0, 1]
    assert store.entries_from(room.code, 1) == [{"seat": 1, "bot": "easy"}]
    assert store.load("ZZZZZZ") is None
    store.close()
    other.close()


def test_two_server_processes_on_one_database_serve_one_table_to_its_end(
    tmp_path: Path, database: str
) -> None:
    ports = free_port(), free_port()
    servers = [start_server(tmp_path, port, db=database) for port in ports]

    async def scenario() -> None:
        urls = [f"ws://127.0.0.1:{port}" for port in ports]
        host = await TableClient.connect(urls[0])
        wishes = [SeatWish("me"), SeatWish("person"), SeatWish("person"), SeatWish("bot", "easy")]
        table = await host.create("moons", wishes, "Ana", wait=True)
        ben = await TableClient.connect(urls[1])  # on the other process
        cy = await TableClient.connect(urls[0])
        await ben.join(table.room, "Ben")
        await cy.join(table.room, "Cy")
        players = [host, ben, cy]
        while not all(seat.taken for seat in table.seats):  # Ben's seat told across processes
            await host.receive()
        await host.start(table.room)
        for player in players:
            assert (await player.expect(TableState)).started
        await asyncio.gather(
            *(
                play_randomly(p, table.room, random.Random(n), timeout=120)
                for n, p in enumerate(players)
            )
        )
        tables = [p.tables[table.room] for p in players]
        assert all(t.to_act == [] for t in tables)
        assert len({t.seq for t in tables}) == 1 and len({len(t.history) for t in tables}) == 1
        for player in players:
            await player.close()

    try:
        asyncio.run(scenario())
    finally:
        for server in servers:
            server.kill()
            server.wait(timeout=10)


def test_serve_says_plainly_when_the_database_cannot_be_used(tmp_path: Path) -> None:
    done = subprocess.run(
        [*SERVE, "--db", "postgresql://nobody@127.0.0.1:1/none", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "cannot use the PostgreSQL database" in done.stderr
