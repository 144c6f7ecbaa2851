"""The game server: rooms over WebSocket, the truth held here and only each seat's share sent.

One asyncio loop reads every connection. A room's requests are carried out one at a time (its
lock): checked, written to the store (on the store's own thread), then carried out and told,
each seat its own update. Bots decide on threads (a searching level in processes of its own,
engine/search_pool.py), so no bot holds up the loop; the server's clock plays a timed seat's
default when its time and the grace are up.

`moonlight-desktop serve` runs one (cli_tools.py); the window can run one in a thread for
"host on this computer". No pygame.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
import ssl
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from moonlight_desktop.engine import Bot, Event, OptionsError, RecordError
from moonlight_desktop.engine.game import SEARCHING_LEVELS
from moonlight_desktop.engine.record import SEED_LIMIT
from moonlight_desktop.engine.search_pool import Decided, SearchPool, decide
from moonlight_desktop.game_list import game_spec, make_bot
from moonlight_desktop.i18n import N_

from .keys import new_code, new_token, token_fits, token_hash
from .protocol import (
    PARAM_LIMIT,
    PROTOCOL_VERSION,
    ClientMessage,
    Create,
    HandToBot,
    Hello,
    Join,
    ListRooms,
    Message,
    Ping,
    Play,
    Pong,
    Presence,
    ProtocolError,
    Refused,
    Resume,
    RoomList,
    RoomSummary,
    Said,
    Say,
    Seated,
    Start,
    Undo,
    Watch,
    Welcome,
    decode_client,
    encode,
)
from .room import NOT_YOUR_SEAT, TOO_LATE, Refusal, Room
from .store import EVERY_ROOM, Change, Store, StoredRoom, StoredSeat, Write

log = logging.getLogger(__name__)

T = TypeVar("T")

SOCKET_LIMIT = 1024 * 1024
"""Frames larger than this are cut off by the WebSocket layer itself (close code 1009);
smaller ones over protocol.FRAME_LIMIT get a refusal."""
GRACE_SECONDS = 0.25
"""How long after a timed decision's time the server still takes it (docs/RULINGS.md SP10)."""
FAILED_TRIES = 20
"""Failed joins and resumes an address may make a minute: a room code cannot be guessed."""
IDLE_SECONDS = 60.0
"""How long a room nobody is at, where nothing happens, stays in memory (a player who comes
back within it finds it there; after it, it is read from the store)."""
ROOMS_AN_HOUR = 60
"""Rooms an address may create an hour: no one fills the database by accident or on purpose."""
SAY_SECONDS = 2.0
"""A seat says at most one preset table message in this many seconds: no one floods a table."""
BOT_BUDGET = 1.0
"""Seconds a searching bot thinks."""
SERVER_NAME = "moonlight-desktop"
# Translators: {problem} says, in English, what is wrong with the game or its options.
CANNOT_BE_PLAYED = N_("That game cannot be played so: {problem}")
STORE_FAILED = N_("The server could not save that just now, so nothing changed: try again soon")


