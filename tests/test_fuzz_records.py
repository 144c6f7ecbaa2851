"""Fuzz: `replay` of any file, whatever its bytes, either replays or exits 2 with one line of
at most 200 characters. Never a traceback, never a 10 MB error line.

Corpora start from a real record of each game and mutate its bytes and its JSON (wrong types,
unhashables, huge numbers, deep nesting, NaN); seeded, quick by default, long with
MOONLIGHT_FUZZ=long (tests/fuzzing.py).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.cli import ERROR_LINE_LIMIT, main
from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.bench import sample_seats
from moonlight_desktop.engine.safejson import MAX_DEPTH
from moonlight_desktop.game_list import GAMES
from tests.fuzzing import json_places, json_replaced, scaled


def _record_text(game_id: str, commands: int = 30, seed: int = 2) -> str:
    """A real record of `game_id`: random legal play for a few commands."""
    rng = random.Random(seed)
    seats = [SeatSpec(f"p{n}") for n in range(sample_seats(GAMES[game_id].rules) - 1)]
    seats.append(SeatSpec("bot", "bot", "easy"))
    match = Match.new(GAMES[game_id].rules, seats, seed)
    for _ in range(commands):
        if match.is_over():
            break
        seat = rng.choice(match.to_act())
        match.submit(seat, rng.choice(list(match.legal(seat))))
    return match.record.dumps()


RECORDS = {game_id: _record_text(game_id) for game_id in sorted(GAMES)}


def _replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["replay", str(path)])
    captured = capsys.readouterr()
    return status, captured.err


def _assert_replays_or_one_line(path: Path, capsys: pytest.CaptureFixture[str]) -> int:
    status, err = _replay(path, capsys)
    assert status in (0, 2)
    if status == 2:
        assert err.endswith("\n") and err.count("\n") == 1, err[:300]
        assert len(err.rstrip("\n")) <= ERROR_LINE_LIMIT, err[:300]
        assert err.startswith("moonlight-desktop: error: ")
    else:
        assert err == ""
    return status


# JSON-level mutations ------------------------------------------------------------------------

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2.0,
    "",
    "x" * 300,
    [],
    [1, 2],
    [[]],
    {},
    {"a": 1},
    {"ritual": []},
    2**63,
    -(2**63),
    10**30,
]
RAW_VALUES = [
    "1" * 5000,  # an integer longer than Python will convert
    "-" + "9" * 4400,
    "[" * 5000 + "]" * 5000,  # nesting deeper than the parser recurses
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    '"\\ud800"',  # a lone surrogate
]


MARKER = "__raw_marker__"


def _mutated_json(text: str, rng: random.Random) -> str:
    """The record with one place replaced by an odd value (or raw text JSON cannot build)."""
    data = json.loads(text)
    path = rng.choice(json_places(data))
    if rng.random() < 0.3:
        return json.dumps(json_replaced(data, path, MARKER)).replace(
            json.dumps(MARKER), rng.choice(RAW_VALUES)
        )
    return json.dumps(json_replaced(data, path, rng.choice(ODD_VALUES)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_records_with_one_odd_value_anywhere(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(game_id)
    path = tmp_path / "record.json"
    refused = 0
    for _ in range(scaled(150, 3000)):
        path.write_text(_mutated_json(RECORDS[game_id], rng), encoding="utf-8")
        refused += _assert_replays_or_one_line(path, capsys) == 2
    assert refused > 50  # most mutations break the record; they must be refused cleanly


# Byte-level mutations ------------------------------------------------------------------------


def _mutated_bytes(data: bytes, rng: random.Random) -> bytes:
    edits = rng.randint(1, 8)
    buffer = bytearray(data)
    for _ in range(edits):
        if not buffer:
            break
        at = rng.randrange(len(buffer))
        kind = rng.randrange(4)
        if kind == 0:
            buffer[at] = rng.randrange(256)
        elif kind == 1:
            del buffer[at : at + rng.randint(1, 40)]
        elif kind == 2:
            buffer[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:
            buffer = buffer[:at]  # truncated
    return bytes(buffer)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_records_with_flipped_inserted_deleted_or_truncated_bytes(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(f"bytes-{game_id}")
    original = RECORDS[game_id].encode("utf-8")
    path = tmp_path / "record.json"
    for _ in range(scaled(150, 3000)):
        path.write_bytes(_mutated_bytes(original, rng))
        _assert_replays_or_one_line(path, capsys)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("any-bytes")


@given(data=st.binary(max_size=400))
def test_any_bytes_at_all(scratch: Path, data: bytes) -> None:
    path = scratch / "any.json"
    path.write_bytes(data)
    assert main(["replay", str(path)]) in (0, 2)


# The cases the first fuzzing found, by name --------------------------------------------------


def _castle_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORDS["castle"])
    return data


NAMED_CASES: dict[str, bytes] = {
    "invalid UTF-8": b'{"format": 1, "game": "castle\xff\xfe"}',
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
    "nested just past the limit": b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1),
    "5000-digit seed": RECORDS["castle"]
    .replace('"seed": 2', '"seed": ' + "7" * 5000)
    .encode("utf-8"),
    "10 MB game name": json.dumps({"format": 1, "game": "g" * 10_000_000}).encode(),
    "a list where a Castle ritual belongs": json.dumps(
        json_replaced(_castle_record(), ("options", "fountains", 0, "ritual"), ["return_two"])
    ).encode(),
    "a list where a Market supply name belongs": json.dumps(
        {
            "format": 1,
            "game": "market",
            "options": {},
            "seats": [{"name": "a"}, {"name": "b"}],
            "seed": 1,
            "setup": {"supply": [["B7"]] * 150, "piles": [], "start_seat": 0},
            "commands": [],
        }
    ).encode(),
    "a list where Samarkand goods types belong": json.dumps(
        {
            "format": 1,
            "game": "samarkand",
            "options": {},
            "seats": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
            "seed": 1,
            "setup": {"types": [[0], [1], [2], [3]], "camels": [], "dean": 0},
            "commands": [],
        }
    ).encode(),
    "mixed types in a pinned setup": json.dumps(
        {
            "format": 1,
            "game": "moons",
            "options": {},
            "seats": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
            "seed": 1,
            "setup": {"minis": [1, "2", 3.0, None], "decks": [[0, "x"]]},
            "commands": [],
        }
    ).encode(),
    "a float command field": RECORDS["market"]
    .replace('"card": ', '"card": 1.0, "x": ', 1)
    .encode("utf-8"),
    "a bool seat": RECORDS["moons"].replace('{"seat": 0,', '{"seat": false,', 1).encode("utf-8"),
    "an unknown bot level": RECORDS["castle"].replace('"easy"', '"godlike"').encode("utf-8"),
    "NaN seed": RECORDS["castle"].replace('"seed": 2', '"seed": NaN').encode("utf-8"),
    "a record that is a list": b"[1, 2, 3]",
    "empty file": b"",
}


@pytest.mark.parametrize("case", sorted(NAMED_CASES))
def test_named_bad_records_exit_2_with_one_short_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(NAMED_CASES[case])
    status, err = _replay(path, capsys)
    assert status == 2, err
    assert err.count("\n") == 1 and len(err.rstrip("\n")) <= ERROR_LINE_LIMIT


def test_the_unmutated_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The corpora start from good records: each one replays (else the fuzzing proves little)."""
    for game_id, text in RECORDS.items():
        path = tmp_path / f"{game_id}.json"
        path.write_text(text, encoding="utf-8")
        assert _replay(path, capsys)[0] == 0, game_id


def test_a_missing_file_and_a_folder_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (tmp_path / "missing.json", tmp_path):
        status, err = _replay(path, capsys)
        assert status == 2 and err.count("\n") == 1
