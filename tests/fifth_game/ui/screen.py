"""Nim at the table: a click on a stone takes it and every stone above it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.board_screen import BoardScreen
from moonlight_desktop.ui.table.game_ui import Action, Hover, TableContext
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.spots import Spot

from ..rules import Take
from ..view import NimView
from .narrator import stones
from .painter import ASPECT, LOOK_ART, LOOKS_BY_ID, STONE, NimPainter
from .presenter import NimPresenter


class NimScreen(BoardScreen[NimPresenter, NimPainter]):
    table_title = "Nim"
    board_aspect = ASPECT
    look_art = LOOK_ART

    def __init__(
        self,
        view: NimView,
        names: Sequence[str],
        looks: Sequence[str],
        sound: Callable[[str], None],
    ) -> None:
        super().__init__(NimPresenter(view, names, sound), NimPainter(), names, looks)
        self.pointer: tuple[int, int] | None = None

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.point(len(self._presenter.heaps), anchor)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        return None

    # The header's words ------------------------------------------------------------------------

    def result(self, view: NimView) -> str | None:
        return None if view.winner < 0 else f"{self.names[view.winner]} took the last stone."

    def waiting(self, view: NimView) -> tuple[int, ...]:
        return () if view.winner >= 0 else (view.turn,)

    def stage(self, view: NimView) -> str:
        return f"{stones(sum(view.heaps))} left"

    def prompt(self, view: NimView, table: TableContext) -> str:
        return "Click a stone: it goes, with all above it."

    # Input -----------------------------------------------------------------------------------

    def spots(self, table: TableContext) -> list[Spot]:
        """Each stone that may be taken, heap by heap from the left, bottom stone first."""
        heaps, legal = self._presenter.heaps, table.legal()
        spots = []
        for heap, size in enumerate(heaps):
            for index in range(size):
                take = Take(heap, size - index)
                if take in legal:
                    x, y = self.painter.stone_centre(len(heaps), heap, index)
                    reach = self.painter.units.px(STONE)
                    rect = pygame.Rect(0, 0, 2 * reach, 2 * reach)
                    rect.center = (round(x), round(y))
                    words = "this stone" if take.count == 1 else f"these {take.count} stones"
                    spots.append(Spot(rect, f"Take {words}", take, reach=reach))
        return spots

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        self.pointer = point  # the stones a click would take are lit
        return super().hover(point, table)

    def actions(self, table: TableContext) -> list[Action]:
        return []

    # Drawing: the painter's ------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        spot = None if self.pointer is None else self.spot_at(self.pointer, table)
        take = spot.command if spot is not None else None
        self.painter.draw_board(surface, self._presenter, take if isinstance(take, Take) else None)

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        if isinstance(command, Take):
            self.painter.draw_hint(surface, self._presenter.heaps, command, pulse)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        acting = seat in table.waiting
        look = LOOKS_BY_ID[self.looks[seat]]
        self.painter.draw_seat(surface, rect, self.names[seat], look, acting)
