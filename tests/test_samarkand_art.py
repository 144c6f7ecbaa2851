"""The Samarkand art set is complete, uses only what nanosvg draws, and is usable the way the
table draws it: goods cards told apart by frame colour and by pictogram, a plain light value area
on goods and camel cards, a countdown dial with its 11 ticks where the code prints the numbers,
a plain medallion on the screen, a Dean's seal that reads at 32 px."""

from __future__ import annotations

import colorsys
import itertools
import math
import os
import re
from collections.abc import Callable, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

SAMARKAND = Path(__file__).resolve().parent.parent / "assets" / "samarkand"
GOODS = ["fruits", "jewels", "spices", "textiles", "clothing"]  # GoodsType order
CARDS = [f"goods_{kind}.svg" for kind in GOODS] + ["card_back.svg", "camel.svg", "camel_back.svg"]
VIEWBOXES: dict[str, tuple[int, int]] = {
    **{name: (70, 100) for name in CARDS},
    "coin.svg": (64, 64),
    "coins_stack.svg": (80, 64),
    "merchant_screen.svg": (160, 100),
    "dean.svg": (64, 64),
    "bank.svg": (100, 90),
    "clock_face.svg": (100, 100),
}
EXPECTED = sorted(VIEWBOXES)
# nanosvg ignores the first ones, so none may carry meaning; a dashed stroke can smear a stray
# line across the whole picture (memononen/nanosvg#276), so dotted rings are drawn as dots
BANNED = (
    "<text",
    "<filter",
    "<mask",
    "<style",
    "class=",
    "<use",
    "clip-path",
    "font-family",
    "stroke-dasharray",
)

# Where the code draws on the art, in viewBox units (assets/README.md, "samarkand/")
VALUE_AREA = (14, 68, 56, 86)  # goods and camel cards: the value or capacity is printed here
PICTOGRAM_BOX = (11, 11, 59, 62)  # the upper part of a goods or camel card
FRAME_BAND = (5.5, 6.5, 30, 60)  # x and y range of the left side of a card's coloured frame
CLOCK_CENTRE, TICK_RADIUS, NUMBER_RING = (50.0, 50.0), 38.5, (8.0, 31.5)
SCREEN_MEDALLION, MEDALLION_RADIUS = (80.0, 44.0), 13.0
INK = (26, 26, 46)  # #1A1A2E, the dark ink the code prints on light card areas

Colour = tuple[int, int, int]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()  # left running: other tests in this process share pygame's modules
    yield


def render(name: str, scale: float = 1.0) -> pygame.Surface:
    width, height = VIEWBOXES[name]
    size = (round(width * scale), round(height * scale))
    surface = pygame.image.load_sized_svg(str(SAMARKAND / name), size)
    assert surface.get_size() == size
    return surface


def pixels(
    surface: pygame.Surface, scale: float, keep: Callable[[float, float], bool]
) -> list[pygame.Color]:
    """The pixels whose centres, in viewBox units, pass keep(x, y)."""
    return [
        surface.get_at((x, y))
        for x in range(surface.get_width())
        for y in range(surface.get_height())
        if keep((x + 0.5) / scale, (y + 0.5) / scale)
    ]


def luminance(c: pygame.Color | Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def distance(a: Colour | pygame.Color, b: Colour | pygame.Color) -> float:
    return math.sqrt(sum((a[i] - b[i]) ** 2 for i in range(3)))


def mean(colours: list[pygame.Color]) -> Colour:
    total = [sum(c[i] for c in colours) / len(colours) for i in range(3)]
    return round(total[0]), round(total[1]), round(total[2])


def hue_gap(a: float, b: float) -> float:
    gap = abs(a - b) % 360
    return min(gap, 360 - gap)


def largest_step(surface: pygame.Surface, box: tuple[int, int, int, int]) -> float:
    """The largest colour change between neighbouring pixels inside box: an edge, a mark."""
    left, top, right, bottom = box
    step = 0.0
    for x in range(left, right):
        for y in range(top, bottom):
            here = surface.get_at((x, y))
            step = max(step, distance(here, surface.get_at((x + 1, y))))
            step = max(step, distance(here, surface.get_at((x, y + 1))))
    return step


def scaled(box: tuple[int, int, int, int], scale: float) -> tuple[int, int, int, int]:
    left, top, right, bottom = box
    return round(left * scale), round(top * scale), round(right * scale), round(bottom * scale)


# The set and what every file may use -------------------------------------------------------


def test_the_full_samarkand_set_exists() -> None:
    missing = [name for name in EXPECTED if not (SAMARKAND / name).is_file()]
    assert not missing, f"missing Samarkand art: {missing}"
    extra = sorted(p.name for p in SAMARKAND.iterdir() if p.name not in VIEWBOXES)
    assert not extra, f"Samarkand art this test does not know: {extra}"


@pytest.mark.parametrize("name", EXPECTED)
def test_samarkand_svg_is_small_plain_and_sized(name: str) -> None:
    text = (SAMARKAND / name).read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) < 16 * 1024
    for banned in BANNED:
        assert banned not in text, f"{name} uses {banned}"
    assert "Original art for Moonlight Desktop" in text
    match = re.search(r'viewBox="0 0 (\d+) (\d+)"', text)
    assert match, f"{name} has no viewBox at the origin"
    assert (int(match[1]), int(match[2])) == VIEWBOXES[name]


