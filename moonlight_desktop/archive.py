"""The archive of finished games: one small file per game in the per-user data folder
(`past_games/`), holding the game's record and nothing else.

Everything shown about an archived game (its seats, scores and winners) is worked out by
replaying that record through the Match, so nothing shown can drift from what was played. A
file's name holds when the game was archived, its game and a short hash of its text:
`20261201T051500-castle-1a2b3c4d.json`.

Whatever the folder holds, listing it never stops the app: every file named as an entry is
validated completely (the safe JSON reader, the record's schema, its seats, a replay, a finished
game) before it is listed, and one that fails is logged and set aside as .bad, with a count for
the player; files of other names (a player's own) are left alone. What was validated is kept in
an index (`archive.index`: each entry's summary and the size and times its files had then), so a
listing of thousands of games reads one file and looks at the others' sizes; only a file that
has changed since is read and replayed again. An imported file is validated just as completely
before anything is written, and refused with one line for the player.
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
from moonlight_desktop.game_list import check_seats, codec_for, game_spec
from moonlight_desktop.i18n import N_, _
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.userdata import write_atomically

log = logging.getLogger(__name__)

FILE_SUFFIX = ".json"
HINTS_SUFFIX = ".hints"
"""Beside an entry, the hints each seat asked for (`TableNotes` JSON): the record stays the
engine's record, so every older entry and every exported file reads as before."""
BAD_SUFFIX = ".bad"
INDEX_NAME = "archive.index"
INDEX_VERSION = 1
TIME_FORMAT = "%Y%m%dT%H%M%S"
HASH_LENGTH = 8
_FILE_NAME = re.compile(r"(\d{8}T\d{6})-([a-z][a-z0-9_]{0,39})-([0-9a-f]{8})\.json")
"""An archived game's file name: when it was archived, the game id, the hash of its text."""

MESSAGE_LIMIT = 200
"""The longest message an error gives the player (one line)."""

NOT_FINISHED = N_("this game is not finished: only finished games can be imported")

_ENGINE_ERRORS = (safejson.JsonError, RecordError, OptionsError, IllegalCommand)
"""Everything the engine raises for a bad record; anything else would be a bug in it."""


class ArchiveError(Exception):
    """Something the archive cannot do; str(error) is one clear line for the player."""


class ImportRefused(ArchiveError):
    """A record file that cannot be imported; str(error) is one clear line (<= 200 chars) for
    the player."""


class ExportFailed(ArchiveError):
    """A game that could not be exported; str(error) is one clear line for the player."""


class ExportWouldReplace(ExportFailed):
    """The export's target is already there: the player is asked before it is replaced."""


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


Signature = tuple[int, ...]
"""An entry's file and hints file as last validated: sizes, modification times and inodes."""
SIGNATURE_LENGTH = 6


