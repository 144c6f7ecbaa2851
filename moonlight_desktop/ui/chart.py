"""A score-breakdown chart: each seat's score as one horizontal bar of its parts.

Positive parts stack to the right of a zero line, negative parts to its left, so a seat's
penalties (Samarkand's empty camel spaces) show as plainly as its gains. Each kind of part has
its own colour and its own texture (STYLE.md: a colour always has a shape too), named in a
legend above the bars; the seat's colour marks its name and its total ends the row.

A pure drawing helper: it draws what it is given into a rect and returns where everything went
(for hover tips and tests); it keeps no state and names no game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.i18n.pseudo import CLOSING, OPENING, marked

from . import theme

Part = tuple[str, int]
"""A part of a score as the standings give it: its label and its points."""

GAIN_COLORS: tuple[theme.Color, ...] = (
    (226, 181, 74),  # gold
    (124, 255, 225),  # aquamarine
    (145, 222, 173),  # mint
    (190, 172, 228),  # lavender
    (120, 163, 254),  # sky
    (201, 209, 230),  # silver
)
"""The colours of kinds that gain points, in legend order: light enough for dark ink on top,
apart from each other on the night panel."""
LOSS_COLORS: tuple[theme.Color, ...] = (
    (235, 104, 122),  # rose, near the warning colour
    (253, 145, 125),  # salmon
)
"""The colours of kinds that lose points (penalties), warm so that a loss reads as one."""
KIND_COLORS = GAIN_COLORS + LOSS_COLORS

PATTERNS = ("solid", "rising", "dots", "upright", "falling", "level", "cross", "checks")
"""One texture per kind, cycling with the colours: two kinds never look alike, in colour or
in shape."""

_DETAIL = re.compile(r"\s*\(([^()]*)\)\s*$")
_LEADING_COUNT = re.compile(r"^\d+\s+")
_PSEUDO_MESSAGE = re.compile(rf"{OPENING}(.*)·[^·{OPENING}{CLOSING}]*{CLOSING}")
"""A whole label in the pseudo-language: its words, then the filler that lengthens them."""


def part_kind(label: str) -> str:
    """What kind of part a label names, without its particulars: "Money (12 dirhams)" and
    "Money (3 dirhams)" are both "Money", "Least type: fruits" is "Least type", "2 sets of
    three: Saturn, ..." is "Sets of three", and "1 Jupiter pair (Score Modifier)" is
    "Score Modifier" (a bracket without a number names the kind; one with a number is a
    count). "Pass 1" and "Pass 2" stay apart: a number after the words is a name."""
    text = label.strip()
    pseudo = _PSEUDO_MESSAGE.fullmatch(text)
    if pseudo:  # its kind is read from its words (the filler would hide a bracket's end)
        return marked(part_kind(pseudo.group(1)))
    detail = _DETAIL.search(text)
    if detail:
        inside = detail.group(1).strip()
        if inside[:1].isupper() and not any(ch.isdigit() for ch in inside):
            return inside
        text = text[: detail.start()]
    text = _LEADING_COUNT.sub("", text.split(":")[0]).strip()
    return (text[:1].upper() + text[1:]) or label.strip() or _("Points")


def _kind_key(kind: str) -> str:
    """Kinds that differ only by a plural ("1 set", "2 sets") are the same kind."""
    return " ".join(word.rstrip("s") for word in kind.lower().split())


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One seat's bar: its name and colour, the parts to stack and the total at the end."""

    name: str
    color: theme.Color
    total: int
    parts: tuple[Part, ...]
    winner: bool = False


@dataclass(frozen=True, slots=True)
class Segment:
    """One part as drawn: its rect, its full label, its points and the index of its kind."""

    rect: pygame.Rect
    label: str
    points: int
    kind: int


@dataclass(slots=True)
class ChartGeometry:
    """Where the chart drew everything, in window pixels."""

    zero_x: int = 0
    legend: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    """Each kind's name and the rect of its swatch and name."""
    bars: list[list[Segment]] = field(default_factory=list)
    """Each row's segments, in the order of its parts (parts worth nothing are not drawn)."""
    names: list[pygame.Rect] = field(default_factory=list)
    totals: list[pygame.Rect] = field(default_factory=list)
    texts: list[pygame.Rect] = field(default_factory=list)
    """Every text drawn: all inside the chart's rect."""

    def segment_at(self, point: tuple[int, int]) -> Segment | None:
        for bar in self.bars:
            for segment in bar:
                if segment.rect.collidepoint(point):
                    return segment
        return None


