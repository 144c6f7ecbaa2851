"""The collection's look (../shared/STYLE.md): palette, fonts, scale, panels and text."""

from __future__ import annotations

from functools import lru_cache

import pygame

from moonlight_desktop.paths import assets_dir

Color = tuple[int, int, int]

NIGHT_TOP: Color = (15, 20, 51)
NIGHT_BOTTOM: Color = (27, 34, 80)
PANEL: Color = (35, 43, 94)
PANEL_BORDER: Color = (58, 68, 133)
MOONLIGHT: Color = (243, 233, 198)
GOLD: Color = (226, 181, 74)
SILVER: Color = (201, 209, 230)
TEXT: Color = (245, 242, 232)
TEXT_ON_LIGHT: Color = (26, 26, 46)
GLOW: Color = (127, 227, 255)
WARNING: Color = (255, 122, 107)

BASE_SIZE = (1280, 720)
"""Layouts are designed at this size and scaled to the window."""

HEADING_FONT = "fonts/EBGaramond12-Regular.otf"
BODY_FONT = "fonts/Lato-Regular.ttf"
BOLD_FONT = "fonts/Lato-Bold.ttf"


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x720 design the window is (the smaller of both ratios)."""
    return min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])


@lru_cache(maxsize=64)
def font(face: str, pixels: int) -> pygame.font.Font:
    return pygame.font.Font(str(assets_dir() / face), max(8, pixels))


def forget_fonts() -> None:
    font.cache_clear()
    text.cache_clear()


def heading(pixels: int) -> pygame.font.Font:
    return font(HEADING_FONT, pixels)


def body(pixels: int) -> pygame.font.Font:
    return font(BODY_FONT, pixels)


def bold(pixels: int) -> pygame.font.Font:
    return font(BOLD_FONT, pixels)


@lru_cache(maxsize=512)
def text(face: str, pixels: int, content: str, color: Color) -> pygame.Surface:
    """Rendered text, cached: the same labels are drawn every frame."""
    return font(face, pixels).render(content, True, color)


def blit_text(
    surface: pygame.Surface,
    content: str,
    face: str,
    pixels: int,
    color: Color,
    anchor: str,
    position: tuple[float, float],
) -> pygame.Rect:
    """Draws text with one of its rect's anchors (e.g. "center", "midleft") at `position`."""
    rendered = text(face, pixels, content, color)
    rect = rendered.get_rect(**{anchor: (round(position[0]), round(position[1]))})
    surface.blit(rendered, rect)
    return rect


def fitted_size(content: str, face: str, pixels: int, width: int, smallest: int = 10) -> int:
    """The largest font size up to `pixels` at which `content` fits in `width` (long names,
    long labels shrink instead of spilling out of their box)."""
    size = pixels
    while size > smallest and font(face, size).size(content)[0] > width:
        size -= 1
    return size


@lru_cache(maxsize=512)
def wrap(content: str, face: str, pixels: int, width: int) -> tuple[str, ...]:
    """Splits text into lines no wider than `width` pixels (paragraphs on newlines); cached,
    since the same log lines and prompts are drawn every frame."""
    measure = font(face, pixels)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and measure.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=8)
def night_sky(size: tuple[int, int]) -> pygame.Surface:
    """The background gradient, made once per window size."""
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), NIGHT_TOP)
    strip.set_at((0, 1), NIGHT_BOTTOM)
    return pygame.transform.smoothscale(strip, size)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    alpha: int = 235,
    border: Color = PANEL_BORDER,
    radius: int = 14,
    width: int = 2,
) -> None:
    """A rounded translucent panel, the collection's card and dialog shape."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, border, layer.get_rect(), width=width, border_radius=radius)
    surface.blit(layer, rect)


def glow_ring(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    color: Color = GLOW,
    strength: float = 1.0,
) -> None:
    """A soft outer glow (legal targets, selection): rings of fading alpha."""
    size = int(radius * 2 + 24)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    middle = size // 2
    for step in range(6, 0, -1):
        alpha = int(153 * strength * (7 - step) / 7 / 2.2)
        pygame.draw.circle(layer, (*color, alpha), (middle, middle), radius + step * 2, width=3)
    pygame.draw.circle(layer, (*color, int(153 * strength)), (middle, middle), radius, width=3)
    surface.blit(layer, (center[0] - middle, center[1] - middle))
