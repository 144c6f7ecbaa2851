"""The Moonlight Market art set is complete, uses only what nanosvg draws, and is usable the way
the table draws it: gem links told apart by colour and by shape, a plain value area on the
right of each link, halves that can be joined, plain fields on the cushions and the card face."""

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

MARKET = Path(__file__).resolve().parent.parent / "assets" / "market"
GEMS = ["blue", "red", "white", "green", "yellow"]
CHROMATIC = ["blue", "red", "green", "yellow"]  # white is told apart by having no hue
LINKS = [f"link_{gem}.svg" for gem in GEMS] + [
    "link_hammer.svg",
    "link_seal.svg",
    "link_worthless.svg",
]
VIEWBOXES: dict[str, tuple[int, int]] = {
    **{name: (120, 80) for name in LINKS},
    "link_doubling_overlay.svg": (40, 40),
    **{f"gem_{gem}.svg": (64, 64) for gem in GEMS},
    "cushion.svg": (200, 180),
    "cushion_moon.svg": (200, 240),
    "card_front.svg": (70, 100),
    "card_back.svg": (70, 100),
    "seal.svg": (64, 64),
    "start_coin.svg": (100, 100),
    "casket.svg": (100, 90),
    "supply_bag.svg": (100, 110),
    "prestige_marker.svg": (64, 64),
    "dirk.svg": (100, 100),
    "beate.svg": (100, 100),
}
EXPECTED = sorted(VIEWBOXES)
# nanosvg ignores the first ones, so none may carry meaning (the x2 mark is strokes, not text);
# a dashed stroke can smear a stray line across the whole picture (memononen/nanosvg#276), so
# the set draws its stitches and dotted rings as shapes
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

# Where the code draws on the art, in viewBox units (assets/README.md, "market/")
FACE_LEFT_CAP, FACE_RIGHT_CAP, FACE_MID_Y, FACE_RADIUS = 38.0, 82.0, 39.0, 25.0
VALUE_AREA_LEFT = 62.0  # the face right of this is plain: the value is printed there
SEAM = 60.0  # the two-gem links join a left half and a right half here
CUSHION_FIELDS = {"cushion.svg": (32, 32, 168, 148), "cushion_moon.svg": (32, 60, 168, 208)}
CARD_CENTRE = (14, 20, 56, 80)

Colour = tuple[int, int, int]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()  # left running: other tests in this process share pygame's modules
    yield


def render(name: str, scale: float = 1.0) -> pygame.Surface:
    width, height = VIEWBOXES[name]
    size = (round(width * scale), round(height * scale))
    surface = pygame.image.load_sized_svg(str(MARKET / name), size)
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


def luminance(c: pygame.Color) -> float:
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b


def spread(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def distance(a: Colour | pygame.Color, b: Colour | pygame.Color) -> float:
    return math.sqrt(sum((a[i] - b[i]) ** 2 for i in range(3)))


def in_face(x: float, y: float, inset: float = 3.0) -> bool:
    """Inside a link's face (the stadium x 13..107, y 14..64), kept clear of its rim."""
    nearest = min(max(x, FACE_LEFT_CAP), FACE_RIGHT_CAP)
    return math.hypot(x - nearest, y - FACE_MID_Y) <= FACE_RADIUS - inset


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


# The set and what every file may use -------------------------------------------------------


def test_the_full_market_set_exists() -> None:
    missing = [name for name in EXPECTED if not (MARKET / name).is_file()]
    assert not missing, f"missing Market art: {missing}"
    extra = sorted(p.name for p in MARKET.glob("*.svg") if p.name not in VIEWBOXES)
    assert not extra, f"Market art this test does not know: {extra}"


@pytest.mark.parametrize("name", EXPECTED)
def test_market_svg_is_small_plain_and_sized(name: str) -> None:
    text = (MARKET / name).read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) < 16 * 1024
    for banned in BANNED:
        assert banned not in text, f"{name} uses {banned}"
    assert "Original art for Moonlight Desktop" in text
    match = re.search(r'viewBox="0 0 (\d+) (\d+)"', text)
    assert match, f"{name} has no viewBox at the origin"
    assert (int(match[1]), int(match[2])) == VIEWBOXES[name]


