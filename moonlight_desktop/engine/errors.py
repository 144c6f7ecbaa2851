"""Errors that the engine and the games raise for bad input. None of them is a crash."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from moonlight_desktop.i18n import _, told

BRIEF_LIMIT = 60


def brief(value: Any, limit: int = BRIEF_LIMIT) -> str:
    """`repr(value)` short enough for a one-line message, whatever the value holds (a 10 MB
    string, an integer too long for Python to print, a list nested a thousand deep)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # int digits beyond the conversion limit; deep nesting
        # Translators: {kind} is a Python type's name (int, list), in a message about a file.
        text = _("<a {kind} too large to show>").format(kind=type(value).__name__)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class IllegalCommand(ValueError):
    """A command the rules refuse. The message names the rule and the command; nothing changed.

    The rule is a sentence for the player: its English as marked (`msgid`, with `N_`) and what
    fills its named placeholders (`params`), so that a game server, which speaks no player's
    language, sends it for each window to tell in its own; `rule` is it in the language of
    the moment. `str()` is the English, with the command, for the logs."""

    def __init__(self, rule: str, command: Any, **params: str | int) -> None:
        english = rule.format(**params) if params else rule
        super().__init__(f"{english} (command: {brief(command, 120)})")
        self.msgid = rule
        self.params = params
        self.command = command

    @classmethod
    def because(cls, reason: Reason, command: Any) -> IllegalCommand:
        """The refusal of `command` for `reason` (a rules helper's answer)."""
        return cls(reason.msgid, command, **reason.params)

    @property
    def rule(self) -> str:
        return told(self.msgid, self.params)


@dataclass(frozen=True)
class Reason:
    """Why the rules refuse a command, in no language: the sentence's English as marked with
    `N_` (`msgid`) and what fills its named placeholders (`params`), for the rules' helpers to
    hand to `IllegalCommand`, which tells it in the language of whoever reads it."""

    msgid: str
    params: Mapping[str, str | int] = field(default_factory=dict)


class RecordError(ValueError):
    """A game record (or part of one) that cannot be read or replayed."""


class OptionsError(ValueError):
    """Game options, seats or a pinned setup that a game cannot start from."""
