"""The rules reader: a game's rules text (`GameUI.rules`) with headings and small pictures
of the pieces, scrolled with the wheel, the arrow keys or the scrollbar; a contents list on
the left jumps to a section."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.menu import (
    MenuScene,
    go_back,
    heading_box,
    heading_with_glow,
    scroll_target,
)
from moonlight_desktop.ui.sizes import new_surface, surface_size
from moonlight_desktop.ui.table.game_ui import RulesItem, RulesText
from moonlight_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App


@dataclass(frozen=True, slots=True)
class Para:
    text: str


@dataclass(frozen=True, slots=True)
class Item:
    """A list entry, led by a picture of a piece (or a bullet when `picture` is None)."""

    text: str
    picture: str | None = None


Block = Para | Item


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    blocks: tuple[Block, ...]


# Layout in design units.
VIEW = (330, 112, 884, 494)  # x, y, width, height of the scrolling text
NAV_X, NAV_TOP, NAV_STEP = 56, 136, 40
BODY_PX, HEADING_PX, PICTURE_PX = 19, 34, 40
LINE = 1.5
WHEEL_STEP, KEY_STEP = 90, 60
_TOKEN = re.compile(r"(\s*)(\{[a-z_]+\}|[^\s{]+)")


@dataclass(frozen=True, slots=True)
class Words:
    """Text to draw on the page: a word of the body, or a heading."""

    content: str
    face: str
    pixels: int
    color: theme.Color


Ops = list[tuple[pygame.Surface | Words, tuple[int, int]]]
"""What goes on the page where, in order."""


@dataclass(frozen=True, slots=True)
class Document:
    surface: pygame.Surface
    section_tops: tuple[int, ...]


def _layout_text(
    pictures: str,
    text: str,
    width: int,
    pixels: int,
    ops: Ops,
    left: int,
    top: int,
) -> int:
    """Lays out words and inline pictures from (left, top); returns the height used."""
    font = theme.font(theme.BODY_FONT, pixels)
    line_height = round(pixels * LINE)
    size = round(pixels * 1.5)
    space = font.size(" ")[0]
    x, y = 0, 0
    for match in _TOKEN.finditer(text):
        spaced, token = bool(match.group(1)), match.group(2)
        art: pygame.Surface | Words
        if token.startswith("{"):
            art = picture(pictures, token[1:-1], size)
            art_width, art_height = art.get_size()
        else:
            art = Words(token, theme.BODY_FONT, pixels, theme.TEXT)
            art_width, art_height = font.size(theme.renderable(token))
        gap = space if spaced and x > 0 else 0
        if x > 0 and x + gap + art_width > width:
            x, y, gap = 0, y + line_height, 0
        offset = (line_height - art_height) // 2
        ops.append((art, (left + x + gap, top + y + offset)))
        x += gap + art_width
    return y + line_height


def sections_of(text: RulesText) -> tuple[Section, ...]:
    """A game's rules text as the reader's sections."""
    return tuple(
        Section(
            part.heading,
            tuple(
                Item(block.text, block.picture) if isinstance(block, RulesItem) else Para(block)
                for block in part.paragraphs
            ),
        )
        for part in text.sections
    )


def picture(folder: str, name: str, size: int) -> pygame.Surface:
    """A square picture of a piece from the game's asset folder."""
    return assets.image(f"{folder}/{name}.svg" if folder else f"{name}.svg", size, size)


