"""Nim as the collection shows it: its gallery card, setup, rules, screen and standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.controller import Timeout
from moonlight_desktop.ui.table.game_ui import (
    RulesSection,
    RulesText,
    Standings,
    StandingsRow,
    seat_looks,
)
from moonlight_desktop.ui.table.looks import draw_badge
from moonlight_desktop.ui.table.setup import SetupSpec

from ..view import NimView
from .painter import LOOKS, LOOKS_BY_ID
from .screen import NimScreen

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

RULES = RulesText(
    "Nim",
    (
        RulesSection(
            "How to play",
            (
                "Three heaps of stones lie on the table: 3, 4 and 5.",
                "On your turn take one stone or more from one heap: click a stone, and it goes"
                " with every stone above it.",
                "Whoever takes the last stone wins.",
            ),
        ),
    ),
)


class NimUI:
    game_id = "nim"
    title = "Nim"
    pitch = "Take stones from one heap a turn; whoever takes the last one wins."
    card_art = "moons/planet_saturn.svg"
    card_looks: tuple[str, ...] = ()
    rules = RULES
    setup = SetupSpec(
        "nim",
        min_seats=2,
        max_seats=2,
        default_seats=2,
        looks=tuple(look.id for look in LOOKS),
        look_titles=tuple(look.title for look in LOOKS),
    )

    def players_label(self) -> str:
        return "2 players"

    def setup_scene(
        self,
        app: App,
        on_start: Callable[[Match[Any]], None],
        rules: Callable[[], Scene],
        learn: Callable[[], None] | None = None,
    ) -> Scene | None:
        return None  # the setup shell with `setup`

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> NimScreen:
        looks = seat_looks(match, [look.id for look in LOOKS], self.title)
        view = match.view(viewer)
        assert isinstance(view, NimView)
        return NimScreen(view, [seat.name for seat in match.seats], looks, sound)

    def draw_look(
        self, surface: pygame.Surface, look: str, centre: tuple[float, float], size: int
    ) -> None:
        draw_badge(surface, LOOKS_BY_ID.get(look), centre, size)

    def look_color(self, look: str) -> tuple[int, int, int]:
        return LOOKS_BY_ID[look].color

    def private_seats(self, match: Match[Any]) -> frozenset[int]:
        return frozenset()  # nothing is hidden

    def timeout(self, match: Match[Any], seat: int) -> Timeout | None:
        return None

    def standings(self, match: Match[Any]) -> Standings:
        scores, winners = match.scores(), set(match.winners())
        rows = tuple(
            StandingsRow(seat, scores[seat], (("last stone", scores[seat]),), seat in winners)
            for seat in sorted(range(2), key=lambda seat: -scores[seat])
        )
        return Standings(rows)


NIM_UI = NimUI()
