"""Game records: game id, options, seats, seed, optional pinned setup and the commands.

A record is the whole game: replaying its commands from its seed reproduces every state.
The JSON format is documented in docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeGuard

from moonlight_desktop.i18n import _

from .data import Command, CommandCodec, JsonDict, mistyped_seat
from .errors import RecordError, brief
from .safejson import JsonError
from .safejson import load as load_json_file

FORMAT_VERSION = 1

NAME_LIMIT = 40
"""The longest seat name (and look or level name) a record may hold."""

SEED_LIMIT = 2**63
"""Seeds are whole numbers from 0 up to (not including) this."""

COMMAND_LIMIT = 100_000
"""Far more commands than any game takes (a long game is a few thousand)."""

PlayerKind = Literal["human", "bot"]


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits at a seat: a named human, or a bot of some level."""

    name: str
    player: PlayerKind = "human"
    level: str | None = None
    look: str | None = None
    """How the seat appears (a figure or crest name); the rules never read it."""

    def to_json(self) -> JsonDict:
        data: JsonDict = {"name": self.name, "player": self.player}
        if self.level is not None:
            data["level"] = self.level
        if self.look is not None:
            data["look"] = self.look
        return data

    @staticmethod
    def from_json(data: Any) -> SeatSpec:
        if not isinstance(data, Mapping):
            # Translators: {value} is what the file holds instead, as written in it.
            raise RecordError(
                _("a seat must be a JSON object, not {value}").format(value=brief(data, 40))
            )
        unknown = set(data) - {"name", "player", "level", "look"}
        if unknown:
            # Translators: {field} is a field's name as written in the file.
            raise RecordError(
                _("a seat has no field {field}").format(field=brief(sorted(unknown)[0], 40))
            )
        name, player = data.get("name"), data.get("player", "human")
        level, look = data.get("level"), data.get("look")
        for part, value in (("name", name), ("level", level), ("look", look)):
            if value is not None and not _is_short_text(value):
                # Translators: {field} is a field's name as written in the file (name, level, look).
                raise RecordError(
                    _("a seat's {field} is a text of 1 to {limit} characters").format(
                        field=part, limit=NAME_LIMIT
                    )
                )
        if not isinstance(name, str):
            # Translators: {value} is the seat as written in the file.
            raise RecordError(_("a seat needs a name: {value}").format(value=brief(data, 60)))
        if player == "human" and level is None:
            return SeatSpec(name, "human", None, look)
        if player == "bot" and isinstance(level, str):
            return SeatSpec(name, "bot", level, look)
        # Translators: {value} is the seat as written in the file.
        raise RecordError(
            _("a seat is a human, or a bot with a level: {value}").format(value=brief(data, 60))
        )


def checked_seed(seed: Any) -> int:
    """`seed` if it is a whole number from 0 to 2**63 - 1, else RecordError."""
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        # Translators: {value} is what the file holds instead, as written in it.
        raise RecordError(
            _("the seed must be a whole number from 0 to 2**63 - 1, not {value}").format(
                value=brief(seed)
            )
        )
    return seed


def _is_short_text(value: Any) -> TypeGuard[str]:
    return type(value) is str and 1 <= len(value) <= NAME_LIMIT and value.isprintable()


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of a record: which seat gave which command."""

    seat: int
    command: Command

    def to_json(self) -> JsonDict:
        return {"seat": self.seat, **self.command.to_json()}


@dataclass(slots=True)
class GameRecord:
    game: str
    options: JsonDict
    seats: tuple[SeatSpec, ...]
    seed: int
    setup: JsonDict | None = None
    moves: list[Move] = field(default_factory=list)

    def to_json(self) -> JsonDict:
        return {
            "format": FORMAT_VERSION,
            "game": self.game,
            "options": self.options,
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.seed,
            "setup": self.setup,
            "commands": [move.to_json() for move in self.moves],
        }

    def dumps(self) -> str:
        """JSON for people too: one line per top-level field and one per command."""
        data = self.to_json()
        commands = data.pop("commands")
        fields = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
        body = ",\n".join(f"    {json.dumps(command)}" for command in commands)
        fields.append('  "commands": [\n' + body + "\n  ]" if commands else '  "commands": []')
        return "{\n" + ",\n".join(fields) + "\n}\n"

    @staticmethod
    def from_json(data: Any, codec_for: Any) -> GameRecord:
        """Reads a record; `codec_for(game_id)` gives that game's CommandCodec (or raises)."""
        if not isinstance(data, Mapping):
            raise RecordError(_("a record must be a JSON object"))
        if data.get("format") != FORMAT_VERSION:
            # Translators: {format} is the file's format number, {supported} the one we read.
            raise RecordError(
                _("unsupported record format {format} (this version reads {supported})").format(
                    format=brief(data.get("format")), supported=FORMAT_VERSION
                )
            )
        unknown = set(data) - {"format", "game", "options", "seats", "seed", "setup", "commands"}
        if unknown:
            # Translators: {field} is a field's name as written in the file.
            raise RecordError(
                _("a record has no field {field}").format(field=brief(sorted(unknown)[0], 40))
            )
        game, options, seats, seed = (data.get(k) for k in ("game", "options", "seats", "seed"))
        setup, commands = data.get("setup"), data.get("commands", [])
        if not _is_short_text(game):
            raise RecordError(_("the record names no game"))
        if not isinstance(options, Mapping):
            raise RecordError(_("the record's options must be a JSON object"))
        if not isinstance(seats, list) or not 1 <= len(seats) <= 8:
            raise RecordError(_("the record must list its seats (1 to 8)"))
        if setup is not None and not isinstance(setup, Mapping):
            raise RecordError(_("the pinned setup must be a JSON object or null"))
        if not isinstance(commands, list) or len(commands) > COMMAND_LIMIT:
            raise RecordError(
                _("the record's commands must be a list of at most {limit}").format(
                    limit=COMMAND_LIMIT
                )
            )
        codec: CommandCodec[Command] = codec_for(game)
        moves = []
        for number, entry in enumerate(commands, start=1):
            if not isinstance(entry, Mapping) or mistyped_seat(entry.get("seat")) is not None:
                # Translators: {number} counts the file's commands from 1; {value} is the command.
                raise RecordError(
                    _("command {number} must be an object with a seat number: {value}").format(
                        number=number, value=brief(entry, 60)
                    )
                )
            body = {key: value for key, value in entry.items() if key != "seat"}
            try:
                moves.append(Move(entry["seat"], codec.decode(body)))
            except RecordError as error:
                # Translators: {number} counts the file's commands from 1; {problem} says why.
                raise RecordError(
                    _("command {number}: {problem}").format(number=number, problem=error)
                ) from None
        return GameRecord(
            game=game,
            options=dict(options),
            seats=tuple(SeatSpec.from_json(seat) for seat in seats),
            seed=checked_seed(seed),
            setup=dict(setup) if setup is not None else None,
            moves=moves,
        )

    @staticmethod
    def load(path: Path, codec_for: Any) -> GameRecord:
        try:
            data = load_json_file(path)
        except JsonError as error:
            # Translators: {path} is a file's path; {problem} says what is wrong with it.
            raise RecordError(
                _("{path}: {problem}").format(path=brief(str(path), 80), problem=error)
            ) from None
        return GameRecord.from_json(data, codec_for)
