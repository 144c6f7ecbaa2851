"""The Moons art set is complete, uses only what nanosvg draws, and its planets differ by colour."""

from __future__ import annotations

import colorsys
import itertools
import math
import os
import re
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

MOONS = Path(__file__).resolve().parent.parent / "assets" / "moons"
PLANETS = ["jupiter", "saturn", "neptune", "uranus"]
EXPECTED = (
    [f"planet_{p}.svg" for p in PLANETS]
    + [f"token_{p}.svg" for p in PLANETS]
    + ["card_front.svg", "card_back.svg", "asteroid.svg"]
    + ["mini_block.svg", "mini_trade_card.svg", "mini_trade_token.svg", "mini_modifier.svg"]
    + ["earths_moon.svg", "trick_centre.svg"]
)
CARDS = {"card_front.svg", "card_back.svg", "asteroid.svg"}
BANNED = ("<text", "<filter", "<mask", "<style", "class=", "<use", "clip-path", "font-family")


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()  # left running: other tests in this process share pygame's modules
    yield


def test_the_full_moons_set_exists() -> None:
    missing = [name for name in EXPECTED if not (MOONS / name).is_file()]
    assert not missing, f"missing Moons art: {missing}"


@pytest.mark.parametrize("name", EXPECTED)
def test_moons_svg_is_small_plain_and_shaped(name: str) -> None:
    text = (MOONS / name).read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) < 8 * 1024
    # nanosvg ignores these, so none may carry meaning (letters are paths, not text)
    for banned in BANNED:
        assert banned not in text, f"{name} uses {banned}"
    match = re.search(r'viewBox="0 0 (\d+) (\d+)"', text)
    assert match, f"{name} has no viewBox at the origin"
    width, height = int(match[1]), int(match[2])
    if name in CARDS:
        assert (width, height) == (100, 140)  # 5:7
    else:
        assert width == height
    surface = pygame.image.load_sized_svg(str(MOONS / name), (width, height))
    corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
    assert all(surface.get_at(c).a == 0 for c in corners), f"{name}: opaque outside its shape"


def _dominant(name: str) -> tuple[float, tuple[float, float, float]]:
    """The planet's dominant hue in degrees (the circular mean hue of its saturated pixels)
    and the mean colour of its opaque pixels, rendered at 32 px."""
    surface = pygame.image.load_sized_svg(str(MOONS / f"planet_{name}.svg"), (32, 32))
    opaque = [
        surface.get_at((x, y))
        for x in range(surface.get_width())
        for y in range(surface.get_height())
        if surface.get_at((x, y)).a >= 200
    ]
    east = north = 0.0
    for c in opaque:
        hue, light, sat = colorsys.rgb_to_hls(c.r / 255, c.g / 255, c.b / 255)
        if sat > 0.3 and 0.15 < light < 0.9:
            east += math.cos(hue * math.tau)
            north += math.sin(hue * math.tau)
    mean = tuple(sum(c[i] for c in opaque) / len(opaque) for i in range(3))
    return math.degrees(math.atan2(north, east)) % 360, (mean[0], mean[1], mean[2])


def test_the_four_planets_have_clearly_different_dominant_colours_at_32_px() -> None:
    seen = {name: _dominant(name) for name in PLANETS}
    for a, b in itertools.combinations(PLANETS, 2):
        hue_a, mean_a = seen[a]
        hue_b, mean_b = seen[b]
        hue_gap = min(abs(hue_a - hue_b), 360 - abs(hue_a - hue_b))
        distance = sum((mean_a[i] - mean_b[i]) ** 2 for i in range(3)) ** 0.5
        assert hue_gap >= 20, f"{a} and {b}: dominant hues only {hue_gap} degrees apart"
        assert distance >= 40, f"{a} and {b}: mean colours only {distance:.0f} apart"
