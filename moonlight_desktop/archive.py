"""The archive of finished games: one small file per game in the per-user data folder
(`past_games/`), holding the game's record and nothing else.

Everything shown about an archived game (its seats, scores and winners) is worked out by
replaying that record through the Match, so nothing shown can drift from what was played. A
file's name holds when the game was archived, its game and a short hash of its text:
`20261201T051500-castle-1a2b3c4d.json`.

Whatever the folder holds, listing it never stops the app: every file is validated completely
(the safe JSON reader, the record's schema, its seats, a replay, a finished game) before it is
listed, and one that fails is logged and set aside as .bad. An imported file is validated just
as completely before anything is written, and refused with one line for the player.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from moonlight_desktop.engine import (
    GameRecord,
    IllegalCommand,
    Match,
    OptionsError,
    RecordError,
    safejson,
)
from moonlight_desktop.games.registry import check_seats, codec_for, game_spec
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.userdata import write_atomically

log = logging.getLogger(__name__)

FILE_SUFFIX = ".json"
HINTS_SUFFIX = ".hints"
"""Beside an entry, the hints each seat asked for (`TableNotes` JSON): the record stays the
engine's record, so every older entry and every exported file reads as before."""
BAD_SUFFIX = ".bad"
TIME_FORMAT = "%Y%m%dT%H%M%S"
HASH_LENGTH = 8
_FILE_NAME = re.compile(r"(\d{8}T\d{6})-([a-z][a-z0-9_]{0,39})-([0-9a-f]{8})\.json")
"""An archived game's file name: when it was archived, the game id, the hash of its text."""

MESSAGE_LIMIT = 200
"""The longest message an error gives the player (one line)."""

NOT_FINISHED = "this game is not finished: only finished games can be imported"

_ENGINE_ERRORS = (safejson.JsonError, RecordError, OptionsError, IllegalCommand)
"""Everything the engine raises for a bad record; anything else would be a bug in it."""


class ArchiveError(Exception):
    """Something the archive cannot do; str(error) is one clear line for the player."""


class ImportRefused(ArchiveError):
    """A record file that cannot be imported; str(error) is one clear line (<= 200 chars) for
    the player."""


class ExportFailed(ArchiveError):
    """A game that could not be exported; str(error) is one clear line for the player."""


class GameMissing(ArchiveError):
    """An archived game whose file is gone or no longer holds it (removed or changed behind
    the app's back since it was listed)."""


@dataclass(frozen=True, slots=True)
class ArchivedSeat:
    name: str
    player: str
    """"human" or "bot"."""
    level: str | None
    """A bot's level ("easy", "normal", ...); None for humans."""
    look: str | None
    score: int
    winner: bool
    hints: int = 0
    """How many hints the seat asked for (0 for a game archived before hints were counted,
    or imported)."""


@dataclass(frozen=True, slots=True)
class ArchivedGame:
    key: str
    """Unique in the archive: the file's stem."""
    game: str
    finished: datetime
    """When it was archived (naive local time), kept in the file's name."""
    seats: tuple[ArchivedSeat, ...]
    moves: int
    """How many commands the record holds."""
    path: Path

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners' names in seat order (several for a shared win; none when a player
        inside the rules won, such as Market's Dirk or Beate)."""
        return tuple(seat.name for seat in self.seats if seat.winner)


class _Unusable(Exception):
    """A file or record the archive cannot hold; the message says why, for the player."""


