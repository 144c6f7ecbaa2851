"""The game log's icons: one small glyph per kind of event, the same in every game.

A game's presenter names the kind in `LogLine.icon` (one of `ICONS`, as a plain string: the
presenters stay pygame-free and so cannot import this module); the log draws the glyph in the
line's left margin. Each glyph is drawn with pygame's primitives at four times its size and
scaled down smoothly, so it stays crisp and round from the smallest window up, in one colour
of the collection's palette (STYLE.md) that goes with its shape. Unknown names draw as "info".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from moonlight_desktop.ui import theme

Color = tuple[int, int, int]
Point = tuple[float, float]

MOVE = "move"
"""A piece moved or laid on the board (a figure, a link in a chain)."""
PLAY = "play"
"""A card played, bid or put up, face up or down."""
DRAW = "draw"
"""Something drawn, dealt or handed out (cards, pebbles, links, a mini-asteroid)."""
REVEAL = "reveal"
"""Cards or tiles turned, shown or laid out face up."""
COINS = "coins"
"""Money: a payment, a price, a seal given or taken."""
POINTS = "points"
"""Scoring: points, prestige, jewels, a trick or a token won."""
TURN = "turn"
"""A new turn, round or pass; who leads, starts or plays again."""
TRADE = "trade"
"""Something exchanged between two places or players."""
CONFLICT = "conflict"
"""A dispute, a Block, a hammer, an angry magician."""
DISCARD = "discard"
"""Something discarded, put back or lost off the board."""
WIN = "win"
"""The game is over: who won."""
INFO = "info"
"""Anything else (the table as a game opens)."""

ICONS: tuple[str, ...] = (
    MOVE,
    PLAY,
    DRAW,
    REVEAL,
    COINS,
    POINTS,
    TURN,
    TRADE,
    CONFLICT,
    DISCARD,
    WIN,
    INFO,
)
"""The whole vocabulary: a presenter's `LogLine.icon` is one of these."""

ICON_SIZE = 14
"""A glyph's side at the 1280x720 design size (scaled with the layout)."""

ICON_COLORS: dict[str, Color] = {
    MOVE: theme.SILVER,
    PLAY: theme.MOONLIGHT,
    DRAW: theme.SILVER,
    REVEAL: theme.GLOW,
    COINS: theme.GOLD,
    POINTS: theme.MOONLIGHT,
    TURN: theme.MOONLIGHT,
    TRADE: theme.GLOW,
    CONFLICT: theme.WARNING,
    DISCARD: theme.SILVER,
    WIN: theme.GOLD,
    INFO: theme.SILVER,
}

SUPERSAMPLE = 4
"""Glyphs are drawn this many times larger, then scaled down: pygame's primitives have no
anti-aliasing of their own, and a 9 px star drawn directly is a blot."""

Pen = Callable[["_Canvas"], None]
"""Draws one glyph on a transparent square canvas."""


def icon_color(name: str) -> Color:
    return ICON_COLORS.get(name, ICON_COLORS[INFO])


def draw_icon(surface: pygame.Surface, name: str, box: pygame.Rect) -> pygame.Rect:
    """The glyph of `name` centred in `box`, as large as its shorter side; returns where."""
    side = min(box.width, box.height)
    if side < 1:
        return pygame.Rect(box.center, (0, 0))
    picture = glyph(name, side)
    where = picture.get_rect(center=box.center)
    surface.blit(picture, where)
    return where


@lru_cache(maxsize=128)
def glyph(name: str, side: int) -> pygame.Surface:
    """The glyph of `name` (unknown: "info"), `side` pixels square on a transparent background
    (cached: every log line draws one each frame)."""
    known = name if name in PENS else INFO
    canvas = _Canvas(max(1, side) * SUPERSAMPLE, icon_color(known))
    PENS[known](canvas)
    return pygame.transform.smoothscale(canvas.surface, (max(1, side), max(1, side)))


