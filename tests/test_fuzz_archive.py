"""Fuzz: importing any file into the archive either archives a valid finished game or refuses
it with one clear line and nothing written; listing a folder of damaged files never raises.

Corpora start from an exported record of a finished game of each game and mutate its JSON (one
odd value anywhere: wrong types, huge numbers, deep nesting, NaN) and its bytes (flipped,
inserted, deleted, truncated); seeded, quick by default, long with MOONLIGHT_FUZZ=long
(tests/fuzzing.py).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.archive import INDEX_NAME, MESSAGE_LIMIT, Archive, ImportRefused
from moonlight_desktop.engine import GameRecord, Match, SeatSpec
from moonlight_desktop.game_list import GAMES, codec_for, make_bot
from tests.fuzzing import json_places, json_replaced, scaled

SEATS: dict[str, tuple[SeatSpec, ...]] = {
    "castle": (SeatSpec("Ada", "human", None, "fox"), SeatSpec("Wolf", "bot", "easy", "wolf")),
    "market": (SeatSpec("Ada"), SeatSpec("Bot", "bot", "normal")),
    "moons": (SeatSpec("Ada"), SeatSpec("Bea"), SeatSpec("Bot", "bot", "easy")),
    "samarkand": (
        SeatSpec("Cyd"),
        SeatSpec("Bot", "bot", "easy"),
        SeatSpec("Other", "bot", "easy"),
    ),
}
NO_PRUNING = 1_000_000


def _exported(game_id: str, folder: Path) -> str:
    """The exported record of a finished game of `game_id` (bots play every seat)."""
    seats = SEATS[game_id]
    match: Match[Any] = Match.new(GAMES[game_id].rules, seats, 3)
    bots = {n: make_bot(game_id, seat.level or "easy", n) for n, seat in enumerate(seats)}
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal(seat), 0))
    archive = Archive(folder)
    path = folder.parent / f"{game_id}-export.json"
    archive.export(archive.add(match, NO_PRUNING), path)
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("exports") / "past_games"
    return {game_id: _exported(game_id, folder) for game_id in sorted(GAMES)}


def _listing(folder: Path) -> list[str]:
    """The archive's files, its index apart (a summary of them, rewritten as they change)."""
    return sorted(set(os.listdir(folder)) - {INDEX_NAME}) if folder.exists() else []


def _import_or_refuse(archive: Archive, path: Path) -> bool:
    """Imports `path`: True when it was archived (a valid finished game, listed, replaying to
    its end), False when refused with one clear line and nothing written."""
    before = _listing(archive.folder)
    try:
        game = archive.import_file(path, NO_PRUNING)
    except ImportRefused as refused:
        message = str(refused)
        assert message and len(message) <= MESSAGE_LIMIT and message.isprintable(), message
        assert _listing(archive.folder) == before
        return False
    after = _listing(archive.folder)
    assert set(before) <= set(after) and len(after) - len(before) <= 1
    assert game in archive.games()
    replayed: Match[Any] = Match(GAMES[game.game].rules, GameRecord.load(game.path, codec_for))
    assert replayed.is_over() and replayed.scores()[: len(game.seats)] == tuple(
        seat.score for seat in game.seats
    )
    return True


# JSON-level mutations ------------------------------------------------------------------------

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    1.5,
    2.0,
    "",
    "x" * 300,
    "easy",
    "bot",
    [],
    [1, 2],
    [[]],
    {},
    {"a": 1},
    {"name": "Zed", "player": "bot", "level": "easy"},
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
    "1e400",
    '"\\ud800"',  # a lone surrogate
]
MARKER = "__raw_marker__"


