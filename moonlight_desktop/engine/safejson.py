"""JSON from files a user or an attacker may have touched: never anything but a value or one error.

`json.loads` alone can raise UnicodeDecodeError, RecursionError, ValueError for an integer of
thousands of digits, and accepts NaN and Infinity, which no game state or setting can hold.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from moonlight_desktop.i18n import _

MAX_DEPTH = 64
"""Deeper than any file the app writes (records and saves nest four levels at most)."""

MAX_BYTES = 16 * 1024 * 1024
"""Far above any record the app writes (a long game is some tens of kilobytes)."""


class JsonError(ValueError):
    """A file or text that is not the JSON the app reads; the message says why in a few words."""


def _refuse_constant(name: str) -> Any:
    # Translators: {value} is a word of the file (NaN, Infinity).
    raise JsonError(_("{value} is not a number the app can use").format(value=name))


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as infinity
        raise JsonError(_("{value} is too large a number").format(value=text[:20]))
    return value


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _nesting_exceeds(text: str) -> bool:
    """A scan before parsing (the parser itself recurses): brackets outside strings deeper
    than MAX_DEPTH."""
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def loads(data: str | bytes) -> Any:
    """The JSON value in `data`, or JsonError. Bytes must be UTF-8."""
    if len(data) > MAX_BYTES:
        raise JsonError(_("larger than {size} MB").format(size=MAX_BYTES // (1024 * 1024)))
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            # Translators: {byte} is where in the file, counted in bytes.
            raise JsonError(_("not UTF-8 text (byte {byte})").format(byte=error.start)) from None
    if _nesting_exceeds(data):
        raise JsonError(_("nested deeper than {depth} levels").format(depth=MAX_DEPTH))
    try:
        return json.loads(data, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as error:
        raise JsonError(
            _("not valid JSON (line {line}, column {column})").format(
                line=error.lineno, column=error.colno
            )
        ) from None
    except JsonError:
        raise
    except (ValueError, RecursionError):  # e.g. an integer of thousands of digits
        raise JsonError(_("holds a number too long to read")) from None


def load(path: Path) -> Any:
    """The JSON value in the file at `path`; JsonError also for a file that cannot be read."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        # Translators: {problem} is the system's own words for what went wrong.
        raise JsonError(
            _("cannot be read ({problem})").format(problem=error.strerror or type(error).__name__)
        ) from None
    return loads(data)
