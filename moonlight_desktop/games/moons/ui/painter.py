"""Draws a Moons table from its presenter: the seats around the trick mat (the seat at the
screen along the bottom, its hand fanned below), the seat rows and the supply strip of the
side panel, and everything in flight.

`Places` says where everything goes for one layout and one seat at the bottom; the table is
designed as a BOARD_W x BOARD_H board (1280 x 720 window units) and scaled to the board's
rect. The painter draws what it is given: which cards, tokens and seats a click may use
(`Lit`) is the screen's business. Art is rasterized at the size it is drawn (cached).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.sizes import new_surface, surface_size
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.looks import Look
from moonlight_desktop.ui.table.presenter import Anchor, Flight
from moonlight_desktop.ui.tween import lerp, lerp_point

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
from .presenter import CardPiece, Marker, MiniPiece, MoonsPresenter, Piece, TokenPiece

Color = tuple[int, int, int]
Point = tuple[float, float]

BOARD_W, BOARD_H = 880.0, 666.0
"""The table as designed, in window units at 1280 x 720."""
ASPECT = BOARD_W / BOARD_H

PLANET_FILES = ("jupiter", "saturn", "neptune", "uranus")
PLANET_INK: tuple[Color, ...] = ((170, 66, 46), (140, 100, 16), (36, 78, 168), (18, 118, 110))
"""Each planet's colour darkened for a rank on the cream card face."""
MINI_ART = {
    Mini.BLOCK: "moons/mini_block.svg",
    Mini.TRADE_CARD: "moons/mini_trade_card.svg",
    Mini.TRADE_TOKEN: "moons/mini_trade_token.svg",
    Mini.MODIFIER: "moons/mini_modifier.svg",
}
DIM: Color = (8, 10, 30)
"""The night that veils what may not be used now."""


LOOKS = (
    Look("lark", "Lark", (240, 154, 58)),
    Look("otter", "Otter", (52, 184, 164)),
    Look("heron", "Heron", (77, 157, 232)),
    Look("moth", "Moth", (160, 124, 226)),
    Look("badger", "Badger", (224, 86, 110)),
    Look("wren", "Wren", (118, 196, 96)),
)
LOOK_BY_ID = {look.id: look for look in LOOKS}

# Board geometry, in board units ---------------------------------------------------------------

PLATE_W, PLATE_H = 244.0, 128.0
OTHER_PLATES: dict[int, tuple[Point, ...]] = {
    2: ((170, 112), (710, 112)),
    3: ((134, 300), (440, 72), (746, 300)),
    4: ((134, 320), (300, 72), (580, 72), (746, 320)),
    5: ((134, 336), (166, 72), (440, 72), (714, 72), (746, 336)),
}
"""Centres of the other seats' plates, clockwise from the bottom seat's left (the next seat
sits on its left)."""
MAT_CENTRE, MAT_SIZE = (440.0, 288.0), 280.0
TRICK_CARD, TRICK_ROOM = (64.0, 90.0), 276.0
"""A trick's cards lie in a row across the mat, in playing order, within TRICK_ROOM."""
SIDE_SPOT = (600.0, 410.0)
"""Where the Block token waits at the side of the table."""
STRIP = (12.0, 434.0, 856.0, 110.0)
"""The bottom seat's strip: name, markers, tableau, won tricks, mini-asteroids."""
HAND_TOP, HAND_LEFT, HAND_RIGHT, HAND_CARD, LIFT = 558.0, 24.0, 856.0, (71.0, 100.0), 12.0
PLATE_CARD, STRIP_CARD, BACK = (52.0, 73.0), (54.0, 76.0), (26.0, 36.0)
MARKER, STRIP_MINI, PLATE_MINI = 23.0, 48.0, 20.0
MARKERS = (Marker.EARTHS_MOON, Marker.EARTH, Marker.BLOCK, Marker.LEAD)
"""The order of a seat's markers in its row of marker spots."""


@dataclass(frozen=True, slots=True)
class SeatPlaces:
    plate: pygame.Rect
    crest: Point
    crest_size: int
    name: pygame.Rect
    markers: tuple[pygame.Rect, ...]
    """One spot per kind of marker, in MARKERS order."""
    tableau: tuple[pygame.Rect, ...]
    hand: pygame.Rect
    """The bottom seat: the whole fan's room; another: where its backs are stacked."""
    minis: pygame.Rect
    mini_size: int
    won: pygame.Rect


