"""The end of a table game, over its final board: who won, each seat's score part by part (the
game's standings), how a tie was broken, and the way to a new game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.game_ui import GameUI, Standings, StandingsRow
from moonlight_desktop.ui.widgets import draw_tooltip

from .results import ResultsScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

ROW_STEP = 64
MAX_PARTS = 6


def row_name(match: Match[Any], row: StandingsRow) -> str:
    """A row's own name (a player inside the rules), else its seat's."""
    if row.name:
        return row.name
    return match.seats[row.seat].name if row.seat < len(match.seats) else f"Seat {row.seat + 1}"


def winners_title(match: Match[Any], standings: Standings) -> str:
    names = [row_name(match, row) for row in standings.rows if row.winner]
    if not names:
        return "Game over"
    if len(names) == 1:
        return f"Winner: {names[0]}"
    return "Shared win: " + ", ".join(names[:-1]) + " and " + names[-1]


class TableOverScene(ResultsScene):
    def __init__(
        self,
        app: App,
        ui: GameUI,
        match: Match[Any],
        standings: Standings,
        play_again: Callable[[], None],
        actions: Callable[[], pygame.Rect] | None = None,
    ) -> None:
        """`standings`: `ui.standings(match)`, made before (off the UI thread: a final
        scoring may take a while). `actions`: the table's action strip (empty once the game
        is over), where "Show the results" waits while the board is looked at; bottom left
        when None."""
        super().__init__(app, winners_title(match, standings), play_again)
        self.ui = ui
        self.match = match
        self.standings = standings
        self.actions = actions
        self.row_rects: list[tuple[pygame.Rect, str]] = []
        """Each row as last drawn, and what hovering it says."""

    def panel_size(self) -> tuple[float, float]:
        rows = len(self.standings.rows)
        return (900, min(660, 220 + rows * ROW_STEP + (40 if self.standings.note else 0)))

    def results_place(self) -> pygame.Rect:
        f = self.frame
        if self.actions is None:
            return f.rect(40, 640, 240, 50)
        strip = self.actions()
        place = pygame.Rect(0, 0, min(strip.width, f.px(250)), min(strip.height, f.px(54)))
        place.midtop = strip.midtop
        return place

    # Drawing -------------------------------------------------------------------------------

    def draw_results(self, surface: pygame.Surface, panel: pygame.Rect, top: int) -> None:
        f = self.frame
        y = top - f.px(4)
        if self.standings.note:
            lines, size = theme.fit_lines(
                self.standings.note, theme.BODY_FONT, f.px(16), panel.width - f.px(80), f.px(40)
            )
            for line in lines:
                theme.blit_text(
                    surface, line, theme.BODY_FONT, size, theme.GOLD, "center", (panel.centerx, y)
                )
                y += round(size * 1.2)
            y += f.px(6)
        self.row_rects = []
        for row in self.standings.rows:
            rect = pygame.Rect(panel.left + f.px(28), y, panel.width - f.px(56), f.px(ROW_STEP - 8))
            self._draw_row(surface, row, rect)
            self.row_rects.append((rect, row.details))
            y += f.px(ROW_STEP)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.peeking:
            return
        for rect, details in self.row_rects:
            if details and rect.collidepoint(self.mouse):
                draw_tooltip(surface, details, rect, self.frame.px)

    def _draw_row(self, surface: pygame.Surface, row: StandingsRow, rect: pygame.Rect) -> None:
        f = self.frame
        seat = self.match.seats[row.seat] if row.seat < len(self.match.seats) else None
        border = theme.GOLD if row.winner else theme.PANEL_BORDER
        theme.panel(
            surface, rect, border=border, radius=f.px(12), width=f.px(2 if row.winner else 1)
        )
        look = row.look or (seat.look if seat is not None else "") or ""
        if look:
            self.ui.draw_look(surface, look, (rect.left + f.px(30), rect.centery), f.px(40))
        name = row_name(self.match, row)
        name, size = theme.fit(name, theme.BOLD_FONT, f.px(20), f.px(190))
        lift = f.px(11) if row.pictures else 0
        theme.blit_text(
            surface,
            name,
            theme.BOLD_FONT,
            size,
            theme.TEXT,
            "midleft",
            (rect.left + f.px(60), rect.centery - lift),
        )
        if row.pictures:
            self._draw_pictures(surface, row.pictures, rect.left + f.px(60), rect.centery + lift)
        total_at = (rect.right - f.px(24), rect.centery)
        theme.blit_text(
            surface,
            str(row.total),
            theme.HEADING_FONT,
            f.px(34),
            theme.MOONLIGHT,
            "midright",
            total_at,
        )
        parts = row.parts if len(row.parts) <= MAX_PARTS else self._folded(row.parts)
        left, right = rect.left + f.px(262), rect.right - f.px(80)
        width = (right - left) // max(1, len(parts))
        for number, (label, points) in enumerate(parts):
            centre = left + number * width + width // 2
            text, size = theme.fit(label, theme.BODY_FONT, f.px(14), width - f.px(8), 9)
            theme.blit_text(
                surface,
                text,
                theme.BODY_FONT,
                size,
                theme.SILVER,
                "center",
                (centre, rect.centery - f.px(11)),
            )
            theme.blit_text(
                surface,
                str(points),
                theme.BOLD_FONT,
                f.px(18),
                theme.TEXT,
                "center",
                (centre, rect.centery + f.px(11)),
            )

    def _draw_pictures(
        self, surface: pygame.Surface, pictures: tuple[str, ...], left: int, middle: int
    ) -> None:
        """What the seat won, piece by piece, in a row under its name: closer together when
        there are many, so the row never runs into the scores."""
        f = self.frame
        size, room = f.px(18), f.px(190)
        step = min(size + f.px(2), max(f.px(4), (room - size) // max(1, len(pictures) - 1)))
        for number, picture in enumerate(pictures):
            art = assets.image(picture, size, size)
            surface.blit(art, art.get_rect(midleft=(left + number * step, middle)))

    @staticmethod
    def _folded(parts: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        """The first parts as they are and the rest added up, so a row stays readable."""
        kept, rest = parts[: MAX_PARTS - 1], parts[MAX_PARTS - 1 :]
        return (*kept, ("Other", sum(points for _label, points in rest)))
