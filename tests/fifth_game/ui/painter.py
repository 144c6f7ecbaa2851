"""Nim drawn: the heaps as columns of stones on the board, each seat's row in the panel, and
stones in flight."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui import theme
from moonlight_desktop.ui.table.board import BoardUnits
from moonlight_desktop.ui.table.glow import draw_glow_frame
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.looks import Look, draw_badge
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.rows import SeatRow, draw_seat_row
from moonlight_desktop.ui.table.ui_defaults import LookArt

from ..rules import Take
from .presenter import NimPresenter

WIDTH, HEIGHT = 600.0, 400.0
ASPECT = WIDTH / HEIGHT
STONE = 15.0
"""A stone's radius, in board units."""
STEP = 34.0
"""From one stone of a heap to the next above it."""
LOOKS = (Look("pearl", "Pearl", (226, 224, 240)), Look("amber", "Amber", (226, 160, 74)))
LOOKS_BY_ID = {look.id: look for look in LOOKS}


def draw_look(surface: pygame.Surface, look: str, centre: tuple[float, float], size: int) -> None:
    draw_badge(surface, LOOKS_BY_ID.get(look), centre, size)


def look_color(look: str) -> tuple[int, int, int]:
    return LOOKS_BY_ID[look].color


LOOK_ART = LookArt(draw_look, look_color)


class NimPainter:
    def __init__(self) -> None:
        self.units = BoardUnits(WIDTH)
        self.layout: TableLayout | None = None

    def relayout(self, layout: TableLayout) -> None:
        self.units.relayout(layout)
        self.layout = layout

    def stone_centre(self, heaps: int, heap: int, index: int) -> tuple[float, float]:
        """The board position of stone `index` (0 at the bottom) of `heap`."""
        x = (heap + 0.5) * WIDTH / heaps
        return self.units.to_screen(x, HEIGHT - 40 - index * STEP)

    def point(self, heaps: int, where: Anchor) -> tuple[float, float]:
        assert self.layout is not None, "relayout first"
        kind, first, second = where
        if kind == "seat":
            return self.layout.seats[int(first)].center
        return self.stone_centre(heaps, int(first), int(second))

    def draw_board(
        self, surface: pygame.Surface, presenter: NimPresenter, chosen: Take | None
    ) -> None:
        """The heaps; `chosen` (a take under the pointer) lights the stones it would lift."""
        assert self.layout is not None, "relayout first"
        theme.panel(surface, self.layout.board, alpha=120)
        heaps = presenter.heaps
        for heap, size in enumerate(heaps):
            label = self.stone_centre(len(heaps), heap, -1)
            theme.blit_text(
                surface,
                f"heap {heap + 1}",
                theme.BODY_FONT,
                self.units.text_px(16),
                theme.SILVER,
                "center",
                label,
            )
            for index in range(size):
                lit = chosen is not None and chosen.heap == heap and index >= size - chosen.count
                self._stone(surface, self.stone_centre(len(heaps), heap, index), lit)
        for flight in presenter.flights:
            self._stone(surface, self.point(len(heaps), flight.at), False)

    def _stone(self, surface: pygame.Surface, centre: tuple[float, float], lit: bool) -> None:
        radius = self.units.px(STONE)
        pygame.draw.circle(surface, theme.MOONLIGHT, centre, radius)
        pygame.draw.circle(
            surface, theme.GLOW if lit else theme.PANEL_BORDER, centre, radius, self.units.px(3)
        )

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, name: str, look: Look, acting: bool
    ) -> None:
        assert self.layout is not None, "relayout first"
        draw_seat_row(
            surface,
            self.layout,
            rect,
            SeatRow(name, look.color, acting),
            lambda target, centre, size: draw_badge(target, look, centre, size),
        )

    def draw_hint(
        self, surface: pygame.Surface, heaps: list[int], take: Take, pulse: float
    ) -> None:
        """The stones a hinted (or taught) take would lift, ringed in the glow colour."""
        for index in range(heaps[take.heap] - take.count, heaps[take.heap]):
            x, y = self.stone_centre(len(heaps), take.heap, index)
            reach = self.units.px(STONE) + 4
            ring = pygame.Rect(0, 0, 2 * reach, 2 * reach)
            ring.center = (round(x), round(y))
            draw_glow_frame(surface, ring, pulse, self.units.px)
