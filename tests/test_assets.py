"""The shipped art and fonts load with pygame-ce, headless."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SVGS = sorted(ASSETS.rglob("*.svg"))
FONTS = ["EBGaramond12-Regular.otf", "Lato-Regular.ttf", "Lato-Bold.ttf"]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()  # left running: other tests in this process share pygame's modules
    yield


def test_there_is_art_to_check() -> None:
    names = {p.name for p in SVGS}
    for expected in ("icon.svg", "title_backdrop.svg", "castle.svg", "slider.svg", "magician.svg"):
        assert expected in names


@pytest.mark.parametrize("path", SVGS, ids=lambda p: str(p.relative_to(ASSETS)))
def test_svg_rasterizes_to_visible_pixels(path: Path) -> None:
    surface = pygame.image.load_sized_svg(str(path), (64, 64))
    assert surface.get_width() > 0 and surface.get_height() > 0
    assert max(surface.get_size()) == 64
    # get_bounding_rect() spans the pixels with any alpha: empty means fully transparent
    assert surface.get_bounding_rect().width > 0, f"{path.name} rendered fully transparent"


@pytest.mark.parametrize("name", FONTS)
def test_font_loads_and_renders(name: str) -> None:
    font = pygame.font.Font(str(ASSETS / "fonts" / name), 24)
    text = font.render("Moonlight Castle 0123456789", True, (243, 233, 198))
    assert text.get_width() > 100
    assert text.get_bounding_rect().width > 0


@pytest.mark.parametrize("name", ["OFL-EBGaramond.txt", "OFL-Lato.txt"])
def test_font_licences_ship(name: str) -> None:
    text = (ASSETS / "fonts" / name).read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Copyright" in text
