"""The collection's look (../shared/STYLE.md): palette, fonts, scale, panels and text."""

from __future__ import annotations

import io
import re
import struct
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Protocol

import pygame

from moonlight_desktop.paths import assets_dir

from .drawn import Drawing
from .sizes import BASE_SIZE as BASE_SIZE
from .sizes import new_surface, surface_size

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
FOCUS: Color = (255, 214, 102)
"""The keyboard focus ring: a bright gold that stands clear of every panel and seat colour."""
MUTED: Color = PANEL_BORDER
"""A quiet colour inside a panel: a button's fill under the mouse (text stays readable on it),
the ink of a control that cannot be used now."""

_THEMED = (
    *("NIGHT_TOP", "NIGHT_BOTTOM", "PANEL", "PANEL_BORDER", "MOONLIGHT", "GOLD", "SILVER"),
    *("TEXT", "TEXT_ON_LIGHT", "GLOW", "WARNING", "FOCUS", "MUTED"),
)
"""The colours a theme sets. Code reads them as `theme.X` when it draws, so that switching
the theme (`use_high_contrast`) reaches every screen."""
NORMAL_PALETTE: dict[str, Color] = {name: globals()[name] for name in _THEMED}
HIGH_CONTRAST_PALETTE: dict[str, Color] = {
    **NORMAL_PALETTE,
    "NIGHT_TOP": (0, 0, 0),
    "NIGHT_BOTTOM": (6, 8, 22),
    "PANEL": (6, 8, 24),
    "PANEL_BORDER": (236, 238, 248),
    "MOONLIGHT": (255, 247, 222),
    "GOLD": (255, 208, 92),
    "SILVER": (226, 231, 244),
    "TEXT": (255, 255, 255),
    "GLOW": (140, 236, 255),
    "WARNING": (255, 150, 136),
    "MUTED": (56, 60, 96),
}
"""The high-contrast theme (Xbox Accessibility Guideline 104): the same hues, every text and
control at least 7:1 against a near-black panel (WCAG AAA), panels opaque, borders light and
thicker, no stars in the sky."""
high_contrast = False
"""Whether the high-contrast palette is in use (`use_high_contrast`)."""

FONT_PIXELS = (8, 1000)
"""No font is loaded smaller or larger than this: below 8 px every size draws alike, and the
largest window draws the 100 px title at 600 px (FreeType fails somewhere far above)."""
MIN_TEXT = 13
"""The smallest text at the 1280x720 design size, in pixels (STYLE.md); it grows with the
window (`smallest_text`)."""
_UNRENDERABLE = re.compile("[\x00\ud800-\udfff]")
ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"

