"""`moonlight-desktop online-bot`: a bot that takes a free person's seat of an online table by
its code and plays it from this process, to the game's end.

It decides as a bot at a table does (`Bot.choose(view, legal, budget)`), from the view the
server sends its seat, read back with the game's `view_from_json`, and the legal commands read
with the game's codec: it knows no more than a person in that seat. A bad address, a wrong
code or a full table is a UsageError: one line, exit status 2. No pygame.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import ConnectionClosed, WebSocketException

from moonlight_desktop.engine import Bot, RecordError
from moonlight_desktop.engine.game import GameSpec
from moonlight_desktop.engine.record import SEED_LIMIT
from moonlight_desktop.game_list import GAMES, game_spec
from moonlight_desktop.usage import UsageError

from .client import SeatTable, ServerRefused, TableClient
from .protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError, Refused
from .room import TOO_LATE

BUDGET_SECONDS = 1.0
"""Seconds a searching bot thinks, as the server's own bots do."""
PATIENCE_SECONDS = 24 * 3600.0
"""How long the bot waits for the table to move (people may take their time) before it
gives up."""
NAME_LIMIT = 40


@dataclass(frozen=True, slots=True)
class OnlineBotOptions:
    server: str
    room: str
    level: str = "normal"
    name: str | None = None
    """The name the table shows (default: "Normal bot" for the normal level)."""


def play_online(options: OnlineBotOptions, say: Callable[[str], None] = print) -> str:
    """Joins the table, says so, plays its seat until the game ends; what to print then."""
    room = options.room.strip().upper()
    if len(room) != CODE_LENGTH or room.strip(CODE_ALPHABET):
        raise UsageError(f"--room must be a code of {CODE_LENGTH} letters and digits")
    levels = sorted({level for spec in GAMES.values() for level in spec.bots})
    if options.level not in levels:  # checked before a seat is taken that no bot could play
        raise UsageError(f"--level must be one of {', '.join(levels)}")
    name = options.name if options.name is not None else f"{options.level.capitalize()} bot"
    if not 1 <= len(name) <= NAME_LIMIT:
        raise UsageError(f"--name must be 1 to {NAME_LIMIT} characters")
    try:
        return asyncio.run(_play_online(options.server, room, options.level, name, say))
    except ServerRefused as refusal:
        raise UsageError(f"the server refused: {refusal}") from None
    except ConnectionClosed:
        raise UsageError(f"the server at {options.server} closed the connection") from None
    except (OSError, WebSocketException, ProtocolError, TimeoutError) as error:
        reason = str(error) or type(error).__name__  # a failed handshake may say nothing
        raise UsageError(f"cannot play at {options.server}: {reason}") from None


async def _play_online(
    server: str, room: str, level: str, name: str, say: Callable[[str], None]
) -> str:
    client = await TableClient.connect(server)
    try:
        table = await client.join(room, name)
        spec = game_spec(table.game)
        bot = spec.bot(level, secrets.randbelow(SEED_LIMIT))
        if table.seat is None:  # a join always seats; never only watching
            raise RecordError("the server gave no seat")
        say(f"Joined table {room} ({spec.rules.title}) in seat {table.seat + 1} as {name}")
        await _play_seat(client, table, spec, bot)
        return _outcome(table)
    finally:
        await client.close()


async def _play_seat(client: TableClient, table: SeatTable, spec: GameSpec, bot: Bot) -> None:
    """Decides whenever the seat is asked, on a thread (the connection keeps answering the
    server meanwhile), from the host's start until nobody is to act. A move refused for being
    late is decided again on the table that overtook it; one refused otherwise ends the bot's
    play (it would only be refused again)."""
    decided_at: int | None = None
    while table.to_act or not table.started:
        if table.seat in table.to_act and table.legal and decided_at != table.seq:
            view = spec.rules.view_from_json(table.view)
            legal = [spec.codec.decode(command) for command in table.legal]
            command = await asyncio.to_thread(bot.choose, view, legal, BUDGET_SECONDS)
            decided_at = table.seq
            await client.play(table.room, command.to_json())
        message = await client.receive(timeout=PATIENCE_SECONDS)
        if isinstance(message, Refused) and message.msgid == TOO_LATE:
            decided_at = None
        elif isinstance(message, Refused) and table.seq == decided_at:
            raise RecordError(f"the server refused the bot's move: {message.reason}")


def _outcome(table: SeatTable) -> str:
    """The end as the last game-over event told it: the winners, and the scores when it
    gives them; else only that the game is over."""
    over = [event for events in table.history for event in events if _is_game_over(event)]
    if not over:
        return "The game is over."
    winners = [_name(table, seat) for seat in over[-1]["winners"] if type(seat) is int]
    if not winners:
        return "The game is over."
    line = f"The game is over: {' and '.join(winners)} won"
    scores = over[-1].get("scores")
    if isinstance(scores, list):
        line += f" (scores {', '.join(map(str, scores))})"
    return line + "."


def _name(table: SeatTable, seat: int) -> str:
    """A seat's name at the table; a position past the seats (Market's automata) by number."""
    return table.seats[seat].name if 0 <= seat < len(table.seats) else f"position {seat + 1}"


def _is_game_over(event: dict[str, Any]) -> bool:
    return event.get("event") == "game_over" and isinstance(event.get("winners"), list)