@pytest.mark.parametrize("scale", [0.5, 2.0])
@pytest.mark.parametrize("name", EXPECTED)
def test_samarkand_svg_renders_a_real_picture(name: str, scale: float) -> None:
    surface = render(name, scale)
    width, height = surface.get_size()
    corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
    assert all(surface.get_at(c).a == 0 for c in corners), f"{name}: opaque outside its shape"
    opaque = pixels(surface, 1.0, lambda x, y: surface.get_at((int(x), int(y))).a >= 200)
    assert len(opaque) >= 0.25 * width * height, f"{name} is mostly empty at {scale}x"
    colours = {(c.r // 16, c.g // 16, c.b // 16) for c in opaque}
    assert len(colours) >= 8, f"{name} is nearly a flat fill at {scale}x"


# Goods cards: frame colour and pictogram ---------------------------------------------------


def frame_colour(kind: str) -> tuple[float, float, Colour]:
    """The hue in degrees and the HLS saturation of the mean colour of the card's frame band
    (its left side, clear of the corner studs), and that mean colour."""
    scale = 2.0
    surface = render(f"goods_{kind}.svg", scale)
    left, right, top, bottom = FRAME_BAND
    band = pixels(surface, scale, lambda x, y: left < x < right and top < y < bottom)
    colour = mean(band)
    hue, _light, saturation = colorsys.rgb_to_hls(*(v / 255 for v in colour))
    return hue * 360, saturation, colour


def test_the_five_goods_differ_by_frame_colour() -> None:
    seen = {kind: frame_colour(kind) for kind in GOODS}
    for kind, (_hue, saturation, _colour) in seen.items():
        assert saturation > 0.3, f"the {kind} frame is not clearly coloured"
    for a, b in itertools.combinations(GOODS, 2):
        gap = hue_gap(seen[a][0], seen[b][0])
        assert gap >= 35, f"{a} and {b} frames: hues only {gap:.0f} degrees apart"
        apart = distance(seen[a][2], seen[b][2])
        assert apart >= 60, f"{a} and {b} frames: colours only {apart:.0f} apart"


def picture_mask(name: str, scale: float = 2.0) -> set[tuple[int, int]]:
    """The pixels of a card's upper part that are not the plain cream face: its picture."""
    surface = render(name, scale)
    plain = surface.get_at((round(35 * scale), round(78 * scale)))  # the value area
    left, top, right, bottom = scaled(PICTOGRAM_BOX, scale)
    return {
        (x, y)
        for x in range(left, right)
        for y in range(top, bottom)
        if distance(surface.get_at((x, y)), plain) > 60
    }


def outline(mask: set[tuple[int, int]]) -> set[tuple[int, int]]:
    return {
        (x, y)
        for x, y in mask
        if any(n not in mask for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
    }


def share_away(a: set[tuple[int, int]], b: set[tuple[int, int]], reach: int) -> float:
    """The share of outline a farther than reach pixels (either axis) from outline b."""
    near = {
        (x + dx, y + dy)
        for x, y in b
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
    }
    return sum(p not in near for p in a) / len(a)


@pytest.mark.parametrize("name", [f"goods_{kind}.svg" for kind in GOODS] + ["camel.svg"])
def test_the_picture_is_large_in_the_upper_part(name: str) -> None:
    scale = 2.0
    mask = picture_mask(name, scale)
    xs = [x / scale for x, _ in mask]
    ys = [y / scale for _, y in mask]
    assert max(xs) - min(xs) >= 36, f"{name}: the picture is narrow"
    assert max(ys) - min(ys) >= 34, f"{name}: the picture is short"
    box_area = (PICTOGRAM_BOX[2] - PICTOGRAM_BOX[0]) * (PICTOGRAM_BOX[3] - PICTOGRAM_BOX[1])
    assert len(mask) / scale**2 >= 0.35 * box_area, f"{name}: the picture is thin"


def test_the_five_goods_differ_by_pictogram() -> None:
    # colour-blind players tell the types apart by the pictogram alone
    masks = {kind: picture_mask(f"goods_{kind}.svg") for kind in GOODS}  # at 2x
    outlines = {kind: outline(mask) for kind, mask in masks.items()}
    for a, b in itertools.combinations(GOODS, 2):
        # a circle and a diamond of the same size cover much the same pixels, so compare the
        # outlines: a good part of one must run well away (1.5 units) from the other
        away = max(share_away(outlines[a], outlines[b], 3), share_away(outlines[b], outlines[a], 3))
        assert away >= 0.3, f"{a} and {b}: pictogram outlines only {away:.0%} apart"
        differ = len(masks[a] ^ masks[b]) / len(masks[a] | masks[b])
        assert differ >= 0.2, f"{a} and {b}: pictograms {differ:.0%} different"


def test_each_pictogram_wears_its_frame_colour() -> None:
    """Colour and shape agree: the pictogram's coloured pixels lean to the frame's hue."""
    scale = 2.0
    for kind in GOODS:
        frame_hue = frame_colour(kind)[0]
        surface = render(f"goods_{kind}.svg", scale)
        east = north = 0.0
        for x, y in picture_mask(f"goods_{kind}.svg", scale):
            c = surface.get_at((x, y))
            hue, light, saturation = colorsys.rgb_to_hls(c.r / 255, c.g / 255, c.b / 255)
            if saturation > 0.35 and 0.2 < light < 0.85:
                east += math.cos(hue * math.tau)
                north += math.sin(hue * math.tau)
        dominant = math.degrees(math.atan2(north, east)) % 360
        gap = hue_gap(dominant, frame_hue)
        assert gap < 30, f"the {kind} pictogram is {gap:.0f} degrees off its frame's hue"


# Where the code prints: value areas, the dial, the screen's medallion ------------------------


@pytest.mark.parametrize("name", [f"goods_{kind}.svg" for kind in GOODS] + ["camel.svg"])
def test_the_value_area_is_plain_and_light(name: str) -> None:
    scale = 2.0
    surface = render(name, scale)
    box = scaled(VALUE_AREA, scale)
    assert largest_step(surface, box) < 10, f"{name}: marks in the value area"
    left, top, right, bottom = VALUE_AREA
    area = pixels(surface, scale, lambda x, y: left < x < right and top < y < bottom)
    assert all(c.a == 255 for c in area)
    assert min(luminance(c) for c in area) > 200, f"{name}: value area too dark for dark ink"
    assert min(distance(c, INK) for c in area) > 150


@pytest.mark.parametrize("name", ["card_back.svg", "camel_back.svg"])
def test_a_back_is_dark_and_busy_where_a_face_is_plain(name: str) -> None:
    scale = 2.0
    surface = render(name, scale)
    assert largest_step(surface, scaled(VALUE_AREA, scale)) > 60
    left, top, right, bottom = 10, 10, 60, 60
    sky = pixels(surface, scale, lambda x, y: left < x < right and top < y < bottom)
    assert luminance(mean(sky)) < 110, f"{name}: not a night-sky back"


def test_the_two_decks_have_different_backs() -> None:
    goods, camels = render("card_back.svg"), render("camel_back.svg")

    def lower_mean(surface: pygame.Surface) -> Colour:
        # the goods back's arch foot and colour diamonds; the camel back's dunes
        return mean(pixels(surface, 1.0, lambda x, y: 10 < x < 60 and 62 < y < 90))

    assert distance(lower_mean(goods), lower_mean(camels)) > 60


def tick_angles(surface: pygame.Surface, scale: float) -> list[float]:
    """The angles (degrees clockwise from the top) of the dark marks crossing the tick radius."""
    cx, cy = CLOCK_CENTRE
    steps = 1440
    dark = []
    for i in range(steps):
        a = math.radians(i * 360 / steps)
        x = (cx + TICK_RADIUS * math.sin(a)) * scale
        y = (cy - TICK_RADIUS * math.cos(a)) * scale
        dark.append(luminance(surface.get_at((int(x), int(y)))) < 130)
    assert not all(dark)
    start = dark.index(False)  # walk the circle from a light point so no run wraps
    runs: list[list[int]] = []
    for k in range(steps):
        i = (start + k) % steps
        if dark[i] and (not runs or not dark[(i - 1) % steps]):
            runs.append([])
        if dark[i]:
            runs[-1].append(start + k)
    return [(sum(run) / len(run)) * 360 / steps % 360 for run in runs]


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_dial_has_eleven_ticks_from_ten_to_zero(scale: float) -> None:
    angles = sorted(tick_angles(render("clock_face.svg", scale), scale))
    assert len(angles) == 11, f"{len(angles)} ticks on the dial at {scale}x"
    # value v sits at (510 - 30 v) mod 360: 10 lower left, 5 at the top, 0 lower right
    expected = sorted((510 - 30 * v) % 360 for v in range(11))
    for got, want in zip(angles, expected, strict=True):
        assert hue_gap(got, want) < 4, f"a tick at {got:.0f} degrees, expected {want}"


def test_the_dial_leaves_a_plain_light_ring_for_the_numbers() -> None:
    scale = 2.0
    surface = render("clock_face.svg", scale)
    cx, cy = CLOCK_CENTRE
    inner, outer = NUMBER_RING

    def in_ring(x: int, y: int) -> bool:
        return inner < math.hypot((x + 0.5) / scale - cx, (y + 0.5) / scale - cy) < outer

    ring = [
        (x, y)
        for x in range(surface.get_width())
        for y in range(surface.get_height())
        if in_ring(x, y)
    ]
    assert min(luminance(surface.get_at(p)) for p in ring) > 200, "too dark for the numbers"
    # no marks: neighbouring pixels barely differ (the face's soft shading only)
    step = max(
        distance(surface.get_at((x, y)), surface.get_at(n))
        for x, y in ring
        for n in ((x + 1, y), (x, y + 1))
        if in_ring(*n)
    )
    assert step < 10, f"a mark where the numbers go (a step of {step:.0f})"


def test_the_screen_has_a_plain_medallion_for_the_crest() -> None:
    scale = 2.0
    surface = render("merchant_screen.svg", scale)
    cx, cy = SCREEN_MEDALLION
    disc = pixels(surface, scale, lambda x, y: math.hypot(x - cx, y - cy) < MEDALLION_RADIUS - 1.5)
    assert min(luminance(c) for c in disc) > 200
    left, top = round((cx - 8) * scale), round((cy - 8) * scale)
    right, bottom = round((cx + 8) * scale), round((cy + 8) * scale)
    assert largest_step(surface, (left, top, right, bottom)) < 10
    # the rest of the screen is the dark tilework that hides the merchant's things
    panels = pixels(surface, scale, lambda x, y: 54 < x < 106 and 66 < y < 86)
    assert luminance(mean(panels)) < 120


# Small pieces at the size the table draws them ----------------------------------------------


def test_the_deans_seal_reads_at_32_px() -> None:
    """A white turban on a dark field inside a gold rim, so it is known at a glance."""
    seal = pygame.image.load_sized_svg(str(SAMARKAND / "dean.svg"), (32, 32))
    inside, rim = [], []
    for x in range(32):
        for y in range(32):
            r = math.hypot(x + 0.5 - 16, y + 0.5 - 16)
            if r < 11:
                inside.append(seal.get_at((x, y)))
            elif 12.5 < r < 14:
                rim.append(seal.get_at((x, y)))
    light = sum(luminance(c) > 170 for c in inside)
    dark = sum(luminance(c) < 70 for c in inside)
    assert light >= 0.25 * len(inside), "no white turban in the middle"
    assert dark >= 0.25 * len(inside), "no dark field round the turban"
    gold = 0
    for c in rim:
        hue, light_level, saturation = colorsys.rgb_to_hls(c.r / 255, c.g / 255, c.b / 255)
        gold += 25 <= hue * 360 <= 55 and saturation > 0.35 and light_level > 0.3
    assert gold >= 0.6 * len(rim), "the seal has no gold rim"


def test_the_dirham_is_silver_in_a_gold_rim() -> None:
    coin = render("coin.svg")
    field, rim = [], []
    for x in range(64):
        for y in range(64):
            r = math.hypot(x + 0.5 - 32, y + 0.5 - 32)
            if 14 < r < 20:
                field.append(coin.get_at((x, y)))
            elif 24 < r < 28:
                rim.append(coin.get_at((x, y)))
    silver = [colorsys.rgb_to_hls(c.r / 255, c.g / 255, c.b / 255) for c in field]
    assert sum(s < 0.3 and light > 0.6 for _h, light, s in silver) >= 0.7 * len(field)
    gold = [colorsys.rgb_to_hls(c.r / 255, c.g / 255, c.b / 255) for c in rim]
    assert sum(25 <= h * 360 <= 55 and s > 0.4 for h, _light, s in gold) >= 0.6 * len(rim)
