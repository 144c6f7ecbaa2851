"""The log in words: the one interface through which every game turns events into sentences.
No pygame: a narrator's lines are checked headless, and the same lines serve live play, a
resumed game's log and a replay."""

from __future__ import annotations

from typing import Protocol

from moonlight_desktop.engine import Event

from .controller import Played
from .presenter import LogLine


class Narrator(Protocol):
    """A game's narrator: what the log says of each event, and of what a command did that none
    of its events tells. It sees only what the seat at the screen sees (events arrive redacted)."""

    def describe(self, event: Event) -> list[LogLine]:
        """The log lines for one event."""
        ...

    def summarize(self, played: Played) -> list[LogLine]:
        """The log lines for what a command did that none of its events tells (e.g. that it
        ended a turn with nothing gained)."""
        ...
