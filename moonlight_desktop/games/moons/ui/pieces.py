"""The pieces of a Moons table as pictures: the seats' crests, cards face up and down,
planet tokens, mini-asteroids, the Earth, the Block token and the lead tag; and the small
marks laid on them (a glow, a veil, a count). Art is rasterized at the size it is drawn
(cached)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from moonlight_desktop.i18n import pgettext
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.sizes import new_surface, surface_size
from moonlight_desktop.ui.table.looks import Look
from moonlight_desktop.ui.table.ui_defaults import LookArt

from ..components import (
    ASTEROID_NAMES,
    MINI_KIND,
    MOON_CARDS,
    RANK_OF,
    SUIT_OF,
    Mini,
    modifier_group,
)
from ..moves import HIDDEN
from .presenter import Marker
from .setup import SEAT_LOOK_TITLES, SEAT_LOOKS

Color = tuple[int, int, int]
Point = tuple[float, float]

PLANET_FILES = ("jupiter", "saturn", "neptune", "uranus")
PLANET_INK: tuple[Color, ...] = ((165, 68, 59), (147, 105, 7), (42, 75, 159), (16, 119, 112))
"""Each planet's colour darkened for a rank on the cream card face."""
MINI_ART = {
    Mini.BLOCK: "moons/mini_block.svg",
    Mini.TRADE_CARD: "moons/mini_trade_card.svg",
    Mini.TRADE_TOKEN: "moons/mini_trade_token.svg",
    Mini.MODIFIER: "moons/mini_modifier.svg",
}
DIM: Color = (8, 10, 30)
"""The night that veils what may not be used now."""


CREST_COLORS = (
    (240, 154, 58),
    (59, 186, 165),
    (51, 149, 190),
    (164, 119, 250),
    (224, 86, 110),
    (132, 199, 112),
)
"""Each crest's colour, in the order of the setup's looks."""
LOOKS = tuple(
    Look(look, title, color)
    for look, title, color in zip(SEAT_LOOKS, SEAT_LOOK_TITLES, CREST_COLORS, strict=True)
)
LOOK_BY_ID = {look.id: look for look in LOOKS}


def _supersampled(
    size: tuple[int, int], draw: Callable[[pygame.Surface, float], None]
) -> pygame.Surface:
    """Shapes drawn at four times the size and smoothed down: pygame's circles and polygons
    have no anti-aliasing of their own."""
    big = new_surface((size[0] * 4, size[1] * 4), pygame.SRCALPHA)
    draw(big, 4.0)
    return pygame.transform.smoothscale(big, surface_size(*size))


def draw_crest(surface: pygame.Surface, look: str, centre: Point, size: int) -> None:
    """A seat's round crest with its letter (never smaller than legible), `size` across round
    `centre`; an unknown look is a silver crest."""
    blit_centred(surface, _crest(look, size, theme.legible(round(max(size, 4) * 0.5))), centre)


@lru_cache(maxsize=64)
def _crest(look: str, size: int, letter: int) -> pygame.Surface:
    known = LOOK_BY_ID.get(look)
    color = known.color if known else theme.SILVER
    side = max(size, 4)

    def draw(layer: pygame.Surface, scale: float) -> None:
        r = side * scale / 2
        centre = (r, r)
        pygame.draw.circle(layer, theme.MOONLIGHT, centre, r)
        pygame.draw.circle(layer, _shade(color, 0.55), centre, r * 0.9)
        pygame.draw.circle(layer, color, centre, r * 0.8)
        pygame.draw.circle(layer, _shade(color, 1.25), (r * 0.8, r * 0.72), r * 0.42)
        pygame.draw.circle(layer, color, (r * 0.96, r * 0.9), r * 0.5)

    badge = _supersampled((side, side), draw)
    if known is not None:
        theme.blit_text(
            badge,
            known.letter,
            theme.BOLD_FONT,
            letter,
            theme.TEXT_ON_LIGHT,
            "center",
            (side / 2, side / 2 + side * 0.02),
        )
    return badge