HEADING_FONT = "fonts/EBGaramond12-Regular.otf"
BODY_FONT = "fonts/Lato-Regular.ttf"
BOLD_FONT = "fonts/Lato-Bold.ttf"


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x720 design the window is (the smaller of both ratios)."""
    return min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])


def smallest_text(scale: float | None = None) -> int:
    """The smallest text a window of `scale` (`ui_scale`; by default the window on screen's)
    may draw, in pixels."""
    if scale is None:
        window = pygame.display.get_surface()
        scale = ui_scale(window.get_size()) if window is not None else 0.0
    return _loaded(round(MIN_TEXT * scale))


def _loaded(pixels: int) -> int:
    """The size a font of `pixels` is loaded at (within FONT_PIXELS)."""
    return min(max(pixels, FONT_PIXELS[0]), FONT_PIXELS[1])


def legible(pixels: int) -> int:
    """`pixels`, or the smallest text the window on screen allows when that is larger: for
    text sized with a board's own scale, which may be smaller than the window's."""
    return max(pixels, smallest_text())


@lru_cache(maxsize=64)
def font(face: str, pixels: int) -> pygame.font.Font:
    if face == HEADING_FONT:
        return pygame.font.Font(io.BytesIO(_lining_heading_font()), _loaded(pixels))
    return pygame.font.Font(str(assets_dir() / face), _loaded(pixels))


@lru_cache(maxsize=1)
def _lining_heading_font() -> bytes:
    """The heading font with lining figures: EB Garamond draws old-style ones by default
    ("Player 1" reads like "Player i"), and pygame cannot ask for the font's `lnum` feature. So
    that feature is renamed `rlig`, one the text shaper (HarfBuzz) always applies: the same
    glyphs the font's designer made for lining figures, on by default."""
    data = bytearray((assets_dir() / HEADING_FONT).read_bytes())
    (tables,) = struct.unpack_from(">H", data, 4)
    for index in range(tables):
        tag, _checksum, table, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if tag != b"GSUB":
            continue
        (features,) = struct.unpack_from(">H", data, table + 6)
        (count,) = struct.unpack_from(">H", data, table + features)
        for feature in range(count):
            at = table + features + 2 + 6 * feature
            if data[at : at + 4] == b"lnum":
                data[at : at + 4] = b"rlig"
    return bytes(data)


class Cache(Protocol):
    def cache_clear(self) -> None: ...


_with_text: list[Cache] = []
_with_colours: list[Cache] = []


def forget_with_fonts(cache: Cache) -> None:
    """Registers a cache of pictures with text drawn on them (a page of the rules): it is
    emptied with the fonts."""
    _with_text.append(cache)


def forget_with_colours(cache: Cache) -> None:
    """Registers a cache of pictures drawn in the theme's colours (the sky, a heading's
    halo): it is emptied when the theme changes."""
    _with_colours.append(cache)


def use_high_contrast(on: bool) -> None:
    """Switches the whole collection to the high-contrast palette or back: the colours are
    bound again and every picture cached in the old ones is forgotten."""
    global high_contrast
    high_contrast = on
    globals().update(HIGH_CONTRAST_PALETTE if on else NORMAL_PALETTE)
    forget_fonts()
    for cache in _with_colours:
        cache.cache_clear()


def forget_fonts() -> None:
    font.cache_clear()
    text.cache_clear()
    for cache in _with_text:
        cache.cache_clear()


def heading(pixels: int) -> pygame.font.Font:
    return font(HEADING_FONT, pixels)


TALLEST_LETTERS = "ÅÉÖŴÇgjpýÿ"
"""Accented capitals over descenders: the letters whose ink reaches furthest up and down."""


@lru_cache(maxsize=128)
def line_step(face: str, pixels: int) -> int:
    """The distance from one line to the next: the font's line size, or its accented
    capitals' and descenders' height where that is more (at some sizes an "Ä" under a line
    with a "g" would touch it, in German and French)."""
    measure = font(face, pixels)
    ink = measure.render(TALLEST_LETTERS, True, (255, 255, 255)).get_bounding_rect()
    return max(measure.get_linesize(), ink.height)


def body(pixels: int) -> pygame.font.Font:
    return font(BODY_FONT, pixels)


def bold(pixels: int) -> pygame.font.Font:
    return font(BOLD_FONT, pixels)


def renderable(content: str) -> str:
    """`content` with what pygame refuses to draw or measure (a NUL, a lone surrogate) shown
    as a replacement mark: names come from files too."""
    return _UNRENDERABLE.sub("\N{REPLACEMENT CHARACTER}", content)


@lru_cache(maxsize=512)
def text(face: str, pixels: int, content: str, color: Color) -> pygame.Surface:
    """Rendered text, cached: the same labels are drawn every frame."""
    return font(face, pixels).render(renderable(content), True, color)


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
    if _drawing is not None:
        _drawing.text(surface, content, face, _loaded(pixels), rendered, rect)
    return rect


def blit_lines_from(
    surface: pygame.Surface,
    lines: Sequence[str],
    face: str,
    pixels: int,
    color: Color,
    anchor: str,
    first: tuple[float, float],
    step: float | None = None,
) -> None:
    """Draws `lines` one under another, `step` apart (by default `line_step`, as
    `fit_lines` counts), the first with its `anchor` at `first` (each line placed as
    `blit_text` places it)."""
    x, y = first
    if step is None:
        step = line_step(face, pixels)
    for number, line in enumerate(lines):
        blit_text(surface, line, face, pixels, color, anchor, (x, y + number * step))


def text_width(content: str, face: str, pixels: int) -> int:
    return font(face, pixels).size(renderable(content))[0]


def fitted_size(
    content: str, face: str, pixels: int, width: int, smallest: int | None = None
) -> int:
    """The largest font size up to `pixels` at which `content` fits in `width` (long names,
    long labels shrink instead of spilling out of their box), but not below `smallest` (by
    default the window's `smallest_text`)."""
    size, smallest = pixels, smallest_text() if smallest is None else _loaded(smallest)
    while size > smallest and text_width(content, face, size) > width:
        size -= 1
    return size


def fit(
    content: str, face: str, pixels: int, width: int, smallest: int | None = None
) -> tuple[str, int]:
    """`content` and the size to draw it at in `width`: shrunk as far as `smallest`, then cut
    short with an ellipsis, so that not even the longest name spills out of its box."""
    size = fitted_size(content, face, pixels, width, smallest)
    return ellipsized(content, face, size, width), size


def fit_lines(
    content: str, face: str, pixels: int, width: int, height: int, smallest: int | None = None
) -> tuple[tuple[str, ...], int]:
    """`content` in a box: on one line, shrunk as far as `smallest` (by default the window's
    `smallest_text`); failing that, on as many lines as `height` holds, at the largest size
    they fit (not below `smallest`); failing that, as many lines as it holds at `smallest`,
    the last cut short. A button's label stays whole and inside the button wherever it can."""
    smallest = smallest_text() if smallest is None else _loaded(smallest)
    size = fitted_size(content, face, pixels, width, smallest)
    if text_width(content, face, size) <= width:
        return (content,), size
    for size in range(pixels, smallest - 1, -1):
        lines = wrap(content, face, size, width)
        if len(lines) * line_step(face, size) <= height and all(
            text_width(line, face, size) <= width for line in lines
        ):
            return lines, size
    # As many lines as the height holds at the smallest size, the last one cut short.
    size = max(min(pixels, smallest), FONT_PIXELS[0])
    lines = wrap(content, face, size, width)
    kept = max(1, height // line_step(face, size))
    if kept == 1:
        return (ellipsized(content, face, size, width),), size
    rest = " ".join(lines[kept - 1 :])
    return (*lines[: kept - 1], ellipsized(rest, face, size, width)), size


def ellipsized(content: str, face: str, pixels: int, width: int) -> str:
    """`content`, or its longest beginning that fits `width` with an ellipsis after it."""
    if text_width(content, face, pixels) <= width:
        return content
    low, high = 0, len(content)  # binary search: names are short, log lines are not
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(content[:middle].rstrip() + ELLIPSIS, face, pixels) <= width:
            low = middle
        else:
            high = middle - 1
    return content[:low].rstrip() + ELLIPSIS


_LINE_BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")
"""Where a line may break: any space but the no-break ones (French writes "prenez-le\u202f!"
and "1\u202f234", German "z.\u00a0B."), which hold their neighbours together."""


@lru_cache(maxsize=512)
def wrap(content: str, face: str, pixels: int, width: int) -> tuple[str, ...]:
    """Splits text into lines no wider than `width` pixels (paragraphs on newlines; a word
    longer than a line, such as a long name, is broken); cached, since the same log lines and
    prompts are drawn every frame."""
    measure = font(face, pixels)
    lines: list[str] = []
    for paragraph in renderable(content).split("\n"):
        line = ""
        words = (word for word in _LINE_BREAKS.split(paragraph) if word)
        pieces = (piece for word in words for piece in word_pieces(word, measure, width))
        for piece in pieces:
            trial = f"{line} {piece}".strip()
            if line and measure.size(trial)[0] > width:
                lines.append(line)
                line = piece
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


def word_pieces(word: str, measure: pygame.font.Font, width: int) -> list[str]:
    """`word`, or pieces of it that each fit `width` when it does not."""
    if measure.size(word)[0] <= width:
        return [word]
    pieces = [""]
    for letter in word:
        if pieces[-1] and measure.size(pieces[-1] + letter)[0] > width:
            pieces.append("")
        pieces[-1] += letter
    return pieces


@lru_cache(maxsize=8)
def night_sky(size: tuple[int, int]) -> pygame.Surface:
    """The background gradient, made once per window size."""
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), NIGHT_TOP)
    strip.set_at((0, 1), NIGHT_BOTTOM)
    return pygame.transform.smoothscale(strip, surface_size(*size))


