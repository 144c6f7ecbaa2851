"""Where a server keeps its rooms: each room's head (game, options, seats, seed), who holds
each seat (a token's hash), and its numbered entries (a command, an undo, a seat handed to a
bot). An entry is written before anything about it is sent, so a server killed at any moment
and started again loses no command a player was told about.

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

    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    head TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES rooms(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    token_hash TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS entries (
    code TEXT NOT NULL REFERENCES rooms(code),
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
"""


class SQLiteStore:
    """Rooms in one SQLite file (or ":memory:" for tests that need no restart)."""

    def __init__(self, path: Path | str) -> None:
        if isinstance(path, Path):
            path.parent.mkdir(parents=True, exist_ok=True)
        # One connection, used under a lock: the server calls from one thread, tests from theirs.
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def create(self, room: StoredRoom) -> bool:
        head = {
            "game": room.game,
            "options": room.options,
            "seed": room.seed,
            "setup": room.setup,
            "host": room.host,
        }
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO rooms (code, head, created, updated) VALUES (?, ?, ?, ?)",
                    (room.code, json.dumps(head), room.created, room.updated),
                )
                self._db.executemany(
                    "INSERT INTO seats (code, seat, name, kind, level, token_hash)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (room.code, n, s.name, s.kind, s.level, s.token_hash)
                        for n, s in enumerate(room.seats)
                    ],
                )
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                return False
        return True

    def load(self, code: str) -> StoredRoom | None:
        with self._lock:
            row = self._db.execute(
                "SELECT head, created, updated FROM rooms WHERE code = ?", (code,)
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT name, kind, level, token_hash FROM seats WHERE code = ? ORDER BY seat",
                (code,),
            ).fetchall()
            entries = self._db.execute(
                "SELECT entry FROM entries WHERE code = ? ORDER BY seq", (code,)
            ).fetchall()
        head = loads(row[0])
        return StoredRoom(
            code,
            head["game"],
            head["options"],
            head["seed"],
            head["setup"],
            head["host"],
            [StoredSeat(name, kind, level, token) for name, kind, level, token in seats],
            [loads(text) for (text,) in entries],
            row[1],
            row[2],
        )

    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> bool:
        with self._lock:
            done = self._db.execute(
                "UPDATE seats SET name = ?, token_hash = ?"
                " WHERE code = ? AND seat = ? AND kind = 'person' AND token_hash IS NULL",
                (name, token_hash, code, seat),
            )
        return done.rowcount == 1

    def append(self, code: str, seq: int, entry: dict[str, Any]) -> bool:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO entries (code, seq, entry) VALUES (?, ?, ?)",
                    (code, seq, json.dumps(entry)),
                )
                self._db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (time.time(), code))
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                return False
        return True

    def close(self) -> None:
        with self._lock:
            self._db.close()
