"""A game server on a thread of its own, for the window's "host on this computer": its own
asyncio loop, so the window's frames never wait for it, started and stopped from any thread."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from typing import Any

from .server import GameServer
from .store import Store


class HostedServer:
    def __init__(self, store: Store, **options: Any) -> None:
        """`options` go to GameServer (e.g. bot_pause)."""
        self._store = store
        self._options = options
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="server", daemon=True)
        self._server: GameServer | None = None
        self._listening: Any = None
        self.port = 0

    def start(self, host: str = "localhost", port: int = 0, timeout: float = 10.0) -> int:
        """Listens on `host`:`port` (0: any free port) and returns the port; OSError when it
        cannot listen there."""
        self._thread.start()
        started: Future[int] = asyncio.run_coroutine_threadsafe(
            self._listen(host, port), self._loop
        )
        self.port = started.result(timeout)
        return self.port

    def stop(self, timeout: float = 10.0) -> None:
        """Stops listening and the thread; the store stays open (its owner closes it)."""
        if self._thread.is_alive():
            try:
                asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(timeout)
            finally:  # connections slow to close must not keep the thread: it stops anyway
                self._loop.call_soon_threadsafe(self._loop.stop)
                self._thread.join(timeout)

    async def _listen(self, host: str, port: int) -> int:
        self._server = GameServer(self._store, **self._options)
        self._listening = await self._server.listen(host, port)
        return int(next(iter(self._listening.sockets)).getsockname()[1])

    async def _close(self) -> None:
        if self._listening is not None:
            self._listening.close()
            await self._listening.wait_closed()
        if self._server is not None:
            self._server.close()