@dataclass(frozen=True, slots=True)
class Places:
    """Where everything goes on the board for one layout with `bottom` at the bottom."""

    bottom: int
    k: float
    """Pixels per board unit."""
    seats: tuple[SeatPlaces, ...]
    mat: pygame.Rect
    tricks: tuple[pygame.Rect, ...]
    side: pygame.Rect
    prompt: pygame.Rect
    """The middle of the bottom strip: a trade's step in words."""
    cancel: pygame.Rect
    hand_card: tuple[int, int]
    lift: int

    def px(self, size: float) -> int:
        """Board units in pixels."""
        return max(1, round(size * self.k))

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """The bottom seat's hand of `count` cards, left to right, none lifted."""
        room = self.seats[self.bottom].hand
        width, height = self.hand_card
        step = min(width * 1.08, (room.width - width) / max(count - 1, 1))
        left = room.left + (room.width - width - step * (count - 1)) / 2
        return _row(room, left, step, count, (width, height))

    def mini_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """A seat's mini-asteroids in a row, overlapping when many."""
        room, size = self.seats[seat].minis, self.seats[seat].mini_size
        step = min(size * 1.12, (room.width - size) / max(count - 1, 1))
        # The bottom seat's row ends at the strip's right edge; a plate's starts at its left.
        left = room.right - size - step * (count - 1) if seat == self.bottom else room.left
        return _row(room, left, step, count, (size, size))

    def board_rects(self) -> dict[str, pygame.Rect]:
        """The parts that must never overlap: each seat's place, the hand and the mat."""
        rects = {f"seat {n}": seat.plate for n, seat in enumerate(self.seats)}
        rects["hand"] = self.seats[self.bottom].hand
        rects["mat"] = self.mat
        return rects


def _row(
    room: pygame.Rect, left: float, step: float, count: int, size: tuple[int, int]
) -> list[pygame.Rect]:
    """`count` rects of `size` from `left`, `step` apart, along the bottom of `room` and
    inside it (whatever the rounding)."""
    return [
        pygame.Rect(
            min(max(round(left + n * step), room.left), room.right - size[0]),
            room.bottom - size[1],
            *size,
        )
        for n in range(count)
    ]


def _places(layout: TableLayout, seats: int, bottom: int) -> Places:
    board = layout.board
    k = board.width / BOARD_W

    def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(
            round(board.left + x * k), round(board.top + y * k), round(w * k), round(h * k)
        )

    def marker_row(x: float, y: float) -> tuple[pygame.Rect, ...]:
        """Spots for the Earth's Moon, the Earth, the Block and the lead tag, in a row."""
        spots = (rect(x + n * (MARKER + 4), y, MARKER, MARKER) for n in range(3))
        return (*spots, rect(x + 3 * (MARKER + 4), y, 34, MARKER))

    others = [(bottom + n) % seats for n in range(1, seats)]
    places: dict[int, SeatPlaces] = {}
    for seat, (cx, cy) in zip(others, OTHER_PLATES[seats - 1], strict=True):
        x, y = cx - PLATE_W / 2, cy - PLATE_H / 2
        cw, ch = PLATE_CARD
        places[seat] = SeatPlaces(
            plate=rect(x, y, PLATE_W, PLATE_H),
            crest=(board.left + (x + 18) * k, board.top + (y + 13) * k),
            crest_size=round(24 * k),
            name=rect(x + 34, y + 2, PLATE_W - 40, 22),  # clear of a frame round a card
            markers=marker_row(x + 8, y + 102),
            tableau=tuple(rect(x + 8 + n * (cw + 4), y + 27, cw, ch) for n in range(3)),
            hand=rect(x + 180, y + 32, 58, 42),
            minis=rect(x + 180, y + 78, 40, PLATE_MINI),
            mini_size=round(PLATE_MINI * k),
            won=rect(x + 180, y + 104, 58, 20),
        )
    sx, sy, sw, sh = STRIP
    cw, ch = STRIP_CARD
    places[bottom] = SeatPlaces(
        plate=rect(sx, sy, sw, sh),
        crest=(board.left + (sx + 20) * k, board.top + (sy + 16) * k),
        crest_size=round(26 * k),
        name=rect(sx + 38, sy + 5, 150, 22),
        markers=marker_row(sx + 194, sy + 4),
        tableau=tuple(rect(sx + 12 + n * (cw + 6), sy + 31, cw, ch) for n in range(3)),
        hand=rect(HAND_LEFT, HAND_TOP, HAND_RIGHT - HAND_LEFT, HAND_CARD[1]),
        minis=rect(sx + 560, sy + 36, 284, STRIP_MINI),
        mini_size=round(STRIP_MINI * k),
        won=rect(sx + 196, sy + 40, 40, 62),
    )
    count = seats
    width, height = TRICK_CARD
    step = min(width + 8, (TRICK_ROOM - width) / (count - 1))
    left = MAT_CENTRE[0] - (width + step * (count - 1)) / 2
    tricks = tuple(
        rect(
            left + n * step,
            MAT_CENTRE[1] - height / 2 + abs(n - (count - 1) / 2) * 5 - 4,
            width,
            height,
        )
        for n in range(count)
    )
    half = MAT_SIZE / 2
    return Places(
        bottom=bottom,
        k=k,
        seats=tuple(places[n] for n in range(seats)),
        mat=rect(MAT_CENTRE[0] - half, MAT_CENTRE[1] - half, MAT_SIZE, MAT_SIZE),
        tricks=tricks,
        side=rect(SIDE_SPOT[0] - 16, SIDE_SPOT[1] - 16, 32, 32),
        prompt=rect(sx + 262, sy + 34, 286, 40),
        cancel=rect(sx + 355, sy + 78, 100, 26),
        hand_card=(round(HAND_CARD[0] * k), round(HAND_CARD[1] * k)),
        lift=round(LIFT * k),
    )


