"""Nim's log in words, through the kit's one narrator interface."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.log_icons import DISCARD, WIN
from moonlight_desktop.ui.table.presenter import LogLine

from ..rules import Took, Won


def stones(count: int) -> str:
    return "a stone" if count == 1 else f"{count} stones"


class NimNarrator:
    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)

    def describe(self, event: Event) -> list[LogLine]:
        if isinstance(event, Took):
            name = self.names[event.seat]
            text = f"{name} takes {stones(event.count)} from heap {event.heap + 1}."
            return [LogLine(text, event.seat, DISCARD)]
        if isinstance(event, Won):
            return [LogLine(f"{self.names[event.seat]} wins.", event.seat, WIN)]
        return []

    def summarize(self, played: Played) -> list[LogLine]:
        return []