def _shade(color: Color, factor: float) -> Color:
    r, g, b = (min(255, round(c * factor)) for c in color)
    return (r, g, b)


def card_face(card: int, width: int, height: int) -> pygame.Surface:
    """A card's face: a Moon card's rank at the top left over its planet in small (what a
    fanned hand shows), the planet large in the middle; an Asteroid's art and name (its
    number alone on a small card, where the name would not be legible)."""
    return _card_face(card, width, height, theme.legible(round(height * 0.09)))


@lru_cache(maxsize=256)
def _card_face(card: int, width: int, height: int, name_size: int) -> pygame.Surface:
    if card >= MOON_CARDS:
        face = assets.image("moons/asteroid.svg", width, height).copy()
        plate = pygame.Rect(0, 0, round(width * 0.66), round(height * 0.13))
        plate.center = (round(width * 0.5), round(height * 0.806))
        name = ASTEROID_NAMES[card - MOON_CARDS]
        for words in (name, name.split()[0]):
            if theme.text_width(words, theme.BOLD_FONT, name_size) <= plate.width:
                theme.blit_text(
                    face,
                    words,
                    theme.BOLD_FONT,
                    name_size,
                    theme.TEXT_ON_LIGHT,
                    "center",
                    plate.center,
                )
                break
        return face
    suit, rank = SUIT_OF[card], RANK_OF[card]
    face = assets.image("moons/card_front.svg", width, height).copy()
    planet = f"moons/planet_{PLANET_FILES[suit]}.svg"
    large = assets.image(planet, round(width * 0.62), round(width * 0.62))
    face.blit(large, large.get_rect(center=(round(width * 0.56), round(height * 0.55))))
    theme.blit_text(
        face,
        str(rank),
        theme.BOLD_FONT,
        round(width * 0.3),
        PLANET_INK[suit],
        "midtop",
        (width * 0.2, height * 0.045),
    )
    small = assets.image(planet, round(width * 0.24), round(width * 0.24))
    face.blit(small, small.get_rect(midtop=(round(width * 0.2), round(height * 0.29))))
    return face


def card_back(width: int, height: int) -> pygame.Surface:
    return assets.image("moons/card_back.svg", width, height)


def token(planet: int, size: int) -> pygame.Surface:
    return assets.image(f"moons/token_{PLANET_FILES[planet]}.svg", size, size)


@lru_cache(maxsize=128)
def mini_face(mini: int, size: int) -> pygame.Surface:
    """A mini-asteroid's face; a Score Modifier also shows its planet's token as many times
    as its group has tokens."""
    kind = MINI_KIND[mini]
    face = assets.image(MINI_ART[kind], size, size)
    if kind != Mini.MODIFIER:
        return face
    face = face.copy()
    planet, group = modifier_group(mini)
    chip = round(size * 0.3)
    step = chip * 0.78
    left = size / 2 - (chip + step * (group - 1)) / 2
    for n in range(group):
        face.blit(token(planet, chip), (round(left + n * step), round(size * 0.64)))
    return face


@lru_cache(maxsize=32)
def mini_back(size: int) -> pygame.Surface:
    """A mini-asteroid face down: a dark rock with silver craters (its kind is secret)."""

    def draw(layer: pygame.Surface, scale: float) -> None:
        s = size * scale
        rock = [
            (
                s * (0.5 + 0.44 * math.cos(a) * (1 + 0.06 * math.sin(5 * a))),
                s * (0.5 + 0.44 * math.sin(a) * (1 + 0.06 * math.cos(4 * a))),
            )
            for a in (i * math.tau / 24 for i in range(24))
        ]
        pygame.draw.polygon(layer, (74, 80, 118), rock)
        pygame.draw.polygon(layer, theme.SILVER, rock, max(1, round(s * 0.05)))
        for cx, cy, r in ((0.38, 0.4, 0.1), (0.62, 0.58, 0.13), (0.42, 0.7, 0.06)):
            pygame.draw.circle(layer, (52, 56, 90), (s * cx, s * cy), s * r)
            pygame.draw.circle(
                layer, (150, 156, 190), (s * cx, s * cy), s * r, max(1, round(s * 0.02))
            )

    return _supersampled((size, size), draw)


