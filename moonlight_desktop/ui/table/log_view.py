"""The side panel's log: the whole game in words, newest at the bottom, scrollable with the
mouse wheel. Each entry has its seat's colour as a bar beside it, so a glance finds one
player's lines, and an icon of its kind (log_icons), so a glance finds the payments, the
scores or the turns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.ui import theme

from .layout import TableLayout
from .log_icons import ICON_SIZE, draw_icon
from .presenter import LogLine

TEXT_SIZE = 14


class SeatColors(Protocol):
    def seat_color(self, seat: int) -> tuple[int, int, int]: ...


@dataclass(frozen=True, slots=True)
class LogMargin:
    """The log's left margin at one size, in x from the window's left: the seat's bar, the
    icon's column, then where the text starts."""

    bar_left: int
    bar_width: int
    icon_left: int
    icon_size: int
    text_left: int

    @staticmethod
    def of(rect: pygame.Rect, layout: TableLayout) -> LogMargin:
        pad = layout.px(10)
        bar_width = max(2, layout.px(3))
        # Never below 10 px: a smaller glyph is a smudge (the text keeps its 8 px floor).
        icon_size = max(10, layout.px(ICON_SIZE))
        icon_left = rect.left + pad + bar_width + max(2, layout.px(4))
        return LogMargin(
            rect.left + pad,
            bar_width,
            icon_left,
            icon_size,
            icon_left + icon_size + max(3, layout.px(6)),
        )


class LogView:
    def __init__(self) -> None:
        self.offset = 0
        """Rows scrolled back from the newest (0: the newest row is at the bottom)."""

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
        frame: bool = True,
    ) -> None:
        """The log in `rect`, as many rows as fit, the newest (or those scrolled back to) at
        the bottom: an entry longer than the log shows the rows that fit, and scrolls.
        `frame`: on a panel of its own (False: the caller drew one)."""
        if frame:
            theme.panel(surface, rect, radius=layout.px(10))
        size, pad = layout.px(TEXT_SIZE), layout.px(10)
        margin = LogMargin.of(rect, layout)
        width = rect.right - pad - margin.text_left
        # (entry number, its line, this row's text, the entry's first row?)
        rows: list[tuple[int, LogLine, str, bool]] = [
            (entry, line, text, n == 0)
            for entry, line in enumerate(log)
            for n, text in enumerate(theme.wrap(line.text, theme.BODY_FONT, size, max(width, 1)))
        ]
        step = max(round(size * 1.3), margin.icon_size + 1)
        fits = max(0, (rect.height - 2 * pad) // step)
        # Scrolled back, the last row says that newer ones are below (over none of them).
        scrolled_room = max(min(fits, 1), fits - 1)
        self.offset = min(self.offset, max(0, len(rows) - scrolled_room))
        room = scrolled_room if self.offset else fits
        end = len(rows) - self.offset
        shown = rows[max(0, end - room) : end]
        # The icon sits on the middle of the first row's capitals (Lato's are 0.72 em high),
        # not of its line box, whose descent would set it low.
        icon_middle = theme.body(size).get_ascent() - round(size * 0.36)
        top = rect.top + pad
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))  # a scrolled view: its rows go on past its edges
        for index, (_entry, line, text, first) in enumerate(shown):
            y = top + index * step
            if first or index == 0:
                self._seat_bar(surface, shown, index, y, step, margin, line, colors)
            if first:
                box = pygame.Rect(margin.icon_left, 0, margin.icon_size, margin.icon_size)
                box.centery = y + icon_middle
                draw_icon(surface, line.icon, box)
            theme.blit_text(
                surface, text, theme.BODY_FONT, size, theme.SILVER, "topleft", (margin.text_left, y)
            )
        if self.offset and room < fits:
            theme.blit_text(
                surface,
                _("newer lines below"),
                theme.BODY_FONT,
                size,
                theme.GOLD,
                "topright",
                (rect.right - pad, top + room * step),
            )
        surface.set_clip(clip)

    @staticmethod
    def _seat_bar(
        surface: pygame.Surface,
        shown: list[tuple[int, LogLine, str, bool]],
        index: int,
        y: int,
        step: int,
        margin: LogMargin,
        line: LogLine,
        colors: SeatColors,
    ) -> None:
        """The seat's colour beside the whole entry (all its rows on show), a little shorter
        than its rows so two entries of one seat stay two."""
        if line.seat is None:
            return
        entry = shown[index][0]
        rows = 1
        while index + rows < len(shown) and shown[index + rows][0] == entry:
            rows += 1
        inset = max(1, step // 8)
        bar = pygame.Rect(margin.bar_left, y + inset, margin.bar_width, rows * step - 2 * inset)
        pygame.draw.rect(surface, colors.seat_color(line.seat), bar, border_radius=bar.width)
