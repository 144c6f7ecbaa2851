"""Where a server keeps its rooms: each room's head (game, options, seats, seed, whether it
waits for its host), who holds each seat (a token's hash), and its numbered entries (a
command, an undo, a seat handed to a bot, the host's start). An entry is written before
anything about it is sent, so a server killed at any moment and started again loses no command
a player was told about.

The store decides the order of a room's entries: (room, seq) is unique, and of two writers
racing for one place one wins and the other is told (`append` returns False).

SQLite is the embedded default (WAL, synchronous FULL: a written entry survives a crash of the
process and of the machine). Calls block; the server makes them on one thread of its own.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol

from moonlight_desktop.engine.safejson import loads

SeatKind = Literal["person", "bot"]


@dataclass(slots=True)
class StoredSeat:
    name: str
    kind: SeatKind
    level: str | None = None
    """A bot's level."""
    token_hash: str | None = None
    """A person's token, hashed; None while the seat is free."""


@dataclass(slots=True)
class StoredRoom:
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    setup: dict[str, Any] | None
    host: int
    seats: list[StoredSeat]
    entries: list[dict[str, Any]] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    wait: bool = False
    """Created waiting for its host's start (an entry); False: play began at once."""


Change = tuple[str, str, int]
"""What a server process changed: (room code, "entries" or "seats", how many entries the room
has after it, or -1 where that is not known)."""
Write = tuple[str, int, dict[str, Any]]
"""An entry to write: the room's code, its number, the entry."""
EVERY_ROOM = "*"
"""The code of a change that may concern any room (notes were missed)."""


