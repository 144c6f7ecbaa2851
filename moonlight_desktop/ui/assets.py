"""Art and sound, located from the bundle (never the working directory) and cached per size.

SVG sources are rasterized at the size they are drawn at, so everything stays crisp at any
window size; each (file, size) pair is rasterized once.
"""

from __future__ import annotations

import logging
from functools import lru_cache

import pygame

from moonlight_desktop.paths import assets_dir

from .sizes import surface_size

log = logging.getLogger(__name__)


@lru_cache(maxsize=512)
def image(name: str, width: int, height: int) -> pygame.Surface:
    """assets/<name> rasterized to fit (width, height), keeping the drawing's proportions."""
    path = assets_dir() / name
    surface = pygame.image.load_sized_svg(str(path), surface_size(width, height))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


@lru_cache(maxsize=64)
def sound(name: str) -> pygame.mixer.Sound | None:
    """assets/sounds/<name>.wav, or None when there is no audio device (then play silently)."""
    if not pygame.mixer.get_init():
        return None
    try:
        return pygame.mixer.Sound(str(assets_dir() / "sounds" / f"{name}.wav"))
    except (pygame.error, FileNotFoundError) as error:
        log.warning("sound %s unavailable: %s", name, error)
        return None
