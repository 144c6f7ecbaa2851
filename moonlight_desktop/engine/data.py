"""Commands and events: small frozen records that cross from input to rules to animation.

Both serialize to JSON objects with a tag (`cmd` or `event`) and their fields, so a game record
is plain JSON and a replay reads back exactly the commands that were given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, TypeVar

from .errors import RecordError

JsonDict = dict[str, Any]


def to_jsonable(value: Any) -> Any:
    """Tuples (and nested tuples) become lists; ints, strs, bools and None stay as they are."""
    if isinstance(value, tuple | list):
        return [to_jsonable(item) for item in value]
    return value


def from_jsonable(value: Any) -> Any:
    """Lists become tuples again, so decoded records compare equal to the originals."""
    if isinstance(value, list):
        return tuple(from_jsonable(item) for item in value)
    return value


def _tagged(record: Any, tag: str, kind: str) -> JsonDict:
    """A command or event as JSON: its tag (`cmd` or `event`) and every field."""
    data: JsonDict = {tag: kind}
    for field in fields(record):
        data[field.name] = to_jsonable(getattr(record, field.name))
    return data


@dataclass(frozen=True, slots=True)
class Command:
    """A player's (or bot's) intent. Subclasses are frozen dataclasses with a unique `kind`."""

    kind: ClassVar[str] = ""

    def to_json(self) -> JsonDict:
        return _tagged(self, "cmd", self.kind)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, precise enough to animate. Subclasses set a unique `kind`."""

    kind: ClassVar[str] = ""

    def to_json(self) -> JsonDict:
        return _tagged(self, "event", self.kind)

    def seen_by(self, seat: int | None) -> Event:
        """This event as `seat` may see it (None: a spectator). Private events override this."""
        return self


CommandT = TypeVar("CommandT", bound=Command)


class CommandCodec(Generic[CommandT]):
    """Reads a game's commands back from JSON, refusing unknown tags and malformed fields."""

    def __init__(self, classes: Iterable[type[CommandT]]) -> None:
        self._by_kind: dict[str, type[CommandT]] = {cls.kind: cls for cls in classes}

    def decode(self, data: Any) -> CommandT:
        if not isinstance(data, Mapping):
            raise RecordError(f"a command must be a JSON object, not {data!r}")
        kind = data.get("cmd")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._by_kind))
            raise RecordError(f"unknown command {kind!r} (known: {known})")
        names = {field.name for field in fields(cls)}
        given = set(data) - {"cmd"}
        if given != names:
            raise RecordError(f"command {kind!r} needs fields {sorted(names)}, got {sorted(given)}")
        return cls(**{name: from_jsonable(data[name]) for name in names})
