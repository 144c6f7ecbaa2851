"""`moonlight-desktop serve` as a process: killed with SIGKILL in the middle of a game and
started again, it has lost no move it told anyone of, and the game goes on to its end."""

from __future__ import annotations

import asyncio
import random
import signal
from pathlib import Path

from moonlight_desktop.net.client import TableClient
from moonlight_desktop.net.protocol import SeatWish, Update
from tests.net_helpers import free_port, play_randomly, start_server


def test_a_server_killed_mid_game_loses_no_told_move_and_the_game_finishes(
    tmp_path: Path,
) -> None:
    port = free_port()
    url = f"ws://127.0.0.1:{port}"

    async def before_the_kill() -> tuple[str, str, int, list[list[dict[str, object]]]]:
        client = await TableClient.connect(url)
        wishes = [SeatWish("me"), SeatWish("bot", "easy"), SeatWish("bot", "easy")]
        table = await client.create("samarkand", wishes, "Ana")
        await play_randomly(client, table.room, random.Random(1), lambda: table.seq >= 40)
        return table.room, table.token or "", table.seq, list(table.history)

    async def after_the_kill(room: str, token: str, seq: int, history: list) -> None:
        client = await TableClient.connect(url)
        table = await client.resume(room, token)
        assert table.seq >= seq and table.history[: len(history)] == history
        await play_randomly(client, room, random.Random(2), timeout=120)
        assert table.to_act == [] and any(isinstance(m, Update) for m in client.received)
        await client.close()

    server = start_server(tmp_path, port)
    try:
        room, token, seq, history = asyncio.run(before_the_kill())
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server = start_server(tmp_path, port)
        asyncio.run(after_the_kill(room, token, seq, history))
    finally:
        server.kill()
        server.wait(timeout=10)