class GroupWriter:
    """Writes entries on the store's thread, all those that came while the last write waited
    for the disk together (a group commit): each command still waits for its own entry to be
    on disk before anyone is told of it, but a busy server waits for the disk once for many."""

    def __init__(self, store: Store, thread: ThreadPoolExecutor) -> None:
        self._store = store
        self._thread = thread
        self._waiting: list[tuple[Write, asyncio.Future[bool]]] = []
        self._writing: asyncio.Task[None] | None = None
        """Writing now (held: the loop keeps only a weak reference to a task)."""

    async def write(self, entry: Write) -> bool:
        """Whether `entry` was written (False: another process took its place first)."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((entry, done))
        if self._writing is None:
            self._writing = asyncio.get_running_loop().create_task(self._write_all())
        return await done

    async def _write_all(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._waiting:
                group, self._waiting = self._waiting, []
                try:
                    written = await loop.run_in_executor(
                        self._thread, self._store.append_many, [entry for entry, _ in group]
                    )
                except Exception as error:  # the disk is full, the database is gone...
                    for _, done in group:
                        if not done.done():
                            done.set_exception(error)
                    continue
                for (_, done), result in zip(group, written, strict=True):
                    if not done.done():
                        done.set_result(result)
        finally:
            self._writing = None


class Allowance:
    """At most `most` of something per address in any `seconds`."""

    def __init__(self, most: int, seconds: float) -> None:
        self.most, self.seconds = most, seconds
        self._times: dict[str, deque[float]] = defaultdict(deque)

    def spent(self, address: str) -> bool:
        times = self._times[address]
        while times and times[0] < time.monotonic() - self.seconds:
            times.popleft()
        if not times:
            del self._times[address]  # an address met once is not kept for ever
        return len(times) >= self.most

    def note(self, address: str) -> None:
        self._times[address].append(time.monotonic())


@dataclass(eq=False)
class Client:
    """One connection and the seats it holds, by room code."""

    socket: ServerConnection
    address: str
    seats: dict[str, int | None] = field(default_factory=dict)
    """None where it watches."""
    greeted: bool = False

    async def send(self, message: Message) -> None:
        with contextlib.suppress(ConnectionClosed):  # gone: shown away when the close is read
            await self.socket.send(encode(message).decode())


@dataclass(eq=False)
class LiveRoom:
    """A room in memory, with who is connected to each seat, its clocks and its bots."""

    room: Room
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: dict[int | None, set[Client]] = field(default_factory=lambda: defaultdict(set))
    """The connections at each seat; at None, the spectators'."""
    timers: dict[int, tuple[int, asyncio.TimerHandle]] = field(default_factory=dict)
    thinking: dict[int, int] = field(default_factory=dict)
    """Each bot seat deciding now, with the entry its question came at."""
    bots: dict[int, Bot] = field(default_factory=dict)
    letting_go: asyncio.TimerHandle | None = None
    """Set while the room waits to be forgotten (nobody there, nothing happening)."""
    said_at: dict[int, float] = field(default_factory=dict)
    """When (time.monotonic) each seat last said a table message."""

    def here(self) -> set[int]:
        return {seat for seat, clients in self.clients.items() if clients and seat is not None}


