"""Art and sound, located from the bundle (never the working directory) and cached per size.

SVG sources are rasterized at the size they are drawn at, so everything stays crisp at any
window size; each (file, size) pair is rasterized once.
"""

from __future__ import annotations

import logging
import os
import zlib
from functools import lru_cache
from pathlib import Path

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


KEPT_PER_DRAWING = 3
"""Rasters kept for one drawing (a window resized often would otherwise fill the folder)."""

raster_folder: Path | None = None
"""Where `kept_image` keeps its rasters (the app sets its cache folder); None: nowhere."""


@lru_cache(maxsize=8)
def kept_image(name: str, width: int, height: int) -> pygame.Surface:
    """As `image`, for a large drawing on the first screen (the title backdrop): its raster is
    kept in `raster_folder`, since loading the PNG takes a fifth of rasterizing the SVG
    (7 ms against 29 at 1280x720). A kept raster that cannot be read, or does not fit the
    size as the drawing would, is made again; a folder that cannot be written only costs
    the time."""
    size = surface_size(width, height)
    kept = _kept_path(name, size)
    if kept is not None:
        loaded = _load_kept(kept, size)
        if loaded is not None:
            return loaded.convert_alpha() if pygame.display.get_surface() else loaded
    surface = image(name, width, height)
    if kept is not None:
        _keep(surface, kept)
    return surface


def _kept_path(name: str, size: tuple[int, int]) -> Path | None:
    """The raster's file: named by the drawing, the size, and a checksum of the drawing and
    the library that rasterizes it (a changed drawing or a new pygame is never mistaken;
    zlib's CRC, as build.spec leaves OpenSSL's hashes out)."""
    if raster_folder is None:
        return None
    try:
        source = (assets_dir() / name).read_bytes()
    except OSError:
        return None
    digest = f"{zlib.crc32(source + pygame.version.ver.encode()):08x}{len(source):x}"
    stem = Path(name).stem
    return raster_folder / f"{stem}-{size[0]}x{size[1]}-{digest}.png"


def _load_kept(path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    try:
        surface = pygame.image.load(str(path))
    except (pygame.error, OSError, ValueError):
        return None  # none yet, or unreadable: made again
    width, height = surface.get_size()
    fits = width <= size[0] and height <= size[1] and (width == size[0] or height == size[1])
    return surface if fits else None


def _keep(surface: pygame.Surface, path: Path) -> None:
    """Writes the raster beside its older sizes (written whole, then renamed, so a reader
    never meets half a file), keeping the newest few."""
    part = path.with_name(f"{path.stem}.part{os.getpid()}.png")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(part))
        os.replace(part, path)
        drawing = path.name.rsplit("-", 2)[0]
        older = sorted(
            path.parent.glob(f"{drawing}-*.png"), key=lambda p: p.stat().st_mtime, reverse=True
        )
        for stale in older[KEPT_PER_DRAWING:]:
            stale.unlink()
    except (pygame.error, OSError) as error:
        log.info("could not keep %s: %s", path.name, error)


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
