"""How big the window may be, and a size pygame can always make for any surface we draw on.

Layouts scale with the window, so at extreme sizes (a window 10 px wide, 16000 px tall, or
3000 x 600) their arithmetic can reach zero, negative or enormous sizes. pygame refuses a
negative one ("Invalid resolution for Surface") and an enormous one costs gigabytes. So the
window is held within MIN_WINDOW_SIZE..MAX_WINDOW_SIZE, and every surface, scaled copy and
rasterized drawing takes its size from `surface_size`.
"""

from __future__ import annotations

import math

import pygame

from moonlight_desktop.userdata import MAX_WINDOW_SIZE, MIN_WINDOW_SIZE

__all__ = ["MAX_WINDOW_SIZE", "MIN_WINDOW_SIZE", "new_surface", "surface_size", "window_size"]

MAX_SURFACE_SIDE = 32768
"""Twice the longest side anything we draw needs (the rules text, one tall picture, is about
17200 px at the largest window): a longer side is a size gone wrong."""


def window_size(size: tuple[int, int]) -> tuple[int, int]:
    """`size` held within MIN_WINDOW_SIZE..MAX_WINDOW_SIZE, side by side."""
    return (
        min(max(size[0], MIN_WINDOW_SIZE[0]), MAX_WINDOW_SIZE[0]),
        min(max(size[1], MIN_WINDOW_SIZE[1]), MAX_WINDOW_SIZE[1]),
    )


def surface_size(width: float, height: float) -> tuple[int, int]:
    """A size pygame can always make: each side rounded to 1..MAX_SURFACE_SIDE (NaN: 1)."""
    return _side(width), _side(height)


def _side(length: float) -> int:
    return 1 if math.isnan(length) else round(min(max(length, 1), MAX_SURFACE_SIDE))


def new_surface(size: tuple[float, float], flags: int = 0) -> pygame.Surface:
    """A surface of about `size` (see `surface_size`), e.g. a layer under a laid-out rect."""
    return pygame.Surface(surface_size(*size), flags)
