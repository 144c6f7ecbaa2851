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

__all__ = [
    "BASE_SIZE",
    "MAX_WINDOW_SIZE",
    "MIN_WINDOW_SIZE",
    "new_surface",
    "smallest_window",
    "surface_size",
    "window_size",
]

BASE_SIZE = (1280, 720)
"""The design size every layout is drawn in, scaled to the window (`theme.ui_scale`)."""

MAX_SURFACE_SIDE = 32768
"""Twice the longest side anything we draw needs (the rules text, one tall picture, is about
17200 px at the largest window): a longer side is a size gone wrong."""


def smallest_window(ui_scale: float = 1.0) -> tuple[int, int]:
    """The smallest window at the UI scale setting `ui_scale`: one the design fits in at that
    scale (1.5: 1920 x 1080), so nothing is drawn smaller. 100% asks for nothing more than
    MIN_WINDOW_SIZE: the interface follows the window, as it always did (a laptop whose
    screen has no room for 1280 x 720 keeps a window that fits)."""
    if ui_scale <= 1.0:
        return MIN_WINDOW_SIZE
    return round(BASE_SIZE[0] * ui_scale), round(BASE_SIZE[1] * ui_scale)


def window_size(size: tuple[int, int], least: tuple[int, int] = MIN_WINDOW_SIZE) -> tuple[int, int]:
    """`size` held within `least` (`smallest_window`)..MAX_WINDOW_SIZE, side by side."""
    return (
        min(max(size[0], least[0]), MAX_WINDOW_SIZE[0]),
        min(max(size[1], least[1]), MAX_WINDOW_SIZE[1]),
    )


def surface_size(width: float, height: float) -> tuple[int, int]:
    """A size pygame can always make: each side rounded to 1..MAX_SURFACE_SIDE (NaN: 1)."""
    return _side(width), _side(height)


def _side(length: float) -> int:
    return 1 if math.isnan(length) else round(min(max(length, 1), MAX_SURFACE_SIDE))


def new_surface(size: tuple[float, float], flags: int = 0) -> pygame.Surface:
    """A surface of about `size` (see `surface_size`), e.g. a layer under a laid-out rect."""
    return pygame.Surface(surface_size(*size), flags)
