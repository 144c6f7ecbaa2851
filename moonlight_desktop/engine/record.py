"""Game records: game id, options, seats, seed, optional pinned setup and the commands.

A record is the whole game: replaying its commands from its seed reproduces every state.
The JSON format is documented in docs/records.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .data import Command, CommandCodec, JsonDict
from .errors import RecordError

FORMAT_VERSION = 1

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
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise RecordError(f"a seat needs a name: {data!r}")
        player = data.get("player", "human")
        level, look = data.get("level"), data.get("look")
        if look is not None and not isinstance(look, str):
            raise RecordError(f"a seat's look is a name: {data!r}")
        if player == "human" and level is None:
            return SeatSpec(data["name"], "human", None, look)
        if player == "bot" and isinstance(level, str):
            return SeatSpec(data["name"], "bot", level, look)
        raise RecordError(f"a seat is a human, or a bot with a level: {data!r}")


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
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT_VERSION:
            raise RecordError(
                f"unsupported record format {data.get('format')!r}"
                f" (this version reads {FORMAT_VERSION})"
            )
        game, options, seats, seed = (data.get(k) for k in ("game", "options", "seats", "seed"))
        setup, commands = data.get("setup"), data.get("commands", [])
        if not isinstance(game, str):
            raise RecordError("the record names no game")
        if not isinstance(options, Mapping):
            raise RecordError("the record's options must be a JSON object")
        if not isinstance(seats, list) or not seats:
            raise RecordError("the record must list its seats")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"the seed must be an integer, not {seed!r}")
        if setup is not None and not isinstance(setup, Mapping):
            raise RecordError("the pinned setup must be a JSON object or null")
        if not isinstance(commands, list):
            raise RecordError("the record's commands must be a list")
        codec: CommandCodec[Command] = codec_for(game)
        moves = []
        for number, entry in enumerate(commands, start=1):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("seat"), int):
                raise RecordError(f"command {number} must be an object with a seat: {entry!r}")
            body = {key: value for key, value in entry.items() if key != "seat"}
            try:
                moves.append(Move(entry["seat"], codec.decode(body)))
            except RecordError as error:
                raise RecordError(f"command {number}: {error}") from None
        return GameRecord(
            game=game,
            options=dict(options),
            seats=tuple(SeatSpec.from_json(seat) for seat in seats),
            seed=seed,
            setup=dict(setup) if setup is not None else None,
            moves=moves,
        )

    @staticmethod
    def load(path: Path, codec_for: Any) -> GameRecord:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"{path} is not valid JSON: {error}") from None
        return GameRecord.from_json(data, codec_for)
