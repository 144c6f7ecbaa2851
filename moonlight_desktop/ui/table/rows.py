"""A seat's row in the side panel, started the same way in every game: a panel, lit gold for
the seat the table waits for, with the seat's colour as a stripe down its left edge, its figure
or crest and its name; the game's painter fills the rest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from moonlight_desktop.ui import theme

from .layout import TableLayout


def draw_seat_frame(
    surface: pygame.Surface,
    layout: TableLayout,
    rect: pygame.Rect,
    color: tuple[int, int, int],
    acting: bool,
) -> None:
    theme.panel(
        surface,
        rect,
        alpha=215,
        border=theme.GOLD if acting else theme.PANEL_BORDER,
        width=layout.px(3 if acting else 2),
    )
    stripe = pygame.Rect(
        rect.left, rect.top + layout.px(8), layout.px(5), max(1, rect.height - layout.px(16))
    )
    pygame.draw.rect(surface, color, stripe, border_radius=layout.px(3))


def draw_seat_row(
    surface: pygame.Surface,
    layout: TableLayout,
    rect: pygame.Rect,
    row: SeatRow,
    figure: Callable[[pygame.Surface, tuple[float, float], int], None],
) -> pygame.Rect:
    """A seat's row as every game starts it: the frame, the seat's figure or crest at the left
    (`figure(surface, centre, size)`) and its name beside it, fitted to `row.name_room`
    design pixels short of the right edge. Returns the room under the name for the game's own
    facts (scores, counts, what the seat is doing)."""
    draw_seat_frame(surface, layout, rect, row.color, row.acting)
    size = min(layout.px(44), rect.height - layout.px(10))
    figure(surface, (rect.left + layout.px(30), rect.centery), size)
    left = rect.left + layout.px(58)
    width = rect.right - layout.px(row.name_room) - left
    name, fitted = theme.fit(row.name, theme.BOLD_FONT, layout.px(17), width, layout.px(13))
    # Above the middle, but never over the top of a row shrunk for the log.
    middle = max(
        rect.centery - layout.px(8), rect.top + theme.line_step(theme.BOLD_FONT, fitted) / 2
    )
    theme.blit_text(surface, name, theme.BOLD_FONT, fitted, theme.TEXT, "midleft", (left, middle))
    top = rect.centery + layout.px(2)
    return pygame.Rect(left, top, rect.right - left, rect.bottom - top)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """What a seat's row says before the game's own facts."""

    name: str
    color: tuple[int, int, int]
    acting: bool
    """The table waits for this seat (`TableContext.waiting`): its row is lit gold."""
    name_room: int = 8
    """Design pixels kept free at the right of the name (for a badge of the game's)."""
