"""The rules reader: a game's rules text (`GameUI.rules`) with headings and small pictures
of the pieces, scrolled with the wheel, the arrow keys or the scrollbar; a contents list on
the left jumps to a section."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.menu import go_back, heading_box, heading_with_glow
from moonlight_desktop.ui.scrolling import ScrollingPage
from moonlight_desktop.ui.sizes import new_surface
from moonlight_desktop.ui.table.game_ui import RulesItem, RulesSection, RulesText
from moonlight_desktop.ui.table.keymap import KeysSection
from moonlight_desktop.ui.widgets import Button, Spot, blit_fitted

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


def section_words(section: Section) -> str:
    """A section as speech reads it: its title, then its text, a picture said by its name."""
    blocks = (_PICTURE.sub(lambda m: m.group(1).replace("_", " "), b.text) for b in section.blocks)
    return " ".join((f"{section.title}.", *blocks))


_PICTURE = re.compile(r"\{([a-z_]+)\}")

# Layout in design units.
VIEW = (330, 112, 884, 494)  # x, y, width, height of the scrolling text
NAV_X, NAV_TOP, NAV_STEP = 56, 136, 40
BODY_PX, HEADING_PX, PICTURE_PX = 19, 34, 40
LINE = 1.5
KEY_STEP = 60
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
        arts: list[pygame.Surface | Words]
        if token.startswith("{"):
            arts = [picture(pictures, token[1:-1], size)]
        else:  # a word longer than a line is broken over lines, as theme.wrap breaks it
            pieces = theme.word_pieces(theme.renderable(token), font, width)
            arts = [Words(piece, theme.BODY_FONT, pixels, theme.TEXT) for piece in pieces]
        for number, art in enumerate(arts):
            if isinstance(art, Words):
                art_width, art_height = font.size(art.content)
            else:
                art_width, art_height = art.get_size()
            gap = space if spaced and number == 0 and x > 0 else 0
            if x > 0 and x + gap + art_width > width:
                x, y, gap = 0, y + line_height, 0
            offset = (line_height - art_height) // 2
            ops.append((art, (left + x + gap, top + y + offset)))
            x += gap + art_width
    return y + line_height


def sections_of(text: RulesText) -> tuple[Section, ...]:
    """A game's rules text as the reader's sections, in the language of the moment (a rules
    text holds its words as marked, in English; the keys' section makes its own)."""
    return tuple(_section_of(part) for part in text.sections)


def _section_of(part: RulesSection) -> Section:
    if isinstance(part, KeysSection):
        part = part.told()
        return Section(
            part.heading, tuple(_block_of(block, told=True) for block in part.paragraphs)
        )
    return Section(_(part.heading), tuple(_block_of(block) for block in part.paragraphs))


def _block_of(block: str | RulesItem, told: bool = False) -> Para | Item:
    if isinstance(block, RulesItem):
        return Item(block.text if told else _(block.text), block.picture)
    return Para(block if told else _(block))


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


class RulesScene(ScrollingPage):
    def __init__(
        self,
        app: App,
        rules: RulesText,
    ) -> None:
        """Reads `rules`, a game's rules text."""
        super().__init__(app, self._draw_text, line_step=KEY_STEP, bar_gap=10)
        self.title = _(rules.title)
        self.sections = sections_of(rules)
        self.pictures = rules.pictures
        self.back_button = Button(label=_("Back"), on_click=lambda: go_back(self.app))
        self.document: Document | None = None

    # Layout --------------------------------------------------------------------------------

    def layout(self) -> None:
        f = self.frame
        view = f.rect(*VIEW)
        self.document = render_document(self.sections, self.pictures, view.width, f.scale)
        self.add_scroller(view, self.document.surface.get_height())
        for number, section in enumerate(self.sections):
            link = Spot(name=section.title, role="link", on_use=partial(self.jump, number))
            self.add(link, self.nav_rect(number))
        self.add(self.back_button, f.rect(40, 626, 140, 50), _("Back (Esc)"))

    def heard_title(self) -> str:
        return _("{title}: the contents are links to each section").format(title=self.title)

    def jump(self, number: int) -> None:
        """To section `number` (a click on the contents, or Enter on it), read aloud."""
        if self.document is None:
            return
        self.scroller.scroll_to(self.document.section_tops[number])
        self.app.speech.say(section_words(self.sections[number]))

    def nav_rect(self, number: int) -> pygame.Rect:
        return self.frame.rect(NAV_X - 10, NAV_TOP + number * NAV_STEP - 17, 256, 34)

    def current_section(self) -> int:
        if self.document is None:
            return 0
        scroller = self.scroller
        mark = scroller.offset + self.frame.px(40)
        current = 0
        for number, top in enumerate(self.document.section_tops):
            if top <= mark:
                current = number
        if scroller.offset >= scroller.max_offset - 1:
            current = len(self.sections) - 1 if scroller.scrollable else current
        return current

    def handle_other(self, event: pygame.event.Event) -> bool:
        """A click on the contents jumps to its section."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.document:
            for number in range(len(self.sections)):
                if self.nav_rect(number).collidepoint(event.pos):
                    self.jump(number)
                    return True
        return False

    def extra_hover(self) -> bool:
        return self._nav_under_mouse() is not None

    def _nav_under_mouse(self) -> int | None:
        for number in range(len(self.sections)):
            if self.nav_rect(number).collidepoint(self.mouse):
                return number
        return None

    def hint(self) -> str | None:
        number = self._nav_under_mouse()
        if number is not None:
            # Translators: a section's title in the rules, quoted.
            return _("Jump to “{section}”").format(section=self.sections[number].title)
        return super().hint() or self.scroller.hint()

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        if self.document is None:
            self.relayout()
        assert self.document is not None
        contents, hint = f.rect(36, 104, 276, 510), f.point(720, 651)
        frame = self.scroller.rect.inflate(f.px(28), f.px(16))
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
            words = pygame.Rect(rect.left + f.px(16), rect.top, rect.width - f.px(24), rect.height)
            blit_fitted(surface, section.title, theme.BODY_FONT, f.px(17), color, words, "left")
        # The text.
        pygame.draw.rect(surface, theme.PANEL, frame, border_radius=f.px(16))
        pygame.draw.rect(surface, theme.PANEL_BORDER, frame, width=f.px(2), border_radius=f.px(16))
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(800))
        self.draw_fade_in(surface)

    def _draw_text(self, surface: pygame.Surface, view: pygame.Rect, offset: int) -> None:
        if self.document is not None:
            area = pygame.Rect(0, offset, view.width, view.height)
            theme.blit_picture(surface, self.document.surface, view.topleft, area)
