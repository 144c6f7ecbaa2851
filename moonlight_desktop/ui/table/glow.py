"""The glow that points at a choice: a pulsing frame round a hinted button or piece, a ring and
an arrow over a hinted place on a board (a hint's, a lesson's pointers), and the pulse they
swell by."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from moonlight_desktop.ui import theme
from moonlight_desktop.ui.sizes import new_surface


def glow_pulse(glow_time: float) -> float:
    """How far a hint's (or a lesson's) glow has swollen at the table's ambient `glow_time`,
    0 to 1 and back."""
    return 0.5 + 0.5 * math.sin(glow_time * 3.2)


def draw_nested_frames(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: tuple[int, int, int],
    alphas: Sequence[int],
    inset: int,
    radius: int,
) -> None:
    """Rounded frames filling `rect`, each `inset` pixels inside the one before, with the
    `alphas` outermost first: the soft glow a game draws round what may be chosen."""
    layer = new_surface(rect.size, pygame.SRCALPHA)
    for step, alpha in enumerate(alphas):
        frame = layer.get_rect().inflate(-step * inset, -step * inset)
        pygame.draw.rect(layer, (*color, alpha), frame, width=3, border_radius=radius)
    surface.blit(layer, rect)


def draw_glow_frame(
    surface: pygame.Surface,
    rect: pygame.Rect,
    pulse: float,
    px: Callable[[float], int],
    arrow: bool = False,
    corner: int | None = None,
) -> None:
    """A pulsing frame in the glow colour round `rect` (a hinted button or piece), with a
    small arrow above it pointing down when `arrow` (on a board, among other choices);
    `corner`: its corners' radius (by default slightly rounded)."""
    if arrow:
        tip = (rect.centerx, rect.top - px(6 + 3 * pulse))
        draw_hint_arrow(surface, tip, px(10), px)
    for step in range(4, 0, -1):
        alpha = round((60 + 90 * pulse) * (5 - step) / 5)
        frame = rect.inflate(2 * px(step * 1.5), 2 * px(step * 1.5))
        layer = pygame.Surface(frame.size, pygame.SRCALPHA)
        radius = px(10) if corner is None else corner + px(step * 1.5)
        pygame.draw.rect(
            layer, (*theme.GLOW, alpha), layer.get_rect(), width=px(2), border_radius=radius
        )
        surface.blit(layer, frame)
    width = px(3)
    edge = rect.inflate(2 * width, 2 * width)  # the line lies just outside what it frames
    radius = px(8) if corner is None else corner + width
    pygame.draw.rect(surface, theme.GLOW, edge, width, border_radius=radius)
    if 2 * radius >= min(edge.size):  # a ring
        theme.drew_ring(surface, rect.center, rect.width / 2, rect.width / 2 + px(6))
    else:
        theme.drew_frame(surface, rect.inflate(2 * px(6), 2 * px(6)), rect)


def draw_hint_marker(
    surface: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    pulse: float,
    px: Callable[[float], int],
    filled: bool = True,
) -> None:
    """The hinted place on a board: a glowing disc and a thick pulsing ring in the glow
    colour, with a small arrow above pointing down at it, unlike any ordinary choice. Not
    `filled`: the ring alone, so what it rings stays readable (a lesson's note)."""
    grow = radius + px(3 + 4 * pulse)
    size = round(2 * (grow + px(6)))
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    middle = size // 2
    if filled:
        pygame.draw.circle(layer, (*theme.GLOW, round(50 + 40 * pulse)), (middle, middle), grow)
    pygame.draw.circle(layer, (*theme.GLOW, 255), (middle, middle), grow, width=px(5))
    surface.blit(layer, (centre[0] - middle, centre[1] - middle))
    # All the ring sweeps as it pulses: it may cover no text, not even what it rings.
    theme.drew_ring(surface, centre, 0 if filled else radius + px(3) - px(5), radius + px(7))
    tip = (centre[0], centre[1] - grow - px(4 + 3 * pulse))
    draw_hint_arrow(surface, tip, px(12), px)


def draw_hint_arrow(
    surface: pygame.Surface, tip: tuple[float, float], head: int, px: Callable[[float], int]
) -> None:
    """A small arrow in the glow colour pointing down at `tip`."""
    points = [(tip[0] - head, tip[1] - head * 1.4), (tip[0] + head, tip[1] - head * 1.4), tip]
    pygame.draw.polygon(surface, theme.GLOW, points)
    pygame.draw.polygon(surface, theme.NIGHT_TOP, points, width=max(1, px(1.5)))
    # As far as it reaches while it bobs (3 design pixels up or down).
    reach = pygame.Rect(0, 0, 2 * head, round(head * 1.4) + 2 * px(3))
    reach.midbottom = (round(tip[0]), round(tip[1]) + px(3))
    theme.drew_frame(surface, reach, pygame.Rect(0, 0, 0, 0))
