"""Games in progress survive closing the window (or a crash): the board saves the record after
every move, and the gallery offers to continue it. A save is offered only once it has been
restored completely (read, replayed through the Match, and shown by its board); one that fails
any step is logged and set aside as .bad, with a word for the player, never a crash and never
silently overwritten."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from moonlight_desktop.engine import GameRecord, Match, OptionsError, RecordError
from moonlight_desktop.engine.safejson import JsonError
from moonlight_desktop.games.registry import codec_for, game_spec
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.userdata import SET_ASIDE_NOTICE, UserData

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Resumed(Generic[T]):
    """A saved game brought back: what shows it (None: nothing to continue), and a notice for
    the player when a save had to be set aside."""

    shown: T | None = None
    notice: str | None = None


def save_match(user_data: UserData, match: Match[Any], notes: TableNotes | None = None) -> None:
    """Saves the game in progress (and the table's notes beside it); forgets a finished one."""
    if match.is_over():
        user_data.forget_game(match.record.game)
    else:
        user_data.save_game(match.record.game, match.record.dumps())
        if notes is not None:
            user_data.save_notes(match.record.game, notes.dumps())


def saved_notes(user_data: UserData, match: Match[Any]) -> TableNotes:
    """The notes saved beside `match` (a resumed game); hints on and none used when there
    are none, or when they belong to another game (another seed)."""
    notes = TableNotes.from_json(user_data.load_notes(match.record.game))
    if notes.seed != match.record.seed:
        return TableNotes(seed=match.record.seed)
    return notes


def resume_match(user_data: UserData, game_id: str, show: Callable[[Match[Any]], T]) -> Resumed[T]:
    """The saved game in progress, replayed and handed to `show` (which builds what shows it,
    e.g. the board, and raises RecordError or OptionsError for seats it cannot show)."""
    try:
        data = user_data.load_game(game_id)
        if data is None:
            return Resumed()
        record = GameRecord.from_json(data, codec_for)
        if record.game != game_id:
            raise RecordError(f"the file holds a game of {record.game!r}")
        match: Match[Any] = Match(game_spec(game_id).rules, record)
        if match.is_over():  # the app stopped between the last move and forgetting the save
            user_data.forget_game(game_id)
            return Resumed()
        return Resumed(show(match))
    except (JsonError, RecordError, OptionsError) as error:
        log.warning("the saved %s game cannot be continued (%s); it is set aside", game_id, error)
        user_data.set_aside_game(game_id)
        return Resumed(notice=SET_ASIDE_NOTICE)