class Archive:
    """The finished games in `folder` (the app passes user_data.folder / "past_games")."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.clock: Callable[[], datetime] = datetime.now
        """When a game is archived (tests set it)."""
        self._checked: dict[str, tuple[tuple[int, int, int], ArchivedGame]] = {}
        """Files already validated, by name, with the size and times they had then: a file
        is replayed again only when it changes."""

    # Reading.

    def games(self) -> list[ArchivedGame]:
        """Every archived game, newest first. A file that fails any check is logged and set
        aside as .bad, never raised. (Each file is replayed once, a few milliseconds, then
        remembered until it changes.)"""
        found = []
        for path in self._entry_paths():
            game = self._checked_game(path)
            if game is not None:
                found.append(game)
        listed = {game.path.name for game in found}
        self._checked = {name: seen for name, seen in self._checked.items() if name in listed}
        return _newest_first(found)

    def match(self, game: ArchivedGame) -> Match[Any]:
        """The finished match, replayed from the file; GameMissing when the file no longer
        holds `game`."""
        try:
            match, fresh = _load(game.path)
        except _Unusable as error:
            if os.path.lexists(game.path):
                self._set_aside(game.path, str(error))
            raise GameMissing("this game is no longer in the archive") from None
        if fresh != game:
            raise GameMissing("this game has changed in the archive since it was listed")
        return match

    def record(self, game: ArchivedGame) -> GameRecord:
        """The game's record (read and replayed again); GameMissing as for `match`."""
        return self.match(game).record

    # Writing.

    def add(self, match: Match[Any], limit: int, hints_used: Sequence[int] = ()) -> ArchivedGame:
        """Archives a finished match (ValueError for one that is not), then removes the oldest
        games beyond `limit`. The same record twice gives the entry already there. A folder
        that cannot be written is logged, not raised (a read-only home must not end a game):
        the entry is returned all the same, but not kept. `hints_used`: how many hints each
        seat asked for, kept beside the entry."""
        if not match.is_over():
            raise ValueError("only a finished match can be archived")
        try:
            text, replayed = _canonical(match.record.to_json())
        except _Unusable as error:  # e.g. a seat name no record may hold
            raise ValueError(f"this match cannot be archived: {error}") from None
        try:
            game = self._store(text, replayed)
            if any(hints_used):
                notes = TableNotes(hints_used=list(hints_used), seed=match.record.seed)
                write_atomically(_hints_path(game.path), notes.dumps())
                self._checked.pop(game.path.name, None)
                game = _summary(replayed, game.path, game.finished)
        except OSError as error:
            log.warning("could not archive the finished %s game: %s", match.record.game, error)
            return _summary(replayed, self._new_path(replayed.record.game, text), self._now())
        self._prune(limit, keep=game.key)
        return game

    def import_file(self, path: Path, limit: int) -> ArchivedGame:
        """Archives the finished game recorded in the file at `path` (any record file:
        exported, a save, written by hand), then removes the oldest beyond `limit`. The file is
        validated completely before anything is written; anything wrong raises ImportRefused
        with one clear line, and nothing is written. The same record twice gives the entry
        already there."""
        try:
            text, match = _canonical(_read_import(path))
        except _Unusable as error:
            raise ImportRefused(_one_line(str(error))) from None
        try:
            game = self._store(text, match)
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise ImportRefused(_one_line(f"the archive could not be written ({reason})")) from None
        self._prune(limit, keep=game.key)
        return game

    def export(self, game: ArchivedGame, path: Path) -> None:
        """Writes the game's record to `path`, as `GameRecord.dumps` writes records (what
        `moonlight-desktop replay` and `import_file` read); ExportFailed with one line."""
        try:
            text = self.record(game).dumps()
        except GameMissing as error:
            raise ExportFailed(str(error)) from None
        try:
            write_atomically(path, text)
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise ExportFailed(_one_line(f"could not write {path.name} ({reason})")) from None

    def prune(self, limit: int) -> int:
        """Removes the oldest games beyond `limit`; returns how many were removed."""
        return self._prune(limit, keep=None)

    # The folder.

    def _entry_paths(self) -> list[Path]:
        """The folder's .json files (set-aside and temp files end otherwise)."""
        try:
            return sorted(path for path in self.folder.iterdir() if path.name.endswith(FILE_SUFFIX))
        except FileNotFoundError:  # nothing archived yet
            return []
        except OSError as error:
            log.warning("cannot list the archive %s: %s", self.folder, error)
            return []

    def _checked_game(self, path: Path) -> ArchivedGame | None:
        """The game in `path` when the file passes every check; else None, the file set aside."""
        try:
            status = path.stat()
            signature = (status.st_size, status.st_mtime_ns, status.st_ino)
        except OSError:
            signature = (-1, -1, -1)  # e.g. a broken link: _load says what is wrong
        seen = self._checked.get(path.name)
        if seen is not None and seen[0] == signature:
            return seen[1]
        try:
            game = _load(path)[1]
        except _Unusable as error:
            self._set_aside(path, str(error))
            return None
        self._checked[path.name] = (signature, game)
        return game

    def _set_aside(self, path: Path, reason: str) -> None:
        """Keeps an unusable file beside, as .bad (for a bug report), out of the listing."""
        log.warning("setting aside %s from the archive: %s", path.name, reason)
        self._checked.pop(path.name, None)
        try:
            path.replace(path.with_name(path.name + BAD_SUFFIX))
        except OSError as error:
            log.warning("could not set aside %s: %s", path, error)

    def _store(self, text: str, match: Match[Any]) -> ArchivedGame:
        """The entry for `text` (a validated record of the finished `match`): the one already
        there when the archive holds the same text, else a new file. OSError when it cannot
        be written."""
        game_id = match.record.game
        for path in self.folder.glob(f"*-{game_id}-{_digest(text)}{FILE_SUFFIX}"):
            finished = _name_time(path.name)
            if finished is not None and _holds(path, text):
                return _summary(match, path, finished)
        finished = self._now()
        path = self._new_path(game_id, text, finished)
        write_atomically(path, text)
        return _summary(match, path, finished)

    def _now(self) -> datetime:
        return self.clock().replace(microsecond=0)

    def _new_path(self, game_id: str, text: str, finished: datetime | None = None) -> Path:
        """A free file name for `text`: in the (vanishingly rare) case of a hash shared by
        another record within the same second, a second later."""
        moment = finished or self._now()
        while True:
            path = self.folder / f"{moment:{TIME_FORMAT}}-{game_id}-{_digest(text)}{FILE_SUFFIX}"
            if not os.path.lexists(path):
                return path
            moment += timedelta(seconds=1)

    def _prune(self, limit: int, keep: str | None) -> int:
        """Removes the oldest entries beyond `limit`, never `keep` (the game just archived,
        should the clock have gone back). Only names are read: a bad file counts until the
        next listing sets it aside."""
        entries = []
        for path in self._entry_paths():
            finished = _name_time(path.name)
            if finished is not None and path.stem != keep and _is_file(path):
                entries.append((finished, path.stem, path))
        entries.sort(reverse=True)
        room = max(limit, 0) - (keep is not None)
        removed = 0
        for _finished, _key, path in entries[max(room, 0) :]:
            try:
                path.unlink()
                _hints_path(path).unlink(missing_ok=True)
            except OSError as error:
                log.warning("could not remove %s from the archive: %s", path, error)
                continue
            self._checked.pop(path.name, None)
            removed += 1
        return removed


