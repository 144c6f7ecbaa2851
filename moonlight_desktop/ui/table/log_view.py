"""The side panel's log: the whole game in words, newest at the bottom, scrollable with the
mouse wheel. Each line carries its seat's colour as a mark, so a glance finds one player."""

from __future__ import annotations

from typing import Protocol

import pygame

from moonlight_desktop.ui import theme

from .layout import TableLayout
from .presenter import LogLine

TEXT_SIZE = 14


class SeatColors(Protocol):
    def seat_color(self, seat: int) -> tuple[int, int, int]: ...


class LogView:
    def __init__(self) -> None:
        self.offset = 0
        """Lines scrolled back from the newest (0: the newest line is at the bottom)."""

    def scroll(self, notches: int) -> None:
        """Mouse wheel: up (positive) looks back."""
        self.offset = max(0, self.offset + notches * 3)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        log: list[LogLine],
        layout: TableLayout,
        colors: SeatColors,
    ) -> None:
        theme.panel(surface, rect, radius=layout.px(10))
        size, pad = layout.px(TEXT_SIZE), layout.px(10)
        mark = layout.px(6)
        width = rect.width - 2 * pad - mark - layout.px(6)
        rows: list[tuple[LogLine, str, bool]] = [
            (line, text, n == 0)
            for line in log
            for n, text in enumerate(theme.wrap(line.text, theme.BODY_FONT, size, max(width, 1)))
        ]
        step = round(size * 1.3)
        fits = max(1, (rect.height - 2 * pad) // step)
        self.offset = min(self.offset, max(0, len(rows) - fits))
        end = len(rows) - self.offset
        shown = rows[max(0, end - fits) : end]
        while shown and not shown[0][2]:
            shown = shown[1:]  # never the tail of an entry without its beginning...
        if not shown:  # ...unless the entry is longer than the log: then its beginning
            start = max(n for n in range(end) if rows[n][2]) if end else 0
            shown = rows[start : start + fits]
        y = rect.top + pad
        for line, text, first in shown:
            if line.seat is not None and first:
                centre = (rect.left + pad + mark // 2, y + step // 2)
                pygame.draw.circle(surface, colors.seat_color(line.seat), centre, mark // 2 + 1)
            theme.blit_text(
                surface,
                text,
                theme.BODY_FONT,
                size,
                theme.SILVER,
                "topleft",
                (rect.left + pad + mark + layout.px(6), y),
            )
            y += step
        if self.offset:
            theme.blit_text(
                surface,
                "▼ newer below",
                theme.BODY_FONT,
                layout.px(12),
                theme.GOLD,
                "bottomright",
                (rect.right - pad, rect.bottom - layout.px(4)),
            )