@lru_cache(maxsize=4)
def render_document(
    sections: tuple[Section, ...], pictures: str, width: int, scale: float
) -> Document:
    """The whole text as one tall picture, made once per text and size."""

    def px(design: float) -> int:
        return max(1, round(design * scale))

    ops: Ops = []
    lines: list[tuple[int, int, int]] = []  # gold rules under the headings: x0, x1, y
    tops: list[int] = []
    y = px(8)
    body = px(BODY_PX)
    for number, section in enumerate(sections):
        if number:
            y += px(30)
        tops.append(max(0, y - px(8)))
        title = Words(section.title, theme.HEADING_FONT, px(HEADING_PX), theme.MOONLIGHT)
        ops.append((title, (px(16), y)))
        title_width, title_height = theme.font(title.face, title.pixels).size(title.content)
        y += title_height + px(2)
        lines.append((px(16), px(16) + min(width - px(32), title_width + px(60)), y))
        y += px(14)
        for block in section.blocks:
            if isinstance(block, Para):
                y += _layout_text(pictures, block.text, width - px(40), body, ops, px(16), y) + px(
                    8
                )
                continue
            indent = px(64)
            start = y
            height = _layout_text(
                pictures, block.text, width - indent - px(24), body, ops, indent, y
            )
            if block.picture:
                art = picture(pictures, block.picture, px(PICTURE_PX))
                ops.append(
                    (art, (px(16), start + max(0, (round(body * LINE) - art.get_height()) // 2)))
                )
                height = max(height, art.get_height() + px(4))
            else:
                dot = pygame.Surface((px(8), px(8)), pygame.SRCALPHA)
                pygame.draw.circle(dot, theme.GOLD, (px(4), px(4)), px(4) - 0.5)
                ops.append((dot, (px(40), start + round(body * LINE) // 2 - px(4))))
            y += height + px(8)
    height = y + px(24)
    document = new_surface((width, height), pygame.SRCALPHA)
    for x0, x1, line_y in lines:
        pygame.draw.line(document, theme.GOLD, (x0, line_y), (x1, line_y), px(2))
    for shown, position in ops:
        if isinstance(shown, Words):
            theme.blit_text(
                document, shown.content, shown.face, shown.pixels, shown.color, "topleft", position
            )
        else:
            document.blit(shown, position)
    return Document(document, tuple(tops))


theme.forget_with_fonts(render_document)


class RulesScene(MenuScene):
    def __init__(
        self,
        app: App,
        rules: RulesText,
    ) -> None:
        """Reads `rules`, a game's rules text."""
        super().__init__(app)
        self.title = rules.title
        self.sections = sections_of(rules)
        self.pictures = rules.pictures
        self.back_button = Button(label="Back", on_click=lambda: go_back(self.app))
        self.scroll = 0.0
        self.target = 0.0
        self.dragging: float | None = None  # mouse y minus thumb top while dragging
        self.view = pygame.Rect(0, 0, 0, 0)
        self.document: Document | None = None

    # Layout --------------------------------------------------------------------------------

    def layout(self) -> None:
        f = self.frame
        fraction = self.scroll / self.max_scroll if self.max_scroll else 0.0
        self.view = f.rect(*VIEW)
        self.document = render_document(self.sections, self.pictures, self.view.width, f.scale)
        self.scroll = self.target = fraction * self.max_scroll
        self.add(self.back_button, f.rect(40, 626, 140, 50), "Back (Esc)")

    @property
    def max_scroll(self) -> float:
        if self.document is None:
            return 0.0
        return float(max(0, self.document.surface.get_height() - self.view.height))

    def nav_rect(self, number: int) -> pygame.Rect:
        return self.frame.rect(NAV_X - 10, NAV_TOP + number * NAV_STEP - 17, 256, 34)

    def track(self) -> pygame.Rect:
        f = self.frame
        return pygame.Rect(self.view.right + f.px(10), self.view.top, f.px(8), self.view.height)

    def thumb(self) -> pygame.Rect:
        track = self.track()
        if self.document is None or self.max_scroll <= 0:
            return track
        total = self.document.surface.get_height()
        height = max(self.frame.px(40), round(track.height * self.view.height / total))
        top = track.top + round((track.height - height) * self.scroll / self.max_scroll)
        return pygame.Rect(
            track.left - self.frame.px(2), top, track.width + self.frame.px(4), height
        )

    # Scrolling -----------------------------------------------------------------------------

    def scroll_to(self, target: float, at_once: bool = False) -> None:
        self.target = min(max(0.0, target), self.max_scroll)
        if at_once or self.app.settings.animation_speed <= 0:
            self.scroll = self.target

    def current_section(self) -> int:
        if self.document is None:
            return 0
        mark = self.scroll + self.frame.px(40)
        current = 0
        for number, top in enumerate(self.document.section_tops):
            if top <= mark:
                current = number
        if self.scroll >= self.max_scroll - 1:
            current = len(self.sections) - 1 if self.max_scroll > 0 else current
        return current

    def back(self) -> bool:
        go_back(self.app)
        return True

    def handle_other(self, event: pygame.event.Event) -> bool:
        f = self.frame
        page = self.view.height * 0.9
        scrolled = scroll_target(
            event, self.target, f.px(WHEEL_STEP), f.px(KEY_STEP), page, self.max_scroll
        )
        if scrolled is not None:
            self.scroll_to(scrolled)
            return True
        if event.type == pygame.KEYDOWN:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb, track = self.thumb(), self.track().inflate(self.frame.px(16), 0)
            if thumb.inflate(self.frame.px(12), 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.top
                return True
            if track.collidepoint(event.pos):
                direction = -1 if event.pos[1] < thumb.top else 1
                self.scroll_to(self.target + direction * page)
                return True
            for number in range(len(self.sections)):
                if self.nav_rect(number).collidepoint(event.pos) and self.document:
                    self.scroll_to(self.document.section_tops[number])
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            self.dragging = None
            return True
        return False

    def on_mouse_motion(self, event: pygame.event.Event) -> None:
        if self.dragging is None:
            return
        track, thumb = self.track(), self.thumb()
        room = max(1, track.height - thumb.height)
        fraction = (event.pos[1] - self.dragging - track.top) / room
        self.scroll_to(fraction * self.max_scroll, at_once=True)

    def extra_hover(self) -> bool:
        return self._nav_under_mouse() is not None or self.thumb().collidepoint(self.mouse)

    def _nav_under_mouse(self) -> int | None:
        for number in range(len(self.sections)):
            if self.nav_rect(number).collidepoint(self.mouse):
                return number
        return None

    def hint(self) -> str | None:
        number = self._nav_under_mouse()
        if number is not None:
            return f"Jump to “{self.sections[number].title}”"
        if self.thumb().collidepoint(self.mouse):
            return "Drag to scroll"
        return super().hint() or "Scroll with the mouse wheel, the arrow keys or the bar"

    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.animation_speed
        if speed <= 0 or abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target
        else:
            self.scroll += (self.target - self.scroll) * min(1.0, dt * 14 * speed)

    def moving(self) -> bool:
        return self.scroll != self.target

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        if self.document is None:
            self.relayout()
        assert self.document is not None
        contents, hint = f.rect(36, 104, 276, 510), f.point(720, 651)
        frame = self.view.inflate(f.px(28), f.px(16))
        frame.width += f.px(14)
        title = heading_box(self.title, f.px(46), f.point(640, 54))
        self.draw_sky(surface, contents, frame, title, self.hint_box(hint, f.px(800)))
        heading_with_glow(surface, self.title, f.px(46), f.point(640, 54))
        # Contents.
        theme.panel(surface, contents, alpha=200, radius=f.px(16))
        current, under = self.current_section(), self._nav_under_mouse()
        for number, section in enumerate(self.sections):
            rect = self.nav_rect(number)
            if number == current:
                pygame.draw.rect(surface, (58, 68, 133), rect, border_radius=f.px(8))
                bar = pygame.Rect(rect.left, rect.top + f.px(6), f.px(4), rect.height - f.px(12))
                pygame.draw.rect(surface, theme.GOLD, bar, border_radius=f.px(2))
            elif number == under:
                pygame.draw.rect(surface, (44, 53, 110), rect, border_radius=f.px(8))
            color = theme.MOONLIGHT if number in (current, under) else theme.SILVER
            room = rect.width - f.px(24)
            size = theme.fitted_size(section.title, theme.BODY_FONT, f.px(17), room)
            theme.blit_text(
                surface,
                section.title,
                theme.BODY_FONT,
                size,
                color,
                "midleft",
                (rect.left + f.px(16), rect.centery),
            )
        # The text.
        pygame.draw.rect(surface, theme.PANEL, frame, border_radius=f.px(16))
        pygame.draw.rect(surface, theme.PANEL_BORDER, frame, width=f.px(2), border_radius=f.px(16))
        area = pygame.Rect(0, round(self.scroll), self.view.width, self.view.height)
        theme.blit_picture(surface, self.document.surface, self.view.topleft, area)
        self._fade_edges(surface)
        # The scrollbar.
        pygame.draw.rect(surface, (22, 28, 66), self.track(), border_radius=f.px(4))
        thumb = self.thumb()
        lit = thumb.collidepoint(self.mouse) or self.dragging is not None
        pygame.draw.rect(
            surface, theme.MOONLIGHT if lit else theme.GOLD, thumb, border_radius=f.px(5)
        )
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(800))
        self.draw_fade_in(surface)

    def _fade_edges(self, surface: pygame.Surface) -> None:
        """The text fades out under the top and bottom edges instead of being cut."""
        height = self.frame.px(22)
        fade = _fade(self.view.width, height)
        if self.scroll > 1:
            surface.blit(pygame.transform.flip(fade, False, True), self.view.topleft)
        if self.scroll < self.max_scroll - 1:
            surface.blit(fade, (self.view.left, self.view.bottom - height))


@lru_cache(maxsize=4)
def _fade(width: int, height: int) -> pygame.Surface:
    strip = pygame.Surface((1, height), pygame.SRCALPHA)
    for y in range(height):
        strip.set_at((0, y), (*theme.PANEL, round(255 * (y + 1) / height)))
    return pygame.transform.scale(strip, surface_size(width, height))