def search(games: Sequence[ArchivedGame], game_id: str | None, player: str) -> list[ArchivedGame]:
    """The games of `game_id` (None: every game) where some seat's name holds `player`, in any
    case ("": anyone), in the order given."""
    needle = player.strip().casefold()
    return [
        game
        for game in games
        if (game_id is None or game.game == game_id)
        and (not needle or any(needle in seat.name.casefold() for seat in game.seats))
    ]


# Validation ---------------------------------------------------------------------------------


def _read_import(path: Path) -> Any:
    """The JSON in the file at `path`; _Unusable for no such file, a folder or bad bytes."""
    try:
        if not os.path.lexists(path):
            raise _Unusable("there is no such file")
        if path.is_dir():
            raise _Unusable("this is a folder, not a game record")
        if not path.is_file():
            raise _Unusable("this is not a file")
    except OSError as error:
        raise _Unusable(f"the file cannot be read ({error.strerror or 'no access'})") from None
    try:
        return safejson.load(path)
    except safejson.JsonError as error:
        raise _Unusable(f"not a game record: {error}") from None


def _finished_match(data: Any) -> Match[Any]:
    """The finished match `data` records; _Unusable saying why not."""
    try:
        record = GameRecord.from_json(data, codec_for)
        check_seats(record)
        match: Match[Any] = Match(game_spec(record.game).rules, record)
    except _ENGINE_ERRORS as error:
        raise _Unusable(f"not a valid record: {error}") from None
    if not match.is_over():
        raise _Unusable(NOT_FINISHED)
    return match


