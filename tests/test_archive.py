"""The archive of finished games: adding, listing newest first, pruning, searching, export and
import (a round trip, and `moonlight-desktop replay` of an exported game), every import refusal
by name with nothing written, and bad files set aside, never raised."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from moonlight_desktop import archive as archive_module
from moonlight_desktop.archive import (
    INDEX_NAME,
    MESSAGE_LIMIT,
    NOT_FINISHED,
    Archive,
    ArchivedGame,
    ExportFailed,
    GameMissing,
    ImportRefused,
    search,
)
from moonlight_desktop.cli import main
from moonlight_desktop.engine import GameRecord, Match, SeatSpec
from moonlight_desktop.game_list import GAMES, codec_for, make_bot
from moonlight_desktop.userdata import Settings

TABLES: dict[str, tuple[SeatSpec, ...]] = {
    "castle": (SeatSpec("Ada", "human", None, "fox"), SeatSpec("Wolf", "bot", "normal", "wolf")),
    "market": (SeatSpec("Ada"),),  # alone with Dirk and Beate, who sit at no seat
    "moons": (SeatSpec("Ada"), SeatSpec("Bea"), SeatSpec("Moon bot", "bot", "easy")),
    "samarkand": (
        SeatSpec("Cyd"),
        SeatSpec("Camel", "bot", "easy"),
        SeatSpec("Dromedary", "bot", "normal"),
    ),
}


@cache
def _played(game_id: str, seed: int) -> str:
    """A finished game's record text: every seat, humans too, played by a bot."""
    seats = TABLES[game_id]
    match: Match[Any] = Match.new(GAMES[game_id].rules, seats, seed)
    bots = {
        number: make_bot(game_id, seat.level or "easy", seed + number)
        for number, seat in enumerate(seats)
    }
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal(seat), 0))
    return match.record.dumps()


def finished(game_id: str = "castle", seed: int = 1) -> Match[Any]:
    """A fresh copy of a finished match (replayed from the cached record)."""
    record = GameRecord.from_json(json.loads(_played(game_id, seed)), codec_for)
    return Match(GAMES[game_id].rules, record)


def unfinished(game_id: str = "castle", seed: int = 1) -> Match[Any]:
    return finished(game_id, seed).replayed(upto=10)


def ticking(start: datetime = datetime(2026, 12, 1, 5, 15)) -> Callable[[], datetime]:
    """A clock one minute later at every reading."""
    moments: Iterator[datetime] = (start + timedelta(minutes=n) for n in range(10_000))
    return lambda: next(moments)


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    archive = Archive(tmp_path / "past_games")
    archive.clock = ticking()
    return archive


def listing(folder: Path) -> list[str] | None:
    """The folder's file names, its index apart (None when there is no folder): to check
    nothing was written."""
    return sorted(set(os.listdir(folder)) - {INDEX_NAME}) if folder.exists() else None


# Adding and listing ----------------------------------------------------------------------------


def test_a_finished_game_becomes_one_small_compact_file_named_by_time_game_and_hash(
    archive: Archive,
) -> None:
    game = archive.add(finished("castle"), limit=200)
    assert game.key == f"20261201T051500-castle-{game.key[-8:]}"
    assert game.path == archive.folder / f"{game.key}.json" and game.path.is_file()
    assert game.finished == datetime(2026, 12, 1, 5, 15) and game.game == "castle"
    text = game.path.read_text(encoding="utf-8")
    assert "\n" not in text and ", " not in text  # compact: the record only
    assert set(json.loads(text)) == {
        "format",
        "game",
        "options",
        "seats",
        "seed",
        "setup",
        "commands",
    }
    assert len(text) < len(finished("castle").record.dumps())
    assert archive.games() == [game]


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_an_entry_holds_the_seats_scores_and_winners_the_replay_gives(
    archive: Archive, game_id: str
) -> None:
    match = finished(game_id)
    game = archive.add(match, limit=200)
    scores, winners = match.scores(), match.winners()
    assert [seat.name for seat in game.seats] == [seat.name for seat in TABLES[game_id]]
    assert [(seat.player, seat.level, seat.look) for seat in game.seats] == [
        (seat.player, seat.level, seat.look) for seat in TABLES[game_id]
    ]
    assert [seat.score for seat in game.seats] == list(scores[: len(game.seats)])
    assert [seat.winner for seat in game.seats] == [n in winners for n in range(len(game.seats))]
    assert game.winners == tuple(game.seats[n].name for n in winners if n < len(game.seats))
    assert game.moves == len(match.record.moves)
    assert Archive(archive.folder).games() == [game]  # read back from the file alone


