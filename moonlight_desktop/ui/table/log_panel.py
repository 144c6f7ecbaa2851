"""The log's panel in the side panel: a title strip whose toolbar holds the hint, undo and redo
buttons (each drawn by its own part), the card over the top of the log (a hint's reason, a
lesson's step) and the whole game's log under it. A table with no toolbar (a replay) shows the
log alone, in the whole panel."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.ui import theme

from .layout import PANEL_WIDTH, TableLayout
from .log_view import LogView, SeatColors
from .presenter import LogLine

LOG_TOOLBAR = 30
"""Design pixels at the top of the log for its title and the undo and redo buttons."""
CARD_TITLE, CARD_TITLE_SIZE = 20, 14
"""Design pixels of a log card's title line, and of its letters."""
CARD_PAD, CARD_INSET, CARD_GAP = 10, 4, 4
"""Design pixels round a log card's words, between it and the log's sides and under it."""
NO_CARD = pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class LogCard:
    """A card over the top of the log (never over the board): a hint's reason, a lesson's
    step."""

    title: str
    text: str
    footer: float = 0
    """Design pixels kept free at its bottom (for a button)."""
    largest: float = 15
    """The words' largest size, in design pixels."""


@lru_cache(maxsize=32)
def log_card_height(card: LogCard) -> float:
    """The design height `card` takes with its words at their largest, and the gap under it
    (asked every frame while a card is shown: its words are measured once)."""
    width = PANEL_WIDTH - 2 * CARD_INSET - 2 * CARD_PAD
    lines = theme.wrap(card.text, theme.BODY_FONT, round(card.largest), width)
    words = len(lines) * theme.line_step(theme.BODY_FONT, round(card.largest))
    title = card_title(card, CARD_TITLE_SIZE, width, theme.smallest_text())[2]
    return 2 * CARD_PAD + CARD_TITLE + title + card.footer + words + CARD_GAP


def card_title(
    card: LogCard, pixels: int, width: int, least: int
) -> tuple[tuple[str, ...], int, int]:
    """The card's title in `width`: its lines, their size and the height they take beyond
    the title's line (a lesson's title and step may run long in a longer language: it
    shrinks, then takes a second line rather than lose its end)."""
    most = 2 * theme.line_step(theme.BOLD_FONT, pixels)
    lines, size = theme.fit_lines(card.title, theme.BOLD_FONT, pixels, width, most, least)
    return lines, size, (len(lines) - 1) * theme.line_step(theme.BOLD_FONT, size)


def undo_buttons(layout: TableLayout) -> tuple[pygame.Rect, pygame.Rect]:
    """The undo and redo buttons, at the top right of the log."""
    log = layout.log
    size = layout.px(24)
    redo = pygame.Rect(0, 0, size, size)
    redo.topright = (log.right - layout.px(8), log.top + layout.px(4))
    return redo.move(-size - layout.px(6), 0), redo


def hint_button(layout: TableLayout) -> pygame.Rect:
    """The hint button, left of the undo and redo buttons."""
    undo, _redo = undo_buttons(layout)
    return undo.move(-undo.width - layout.px(6), 0)


def draw_log_panel(
    surface: pygame.Surface,
    layout: TableLayout,
    view: LogView,
    log: list[LogLine],
    colors: SeatColors,
    card: LogCard | None,
    toolbar: bool,
) -> pygame.Rect:
    """The log, under its title strip when it has a `toolbar`, with `card` over its top and
    the log's newest rows under the card. Returns where the card was drawn (no size: none)."""
    if not toolbar:
        view.draw(surface, layout.log, log, layout, colors)
        return NO_CARD
    strip = layout.px(LOG_TOOLBAR)
    theme.panel(surface, layout.log, radius=layout.px(10))
    lines = pygame.Rect(layout.log)
    lines.top += strip
    lines.height = max(1, layout.log.height - strip)
    placed = pygame.Rect(lines.left, lines.top, 0, 0)
    if card is not None:
        placed, words, size = place_log_card(layout, card, lines)
        lines.height = max(1, lines.bottom - placed.bottom)
        lines.top = placed.bottom
    if card is None or lines.height >= layout.px(30):  # a row at least
        view.draw(surface, lines, log, layout, colors, False)
    if card is not None:
        draw_log_card(surface, layout, card, placed, words, size)
    theme.blit_text(
        surface,
        _("Game log"),
        theme.BOLD_FONT,
        layout.px(14),
        theme.SILVER,
        "midleft",
        (layout.log.left + layout.px(12), layout.log.top + layout.px(16)),
    )
    return placed


def place_log_card(
    layout: TableLayout, card: LogCard, room: pygame.Rect
) -> tuple[pygame.Rect, tuple[str, ...], int]:
    """The card at the top of `room` (the log under its title strip): its rect, and its
    words' lines and size, the largest that fit (never below the smallest text)."""
    area = pygame.Rect(room.left, room.top, room.width, room.height - layout.px(CARD_GAP))
    area = area.inflate(-2 * layout.px(CARD_INSET), 0)
    pad = layout.px(CARD_PAD)
    width = area.width - 2 * pad
    title = card_title(card, layout.px(CARD_TITLE_SIZE), width, layout.least_text)[2]
    top = layout.px(CARD_TITLE) + title
    free = area.height - top - layout.px(card.footer) - 2 * pad
    least = layout.least_text
    size = max(layout.px(card.largest), least)
    lines = theme.wrap(card.text, theme.BODY_FONT, size, width)
    while size > least and len(lines) * theme.line_step(theme.BODY_FONT, size) > free:
        size -= 1
        lines = theme.wrap(card.text, theme.BODY_FONT, size, width)
    used = len(lines) * theme.line_step(theme.BODY_FONT, size)
    height = used + top + layout.px(card.footer) + 2 * pad
    return pygame.Rect(area.left, area.top, area.width, min(area.height, height)), lines, size


def draw_log_card(
    surface: pygame.Surface,
    layout: TableLayout,
    card: LogCard,
    rect: pygame.Rect,
    lines: tuple[str, ...],
    size: int,
) -> None:
    """A title in the glow colour and the words, as `place_log_card` laid them out."""
    pad = layout.px(CARD_PAD)
    theme.panel(surface, rect, alpha=255, border=theme.GLOW, radius=layout.px(10))
    width = rect.width - 2 * pad
    title, title_size, below = card_title(
        card, layout.px(CARD_TITLE_SIZE), width, layout.least_text
    )
    first = (rect.left + pad, rect.top + pad - layout.px(2))
    theme.blit_lines_from(surface, title, theme.BOLD_FONT, title_size, theme.GLOW, "topleft", first)
    top = rect.top + pad + layout.px(CARD_TITLE) + below
    line_height = theme.line_step(theme.BODY_FONT, size)
    for n, line in enumerate(lines):
        if top + (n + 1) * line_height > rect.bottom - layout.px(card.footer):
            break
        theme.blit_text(
            surface,
            line,
            theme.BODY_FONT,
            size,
            theme.TEXT,
            "topleft",
            (rect.left + pad, top + n * line_height),
        )
