"""The window's connection to a game server: a client on an asyncio loop of its own thread, so
no frame ever waits for the network, that comes back by itself when the connection drops.

The window sends through `send` and takes what arrived with `take` (each message with the
moment it arrived, for the countdowns); `wake` is called whenever something arrives or the
connection changes, so a window at rest draws it at once. Every seat the window `hold`s is
resumed after each reconnection, and the server answers each with the whole table. No pygame.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Literal

from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException

from moonlight_desktop.i18n import N_, told

from .client import ServerRefused, TableClient
from .protocol import Message, Ping, Pong, ProtocolError, Resume, ServerMessage

log = logging.getLogger(__name__)

LinkState = Literal["connecting", "online", "reconnecting", "refused", "closed"]

RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0)
"""The waits between attempts to reach the server again; the last repeats for as long as it
takes (a host's computer waking from sleep)."""
CLOSE_SECONDS = 1.0
"""How long closing waits for the server's goodbye."""
PING_SECONDS = 5.0
"""How often the round trip is measured (the countdowns are corrected by half of it) and a dead
connection found out."""


@dataclass(frozen=True, slots=True)
class Arrived:
    message: ServerMessage
    at: float
    """time.monotonic() when it arrived."""


UNREACHABLE = N_(
    "No game server answers at {url}. Check the address, or that the host's app is open."
)


class Link:
    def __init__(
        self,
        url: str,
        wake: Callable[[], None] = lambda: None,
        retry: Sequence[float] = RETRY_SECONDS,
    ) -> None:
        self.url = url
        self._wake = wake
        self._retry = tuple(retry)
        self.state: LinkState = "connecting"
        self._problem: tuple[str, dict[str, str | int]] = ("", {})
        """Why the link is not online ("" while it is): the msgid and its params, told in
        the language of the moment it is read."""
        self.round_trip = 0.0
        self.ever_online = False
        self._arrived: queue.SimpleQueue[Arrived] = queue.SimpleQueue()
        self._held: dict[str, str] = {}
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[Message] | None = None
        self._client: TableClient | None = None
        self._closing = False
        self._thread = threading.Thread(target=self._loop.run_forever, name="link", daemon=True)

    def start(self) -> Link:
        self._thread.start()
        running = asyncio.run_coroutine_threadsafe(self._run(), self._loop)
        running.add_done_callback(self._ended)
        return self

    def _ended(self, running: Future[None]) -> None:
        if not running.cancelled() and running.exception() is not None:
            log.error("the link to %s failed", self.url, exc_info=running.exception())
            self._become("refused", N_("The connection failed. Go back and try again."))

    @property
    def problem(self) -> str:
        """Why the link is not online, in a sentence for the player ("" while it is)."""
        msgid, params = self._problem
        return told(msgid, params) if msgid else ""

    @property
    def online(self) -> bool:
        return self.state == "online"

    def send(self, message: Message) -> bool:
        """Sends `message` when the link is online (True); False, sending nothing, when it
        is not (the caller says so: a move is never sent late, on a table that moved on)."""
        outbox = self._outbox
        if not self.online or outbox is None:
            return False
        self._loop.call_soon_threadsafe(outbox.put_nowait, message)
        return True

    def hold(self, room: str, token: str, resume: bool = True) -> None:
        """Resumes this seat after every reconnection, and now when `resume` (the server
        answers with the whole table)."""
        self._held[room] = token
        if resume:
            self.send(Resume(room, token))

    def resume(self, room: str) -> None:
        """Asks for a held seat's whole table again."""
        token = self._held.get(room)
        if token is not None:
            self.send(Resume(room, token))

    def let_go(self, room: str) -> None:
        self._held.pop(room, None)

    def take(self) -> list[Arrived]:
        """What arrived since the last call, in order."""
        taken = []
        while True:
            try:
                taken.append(self._arrived.get_nowait())
            except queue.Empty:
                return taken

    def close(self) -> None:
        """Closes the connection and the thread (from any thread but the link's own)."""
        if self._closing:
            return
        self._closing = True
        if self._thread.is_alive():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(5)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
        self.state = "closed"

    # On the link's thread ---------------------------------------------------------------------

    async def _stop(self) -> None:
        """Says goodbye to the server (briefly: the app is closing), then stops everything."""
        client = self._client
        if client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), CLOSE_SECONDS)
        for task in asyncio.all_tasks():
            if task is not asyncio.current_task():
                task.cancel()

    def _become(
        self, state: LinkState, problem: str = "", params: dict[str, str | int] | None = None
    ) -> None:
        told_now = (problem, params or {})
        if (state, told_now) != (self.state, self._problem):
            self.state, self._problem = state, told_now
            self._wake()

    async def _run(self) -> None:
        failures = 0
        while not self._closing:
            try:
                client = await TableClient.connect(
                    self.url, open_timeout=5, ping_interval=PING_SECONDS, ping_timeout=PING_SECONDS
                )
            except ServerRefused as refusal:  # another version: trying again would not help
                self._become("refused", refusal.refused.msgid, refusal.refused.params)
                return
            except (OSError, TimeoutError, InvalidHandshake, ProtocolError) as error:
                log.info("no server at %s: %s", self.url, error)
                lost: LinkState = "reconnecting" if self.ever_online else "connecting"
                self._become(lost, UNREACHABLE, {"url": self.url})
            except InvalidURI:
                self._become(
                    "refused", N_("{url} is not a game server's address"), {"url": self.url}
                )
                return
            else:
                failures = 0
                await self._talk(client)
                if self._closing:
                    return
                self._become("reconnecting", N_("The connection to the game server was lost."))
            await asyncio.sleep(self._retry[min(failures, len(self._retry) - 1)])
            failures += 1

    async def _talk(self, client: TableClient) -> None:
        """Online until the connection drops: sends what the window sends, hands on what the
        server says, and measures the round trip."""
        self._outbox = asyncio.Queue()
        self._client = client
        self.ever_online = True
        for room, token in self._held.items():
            await client.send(Resume(room, token))
        self._become("online")
        tasks = [
            asyncio.create_task(self._sending(client, self._outbox)),
            asyncio.create_task(self._pinging(client)),
            asyncio.create_task(self._hearing(client)),
        ]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._outbox = self._client = None
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                await client.close()

    async def _sending(self, client: TableClient, outbox: asyncio.Queue[Message]) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            while True:
                await client.send(await outbox.get())

    async def _pinging(self, client: TableClient) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            while True:
                await client.send(Ping(time.monotonic()))
                await asyncio.sleep(PING_SECONDS)

    async def _hearing(self, client: TableClient) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            while True:
                try:
                    message = await client.receive(timeout=3600)
                except TimeoutError:
                    continue
                except ProtocolError as error:  # a server of ours never says this: skip it
                    log.warning("a message from the server could not be read: %s", error)
                    continue
                client.received.clear()  # the window keeps what it needs of each message
                self.round_trip = client.round_trip
                if isinstance(message, Pong):
                    continue
                self._arrived.put(Arrived(message, time.monotonic()))
                self._wake()