class Archive:
    """The finished games in `folder` (the app's is the data folder's `past_games`).
    `protected`: a folder no export may write into (the app's data folder: its saves,
    settings and this archive); `folder` itself when not given."""

    def __init__(self, folder: Path, protected: Path | None = None) -> None:
        self.folder = folder
        self.protected = protected or folder
        self.clock: Callable[[], datetime] = datetime.now
        """When a game is archived (tests set it)."""
        self._index: dict[str, tuple[Signature, ArchivedGame]] | None = None
        """Entries already validated, by file name, with their files' signature then (read
        from the index file when first needed)."""
        self.set_aside: list[str] = []
        """The names of the entries set aside by this archive (unreadable, or not a finished
        game's record), for a word to the player."""

    # Reading.

    def games(self) -> list[ArchivedGame]:
        """Every archived game, newest first. A file that fails any check is logged and set
        aside as .bad (and named in `set_aside`), never raised. Each file is replayed once,
        a few milliseconds, then its summary is kept in the index until it changes."""
        index = self._known()
        indexed = dict(index)
        found, listed = [], {}
        for path in self._entry_paths():
            game = self._checked_game(path, index)
            if game is not None:
                found.append(game)
                listed[path.name] = index[path.name]
        self._index = listed
        if listed != indexed:
            self._write_index()
        return _newest_first(found)

    def match(self, game: ArchivedGame) -> Match[Any]:
        """The finished match, replayed from the file; GameMissing when the file no longer
        holds `game`."""
        try:
            match, fresh = _load(game.path)
        except _Unusable as error:
            if os.path.lexists(game.path):
                self._set_aside(game.path, str(error))
            raise GameMissing(_("this game is no longer in the archive")) from None
        if fresh != game:
            raise GameMissing(_("this game has changed in the archive since it was listed"))
        return match

    def record(self, game: ArchivedGame) -> GameRecord:
        """The game's record (read and replayed again); GameMissing as for `match`."""
        return self.match(game).record

    # Writing.

    def add(self, match: Match[Any], limit: int, hints_used: Sequence[int] = ()) -> ArchivedGame:
        """Archives a finished match (ValueError for one that is not, or one no record may
        hold), then removes the oldest games beyond `limit`. The same record twice gives the
        entry already there. OSError when the folder cannot be written: the game is not kept.
        `hints_used`: how many hints each seat asked for, kept beside the entry."""
        if not match.is_over():
            raise ValueError("only a finished match can be archived")
        try:
            text, replayed = _canonical(match.record.to_json())
        except _Unusable as error:  # e.g. a seat name no record may hold
            raise ValueError(f"this match cannot be archived: {error}") from None
        game = self._store(text, replayed)
        if any(hints_used):
            notes = TableNotes(hints_used=list(hints_used), seed=match.record.seed)
            write_atomically(_hints_path(game.path), notes.dumps())
            game = _summary(replayed, game.path, game.finished)
        self._remember(game)
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
            raise ImportRefused(shortened(str(error))) from None
        try:
            game = self._store(text, match)
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise ImportRefused(
                shortened(_("the archive could not be written ({reason})").format(reason=reason))
            ) from None
        self._remember(game)
        self._prune(limit, keep=game.key)
        return game

    def export(self, game: ArchivedGame, path: Path, replace: bool = False) -> None:
        """Writes the game's record to `path`, as `GameRecord.dumps` writes records (what
        `moonlight-desktop replay` and `import_file` read). ExportFailed with one line for a
        target that cannot or must not be written (a folder, a name no file may have, a
        place inside the protected folder); ExportWouldReplace when a file is there and
        `replace` is not given."""
        target = _export_target(path, self.protected)
        if not replace and os.path.lexists(target):
            raise ExportWouldReplace(
                shortened(_("{name} is already there").format(name=target.name))
            )
        try:
            text = self.record(game).dumps()
        except GameMissing as error:
            raise ExportFailed(str(error)) from None
        try:
            write_atomically(target, text)
        except OSError as error:
            reason = error.strerror or type(error).__name__
            raise ExportFailed(
                shortened(
                    _("could not write {name} ({reason})").format(name=target.name, reason=reason)
                )
            ) from None

    def prune(self, limit: int) -> int:
        """Removes the oldest games beyond `limit`; returns how many were removed."""
        return self._prune(limit, keep=None)

    # The folder.

    def _entry_paths(self) -> list[Path]:
        """The folder's files named as entries (set-aside and temp files, the index and any
        file of the player's are named otherwise)."""
        try:
            names = sorted(path.name for path in self.folder.iterdir())
        except FileNotFoundError:  # nothing archived yet
            return []
        except OSError as error:
            log.warning("cannot list the archive %s: %s", self.folder, error)
            return []
        return [self.folder / name for name in names if _parse_name(name) is not None]

    def _checked_game(
        self, path: Path, index: dict[str, tuple[Signature, ArchivedGame]]
    ) -> ArchivedGame | None:
        """The game in `path` when the file passes every check (or passed them unchanged
        before: `index`, which this updates); else None, the file set aside."""
        signature = _signature(path)
        known = index.get(path.name)
        if known is not None and known[0] == signature:
            return known[1]
        try:
            game = _load(path)[1]
        except _Unusable as error:
            self._set_aside(path, str(error))
            return None
        index[path.name] = (signature, game)
        return game

    def _set_aside(self, path: Path, reason: str) -> None:
        """Keeps an unusable file beside, as .bad (for a bug report), out of the listing."""
        log.warning("setting aside %s from the archive: %s", path.name, reason)
        self._known().pop(path.name, None)
        self.set_aside.append(path.name)
        try:
            path.replace(path.with_name(path.name + BAD_SUFFIX))
        except OSError as error:
            log.warning("could not set aside %s: %s", path, error)

    # The index.

    @property
    def index_path(self) -> Path:
        return self.folder / INDEX_NAME

    def _known(self) -> dict[str, tuple[Signature, ArchivedGame]]:
        """The validated entries, read from the index file when first asked (an index that
        cannot be read counts as empty: every entry is validated again)."""
        if self._index is None:
            self._index = _read_index(self.index_path, self.folder)
        return self._index

    def _remember(self, game: ArchivedGame) -> None:
        """Puts a game just written (validated on the way in) in the index."""
        self._known()[game.path.name] = (_signature(game.path), game)
        self._write_index()

    def _write_index(self) -> None:
        entries = {
            name: {"signature": list(signature), **_summary_json(game)}
            for name, (signature, game) in self._known().items()
        }
        text = json.dumps({"version": INDEX_VERSION, "entries": entries}, separators=(",", ":"))
        try:
            write_atomically(self.index_path, text)
        except OSError as error:  # only a speed-up: the next listing validates again
            log.warning("could not write the archive's index: %s", error)

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
            self._known().pop(path.name, None)
            removed += 1
        if removed:
            self._write_index()
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
            raise _Unusable(_("there is no such file"))
        if path.is_dir():
            raise _Unusable(_("this is a folder, not a game record"))
        if not path.is_file():
            raise _Unusable(_("this is not a file"))
    except OSError as error:
        reason = error.strerror or _("no access")
        raise _Unusable(_("the file cannot be read ({reason})").format(reason=reason)) from None
    try:
        return safejson.load(path)
    except safejson.JsonError as error:
        raise _Unusable(_("not a game record: {error}").format(error=error)) from None


