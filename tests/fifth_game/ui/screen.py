"""Nim at the table: a click on a stone takes it and every stone above it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.game_ui import Action, Hover, TableContext
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.looks import draw_badge
from moonlight_desktop.ui.table.presenter import Anchor

from ..rules import Take
from ..view import NimView
from .painter import ASPECT, LOOKS_BY_ID, NimPainter
from .presenter import NimPresenter


class NimScreen:
    def __init__(
        self,
        view: NimView,
        names: Sequence[str],
        looks: Sequence[str],
        sound: Callable[[str], None],
    ) -> None:
        self._presenter = NimPresenter(view, names, sound)
        self.names = tuple(names)
        self.looks = tuple(LOOKS_BY_ID[look] for look in looks)
        self.painter = NimPainter()
        self.pointer: tuple[int, int] | None = None

    @property
    def presenter(self) -> NimPresenter:
        return self._presenter

    @property
    def board_aspect(self) -> float:
        return ASPECT

    @property
    def rows(self) -> int:
        return 2

    @property
    def extra_height(self) -> float:
        return 0

    def relayout(self, layout: TableLayout) -> None:
        self.painter.relayout(layout)

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.point(len(self._presenter.heaps), anchor)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        return None

    def turn(self, table: TableContext) -> tuple[int | None, str, str]:
        view = self._presenter.shown
        if view.winner >= 0:
            return None, "Game over", f"{self.names[view.winner]} took the last stone."
        return (
            view.turn,
            f"{self.names[view.turn]} to take",
            "Click a stone: it goes, with all above it.",
        )

    def _take_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        stone = self.painter.stone_at(self._presenter.heaps, point)
        if stone is None:
            return None
        heap, index = stone
        take = Take(heap, self._presenter.heaps[heap] - index)
        return take if take in table.legal() else None

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        chosen = None
        if self.pointer is not None and self._take_at(self.pointer, table) is not None:
            chosen = self.painter.stone_at(self._presenter.heaps, self.pointer)
        self.painter.draw_board(surface, self._presenter, chosen)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        view = self._presenter.shown
        acting = view.winner < 0 and view.turn == seat
        self.painter.draw_seat(surface, rect, self.names[seat], self.looks[seat], acting)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        """Nim has no strip of its own."""

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None:
        draw_badge(surface, self.looks[seat], centre, size)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return self.looks[seat].color

    def actions(self, table: TableContext) -> list[Action]:
        return []

    def command_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        return self._take_at(point, table)

    def dropped_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        return None

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        self.pointer = point
        take = self._take_at(point, table)
        if not isinstance(take, Take):
            return None
        stones = "this stone" if take.count == 1 else f"these {take.count} stones"
        target = pygame.Rect(0, 0, 1, 1)
        target.center = point
        return Hover(f"Take {stones}", target)
