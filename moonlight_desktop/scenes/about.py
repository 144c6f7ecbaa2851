"""About Moonlight Desktop: the version, the credits, where your data is kept, and the
third-party software the app ships with; a click on one reads its licence text."""

from __future__ import annotations

import math
import platform
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import ENGLISH, LANGUAGES, N_, _, format_list
from moonlight_desktop.licences import NOTICES, Notice, read_text
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.menu import (
    blit_lines,
    go_back,
    heading_box,
    heading_with_glow,
    sparkle,
    text_box,
)
from moonlight_desktop.ui.scrolling import ScrollingPage
from moonlight_desktop.ui.widgets import Button, Widget
from moonlight_desktop.version import version

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

CREDITS = (
    N_("Four tabletop games by moonlight, for friends around one computer or alone against bots."),
    N_(
        "Each game follows its published rulebook, told here in our own words. The art, the"
        " sounds and the bots are made for Moonlight Desktop."
    ),
    N_("Headings in EB Garamond by Georg Duffner, text in Lato by Łukasz Dziedzic."),
)

CREDITS_PX, CREDITS_SPACING, CREDITS_GAP = 16, 1.3, 8
"""The credits' largest size and their lines' spacing (smaller where the words need more
room: a longer language), and the gap after each paragraph in design units."""

# The About page, in design units: the card about the app and the card of licences, whose
# rows scroll in LIST_VIEW (its bar LIST_BAR_GAP to its right, inside the card).
APP_CARD = (40, 100, 420, 514)
LICENCE_CARD = (480, 100, 760, 514)
LIST_VIEW = (494, 184, 712, 418)
LIST_BAR_GAP = 12
LICENCE_COLUMNS = 2
ROW_STEP, ROW_GAP, ROW_INSET = 46, 4, 14
"""A row's height and the space after it (below and to its right), and its words' margin, in
design units."""
DETAIL_LINE = 16
"""What the rows grow by where a licence and role need a second line (a longer language)."""
BACK = (40, 634, 150, 50)


def built_with() -> str:
    """The runtime's own versions, as the running app reports them."""
    sdl = ".".join(str(part) for part in pygame.get_sdl_version())
    return _("Built with Python {python}, pygame-ce {pygame} and SDL {sdl}").format(
        python=platform.python_version(), pygame=pygame.version.ver, sdl=sdl
    )


def translation_credits() -> tuple[str, ...]:
    """Who translated each language but English, in their own words (an AI model, not yet
    reviewed by a native speaker): a line for the languages that share the same translators."""
    by_translators: dict[str, list[str]] = {}
    for language in LANGUAGES:
        if language.code != ENGLISH:
            by_translators.setdefault(language.translators, []).append(language.native_name)
    # Translators: the languages' own names ("Deutsch and Français"), then who translated them.
    return tuple(
        _("Translations ({languages}): {translators}").format(
            languages=format_list(languages), translators=_(translators)
        )
        for translators, languages in by_translators.items()
    )


def path_lines(content: str, pixels: int, width: int) -> tuple[str, ...]:
    """`content` (words, then a path) on lines no wider than `width`, each broken after a
    separator of the path, so that the lines read one after the other give it back; a piece
    wider than a line on its own is broken as `theme.wrap` would."""
    lines = [""]
    for piece in re.findall(r"[^/\\]*[/\\]|[^/\\]+$", content):
        parts: tuple[str, ...] = (piece,)
        if theme.text_width(piece, theme.BODY_FONT, pixels) > width:
            parts = theme.wrap(piece, theme.BODY_FONT, pixels, width)
        for part in parts:
            if lines[-1] and theme.text_width(lines[-1] + part, theme.BODY_FONT, pixels) > width:
                lines.append("")
            lines[-1] += part
    return tuple(lines)


def licence_and_role(notice: Notice) -> str:
    """A component's licence and what it does in the app: "zlib · drawing text"."""
    return _("{licence} · {role}").format(licence=_(notice.licence), role=_(notice.role))


