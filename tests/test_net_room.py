"""A server's room without the network: what each seat is told (twins), how a late move is
judged (ruling SP10), undo online, a room waiting for its host, the record shown at the end
(ruling SP11), and a room read back from its store."""

from __future__ import annotations

import copy
import gc
import random
from pathlib import Path
from typing import Any

import pytest

from moonlight_desktop.engine import GameRecord, Match, Rng
from moonlight_desktop.engine.undo import GAME_OVER
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.samarkand.moves import Wait
from moonlight_desktop.games.samarkand.state import Phase
from moonlight_desktop.net.keys import new_code
from moonlight_desktop.net.protocol import encode
from moonlight_desktop.net.room import NOT_STARTED, TOO_LATE, Refusal, Room
from moonlight_desktop.net.store import SQLiteStore, StoredRoom, StoredSeat
from tests.probes import probe_for


def stored_room(
    game: str, kinds: list[str], options: dict[str, Any] | None = None, wait: bool = False
) -> StoredRoom:
    seats = [
        StoredSeat(f"P{n}", "bot", "easy") if kind == "bot" else StoredSeat(f"P{n}", "person")
        for n, kind in enumerate(kinds)
    ]
    return StoredRoom(new_code(), game, options or {}, 7, None, 0, seats, wait=wait)


def play(room: Room, seat: int, command: dict[str, Any]) -> None:
    room.carry_out(room.play_entry(seat, room.seq, command))


def play_random(room: Room, rng: random.Random) -> int:
    seat = rng.choice(room.match.to_act())
    play(room, seat, rng.choice(room.legal_json(seat)))
    return seat


def told(room: Room, seat: int | None) -> bytes:
    """Everything a seat is told of the table now, but its history (the same record)."""
    state = room.table_state(seat, here=())
    state.history, state.actors = [], []  # the twin has no record: its state is swapped in
    return encode(state)


def twin(room: Room, state: Any) -> Room:
    """`room` with its state swapped for `state` (a private poke: the Match makes no room from
    a state, and the twin must be exactly that state)."""
    other = copy.copy(room)
    other.match = room.match.replayed(0)
    other.match._state = state  # type: ignore[attr-defined]
    return other


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_is_told_the_same_bytes_when_only_what_it_cannot_know_differs(game: str) -> None:
    rules, probe = GAMES[game].rules, probe_for(game)
    counts = range(rules.min_seats, rules.max_seats + 1)
    checked = 0
    for count in counts:
        rng, facts = random.Random(count), Rng(count)
        room = Room(stored_room(game, ["person"] * count))
        while room.match.to_act():
            for seat in [*range(count), None]:
                other = probe.hidden_facts_changed(room.match.snapshot(), seat, facts)
                at_start = not room.match.record.moves
                if other is not None and (at_start or rng.random() < 0.2):
                    other_room = twin(room, other)
                    assert told(other_room, seat) == told(room, seat)
                    if at_start:  # the opening is the same whoever's hidden facts differ
                        assert other_room.match.view(None).to_json() == room.opening()
                    checked += 1
            play_random(room, rng)
    assert checked > 20


def test_sp10_a_stop_decided_on_a_price_that_has_passed_is_refused() -> None:
    room = Room(stored_room("samarkand", ["person"] * 3, {"mode": "live"}))
    rng = random.Random(2)
    while room.match.view(None).phase != Phase.COUNTDOWN or set(room.match.to_act()) != {0, 1, 2}:
        play_random(room, rng)
    opened = room.seq  # the price the Dean called: everyone asked now
    assert all(room.asked_at[seat] == opened for seat in (0, 1, 2))
    wait = Wait().to_json()
    stop = next(command for command in room.legal_json(0) if command["cmd"] == "stop")
    play(room, 1, wait)  # another lets the price pass...
    still = room.play_entry(0, opened, stop)  # ...and it is still open: the Stop counts
    assert still["play"] == stop
    play(room, 0, wait)
    play(room, 2, wait)  # the last call: the next price is called
    assert room.asked_at[0] == room.seq > opened
    with pytest.raises(Refusal, match=TOO_LATE):
        room.play_entry(0, opened, stop)  # the Stop its sender saw the old price for
    assert room.play_entry(0, room.seq, stop)["play"] == stop


def test_undo_online_only_while_no_other_person_has_acted() -> None:
    room = Room(stored_room("castle", ["person", "person", "bot"]))
    rng = random.Random(5)
    while True:  # to a command of seat 0 that showed nothing hidden: it may be taken back
        while 0 not in room.match.to_act():
            play_random(room, rng)
        before = room.match.state_json()
        play(room, 0, rng.choice(room.legal_json(0)))
        try:
            step = room.undo_entry(0, room.seq)
        except Refusal:
            continue
        break
    room.carry_out(step)
    assert room.match.state_json() == before
    with pytest.raises(Refusal, match="Too late"):
        room.undo_entry(0, room.seq - 1)  # the same undo again: never an older move
    play(room, 0, room.legal_json(0)[0])
    while 1 not in room.match.to_act():
        play_random(room, rng)
    play(room, 1, room.legal_json(1)[0])
    with pytest.raises(Refusal):
        room.undo_entry(0, room.seq)


