"""The online server's figures, for `moonlight-desktop bench --online`: real `moonlight-desktop
serve` processes on this machine, loaded from the bench's own process (a client of many
connections, TableClient on one asyncio loop); first one process keeping its rooms in SQLite,
then two processes sharing one PostgreSQL database (started by pgserver when it is installed).

For each: the round trip of a command (a Play sent, until the Update carrying it out comes
back to its sender) with `rooms` rooms open and `lively` of them played, one person a room
playing a random legal command about a second after being asked, Normal bots in the other
seats pausing as at a real table; the most commands a second the processes carry out,
saturated; and the server's resident memory per open room. No pygame.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from websockets.exceptions import ConnectionClosed

from moonlight_desktop.engine.bench import sample_seats
from moonlight_desktop.game_list import GAMES, game_spec

from .client import TableClient
from .protocol import Create, Refused, Seated, SeatWish, Update

REAL_BOT_PAUSE = 0.4
"""Seconds a bot waits before acting at a real table (serve's default, so people can follow)."""
THINKING = (0.5, 1.5)
"""A lively person plays this many seconds (uniformly drawn) after being asked: about once a
second."""
BOT_LEVEL = "normal"
OPENING_AT_ONCE = 20
"""Rooms being opened at the same time (connect, hello, create)."""
WARM_UP_SECONDS = 3.0
"""Play before the figures are counted: every lively room has been asked by then."""
SERVE = [sys.executable, "-m", "moonlight_desktop", "serve"]


@dataclass(frozen=True, slots=True)
class OnlineLoad:
    rooms: int = 1000
    lively: int = 200
    seconds: float = 60.0
    """How long the lively rooms are measured; saturation is measured a third of it."""

    @property
    def saturating(self) -> int:
        """Rooms played as fast as answered: enough to keep a process busy."""
        return max(2, min(self.lively, 50))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_serve(
    folder: Path, port: int, db: str, bot_pause: float, errors: IO[str] | None = None
) -> subprocess.Popen[str]:
    """`moonlight-desktop serve` on localhost `port`, its rooms in `db`, its data folder
    `folder`, once it says it is serving; what it logs goes to `errors` (default: ours)."""
    command = [*SERVE, "--host", "127.0.0.1", "--port", str(port), "--bot-pause", str(bot_pause)]
    process = subprocess.Popen(
        [*command, "--db", db],
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        env={**os.environ, "MOONLIGHT_DESKTOP_DATA": str(folder)},
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    if not first.startswith("Serving"):
        process.kill()
        raise RuntimeError(f"the server did not start: {first!r}")
    return process


def stop_serve(process: subprocess.Popen[str]) -> None:
    """Stops a server as Ctrl+C would, or kills it when it does not stop."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=15)


def resident_kib(pid: int) -> int:
    """A process's resident memory (VmRSS) in KiB; 0 where /proc does not tell."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used; 0 where /proc does not tell."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def waiting_seconds(pid: int) -> float:
    """Seconds a process's main thread (a server's loop) has been ready to run but waiting
    for a CPU taken by other work; 0 where /proc does not tell."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def load_average() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except (OSError, IndexError):
        return "unknown"


def room_wishes(game: str) -> list[SeatWish]:
    """One person (the bench's client) and Normal bots, at the table size the bench samples."""
    seats = sample_seats(game_spec(game).rules)
    return [SeatWish("me"), *(SeatWish("bot", BOT_LEVEL) for _ in range(seats - 1))]


@dataclass(eq=False)
class Person:
    """A scripted person at one room, on a connection of its own. A lively one plays a random
    legal command `thinking` seconds after it is asked (0: at once) and opens a room of the
    same game when its game ends; an idle one reads what it is told and never plays."""

    client: TableClient
    game: str
    room: str
    rng: random.Random
    thinking: tuple[float, float] | None
    round_trips: list[float] = field(default_factory=list)
    commands: int = 0
    """Updates told to this seat: every command carried out at its room, by anyone."""
    refused: int = 0
    dropped: bool = False
    """The server closed its connection."""

    async def play(self, until: float) -> None:
        """Reads and plays until the loop's clock reaches `until`."""
        loop = asyncio.get_running_loop()
        sent_at: float | None = None
        due: float | None = None
        while (now := loop.time()) < until:
            table = self.client.tables.get(self.room)
            if self.thinking is not None and table is not None and sent_at is None:
                asked = table.seat in table.to_act and bool(table.legal)
                if not asked:
                    due = None
                elif due is None:
                    due = now + self.rng.uniform(*self.thinking)
                elif now >= due:
                    await self.client.play(self.room, self.rng.choice(table.legal))
                    sent_at, due = loop.time(), None
                    continue
                if not table.to_act and table.history:  # over: another game in its place
                    await self.client.send(Create(self.game, room_wishes(self.game), "Bench"))
                    self.room = ""
            wait = until - now if due is None else due - now
            try:
                message = await self.client.receive(timeout=max(wait, 0.001))
            except TimeoutError:
                continue
            except ConnectionClosed:
                self.dropped = True
                return
            self.client.received.clear()  # a long bench keeps no transcript
            match message:
                case Update(actor=actor) if message.room == self.room:
                    self.commands += 1
                    if sent_at is not None and table is not None and actor == table.seat:
                        self.round_trips.append(loop.time() - sent_at)
                        sent_at = None
                case Refused():
                    self.refused += 1
                    sent_at = None
                case Seated():
                    self.room = message.room

    def restart_counts(self) -> None:
        self.round_trips.clear()
        self.commands = self.refused = 0


async def open_rooms(
    urls: Sequence[str], count: int, thinking: tuple[float, float] | None, seed: int
) -> list[Person]:
    """`count` rooms, the games in turn, spread over the servers at `urls`, each with its
    person connected; several opened at once."""
    games = list(GAMES)
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def open_one(number: int) -> Person:
        game = games[number % len(games)]
        async with gate:
            client = await TableClient.connect(
                urls[number % len(urls)], max_queue=None, **_player_address(number)
            )
            table = await client.create(game, room_wishes(game), "Bench")
        return Person(client, game, table.room, random.Random(seed + number), thinking)

    return list(await asyncio.gather(*(open_one(n) for n in range(count))))


def _player_address(number: int) -> dict[str, Any]:
    """Where room `number`'s person connects from: on Linux, where all of 127.0.0.0/8 is this
    machine, an address of its own, as players at their own computers would have: the server
    limits the rooms one address opens in an hour."""
    if not sys.platform.startswith("linux"):
        return {}
    return {"local_addr": (f"127.0.{number // 250 % 250}.{number % 250 + 2}", 0)}


async def close_all(people: Sequence[Person]) -> None:
    await asyncio.gather(*(person.client.close() for person in people), return_exceptions=True)


@dataclass(frozen=True, slots=True)
class Played:
    """What the people of a measured stretch of play saw."""

    seconds: float
    round_trips: list[float]
    commands: int
    refused: int
    dropped: int
    """Connections the servers closed."""
    server_cpu: float
    """Seconds of CPU the servers used meanwhile (all together)."""
    bench_cpu: float
    server_waiting: float
    """Seconds the servers' loops waited for a CPU meanwhile, on average."""
    bench_waiting: float

    def round_trip_text(self) -> str:
        if len(self.round_trips) < 2:
            return f"too few commands to tell ({len(self.round_trips)})"
        cuts = statistics.quantiles(self.round_trips, n=100, method="inclusive")
        return (
            f"p50 {cuts[49] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms,"
            f" max {max(self.round_trips) * 1000:.0f} ms"
            f" over {len(self.round_trips)} commands ({self.refused} refused,"
            f" {self.dropped} connections lost)"
        )

    def load_text(self) -> str:
        return (
            f"{self.commands / self.seconds:.0f} commands carried out a second (people's and"
            f" bots'); CPU used: servers {self.server_cpu / self.seconds:.0%} of a core, the"
            f" load generator {self.bench_cpu / self.seconds:.0%}; waiting for a CPU (other"
            f" work on this machine): the servers' loops {self.server_waiting / self.seconds:.0%}"
            f" of the time, the load generator {self.bench_waiting / self.seconds:.0%}"
        )


async def play_for(
    people: Sequence[Person], players: Sequence[Person], seconds: float, pids: Sequence[int]
) -> Played:
    """Everyone reads and `players` play for a warm-up and then `seconds`, counted."""
    loop = asyncio.get_running_loop()
    until = loop.time() + WARM_UP_SECONDS + seconds
    tasks = [asyncio.ensure_future(person.play(until)) for person in people]
    await asyncio.sleep(WARM_UP_SECONDS)
    for person in people:
        person.restart_counts()
    before = _usage(pids)
    await asyncio.gather(*tasks)
    after = _usage(pids)
    return Played(
        seconds,
        [trip for person in players for trip in person.round_trips],
        sum(person.commands for person in people),
        sum(person.refused for person in players),
        sum(person.dropped for person in people),
        *(end - start for start, end in zip(before, after, strict=True)),
    )


def _usage(pids: Sequence[int]) -> tuple[float, float, float, float]:
    """CPU used and time waiting for one: the servers' (used together, waiting on average),
    then the bench's own."""
    return (
        sum(cpu_seconds(pid) for pid in pids),
        time.process_time(),
        sum(waiting_seconds(pid) for pid in pids) / len(pids),
        waiting_seconds(os.getpid()),
    )


@dataclass
class Servers:
    """Server processes on one database, started and stopped together."""

    folder: Path
    db: str
    count: int
    bot_pause: float
    processes: list[subprocess.Popen[str]] = field(default_factory=list)
    urls: list[str] = field(default_factory=list)

    def __enter__(self) -> Servers:
        self._log = (self.folder / "servers.log").open("a")
        for _ in range(self.count):
            port = free_port()
            self.processes.append(
                start_serve(self.folder, port, self.db, self.bot_pause, self._log)
            )
            self.urls.append(f"ws://127.0.0.1:{port}")
        return self

    def __exit__(self, *_: object) -> None:
        for process in self.processes:
            stop_serve(process)
        self._log.close()

    @property
    def pids(self) -> list[int]:
        return [process.pid for process in self.processes]

    def resident_kib(self) -> int:
        return sum(resident_kib(pid) for pid in self.pids)


def logged_errors(folder: Path) -> int:
    """Lines the servers logged (they log only what went wrong)."""
    log = folder / "servers.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


def measure(
    label: str, folder: Path, dbs: Iterator[str], processes: int, load: OnlineLoad
) -> list[str]:
    """The figures of `processes` servers sharing databases from `dbs`, as lines."""
    lines = [f"  {label}:"]
    with Servers(folder, next(dbs), processes, REAL_BOT_PAUSE) as servers:
        started = servers.resident_kib()
        warm = asyncio.run(_warm_up(servers.urls))
        before = servers.resident_kib()
        after, played = asyncio.run(_lively(servers, load))
    per_room = (after - before) / load.rooms
    lines += [
        f"    {load.rooms} rooms open, {load.lively} lively: round trip of a command"
        f" {played.round_trip_text()} in {load.seconds:g} s",
        f"    {played.load_text()}",
        f"    memory: {_mib(started)} at start, {_mib(before)} with {warm} rooms (one of each"
        f" game), {_mib(after)} with {load.rooms} more open: {per_room:.0f} KiB a room"
        f" (its connection included)",
    ]
    with Servers(folder, next(dbs), processes, 0.0) as servers:
        saturated = asyncio.run(_saturated(servers, load))
    lines += [
        f"    most commands a second (saturated: {load.saturating} rooms, bots acting at once,"
        f" each person playing as soon as asked): {saturated.load_text()}",
        f"      round trip then {saturated.round_trip_text()}",
    ]
    errors = logged_errors(folder)
    if errors:
        lines.append(f"    the servers logged {errors} lines of errors ({folder / 'servers.log'})")
    return lines


async def _warm_up(urls: Sequence[str]) -> int:
    """One room of each game on each server, closed again: the games' code is loaded before
    memory is counted."""
    people = await open_rooms(urls, len(GAMES) * len(urls), None, seed=0)
    await close_all(people)
    return len(people)


async def _lively(servers: Servers, load: OnlineLoad) -> tuple[int, Played]:
    """Opens the rooms, notes the servers' memory, plays the lively ones; the memory and what
    was played."""
    people = await open_rooms(servers.urls, load.rooms, THINKING, seed=1)
    await asyncio.sleep(1.0)  # the bots' first moves
    opened = servers.resident_kib()
    lively = people[: load.lively]
    for person in people[load.lively :]:
        person.thinking = None
    played = await play_for(people, lively, load.seconds, servers.pids)
    await close_all(people)
    return opened, played


async def _saturated(servers: Servers, load: OnlineLoad) -> Played:
    people = await open_rooms(servers.urls, load.saturating, (0.0, 0.0), seed=2)
    played = await play_for(people, people, load.seconds / 3, servers.pids)
    await close_all(people)
    return played


def _mib(kib: float) -> str:
    return f"{kib / 1024:.0f} MiB"


def online_report(load: OnlineLoad) -> str:
    """The online section of `bench`: the figures of one SQLite process, then of two
    PostgreSQL processes (when pgserver is installed), as lines to print."""
    folder = Path(tempfile.mkdtemp(prefix="moonlight-online-bench-"))
    lines = [
        "Online server (moonlight-desktop serve processes on this machine, loaded from the"
        f" bench's own process; {os.cpu_count()} cores, shared with whatever else runs: the"
        f" figures are noisy; load average {load_average()} at the start)",
        f"  rooms: {', '.join(GAMES)} in turn, one person each and Normal bots in the other seats"
        f" (bots pause {REAL_BOT_PAUSE:g} s before acting, as at a real table); a lively person"
        f" plays a random legal command {THINKING[0]:g}-{THINKING[1]:g} s after being asked",
    ]
    try:
        sqlite = (str(folder / f"rooms{n}.sqlite3") for n in itertools.count())
        lines += measure("One process, SQLite", folder, sqlite, 1, load)
        lines += _on_postgres(folder, load)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return "\n".join(lines)


def _on_postgres(folder: Path, load: OnlineLoad) -> list[str]:
    try:
        import pgserver
        import psycopg
    except ImportError:
        return [
            "  Two processes, PostgreSQL: not measured (needs pgserver and psycopg: the dev extra)"
        ]
    # Not under the bench's folder: run as root, pgserver runs PostgreSQL as a user of its own.
    data = tempfile.mkdtemp(prefix="moonlight-pg-")
    server = pgserver.get_server(data, cleanup_mode="stop")  # type: ignore[attr-defined]
    try:
        uri: str = server.get_uri()

        def databases() -> Iterator[str]:
            for number in itertools.count():
                with psycopg.connect(uri, autocommit=True) as admin:
                    admin.execute(f"CREATE DATABASE bench_{number}")
                yield uri.replace("/postgres?", f"/bench_{number}?")

        return measure(
            "Two processes, one PostgreSQL (rooms spread over both)", folder, databases(), 2, load
        )
    finally:
        server.cleanup()
        shutil.rmtree(data, ignore_errors=True)