def test_only_seats_count_and_a_win_by_dirk_or_beate_is_nobody_s_at_the_table(
    archive: Archive,
) -> None:
    """Seed 1's Market game goes to one of the players inside the rules (checked here, so that
    the test keeps testing what it says)."""
    match = finished("market")
    assert len(match.scores()) == 3 and match.winners() and min(match.winners()) >= 1
    game = archive.add(match, limit=200)
    assert [seat.name for seat in game.seats] == ["Ada"] and game.seats[0].score == match.scores()[
        0
    ]
    assert game.winners == () and not game.seats[0].winner


def test_games_are_listed_newest_first(archive: Archive) -> None:
    added = [archive.add(finished(game_id), limit=200) for game_id in sorted(TABLES)]
    added.append(archive.add(finished("castle", seed=2), limit=200))
    assert archive.games() == added[::-1]
    assert Archive(archive.folder).games() == added[::-1]


def test_adding_the_same_game_twice_keeps_one_entry(archive: Archive) -> None:
    first = archive.add(finished("moons"), limit=200)
    assert archive.add(finished("moons"), limit=200) == first
    assert archive.games() == [first] and listing(archive.folder) == [first.path.name]


def test_an_unfinished_match_is_not_archived(archive: Archive) -> None:
    with pytest.raises(ValueError, match="finished"):
        archive.add(unfinished(), limit=200)
    assert listing(archive.folder) is None


def test_a_match_whose_record_no_file_may_hold_is_not_archived(archive: Archive) -> None:
    match = finished()
    match.record.seats = (SeatSpec("A" * 41), match.record.seats[1])  # a name too long
    with pytest.raises(ValueError, match="name"):
        archive.add(match, limit=200)
    assert listing(archive.folder) is None