@lru_cache(maxsize=32)
def earth(size: int) -> pygame.Surface:
    """The Earth token: seas, two continents and a moonlight rim."""

    def draw(layer: pygame.Surface, scale: float) -> None:
        s = size * scale
        pygame.draw.circle(layer, theme.MOONLIGHT, (s / 2, s / 2), s / 2)
        pygame.draw.circle(layer, (44, 110, 200), (s / 2, s / 2), s * 0.44)
        pygame.draw.ellipse(
            layer, (86, 170, 92), pygame.Rect(s * 0.2, s * 0.22, s * 0.32, s * 0.26)
        )
        pygame.draw.ellipse(layer, (86, 170, 92), pygame.Rect(s * 0.48, s * 0.5, s * 0.3, s * 0.28))
        pygame.draw.arc(
            layer,
            (235, 240, 250),
            pygame.Rect(s * 0.18, s * 0.56, s * 0.34, s * 0.2),
            0.3,
            2.8,
            max(1, round(s * 0.05)),
        )

    return _supersampled((size, size), draw)


@lru_cache(maxsize=32)
def block_token(size: int) -> pygame.Surface:
    """The Block token: a silver shield faced with stone."""

    def draw(layer: pygame.Surface, scale: float) -> None:
        s = size * scale
        shield = [
            (s * 0.5, s * 0.04),
            (s * 0.92, s * 0.18),
            (s * 0.86, s * 0.6),
            (s * 0.5, s * 0.96),
            (s * 0.14, s * 0.6),
            (s * 0.08, s * 0.18),
        ]
        pygame.draw.polygon(layer, theme.SILVER, shield)
        inner = [
            (s * 0.5 + (x - s * 0.5) * 0.78, s * 0.5 + (y - s * 0.5) * 0.78) for x, y in shield
        ]
        pygame.draw.polygon(layer, (128, 120, 138), inner)
        ink, width = (86, 80, 98), max(1, round(s * 0.035))
        for row, y in enumerate((0.34, 0.5, 0.66)):
            pygame.draw.line(layer, ink, (s * 0.2, s * y), (s * 0.8, s * y), width)
            for x in (0.38, 0.62) if row % 2 == 0 else (0.5,):
                pygame.draw.line(layer, ink, (s * x, s * y), (s * x, s * (y + 0.16)), width)

    return _supersampled((size, size), draw)


def marker_image(marker: Marker, rect: pygame.Rect) -> pygame.Surface:
    side = min(rect.width, rect.height)
    if marker == Marker.EARTHS_MOON:
        return assets.image("moons/earths_moon.svg", side, side)
    if marker == Marker.EARTH:
        return earth(side)
    if marker == Marker.BLOCK:
        return block_token(side)
    # Translators: the tag on the seat that leads the trick (a short word, it fits a small tag).
    return lead_tag(rect.width, rect.height, pgettext("the seat who leads the trick", "lead"))