def _finished_match(data: Any) -> Match[Any]:
    """The finished match `data` records; _Unusable saying why not."""
    try:
        record = GameRecord.from_json(data, codec_for)
        check_seats(record)
        match: Match[Any] = Match(game_spec(record.game).rules, record)
    except _ENGINE_ERRORS as error:
        raise _Unusable(_("not a valid record: {error}").format(error=error)) from None
    if not match.is_over():
        raise _Unusable(_(NOT_FINISHED))
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
        raise _Unusable(_("not a game record: {error}").format(error=error)) from None


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


def _signature(path: Path) -> Signature:
    """What tells that an entry's files have changed: the size, modification time and inode
    of the record and of its hints file (-1 for a file that is not there)."""
    signature: list[int] = []
    for each in (path, _hints_path(path)):
        try:
            status = each.stat()
            signature += [status.st_size, status.st_mtime_ns, status.st_ino]
        except OSError:
            signature += [-1, -1, -1]
    return tuple(signature)


def _summary_json(game: ArchivedGame) -> dict[str, Any]:
    """What the index keeps of an entry (its time and path come from its file's name)."""
    seats = [
        [seat.name, seat.player, seat.level, seat.look, seat.score, seat.winner, seat.hints]
        for seat in game.seats
    ]
    return {"game": game.game, "moves": game.moves, "seats": seats}


def _read_index(path: Path, folder: Path) -> dict[str, tuple[Signature, ArchivedGame]]:
    """The entries of the index file at `path`; an item of any other shape is left out (its
    file is validated again), and an unusable index counts as empty."""
    try:
        data = safejson.load(path) if os.path.lexists(path) else None
    except safejson.JsonError as error:
        log.warning("the archive's index cannot be read (%s); listing it afresh", error)
        return {}
    if not isinstance(data, dict) or data.get("version") != INDEX_VERSION:
        return {}
    entries = data.get("entries")
    if not isinstance(entries, dict):
        return {}
    index = {}
    for name, item in entries.items():
        known = _indexed(folder / name, item) if isinstance(name, str) else None
        if known is not None:
            index[name] = known
    return index


def _indexed(path: Path, item: Any) -> tuple[Signature, ArchivedGame] | None:
    """An index item as a signature and an entry; None for any other shape."""
    named = _parse_name(path.name)
    if named is None or not isinstance(item, dict):
        return None
    signature, seats, moves = item.get("signature"), item.get("seats"), item.get("moves")
    if (
        item.get("game") != named[1]
        or not isinstance(signature, list)
        or len(signature) != SIGNATURE_LENGTH
        or any(type(each) is not int for each in signature)
        or type(moves) is not int
        or not isinstance(seats, list)
    ):
        return None
    archived = tuple(seat for seat in map(_indexed_seat, seats) if seat is not None)
    if not archived or len(archived) != len(seats):
        return None
    return tuple(signature), ArchivedGame(path.stem, named[1], named[0], archived, moves, path)


def _indexed_seat(seat: Any) -> ArchivedSeat | None:
    if not isinstance(seat, list) or len(seat) != 7:
        return None
    name, player, level, look, score, winner, hints = seat
    if not (
        isinstance(name, str)
        and player in ("human", "bot")
        and isinstance(level, str | None)
        and isinstance(look, str | None)
        and type(score) is int
        and type(winner) is bool
        and type(hints) is int
    ):
        return None
    return ArchivedSeat(name, player, level, look, score, winner, hints)


def _export_target(path: Path, protected: Path) -> Path:
    """`path` as a place an export may write; ExportFailed saying why not."""
    if "\0" in str(path):
        raise ExportFailed(_("a file name cannot hold a NUL character"))
    if not path.name:
        raise ExportFailed(_("give the file a name"))
    try:
        if path.is_dir():
            raise ExportFailed(
                shortened(
                    _("“{name}” is a folder: add a file name to the path").format(name=path.name)
                )
            )
        inside = _is_within(path.resolve(), protected.resolve())
    except OSError as error:  # a name too long, a folder that may not be looked into...
        reason = error.strerror or type(error).__name__
        raise ExportFailed(
            shortened(_("cannot write there ({reason})").format(reason=reason))
        ) from None
    except RuntimeError:  # a loop of links
        raise ExportFailed(_("cannot write there (a loop of links)")) from None
    if inside:
        raise ExportFailed(
            _(
                "that is inside Moonlight Desktop's own folder, where its saves and settings"
                " are: choose another place"
            )
        )
    return path


def _is_within(path: Path, folder: Path) -> bool:
    """Whether `path` is `folder` or inside it (in any case where the file system ignores it)."""
    inner, outer = os.path.normcase(path), os.path.normcase(folder)
    return inner == outer or inner.startswith(outer.rstrip(os.sep) + os.sep)


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


def shortened(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` as one printable line of at most `limit` characters (a bad file's values may
    hold newlines, control characters or megabytes)."""
    flat = "".join(char if char.isprintable() else " " for char in text[: limit * 4])
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
