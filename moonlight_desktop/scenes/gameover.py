"""The end of a game of Moonlight Castle, over the final board: who won, everyone's jewels and
pebbles left, and the way to a new game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.games.castle.painter import Layout
from moonlight_desktop.games.castle.ui.looks import crest, figure_art, icon
from moonlight_desktop.games.castle.ui.setup_model import rematch
from moonlight_desktop.games.castle.ui.standings import (
    Standing,
    final_view,
    result_title,
    standings,
    tie_note,
)
from moonlight_desktop.ui import theme

from .results import ResultsScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

JEWEL_NAMES = ("jewel_red", "jewel_yellow", "jewel_green")  # by Color value
ROW_STEP = 74


class GameOverScene(ResultsScene):
    def __init__(self, app: App, match: Match[Any]) -> None:
        super().__init__(app, result_title(match), self.play_again)
        self.match = match
        self.rows = standings(match)
        self.note = tie_note(match)

    def panel_size(self) -> tuple[float, float]:
        return (820, 214 + len(self.rows) * ROW_STEP + (28 if self.note else 0))

    def results_place(self) -> pygame.Rect:
        """Over the finished board, "Show the results" takes the panel's place for the
        actions, empty once the game is over, so it covers neither the garden nor the log."""
        board = final_view(self.match).table.board
        layout = Layout.for_window(
            self.frame.size, len(self.match.seats), board.width / board.height
        )
        actions = layout.actions
        place = pygame.Rect(
            0, 0, min(actions.width, self.frame.px(250)), min(actions.height, self.frame.px(54))
        )
        place.midtop = actions.midtop
        return place

    def play_again(self) -> None:
        from moonlight_desktop.games.castle.scene import CastleBoardScene

        from .gallery import GalleryScene

        match = rematch(self.match)
        if not self.app.stack.pop_to(GalleryScene):
            self.app.stack.reset(GalleryScene(self.app))
        self.app.stack.push(CastleBoardScene(self.app, match))

    # Drawing -------------------------------------------------------------------------------

    def draw_results(self, surface: pygame.Surface, panel: pygame.Rect, top: int) -> None:
        f = self.frame
        y = top
        if self.note:
            theme.blit_text(
                surface,
                self.note,
                theme.BOLD_FONT,
                f.px(19),
                theme.GOLD,
                "center",
                (panel.centerx, y),
            )
            y += f.px(26)
        # Column captions.
        jewels_x = panel.left + f.px(330)
        pebbles_x = panel.right - f.px(70)
        for caption, x, anchor in (
            ("Jewels recovered", jewels_x, "midleft"),
            ("Pebbles left", pebbles_x, "center"),
        ):
            theme.blit_text(
                surface, caption, theme.BODY_FONT, f.px(15), theme.SILVER, anchor, (x, y + f.px(4))
            )
        y += f.px(18)
        for row in self.rows:
            self._draw_row(
                surface,
                row,
                pygame.Rect(panel.left + f.px(28), y, panel.width - f.px(56), f.px(ROW_STEP - 8)),
                jewels_x,
                pebbles_x,
            )
            y += f.px(ROW_STEP)

    def _draw_row(
        self,
        surface: pygame.Surface,
        row: Standing,
        rect: pygame.Rect,
        jewels_x: int,
        pebbles_x: int,
    ) -> None:
        f = self.frame
        fill = (52, 58, 108) if row.winner else (40, 48, 100)
        pygame.draw.rect(surface, fill, rect, border_radius=f.px(12))
        if row.winner:
            pygame.draw.rect(surface, theme.GOLD, rect, width=f.px(2), border_radius=f.px(12))
        color = crest(row.figure)
        disc = (rect.left + f.px(40), rect.centery)
        pygame.draw.circle(surface, tuple(c // 3 for c in color), disc, f.px(28))
        pygame.draw.circle(surface, color, disc, f.px(28), width=f.px(2))
        art = figure_art(row.figure, f.px(54))
        surface.blit(art, art.get_rect(center=disc))
        name_x = rect.left + f.px(84)
        name_width = jewels_x - name_x - f.px(16)
        name, size = theme.fit(row.name, theme.BOLD_FONT, f.px(23), name_width)
        theme.blit_text(
            surface,
            name,
            theme.BOLD_FONT,
            size,
            theme.TEXT,
            "midleft",
            (name_x, rect.centery - (f.px(9) if row.winner else 0)),
        )
        if row.winner:
            theme.blit_text(
                surface,
                "Winner",
                theme.BODY_FONT,
                f.px(15),
                theme.GOLD,
                "midleft",
                (name_x, rect.centery + f.px(14)),
            )
        # Every rescued jewel, by colour, then the count.
        count_text = str(row.score)
        count_rect = theme.blit_text(
            surface,
            count_text,
            theme.BOLD_FONT,
            f.px(26),
            theme.MOONLIGHT,
            "midleft",
            (jewels_x, rect.centery),
        )
        start = count_rect.right + f.px(14)
        room = pebbles_x - f.px(60) - start
        jewel = f.px(24)
        if row.jewels:
            step = min(jewel + f.px(1), max(f.px(6), (room - jewel) // max(1, len(row.jewels) - 1)))
            for number, colour in enumerate(row.jewels):
                art = icon(JEWEL_NAMES[colour], jewel)
                surface.blit(art, art.get_rect(midleft=(start + number * step, rect.centery)))
        else:
            theme.blit_text(
                surface,
                "none rescued",
                theme.BODY_FONT,
                f.px(16),
                theme.SILVER,
                "midleft",
                (start, rect.centery),
            )
        text = theme.blit_text(
            surface,
            str(row.pebbles),
            theme.BOLD_FONT,
            f.px(24),
            theme.TEXT,
            "midleft",
            (pebbles_x + f.px(6), rect.centery),
        )
        del text
        _pebble_cluster(surface, (pebbles_x - f.px(16), rect.centery), f.px(18))


def _pebble_cluster(surface: pygame.Surface, center: tuple[int, int], size: int) -> None:
    """Three little pebbles (red, yellow, green): "pebbles left"."""
    offsets = ((-0.55, 0.25), (0.55, 0.25), (0.0, -0.35))
    for name, (dx, dy) in zip(
        ("pebble_red", "pebble_green", "pebble_yellow"), offsets, strict=True
    ):
        art = icon(name, size)
        surface.blit(art, art.get_rect(center=(center[0] + dx * size, center[1] + dy * size)))
