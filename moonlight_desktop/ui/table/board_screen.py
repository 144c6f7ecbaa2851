"""The base of a game's screen that a painter draws: what every such screen answers the same
way (its presenter, its rows, relaying out the painter, a seat's colour and figure from the
game's `LookArt`), so a game's screen states only what differs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

import pygame

from moonlight_desktop.ui import theme

from .game_ui import Color, TableContext
from .layout import TableLayout
from .presenter import PresenterBase
from .spots import SpotScreen
from .ui_defaults import LookArt


class Painter(Protocol):
    """What the base asks of a game's painter: to follow the table's layout."""

    def relayout(self, layout: TableLayout) -> None: ...


PresenterT = TypeVar("PresenterT", bound=PresenterBase[Any])
PainterT = TypeVar("PainterT", bound=Painter)


class BoardScreen(SpotScreen, Generic[PresenterT, PainterT]):
    """A `SpotScreen` whose board and seats its painter draws. A game passes its presenter,
    painter, the rows' names and the seats' looks, and sets `board_aspect`, `look_art`, and
    `extra_height` with `draw_extra` for a strip of its own."""

    board_aspect: float
    """The board's width / height, kept at any window size."""
    extra_height: float = 0.0
    """The game's own strip in the side panel, in design pixels (0: none)."""
    look_art: LookArt
    """How the seats' looks are drawn and coloured (a game that draws its figures itself
    overrides `seat_color` and `draw_figure` instead)."""

    def __init__(
        self,
        presenter: PresenterT,
        painter: PainterT,
        names: Sequence[str],
        looks: Sequence[str],
    ) -> None:
        """`names` and `looks`: one per row (a seat, or a player inside the rules)."""
        super().__init__()
        self._presenter = presenter
        self.painter = painter
        self.names = tuple(names)
        self.looks = tuple(looks)

    @property
    def presenter(self) -> PresenterT:
        return self._presenter

    @property
    def rows(self) -> int:
        return len(self.names)

    def relayout(self, layout: TableLayout) -> None:
        self.painter.relayout(layout)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        """No strip of its own (called only when `extra_height` > 0)."""

    def seat_color(self, seat: int) -> Color:
        """The colour of the seat's look (silver for a row without one)."""
        if not 0 <= seat < len(self.looks):
            return theme.SILVER
        return self.look_art.color(self.looks[seat])

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None:
        self.look_art.draw(surface, self.looks[seat], centre, size)