def test_a_folder_that_cannot_be_written_is_said_and_nothing_breaks(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "past_games"
    blocker.write_text("a file where the folder belongs")
    archive = Archive(blocker)
    with pytest.raises(OSError):  # said to the caller, which keeps the game elsewhere
        archive.add(finished(), limit=200)
    with caplog.at_level(logging.WARNING):
        assert archive.games() == []
    assert "cannot list the archive" in caplog.text
    with pytest.raises(ImportRefused, match="could not be written") as refused:
        archive.import_file(_exported(tmp_path), limit=200)
    assert "\n" not in str(refused.value)


def test_no_folder_yet_lists_nothing(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "nothing here")
    assert archive.games() == [] and archive.prune(10) == 0


# Pruning ---------------------------------------------------------------------------------------


def test_prune_removes_the_oldest_beyond_the_limit(archive: Archive) -> None:
    added = [archive.add(finished("castle", seed), limit=200) for seed in range(1, 6)]
    assert archive.prune(3) == 2
    assert archive.games() == added[:1:-1]  # the three newest, newest first
    assert archive.prune(3) == 0
    assert not added[0].path.exists() and not added[1].path.exists()


def test_adding_prunes_to_the_limit(archive: Archive) -> None:
    added = [archive.add(finished("castle", seed), limit=3) for seed in range(1, 6)]
    assert archive.games() == added[:1:-1]


def test_adding_never_prunes_the_game_just_added(archive: Archive) -> None:
    archive.add(finished("castle", 1), limit=200)
    archive.add(finished("castle", 2), limit=200)
    archive.clock = lambda: datetime(2020, 1, 1)  # the clock went back
    game = archive.add(finished("castle", 3), limit=2)
    assert game in archive.games() and len(archive.games()) == 2


def test_the_archive_limit_setting_is_clamped_to_its_range() -> None:
    assert Settings().archive_limit == 200
    assert Settings.from_json({"archive_limit": 5}).archive_limit == 10
    assert Settings.from_json({"archive_limit": 10**6}).archive_limit == 2000
    assert Settings.from_json({"archive_limit": 50}).archive_limit == 50
    assert Settings.from_json({"archive_limit": "50"}).archive_limit == 200
    assert Settings.from_json({"archive_limit": 50.0}).archive_limit == 200


# Bad files in the folder -------------------------------------------------------------------------


def _entry_name(game_id: str = "castle", when: str = "20250101T000000") -> str:
    return f"{when}-{game_id}-0123abcd.json"


def test_bad_files_are_set_aside_never_raised(
    archive: Archive, caplog: pytest.LogCaptureFixture
) -> None:
    good = archive.add(finished(), limit=200)
    folder = archive.folder
    castle = json.loads(finished().record.dumps())
    bad: dict[str, bytes] = {
        _entry_name(when="20250101T000001"): b"not json at all",
        _entry_name(when="20250101T000002"): b"\xff\xfe{}",
        _entry_name(when="20250101T000003"): b'{"seed": ' + b"7" * 5000 + b"}",
        _entry_name(when="20250101T000004"): unfinished().record.dumps().encode(),
        _entry_name("moons", "20250101T000005"): json.dumps(castle).encode(),  # name: moons
        _entry_name("chess", "20250101T000006"): json.dumps({**castle, "game": "chess"}).encode(),
        _entry_name(when="20250101T000007"): json.dumps(
            {**castle, "seats": [{"name": "Ada"}, {"name": "Bot", "player": "bot", "level": "god"}]}
        ).encode(),
    }
    theirs = {  # files a player put there: not named as entries, so not ours to judge
        _entry_name(when="20251301T000000"): json.dumps(castle).encode(),  # month 13
        "my favourite game.json": json.dumps(castle).encode(),
        "notes.txt": b"not ours to judge",
    }
    for name, data in {**bad, **theirs}.items():
        (folder / name).write_bytes(data)
    (folder / _entry_name(when="20250101T000008")).mkdir()  # a folder named like an entry
    with caplog.at_level(logging.WARNING):
        assert archive.games() == [good]
    names = set(os.listdir(folder))
    set_aside = [*bad, _entry_name(when="20250101T000008")]
    for name in set_aside:
        assert name not in names and f"{name}.bad" in names, name
    assert set(theirs) <= names and not any(f"{name}.bad" in names for name in theirs)
    assert caplog.text.count("setting aside") == len(set_aside)
    assert sorted(archive.set_aside) == sorted(set_aside)  # for a word to the player
    assert Archive(folder).games() == [good]  # and nothing more to set aside


def test_a_file_changed_behind_the_app_s_back_is_validated_again(archive: Archive) -> None:
    game = archive.add(finished(), limit=200)
    assert archive.games() == [game]
    game.path.write_text(unfinished().record.dumps(), encoding="utf-8")
    with pytest.raises(GameMissing):
        archive.record(game)
    assert archive.games() == []
    assert game.path.with_name(game.path.name + ".bad").exists()


def test_a_file_holding_another_valid_game_is_not_the_listed_game(archive: Archive) -> None:
    game = archive.add(finished("castle", 1), limit=200)
    game.path.write_text(finished("castle", 2).record.dumps(), encoding="utf-8")
    with pytest.raises(GameMissing, match="changed"):
        archive.match(game)
    with pytest.raises(ExportFailed, match="changed"):
        archive.export(game, archive.folder.parent / "out.json")


def test_a_removed_file_is_missing(archive: Archive) -> None:
    game = archive.add(finished(), limit=200)
    game.path.unlink()
    with pytest.raises(GameMissing, match="no longer"):
        archive.match(game)
    assert archive.games() == []


# Reading back --------------------------------------------------------------------------------


def test_record_and_match_give_the_game_as_played(archive: Archive) -> None:
    played = finished("samarkand")
    game = archive.add(played, limit=200)
    replayed = archive.match(game)
    assert replayed.is_over() and replayed.state_json() == played.state_json()
    assert archive.record(game).to_json() == played.record.to_json()


# Searching -----------------------------------------------------------------------------------


def test_search_by_game_and_by_any_part_of_a_seat_s_name_in_any_case(archive: Archive) -> None:
    for game_id in sorted(TABLES):
        archive.add(finished(game_id), limit=200)
    games = archive.games()
    assert search(games, None, "") == games
    assert [game.game for game in search(games, "moons", "")] == ["moons"]
    assert {game.game for game in search(games, None, "ada")} == {"castle", "market", "moons"}
    assert [game.game for game in search(games, None, "CAMEL")] == ["samarkand"]
    assert [game.game for game in search(games, None, " dromed ")] == ["samarkand"]
    assert search(games, "castle", "bea") == []
    assert search(games, None, "Dirk") == []  # players inside the rules sit at no seat
    assert search(games, "chess", "") == []


# Export and import -------------------------------------------------------------------------------


def _exported(tmp_path: Path, game_id: str = "castle", seed: int = 1) -> Path:
    path = tmp_path / f"exported-{game_id}-{seed}.json"
    path.write_text(finished(game_id, seed).record.dumps(), encoding="utf-8")
    return path


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_export_then_import_gives_the_same_game(
    archive: Archive, tmp_path: Path, game_id: str
) -> None:
    game = archive.add(finished(game_id), limit=200)
    path = tmp_path / "exported" / "game.json"
    archive.export(game, path)
    assert path.read_text(encoding="utf-8") == archive.record(game).dumps()
    elsewhere = Archive(tmp_path / "another")
    imported = elsewhere.import_file(path, limit=200)
    assert (imported.game, imported.seats, imported.moves) == (game.game, game.seats, game.moves)
    assert elsewhere.games() == [imported]
    assert elsewhere.record(imported).to_json() == archive.record(game).to_json()


def test_importing_the_same_record_twice_gives_the_existing_entry(
    archive: Archive, tmp_path: Path
) -> None:
    game = archive.add(finished("market"), limit=200)
    archive.export(game, tmp_path / "market.json")
    assert archive.import_file(tmp_path / "market.json", limit=200) == game
    assert archive.import_file(tmp_path / "market.json", limit=200) == game
    # The same game written otherwise (pretty, options left to their defaults) is the same too.
    data = json.loads(archive.record(game).dumps())
    data["options"] = {}
    (tmp_path / "by hand.json").write_text(json.dumps(data, indent=4), encoding="utf-8")
    assert archive.import_file(tmp_path / "by hand.json", limit=200) == game
    assert archive.games() == [game]


def test_an_import_is_archived_now_and_prunes_to_the_limit(
    archive: Archive, tmp_path: Path
) -> None:
    older = [archive.add(finished("castle", seed), limit=200) for seed in (1, 2)]
    imported = archive.import_file(_exported(tmp_path, "moons"), limit=2)
    assert archive.games() == [imported, older[1]]


def test_moonlight_desktop_replay_reads_an_exported_game(
    archive: Archive, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = archive.add(finished("moons"), limit=200)
    path = tmp_path / "moons.json"
    archive.export(game, path)
    assert main(["replay", str(path)]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["game"] == "moons" and output["commands"] == game.moves
    assert output["scores"] == [seat.score for seat in game.seats]
    assert [game.seats[n].name for n in output["winners"]] == list(game.winners)


def test_export_failures_are_one_clear_line(archive: Archive, tmp_path: Path) -> None:
    game = archive.add(finished(), limit=200)
    (tmp_path / "a folder").mkdir()
    (tmp_path / "a file").write_text("")
    for path, reason in (
        (tmp_path / "a folder", "is a folder"),
        (tmp_path / "a file" / "game.json", "could not write"),
        (tmp_path / ("long" * 70 + ".json"), "too long"),  # 285 characters
        (tmp_path / "nul\0byte.json", "NUL"),
    ):
        with pytest.raises(ExportFailed) as failed:
            archive.export(game, path)
        message = str(failed.value)
        assert reason in message and "\n" not in message, message
        assert len(message) <= MESSAGE_LIMIT


def _record_data(game_id: str = "castle") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(finished(game_id).record.dumps())
    return data


def _json_bytes(data: Any) -> bytes:
    return json.dumps(data).encode("utf-8")


def _with(**fields: Any) -> bytes:
    return _json_bytes({**_record_data(), **fields})


def _one_more_command() -> bytes:
    data = _record_data()
    data["commands"].append(data["commands"][-1])
    return _json_bytes(data)


def _one_command_short() -> bytes:
    data = _record_data()
    data["commands"].pop()
    return _json_bytes(data)


REFUSALS: dict[str, tuple[bytes, str]] = {
    "a 20 MB file": (b'{"game": "' + b"x" * (20 * 1024 * 1024) + b'"}', "larger than 16 MB"),
    "invalid UTF-8": (b'{"format": 1, "game": "castle\xff\xfe"}', "not UTF-8"),
    "empty": (b"", "not valid JSON"),
    "not JSON": (b"moonlight", "not valid JSON"),
    "nested too deep": (b"[" * 100_000 + b"]" * 100_000, "nested deeper"),
    "a list where the record belongs": (b"[1, 2, 3]", "JSON object"),
    "a float where the record belongs": (b"1.5", "JSON object"),
    "a list where the options belong": (_with(options=["level"]), "options"),
    "a float where the options belong": (_with(options=1.5), "options"),
    "a float where a seat belongs": (_with(seats=[1.5, {"name": "Zed"}]), "seat"),
    "a 5,000-digit seed": (_with().replace(b'"seed": 1', b'"seed": ' + b"7" * 5000), "too long"),
    "a seed too large": (_with(seed=2**64), "seed"),
    "NaN": (_with().replace(b'"seed": 1', b'"seed": NaN'), "NaN"),
    "another format": (_with(format=2), "format"),
    "an unknown game": (_with(game="chess"), "unknown game"),
    "a bot of unknown level": (
        _with(seats=[{"name": "Ada"}, {"name": "Bot", "player": "bot", "level": "godlike"}]),
        "unknown level",
    ),
    "an unknown command": (
        _with(commands=[{"seat": 0, "cmd": "fly"}]),
        "unknown command",
    ),
    "an illegal command": (_one_more_command(), "cannot be replayed"),
    "an unfinished game": (_one_command_short(), NOT_FINISHED),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_an_import_refused_is_one_clear_line_and_writes_nothing(
    archive: Archive, tmp_path: Path, case: str
) -> None:
    data, expected = REFUSALS[case]
    kept = archive.add(finished("moons"), limit=200)
    before = listing(archive.folder)
    path = tmp_path / "import.json"
    path.write_bytes(data)
    with pytest.raises(ImportRefused) as refused:
        archive.import_file(path, limit=1)
    _assert_one_clear_line(str(refused.value))
    assert expected in str(refused.value)
    assert listing(archive.folder) == before and archive.games() == [kept]


def test_an_unfinished_game_is_refused_in_these_words(archive: Archive, tmp_path: Path) -> None:
    path = tmp_path / "unfinished.json"
    path.write_text(unfinished().record.dumps(), encoding="utf-8")
    with pytest.raises(ImportRefused) as refused:
        archive.import_file(path, limit=200)
    assert str(refused.value) == "this game is not finished: only finished games can be imported"
    assert listing(archive.folder) is None


@pytest.mark.parametrize(
    ("case", "expected"), [("a folder", "folder"), ("a missing file", "no such file")]
)
def test_a_folder_or_a_missing_file_is_refused(
    archive: Archive, tmp_path: Path, case: str, expected: str
) -> None:
    path = tmp_path / "folder.json"
    if case == "a folder":
        path.mkdir()
    with pytest.raises(ImportRefused) as refused:
        archive.import_file(path, limit=200)
    _assert_one_clear_line(str(refused.value))
    assert expected in str(refused.value) and listing(archive.folder) is None


def _assert_one_clear_line(message: str) -> None:
    assert message and len(message) <= MESSAGE_LIMIT
    assert message.isprintable() and "Traceback" not in message


def test_archived_games_compare_by_everything_they_hold() -> None:
    """Entries are frozen values: the listing of a fresh Archive equals the one before."""
    game = ArchivedGame("k", "castle", datetime(2026, 1, 1), (), 0, Path("k.json"))
    assert game == ArchivedGame("k", "castle", datetime(2026, 1, 1), (), 0, Path("k.json"))
    assert game.winners == ()
    with pytest.raises(AttributeError):
        game.key = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    "index",
    [
        b"\xff\xfe not even text",
        b"[]",
        b'{"version": 2, "entries": {}}',
        b'{"version": 1, "entries": []}',
        b'{"version": 1, "entries": {"NAME": {"signature": [1, 2], "game": "castle"}}}',
        b'{"version": 1, "entries": {"NAME": {"signature": "SIG", "game": "moons", '
        b'"moves": 1, "seats": [["A", "human", null, null, 3, true, 0]]}}}',
        b'{"version": 1, "entries": {"NAME": {"signature": "SIG", "game": "castle", '
        b'"moves": 1e400, "seats": [["A", "alien", null, null, 3, true, 0]]}}}',
    ],
)
def test_an_index_that_cannot_be_trusted_is_listed_afresh(archive: Archive, index: bytes) -> None:
    """The index only spares reading records: whatever it holds, the listing is what the
    records say, and the index is written anew."""
    games = [archive.add(finished(game_id), limit=200) for game_id in ("castle", "moons")]
    castle = games[0].path
    signature = json.dumps(list(archive_module._signature(castle)))
    archive.index_path.write_bytes(
        index.replace(b"NAME", castle.name.encode()).replace(b'"SIG"', signature.encode())
    )
    assert Archive(archive.folder).games() == Archive(archive.folder).games()
    assert sorted(Archive(archive.folder).games(), key=lambda g: g.key) == sorted(
        games, key=lambda g: g.key
    )
