"""Nim drawn: the heaps as columns of stones on the board, each seat's row in the panel, and
stones in flight."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui import theme
from moonlight_desktop.ui.table.board import BoardUnits
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.looks import Look, draw_badge
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.rows import draw_seat_frame

from .presenter import NimPresenter

WIDTH, HEIGHT = 600.0, 400.0
ASPECT = WIDTH / HEIGHT
STONE = 15.0
"""A stone's radius, in board units."""
STEP = 34.0
"""From one stone of a heap to the next above it."""
LOOKS = (Look("pearl", "Pearl", (226, 224, 240)), Look("amber", "Amber", (226, 160, 74)))
LOOKS_BY_ID = {look.id: look for look in LOOKS}


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

    def stone_at(self, heaps: list[int], point: tuple[int, int]) -> tuple[int, int] | None:
        """The heap and index of the stone under `point`, if any."""
        reach = self.units.px(STONE)
        for heap, size in enumerate(heaps):
            for index in range(size):
                x, y = self.stone_centre(len(heaps), heap, index)
                if (point[0] - x) ** 2 + (point[1] - y) ** 2 <= reach**2:
                    return heap, index
        return None

    def draw_board(
        self, surface: pygame.Surface, presenter: NimPresenter, chosen: tuple[int, int] | None
    ) -> None:
        """The heaps; `chosen` (a heap and a stone) lights that stone and those above it."""
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
                lit = chosen is not None and chosen[0] == heap and index >= chosen[1]
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
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        name: str,
        look: Look,
        acting: bool,
    ) -> None:
        assert self.layout is not None, "relayout first"
        draw_seat_frame(surface, self.layout, rect, look.color, acting)
        size = min(rect.height - self.layout.px(12), self.layout.px(40))
        draw_badge(surface, look, (rect.left + self.layout.px(34), rect.centery), size)
        theme.blit_text(
            surface,
            name,
            theme.BODY_FONT,
            max(self.layout.px(18), self.layout.least_text),
            theme.TEXT,
            "midleft",
            (rect.left + self.layout.px(64), rect.centery),
        )
