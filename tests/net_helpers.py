"""A game server on a free localhost port for one test, and clients that play random legal
moves through it."""

from __future__ import annotations

import asyncio
import random
import subprocess
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from moonlight_desktop.net.bench import SERVE as SERVE
from moonlight_desktop.net.bench import free_port as free_port
from moonlight_desktop.net.bench import start_serve
from moonlight_desktop.net.client import TableClient
from moonlight_desktop.net.protocol import Refused, TableState, Update
from moonlight_desktop.net.server import GameServer
from moonlight_desktop.net.store import SQLiteStore


def start_server(folder: Path, port: int, db: str | None = None) -> subprocess.Popen[str]:
    """`moonlight-desktop serve` as a process on `port`, bots at full speed, its rooms in `db`
    (by default a SQLite file in `folder`), once it says it is serving."""
    return start_serve(folder, port, db or str(folder / "rooms.sqlite3"), bot_pause=0.0)


@asynccontextmanager
async def running_server(folder: Path, **options: Any) -> AsyncIterator[tuple[GameServer, str]]:
    """A server on its own SQLite file in `folder`, bots at full speed unless told."""
    store = SQLiteStore(folder / "rooms.sqlite3")
    server = GameServer(store, **{"bot_pause": 0.0, **options})
    listening = await server.listen("127.0.0.1", 0)
    port = next(iter(listening.sockets)).getsockname()[1]
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        listening.close()
        await listening.wait_closed()
        server.close()
        store.close()


async def refusal(client: TableClient) -> str:
    """The next refusal's sentence, past the other messages on the way."""
    while True:
        message = await client.receive(timeout=5)
        if isinstance(message, Refused):
            return message.reason


async def let_go(server: GameServer, code: str) -> None:
    """Waits (a few seconds at most) until `server` has let the room `code` go from memory."""
    for _ in range(100):
        if code not in server.rooms:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"room {code} was not let go")


async def play_randomly(
    client: TableClient,
    room: str,
    rng: random.Random,
    until: Callable[[], bool] = lambda: False,
    timeout: float = 60.0,
) -> None:
    """Plays a random legal command whenever this seat is asked, until the game ends (nobody
    is to act) or `until()` holds."""
    table = client.tables[room]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (table.to_act or not table.history) and not until():
        played_at = None
        if table.seat in table.to_act and table.legal:
            played_at = table.seq
            await client.play(room, rng.choice(table.legal))
        while True:  # until the move is answered: its update, or a refusal (too late)
            message = await client.receive(timeout=max(0.1, deadline - loop.time()))
            answered = isinstance(message, Update) and message.actor == table.seat
            if played_at is None or answered or isinstance(message, Refused | TableState):
                break
        if loop.time() > deadline:
            raise TimeoutError(f"room {room} did not finish in {timeout} s")