@pytest.mark.parametrize("scale", [0.5, 2.0])
@pytest.mark.parametrize("name", EXPECTED)
def test_market_svg_renders_a_real_picture(name: str, scale: float) -> None:
    surface = render(name, scale)
    width, height = surface.get_size()
    corners = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)]
    assert all(surface.get_at(c).a == 0 for c in corners), f"{name}: opaque outside its shape"
    opaque = pixels(surface, 1.0, lambda x, y: surface.get_at((int(x), int(y))).a >= 200)
    assert len(opaque) >= 0.25 * width * height, f"{name} is mostly empty at {scale}x"
    colours = {(c.r // 16, c.g // 16, c.b // 16) for c in opaque}
    assert len(colours) >= 8, f"{name} is nearly a flat fill at {scale}x"


# The gem links: colour and shape -----------------------------------------------------------


def link_colour(gem: str) -> tuple[float, float, Colour]:
    """The link's dominant hue in degrees (circular mean over clearly coloured pixels), the
    share of such pixels, and the mean colour of its opaque pixels."""
    surface = render(f"link_{gem}.svg")
    opaque = [
        c
        for c in pixels(surface, 1.0, lambda x, y: True)
        if c.a >= 200  # the outline's anti-aliasing does not count
    ]
    east = north = 0.0
    coloured = 0
    for c in opaque:
        if (max(c.r, c.g, c.b) - min(c.r, c.g, c.b)) / 255 > 0.25:
            hue = colorsys.rgb_to_hsv(c.r / 255, c.g / 255, c.b / 255)[0]
            east += math.cos(hue * math.tau)
            north += math.sin(hue * math.tau)
            coloured += 1
    mean = tuple(round(sum(c[i] for c in opaque) / len(opaque)) for i in range(3))
    hue = math.degrees(math.atan2(north, east)) % 360
    return hue, coloured / len(opaque), (mean[0], mean[1], mean[2])


def test_the_five_gem_links_differ_by_colour() -> None:
    seen = {gem: link_colour(gem) for gem in GEMS}
    for a, b in itertools.combinations(CHROMATIC, 2):
        gap = abs(seen[a][0] - seen[b][0])
        gap = min(gap, 360 - gap)
        assert gap >= 30, f"{a} and {b} links: dominant hues only {gap:.0f} degrees apart"
    for gem in CHROMATIC:
        assert seen[gem][1] >= 0.3, f"the {gem} link is not clearly {gem}"
    assert seen["white"][1] <= 0.15, "the white link is not white (too much colour)"
    for a, b in itertools.combinations(GEMS, 2):
        apart = distance(seen[a][2], seen[b][2])
        assert apart >= 35, f"{a} and {b} links: mean colours only {apart:.0f} apart"


def gem_mask(gem: str, scale: float = 2.0) -> set[tuple[int, int]]:
    """The pixels of a link's face that are not the plain face: its gem picture."""
    surface = render(f"link_{gem}.svg", scale)
    plain = surface.get_at((round(84 * scale), round(FACE_MID_Y * scale)))
    return {
        (x, y)
        for x in range(surface.get_width())
        for y in range(surface.get_height())
        if in_face((x + 0.5) / scale, (y + 0.5) / scale)
        and distance(surface.get_at((x, y)), plain) > 40
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


def test_the_five_gem_links_differ_by_the_shape_of_their_gem() -> None:
    masks = {gem: gem_mask(gem) for gem in GEMS}  # at 2x
    for gem, mask in masks.items():
        assert len(mask) > 1600, f"the {gem} link shows no gem"
    outlines = {gem: outline(mask) for gem, mask in masks.items()}
    for a, b in itertools.combinations(GEMS, 2):
        # a circle and a rectangle of the same size cover much the same pixels, so compare
        # the outlines: a good part of one must run well away (1.5 units) from the other
        away = max(share_away(outlines[a], outlines[b], 3), share_away(outlines[b], outlines[a], 3))
        assert away >= 0.3, f"{a} and {b} links: gem outlines only {away:.0%} apart"
        differ = len(masks[a] ^ masks[b]) / len(masks[a] | masks[b])
        assert differ >= 0.15, f"{a} and {b} links: gem pictures {differ:.0%} different"


def test_the_five_gems_alone_differ_by_shape() -> None:
    masks = {}
    for gem in GEMS:
        surface = render(f"gem_{gem}.svg")
        masks[gem] = {
            (x, y) for x in range(64) for y in range(64) if surface.get_at((x, y)).a >= 128
        }
    for a, b in itertools.combinations(GEMS, 2):
        differ = len(masks[a] ^ masks[b]) / len(masks[a] | masks[b])
        assert differ >= 0.2, f"gem_{a} and gem_{b}: outlines only {differ:.0%} different"


# The link art's two halves -----------------------------------------------------------------


@pytest.mark.parametrize("name", LINKS)
def test_a_link_outline_is_symmetric_so_halves_join(name: str) -> None:
    surface = render(name, 2.0)
    width, height = surface.get_size()
    same = sum(
        (surface.get_at((x, y)).a >= 128) == (surface.get_at((width - 1 - x, y)).a >= 128)
        for x in range(width)
        for y in range(height)
    )
    assert same >= 0.995 * width * height, f"{name}: left and right outlines differ"


@pytest.mark.parametrize("gem", GEMS)
def test_the_gem_is_in_the_left_half_and_the_value_area_is_plain(gem: str) -> None:
    scale = 2.0
    surface = render(f"link_{gem}.svg", scale)
    value_area = pixels(surface, scale, lambda x, y: x >= VALUE_AREA_LEFT and in_face(x, y))
    gem_side = pixels(surface, scale, lambda x, y: x < SEAM and in_face(x, y))
    value_spread = spread([luminance(c) for c in value_area])
    gem_spread = spread([luminance(c) for c in gem_side])
    assert gem_spread > 6 * value_spread, f"link_{gem}: the gem is not on the left"
    assert value_spread < 8, f"link_{gem}: the value area is not plain"
    # light enough for the value in dark ink (#1A1A2E)
    assert min(luminance(c) for c in value_area) > 200, f"link_{gem}: value area too dark"
    # nothing of the gem crosses the seam, so a half can be joined to another link's half
    beyond = [xy for xy in gem_mask(gem, scale) if (xy[0] + 0.5) / scale >= SEAM - 0.5]
    assert not beyond, f"link_{gem}: its gem reaches past the middle"


def test_the_doubling_mark_is_a_badge_on_a_clear_background() -> None:
    surface = render("link_doubling_overlay.svg", 2.0)
    assert surface.get_at((40, 40)).a == 255  # solid in the middle
    ink = pixels(surface, 2.0, lambda x, y: 10 < x < 30 and 12 < y < 28)
    assert sum(luminance(c) < 80 for c in ink) > 40, "no dark x2 strokes on the badge"


# Where the code draws: cushion fields and the card centre ---------------------------------


@pytest.mark.parametrize("name", sorted(CUSHION_FIELDS))
def test_a_cushion_field_is_plain_velvet(name: str) -> None:
    surface = render(name)
    left, top, right, bottom = CUSHION_FIELDS[name]
    inner = (left + 4, top + 4, right - 4, bottom - 4)
    assert largest_step(surface, inner) < 12, f"{name}: marks inside the field for the links"
    velvet = pixels(surface, 1.0, lambda x, y: inner[0] < x < inner[2] and inner[1] < y < inner[3])
    assert all(c.a == 255 for c in velvet)
    assert all(c.b > c.g and luminance(c) < 140 for c in velvet), f"{name}: not deep velvet"
    # the piping and tassels are drawn: the outside of the field is not plain
    assert largest_step(surface, (2, 2, 198, top - 2)) > 60


def test_the_moon_cushion_has_its_embroidered_moon_at_the_top() -> None:
    moon, plain = render("cushion_moon.svg"), render("cushion.svg")
    moonlight = (243, 233, 198)
    band = (70, 32, 130, 56)  # below the piping

    def near_moonlight(surface: pygame.Surface) -> int:
        box = pixels(surface, 1.0, lambda x, y: band[0] < x < band[2] and band[1] < y < band[3])
        return sum(distance(c, moonlight) < 40 for c in box)

    assert near_moonlight(moon) > 80 and near_moonlight(plain) == 0


def test_the_card_face_has_a_plain_light_centre_and_the_back_does_not() -> None:
    front, back = render("card_front.svg", 2.0), render("card_back.svg", 2.0)
    box = tuple(2 * v for v in CARD_CENTRE)
    assert largest_step(front, (box[0], box[1], box[2], box[3])) < 10
    centre = pixels(front, 2.0, lambda x, y: 14 < x < 56 and 20 < y < 80)
    assert min(luminance(c) for c in centre) > 200  # the value is printed in dark ink
    assert largest_step(back, (box[0], box[1], box[2], box[3])) > 60


def test_dirk_and_beate_look_different_at_40_px() -> None:
    size = (40, 40)
    dirk = pygame.image.load_sized_svg(str(MARKET / "dirk.svg"), size)
    beate = pygame.image.load_sized_svg(str(MARKET / "beate.svg"), size)
    inside = [(x, y) for x in range(40) for y in range(40) if math.hypot(x - 19.5, y - 19.5) < 16]
    apart = sum(distance(dirk.get_at(p), beate.get_at(p)) for p in inside) / len(inside)
    assert apart > 60, f"the two portraits differ by only {apart:.0f} per pixel at 40 px"