def chart_kinds(rows: Sequence[ChartRow], kind_of: Callable[[str], str] = part_kind) -> list[str]:
    """The kinds of part in the rows, in the order the parts come: a kind first met in a later
    row goes after the kind before it there (or before the kind after it), so the legend
    reads like the rows."""
    order: list[str] = []
    shown: dict[str, str] = {}  # key -> the longest name met (plural over singular)
    for row in rows:
        kinds = [kind_of(label) for label, _points in row.parts]
        keys = [_kind_key(kind) for kind in kinds]
        for number, (kind, key) in enumerate(zip(kinds, keys, strict=True)):
            if key in shown:
                if len(kind) > len(shown[key]):
                    shown[key] = kind
                continue
            shown[key] = kind
            if number > 0:
                order.insert(order.index(keys[number - 1]) + 1, key)
                continue
            later = [order.index(k) for k in keys[number + 1 :] if k in order]
            order.insert(min(later) if later else len(order), key)
    return [shown[key] for key in order]


@dataclass(frozen=True, slots=True)
class KindStyle:
    """How a kind of part looks: its colour and its texture (one of PATTERNS)."""

    color: theme.Color
    pattern: str


def kind_styles(
    rows: Sequence[ChartRow], kinds: Sequence[str], kind_of: Callable[[str], str]
) -> list[KindStyle]:
    """Each kind's look, in legend order: the textures in turn; the colours in turn from the
    gains' colours, or from the losses' for a kind that mostly loses points."""
    balance = dict.fromkeys((_kind_key(kind) for kind in kinds), 0)
    for row in rows:
        for label, points in row.parts:
            key = _kind_key(kind_of(label))
            if key in balance:
                balance[key] += points
    styles = []
    gains = losses = 0
    for number, kind in enumerate(kinds):
        if balance[_kind_key(kind)] < 0:
            color = LOSS_COLORS[losses % len(LOSS_COLORS)]
            losses += 1
        else:
            color = GAIN_COLORS[gains % len(GAIN_COLORS)]
            gains += 1
        styles.append(KindStyle(color, PATTERNS[number % len(PATTERNS)]))
    return styles


def nice_step(span: float, most: int) -> int:
    """A round gridline step (1, 2, 5, 10, 20, ...) giving at most `most` lines over `span`."""
    step = 1
    for _step in range(12):
        for factor in (1, 2, 5):
            if span / (step * factor) <= most:
                return step * factor
        step *= 10
    return step


Marker = Callable[[pygame.Surface, int, tuple[int, int], int], None]
"""Draws row `n`'s seat mark (its figure or crest) centred at a point, a size tall."""


def draw_score_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    rows: Sequence[ChartRow],
    scale: float = 1.0,
    kind_of: Callable[[str], str] = part_kind,
    marker: Marker | None = None,
) -> ChartGeometry:
    """Draws `rows` as stacked bars inside `rect`: the legend on top, then one row per seat
    (its mark and name, its bar, its total), then the gridlines' numbers. `scale` turns design
    pixels (1280x720) into the window's; `marker` draws a seat's mark (else a disc of its
    colour). Nothing is drawn outside `rect`, whatever its size."""
    geometry = ChartGeometry()
    if rect.width < 4 or rect.height < 4 or not rows:
        return geometry
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    try:
        _Painter(surface, rect, rows, scale, kind_of, marker, geometry).draw()
    finally:
        surface.set_clip(clip)
    return geometry


