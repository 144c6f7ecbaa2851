"""How hard the fuzz suite pushes: quick by default, long with MOONLIGHT_FUZZ=long.

Seeded corpora scale with `scaled(quick, long)`; hypothesis tests use the profile that
tests/conftest.py loads from the same variable.
"""

from __future__ import annotations

import json
import os
from typing import Any

FUZZ_LONG = os.environ.get("MOONLIGHT_FUZZ", "").strip().lower() == "long"


def scaled(quick: int, long: int) -> int:
    """How many cases a seeded corpus runs: `quick` by default, `long` in a long fuzz run."""
    return long if FUZZ_LONG else quick


def json_places(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place below a JSON value, as key/index paths (the value itself is `()`)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += json_places(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += json_places(child, (*prefix, index))
    return found


def json_replaced(data: Any, place: tuple[Any, ...], new: Any) -> Any:
    """A copy of `data` with the value at `place` replaced by `new`."""
    if not place:
        return new
    copy = json.loads(json.dumps(data))
    parent = copy
    for step in place[:-1]:
        parent = parent[step]
    parent[place[-1]] = new
    return copy