def licence_title(notice: Notice, message: str) -> str:
    """`message` (a translated sentence naming a licence text) about `notice`."""
    return message.format(licence=_(notice.licence), component=notice.component)


@dataclass(eq=False)
class NoticeRow(Widget):
    """One third-party component in the list: its name over its licence; a click reads it."""

    notice: Notice = NOTICES[0]
    on_click: Callable[[Notice], None] = lambda _notice: None

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if self.clicked(event):
            return self.activate()
        return False

    def describe(self) -> str:
        # Translators: a third-party component's name, its licence and what it does in the app.
        return _("{component}, {licence}, {role}, link").format(
            component=self.notice.component,
            licence=_(self.notice.licence),
            role=_(self.notice.role),
        )

    def focus_radius(self) -> int:
        return self.px(8)

    def activate(self) -> bool:
        self.on_click(self.notice)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.hovered:
            pygame.draw.rect(surface, (58, 68, 133), self.rect, border_radius=self.px(8))
            bar = pygame.Rect(
                self.rect.left,
                self.rect.top + self.px(6),
                self.px(4),
                self.rect.height - self.px(12),
            )
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=self.px(2))
        inset = self.px(ROW_INSET)
        room = self.rect.width - 2 * inset
        name, name_size = theme.fit(self.notice.component, theme.BOLD_FONT, self.px(15), room)
        name_height = theme.text(theme.BOLD_FONT, name_size, name, theme.TEXT).get_height()
        lines, size = theme.fit_lines(
            licence_and_role(self.notice),
            theme.BODY_FONT,
            self.px(theme.MIN_TEXT),
            room,
            self.rect.height - name_height,
        )
        step = theme.font(theme.BODY_FONT, size).get_linesize()
        top = self.rect.centery - (name_height + len(lines) * step) // 2
        theme.blit_text(
            surface,
            name,
            theme.BOLD_FONT,
            name_size,
            theme.MOONLIGHT if self.hovered else theme.TEXT,
            "topleft",
            (self.rect.left + inset, top),
        )
        theme.blit_lines_from(
            surface,
            lines,
            theme.BODY_FONT,
            size,
            theme.GOLD if self.hovered else theme.SILVER,
            "topleft",
            (self.rect.left + inset, top + name_height),
            step,
        )


def credits_size(
    paragraphs: tuple[str, ...], width: int, height: int, px: Callable[[float], int]
) -> int:
    """The largest size up to CREDITS_PX (scaled by `px`) at which `paragraphs`, wrapped in
    `width`, stand in `height`; the smallest text the window allows when none does."""
    smallest = theme.smallest_text()
    for pixels in range(px(CREDITS_PX), smallest, -1):
        lines = sum(len(theme.wrap(text, theme.BODY_FONT, pixels, width)) for text in paragraphs)
        used = lines * round(pixels * CREDITS_SPACING) + (len(paragraphs) - 1) * px(CREDITS_GAP)
        if used <= height:
            return pixels
    return smallest


