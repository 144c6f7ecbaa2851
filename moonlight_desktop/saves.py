"""Games in progress survive closing the window (or a crash): the board saves the record after
every move, and the gallery offers to continue it. A save is offered only once it has been
restored completely (read, replayed through the Match, and shown by its board); one that fails
any step is logged and set aside as .bad, with a word for the player, never a crash and never
silently overwritten."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from moonlight_desktop.archive import Archive
from moonlight_desktop.engine import GameRecord, Match, OptionsError, RecordError
from moonlight_desktop.engine.safejson import JsonError
from moonlight_desktop.game_list import codec_for, game_spec
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.userdata import Settings, UserData

log = logging.getLogger(__name__)

T = TypeVar("T")

DEFAULT_ARCHIVE_LIMIT = Settings().archive_limit


@dataclass(frozen=True, slots=True)
class Resumed(Generic[T]):
    """A saved game brought back: what shows it (None: nothing to continue), and whether a
    save had to be set aside (the player is told, naming the game)."""

    shown: T | None = None
    set_aside: bool = False


def save_match(
    user_data: UserData,
    match: Match[Any],
    notes: TableNotes | None = None,
    archive_limit: int = DEFAULT_ARCHIVE_LIMIT,
    run: Callable[[Callable[[], None]], object] = lambda work: work(),
) -> None:
    """Saves the game in progress (and the table's notes beside it). A finished game is
    saved whole too, then kept among the past games by `keep_finished`, which `run` runs
    (the table's rules thread: it replays the record)."""
    user_data.save_game(match.record.game, match.record.dumps())
    if notes is not None:
        user_data.save_notes(match.record.game, notes.dumps())
    if match.is_over():
        hints = (notes or saved_notes(user_data, match)).for_seats(len(match.seats))
        run(partial(keep_finished, user_data, match, hints, archive_limit))


def keep_finished(
    user_data: UserData, match: Match[Any], hints_used: Sequence[int], archive_limit: int
) -> None:
    """Archives the finished game saved in progress, then forgets its save: in that order, so
    a kill at any instant leaves the game in the save, in the archive, or in both (a finished
    game found saved is archived the next time saves are read; archiving it twice keeps one
    entry). A folder that cannot be written keeps the save, to be archived another time."""
    try:
        Archive(user_data.archive_folder).add(match, archive_limit, hints_used)
    except OSError as error:
        log.warning("the finished %s game could not be archived: %s", match.record.game, error)
        return
    except ValueError as error:  # no record of it can be archived: nothing more to keep
        log.warning("the finished %s game cannot be archived: %s", match.record.game, error)
    user_data.forget_game(match.record.game)


def saved_notes(user_data: UserData, match: Match[Any]) -> TableNotes:
    """The notes saved beside `match` (a resumed game); hints on and none used when there
    are none, or when they belong to another game (another seed)."""
    notes = TableNotes.from_json(user_data.load_notes(match.record.game))
    if notes.seed != match.record.seed:
        return TableNotes(seed=match.record.seed)
    return notes


def resume_match(
    user_data: UserData,
    game_id: str,
    show: Callable[[Match[Any]], T],
    archive_limit: int = DEFAULT_ARCHIVE_LIMIT,
) -> Resumed[T]:
    """The saved game in progress, replayed and handed to `show` (which builds what shows it,
    e.g. the board, and raises RecordError or OptionsError for seats it cannot show). A save
    that cannot be continued (not JSON, `null`, not a record of this game, not replayable) is
    set aside; a finished one is archived (`keep_finished`)."""
    if not user_data.has_game(game_id):
        return Resumed()
    try:
        record = GameRecord.from_json(user_data.load_game(game_id), codec_for)
        if record.game != game_id:
            raise RecordError(f"the file holds a game of {record.game!r}")
        match: Match[Any] = Match(game_spec(game_id).rules, record)
        if match.is_over():  # the app stopped between the last move and archiving it
            hints = saved_notes(user_data, match).for_seats(len(match.seats))
            keep_finished(user_data, match, hints, archive_limit)
            return Resumed()
        return Resumed(show(match))
    except (JsonError, RecordError, OptionsError) as error:
        log.warning("the saved %s game cannot be continued (%s); it is set aside", game_id, error)
        user_data.set_aside_game(game_id)
        return Resumed(set_aside=True)