@lru_cache(maxsize=16)
def lead_tag(width: int, height: int, word: str) -> pygame.Surface:
    """Who leads the trick: a gold tag with `word` (in the language of the day: a key of the
    cache, so a change of language draws it anew). A word too long for `width` at the
    smallest legible size widens the tag (to the right of its spot: `draw_marker`), never cut."""
    size = theme.fitted_size(word, theme.BOLD_FONT, round(height * 0.7), width - 4)
    wide = theme.text_width(word, theme.BOLD_FONT, size)
    if wide > width - 4:
        width = wide + height  # clear of the rounded ends
    tag = new_surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(tag, theme.GOLD, tag.get_rect(), border_radius=height // 2)
    theme.blit_text(
        tag, word, theme.BOLD_FONT, size, theme.TEXT_ON_LIGHT, "center", (width / 2, height / 2)
    )
    return tag


def draw_marker(surface: pygame.Surface, marker: Marker, spot: pygame.Rect) -> None:
    """A marker in its spot on a seat's place; the lead tag, widened for a long word, grows
    to the right, clear of the markers before it."""
    image = marker_image(marker, spot)
    theme.blit_picture(surface, image, image.get_rect(midleft=spot.midleft).topleft)


def glow_rect(
    surface: pygame.Surface, rect: pygame.Rect, color: Color, strength: float = 1.0
) -> None:
    """A card-shaped version of theme.glow_ring: a 60% ring in a soft outer glow."""
    halo = max(3, rect.width // 9)
    layer = new_surface((rect.width + 2 * halo, rect.height + 2 * halo), pygame.SRCALPHA)
    radius = max(2, rect.width // 8)
    for step in range(halo, 0, -1):
        alpha = round(150 * strength * (halo + 1 - step) / (halo + 1) / 1.6)
        ring = layer.get_rect().inflate(-2 * (halo - step), -2 * (halo - step))
        pygame.draw.rect(layer, (*color, alpha), ring, width=2, border_radius=radius + step)
    pygame.draw.rect(
        layer,
        (*color, 153),
        layer.get_rect().inflate(-2 * halo, -2 * halo),
        width=max(2, halo // 2),
        border_radius=radius,
    )
    surface.blit(layer, (rect.left - halo, rect.top - halo))


def veil(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 140, radius: int = 4) -> None:
    """Dims what may not be used now."""
    layer = new_surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*DIM, alpha), layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect)


def count_badge(surface: pygame.Surface, count: int, centre: Point, size: int) -> None:
    """A small dark pill with a number: how many cards, tokens or tricks (`size`: of the
    number, made legible)."""
    content, pixels = str(count), theme.legible(size)
    badge = pygame.Rect((0, 0), theme.bold(pixels).size(content))
    badge = badge.inflate(round(pixels * 0.7), round(pixels * 0.15))
    badge.width = max(badge.width, badge.height)
    badge.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, DIM, badge, border_radius=badge.height // 2)
    pygame.draw.rect(surface, theme.SILVER, badge, width=1, border_radius=badge.height // 2)
    theme.holds_text(surface, badge)
    theme.blit_text(surface, content, theme.BOLD_FONT, pixels, theme.TEXT, "center", badge.center)


def blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: Point) -> None:
    at = image.get_rect(center=(round(centre[0]), round(centre[1])))
    theme.blit_picture(surface, image, at.topleft)


def draw_card(
    surface: pygame.Surface,
    card: int,
    rect: pygame.Rect,
    turn: float = 1.0,
    art: tuple[int, int] | None = None,
) -> None:
    """A card face up (HIDDEN: its back) in `rect`, squeezed to `turn` of its width while it
    turns over. `art`: the size to rasterize it at, when `rect` changes every frame (a card
    in flight), so the cache keeps one picture of it."""
    width, height = art or rect.size
    image = card_back(width, height) if card == HIDDEN else card_face(card, width, height)
    size = surface_size(rect.width * turn, rect.height)
    if size != image.get_size():
        image = pygame.transform.smoothscale(image, size)
    target = image.get_rect(center=rect.center)
    shade = target.move(max(1, rect.width // 30), max(1, rect.width // 24))
    veil(surface, shade, 90, max(2, rect.width // 10))
    theme.blit_picture(surface, image, target.topleft)


def thinking_ring(surface: pygame.Surface, centre: Point, size: int, time: float) -> None:
    """A bot deciding: a ring round its crest that breathes."""
    pulse = 0.5 + 0.5 * math.sin(time * math.tau / 1.2)
    theme.glow_ring(surface, centre, size * 0.56, strength=0.4 + 0.6 * pulse, width=2)


def look_color(look: str) -> Color:
    known = LOOK_BY_ID.get(look)
    return known.color if known is not None else theme.SILVER


LOOK_ART = LookArt(draw_crest, look_color)


theme.forget_with_fonts(_crest)
theme.forget_with_fonts(_card_face)
theme.forget_with_fonts(lead_tag)
theme.forget_with_colours(earth)
