"""A bot's thinking ring: round its figure in the header, filling clockwise from the top as
its time budget runs (full once it has decided, for the short pause before it acts)."""

from __future__ import annotations

import math

import pygame

from moonlight_desktop.ui import theme
from moonlight_desktop.ui.theme import Color

STEPS = 72
"""Segments in a whole ring: smooth at the header's sizes."""


def _arc(centre: tuple[float, float], radius: float, share: float) -> list[tuple[float, float]]:
    """Points along the ring from the top, clockwise, over `share` of the circle."""
    steps = max(2, math.ceil(STEPS * share))
    return [
        (
            centre[0] + radius * math.sin(math.tau * share * n / steps),
            centre[1] - radius * math.cos(math.tau * share * n / steps),
        )
        for n in range(steps + 1)
    ]


def draw_thinking_ring(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    share: float,
    color: Color,
    width: int,
) -> None:
    """A faint whole track, and over it the part of the budget spent as a band of `color`."""
    share = min(max(share, 0.0), 1.0)
    middle = (round(centre[0]), round(centre[1]))
    pygame.draw.circle(surface, theme.PANEL_BORDER, middle, round(radius), width)
    if share >= 1:
        pygame.draw.circle(surface, color, middle, round(radius), width)
        return
    if share <= 0:
        return
    outer = _arc(centre, radius, share)
    inner = _arc(centre, radius - width, share)
    band = outer + inner[::-1]
    pygame.draw.polygon(surface, color, band)
    pygame.draw.aalines(surface, color, False, outer)
    pygame.draw.aalines(surface, color, False, inner)