class _Canvas:
    """A square, transparent drawing surface whose coordinates are fractions of its side."""

    def __init__(self, side: int, color: Color) -> None:
        self.side = float(side)
        self.surface = pygame.Surface((side, side), pygame.SRCALPHA)
        # Transparent pixels carry the glyph's colour, so smoothing never darkens its edges.
        self.surface.fill((*color, 0))
        self.ink = (*color, 255)
        self.clear = (*color, 0)
        """Drawing in this erases (pygame writes alpha as given onto an SRCALPHA surface): the
        cut-outs, such as the gap between two coins or a card's pip."""

    def _pen(self, erase: bool) -> tuple[int, int, int, int]:
        return self.clear if erase else self.ink

    def polygon(self, points: Sequence[Point], erase: bool = False) -> None:
        scaled = [(x * self.side, y * self.side) for x, y in points]
        pygame.draw.polygon(self.surface, self._pen(erase), scaled)

    def circle(self, centre: Point, radius: float, erase: bool = False, width: float = 0.0) -> None:
        pygame.draw.circle(
            self.surface,
            self._pen(erase),
            (centre[0] * self.side, centre[1] * self.side),
            radius * self.side,
            width=round(width * self.side),
        )

    def ellipse(self, corners: tuple[float, float, float, float], erase: bool = False) -> None:
        """`corners`: left, top, right, bottom of the ellipse's box."""
        left, top, right, bottom = (c * self.side for c in corners)
        area = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        pygame.draw.ellipse(self.surface, self._pen(erase), area)

    def rect(
        self,
        corners: tuple[float, float, float, float],
        radius: float = 0.0,
        erase: bool = False,
        width: float = 0.0,
    ) -> None:
        """`corners`: left, top, right, bottom."""
        left, top, right, bottom = (round(c * self.side) for c in corners)
        pygame.draw.rect(
            self.surface,
            self._pen(erase),
            pygame.Rect(left, top, right - left, bottom - top),
            width=round(width * self.side),
            border_radius=round(radius * self.side),
        )


def _bar(start: Point, end: Point, thickness: float) -> list[Point]:
    """A straight stroke of `thickness` from `start` to `end`, as a polygon (pygame's thick
    lines have ragged ends)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * thickness / 2, dx / length * thickness / 2
    return [
        (start[0] + nx, start[1] + ny),
        (end[0] + nx, end[1] + ny),
        (end[0] - nx, end[1] - ny),
        (start[0] - nx, start[1] - ny),
    ]


def _arrow(start: Point, end: Point, shaft: float, head: float, head_length: float) -> list[Point]:
    """A straight arrow from `start` to its tip at `end`, as one polygon."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    base = (end[0] - ux * head_length, end[1] - uy * head_length)
    s, h = shaft / 2, head / 2
    return [
        (start[0] + nx * s, start[1] + ny * s),
        (base[0] + nx * s, base[1] + ny * s),
        (base[0] + nx * h, base[1] + ny * h),
        end,
        (base[0] - nx * h, base[1] - ny * h),
        (base[0] - nx * s, base[1] - ny * s),
        (start[0] - nx * s, start[1] - ny * s),
    ]


# The glyphs -------------------------------------------------------------------------------


def _move(canvas: _Canvas) -> None:
    """An arrow to the right, with a footprint of where it came from."""
    canvas.polygon(_arrow((0.30, 0.5), (0.94, 0.5), 0.17, 0.56, 0.34))
    canvas.circle((0.14, 0.5), 0.095)


def _play(canvas: _Canvas) -> None:
    """A card, slightly turned as if being laid down, with a diamond pip."""
    centre, half_w, half_h, turn = (0.5, 0.5), 0.27, 0.41, math.radians(12)
    corners = [(-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h)]
    cos, sin = math.cos(turn), math.sin(turn)
    card = [(centre[0] + x * cos - y * sin, centre[1] + x * sin + y * cos) for x, y in corners]
    canvas.polygon(card)
    pip = [(0.5, 0.31), (0.63, 0.5), (0.5, 0.69), (0.37, 0.5)]
    canvas.polygon(pip, erase=True)


def _draw(canvas: _Canvas) -> None:
    """Two cards fanned from a deck: the one behind in outline, the one drawn in front."""
    canvas.rect((0.08, 0.06, 0.56, 0.72), radius=0.08, width=0.09)
    canvas.rect((0.30, 0.22, 0.90, 0.96), radius=0.1, erase=True)  # a gap between them
    canvas.rect((0.38, 0.28, 0.88, 0.94), radius=0.08)


def _reveal(canvas: _Canvas) -> None:
    """An eye: an almond outline around a round pupil."""
    steps = 24
    upper = [
        (0.04 + 0.92 * t / steps, 0.5 - 0.34 * math.sin(math.pi * t / steps))
        for t in range(steps + 1)
    ]
    lower = [(x, 1.0 - y) for x, y in reversed(upper)]
    canvas.polygon(upper + lower)
    inner = [
        (0.15 + 0.70 * t / steps, 0.5 - 0.22 * math.sin(math.pi * t / steps))
        for t in range(steps + 1)
    ]
    canvas.polygon(inner + [(x, 1.0 - y) for x, y in reversed(inner)], erase=True)
    canvas.circle((0.5, 0.5), 0.17)


def _coins(canvas: _Canvas) -> None:
    """A stack of coins seen from the side, the top one showing its rimmed face."""
    canvas.rect((0.08, 0.30, 0.92, 0.52), radius=0.06)
    canvas.rect((0.08, 0.56, 0.92, 0.74), radius=0.06)
    canvas.rect((0.08, 0.78, 0.92, 0.96), radius=0.06)
    canvas.ellipse((0.0, 0.50, 1.0, 0.56), erase=True)  # the seam under the top coin
    canvas.ellipse((0.08, 0.08, 0.92, 0.46))
    canvas.ellipse((0.22, 0.16, 0.78, 0.38), erase=True)