def _mutated_json(text: str, rng: random.Random) -> str:
    """The record with one place replaced by an odd value (or raw text JSON cannot build)."""
    data = json.loads(text)
    place = rng.choice(json_places(data))
    if rng.random() < 0.3:
        return json.dumps(json_replaced(data, place, MARKER)).replace(
            json.dumps(MARKER), rng.choice(RAW_VALUES)
        )
    return json.dumps(json_replaced(data, place, rng.choice(ODD_VALUES)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_records_with_one_odd_value_anywhere(
    game_id: str, exported: dict[str, str], tmp_path: Path
) -> None:
    rng = random.Random(f"archive-{game_id}")
    archive = Archive(tmp_path / "past_games")
    path = tmp_path / "import.json"
    outcomes = []
    for _ in range(scaled(150, 3000)):
        path.write_text(_mutated_json(exported[game_id], rng), encoding="utf-8")
        outcomes.append(_import_or_refuse(archive, path))
    assert outcomes.count(False) > len(outcomes) // 3  # most break the record: refused cleanly
    assert len(archive.games()) == len(_listing(archive.folder))  # nothing bad got in


# Byte-level mutations ------------------------------------------------------------------------


def _mutated_bytes(data: bytes, rng: random.Random) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 8)):
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
    game_id: str, exported: dict[str, str], tmp_path: Path
) -> None:
    rng = random.Random(f"archive-bytes-{game_id}")
    original = exported[game_id].encode("utf-8")
    archive = Archive(tmp_path / "past_games")
    path = tmp_path / "import.json"
    for _ in range(scaled(100, 3000)):
        path.write_bytes(_mutated_bytes(original, rng))
        _import_or_refuse(archive, path)
    assert len(archive.games()) == len(_listing(archive.folder))


# Command-level mutations: records that read well but may not replay or finish -----------------


def _mutated_commands(text: str, rng: random.Random) -> str:
    """The record with its commands dropped, repeated, swapped or given to another seat, or
    another seed: well-formed, so each goes as far as the replay or the finished check."""
    data = json.loads(text)
    commands: list[dict[str, Any]] = data["commands"]
    at, other = rng.randrange(len(commands)), rng.randrange(len(commands))
    kind = rng.randrange(6)
    if kind == 0:
        del commands[at]
    elif kind == 1:
        commands.insert(at, dict(commands[other]))
    elif kind == 2:
        commands[at], commands[other] = commands[other], commands[at]
    elif kind == 3:
        commands[at]["seat"] = rng.randrange(len(data["seats"]) + 1)
    elif kind == 4:
        data["seed"] = rng.randrange(2**63)
    else:
        del commands[at:]
    return json.dumps(data)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_records_with_commands_dropped_repeated_swapped_or_reseated(
    game_id: str, exported: dict[str, str], tmp_path: Path
) -> None:
    rng = random.Random(f"archive-commands-{game_id}")
    archive = Archive(tmp_path / "past_games")
    path = tmp_path / "import.json"
    outcomes = []
    for _ in range(scaled(60, 1500)):
        path.write_text(_mutated_commands(exported[game_id], rng), encoding="utf-8")
        outcomes.append(_import_or_refuse(archive, path))
    assert outcomes.count(False) > len(outcomes) // 2
    assert len(archive.games()) == len(_listing(archive.folder))


def test_the_unmutated_exports_import(exported: dict[str, str], tmp_path: Path) -> None:
    """The corpora start from good records (else the fuzzing proves little)."""
    archive = Archive(tmp_path / "past_games")
    for game_id, text in exported.items():
        path = tmp_path / f"{game_id}.json"
        path.write_text(text, encoding="utf-8")
        assert _import_or_refuse(archive, path), game_id
    assert len(archive.games()) == len(GAMES)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("any-bytes")


@given(data=st.binary(max_size=400))
def test_any_bytes_at_all(scratch: Path, data: bytes) -> None:
    path = scratch / "any.json"
    path.write_bytes(data)
    assert not _import_or_refuse(Archive(scratch / "past_games"), path)


# Damaged files in the archive's own folder ------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_folder_of_damaged_files_lists_only_whole_games(
    game_id: str, exported: dict[str, str], tmp_path: Path
) -> None:
    """Files damaged in place (a bad disk, a hand edit) under archive names: listing never
    raises, lists only games that replay to their end, and sets every other file aside."""
    rng = random.Random(f"archive-folder-{game_id}")
    folder = tmp_path / "past_games"
    folder.mkdir()
    original = exported[game_id]
    for number in range(scaled(40, 600)):
        if rng.random() < 0.5:
            data = _mutated_bytes(original.encode("utf-8"), rng)
        else:
            data = _mutated_json(original, rng).encode("utf-8")
        minutes, seconds = divmod(number, 60)
        (folder / f"20260101T00{minutes:02d}{seconds:02d}-{game_id}-0123abcd.json").write_bytes(
            data
        )
    games = Archive(folder).games()
    for game in games:
        replayed = Match(GAMES[game.game].rules, GameRecord.load(game.path, codec_for))
        assert replayed.is_over()
    names = _listing(folder)
    assert sum(name.endswith(".json") for name in names) == len(games)
    assert sum(name.endswith(".json.bad") for name in names) == scaled(40, 600) - len(games)