def test_a_room_read_back_from_its_store_is_the_same_game(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    stored = stored_room("moons", ["person", "bot", "bot", "bot"])
    assert store.create(stored)
    assert not store.create(stored)  # a code is one room's
    room = Room(store.load(stored.code))  # type: ignore[arg-type]
    rng = random.Random(9)
    for _ in range(30):
        seat = rng.choice(room.match.to_act())
        entry = room.play_entry(seat, room.seq, rng.choice(room.legal_json(seat)))
        assert store.append(room.code, room.seq, entry)
        assert not store.append(room.code, room.seq, entry)  # that place is taken
        room.carry_out(entry)
    store.close()
    again = Room(SQLiteStore(tmp_path / "rooms.sqlite3").load(stored.code))  # type: ignore[arg-type]
    assert again.match.state_json() == room.match.state_json()
    assert again.seq == room.seq == 30


def test_bad_moves_are_refused_in_a_sentence_and_change_nothing() -> None:
    room = Room(stored_room("market", ["person", "person", "person"]))
    seat = room.match.to_act()[0]
    other = next(s for s in range(3) if s not in room.match.to_act())
    before = room.match.state_json()
    good = room.legal_json(seat)[0]
    bad: list[tuple[int, int, Any]] = [
        (seat, room.seq, {"cmd": "bid"}),
        (seat, room.seq, {"cmd": "fly", "to": 1}),
        (seat, room.seq, {**good, "card": 10**5000}),
        (seat, room.seq, {**good, "card": 1.0}),
        (seat, room.seq, {**good, "card": [1]}),
        (seat, room.seq + 1, good),
        (other, room.seq, good),
    ]
    for who, seen, command in bad:
        with pytest.raises(Refusal) as refused:
            room.play_entry(who, seen, command)
        assert str(refused.value) and len(str(refused.value)) < 300
    assert room.match.state_json() == before and room.seq == 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_room_holds_no_reference_cycles_so_the_servers_gc_freeze_leaks_nothing(
    game: str,
) -> None:
    """The server leaves rooms out of the garbage collector's sweeps (gc.freeze): a room let
    go must be freed by reference counts alone."""
    rules = GAMES[game].rules
    gc.collect()
    room = Room(stored_room(game, ["person"] * rules.min_seats))
    rng = random.Random(1)
    for _ in range(80):
        if not room.match.to_act():
            break
        seat = play_random(room, rng)
        room.update(seat, seat, [])
        room.table_state(seat, here=())
    del room
    assert gc.collect() == 0


def test_a_waiting_room_asks_nobody_until_its_host_starts_it_with_every_seat_taken(
    tmp_path: Path,
) -> None:
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    stored = stored_room("castle", ["person", "person", "bot"], wait=True)
    stored.seats[0].token_hash = "host"
    assert store.create(stored)
    room = Room(store.load(stored.code))  # type: ignore[arg-type]
    first = room.match.to_act()[0]
    assert not room.started and room.to_act() == () and room.asked_at == {}
    state = room.table_state(0, here=(0,))
    assert not state.started and state.to_act == [] and state.legal == [] and state.clocks == []
    with pytest.raises(Refusal, match=NOT_STARTED):
        room.play_entry(first, room.seq, room.match.legal(first)[0].to_json())
    with pytest.raises(Refusal, match=NOT_STARTED):
        room.undo_entry(0, room.seq)
    with pytest.raises(Refusal, match="Only the host"):
        room.start_entry(1)
    with pytest.raises(Refusal, match="every friend"):
        room.start_entry(0)
    assert store.claim_seat(room.code, 1, "Ben", "ben")
    room = Room(store.load(stored.code))  # type: ignore[arg-type]
    assert not room.started  # read back, it still waits
    start = room.start_entry(0)
    assert store.append(room.code, room.seq, start)
    room.carry_out(start)
    assert room.started and room.to_act() == room.match.to_act()
    assert room.asked_at == {seat: room.seq for seat in room.match.to_act()}
    with pytest.raises(Refusal, match="started already"):
        room.start_entry(0)
    store.close()
    again = Room(SQLiteStore(tmp_path / "rooms.sqlite3").load(stored.code))  # type: ignore[arg-type]
    assert again.started and again.table_state(0, here=()).started
    assert again.play_entry(first, again.seq, again.legal_json(first)[0])


def test_a_room_created_without_waiting_is_started_and_keeps_its_numbering() -> None:
    room = Room(stored_room("moons", ["person", "bot", "bot", "bot"]))
    assert room.started and room.seq == 0 and room.to_act() == room.match.to_act()
    with pytest.raises(Refusal, match="started already"):
        room.start_entry(0)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_sp11_the_command_that_ends_the_game_shows_its_whole_record_and_undo_stops(
    game: str,
) -> None:
    rules = GAMES[game].rules
    room = Room(stored_room(game, ["person"] * max(rules.min_seats, 2)))
    room.stored.seats[1].name = "Ben"  # a friend who joined: the record names him
    rng = random.Random(3)
    while True:
        seat = play_random(room, rng)
        update = room.update(seat, seat, [])
        if not room.match.is_over():
            assert update.record is None and room.table_state(seat, here=()).record is None
            continue
        break
    record = room.record_json()
    assert record is not None and record["seats"][1]["name"] == "Ben"
    assert update.record == record == room.table_state(None, here=()).record
    replayed = Match(rules, GameRecord.from_json(record, lambda _: room.spec.codec))
    assert replayed.is_over() and replayed.state_json() == room.match.state_json()
    with pytest.raises(Refusal, match=GAME_OVER):
        room.undo_entry(seat, room.seq)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_opening_is_the_public_view_of_the_starting_position_whatever_came_since(
    game: str,
) -> None:
    rules = GAMES[game].rules
    stored = stored_room(game, ["person"] * rules.min_seats)
    room = Room(stored)
    rng = random.Random(4)
    for _ in range(10):
        play_random(room, rng)
    fresh = Match.new(rules, room.match.seats, stored.seed, stored.options)
    assert room.table_state(0, here=()).opening == fresh.view(None).to_json()
    assert Room(copy.deepcopy(stored)).opening() == room.opening()  # read back, the same