forget_with_colours(night_sky)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    alpha: int = 235,
    border: Color | None = None,
    radius: int = 14,
    width: int = 2,
) -> None:
    """A rounded translucent panel, the collection's card and dialog shape (in high contrast
    opaque, its border twice as thick; `border` by default the theme's)."""
    if high_contrast:
        alpha, width = 255, 2 * width
    layer = new_surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=radius)
    edge = PANEL_BORDER if border is None else border
    pygame.draw.rect(layer, edge, layer.get_rect(), width=width, border_radius=radius)
    surface.blit(layer, rect)
    holds_text(surface, rect)


# What a frame drew, for tests -----------------------------------------------------------------

_drawing: Drawing | None = None


@contextmanager
def recording(window: pygame.Surface) -> Iterator[Drawing]:
    """Keeps what is drawn on `window` (and on the layers blitted onto it) while it lasts:
    each text's ink box and size, the panels, the stars. For tests; off otherwise, where
    each drawing call pays one test of a global."""
    global _drawing
    forget_fonts()  # no cached layer keeps text drawn before the recording began
    _drawing = Drawing(window)
    try:
        yield _drawing
    finally:
        _drawing = None


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float, radius: int = 0) -> None:
    """The visible keyboard focus round `rect`: a thick bright ring just outside it, with a
    dark edge inside so that it reads on light and dark alike (WCAG 2.4.7, 2.4.11)."""
    gap = max(2, round(3 * scale))
    width = max(2, round(3 * scale))
    outer = rect.inflate(2 * (gap + width), 2 * (gap + width))
    rounding = radius + gap + width if radius else 0
    pygame.draw.rect(surface, FOCUS, outer, width=width, border_radius=rounding)
    inner = rect.inflate(2 * gap, 2 * gap)
    edge = max(1, round(scale))
    pygame.draw.rect(surface, TEXT_ON_LIGHT, inner, width=edge, border_radius=rounding)


