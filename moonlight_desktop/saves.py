"""Games in progress survive closing the window (or a crash): the board saves the record after
every move, and the gallery offers to continue it. A saved record is only trusted once it
replays: a corrupt or outdated one is logged and set aside, never a crash."""

from __future__ import annotations

import logging
from typing import Any

from moonlight_desktop.engine import GameRecord, Match, OptionsError, RecordError
from moonlight_desktop.games.registry import codec_for, game_spec
from moonlight_desktop.userdata import UserData

log = logging.getLogger(__name__)


def save_match(user_data: UserData, match: Match[Any]) -> None:
    if match.is_over():
        user_data.forget_game(match.record.game)
    else:
        user_data.save_game(match.record.game, match.record.dumps())


def resume_match(user_data: UserData, game_id: str) -> Match[Any] | None:
    """The saved game in progress, replayed; None when there is none or it cannot be replayed."""
    data = user_data.load_game(game_id)
    if data is None:
        return None
    try:
        record = GameRecord.from_json(data, codec_for)
        if record.game != game_id:
            raise RecordError(f"the file holds a game of {record.game!r}")
        match: Match[Any] = Match(game_spec(game_id).rules, record)
    except (RecordError, OptionsError) as error:
        log.warning("the saved %s game cannot be continued (%s); it is set aside", game_id, error)
        user_data.set_aside_game(game_id)
        return None
    return None if match.is_over() else match
