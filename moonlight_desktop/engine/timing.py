"""Timed decisions: a seat that must decide within a time limit, and what is played for it when
the time runs out. The table's clock (at one computer) and the server's (online) both ask the
game's `TimeoutRule`, so a timed decision means the same on every path."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .data import Command
from .match import Match


@dataclass(frozen=True, slots=True)
class Timeout:
    """A decision with a time limit: after `seconds` of table time, `default` is submitted."""

    seconds: float
    default: Command


TimeoutRule = Callable[[Match[Any], int], Timeout | None]
"""For a seat in `to_act`: its time limit now, or None for as long as it likes."""


def untimed(match: Match[Any], seat: int) -> Timeout | None:
    """No decision is timed (most games)."""
    return None