def holds_text(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Says that `rect` is a box text is drawn in (a panel, a button, a card): its text stays
    inside, and nothing drawn later covers text. `panel` says it of itself."""
    if _drawing is not None:
        _drawing.box(surface, rect)


def drew_star(surface: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
    """Says that a star of the sky shines `radius` round `centre` (never under text or a
    panel)."""
    if _drawing is not None:
        _drawing.star(surface, centre, radius)


def drew_ring(
    surface: pygame.Surface, centre: tuple[float, float], inner: float, outer: float
) -> None:
    """Says that a ring pointing something out lies between `inner` and `outer` round
    `centre` (never over text, not even the number it rings)."""
    if _drawing is not None:
        _drawing.ring(surface, centre, inner, outer)


def drew_frame(surface: pygame.Surface, outer: pygame.Rect, inner: pygame.Rect) -> None:
    """Says that a frame pointing something out lies between `outer` and `inner` (an arrow:
    `inner` empty): never over text, not even what it frames."""
    if _drawing is not None:
        _drawing.frame(surface, outer, inner)


def veiled(surface: pygame.Surface) -> None:
    """Everything drawn on `surface` so far lies under a veil (the scene under a dialog):
    what is drawn next is read on its own."""
    if _drawing is not None and surface is _drawing.window:
        _drawing.clear()


def hidden_under(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """What was drawn wholly inside `rect` is about to be hidden on purpose, under a sheet laid
    over it (Samarkand's stop prices over the merchants' panels): out of sight, not covered.
    Whatever it would cut in part is still held to the rules."""
    if _drawing is not None:
        _drawing.hide(surface, rect)


def blit_picture(
    surface: pygame.Surface,
    picture: pygame.Surface,
    at: tuple[float, float] | pygame.Rect,
    area: pygame.Rect | None = None,
) -> None:
    """Blits `picture` (or its `area`) with its top left at `at`, with any text drawn on it
    (a card's face, a page of the rules): a picture may cover no text drawn before it."""
    drawn = surface.blit(picture, at, area)
    if _drawing is not None:
        _drawing.layer(surface, picture, drawn.topleft, area)


def glow_ring(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    color: Color | None = None,
    strength: float = 1.0,
    width: int = 3,
) -> None:
    """A ring of `color` (by default the theme's glow) at 60% alpha (STYLE.md's legal-target
    glow) `width` pixels wide, in a soft outer glow of fading rings; `strength` scales the
    glow."""
    color = GLOW if color is None else color
    halo = 2 * width + 6
    layer = new_surface((2 * (radius + halo) + 4, 2 * (radius + halo) + 4), pygame.SRCALPHA)
    middle = layer.get_width() // 2
    for step in range(halo, 0, -1):
        alpha = min(255, int(153 * strength * (halo + 1 - step) / (halo + 1) / 1.6))
        pygame.draw.circle(layer, (*color, alpha), (middle, middle), radius + step, width=2)
    pygame.draw.circle(layer, (*color, 153), (middle, middle), radius, width=width)
    surface.blit(layer, (center[0] - middle, center[1] - middle))
