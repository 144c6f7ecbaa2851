"""The online seats this player holds (a room's code and the secret token that is the key back
to the seat) and the game servers they used, kept in the per-user data folder.

A token lost is a seat lost, so the file is written atomically, and read again and merged
before each write: two copies of the app on one data folder never drop each other's seats.
A file that is not ours is set aside (as .bad) and the player starts with none. No pygame.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from moonlight_desktop.net.protocol import CODE_ALPHABET, CODE_LENGTH
from moonlight_desktop.userdata import UserData

log = logging.getLogger(__name__)

FILE_NAME = "online.json"
SERVERS_KEPT = 8
SEATS_KEPT = 200
"""The most seats remembered (a server lists at most this many at once)."""


@dataclass(frozen=True, slots=True)
class HeldSeat:
    url: str
    room: str
    token: str
    game: str
    seat: int
    host: bool
    since: float
    """When the seat was taken (seconds since the epoch)."""

    @property
    def key(self) -> tuple[str, str]:
        return (self.url, self.room)


class _File(msgspec.Struct):
    seats: list[HeldSeat] = []
    servers: list[str] = []
    name: Annotated[str, msgspec.Meta(max_length=40)] = ""


def _is_code(room: str) -> bool:
    return len(room) == CODE_LENGTH and all(letter in CODE_ALPHABET for letter in room)


class OnlineSeats:
    def __init__(self, user_data: UserData) -> None:
        self._user_data = user_data
        self.path: Path = user_data.folder / FILE_NAME
        self.seats: list[HeldSeat] = []
        self.servers: list[str] = []
        self.name = ""
        """The name this player last sat down with."""
        self.reload()

    def reload(self) -> None:
        """What the file holds now (another copy of the app may have written it)."""
        data: Any = self._user_data.read_or_set_aside(self.path)
        try:
            read = msgspec.convert(data if data is not None else {}, _File, strict=True)
        except msgspec.ValidationError as error:
            log.warning("setting aside %s: %s", self.path.name, error)
            self._user_data.set_aside(self.path)
            read = _File()
        self.seats = [seat for seat in read.seats if _is_code(seat.room)][:SEATS_KEPT]
        self.servers = [url for url in read.servers if isinstance(url, str)][:SERVERS_KEPT]
        self.name = read.name

    def hold(self, seat: HeldSeat) -> None:
        """Keeps `seat` (its key replaces an older one of the same room)."""
        self.reload()
        self.seats = [seat, *(held for held in self.seats if held.key != seat.key)][:SEATS_KEPT]
        self._write()

    def let_go(self, url: str, room: str) -> None:
        self.reload()
        self.seats = [held for held in self.seats if held.key != (url, room)]
        self._write()

    def remember_server(self, url: str) -> None:
        """The address first in the list the next time (a friend's server, say)."""
        self.reload()
        self.servers = [url, *(known for known in self.servers if known != url)][:SERVERS_KEPT]
        self._write()

    def remember_name(self, name: str) -> None:
        self.reload()
        self.name = name[:40]
        self._write()

    def held(self, url: str, room: str) -> HeldSeat | None:
        return next((seat for seat in self.seats if seat.key == (url, room)), None)

    def _write(self) -> None:
        data = {
            "seats": [asdict(seat) for seat in self.seats],
            "servers": self.servers,
            "name": self.name,
        }
        self._user_data.write(self.path, json.dumps(data, indent=1))


def new_seat(url: str, room: str, token: str, game: str, seat: int, host: bool) -> HeldSeat:
    return HeldSeat(url, room, token, game, seat, host, time.time())