def _points(canvas: _Canvas) -> None:
    """A five-pointed star."""
    centre, outer, inner = (0.5, 0.54), 0.48, 0.2
    star = [
        (
            centre[0] + (outer if k % 2 == 0 else inner) * math.sin(math.pi * k / 5),
            centre[1] - (outer if k % 2 == 0 else inner) * math.cos(math.pi * k / 5),
        )
        for k in range(10)
    ]
    canvas.polygon(star)


def _turn(canvas: _Canvas) -> None:
    """A circular arrow going clockwise, as the turn goes round the table."""
    centre, radius, stroke = (0.5, 0.54), 0.32, 0.15
    start, end, steps = math.radians(-10), math.radians(255), 32
    angles = [start + (end - start) * k / steps for k in range(steps + 1)]

    def ring(r: float) -> list[Point]:
        return [(centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)) for a in angles]

    canvas.polygon(ring(radius + stroke / 2) + ring(radius - stroke / 2)[::-1])
    # The arrowhead at the arc's end, pointing on along it (clockwise: angles grow on screen).
    out = (math.cos(end), math.sin(end))
    ahead = (-math.sin(end), math.cos(end))
    head, length = 0.19, 0.3
    base = (centre[0] + radius * out[0], centre[1] + radius * out[1])
    canvas.polygon(
        [
            (base[0] + head * out[0], base[1] + head * out[1]),
            (base[0] + length * ahead[0], base[1] + length * ahead[1]),
            (base[0] - head * out[0], base[1] - head * out[1]),
        ]
    )


def _trade(canvas: _Canvas) -> None:
    """Two arrows passing each other: one goes, the other comes."""
    canvas.polygon(_arrow((0.06, 0.30), (0.94, 0.30), 0.15, 0.42, 0.3))
    canvas.polygon(_arrow((0.94, 0.72), (0.06, 0.72), 0.15, 0.42, 0.3))


def _conflict(canvas: _Canvas) -> None:
    """Two crossed swords, their guards low so the blades cross cleanly."""
    for tip, hilt in (((0.08, 0.08), (0.88, 0.88)), ((0.92, 0.08), (0.12, 0.88))):
        dx, dy = hilt[0] - tip[0], hilt[1] - tip[1]
        guard = (tip[0] + dx * 0.76, tip[1] + dy * 0.76)
        canvas.polygon(_bar(tip, guard, 0.15))
        canvas.polygon(_bar(guard, hilt, 0.1))
        across = (-dy * 0.17, dx * 0.17)
        ends = (
            (guard[0] - across[0], guard[1] - across[1]),
            (guard[0] + across[0], guard[1] + across[1]),
        )
        canvas.polygon(_bar(*ends, 0.12))
        canvas.circle(hilt, 0.07)


def _discard(canvas: _Canvas) -> None:
    """An arrow going down into a tray: put away."""
    canvas.polygon(_arrow((0.5, 0.04), (0.5, 0.66), 0.16, 0.5, 0.28))
    canvas.polygon(
        [
            (0.06, 0.52),
            (0.18, 0.52),
            (0.18, 0.80),
            (0.82, 0.80),
            (0.82, 0.52),
            (0.94, 0.52),
            (0.94, 0.94),
            (0.06, 0.94),
        ],
    )


def _win(canvas: _Canvas) -> None:
    """A crown with three jewelled points."""
    canvas.polygon(
        [
            (0.14, 0.86),
            (0.09, 0.34),
            (0.33, 0.56),
            (0.5, 0.22),
            (0.67, 0.56),
            (0.91, 0.34),
            (0.86, 0.86),
        ],
    )
    for centre in ((0.09, 0.28), (0.5, 0.15), (0.91, 0.28)):
        canvas.circle(centre, 0.075)
    canvas.rect((0.0, 0.70, 1.0, 0.76), erase=True)  # the band below the points


def _info(canvas: _Canvas) -> None:
    """A small "i" in a ring."""
    canvas.circle((0.5, 0.5), 0.46, width=0.1)
    canvas.circle((0.5, 0.3), 0.08)
    canvas.rect((0.43, 0.43, 0.57, 0.76), radius=0.03)


PENS: dict[str, Pen] = {
    MOVE: _move,
    PLAY: _play,
    DRAW: _draw,
    REVEAL: _reveal,
    COINS: _coins,
    POINTS: _points,
    TURN: _turn,
    TRADE: _trade,
    CONFLICT: _conflict,
    DISCARD: _discard,
    WIN: _win,
    INFO: _info,
}
