"""`moonlight-desktop online-bot` as a real process: it joins an online table by its code, plays
its seat with the game's bot from the view its seat is sent, and says how the game ended; a bad
address, a wrong code or a full table is one error line and exit status 2."""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path

import pytest

from moonlight_desktop.game_list import GAMES
from moonlight_desktop.net.client import TableClient
from moonlight_desktop.net.protocol import SeatWish
from tests.net_helpers import free_port, play_randomly, running_server

ONLINE_BOT = [sys.executable, "-m", "moonlight_desktop", "online-bot"]
ERROR = "moonlight-desktop: error: "


async def online_bot(folder: Path, *args: str) -> tuple[int, list[str], str]:
    """The command run to its end: its exit status, its output lines and its error output."""
    process = await asyncio.create_subprocess_exec(
        *ONLINE_BOT,
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "MOONLIGHT_DESKTOP_DATA": str(folder)},
    )
    out, err = await asyncio.wait_for(process.communicate(), 300)
    assert process.returncode is not None
    return process.returncode, out.decode().splitlines(), err.decode()


@pytest.mark.parametrize(
    ("game", "more_seats", "wait"),
    [("market", [], False), ("moons", [SeatWish("bot", "easy")], True)],
)
def test_the_online_bot_plays_a_seat_of_a_table_to_the_end(
    tmp_path: Path, game: str, more_seats: list[SeatWish], wait: bool
) -> None:
    """One person plays at random, the online bot plays the seat it joined, to the game's end;
    it names the winners (and the scores where the game's end tells them). At a room that
    waits for its host, the bot waits for the start too."""

    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            host = await TableClient.connect(url)
            wishes = [SeatWish("me"), SeatWish("person"), *more_seats]
            table = await host.create(game, wishes, "Ana", wait=wait)
            args = ["--server", url, "--room", table.room.lower(), "--name", "Robo"]
            bot = asyncio.create_task(online_bot(tmp_path, *args, "--level", "normal"))
            if wait:
                while not table.seats[1].taken:
                    await host.receive(timeout=60)
                await host.start(table.room)
            await play_randomly(host, table.room, random.Random(5), timeout=240)
            status, lines, err = await bot
            await host.close()

            assert status == 0 and err == ""
            title = GAMES[game].rules.title
            assert lines[0] == f"Joined table {table.room} ({title}) in seat 2 as Robo"
            assert table.to_act == [] and table.seats[1].name == "Robo"
            match = server.rooms[table.room].room.match
            assert match.is_over() and any(move.seat == 1 for move in match.record.moves)
            # Market's automaton Dirk sits at position 3; Moons' end tells the scores.
            names = [seat.name for seat in table.seats] + ["position 3"]
            winners = " and ".join(names[seat] for seat in match.winners())
            scores = f" (scores {', '.join(map(str, match.scores()))})" if game == "moons" else ""
            assert lines[1:] == [f"The game is over: {winners} won{scores}."]

    asyncio.run(scenario())


def test_a_bad_address_a_wrong_code_or_a_full_table_is_one_error_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            host = await TableClient.connect(url)
            bots = [SeatWish("bot", "easy")] * 2
            full = await host.create("moons", [SeatWish("me"), *bots], "Ana")
            nobody = f"ws://127.0.0.1:{free_port()}"
            cases = {
                "cannot play at ws://127.0.0.1": ("--server", nobody, "--room", full.room),
                "cannot play at http://": ("--server", "http://example", "--room", full.room),
                "the server refused: No table has the code 234567": (
                    *("--server", url, "--room", "234567"),
                ),
                "the server refused: This table is full": ("--server", url, "--room", full.room),
                "--room must be a code of 6": ("--server", url, "--room", "ab"),
                "--level must be one of easy, hard, normal": (
                    *("--server", url, "--room", full.room, "--level", "silly"),
                ),
                "--name must be 1 to 40": (
                    *("--server", url, "--room", full.room, "--name", "n" * 41),
                ),
            }
            results = await asyncio.gather(*(online_bot(tmp_path, *a) for a in cases.values()))
            await host.close()
        for expected, (status, lines, err) in zip(cases, results, strict=True):
            assert status == 2 and lines == [], expected
            assert err.startswith(ERROR + expected) and err.count("\n") == 1, err

    asyncio.run(scenario())
