"""Tables found on the local network (net/discovery.py): a table announced over multicast DNS
is found by a finder in the same process, with what it says, and leaves the list when it is
withdrawn (skipped, with zeroconf's reason, where this machine allows no multicast); what
another program announces under our service type, however malformed, is passed over; and
where there is no network, nothing raises into the caller or keeps it waiting."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from moonlight_desktop.net import discovery
from moonlight_desktop.net.discovery import (
    Advertised,
    FoundTable,
    TableFinder,
    found_table,
    instance_name,
    table_properties,
)
from moonlight_desktop.net.keys import new_code
from moonlight_desktop.net.protocol import PROTOCOL_VERSION
from moonlight_desktop.version import version

FOUND_SECONDS = 10.0
"""How long a table may take to be found or to leave the list (it takes about a second)."""
CALLER_SECONDS = 0.05
"""The most a call from the window's frame loop may take (they take well under a millisecond;
this leaves room for a loaded machine)."""


def waited_for(check: Callable[[], bool], seconds: float = FOUND_SECONDS) -> bool:
    """Polls `check` every 50 ms until it holds (True) or `seconds` pass (False)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def timed(call: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


@pytest.fixture
def finder() -> Iterator[TableFinder]:
    finder = TableFinder()
    yield finder
    finder.close(wait=5.0)


def mine(finder: TableFinder, room: str) -> list[FoundTable]:
    """The tables found of room `room` (another test process may announce its own)."""
    return [table for table in finder.tables if table.room == room]


def test_a_table_announced_is_found_then_leaves_when_withdrawn(finder: TableFinder) -> None:
    room = new_code()
    advertised, took = timed(lambda: Advertised(48765, "moons", room, "Ada Lovelace"))
    assert took < CALLER_SECONDS
    try:
        waited_for(lambda: bool(mine(finder, room)) or not advertised.available)
        problem = advertised.problem or finder.problem
        if problem is not None:
            pytest.skip(f"this machine allows no multicast DNS: {problem}")
        assert mine(finder, room), "the announced table was not found"
        (table,) = mine(finder, room)
        assert (table.port, table.game, table.room) == (48765, "moons", room)
        assert (table.host_name, table.version, table.protocol) == (
            "Ada Lovelace",
            version(),
            PROTOCOL_VERSION,
        )
        assert table.joinable and table.address in discovery.own_addresses()
        assert table.url == f"ws://{table.address}:48765"
        assert table.name == f"Ada Lovelace {room}.{discovery.SERVICE_TYPE}"
        assert waited_for(lambda: advertised.announced)
    finally:
        _, took = timed(advertised.close)
    assert took < CALLER_SECONDS
    assert waited_for(lambda: not mine(finder, room)), "the withdrawn table stayed in the list"
    assert not advertised.announced


# What others announce under our type ------------------------------------------------------


GOOD = {
    b"protocol": str(PROTOCOL_VERSION).encode(),
    b"game": b"castle",
    b"room": b"ABCDEF",
    b"host": "Zoë".encode(),
    b"app": b"0.1.0",
}


def test_a_well_formed_service_is_read() -> None:
    table = found_table("Zoë ABCDEF._moonlight._tcp.local.", ["10.0.0.7"], 8765, GOOD)
    assert table == FoundTable(
        "Zoë ABCDEF._moonlight._tcp.local.",
        "10.0.0.7",
        8765,
        "castle",
        "ABCDEF",
        "Zoë",
        "0.1.0",
        PROTOCOL_VERSION,
    )
    later = found_table(
        "x",
        ["10.0.0.7"],
        8765,
        {**GOOD, b"protocol": str(PROTOCOL_VERSION + 1).encode(), b"more": None},
    )
    assert later is not None and later.protocol == PROTOCOL_VERSION + 1 and not later.joinable


@pytest.mark.parametrize(
    "changed",
    [
        {b"protocol": None},  # a key without a value
        {b"protocol": b"one"},
        {b"protocol": b"-1"},
        {b"protocol": b"9" * 5000},  # a number too large for any int, and for Python's parser
        {b"protocol": b"1e400"},
        {b"room": b"abc"},  # not a room code
        {b"room": "ÄBCDEF".encode()},
        {b"host": b""},
        {b"host": b"\xff\xfe not UTF-8"},
        {b"game": b"x" * 300},
        {b"app": b"\xc3"},  # a character cut in two
    ],
)
def test_a_malformed_property_passes_the_service_over(changed: dict[bytes, bytes | None]) -> None:
    assert found_table("x", ["10.0.0.7"], 8765, {**GOOD, **changed}) is None


@pytest.mark.parametrize("missing", list(GOOD))
def test_a_missing_property_passes_the_service_over(missing: bytes) -> None:
    properties = {key: value for key, value in GOOD.items() if key != missing}
    assert found_table("x", ["10.0.0.7"], 8765, properties) is None


@pytest.mark.parametrize(
    ("addresses", "port"), [([], 8765), (["10.0.0.7"], None), (["10.0.0.7"], 0), (["1"], 70000)]
)
def test_a_service_with_nowhere_to_connect_is_passed_over(
    addresses: list[str], port: int | None
) -> None:
    assert found_table("x", addresses, port, GOOD) is None


def test_what_a_host_announces_reads_back() -> None:
    long_name = "Bartholomew Wimmer-Ødegård " * 4
    properties = {
        key.encode(): value.encode()
        for key, value in table_properties("moons", "ABCDEF", "Ada").items()
    }
    table = found_table("x", ["10.0.0.7"], 8765, properties)
    assert table is not None and table.protocol == PROTOCOL_VERSION and table.host_name == "Ada"
    name = instance_name(long_name + ".evil\x00", "ABCDEF")
    assert "." not in name and "\x00" not in name and len(name.encode()) <= 50


# Without a network -----------------------------------------------------------------------


def test_without_multicast_nothing_raises_and_nothing_waits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_multicast(**_options: Any) -> None:
        time.sleep(0.2)  # as slow as a real failure may be: the caller never waits for it
        raise OSError(19, "No such device")

    monkeypatch.setattr(discovery, "Zeroconf", no_multicast)
    monkeypatch.setattr(discovery, "own_addresses", lambda: ["10.0.0.7"])
    (advertised, finder), took = timed(
        lambda: (Advertised(8765, "moons", "ABCDEF", "Ada"), TableFinder())
    )
    assert took < CALLER_SECONDS
    assert advertised.available and finder.available  # not known yet: it is being tried
    for side in (advertised, finder):
        assert waited_for(lambda side=side: not side.available, 5.0)
        assert side.problem is not None and "No such device" in side.problem
    assert finder.tables == () and not advertised.announced
    advertised.close(wait=5.0)
    finder.close(wait=5.0)


def test_a_computer_without_an_address_announces_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "own_addresses", lambda: [])
    advertised = Advertised(8765, "moons", "ABCDEF", "Ada")
    assert waited_for(lambda: not advertised.available, 5.0)
    assert advertised.problem == "this computer has no network address to announce"
    advertised.close(wait=5.0)


def test_a_table_that_would_not_read_back_is_not_announced() -> None:
    advertised = Advertised(8765, "moons", "not a code", "Ada")
    assert waited_for(lambda: not advertised.available, 5.0)
    assert advertised.problem is not None and "room" in advertised.problem
    advertised.close(wait=5.0)
