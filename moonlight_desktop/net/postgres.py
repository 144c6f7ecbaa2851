"""Rooms in PostgreSQL (psycopg 3), for servers that outgrow one process: several processes on
several machines serve the same rooms. Any process loads any room from its entries; the
unique (room, seq) key decides which of two racing processes writes a place; and each write
is announced with NOTIFY in its own transaction, so a process whose clients sit in that room
reads the new entries and tells them (`changes`).

Needs the optional extra: `pip install "moonlight-desktop[server-postgres]"`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors

from .store import EVERY_ROOM, Change, Run, SqlStore

CHANNEL = "moonlight_rooms"


class PostgresStore(SqlStore):
    taken = (errors.UniqueViolation,)

    def __init__(self, url: str) -> None:
        """OSError-like psycopg.OperationalError when the database cannot be reached."""
        self.url = url
        self._db = psycopg.connect(url, autocommit=True)
        # Two processes starting together must not both create the tables at once.
        self._db.execute("SELECT pg_advisory_lock(4711)")
        try:
            super().__init__()
        finally:
            self._db.execute("SELECT pg_advisory_unlock(4711)")

    @contextmanager
    def _transaction(self) -> Iterator[Run]:
        def run(statement: str, parameters: tuple[Any, ...]) -> list[Any]:
            cursor = self._db.execute(statement.replace("?", "%s"), parameters)
            return cursor.fetchall() if cursor.description is not None else []

        with self._lock, self._db.transaction():
            yield run

    def _announce(self, run: Run, code: str, what: str, count: int) -> None:
        run("SELECT pg_notify(?, ?)", (CHANNEL, json.dumps([code, what, count])))

    def changes(self) -> AsyncIterator[Change]:
        return self._listen()

    async def _listen(self) -> AsyncIterator[Change]:
        """Notes as they come; when the listening connection is lost, it listens again and
        says that anything may have changed meanwhile (EVERY_ROOM)."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as listener:
                    await listener.execute(f"LISTEN {CHANNEL}")
                    async for note in listener.notifies():
                        try:
                            code, what, count = json.loads(note.payload)
                        except (ValueError, TypeError):
                            continue  # not one of ours
                        yield str(code), str(what), int(count)
            except psycopg.OperationalError:
                await asyncio.sleep(1.0)
                yield EVERY_ROOM, "entries", -1

    def close(self) -> None:
        with self._lock:
            self._db.close()
