"""A board drawn in its own design units and scaled to the board's rect of the table layout:
what a game's painter needs to turn its geometry into pixels."""

from __future__ import annotations

import pygame

from .layout import TableLayout


class BoardUnits:
    def __init__(self, design_width: float) -> None:
        self.design_width = design_width
        self.layout: TableLayout | None = None

    def relayout(self, layout: TableLayout) -> None:
        self.layout = layout

    @property
    def scale(self) -> float:
        assert self.layout is not None, "relayout first"
        return self.layout.board.width / self.design_width

    def px(self, units: float) -> int:
        return max(1, round(units * self.scale))

    def text_px(self, units: float) -> int:
        """A text size of `units`, never below the smallest the window allows (a board is
        often scaled down more than the window's design)."""
        assert self.layout is not None, "relayout first"
        return max(self.px(units), self.layout.least_text)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        assert self.layout is not None, "relayout first"
        board = self.layout.board
        return (board.left + x * self.scale, board.top + y * self.scale)

    def rect(self, box: pygame.FRect) -> pygame.Rect:
        left, top = self.to_screen(box.left, box.top)
        return pygame.Rect(round(left), round(top), self.px(box.width), self.px(box.height))
