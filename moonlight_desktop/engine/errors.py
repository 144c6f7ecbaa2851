"""Errors that the engine and the games raise for bad input. None of them is a crash."""

from __future__ import annotations

from typing import Any

BRIEF_LIMIT = 60


def brief(value: Any, limit: int = BRIEF_LIMIT) -> str:
    """`repr(value)` short enough for a one-line message, whatever the value holds (a 10 MB
    string, an integer too long for Python to print, a list nested a thousand deep)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # int digits beyond the conversion limit; deep nesting
        text = f"<a {type(value).__name__} too large to show>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class IllegalCommand(ValueError):
    """A command the rules refuse. The message names the rule and the command; nothing changed."""

    def __init__(self, rule: str, command: Any) -> None:
        super().__init__(f"{rule} (command: {brief(command, 120)})")
        self.rule = rule
        self.command = command


class RecordError(ValueError):
    """A game record (or part of one) that cannot be read or replayed."""


class OptionsError(ValueError):
    """Game options, seats or a pinned setup that a game cannot start from."""
