"""The table's chrome: what the kit draws round the game's board and seat rows. The header
(whose turn, in the kit's sequence, with the pause button), the log's panel with its toolbar
and card, the tooltips, the banner over the board and the table's messages (a refusal, why a
button cannot act), which it also keeps."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.ui import theme
from moonlight_desktop.ui.widgets import draw_tooltip

from .game_ui import TableContext
from .log_panel import NO_CARD, draw_log_panel
from .log_view import LogView
from .thinking import draw_thinking_ring

if TYPE_CHECKING:
    from .scene import TableScene

MESSAGE_SECONDS = 3.5


class TableChrome:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.log_view = LogView()
        self.log_card_rect = NO_CARD
        """Where the card over the log was drawn last (no size: none was)."""
        self.message = ""
        self.message_until = 0.0

    # Messages ---------------------------------------------------------------------------------

    def show_message(self, text: str) -> None:
        self.message = text[:1].upper() + text[1:]
        self.message_until = time.monotonic() + MESSAGE_SECONDS

    def forget_message(self) -> None:
        self.message_until = 0.0

    def message_left(self) -> float | None:
        """Seconds until the message goes (None: none is shown)."""
        left = self.message_until - time.monotonic()
        return left if left > 0 else None

    # Drawing ----------------------------------------------------------------------------------

    def draw_header(self, surface: pygame.Surface, table: TableContext) -> None:
        scene = self.scene
        layout, screen = scene.layout, scene.screen
        rect = layout.header
        header = scene.header(table)
        seat, title, prompt = header.seat, header.title, header.prompt
        border = screen.seat_color(seat) if seat is not None else theme.PANEL_BORDER
        theme.panel(surface, rect, border=border, width=layout.px(3))
        text_left = rect.left + layout.px(14)
        if seat is not None:
            centre = (rect.left + layout.px(36), rect.centery - layout.px(4))
            thinking = scene.controller.thinking_progress(seat)
            if thinking is not None:  # behind the figure, round it
                ring = layout.px(33)
                draw_thinking_ring(surface, centre, ring, thinking, theme.GLOW, layout.px(3))
            screen.draw_figure(surface, seat, centre, layout.px(56))
            text_left = rect.left + layout.px(72)
        width = layout.pause_button.left - text_left - layout.px(6)
        title, size = theme.fit(title, theme.HEADING_FONT, layout.px(28), width, layout.px(16))
        theme.blit_text(
            surface,
            title,
            theme.HEADING_FONT,
            size,
            theme.MOONLIGHT,
            "topleft",
            (text_left, rect.top + layout.px(8)),
        )
        room = rect.bottom - layout.px(6) - (rect.top + layout.px(42))
        lines, size = theme.fit_lines(
            prompt, theme.BODY_FONT, layout.px(15), width, room, layout.least_text
        )
        first = (text_left, rect.top + layout.px(42))
        theme.blit_lines_from(surface, lines, theme.BODY_FONT, size, theme.SILVER, "topleft", first)
        self._draw_pause_icon(surface)

    def _draw_pause_icon(self, surface: pygame.Surface) -> None:
        layout = self.scene.layout
        rect = layout.pause_button
        hovered = rect.collidepoint(self.scene.mouse)
        radius = layout.px(8)
        fill = theme.MUTED if hovered else theme.PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.SILVER, rect, width=layout.px(2), border_radius=radius)
        for n in range(3):
            y = rect.top + rect.height * (0.32 + n * 0.18)
            pygame.draw.line(
                surface,
                theme.MOONLIGHT,
                (rect.left + rect.width * 0.27, y),
                (rect.right - rect.width * 0.27, y),
                layout.px(3),
            )

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log's panel, its card (`TableScene.log_card`) and the toolbar's buttons of the
        parts this table has (none in a replay: the log alone)."""
        scene = self.scene
        hints, undo = scene.hints, scene.undo
        self.log_card_rect = draw_log_panel(
            surface,
            scene.layout,
            self.log_view,
            scene.presenter.log,
            scene.screen,
            scene.log_card(),
            toolbar=hints is not None or undo is not None,
        )
        if hints is not None:
            hints.draw_button(surface)
        if undo is not None:
            undo.draw_buttons(surface)

    def draw_tooltips(self, surface: pygame.Surface, table: TableContext) -> None:
        """What the hovered part of the board explains (once it is still), or the hovered
        toolbar button; none under a menu or the results."""
        scene = self.scene
        if scene.app.stack.top is not scene:
            return
        px = scene.layout.px
        hover = scene.screen.hover(scene.mouse, table) if table.idle else None
        if hover is not None:
            draw_tooltip(surface, hover.text, hover.target, px)
        tip = scene.hints.tooltip() if scene.hints is not None else None
        if tip is None and scene.undo is not None:
            tip = scene.undo.tooltip()
        if tip is not None:
            draw_tooltip(surface, tip[0], tip[1], px)

    def draw_banner(self, surface: pygame.Surface) -> None:
        banner, layout = self.scene.presenter.banner, self.scene.layout
        if banner is None or banner.alpha <= 0:
            return
        width = layout.board.width - layout.px(100)
        lines, size = theme.fit_lines(
            banner.text, theme.HEADING_FONT, layout.px(40), width, layout.px(150), layout.least_text
        )  # a long sentence (a score told step by step) takes up to a few lines
        line_height = theme.line_step(theme.HEADING_FONT, size)
        inner = pygame.Rect(
            0,
            0,
            max(theme.text_width(line, theme.HEADING_FONT, size) for line in lines),
            len(lines) * line_height,
        )
        box = inner.inflate(layout.px(60), layout.px(28))
        box.center = layout.board.center
        card = pygame.Surface(box.size, pygame.SRCALPHA)
        theme.panel(card, card.get_rect(), alpha=235, border=theme.GOLD, width=layout.px(3))
        first = (box.width // 2, (box.height - inner.height) // 2)
        theme.blit_lines_from(
            card, lines, theme.HEADING_FONT, size, theme.MOONLIGHT, "midtop", first, line_height
        )
        card.set_alpha(round(255 * min(1.0, banner.alpha)))
        theme.blit_picture(surface, card, box.topleft)

    def draw_message(self, surface: pygame.Surface) -> None:
        layout = self.scene.layout
        if time.monotonic() >= self.message_until:
            return
        width = layout.board.width - layout.px(40)
        lines, size = theme.fit_lines(
            self.message, theme.BOLD_FONT, layout.px(18), width, layout.px(48), layout.least_text
        )
        line_height = theme.line_step(theme.BOLD_FONT, size)
        box = pygame.Rect(
            0,
            0,
            max(theme.text_width(line, theme.BOLD_FONT, size) for line in lines) + layout.px(28),
            len(lines) * line_height + layout.px(16),
        )
        box.midbottom = (layout.board.centerx, layout.board.bottom - layout.px(16))
        theme.panel(surface, box, alpha=240, border=theme.WARNING, radius=layout.px(10))
        first = (box.centerx, box.top + layout.px(8))
        theme.blit_lines_from(
            surface, lines, theme.BOLD_FONT, size, theme.WARNING, "midtop", first, line_height
        )
