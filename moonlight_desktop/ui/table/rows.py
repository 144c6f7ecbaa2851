"""The frame of a seat's row in the side panel, the same for every game: a panel, lit gold for
the seat whose turn it is, with the seat's colour as a stripe down its left edge."""

from __future__ import annotations

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