# Panel geometry ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RowPlaces:
    """A seat's row in the side panel: crest, name, tricks won, tokens by planet, score."""

    crest: Point
    crest_size: int
    name: pygame.Rect
    tricks: pygame.Rect
    tokens: tuple[pygame.Rect, ...]
    score: pygame.Rect


def row_places(row: pygame.Rect, layout: TableLayout) -> RowPlaces:
    px = layout.px
    crest = min(row.height - px(12), px(44))
    left = row.left + px(10) + crest + px(10)
    token = min(round(row.height * 0.36), px(22))
    slot = px(44)
    line = row.top + round(row.height * 0.70)
    tokens = tuple(pygame.Rect(left + n * slot, line - token // 2, token, token) for n in range(4))
    score = pygame.Rect(0, 0, px(66), row.height - px(8))
    score.midright = (row.right - px(8), row.centery)
    tricks = pygame.Rect(0, 0, px(52), max(1, round(row.height * 0.4)))
    tricks.topright = (score.left - px(4), row.top + px(4))
    name = pygame.Rect(left, row.top + px(3), tricks.left - left - px(4), tricks.height)
    return RowPlaces(
        (row.left + px(10) + crest / 2, row.centery), crest, name, tricks, tokens, score
    )


ROW_COUNT = 15
"""The design size of a row's counts (tokens, tricks won)."""
TRICK_CHIP = 24
"""Board units of the crest under a card of the trick (whose card it is)."""


@dataclass(frozen=True, slots=True)
class SupplyPlaces:
    """The game's strip: the supply's tokens by planet, the mini-asteroid deck and the
    spent ones."""

    tokens: tuple[pygame.Rect, ...]
    deck: pygame.Rect
    discard: pygame.Rect
    caption_y: int


def supply_places(strip: pygame.Rect, layout: TableLayout) -> SupplyPlaces:
    px = layout.px
    icon = min(round(strip.height * 0.45), px(26))
    middle = strip.top + px(5) + icon // 2
    # Six icons with a count each; a wider gap between the tokens and the mini-asteroids.
    slot = (strip.width - px(20)) / 6.3
    lefts = [strip.left + px(10) + n * slot for n in range(4)]
    lefts += [strip.left + px(10) + (n + 0.3) * slot for n in (4, 5)]
    icons = [pygame.Rect(round(left), middle - icon // 2, icon, icon) for left in lefts]
    return SupplyPlaces(tuple(icons[:4]), icons[4], icons[5], strip.bottom - px(4))


# Art ------------------------------------------------------------------------------------------


def _supersampled(
    size: tuple[int, int], draw: Callable[[pygame.Surface, float], None]
) -> pygame.Surface:
    """Shapes drawn at four times the size and smoothed down: pygame's circles and polygons
    have no anti-aliasing of their own."""
    big = new_surface((size[0] * 4, size[1] * 4), pygame.SRCALPHA)
    draw(big, 4.0)
    return pygame.transform.smoothscale(big, surface_size(*size))


def crest(look: str, size: int) -> pygame.Surface:
    """A seat's round crest with its letter (never smaller than legible); an unknown look is
    a silver crest."""
    return _crest(look, size, theme.legible(round(max(size, 4) * 0.5)))


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
    planet = assets.image(
        f"moons/planet_{PLANET_FILES[suit]}.svg", round(width * 0.62), round(width * 0.62)
    )
    face.blit(planet, planet.get_rect(center=(round(width * 0.56), round(height * 0.55))))
    theme.blit_text(
        face,
        str(rank),
        theme.BOLD_FONT,
        round(width * 0.3),
        PLANET_INK[suit],
        "midtop",
        (width * 0.2, height * 0.045),
    )
    small = assets.image(
        f"moons/planet_{PLANET_FILES[suit]}.svg", round(width * 0.24), round(width * 0.24)
    )
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
    return lead_tag(rect.width, rect.height)


@lru_cache(maxsize=16)
def lead_tag(width: int, height: int) -> pygame.Surface:
    """Who leads the trick: a gold tag."""
    tag = new_surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(tag, theme.GOLD, tag.get_rect(), border_radius=height // 2)
    text, size = theme.fit("lead", theme.BOLD_FONT, round(height * 0.7), width - 4)
    theme.blit_text(
        tag, text, theme.BOLD_FONT, size, theme.TEXT_ON_LIGHT, "center", (width / 2, height / 2)
    )
    return tag


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


def count_badge(
    surface: pygame.Surface, content: str, centre: Point, pixels: int, ink: Color = theme.TEXT
) -> pygame.Rect:
    """A small dark pill with a number: how many cards, tokens or tricks."""
    badge = pygame.Rect((0, 0), theme.bold(pixels).size(content))
    badge = badge.inflate(round(pixels * 0.7), round(pixels * 0.15))
    badge.width = max(badge.width, badge.height)
    badge.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, DIM, badge, border_radius=badge.height // 2)
    pygame.draw.rect(surface, theme.SILVER, badge, width=1, border_radius=badge.height // 2)
    theme.holds_text(surface, badge)
    theme.blit_text(surface, content, theme.BOLD_FONT, pixels, ink, "center", badge.center)
    return badge


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


def _sized(image: pygame.Surface, width: float) -> pygame.Surface:
    """`image` scaled to `width`, keeping its proportions."""
    if round(width) == image.get_width():
        return image
    height = width * image.get_height() / max(image.get_width(), 1)
    return pygame.transform.smoothscale(image, surface_size(width, height))


# The painter ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lit:
    """What a click may use now, lit by the painter; while the seat at the screen decides,
    its other cards are dimmed."""

    asked: bool = False
    """The seat at the screen decides now: its playable cards lift, the others dim."""
    cards: frozenset[int] = frozenset()
    chosen_card: int | None = None
    tableau: frozenset[tuple[int, int]] = frozenset()
    """(seat, slot)."""
    tokens: frozenset[tuple[int, int]] = frozenset()
    """(seat, planet) in the seat rows."""
    chosen_token: tuple[int, int] | None = None
    seats: frozenset[int] = frozenset()
    chosen_seat: int | None = None
    supply: frozenset[int] = frozenset()
    minis: frozenset[int] = frozenset()
    """Indexes of the bottom seat's mini-asteroids."""
    chosen_mini: int | None = None
    prompt: str = ""
    """A trade's step in words, with a Cancel button beside it."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where and what they are doing, for the plates and the rows."""

    names: Sequence[str]
    looks: Sequence[str]
    acting: frozenset[int] = frozenset()
    thinking: frozenset[int] = frozenset()
    time: float = 0.0
    """Table time, for the thinking rings' pulse (the same frames at the same moment)."""
    score: int | None = None
    """The best score now of the seat at the screen."""


class MoonsPainter:
    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.layout: TableLayout | None = None
        self._places: Places | None = None

    def relayout(self, layout: TableLayout) -> None:
        self.layout = layout
        self._places = None

    def places(self, bottom: int) -> Places:
        assert self.layout is not None, "relayout first"
        if self._places is None or self._places.bottom != bottom:
            self._places = _places(self.layout, self.seats, bottom)
        return self._places

    # Anchors -----------------------------------------------------------------------------

    def point(
        self, picture: MoonsPresenter, bottom: int, anchor: Anchor, piece: Piece | None
    ) -> Point:
        return self.rect_at(picture, bottom, anchor, piece).center

    def rect_at(
        self, picture: MoonsPresenter, bottom: int, anchor: Anchor, piece: Piece | None
    ) -> pygame.Rect:
        """Where a piece lies at an anchor, and its size there (things in flight grow or
        shrink on the way). A seat's anchor depends on what goes there: a token to the
        seat's row in the panel, beside the tokens of its planet; a marker to its spot on
        the seat's plate; a card to the seat's won tricks."""
        assert self.layout is not None
        places = self.places(bottom)
        kind, a, b = anchor[0], int(anchor[1]), int(anchor[2])
        if kind == "seat":
            if isinstance(piece, TokenPiece):
                return row_places(self.layout.seats[a], self.layout).tokens[piece.planet]
            if isinstance(piece, Marker):
                return places.seats[a].markers[MARKERS.index(piece)]
            return places.seats[a].won
        if kind == "hand":
            return self._hand_slot(picture, places, a, b)
        if kind == "tableau":
            return places.seats[a].tableau[min(b, 2)]
        if kind == "trick":
            return places.tricks[min(a, len(places.tricks) - 1)]
        if kind == "minis":
            return places.mini_rects(a, max(len(picture.minis[a]), b + 1))[b]
        if kind == "side":
            return places.side
        if kind in ("tokens", "score"):  # a seat's row in the side panel (lessons point there)
            row = row_places(self.layout.seats[a], self.layout)
            return row.score if kind == "score" else row.tokens[b % 4]
        if kind == "marker":  # a seat's marker spot, in MARKERS order
            return places.seats[a].markers[b % len(MARKERS)]
        if kind in ("supply", "mini_deck", "discard"):
            strip = supply_places(self.layout.extra, self.layout)
            return {"supply": strip.tokens[a % 4], "mini_deck": strip.deck}.get(kind, strip.discard)
        centre = places.tricks[0].copy()  # "centre": where cards are dealt from
        centre.center = places.mat.center
        return centre

    def outline(self, picture: MoonsPresenter, bottom: int, anchor: Anchor) -> pygame.Rect | None:
        """What a lesson frames for an anchor: the card, pile or spot it names, a row's token
        with its count, a row's score; None for the centre of the mat."""
        assert self.layout is not None
        kind, seat = anchor[0], int(anchor[1])
        if kind == "centre":
            return None
        rect = self.rect_at(picture, bottom, anchor, None)
        if kind == "trick":  # the card and whose it is, under it
            chip = pygame.Rect(0, 0, self.places(bottom).px(TRICK_CHIP), 0)
            chip.height = chip.width
            chip.center = rect.midbottom
            rect = rect.union(chip)
        if kind in ("tokens", "supply", "mini_deck"):  # the icon and its count after it
            room = theme.text_width("88", theme.BOLD_FONT, self.layout.px(ROW_COUNT))
            rect = rect.union(rect.move(self.layout.px(4) + room, 0))
        if kind == "seat":
            rect = pygame.Rect(self.layout.seats[seat])
        return rect

    def _hand_slot(
        self, picture: MoonsPresenter, places: Places, seat: int, index: int
    ) -> pygame.Rect:
        if seat != places.bottom:
            spot = pygame.Rect(0, 0, places.px(BACK[0]), places.px(BACK[1]))
            spot.midleft = places.seats[seat].hand.midleft
            return spot
        # Cards on their way to or from the hand keep their places in the fan.
        moving = sum(
            1
            for flight in picture.flights
            for end in (flight.start, flight.end)
            if end[0] == "hand" and int(end[1]) == seat
        )
        return places.hand_rects(max(len(picture.hands[seat]) + moving, index + 1))[index]

    # The board -----------------------------------------------------------------------------

    def draw_board(
        self,
        surface: pygame.Surface,
        picture: MoonsPresenter,
        bottom: int,
        seating: Seating,
        lit: Lit,
    ) -> None:
        assert self.layout is not None
        places = self.places(bottom)
        board = self.layout.board
        theme.blit_picture(surface, _felt(board.size, places.mat.width), board)
        for seat in range(self.seats):
            self._draw_place(surface, picture, places, seat, seating, lit)
        chip = places.px(TRICK_CHIP)
        for order, (seat, card) in enumerate(picture.trick):
            slot = places.tricks[order]
            draw_card(surface, card, slot)
            # Whose card it is, under it.
            blit_centred(surface, crest(seating.looks[seat], chip), (slot.centerx, slot.bottom))
        if picture.block_holder == -1:
            blit_centred(surface, block_token(places.side.width), places.side.center)
        self._draw_hand(surface, picture, places, lit)
        if lit.prompt:
            self._draw_prompt(surface, places, lit.prompt)

    def _draw_place(
        self,
        surface: pygame.Surface,
        picture: MoonsPresenter,
        places: Places,
        seat: int,
        seating: Seating,
        lit: Lit,
    ) -> None:
        here, px = places.seats[seat], places.px
        acting = seat in seating.acting
        border = theme.GOLD if acting else theme.PANEL_BORDER
        if seat == lit.chosen_seat or seat in lit.seats:
            border = theme.GLOW
        theme.panel(surface, here.plate, 200, border, radius=px(12), width=px(3 if acting else 2))
        blit_centred(surface, crest(seating.looks[seat], here.crest_size), here.crest)
        name, size = theme.fit(seating.names[seat], theme.BOLD_FONT, px(15), here.name.width)
        theme.blit_text(
            surface, name, theme.BOLD_FONT, size, theme.TEXT, "midleft", here.name.midleft
        )
        for marker, spot in zip(MARKERS, here.markers, strict=True):
            if holder(picture, marker) == seat:
                blit_centred(surface, marker_image(marker, spot), spot.center)
        if seat in seating.thinking:
            _thinking_ring(surface, here.crest, here.crest_size, seating.time)
        self._draw_tableau(surface, picture, places, seat, lit)
        self._draw_won(surface, picture.tricks_won[seat], here, places)
        self._draw_minis(surface, picture, places, seat, lit)
        if seat != places.bottom:
            self._draw_backs(surface, len(picture.hands[seat]), here, places)

    def _draw_tableau(
        self, surface: pygame.Surface, picture: MoonsPresenter, places: Places, seat: int, lit: Lit
    ) -> None:
        here = places.seats[seat]
        for rect in here.tableau:  # the empty slots, as faint outlines
            pygame.draw.rect(
                surface, theme.PANEL_BORDER, rect, width=1, border_radius=max(2, rect.width // 10)
            )
        turn = abs(2 * picture.reveal - 1)
        own = seat == picture.viewer
        for slot, card in enumerate(picture.tableaux[seat]):
            if card is None:
                continue  # on its way (Trade Card)
            rect = here.tableau[slot]
            facing = card if picture.reveal >= 0.5 or own else HIDDEN
            draw_card(surface, facing, rect, turn)
            if own and picture.reveal < 0.5 and card != HIDDEN:
                # Shown to its owner, veiled: the others see its back.
                veil(surface, rect, 70, max(2, rect.width // 10))
            if (seat, slot) in lit.tableau:
                glow_rect(surface, rect, theme.GLOW)

    def _draw_won(
        self, surface: pygame.Surface, won: int, here: SeatPlaces, places: Places
    ) -> None:
        if not won:
            return
        rect = here.won
        back = card_back(round(rect.height * 0.72), rect.height)
        for n in range(min(won, 3)):
            theme.blit_picture(
                surface, back, back.get_rect(midleft=(rect.left + n * places.px(3), rect.centery))
            )
        right = rect.left + back.get_width() + 2 * places.px(3)
        badge = theme.legible(places.px(13))
        count_badge(surface, str(won), (right + places.px(10), rect.centery), badge)

    def _draw_backs(
        self, surface: pygame.Surface, count: int, here: SeatPlaces, places: Places
    ) -> None:
        """Another seat's hand: a few backs and how many cards it holds."""
        if not count:
            return
        back, step = card_back(places.px(BACK[0]), places.px(BACK[1])), places.px(5)
        shown = min(count, 4)
        for n in range(shown):
            theme.blit_picture(
                surface, back, back.get_rect(midleft=(here.hand.left + n * step, here.hand.centery))
            )
        right = here.hand.left + back.get_width() + (shown - 1) * step
        badge = theme.legible(places.px(13))
        count_badge(surface, str(count), (right + places.px(12), here.hand.centery), badge)

    def _draw_minis(
        self, surface: pygame.Surface, picture: MoonsPresenter, places: Places, seat: int, lit: Lit
    ) -> None:
        minis = picture.minis[seat]
        rects = places.mini_rects(seat, len(minis))
        mine = seat == picture.viewer
        turn = 1.0 if mine else abs(2 * picture.minis_reveal - 1)
        face = mine or picture.minis_reveal >= 0.5
        bottom = seat == places.bottom
        for index, (mini, rect) in enumerate(zip(minis, rects, strict=True)):
            image = (
                mini_face(mini, rect.width) if face and mini != HIDDEN else mini_back(rect.width)
            )
            if turn < 0.999:
                image = pygame.transform.smoothscale(
                    image, surface_size(max(1.0, rect.width * turn), rect.height)
                )
            chosen = bottom and index == lit.chosen_mini
            at = rect.move(0, -places.lift // 2) if chosen else rect
            blit_centred(surface, image, at.center)
            if bottom and index in lit.minis:
                ring = theme.GOLD if chosen else theme.GLOW
                theme.glow_ring(surface, at.center, rect.width * 0.5, ring, width=places.px(3))
        if bottom:
            here = places.seats[seat]
            caption = "click one to play it first" if lit.minis and not lit.prompt else ""
            title = "Mini-asteroids" + (f": {caption}" if caption else "")
            theme.blit_text(
                surface,
                title,
                theme.BODY_FONT,
                theme.legible(places.px(13)),
                theme.GLOW if caption else theme.SILVER,
                "bottomright",
                (here.minis.right, here.minis.top - places.px(4)),
            )
        elif minis:
            right = rects[-1].right + places.px(10)
            badge = theme.legible(places.px(13))
            count_badge(surface, str(len(minis)), (right, rects[-1].centery), badge)

    def _draw_hand(
        self, surface: pygame.Surface, picture: MoonsPresenter, places: Places, lit: Lit
    ) -> None:
        hand = picture.hands[places.bottom]
        radius = max(2, places.hand_card[0] // 10)
        for card, rect in zip(hand, self.hand_rects(picture, places, lit), strict=True):
            draw_card(surface, card, rect)
            if card == lit.chosen_card:
                glow_rect(surface, rect, theme.GOLD)
            elif lit.asked and card in lit.cards:
                glow_rect(surface, rect, theme.GLOW, 0.45)
            elif lit.asked:
                veil(surface, rect, 120, radius)

    def hand_rects(self, picture: MoonsPresenter, places: Places, lit: Lit) -> list[pygame.Rect]:
        """The bottom seat's cards as drawn: those a click may use are lifted."""
        hand = picture.hands[places.bottom]
        return [
            rect.move(0, -places.lift)
            if lit.asked and (card in lit.cards or card == lit.chosen_card)
            else rect
            for card, rect in zip(hand, places.hand_rects(len(hand)), strict=True)
        ]

    def _draw_prompt(self, surface: pygame.Surface, places: Places, prompt: str) -> None:
        room, px = places.prompt, places.px
        # Two lines at a readable size rather than one shrunk.
        lines, size = theme.fit_lines(
            prompt, theme.BODY_FONT, px(15), room.width, room.height, px(14)
        )
        height = theme.font(theme.BODY_FONT, size).get_linesize()
        top = room.centery - height * len(lines) / 2
        for n, line in enumerate(lines):
            position = (room.centerx, top + n * height)
            theme.blit_text(
                surface, line, theme.BODY_FONT, size, theme.MOONLIGHT, "midtop", position
            )
        cancel = places.cancel
        pygame.draw.rect(surface, theme.PANEL, cancel, border_radius=cancel.height // 2)
        pygame.draw.rect(
            surface, theme.SILVER, cancel, width=px(2), border_radius=cancel.height // 2
        )
        theme.blit_text(
            surface, "Cancel", theme.BOLD_FONT, px(14), theme.TEXT, "center", cancel.center
        )

    # Flights -------------------------------------------------------------------------------

    def draw_flights(self, surface: pygame.Surface, picture: MoonsPresenter, bottom: int) -> None:
        for flight in picture.flights:
            self._draw_flight(surface, picture, bottom, flight)

    def _draw_flight(
        self, surface: pygame.Surface, picture: MoonsPresenter, bottom: int, flight: Flight
    ) -> None:
        """Both ends in pixels, the piece part-way along a low arc, its size part-way too
        (drawn at the larger end's size and scaled)."""
        piece = flight.what
        start = self.rect_at(picture, bottom, flight.start, piece)
        end = self.rect_at(picture, bottom, flight.end, piece)
        t = flight.progress
        x, y = lerp_point(start.center, end.center, t)
        y -= math.sin(math.pi * t) * min(start.height, end.height) * 0.4
        if isinstance(piece, CardPiece):
            # A card keeps a card's shape even where it lands on a pile's spot.
            start_w, end_w = (_card_width(rect) for rect in (start, end))
            width = round(lerp(start_w, end_w, t))
            rect = pygame.Rect(0, 0, width, round(width * HAND_CARD[1] / HAND_CARD[0]))
            rect.center = (round(x), round(y))
            art_w = max(start_w, end_w)
            art_h = round(art_w * HAND_CARD[1] / HAND_CARD[0])
            draw_card(surface, piece.card, rect, art=(art_w, art_h))
            return
        big = max(start, end, key=lambda rect: rect.width)
        side = min(big.size)
        if isinstance(piece, TokenPiece):
            art = token(piece.planet, side)
        elif isinstance(piece, MiniPiece):
            art = mini_face(piece.mini, side) if piece.mini != HIDDEN else mini_back(side)
        else:
            art = marker_image(piece, big)
        scale = lerp(start.width, end.width, t) / big.width
        blit_centred(surface, _sized(art, art.get_width() * scale), (x, y))

    # The side panel ------------------------------------------------------------------------

    def draw_row(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        seat: int,
        picture: MoonsPresenter,
        seating: Seating,
        lit: Lit,
    ) -> None:
        """A seat's row: its crest and name, tricks won this round, tokens by planet and, for
        the seat at the screen, its best score now."""
        assert self.layout is not None
        px = self.layout.px
        places = row_places(rect, self.layout)
        acting = seat in seating.acting
        border = theme.GOLD if acting else theme.PANEL_BORDER
        if seat == lit.chosen_seat or seat in lit.seats:
            border = theme.GLOW
        theme.panel(surface, rect, 215, border, radius=px(10), width=px(3 if acting else 2))
        look = seating.looks[seat]
        bar = pygame.Rect(rect.left, rect.top + px(8), px(5), rect.height - px(16))
        pygame.draw.rect(surface, look_color(look), bar, border_radius=px(3))
        blit_centred(surface, crest(look, places.crest_size), places.crest)
        if seat in seating.thinking:
            _thinking_ring(surface, places.crest, places.crest_size, seating.time)
        name, size = theme.fit(seating.names[seat], theme.BOLD_FONT, px(16), places.name.width)
        theme.blit_text(
            surface, name, theme.BOLD_FONT, size, theme.TEXT, "midleft", places.name.midleft
        )
        back = card_back(round(places.tricks.height * 0.7), places.tricks.height)
        theme.blit_picture(surface, back, back.get_rect(midleft=places.tricks.midleft))
        won = (places.tricks.left + back.get_width() + px(5), places.tricks.centery)
        _number(surface, str(picture.tricks_won[seat]), won, px(15), theme.MOONLIGHT)
        for planet, spot in enumerate(places.tokens):
            count = picture.tokens[seat][planet]
            image = token(planet, spot.width)
            if not count:
                image = image.copy()
                image.set_alpha(80)
            theme.blit_picture(surface, image, spot)
            ink = theme.TEXT if count else theme.SILVER
            _number(surface, str(count), (spot.right + px(4), spot.centery), px(ROW_COUNT), ink)
            if (seat, planet) == lit.chosen_token:
                theme.glow_ring(surface, spot.center, spot.width * 0.62, theme.GOLD, width=px(2))
            elif (seat, planet) in lit.tokens:
                theme.glow_ring(surface, spot.center, spot.width * 0.62, width=px(2))
        if seating.score is not None and seat == picture.viewer:
            # The number over its caption, smaller in a row shrunk for the log's room.
            caption = theme.body(px(13)).get_linesize()
            size = max(self.layout.least_text, min(px(22), rect.height - caption - px(6)))
            middle = (places.score.centerx, rect.bottom - px(3) - caption)
            theme.blit_text(
                surface,
                str(seating.score),
                theme.BOLD_FONT,
                size,
                theme.GOLD,
                "midbottom",
                middle,
            )
            theme.blit_text(
                surface, "score now", theme.BODY_FONT, px(13), theme.SILVER, "midtop", middle
            )

    def draw_supply(
        self, surface: pygame.Surface, rect: pygame.Rect, picture: MoonsPresenter, lit: Lit
    ) -> None:
        """The supply's tokens by planet, the mini-asteroid deck and the spent ones."""
        assert self.layout is not None
        px = self.layout.px
        theme.panel(surface, rect, 200, radius=px(10))
        places = supply_places(rect, self.layout)
        for planet, spot in enumerate(places.tokens):
            theme.blit_picture(surface, token(planet, spot.width), spot)
            _number(
                surface, str(picture.supply[planet]), (spot.right + px(3), spot.centery), px(15)
            )
            if planet in lit.supply:
                theme.glow_ring(surface, spot.center, spot.width * 0.6, width=px(3))
        theme.blit_picture(surface, mini_back(places.deck.width), places.deck)
        _number(
            surface,
            str(picture.mini_deck),
            (places.deck.right + px(3), places.deck.centery),
            px(15),
        )
        if picture.discard:
            theme.blit_picture(
                surface, mini_face(picture.discard[-1], places.discard.width), places.discard
            )
        else:
            pygame.draw.ellipse(surface, theme.PANEL_BORDER, places.discard, width=1)
        spent = (places.discard.right + px(3), places.discard.centery)
        _number(surface, str(len(picture.discard)), spent, px(15))
        captions = (
            ("planet tokens", (places.tokens[0].left + places.tokens[3].right) / 2),
            ("minis", places.deck.centerx + px(8)),
            ("spent", places.discard.centerx + px(8)),
        )
        for caption, x in captions:
            theme.blit_text(
                surface,
                caption,
                theme.BODY_FONT,
                px(theme.MIN_TEXT),
                theme.SILVER,
                "midbottom",
                (x, places.caption_y),
            )


def holder(picture: MoonsPresenter, marker: Marker) -> int | None:
    """Who holds `marker` in the picture (-1: nobody; None: on its way)."""
    return {
        Marker.EARTHS_MOON: picture.earths_moon,
        Marker.EARTH: picture.earth,
        Marker.BLOCK: picture.block_holder,
        Marker.LEAD: picture.leader,
    }[marker]


def _card_width(rect: pygame.Rect) -> int:
    """The width of a card that fills `rect` one way or the other."""
    return max(4, round(max(rect.width, rect.height * HAND_CARD[0] / HAND_CARD[1])))


def _thinking_ring(surface: pygame.Surface, centre: Point, size: int, time: float) -> None:
    """A bot deciding: a ring round its crest that breathes."""
    pulse = 0.5 + 0.5 * math.sin(time * math.tau / 1.2)
    theme.glow_ring(surface, centre, size * 0.56, strength=0.4 + 0.6 * pulse, width=2)


def look_color(look: str) -> Color:
    known = LOOK_BY_ID.get(look)
    return known.color if known is not None else theme.SILVER


def _number(
    surface: pygame.Surface, content: str, midleft: Point, pixels: int, ink: Color = theme.TEXT
) -> None:
    """A count beside its icon."""
    theme.blit_text(surface, content, theme.BOLD_FONT, pixels, ink, "midleft", midleft)


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int], mat: int) -> pygame.Surface:
    """The table: felt of the panel's colour, lit from the middle, and the trick mat."""
    layer = new_surface(size, pygame.SRCALPHA)
    rect = layer.get_rect()
    radius = max(8, rect.height // 16)
    pygame.draw.rect(layer, (*theme.PANEL, 130), rect, border_radius=radius)
    light = new_surface(size, pygame.SRCALPHA)
    for step in range(8):
        oval = rect.inflate(-rect.width * step / 9, -rect.height * step / 9)
        pygame.draw.ellipse(light, (*theme.PANEL_BORDER, 10), oval)
    layer.blit(light, (0, 0))
    pygame.draw.rect(layer, (*theme.PANEL_BORDER, 200), rect, width=2, border_radius=radius)
    art = assets.image("moons/trick_centre.svg", mat, mat)
    k = size[0] / BOARD_W
    layer.blit(art, art.get_rect(center=(round(MAT_CENTRE[0] * k), round(MAT_CENTRE[1] * k))))
    return layer


theme.forget_with_fonts(_crest)
theme.forget_with_fonts(_card_face)
theme.forget_with_fonts(lead_tag)
