"""Small declared schemas for a game's options and pinned setup: every value is checked by type
and range before a game reads it, so no file or command line can hand the rules a float, a bool,
a list where a name belongs or a number of 5,000 digits.

Each game declares its schemas once (in its table module); the Match checks through the game's
`normalize_options` and pinned-setup reader, and the CLI and the setup screens use the same
declarations. A failed check is an OptionsError whose message names the field.

A view's JSON, read back in another process (a bot playing a seat through the network), is
checked the same way against its game's view schema (`read_view`, in each game's view module);
there a failed check is a RecordError, as for any data received.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from moonlight_desktop.i18n import _

from .data import to_tuples
from .errors import OptionsError, RecordError, brief


class Schema(Protocol):
    def check(self, value: Any, where: str) -> Any:
        """`value` if it fits (objects completed with their defaults), else OptionsError."""
        ...


def _refuse(where: str, expected: str, value: Any) -> OptionsError:
    """`expected` is one of the phrases below, in the language of the moment."""
    # Translators: {field} names a field as a file writes it ("options.seats[2]"); {expected}
    # is a phrase saying what it must be ("a whole number from 1 to 5"); {value} what it holds.
    return OptionsError(
        _("{field} must be {expected}, not {value}").format(
            field=where, expected=expected, value=brief(value, 40)
        )
    )


@dataclass(frozen=True, slots=True)
class Int:
    """A whole number (never a bool or a float) from `low` to `high`."""

    low: int
    high: int

    def check(self, value: Any, where: str) -> int:
        if type(value) is not int or not self.low <= value <= self.high:
            expected = _("a whole number from {low} to {high}").format(low=self.low, high=self.high)
            raise _refuse(where, expected, value)
        return value


@dataclass(frozen=True, slots=True)
class Bool:
    def check(self, value: Any, where: str) -> bool:
        if type(value) is not bool:
            raise _refuse(where, _("true or false"), value)
        return value


@dataclass(frozen=True, slots=True)
class OneOf:
    """One of a few names."""

    names: tuple[str, ...]

    def check(self, value: Any, where: str) -> str:
        if type(value) is not str or value not in self.names:
            shown = ", ".join(self.names[:6]) + (", ..." if len(self.names) > 6 else "")
            # Translators: {names} lists the names a value may be.
            raise _refuse(where, _("one of {names}").format(names=shown), value)
        return value


@dataclass(frozen=True, slots=True)
class NameOf:
    """One of the names of `members`, which `check` returns as the member it names (a
    phase, a link...)."""

    members: Mapping[str, Any]

    def check(self, value: Any, where: str) -> Any:
        return self.members[OneOf(tuple(self.members)).check(value, where)]


def lower_names(enum: type[Enum]) -> dict[str, Any]:
    """An enum's members by their names in lower case, as views and states write a phase."""
    return {member.name.lower(): member for member in enum}


@dataclass(frozen=True, slots=True)
class Text:
    """A string of `low` to `high` characters, each from `alphabet` when one is given."""

    low: int
    high: int
    alphabet: str = ""

    def check(self, value: Any, where: str) -> str:
        expected = _("a text of {low} to {high} characters").format(low=self.low, high=self.high)
        if type(value) is not str or not self.low <= len(value) <= self.high:
            raise _refuse(where, expected, value)
        if self.alphabet and value.strip(self.alphabet):
            # Translators: {low} and {high} count characters; {letters} are those allowed.
            expected = _("a text of {low} to {high} characters from {letters}").format(
                low=self.low, high=self.high, letters=repr(self.alphabet)
            )
            raise _refuse(where, expected, value)
        return value


@dataclass(frozen=True, slots=True)
class Nullable:
    """`inner`, or null."""

    inner: Schema

    def check(self, value: Any, where: str) -> Any:
        return None if value is None else self.inner.check(value, where)


@dataclass(frozen=True, slots=True)
class AnyOf:
    """A value that fits one of `choices`, tried in order (a path position holds jewels, the
    magic tile or nothing)."""

    choices: tuple[Schema, ...]
    expected: str
    """What the value must be, as a phrase marked with `N_` ("jewels or the magic tile")."""

    def check(self, value: Any, where: str) -> Any:
        for choice in self.choices:
            try:
                return choice.check(value, where)
            except OptionsError:
                continue
        raise _refuse(where, _(self.expected), value)


