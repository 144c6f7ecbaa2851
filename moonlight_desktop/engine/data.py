"""Commands and events: small frozen records that cross from input to rules to animation.

Both serialize to JSON objects with a tag (`cmd` or `event`) and their fields, so a game record
is plain JSON and a replay reads back exactly the commands that were given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, TypeVar, get_type_hints

from moonlight_desktop.i18n import N_, _, told

from .errors import IllegalCommand, Reason, RecordError, brief

JsonDict = dict[str, Any]


def to_jsonable(value: Any) -> Any:
    """Tuples (and nested tuples) become lists; ints, strs, bools and None stay as they are."""
    if isinstance(value, tuple | list):
        return [to_jsonable(item) for item in value]
    return value


def to_tuples(value: Any) -> Any:
    """Lists (and nested lists) become tuples: `to_jsonable` undone, for a view read back."""
    if isinstance(value, list):
        return tuple(to_tuples(item) for item in value)
    return value


def _one_level_tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


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

    reveals: ClassVar[bool] = False
    """New facts came out that some seat did not know: a draw, a flip, a secret choice shown; a
    command with such an event cannot be taken back (engine/undo.py)."""

    shows_secret_of: ClassVar[str] = ""
    """For an event that shows a hidden fact of one seat only (a card played face up from its
    hand, a pebble paid from behind its screen): the name of the field holding that seat. It is
    news to every other seat, so only that seat may still take it back. Empty: no such fact."""

    reveal_note: ClassVar[str] = ""
    """Why a command with this event cannot be taken back, one short sentence for the undo
    button's tooltip; `{who}` stands for the seat named by `shows_secret_of`."""

    def to_json(self) -> JsonDict:
        return _tagged(self, "event", self.kind)

    def seen_by(self, seat: int | None) -> Event:
        """This event as `seat` may see it (None: a spectator). Private events override this."""
        return self

    def is_news_to(self, seat: int) -> bool:
        """This event told `seat` something it did not know (so `seat` may not take it back)."""
        if self.reveals:
            return True
        owner_field = self.shows_secret_of
        return bool(owner_field) and getattr(self, owner_field) != seat


CommandT = TypeVar("CommandT", bound=Command)

FieldCheck = Callable[[Any], bool]


FIELD_LIMIT = 2**31
"""Command fields are small numbers (cards, spaces, prices); anything this large is refused
before a rule could try to print it (Python will not print an int of over 4,300 digits)."""


def _is_int(value: Any) -> bool:
    """An int or an IntEnum member (the rules name colours and gems so); never a bool, never a
    float that equals an int, never an absurd size."""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and -FIELD_LIMIT < value < FIELD_LIMIT
    )


def _is_int_tuple(value: Any) -> bool:
    return type(value) is tuple and all(_is_int(item) for item in value)


# Translators: {field} names a command's field ("bid.cushion"); {value} is what it holds instead.
_CHECKS: dict[Any, tuple[FieldCheck, str]] = {
    int: (_is_int, N_("{field} must be a whole number of sane size, not {value}")),
    tuple[int, ...]: (
        _is_int_tuple,
        N_("{field} must be a list of whole numbers of sane size, not {value}"),
    ),
}
"""Each field type's check, and the refusal of a value that fails it."""


FieldChecks = tuple[tuple[str, FieldCheck, str], ...]
_FIELD_CHECKS: dict[type, FieldChecks] = {}
"""Per command class; it holds types only, never a value of any game."""


def _field_checks(cls: type) -> FieldChecks:
    """Each field of a command class with the exact check its annotation asks for."""
    checks = _FIELD_CHECKS.get(cls)
    if checks is None:
        hints = get_type_hints(cls)
        # A field of a type without a check here is a programming error: KeyError at once.
        checks = tuple((field.name, *_CHECKS[hints[field.name]]) for field in fields(cls))
        _FIELD_CHECKS[cls] = checks
    return checks


def mistyped_field(command: Any) -> Reason | None:
    """Why `command` is not a well-typed command (naming the field), or None when it is.

    Commands compare equal across types (`Bid(5.0, 0.0) == Bid(5, 0)`), so being among the
    legal commands proves nothing about the types; this check comes first wherever a command
    enters."""
    if not isinstance(command, Command):
        # Translators: {value} is the data, as written.
        return Reason(N_("{value} is not a command"), {"value": brief(command, 40)})
    for name, check, refusal in _field_checks(type(command)):
        value = getattr(command, name)
        if not check(value):
            return Reason(refusal, {"field": f"{command.kind}.{name}", "value": brief(value, 40)})
    return None


def mistyped_seat(seat: Any) -> Reason | None:
    """Why `seat` is not a seat number (a bool or a float is not), or None when it is one."""
    if type(seat) is not int:
        # Translators: {value} is what the data holds instead, as written in it.
        return Reason(N_("a seat is a whole number, not {value}"), {"value": brief(seat, 40)})
    return None


def refuse_mistyped(seat: Any, command: Any) -> None:
    """IllegalCommand for a seat or a command of the wrong type; the rules call it first."""
    problem = mistyped_seat(seat) or mistyped_field(command)
    if problem is not None:
        raise IllegalCommand.because(problem, command)


class CommandCodec(Generic[CommandT]):
    """Reads a game's commands back from JSON, refusing unknown tags and malformed fields."""

    def __init__(self, classes: Iterable[type[CommandT]]) -> None:
        self._by_kind: dict[str, type[CommandT]] = {cls.kind: cls for cls in classes}

    def decode(self, data: Any) -> CommandT:
        if not isinstance(data, Mapping):
            # Translators: {value} is what the data holds instead, as written in it.
            raise RecordError(
                _("a command must be a JSON object, not {value}").format(value=brief(data, 40))
            )
        kind = data.get("cmd")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._by_kind))
            # Translators: {value} is the command's name as written; {known} lists the names.
            raise RecordError(
                _("unknown command {value} (known: {known})").format(
                    value=brief(kind, 40), known=known
                )
            )
        names = {field.name for field in fields(cls)}
        given = set(data) - {"cmd"}
        if given != names:
            got = ", ".join(brief(name, 20) for name in sorted(map(str, given))[:6])
            # Translators: {command} is a command's name, {fields} its fields, {got} those given.
            raise RecordError(
                _("command {command} needs fields {fields}, got [{got}]").format(
                    command=repr(kind), fields=sorted(names), got=got
                )
            )
        # One level of list -> tuple is all a command field can hold; deeper lists stay lists
        # and fail the type check below.
        command = cls(**{name: _one_level_tuple(data[name]) for name in names})
        problem = mistyped_field(command)
        if problem is not None:
            raise RecordError(told(problem.msgid, problem.params))
        return command
