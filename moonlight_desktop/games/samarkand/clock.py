"""The Dean's live clock (S2): how long the countdown stays at each price, by the table's pace.
The table's clock at one computer and the server's online both time the countdown by it."""

from __future__ import annotations

from typing import Any

from moonlight_desktop.engine import Match
from moonlight_desktop.engine.timing import Timeout

from .moves import Wait
from .state import Phase
from .view import SamarkandView

CLOCK_SECONDS = {"normal": 1.4, "slow": 2.4, "fast": 0.8}
"""Seconds the Dean's clock stays at each price, by pace (S2)."""


def countdown_timeout(match: Match[Any], seat: int) -> Timeout | None:
    """The live countdown: a seat that does not say Stop lets the value pass."""
    view = match.view(None)
    if isinstance(view, SamarkandView) and view.phase == Phase.COUNTDOWN and not view.table.sealed:
        pace = match.record.options.get("clock", "normal")
        return Timeout(CLOCK_SECONDS.get(pace, CLOCK_SECONDS["normal"]), Wait())
    return None