@dataclass(frozen=True, slots=True)
class ListOf:
    """A list of `low` to `high` items, each fitting `item`."""

    item: Schema
    low: int
    high: int

    def check(self, value: Any, where: str) -> list[Any]:
        if type(value) is not list or not self.low <= len(value) <= self.high:
            expected = _("a list of {low} to {high} items").format(low=self.low, high=self.high)
            raise _refuse(where, expected, value)
        return [self.item.check(entry, f"{where}[{index}]") for index, entry in enumerate(value)]


def per_seat(item: Schema, seats: int) -> ListOf:
    """One `item` for each of `seats` seats (or positions)."""
    return ListOf(item, seats, seats)


@dataclass(frozen=True, slots=True)
class Entry:
    """One field of an Object: its schema and, when it may be left out, its default."""

    schema: Schema
    default: Any = None
    required: bool = False


@dataclass(frozen=True, slots=True)
class Object:
    """A JSON object with known fields only; missing optional fields take their defaults."""

    fields: Mapping[str, Entry] = field(default_factory=dict)

    def check(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _refuse(where, _("a JSON object"), value)
        unknown = [name for name in value if name not in self.fields]
        if unknown:
            known = ", ".join(self.fields) or _("none")
            # Translators: {field} names the object ("options"), {name} the unknown field,
            # {known} lists the fields it may have.
            raise OptionsError(
                _("{field}: unknown field {name} (known: {known})").format(
                    field=where, name=brief(unknown[0], 40), known=known
                )
            )
        return {name: _field(name, entry, value, where) for name, entry in self.fields.items()}

    def salvage(self, value: Any, where: str) -> tuple[dict[str, Any], list[str]]:
        """Field by field: each field that fits is kept, any other takes its default (a
        required field has none: it stays out). For remembered choices, where one bad field
        must not cost the others; the problems come back as messages for the log."""
        if not isinstance(value, dict):
            problems, value = [str(_refuse(where, _("a JSON object"), value))], {}
        else:
            problems = [
                f"{where}: unknown field {brief(n, 40)}" for n in value if n not in self.fields
            ]
        kept: dict[str, Any] = {}
        for name, entry in self.fields.items():
            try:
                kept[name] = _field(name, entry, value, where)
            except OptionsError as error:
                problems.append(str(error))
                if not entry.required:
                    kept[name] = fresh(entry.default)
        return kept, problems


def _field(name: str, entry: Entry, value: dict[str, Any], where: str) -> Any:
    """One field of an object: checked when given, its default when optional and left out."""
    if name in value:
        return entry.schema.check(value[name], f"{where}.{name}")
    if entry.required:
        # Translators: {field} names an object as a file writes it; {name} a field's name.
        raise OptionsError(_("{field} needs the field {name}").format(field=where, name=repr(name)))
    return fresh(entry.default)  # never share a default list


def fresh(value: Any) -> Any:
    """A copy of a JSON value (a default): its lists and objects new, its scalars shared."""
    if isinstance(value, list):
        return [fresh(item) for item in value]
    if isinstance(value, dict):
        return {key: fresh(item) for key, item in value.items()}
    return value


def all_required(fields: Mapping[str, Schema]) -> Object:
    """An object whose every field must be given: what a view's JSON holds."""
    return Object({name: Entry(schema, required=True) for name, schema in fields.items()})


def read_view(
    data: Any,
    seats: Int,
    schema_for: Callable[[int], Object],
    game: str,
    counted_by: str = "seats",
) -> dict[str, Any]:
    """A view's JSON (its `to_json`, received from another process) checked against the schema
    for the seat count it names, with its lists as tuples; RecordError saying what is wrong.
    The count is the field `counted_by` (every view says its `seats`; Market counts its
    positions, automata included); the schema holds the other fields."""
    if not isinstance(data, dict):
        # Translators: {game} is a game's id; {value} what the data holds instead.
        raise RecordError(
            _("a {game} view must be a JSON object, not {value}").format(
                game=game, value=brief(data, 40)
            )
        )
    try:
        count = seats.check(data.get(counted_by), f"view.{counted_by}")
        rest = {name: value for name, value in data.items() if name != counted_by}
        checked = schema_for(count).check(rest, "view")
    except OptionsError as error:
        # Translators: {game} is a game's id; {problem} says what is wrong.
        raise RecordError(
            _("not a {game} view: {problem}").format(game=game, problem=error)
        ) from None
    return {counted_by: count} | {name: to_tuples(value) for name, value in checked.items()}