def _canonical(data: Any) -> tuple[str, Match[Any]]:
    """The text the archive keeps for the record `data` (compact JSON, keys sorted, options
    completed with their defaults, so the same game always gives the same text) and the
    finished match it replays to (from that very text)."""
    first = _finished_match(data)
    text = json.dumps(first.record.to_json(), separators=(",", ":"), sort_keys=True)
    try:
        return text, _finished_match(safejson.loads(text))
    except safejson.JsonError as error:
        raise _Unusable(f"not a game record: {error}") from None


def _load(path: Path) -> tuple[Match[Any], ArchivedGame]:
    """The finished match in the archive file `path` and its entry; _Unusable saying why not."""
    named = _parse_name(path.name)
    if named is None:
        raise _Unusable("its name is not an archived game's")
    finished, game_id = named
    if not _is_file(path):
        raise _Unusable("not a file")
    try:
        data = safejson.load(path)
    except safejson.JsonError as error:
        raise _Unusable(str(error)) from None
    match = _finished_match(data)
    if match.record.game != game_id:
        raise _Unusable(f"its name says {game_id}, its record {match.record.game}")
    return match, _summary(match, path, finished)


def _summary(match: Match[Any], path: Path, finished: datetime) -> ArchivedGame:
    """The entry for a finished match: scores and winners as the rules give them, for the
    seats only (Market's Dirk and Beate score and may win too, but sit at no seat)."""
    scores, winners = match.scores(), set(match.winners())
    hints = _hints_used(path, match.record.seed)
    seats = tuple(
        ArchivedSeat(
            seat.name,
            seat.player,
            seat.level,
            seat.look,
            scores[number],
            number in winners,
            hints.used(number),
        )
        for number, seat in enumerate(match.seats)
    )
    return ArchivedGame(
        path.stem, match.record.game, finished, seats, len(match.record.moves), path
    )


def _hints_path(path: Path) -> Path:
    return path.with_name(path.stem + HINTS_SUFFIX)


def _hints_used(path: Path, seed: int) -> TableNotes:
    """The hints counted beside an entry: none when there is no such file, or one that
    cannot be read or belongs to another game."""
    hints_path = _hints_path(path)
    if not os.path.lexists(hints_path):
        return TableNotes()
    try:
        notes = TableNotes.from_json(safejson.load(hints_path))
    except (safejson.JsonError, OSError):
        return TableNotes()
    return notes if notes.seed == seed else TableNotes()


def _parse_name(name: str) -> tuple[datetime, str] | None:
    """When the game in the file named `name` was archived, and its game id; None for a name
    that is not an archived game's."""
    named = _FILE_NAME.fullmatch(name)
    if named is None:
        return None
    try:
        return datetime.strptime(named.group(1), TIME_FORMAT), named.group(2)
    except ValueError:  # e.g. month 13
        return None


def _name_time(name: str) -> datetime | None:
    named = _parse_name(name)
    return None if named is None else named[0]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_LENGTH]


def _holds(path: Path, text: str) -> bool:
    """Whether the file at `path` holds exactly `text`."""
    expected = text.encode("utf-8")
    try:
        if not _is_file(path) or path.stat().st_size != len(expected):
            return False
        return path.read_bytes() == expected
    except OSError:
        return False


def _is_file(path: Path) -> bool:
    """Whether `path` is a regular file (or a link to one); False when it cannot be told."""
    try:
        return path.is_file()
    except OSError:
        return False


def _newest_first(games: list[ArchivedGame]) -> list[ArchivedGame]:
    return sorted(games, key=lambda game: (game.finished, game.key), reverse=True)


def _one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` as one printable line of at most `limit` characters (a bad file's values may
    hold newlines, control characters or megabytes)."""
    flat = "".join(char if char.isprintable() else " " for char in text[: limit * 4])
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
