"""Where on the desktop the window may go: the display's usable area (without taskbars, docks
and panels), the window sizes that fit in it, and where a window of a size stands in it.

pygame-ce does not pass on SDL's `SDL_GetDisplayUsableBounds`, so it is called in the SDL
library pygame has loaded (found among the process's libraries or beside pygame's package);
where that cannot be done, the desktop's whole size less a guess at a taskbar stands in.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import sys
from functools import cache
from pathlib import Path

import pygame

from .sizes import window_size

log = logging.getLogger(__name__)

TITLE_BAR = 40
"""Pixels a window manager adds above a window's drawing area (its title bar)."""
TASKBAR_GUESS = 48
"""Pixels of the desktop's height taken by a taskbar, when the usable area cannot be asked."""
PRESETS: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080))
"""The window sizes Settings offers, where the desktop has room for them."""
NO_DESKTOP_DRIVERS = frozenset({"dummy", "offscreen"})
"""SDL's video drivers without a desktop to fit on (tests, the smoke test)."""


def usable_area() -> pygame.Rect | None:
    """The part of the first display a window may use, in desktop coordinates; None where
    there is no desktop (a headless driver)."""
    try:
        if pygame.display.get_driver() in NO_DESKTOP_DRIVERS:
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    asked = _asked_usable_area()
    if asked is not None:
        return asked
    if not sizes:
        return None
    width, height = sizes[0]
    return pygame.Rect(0, 0, width, max(1, height - TASKBAR_GUESS))


def room(area: pygame.Rect) -> tuple[int, int]:
    """The largest drawing area a window has in `area`, its title bar above it."""
    return area.width, max(1, area.height - TITLE_BAR)


def fitting(size: tuple[int, int], area: pygame.Rect) -> tuple[int, int]:
    """`size` when a window of it fits in `area`; else the largest 16:9 window that does (no
    smaller than the smallest window there is, on a desktop too small even for that)."""
    width, height = room(area)
    if size[0] <= width and size[1] <= height:
        return window_size(size)
    fitted = min(width, height * 16 // 9)
    return window_size((fitted, fitted * 9 // 16))


def offered_sizes(area: pygame.Rect | None) -> list[tuple[int, int]]:
    """The window sizes to offer: the presets that fit in `area` (all of them without a
    desktop), or, on a desktop too small for any, the largest 16:9 window that fits."""
    if area is None:
        return list(PRESETS)
    width, height = room(area)
    fitting_presets = [size for size in PRESETS if size[0] <= width and size[1] <= height]
    return fitting_presets or [fitting(PRESETS[0], area)]


def centred(size: tuple[int, int], area: pygame.Rect) -> tuple[int, int]:
    """Where a window of `size` stands centred in `area` (its drawing area's top left, below
    its title bar)."""
    width, height = room(area)
    return (
        area.left + max(0, (width - size[0]) // 2),
        area.top + TITLE_BAR + max(0, (height - size[1]) // 2),
    )


def kept_inside(
    position: tuple[int, int], size: tuple[int, int], area: pygame.Rect
) -> tuple[int, int]:
    """`position` moved just enough for a window of `size` to stand inside `area` (its title
    bar too); a window larger than the area keeps its top left corner on it."""
    left = min(position[0], area.right - size[0])
    top = min(position[1], area.bottom - size[1])
    return max(left, area.left), max(top, area.top + TITLE_BAR)


# Asking SDL ---------------------------------------------------------------------------------


class _SdlRect(ctypes.Structure):
    _fields_ = [(name, ctypes.c_int) for name in ("x", "y", "w", "h")]


def _asked_usable_area() -> pygame.Rect | None:
    """SDL's usable bounds of the first display, or None when they cannot be asked."""
    library = _sdl_library()
    if library is None:
        return None
    bounds = _SdlRect()
    try:
        failed = library.SDL_GetDisplayUsableBounds(0, ctypes.byref(bounds))
    except (AttributeError, OSError):
        return None
    if failed or bounds.w <= 0 or bounds.h <= 0:
        return None
    return pygame.Rect(bounds.x, bounds.y, bounds.w, bounds.h)


@cache
def _sdl_library() -> ctypes.CDLL | None:
    """The SDL 2 library pygame runs on (the very one: its video is set up), or None."""
    for candidate in _sdl_candidates():
        with contextlib.suppress(OSError):
            library = ctypes.CDLL(candidate)
            if hasattr(library, "SDL_GetDisplayUsableBounds"):
                return library
    log.info("SDL's usable display area cannot be asked; the desktop's size stands in")
    return None


def _sdl_candidates() -> list[str]:
    """Where pygame's SDL library may be: among the libraries this process has loaded (Linux),
    beside pygame's package (its wheels and a frozen bundle), or by its name (Windows finds a
    loaded library so)."""
    found: list[str] = []
    with contextlib.suppress(OSError), open("/proc/self/maps", encoding="utf-8") as maps:
        found += sorted({line.split()[-1] for line in maps if "/libSDL2-2" in line})
    package = Path(pygame.__file__).parent
    for folder in (package, package / ".dylibs", package.parent / "pygame_ce.libs"):
        for pattern in ("SDL2.dll", "libSDL2-2*.dylib", "libSDL2-2*.so*"):
            found += sorted(str(path) for path in folder.glob(pattern))
    if sys.platform == "win32":
        found.append("SDL2")
    return found