class Store(Protocol):
    def create(self, room: StoredRoom) -> bool:
        """Writes a new room; False when its code is taken (nothing written)."""
        ...

    def load(self, code: str) -> StoredRoom | None: ...

    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> bool:
        """Gives a free seat its person; False when someone took it first."""
        ...

    def append(self, code: str, seq: int, entry: dict[str, Any]) -> bool:
        """Writes entry number `seq` (counting from 0); False when that place is taken."""
        ...

    def append_many(self, writes: Sequence[Write]) -> list[bool]:
        """Writes several entries in one transaction, which waits for the disk once: for each,
        whether it was written (False: its place was taken)."""
        ...

    def entries_from(self, code: str, seq: int) -> list[dict[str, Any]]:
        """The room's entries from number `seq` on (written by any process)."""
        ...

    def seats(self, code: str) -> list[StoredSeat]: ...

    def changes(self) -> AsyncIterator[Change] | None:
        """What other processes sharing this store change, as it happens; None where no
        other process can (an embedded store)."""
        ...

    def close(self) -> None: ...


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        head TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        code TEXT NOT NULL REFERENCES rooms(code),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        level TEXT,
        token_hash TEXT,
        PRIMARY KEY (code, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS entries (
        code TEXT NOT NULL REFERENCES rooms(code),
        seq INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    )""",
)
"""The same tables in SQLite and PostgreSQL."""


class SqlStore(ABC):
    """The store in SQL, whichever database runs it: statements are written with `?` for a
    parameter, and a subclass says how its database takes them and runs a transaction."""

    taken: tuple[type[Exception], ...]
    """The database's error for a unique key already there."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        with self._transaction() as run:
            for statement in SCHEMA:
                run(statement, ())

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Run]:
        """A transaction to run statements in, committed at the end, rolled back on error."""

    @abstractmethod
    def _announce(self, run: Run, code: str, what: str, count: int) -> None:
        """Tells the processes sharing the database of a change, inside its transaction."""

    def create(self, room: StoredRoom) -> bool:
        head = {
            "game": room.game,
            "options": room.options,
            "seed": room.seed,
            "setup": room.setup,
            "host": room.host,
            "wait": room.wait,
        }
        try:
            with self._transaction() as run:
                run(
                    "INSERT INTO rooms (code, head, created, updated) VALUES (?, ?, ?, ?)",
                    (room.code, json.dumps(head), room.created, room.updated),
                )
                for number, seat in enumerate(room.seats):
                    run(
                        "INSERT INTO seats (code, seat, name, kind, level, token_hash)"
                        " VALUES (?, ?, ?, ?, ?, ?)",
                        (room.code, number, seat.name, seat.kind, seat.level, seat.token_hash),
                    )
        except self.taken:
            return False
        return True

    def load(self, code: str) -> StoredRoom | None:
        with self._transaction() as run:
            rows = run("SELECT head, created, updated FROM rooms WHERE code = ?", (code,))
            if not rows:
                return None
            seats = self._seats(run, code)
            entries = run("SELECT entry FROM entries WHERE code = ? ORDER BY seq", (code,))
        text, created, updated = rows[0]
        head = loads(text)
        return StoredRoom(
            code,
            head["game"],
            head["options"],
            head["seed"],
            head["setup"],
            head["host"],
            seats,
            [loads(entry) for (entry,) in entries],
            created,
            updated,
            head.get("wait", False),  # rooms written before waiting rooms began at once
        )

    def seats(self, code: str) -> list[StoredSeat]:
        with self._transaction() as run:
            return self._seats(run, code)

    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> bool:
        with self._transaction() as run:
            claimed = run(
                "UPDATE seats SET name = ?, token_hash = ?"
                " WHERE code = ? AND seat = ? AND kind = 'person' AND token_hash IS NULL"
                " RETURNING seat",
                (name, token_hash, code, seat),
            )
            if claimed:
                self._announce(run, code, "seats", -1)
        return bool(claimed)

    def append(self, code: str, seq: int, entry: dict[str, Any]) -> bool:
        return self.append_many([(code, seq, entry)])[0]

    def append_many(self, writes: Sequence[Write]) -> list[bool]:
        written = []
        with self._transaction() as run:
            for code, seq, entry in writes:
                done = run(
                    "INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)"
                    " ON CONFLICT (code, seq) DO NOTHING RETURNING seq",
                    (code, seq, json.dumps(entry)),
                )
                written.append(bool(done))
                if done:
                    run("UPDATE rooms SET updated = ? WHERE code = ?", (time.time(), code))
                    self._announce(run, code, "entries", seq + 1)
        return written

    def entries_from(self, code: str, seq: int) -> list[dict[str, Any]]:
        with self._transaction() as run:
            rows = run(
                "SELECT entry FROM entries WHERE code = ? AND seq >= ? ORDER BY seq", (code, seq)
            )
        return [loads(text) for (text,) in rows]

    def changes(self) -> AsyncIterator[Change] | None:
        return None

    @staticmethod
    def _seats(run: Run, code: str) -> list[StoredSeat]:
        rows = run(
            "SELECT name, kind, level, token_hash FROM seats WHERE code = ? ORDER BY seat", (code,)
        )
        return [StoredSeat(name, kind, level, token) for name, kind, level, token in rows]


Run = Callable[[str, tuple[Any, ...]], list[Any]]
"""Runs one statement in a transaction: its rows (none for a statement that returns none)."""


class SQLiteStore(SqlStore):
    """Rooms in one SQLite file: the embedded default, for one server process."""

    taken = (sqlite3.IntegrityError,)

    def __init__(self, path: Path | str) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        # One connection, used under a lock: the server calls from one thread, tests from theirs.
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        super().__init__()

    @contextmanager
    def _transaction(self) -> Iterator[Run]:
        def run(statement: str, parameters: tuple[Any, ...]) -> list[Any]:
            return self._db.execute(statement, parameters).fetchall()

        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield run
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _announce(self, run: Run, code: str, what: str, count: int) -> None:
        """Nothing: one process keeps a SQLite file's rooms."""

    def close(self) -> None:
        with self._lock:
            self._db.close()
