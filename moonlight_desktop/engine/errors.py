"""Errors that the engine and the games raise for bad input. None of them is a crash."""

from __future__ import annotations

from typing import Any


class IllegalCommand(ValueError):
    """A command the rules refuse. The message names the rule and the command; nothing changed."""

    def __init__(self, rule: str, command: Any) -> None:
        super().__init__(f"{rule} (command: {command!r})")
        self.rule = rule
        self.command = command


class RecordError(ValueError):
    """A game record (or part of one) that cannot be read or replayed."""


class OptionsError(ValueError):
    """Game options, seats or a pinned setup that a game cannot start from."""
