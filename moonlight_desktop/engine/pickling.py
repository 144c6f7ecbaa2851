"""Pickling for classes that mypyc compiles (scripts/compile_rules.py) and that travel to
another process: a Hard bot and the view it decides from go to a worker with each decision.

A compiled class is made only through its `__init__`, and a compiled frozen dataclass refuses
the attribute-by-attribute restore that pickle does by default. So such a class registers a
reducer with `copyreg` that rebuilds it through its constructor: a frozen dataclass from its
fields, any other class from stand-in arguments and then its whole state. The same reducers
serve the plain Python classes, so both builds pickle alike."""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from dataclasses import fields
from typing import Any

Reduced = tuple[Any, ...]


def pickle_by_fields(*classes: type) -> None:
    """Frozen dataclasses: rebuilt by calling the class with their `init` fields."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)


def _by_fields(obj: Any) -> Reduced:
    return type(obj), tuple(getattr(obj, field.name) for field in fields(obj) if field.init)


def pickle_by_state(cls: type, stand_in: Callable[[Any], tuple[Any, ...]]) -> None:
    """Other classes: built from `stand_in(obj)`'s arguments, then given `obj`'s whole state
    (every attribute, so the stand-ins leave no trace)."""

    def reduce(obj: Any) -> Reduced:
        return type(obj), stand_in(obj), obj.__getstate__()

    copyreg.pickle(cls, reduce)


def pickle_as_new(cls: type) -> None:
    """Classes that keep nothing but a cache: rebuilt new, with no arguments (the cache is
    worked out again where it is needed, and never travels)."""
    copyreg.pickle(cls, _as_new)


def _as_new(obj: Any) -> Reduced:
    return type(obj), ()