class _Painter:
    """One drawing of the chart: the measures every part of it shares."""

    def __init__(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        rows: Sequence[ChartRow],
        scale: float,
        kind_of: Callable[[str], str],
        marker: Marker | None,
        geometry: ChartGeometry,
    ) -> None:
        self.surface, self.rect, self.rows, self.scale = surface, rect, rows, scale
        self.kind_of, self.marker, self.geometry = kind_of, marker, geometry
        self.kinds = chart_kinds(rows, kind_of)
        self.styles = kind_styles(rows, self.kinds, kind_of)
        self.index_of = {_kind_key(kind): number for number, kind in enumerate(self.kinds)}
        self.small = self.px(14)

    def px(self, design: float) -> int:
        return max(1, round(design * self.scale))

    def draw(self) -> None:
        rect, rows = self.rect, self.rows
        bars_top = self.draw_legend() + self.px(8)
        bars_bottom = rect.bottom - round(self.small * 1.5)  # room for the numbers below
        band = (bars_bottom - bars_top) / len(rows)
        if band < 2:
            return
        # Columns: the seat's mark and name, the bar, the total.
        name_width = min(self.px(200), rect.width * 26 // 100)
        total_width = min(self.px(64), rect.width * 12 // 100)
        gutter = self.px(12)
        bar_left = rect.left + name_width + gutter
        bar_right = rect.right - total_width - gutter
        lowest = min(0, *(_extent(row, negative=True) for row in rows))
        highest = max(0, *(_extent(row, negative=False) for row in rows))
        unit = max(0.0, (bar_right - bar_left) / max(1, highest - lowest))
        zero_x = round(bar_left - lowest * unit)
        self.geometry.zero_x = zero_x
        ticks = _ticks(lowest, highest)
        for value in ticks:
            x = round(zero_x + value * unit)
            pygame.draw.line(self.surface, theme.PANEL_BORDER, (x, bars_top), (x, bars_bottom))
        self.draw_axis_numbers(ticks, zero_x, unit, bars_bottom)
        thickness = max(2, min(round(band * 0.62), self.px(30)))
        for number, row in enumerate(rows):
            middle = round(bars_top + band * (number + 0.5))
            self.draw_name(number, row, middle, name_width, band)
            self.geometry.bars.append(self.draw_bar(row, zero_x, unit, middle, thickness))
            self.draw_total(row, middle, total_width, band)
        pygame.draw.line(
            self.surface,
            theme.MOONLIGHT,
            (zero_x, bars_top),
            (zero_x, bars_bottom),
            self.px(2),
        )

    def draw_legend(self) -> int:
        """The kinds in a line (wrapping if need be), each after a swatch of its colour and
        texture; returns the bottom of the legend."""
        rect, size = self.rect, self.small
        swatch = max(4, round(size * 0.95))
        line_height = max(swatch, theme.line_step(theme.BODY_FONT, size))
        gap, x, y = self.px(18), rect.left, rect.top
        for number, kind in enumerate(self.kinds):
            room = max(1, min(rect.width - swatch - self.px(6), self.px(280)))
            words, words_size = theme.fit(kind, theme.BODY_FONT, size, room, 8)
            width = swatch + self.px(6) + theme.text_width(words, theme.BODY_FONT, words_size)
            if x > rect.left and x + width > rect.right:
                x, y = rect.left, y + line_height + self.px(2)
            box = pygame.Rect(x, y + (line_height - swatch) // 2, swatch, swatch)
            fill_part(self.surface, box, self.styles[number], self.scale)
            text = theme.blit_text(
                self.surface,
                words,
                theme.BODY_FONT,
                words_size,
                theme.SILVER,
                "midleft",
                (box.right + self.px(6), y + line_height / 2),
            )
            self.geometry.legend.append((kind, box.union(text)))
            self.geometry.texts.append(text)
            x += width + gap
        return y + line_height if self.kinds else rect.top

    def draw_axis_numbers(
        self, ticks: Sequence[int], zero_x: int, unit: float, bars_bottom: int
    ) -> None:
        """The gridlines' numbers under the bars, zero first; a number that would collide with
        one already drawn (or leave the rect) is left out."""
        size = self.small
        height = theme.font(theme.BODY_FONT, size).get_height()
        taken: list[pygame.Rect] = []
        for value in (0, *ticks):
            words = str(value)
            place = pygame.Rect(0, 0, theme.text_width(words, theme.BODY_FONT, size), height)
            place.midtop = (round(zero_x + value * unit), bars_bottom + 2)
            spaced = place.inflate(self.px(10), 0)
            if not self.rect.contains(place) or spaced.collidelist(taken) >= 0:
                continue
            color = theme.MOONLIGHT if value == 0 else theme.SILVER
            drawn = theme.blit_text(
                self.surface, words, theme.BODY_FONT, size, color, "midtop", place.midtop
            )
            taken.append(drawn)
            self.geometry.texts.append(drawn)

    def draw_name(self, number: int, row: ChartRow, middle: int, width: int, band: float) -> None:
        """The seat's mark (or a disc of its colour), its name after it (shrunk, then cut
        short, to fit); a winner's mark has a gold ring."""
        mark = max(4, min(self.px(30), round(band * 0.8)))
        centre = (self.rect.left + mark // 2 + 1, middle)
        if self.marker is not None:
            self.marker(self.surface, number, centre, mark)
        else:
            pygame.draw.circle(self.surface, row.color, centre, mark * 0.32)
            if row.winner:
                pygame.draw.circle(
                    self.surface, theme.GOLD, centre, mark * 0.32 + self.px(3), self.px(2)
                )
        left = centre[0] + mark // 2 + self.px(8)
        size = max(theme.FONT_PIXELS[0], min(self.px(17), round(band * 0.55)))
        words, size = theme.fit(
            row.name, theme.BOLD_FONT, size, max(1, self.rect.left + width - left), 8
        )
        ink = theme.MOONLIGHT if row.winner else theme.TEXT
        drawn = theme.blit_text(
            self.surface, words, theme.BOLD_FONT, size, ink, "midleft", (left, middle)
        )
        self.geometry.names.append(drawn)
        self.geometry.texts.append(drawn)

    def draw_bar(
        self, row: ChartRow, zero_x: int, unit: float, middle: int, thickness: int
    ) -> list[Segment]:
        """The row's parts end to end: gains rightwards from zero, losses leftwards."""
        segments: list[Segment] = []
        top = middle - thickness // 2
        reach = {True: 0, False: 0}  # points stacked so far on each side (negative: True)
        for label, points in row.parts:
            if points == 0:
                continue
            negative = points < 0
            start = reach[negative]
            reach[negative] += points
            a, b = round(zero_x + start * unit), round(zero_x + reach[negative] * unit)
            kind = self.index_of.get(_kind_key(self.kind_of(label)), 0)
            box = pygame.Rect(min(a, b), top, max(1, abs(b - a)), thickness)
            fill_part(self.surface, box, self.styles[kind], self.scale)
            segments.append(Segment(box, label, points, kind))
        # A dark seam between neighbours, so two parts of one kind still read as two.
        for segment in segments:
            box = segment.rect
            for edge in (box.left, box.right):
                if edge != zero_x:
                    pygame.draw.line(
                        self.surface,
                        theme.PANEL,
                        (edge, box.top),
                        (edge, box.bottom - 1),
                        self.px(2),
                    )
        for segment in segments:
            self.label_segment(segment)
        return segments

    def label_segment(self, segment: Segment) -> None:
        """The part's points on it, when they fit: the bar reads without the axis."""
        box = segment.rect
        size = min(self.px(15), round(box.height * 0.7))
        if size < theme.FONT_PIXELS[0]:
            return
        words = str(segment.points)
        width = theme.text_width(words, theme.BOLD_FONT, size)
        if width + self.px(10) > box.width:
            return
        plate = pygame.Rect(0, 0, width + self.px(8), round(size * 1.15))
        plate.center = box.center
        pygame.draw.rect(self.surface, theme.MOONLIGHT, plate, border_radius=self.px(4))
        theme.blit_text(
            self.surface, words, theme.BOLD_FONT, size, theme.TEXT_ON_LIGHT, "center", box.center
        )

    def draw_total(self, row: ChartRow, middle: int, width: int, band: float) -> None:
        """The total at the row's end: gold for a winner."""
        words = str(row.total)
        size = max(theme.FONT_PIXELS[0], min(self.px(28), round(band * 0.8)))
        size = theme.fitted_size(words, theme.HEADING_FONT, size, max(1, width), 8)
        color = theme.GOLD if row.winner else theme.MOONLIGHT
        drawn = theme.blit_text(
            self.surface,
            words,
            theme.HEADING_FONT,
            size,
            color,
            "midright",
            (self.rect.right, middle),
        )
        self.geometry.totals.append(drawn)
        self.geometry.texts.append(drawn)


def _extent(row: ChartRow, negative: bool) -> int:
    """How far a row's bar reaches from zero on one side (points, signed)."""
    return sum(points for _label, points in row.parts if (points < 0) == negative)


def _ticks(lowest: int, highest: int) -> list[int]:
    """The gridlines: round numbers over the range, zero left out (it has its own line)."""
    step = nice_step(highest - lowest, 6)
    first = math.ceil(lowest / step) * step
    return [value for value in range(first, highest + 1, step) if value != 0]


def fill_part(surface: pygame.Surface, box: pygame.Rect, style: KindStyle, scale: float) -> None:
    """A kind's colour filling `box`, with its texture in a darker shade of the colour."""
    pygame.draw.rect(surface, style.color, box)
    if style.pattern == "solid" or box.width < 3 or box.height < 3:
        return
    ink = tuple(round(channel * 0.7) for channel in style.color)
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip))
    gap = max(4, round(8 * scale))
    thin = max(1, round(1.5 * scale))
    left, top, right, bottom = box.left, box.top, box.right, box.bottom
    pattern = style.pattern
    if pattern in ("rising", "cross"):
        for x in range(left - box.height, right + gap, gap):
            pygame.draw.line(surface, ink, (x, bottom), (x + box.height, top), thin)
    if pattern in ("falling", "cross"):
        for x in range(left - box.height, right + gap, gap):
            pygame.draw.line(surface, ink, (x, top), (x + box.height, bottom), thin)
    if pattern == "upright":
        for x in range(left + gap // 2, right, gap):
            pygame.draw.line(surface, ink, (x, top), (x, bottom), thin)
    if pattern == "level":
        for y in range(top + gap // 2, bottom, gap):
            pygame.draw.line(surface, ink, (left, y), (right, y), thin)
    if pattern == "dots":
        radius = max(1, round(1.7 * scale))
        for line, y in enumerate(range(top + gap // 2, bottom, gap)):
            for x in range(left + gap // 2 + (gap // 2 if line % 2 else 0), right, gap):
                pygame.draw.circle(surface, ink, (x, y), radius)
    if pattern == "checks":
        for line, y in enumerate(range(top, bottom, gap)):
            for x in range(left + (gap if line % 2 else 0), right, 2 * gap):
                pygame.draw.rect(surface, ink, (x, y, gap, gap))
    surface.set_clip(clip)