class AboutScene(ScrollingPage):
    """The app's card beside the card of third-party software, whose rows scroll (the wheel,
    the keys, the bar): a row is shown, and takes the mouse, only while it is whole in view."""

    def __init__(self, app: App) -> None:
        super().__init__(app, self._draw_rows, line_step=ROW_STEP, bar_gap=LIST_BAR_GAP)
        self.back_button = Button(label=_("Back"), on_click=lambda: go_back(self.app))
        self.rows = [NoticeRow(notice=notice, on_click=self.read) for notice in NOTICES]
        self.built_with = built_with()
        self.row_step = ROW_STEP

    def layout(self) -> None:
        f = self.frame
        lines = math.ceil(len(self.rows) / LICENCE_COLUMNS)
        self.row_step = ROW_STEP + (DETAIL_LINE if self.details_wrap() else 0)
        self.add_scroller(f.rect(*LIST_VIEW), f.px(lines * self.row_step))
        self.add(self.back_button, f.rect(*BACK), _("Back (Esc)"))

    def details_wrap(self) -> bool:
        """Whether a component's licence and role are too long for one line of its row."""
        f = self.frame
        room = f.px(LIST_VIEW[2] / LICENCE_COLUMNS - ROW_GAP - 2 * ROW_INSET)
        return any(
            theme.text_width(licence_and_role(notice), theme.BODY_FONT, f.px(theme.MIN_TEXT)) > room
            for notice in NOTICES
        )

    def heard_title(self) -> str:
        return _("About Moonlight Desktop")

    def read(self, notice: Notice) -> None:
        self.app.stack.push(LicenceScene(self.app, notice))

    def focus_order(self) -> list[Widget]:
        """The rows, in view or not (the list scrolls to the focused one), then Back."""
        self.shown_rows()  # each row placed where the scroll has it
        return [*self.rows, *super().focus_order()]

    def focus_on(self, widget: Widget | None) -> None:
        """A row the focus lands on scrolls whole into view."""
        super().focus_on(widget)
        if isinstance(widget, NoticeRow) and widget not in self.shown_rows():
            view, scroller = self.scroller.rect, self.scroller
            below = widget.rect.bottom - view.bottom
            scroller.scroll_to(
                scroller.offset + (below if below > 0 else widget.rect.top - view.top)
            )

    # The rows, where the scroll has taken them ---------------------------------------------

    def shown_rows(self) -> list[NoticeRow]:
        """The rows whole in the list's view now (each placed where the scroll has it)."""
        view, offset = self.scroller.rect, round(self.scroller.offset)
        scale, column_width = self.frame.scale, view.width / LICENCE_COLUMNS
        shown = []
        for number, row in enumerate(self.rows):
            line, column = divmod(number, LICENCE_COLUMNS)
            top = view.top - offset + round(line * self.row_step * scale)
            bottom = view.top - offset + round(((line + 1) * self.row_step - ROW_GAP) * scale)
            left = view.left + round(column * column_width)
            right = view.left + round((column + 1) * column_width - ROW_GAP * scale)
            row.place(pygame.Rect(left, top, right - left, bottom - top), scale)
            if view.top <= top and bottom <= view.bottom:
                shown.append(row)
        return shown

    def _hover_rows(self) -> None:
        shown = self.shown_rows()
        for row in self.rows:
            row.hovered = row in shown and row.rect.collidepoint(self.mouse)

    def on_mouse_motion(self, event: pygame.event.Event) -> None:
        self._hover_rows()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._hover_rows()  # the rows move under a mouse standing still

    def handle_other(self, event: pygame.event.Event) -> bool:
        return any(row.handle_event(event) for row in self.shown_rows())

    def extra_hover(self) -> bool:
        return any(row.hovered for row in self.rows)

    def hint(self) -> str | None:
        for row in self.rows:
            if row.hovered:
                return licence_title(row.notice, _("Read the {licence} text of {component}"))
        return super().hint()

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        hint = f.point(720, 659)
        self.draw_sky(
            surface,
            f.rect(*APP_CARD),
            f.rect(*LICENCE_CARD),
            heading_box(_("About"), f.px(46), f.point(640, 52)),
            self.hint_box(hint, f.px(900)),
        )
        heading_with_glow(surface, _("About"), f.px(46), f.point(640, 52))
        self._draw_app_card(surface)
        self._draw_licence_card(surface)
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(900))
        self.draw_fade_in(surface)

    def _draw_app_card(self, surface: pygame.Surface) -> None:
        f = self.frame
        x, y, width, height = APP_CARD
        card = f.rect(x, y, width, height)
        theme.panel(surface, card, alpha=215, radius=f.px(18))
        middle = x + width / 2
        icon = assets.image("icon.svg", f.px(64), f.px(64))
        surface.blit(icon, icon.get_rect(center=f.point(middle, y + 50)))
        name_size = theme.fitted_size(
            "Moonlight Desktop", theme.HEADING_FONT, f.px(40), f.px(width - 40)
        )
        heading_with_glow(surface, "Moonlight Desktop", name_size, f.point(middle, y + 112))
        theme.blit_text(
            surface,
            _("Version {version}").format(version=version()),
            theme.BOLD_FONT,
            f.px(18),
            theme.GOLD,
            "center",
            f.point(middle, y + 150),
        )
        line_y = f.y(y + 172)
        for direction in (-1, 1):
            start = (f.x(middle + direction * 18), line_y)
            end = (f.x(middle + direction * 150), line_y)
            pygame.draw.line(surface, theme.GOLD, start, end, f.px(2))
        sparkle(surface, (f.x(middle), line_y), f.px(7), 230, theme.GOLD)
        # The card's foot, bottom up from where its last line stood: whole, on more lines
        # where one will not hold it (a data folder's path is broken after a separator).
        size, room = theme.legible(f.px(13)), f.px(width - 56)
        footer = (
            *theme.wrap(self.built_with, theme.BODY_FONT, size, room),
            *path_lines(
                _("Your settings and games: {folder}").format(folder=self.app.user_data.folder),
                size,
                room,
            ),
        )
        step = max(f.px(18), theme.body(size).get_linesize())
        bottom = f.y(y + height - 24)
        first = (f.x(x + 28), bottom - (len(footer) - 1) * step)
        theme.blit_lines_from(
            surface, footer, theme.BODY_FONT, size, theme.SILVER, "midleft", first, step
        )
        # The credits between the rule and the foot, as large as they fit there.
        top = f.y(y + 186)
        paragraphs = (*map(_, CREDITS), *translation_credits())
        pixels = credits_size(paragraphs, room, first[1] - step // 2 - f.px(8) - top, f.px)
        for paragraph in paragraphs:
            used = blit_lines(
                surface,
                paragraph,
                theme.BODY_FONT,
                pixels,
                theme.TEXT,
                pygame.Rect(f.x(x + 28), top, room, 0),
                spacing=CREDITS_SPACING,
            )
            top += used + f.px(CREDITS_GAP)

    def _draw_licence_card(self, surface: pygame.Surface) -> None:
        f = self.frame
        x, y, width, height = LICENCE_CARD
        theme.panel(surface, f.rect(x, y, width, height), alpha=215, radius=f.px(18))
        theme.blit_text(
            surface,
            _("Third-party software and licences"),
            theme.HEADING_FONT,
            f.px(28),
            theme.MOONLIGHT,
            "midleft",
            f.point(x + 28, y + 32),
        )
        pygame.draw.line(
            surface, theme.GOLD, f.point(x + 28, y + 52), f.point(x + 300, y + 52), f.px(2)
        )
        note = _(
            "Click one to read its licence. Every text also ships in the app's licences folder."
        )
        words, size = theme.fit(note, theme.BODY_FONT, f.px(14), f.px(width - 56))
        theme.blit_text(
            surface, words, theme.BODY_FONT, size, theme.SILVER, "midleft", f.point(x + 28, y + 68)
        )

    def _draw_rows(self, surface: pygame.Surface, _view: pygame.Rect, _offset: int) -> None:
        """The scroller's content: the rows whole in view (a row is read whole or not at all)."""
        for row in self.shown_rows():
            row.draw(surface)


# Reading one licence --------------------------------------------------------------------------

TEXT_VIEW = (240, 128, 780, 478)  # x, y, width, height of the scrolling text: a reading column
TEXT_PX, LINE = 17, 1.45
KEY_STEP = 48
TAB = 8


class LicenceScene(ScrollingPage):
    """A licence text as it was written (its lines and indents kept, long lines wrapped),
    scrolled with the wheel, the arrow keys, Page Up/Down, Home/End or the bar."""

    def __init__(self, app: App, notice: Notice) -> None:
        super().__init__(app, self._draw_text, line_step=KEY_STEP, bar_gap=18)
        self.notice = notice
        self.text = read_text(notice)
        self.back_button = Button(label=_("Back"), on_click=lambda: go_back(self.app))
        self.lines: tuple[tuple[int, str], ...] = ()

    def layout(self) -> None:
        f = self.frame
        view = f.rect(*TEXT_VIEW)
        if self.text is not None:
            self.lines = laid_out(self.text, self.text_pixels, view.width)
        self.add_scroller(view, len(self.lines) * self.line_height)
        self.add(self.back_button, f.rect(*BACK), _("Back to About (Esc)"))

    def heard_title(self) -> str:
        return licence_title(self.notice, _("The {licence} text of {component}"))

    @property
    def text_pixels(self) -> int:
        return self.frame.px(TEXT_PX)

    @property
    def line_height(self) -> int:
        return max(1, round(max(self.text_pixels, theme.FONT_PIXELS[0]) * LINE))

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        if not self._laid_out:
            self.relayout()
        title, size = theme.fit(self.notice.component, theme.HEADING_FONT, f.px(46), f.px(900))
        subtitle, small = theme.fit(
            licence_and_role(self.notice), theme.BODY_FONT, f.px(17), f.px(900)
        )
        view = self.scroller.rect
        frame = view.inflate(f.px(36), f.px(20))
        frame.width += f.px(22)
        hint = f.point(720, 659)
        self.draw_sky(
            surface,
            frame,
            heading_box(title, size, f.point(640, 50)),
            text_box(subtitle, theme.BODY_FONT, small, "center", f.point(640, 94)),
            self.hint_box(hint, f.px(900)),
        )
        heading_with_glow(surface, title, size, f.point(640, 50))
        theme.blit_text(
            surface, subtitle, theme.BODY_FONT, small, theme.GOLD, "center", f.point(640, 94)
        )
        pygame.draw.rect(surface, theme.PANEL, frame, border_radius=f.px(16))
        pygame.draw.rect(surface, theme.PANEL_BORDER, frame, width=f.px(2), border_radius=f.px(16))
        if self.text is None:
            blit_lines(
                surface,
                _(
                    "This licence text is missing from the app's folder ({file} in licences)."
                    " Every release carries it: installing the app again brings it back."
                ).format(file=self.notice.file),
                theme.BODY_FONT,
                f.px(18),
                theme.WARNING,
                view.inflate(-f.px(120), -f.px(160)),
                "center",
            )
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(900))
        self.draw_fade_in(surface)

    def _draw_text(self, surface: pygame.Surface, view: pygame.Rect, offset: int) -> None:
        """The lines in view, each read whole or not at all."""
        height = self.line_height
        first = offset // height
        last = min(len(self.lines), first + view.height // height + 2)
        for number in range(first, last):
            indent, content = self.lines[number]
            top = view.top + number * height - offset
            if content and view.top <= top and top + height <= view.bottom:
                theme.blit_text(
                    surface,
                    content,
                    theme.BODY_FONT,
                    self.text_pixels,
                    theme.TEXT,
                    "topleft",
                    (view.left + indent, top + (height - self.text_pixels) // 3),
                )


@lru_cache(maxsize=8)
def laid_out(text: str, pixels: int, width: int) -> tuple[tuple[int, str], ...]:
    """The text's lines as (indent in pixels, words), each no wider than `width`: a line keeps
    its indent (tabs every eight spaces), and one too long goes on, wrapped, at that indent."""
    space = theme.text_width(" ", theme.BODY_FONT, pixels)
    lines: list[tuple[int, str]] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw.expandtabs(TAB).rstrip()
        stripped = line.lstrip()
        indent = min((len(line) - len(stripped)) * space, width // 3)
        if not stripped:
            lines.append((0, ""))
            continue
        for piece in theme.wrap(stripped, theme.BODY_FONT, pixels, max(1, width - indent)):
            lines.append((indent, piece))
    return tuple(lines)
