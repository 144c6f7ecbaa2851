"""The window's links to game servers, one per address, kept while the app runs, and who hears
what each says: a room's news goes to its table while the table is open, everything else to
one listener of the scenes' choosing (the online menu's replies, a turn come round while the
player is elsewhere). The window pumps it once a frame. No pygame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .hosting import HostedServer
from .link import Arrived, Link
from .serve import DEFAULT_PORT
from .store import SQLiteStore

log = logging.getLogger(__name__)

Hearer = Callable[[str, Arrived], None]
"""Hears a message, with the address of the server it came from."""


class OnlineHub:
    def __init__(self, wake: Callable[[], None] = lambda: None) -> None:
        self._wake = wake
        self.hosting_options: dict[str, Any] = {}
        """For the game server this app hosts (GameServer's, e.g. tests' `bot_pause`)."""
        self.links: dict[str, Link] = {}
        self._rooms: dict[tuple[str, str], Hearer] = {}
        self.rest: Hearer = lambda url, arrived: None
        """Hears whatever no open table hears."""
        self.hosted: HostedServer | None = None
        self._hosted_store: SQLiteStore | None = None
        self.host_port = 0

    def link(self, url: str) -> Link:
        """The link to `url`, started when first asked for."""
        link = self.links.get(url)
        if link is None or link.state == "refused":
            if link is not None:
                link.close()
            link = self.links[url] = Link(url, self._wake).start()
        return link

    def listen(self, url: str, room: str, hear: Hearer) -> None:
        self._rooms[(url, room)] = hear

    def stop_listening(self, url: str, room: str) -> None:
        self._rooms.pop((url, room), None)

    def pump(self) -> None:
        """Hands on what arrived since the last call, in order."""
        for url, link in list(self.links.items()):
            for arrived in link.take():
                room = getattr(arrived.message, "room", None)
                hear = self._rooms.get((url, room)) if isinstance(room, str) else None
                (hear or self.rest)(url, arrived)

    def host(self, folder: Path, port: int = DEFAULT_PORT) -> str:
        """Serves tables from this computer to the local network (its rooms kept in
        `folder`) on `port` if it is free, else the usual port, else any; started when first
        asked for. The address this app reaches it at; OSError when it cannot listen."""
        if self.hosted is None:
            store = SQLiteStore(folder / "rooms.sqlite3")
            try:
                self.hosted, self.host_port = self._listen(store, (port, DEFAULT_PORT, 0))
            except BaseException:
                store.close()
                raise
            self._hosted_store = store
        return f"ws://localhost:{self.host_port}"

    def _listen(self, store: SQLiteStore, ports: tuple[int, ...]) -> tuple[HostedServer, int]:
        for port in dict.fromkeys(ports):  # in order, each once
            hosted = HostedServer(store, **self.hosting_options)
            try:
                return hosted, hosted.start("0.0.0.0", port)
            except OSError:  # another app (or a serve) has that port
                hosted.stop()
                if port == 0:
                    raise
        raise OSError("no port to listen on")

    def close(self) -> None:
        """Closes every link and stops the hosted server (never raises: the app is closing,
        and every room is already written)."""
        for link in self.links.values():
            link.close()
        self.links.clear()
        if self.hosted is not None:
            try:
                self.hosted.stop()
            except Exception:
                log.exception("the hosted game server did not stop in time")
            self.hosted = None
        if self._hosted_store is not None:
            self._hosted_store.close()
            self._hosted_store = None
