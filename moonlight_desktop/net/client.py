"""A client of the game server, without a window: it connects, says hello, takes or resumes a
seat and keeps the table as its seat knows it, update by update. The tests and the window
(next) use it; so could a bot playing from another process.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from .protocol import (
    PROTOCOL_VERSION,
    Clock,
    Create,
    Held,
    Hello,
    Join,
    ListRooms,
    Message,
    Phrase,
    Ping,
    Play,
    Pong,
    Presence,
    Refused,
    Resume,
    RoomList,
    Say,
    Seated,
    SeatInfo,
    SeatWish,
    ServerMessage,
    Start,
    TableState,
    Undo,
    Update,
    Watch,
    Welcome,
    decode_server,
    encode,
)


class ServerRefused(Exception):
    """The server read a request and refused it (`refused`); `str()` says why, in this
    window's language."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.msgid)
        self.refused = refused

    def __str__(self) -> str:
        return self.refused.reason


@dataclass
class SeatTable:
    """One room as this client's seat knows it."""

    room: str
    seat: int | None
    """None: watching."""
    game: str = ""
    seq: int = 0
    view: dict[str, Any] = field(default_factory=dict)
    to_act: list[int] = field(default_factory=list)
    legal: list[dict[str, Any]] = field(default_factory=list)
    history: list[list[dict[str, Any]]] = field(default_factory=list)
    seats: list[SeatInfo] = field(default_factory=list)
    token: str | None = None
    clocks: list[Clock] = field(default_factory=list)
    clocks_since: float = 0.0
    """When (time.monotonic) the message with the clocks arrived."""
    host: int = 0
    started: bool = True
    """False while the room waits for its host to start the game."""
    opening: dict[str, Any] = field(default_factory=dict)
    """The public view of the game's starting position."""
    record: dict[str, Any] | None = None
    """The game's whole record, once it is over."""

    def learn(self, message: ServerMessage, now: float) -> None:
        match message:
            case TableState():
                self.game, self.seq, self.view = message.game, message.seq, message.view
                self.to_act, self.legal = message.to_act, message.legal
                # A copy: the updates that follow grow this table's history, never the
                # message's (another thread may still read it, as the window does).
                self.history, self.seats = list(message.history), message.seats
                self.clocks, self.clocks_since = message.clocks, now
                self.host, self.started = message.host, message.started
                self.opening, self.record = message.opening, message.record
            case Update():
                self.seq, self.view = message.seq, message.view
                self.to_act, self.legal = message.to_act, message.legal
                self.history.append(message.events)
                self.clocks, self.clocks_since = message.clocks, now
                self.record = message.record
            case Presence():
                self.seats, self.started = message.seats, message.started

    def time_left(self, seat: int, now: float, round_trip: float) -> float | None:
        """The seconds `seat` has left to decide as a player should see them: the server's
        clock, less the time since it was told and half the round trip (the way the news
        came), so the shown countdown ends before the server's. None: not timed."""
        for clock in self.clocks:
            if clock.seat == seat:
                return max(0.0, clock.seconds - (now - self.clocks_since) - round_trip / 2)
        return None


class TableClient:
    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.tables: dict[str, SeatTable] = {}
        self.received: list[ServerMessage] = []
        """Everything the server said, in order (tests read what a seat was told)."""
        self.round_trip = 0.0
        """Seconds a message takes there and back, as the last pings measured."""

    @classmethod
    async def connect(cls, url: str, **options: Any) -> TableClient:
        client = cls(await connect(url, **options))
        await client.send(Hello(PROTOCOL_VERSION, "moonlight-desktop"))
        await client.expect(Welcome)
        return client

    async def close(self) -> None:
        await self.socket.close()

    async def send(self, message: Message) -> None:
        await self.socket.send(encode(message).decode())

    async def receive(self, timeout: float = 10.0) -> ServerMessage:
        """The next message, learnt into its table."""
        frame = await asyncio.wait_for(self.socket.recv(), timeout)
        message = decode_server(frame)
        now = time.monotonic()
        self.received.append(message)
        if isinstance(message, Pong):
            measured = max(0.0, now - message.sent)
            self.round_trip = measured if not self.round_trip else (self.round_trip + measured) / 2
        room = getattr(message, "room", None)
        if isinstance(message, Seated):
            self.tables[message.room] = SeatTable(message.room, message.seat, token=message.token)
        elif isinstance(message, TableState) and message.room not in self.tables:
            self.tables[message.room] = SeatTable(message.room, message.seat)
        if room in self.tables:
            self.tables[room].learn(message, now)
        return message

    async def expect(self, kind: type[Any], timeout: float = 10.0) -> Any:
        """Messages until one of `kind`; ServerRefused for a refusal on the way."""
        while True:
            message = await self.receive(timeout)
            if isinstance(message, kind):
                return message
            if isinstance(message, Refused):
                raise ServerRefused(message)

    # Requests ---------------------------------------------------------------------------------

    async def create(
        self,
        game: str,
        seats: list[SeatWish],
        name: str,
        options: dict[str, Any] | None = None,
        wait: bool = False,
    ) -> SeatTable:
        """A new room, this client at its "me" seat; with `wait` it waits for `start`."""
        await self.send(Create(game, seats, name, options or {}, wait))
        return await self._seated()

    async def join(self, room: str, name: str) -> SeatTable:
        await self.send(Join(room, name))
        return await self._seated()

    async def resume(self, room: str, token: str) -> SeatTable:
        await self.send(Resume(room, token))
        table: TableState = await self.expect(TableState)
        self.tables[room].token = token
        return self.tables[table.room]

    async def watch(self, room: str) -> SeatTable:
        await self.send(Watch(room))
        table: TableState = await self.expect(TableState)
        return self.tables[table.room]

    async def play(self, room: str, command: dict[str, Any]) -> None:
        await self.send(Play(room, self.tables[room].seq, command))

    async def undo(self, room: str) -> None:
        await self.send(Undo(room, self.tables[room].seq))

    async def start(self, room: str) -> None:
        await self.send(Start(room))

    async def say(self, room: str, phrase: Phrase) -> None:
        await self.send(Say(room, phrase))

    async def list_rooms(self, held: list[tuple[str, str]]) -> RoomList:
        await self.send(ListRooms([Held(room, token) for room, token in held]))
        answer: RoomList = await self.expect(RoomList)
        return answer

    async def measure_round_trip(self) -> float:
        """Pings the server (on this client's monotonic clock) and waits for the answer."""
        await self.send(Ping(time.monotonic()))
        await self.expect(Pong)
        return self.round_trip

    async def _seated(self) -> SeatTable:
        seated: Seated = await self.expect(Seated)
        await self.expect(TableState)
        return self.tables[seated.room]
