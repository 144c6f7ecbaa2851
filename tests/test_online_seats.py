"""The online seats a player holds (their tokens are the keys back to their tables) are never
lost: kept across restarts, merged between two copies of the app, and a file that is not ours
is set aside without costing the app its start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from moonlight_desktop.online_seats import FILE_NAME, OnlineSeats, new_seat
from moonlight_desktop.userdata import UserData

TOKEN = "t" * 32


def seat(room: str, url: str = "ws://host:8765") -> object:
    return new_seat(url, room, TOKEN, "moons", 1, host=False)


def test_seats_and_servers_are_kept_across_restarts(tmp_path: Path) -> None:
    seats = OnlineSeats(UserData(tmp_path))
    seats.hold(seat("ABC234"))  # type: ignore[arg-type]
    seats.remember_server("ws://friend:9000")
    again = OnlineSeats(UserData(tmp_path))
    assert [held.room for held in again.seats] == ["ABC234"]
    assert again.servers == ["ws://friend:9000"]
    assert again.held("ws://host:8765", "ABC234") is not None


def test_two_copies_of_the_app_never_drop_each_others_seats(tmp_path: Path) -> None:
    first, second = OnlineSeats(UserData(tmp_path)), OnlineSeats(UserData(tmp_path))
    first.hold(seat("ABC234"))  # type: ignore[arg-type]
    second.hold(seat("XYZ789"))  # type: ignore[arg-type]  # knew nothing of the first's
    assert {held.room for held in OnlineSeats(UserData(tmp_path)).seats} == {"ABC234", "XYZ789"}
    first.let_go("ws://host:8765", "XYZ789")
    assert [held.room for held in OnlineSeats(UserData(tmp_path)).seats] == ["ABC234"]


@pytest.mark.parametrize(
    "content",
    [
        b"[]",
        b"null",
        b"3.5",
        b'{"seats": "all"}',
        b'{"seats": [{"url": 1}]}',
        b'{"seats": [], "servers": [' + b"9" * 5000 + b"]}",
        b"\xff\xfe not utf-8",
        b'{"seats": [{"url": "u", "room": "ABC234", "token": "t", "game": "moons",'
        b' "seat": 1e400, "host": false, "since": 0}]}',
    ],
)
def test_a_file_that_is_not_ours_is_set_aside_and_nothing_breaks(
    tmp_path: Path, content: bytes
) -> None:
    (tmp_path / FILE_NAME).write_bytes(content)
    seats = OnlineSeats(UserData(tmp_path))
    assert seats.seats == [] and seats.servers == []
    seats.hold(seat("ABC234"))  # type: ignore[arg-type]
    kept = json.loads((tmp_path / FILE_NAME).read_text())
    assert [held["room"] for held in kept["seats"]] == ["ABC234"]


def test_a_seat_whose_room_is_not_a_code_is_passed_over(tmp_path: Path) -> None:
    good = {
        "url": "u",
        "room": "ABC234",
        "token": "t",
        "game": "moons",
        "seat": 0,
        "host": True,
        "since": 1.0,
    }
    bad = dict(good, room="../../etc")
    (tmp_path / FILE_NAME).write_text(json.dumps({"seats": [bad, good], "servers": []}))
    assert [held.room for held in OnlineSeats(UserData(tmp_path)).seats] == ["ABC234"]