class GameServer:
    def __init__(
        self,
        store: Store,
        *,
        bot_pause: float = 0.4,
        grace: float = GRACE_SECONDS,
        bot_budget: float = BOT_BUDGET,
        failed_tries: int = FAILED_TRIES,
        rooms_an_hour: int = ROOMS_AN_HOUR,
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        """`bot_pause`: seconds a bot waits before acting, so people can follow (0 in tests
        that play fast). `grace`: see GRACE_SECONDS."""
        self.store = store
        self.bot_pause = bot_pause
        self.grace = grace
        self.bot_budget = bot_budget
        self.idle_seconds = idle_seconds

        self.rooms: dict[str, LiveRoom] = {}
        self._loading: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._store_thread = ThreadPoolExecutor(1, thread_name_prefix="store")
        self._writer = GroupWriter(store, self._store_thread)
        self._bot_threads = ThreadPoolExecutor(2, thread_name_prefix="bots")
        self._search = SearchPool(self._bot_threads.submit)
        self._failures = Allowance(failed_tries, 60.0)
        self._created = Allowance(rooms_an_hour, 3600.0)
        self._tasks: set[asyncio.Task[Any]] = set()

    # Running ----------------------------------------------------------------------------------

    async def listen(
        self, host: str, port: int, certificate: ssl.SSLContext | None = None
    ) -> Server:
        changes = self.store.changes()
        if changes is not None:
            self._spawn(self._follow(changes))
        return await serve(
            self.handle,
            host,
            port,
            ssl=certificate,
            max_size=SOCKET_LIMIT,
            max_queue=32,
            # Updates are small; compressing each costs more CPU (and 47 KiB a connection)
            # than it saves (docs/online.md).
            compression=None,
            ping_interval=20,
            ping_timeout=20,
        )

    def close(self) -> None:
        for live in self.rooms.values():
            for _, timer in live.timers.values():
                timer.cancel()
            if live.letting_go is not None:
                live.letting_go.cancel()
        for task in self._tasks:
            task.cancel()
        self._search.close()
        self._bot_threads.shutdown(wait=False, cancel_futures=True)
        self._store_thread.shutdown(wait=True)

    async def handle(self, socket: ServerConnection) -> None:
        """One connection, from its hello to its close."""
        address = str(socket.remote_address[0]) if socket.remote_address else "?"
        client = Client(socket, address)
        try:
            async for frame in socket:
                try:
                    message = decode_client(frame)
                except ProtocolError as error:
                    # Translators: {problem} says, in English, what is wrong with the message.
                    refusal = Refusal(N_("Not understood: {problem}"), problem=str(error))
                    await client.send(refused(refusal, "?"))
                    continue
                await self._answer(client, message)
        except ConnectionClosed:
            pass
        finally:
            await self._gone(client)

    # Answers ----------------------------------------------------------------------------------

    async def _answer(self, client: Client, message: ClientMessage) -> None:
        kind = type(message).__name__.lower()
        if not client.greeted and not isinstance(message, Hello):
            await client.send(Refused(N_("Say hello first (with the protocol version)"), kind))
            return
        try:
            match message:
                case Hello():
                    await self._hello(client, message)
                case Ping():
                    await client.send(Pong(message.sent, time.time()))
                case Create():
                    await self._create(client, message)
                case Join():
                    await self._join(client, message)
                case Resume():
                    await self._resume(client, message)
                case Watch():
                    await self._watch(client, message)
                case Play() | Undo() | HandToBot() | Start():
                    await self._act(client, message)
                case Say():
                    await self._say(client, message)
                case ListRooms():
                    await self._list(client, message)
        except Refusal as refusal:
            await client.send(refused(refusal, kind))

    async def _hello(self, client: Client, hello: Hello) -> None:
        if hello.version != PROTOCOL_VERSION:
            # Without placeholders: a window of any version reads it (protocol.Refused).
            raise Refusal(
                N_("This server speaks an older version than your app: the server must be updated")
                if hello.version > PROTOCOL_VERSION
                else N_("Your app speaks an older version than this server: update the app")
            )
        client.greeted = True
        await client.send(Welcome(PROTOCOL_VERSION, SERVER_NAME))

    async def _create(self, client: Client, create: Create) -> None:
        if self._created.spent(client.address):
            raise Refusal(N_("You have opened many tables this hour: wait a while, or finish one"))
        stored = _new_room(create)
        try:
            room = Room(stored)  # the game, its options and its bots checked before any write
        except (OptionsError, RecordError) as error:
            raise Refusal(CANNOT_BE_PLAYED, problem=str(error)) from None
        token = new_token()
        stored.seats[stored.host].token_hash = token_hash(token)
        while not await self._in_store(self.store.create, stored):
            stored.code = new_code()  # taken already: one in a billion, but never twice
        self._created.note(client.address)
        live = LiveRoom(room)
        self._keep(live)
        await self._seat(client, live, stored.host, token)
        self._settle(live)

    async def _join(self, client: Client, join: Join) -> None:
        live = await self._known_room(client, join.room)
        token = new_token()
        hashed = token_hash(token)
        async with live.lock:
            while True:
                seat = live.room.free_seat()
                if seat is None:
                    raise Refusal(N_("This table is full"))
                if await self._in_store(self.store.claim_seat, join.room, seat, join.name, hashed):
                    break
                # Taken through another server process: read who sits where, and try the next.
                live.room.stored.seats = await self._in_store(self.store.seats, join.room)
            stored = live.room.stored.seats[seat]
            stored.name, stored.token_hash = join.name, hashed
        await self._seat(client, live, seat, token)

    async def _resume(self, client: Client, resume: Resume) -> None:
        self._check_tries(client)
        live = await self._room(resume.room)
        seat = None if live is None else _seat_of(live.room, resume.token)
        if live is None or seat is None:
            self._failed(client)
            raise Refusal(N_("You hold no seat at the table {code}"), code=resume.room)
        await self._seat(client, live, seat, None)

    async def _watch(self, client: Client, watch: Watch) -> None:
        await self._seat(client, await self._known_room(client, watch.room), None, None)

    async def _known_room(self, client: Client, code: str) -> LiveRoom:
        """The room with `code`; Refusal, counted as a failed try, when there is none."""
        self._check_tries(client)
        live = await self._room(code)
        if live is None:
            self._failed(client)
            raise Refusal(N_("No table has the code {code}"), code=code)
        return live

    async def _seat(
        self, client: Client, live: LiveRoom, seat: int | None, token: str | None
    ) -> None:
        """Gives `client` its seat: its token when new, the table as it sees it, and the news
        to everyone else that it is here."""
        client.seats[live.room.code] = seat
        live.clients[seat].add(client)
        if live.letting_go is not None:
            live.letting_go.cancel()
            live.letting_go = None
        if token is not None and seat is not None:
            await client.send(Seated(live.room.code, seat, token))
        await client.send(live.room.table_state(seat, live.here()))
        await self._tell_presence(live)

    async def _act(self, client: Client, message: Play | Undo | HandToBot | Start) -> None:
        live = self.rooms.get(message.room)
        seat = client.seats.get(message.room)
        if live is None or seat is None:
            raise Refusal(NOT_YOUR_SEAT)
        async with live.lock:
            room = live.room
            match message:
                case Play():
                    entry = room.play_entry(seat, message.seq, message.command)
                case Undo():
                    entry = room.undo_entry(seat, message.seq)
                case HandToBot():
                    if seat != room.stored.host:
                        raise Refusal(N_("Only the host may hand a seat to a bot"))
                    entry = room.hand_entry(message.seat, message.level, live.here())
                case Start():
                    entry = room.start_entry(seat)
            await self._commit(live, entry)

    async def _say(self, client: Client, say: Say) -> None:
        """Relays a seat's table message to everyone at the room, its sender and spectators
        included; nothing is stored."""
        live = self.rooms.get(say.room)
        seat = client.seats.get(say.room)
        if live is None or seat is None:
            raise Refusal(NOT_YOUR_SEAT)
        now = time.monotonic()
        if now - live.said_at.get(seat, -SAY_SECONDS) < SAY_SECONDS:
            raise Refusal(N_("One message at a time"))
        live.said_at[seat] = now
        await self._tell_everyone(live, Said(say.room, seat, say.phrase))

    async def _list(self, client: Client, request: ListRooms) -> None:
        self._check_tries(client)
        found, unknown = [], []
        for held in request.seats:
            live = await self._room(held.room)
            seat = None if live is None else _seat_of(live.room, held.token)
            if live is None or seat is None:
                unknown.append(held.room)
                continue
            room = live.room
            found.append(
                RoomSummary(
                    room.code,
                    room.stored.game,
                    seat,
                    list(room.to_act()),
                    [s.name for s in room.stored.seats],
                    room.match.is_over(),
                    room.stored.updated,
                    room.stored.host,
                    room.started,
                )
            )
        if unknown:
            self._failed(client)
        await client.send(RoomList(found, unknown))

    # Changing a room ---------------------------------------------------------------------------

    async def _commit(self, live: LiveRoom, entry: dict[str, Any]) -> None:
        """Writes a checked entry, then carries it out and tells every seat (under the room's
        lock). Another process that wrote this place first wins: what it wrote is read and
        told, and the entry refused as too late."""
        room = live.room
        try:
            written = await self._writer.write((room.code, room.seq, entry))
        except Exception as error:  # a full disk, a database gone: the move was not made
            log.exception("an entry of %s could not be written: %s", room.code, error)
            raise Refusal(STORE_FAILED) from None
        if not written:
            await self._catch_up(live)
            raise Refusal(TOO_LATE)
        await self._carry_out(live, entry)
        self._settle(live)

    async def _carry_out(self, live: LiveRoom, entry: dict[str, Any]) -> None:
        """Carries out a written entry and tells every seat what it should know of it."""
        live.room.stored.updated = time.time()
        events = live.room.carry_out(entry)
        if "undo" in entry:
            live.bots.clear()  # they are made again from their seeds for the game as it is
            await self._tell_tables(live)
        elif "start" in entry:
            await self._tell_tables(live)  # each seat is asked now: its table afresh
        elif "bot" in entry:
            await self._tell_presence(live)
        else:
            await self._tell_update(live, entry["seat"], events, entry["play"])

    async def _catch_up(self, live: LiveRoom) -> None:
        """Carries out what other processes wrote to this room since (under its lock)."""
        room = live.room
        for entry in await self._in_store(self.store.entries_from, room.code, room.seq):
            await self._carry_out(live, entry)
        self._settle(live)

    async def _follow(self, changes: AsyncIterator[Change]) -> None:
        """Other processes' changes to rooms that have people here."""
        async for code, what, count in changes:
            rooms = list(self.rooms.values()) if code == EVERY_ROOM else [self.rooms.get(code)]
            for live in rooms:
                if live is None or (what == "entries" and 0 <= count <= live.room.seq):
                    continue  # read when someone here asks for it; or known here already
                async with live.lock:
                    if what == "seats" or code == EVERY_ROOM:
                        seats = await self._in_store(self.store.seats, live.room.code)
                        live.room.stored.seats = seats
                        await self._tell_presence(live)
                    await self._catch_up(live)

    def _settle(self, live: LiveRoom) -> None:
        """After every change: bots to act start thinking, timed seats get their clocks."""
        room = live.room
        for seat, (asked, timer) in list(live.timers.items()):
            if room.asked_at.get(seat) != asked:
                timer.cancel()
                del live.timers[seat]
        for seat, asked in room.asked_at.items():
            level = room.bot_level(seat)
            if level is not None:
                if live.thinking.get(seat) != asked:
                    live.thinking[seat] = asked
                    self._spawn(self._bot_turn(live, seat, level, asked))
            elif seat not in live.timers:
                timeout = room.spec.timeout(room.match, seat)
                if timeout is not None:
                    handle = asyncio.get_running_loop().call_later(
                        timeout.seconds + self.grace,
                        self._time_is_up,
                        live,
                        seat,
                        asked,
                        timeout.default.to_json(),
                    )
                    live.timers[seat] = (asked, handle)
        self._let_go_if_idle(live)

    def _let_go_if_idle(self, live: LiveRoom) -> None:
        """Forgets a room nobody has been connected to and nothing has happened in (no bot to
        act, no clock running) for `idle_seconds`: it is read from the store again when
        someone comes back, so a server's memory holds the tables being played, not every
        table it ever served."""
        if live.letting_go is None and _idle(live):
            live.letting_go = asyncio.get_running_loop().call_later(
                self.idle_seconds, self._let_go, live
            )

    def _let_go(self, live: LiveRoom) -> None:
        live.letting_go = None
        if _idle(live) and self.rooms.get(live.room.code) is live:
            del self.rooms[live.room.code]

    async def _bot_turn(self, live: LiveRoom, seat: int, level: str, asked: int) -> None:
        await asyncio.sleep(self.bot_pause)
        room = live.room
        if room.asked_at.get(seat) != asked:
            return
        bot = live.bots.get(seat) or make_bot(room.stored.game, level, _bot_seed(room, seat))
        work = partial(decide, bot, room.match.view(seat), room.match.legal(seat), self.bot_budget)
        runner = self._search if level in SEARCHING_LEVELS else self._bot_threads
        decided: Decided = await asyncio.wrap_future(runner.submit(work))
        async with live.lock:
            if live.room is not room or room.asked_at.get(seat) != asked:
                return  # the table moved on (an undo, a timeout): the question is gone
            live.bots[seat] = decided.bot
            try:
                entry = room.play_entry(seat, room.seq, decided.command.to_json())
                await self._commit(live, entry)
            except Refusal as refusal:
                _lost(refusal, "bot", seat, room.code)
                if live.thinking.get(seat) == asked:  # still asked: think again, afresh
                    del live.thinking[seat]
                    self._settle(live)

    def _time_is_up(self, live: LiveRoom, seat: int, asked: int, default: Any) -> None:
        self._spawn(self._time_up(live, seat, asked, default))

    async def _time_up(self, live: LiveRoom, seat: int, asked: int, default: Any) -> None:
        async with live.lock:
            room = live.room
            if room.asked_at.get(seat) != asked:
                return
            live.timers.pop(seat, None)
            try:
                await self._commit(live, room.play_entry(seat, room.seq, default))
            except Refusal as refusal:
                _lost(refusal, "default", seat, room.code)

    # Telling -----------------------------------------------------------------------------------

    async def _tell_update(
        self, live: LiveRoom, actor: int, events: list[Event], command: dict[str, Any]
    ) -> None:
        for seat, clients in list(live.clients.items()):
            if clients:
                update = live.room.update(seat, actor, events, command)
                await asyncio.gather(*(client.send(update) for client in list(clients)))

    async def _tell_tables(self, live: LiveRoom) -> None:
        here, told = live.here(), live.room.told()  # the game replayed once for every seat
        for seat, clients in list(live.clients.items()):
            if clients:
                table = live.room.table_state(seat, here, told)
                await asyncio.gather(*(client.send(table) for client in list(clients)))

    async def _tell_presence(self, live: LiveRoom) -> None:
        room = live.room
        await self._tell_everyone(
            live, Presence(room.code, room.seat_infos(live.here()), room.started)
        )

    async def _tell_everyone(self, live: LiveRoom, message: Message) -> None:
        """The same message to every connection at the room, spectators included."""
        everyone = {client for clients in live.clients.values() for client in clients}
        await asyncio.gather(*(client.send(message) for client in everyone))

    async def _gone(self, client: Client) -> None:
        for code, seat in client.seats.items():
            live = self.rooms.get(code)
            if live is not None:
                live.clients[seat].discard(client)
                await self._tell_presence(live)
                self._let_go_if_idle(live)

    # Helpers -----------------------------------------------------------------------------------

    async def _room(self, code: str) -> LiveRoom | None:
        """The room with `code`, read from the store when no one here has it yet."""
        live = self.rooms.get(code)
        if live is not None:
            return live
        async with self._loading[code]:
            live = self.rooms.get(code)
            if live is None:
                stored = await self._in_store(self.store.load, code)
                if stored is None:
                    return None
                try:
                    live = LiveRoom(Room(stored))
                except (OptionsError, RecordError) as error:
                    log.error("room %s cannot be read: %s", code, error)
                    raise Refusal(
                        N_("The table {code} cannot be read on this server"), code=code
                    ) from None
                self._keep(live)
                self._settle(live)
        return live

    def _keep(self, live: LiveRoom) -> None:
        """Holds a room in memory. Everything held so far is then left out of the garbage
        collector's full sweeps (gc.freeze): they walk every object, and a thousand rooms'
        states made each sweep pause every room for tens of milliseconds (docs/online.md).
        Rooms' objects are freed by their reference counts as ever; only cycles among them
        would wait, and a game's state holds none."""
        self.rooms[live.room.code] = live
        gc.freeze()

    async def _in_store(self, call: Callable[..., T], *args: Any) -> T:
        """`call` on the store's thread; Refusal when the store fails (nothing was kept)."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._store_thread, call, *args)
        except Exception as error:  # a full disk, a database gone: whatever the store says
            log.exception("the store failed: %s", error)
            raise Refusal(STORE_FAILED) from None

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a room's task failed", exc_info=task.exception())

    def _check_tries(self, client: Client) -> None:
        if self._failures.spent(client.address):
            raise Refusal(N_("Too many wrong codes from here: wait a minute and try again"))

    def _failed(self, client: Client) -> None:
        self._failures.note(client.address)


def _new_room(create: Create) -> StoredRoom:
    """The room `create` asks for, not yet written; Refusal for seats that cannot be."""
    if sum(wish.kind == "me" for wish in create.seats) != 1:
        raise Refusal(N_("Exactly one seat is yours"))
    try:
        spec = game_spec(create.game)
    except OptionsError as error:
        raise Refusal(CANNOT_BE_PLAYED, problem=str(error)) from None
    seats = []
    for number, wish in enumerate(create.seats):
        if wish.kind == "bot":
            if wish.level is None or wish.level not in spec.bots:
                # Translators: {game} is a game's title (not translated).
                raise Refusal(
                    N_("There is no bot level “{level}” for {game}"),
                    level=wish.level or "",
                    game=spec.rules.title,
                )
            name = wish.name or f"{wish.level.capitalize()} bot"
            seats.append(StoredSeat(name, "bot", wish.level))
        else:
            name = create.name if wish.kind == "me" else wish.name or f"Seat {number + 1}"
            seats.append(StoredSeat(name, "person"))
    host = next(n for n, wish in enumerate(create.seats) if wish.kind == "me")
    seed = secrets.randbelow(SEED_LIMIT)
    return StoredRoom(
        new_code(), create.game, dict(create.options), seed, None, host, seats, wait=create.wait
    )


def refused(refusal: Refusal, about: str) -> Refused:
    """The message refusing a request: the refusal's msgid and params, each text param cut to
    what a window reads (an error's detail may run long)."""
    params = {
        name: value if isinstance(value, int) else value[:PARAM_LIMIT]
        for name, value in refusal.params.items()
    }
    return Refused(refusal.msgid, about, params)


def _lost(refusal: Refusal, what: str, seat: int, code: str) -> None:
    """A bot's move or a clock's default not carried out. Too late is how a race between two
    server processes sharing a room ends (the other one played first); anything else is a
    fault."""
    level = logging.DEBUG if refusal.msgid == TOO_LATE else logging.ERROR
    log.log(level, "%s of seat %s in %s refused: %s", what, seat, code, refusal)


def _idle(live: LiveRoom) -> bool:
    """Nobody is connected to the room and nothing happens in it."""
    room = live.room
    busy = live.timers or any(room.bot_level(seat) is not None for seat in room.asked_at)
    return not busy and not any(live.clients.values())


def _seat_of(room: Room, token: str) -> int | None:
    for number, seat in enumerate(room.stored.seats):
        if token_fits(token, seat.token_hash):
            return number
    return None


def _bot_seed(room: Room, seat: int) -> int:
    return (room.stored.seed * 31 + seat + 1) % SEED_LIMIT
