"""Moonlight Castle at the table: the garden drawn from the presenter, what a click or hover on
it means (hide in a space, recover the lit tile), the action strip's choices (recover, end the
turn, pass, a gold fountain's ritual), the seat rows and the supply strip."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.table.game_ui import Action, Hover, TableContext
from moonlight_desktop.ui.table.glow import draw_glow_frame, draw_hint_marker
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.phrasing import counted
from moonlight_desktop.ui.table.presenter import Anchor

from ..moves import EndTurn, KeepColor, MoveTo, Pass, Recover, ReturnPebbles
from ..state import Phase
from ..view import CastleView
from .painter import RITUAL_SHORT, Painter, pebble_icon
from .panel import draw_seat_row, draw_supply
from .presenter import COLOR_NAMES, CastlePresenter

SUPPLY_HEIGHT = 64
"""The supply strip under the seat rows, in design pixels."""


class CastleScreen:
    def __init__(
        self,
        view: CastleView,
        names: list[str],
        looks: list[str],
        sound: Callable[[str], None],
    ) -> None:
        self.names = names
        self.table = view.table
        self._presenter = CastlePresenter(view, names, sound)
        self.painter = Painter(view.table, names, looks)

    # What the table asks -----------------------------------------------------------------------

    @property
    def presenter(self) -> CastlePresenter:
        return self._presenter

    @property
    def board_aspect(self) -> float:
        return self.painter.aspect

    @property
    def rows(self) -> int:
        return len(self.names)

    @property
    def extra_height(self) -> float:
        return SUPPLY_HEIGHT

    def relayout(self, layout: TableLayout) -> None:
        self.painter.relayout(layout)

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.resolve(anchor)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        return self.painter.outline(anchor)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return self.painter.crest(seat)

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None:
        self.painter.draw_figure(surface, seat, centre, size)

    # Whose turn, from the shown view -------------------------------------------------------

    table_title = "Moonlight Castle"

    def result(self, view: CastleView) -> str | None:
        return "Every jewel is counted." if view.phase == Phase.OVER else None

    def waiting(self, view: CastleView) -> tuple[int, ...]:
        return () if view.phase == Phase.OVER else (view.seat,)

    def stage(self, view: CastleView) -> str:
        left = "The last round." if view.last_round else ""
        return f"{left} {counted(view.castle_count, 'tile')} left in the castle.".strip()

    def prompt(self, view: CastleView, table: TableContext) -> str:
        return self._prompt(view, table.legal())

    @staticmethod
    def _prompt(view: CastleView, legal: Sequence[Command]) -> str:
        if view.phase == Phase.RECOVER:
            return "Recover the glowing tile beside you, or end your turn."
        if view.phase == Phase.FOUNTAIN:
            return "The fountain's ritual: choose what to keep."
        if Pass() in legal:
            return "No space can be reached: you must pass."
        if Recover() in legal:
            return "Hide in a glowing space, or stay and recover the tile beside you."
        return "Hide again: choose a glowing space."

    # Choices ----------------------------------------------------------------------------------

    def actions(self, table: TableContext) -> list[Action]:
        legal = table.legal()
        phase = self._presenter.shown.phase
        if phase == Phase.RECOVER:
            return [Action("Recover jewels", Recover(), True), Action("End turn", EndTurn())]
        if phase == Phase.FOUNTAIN:
            return [Action(choice_label(command), command) for command in legal]
        if Recover() in legal:
            return [Action("Stay and recover", Recover(), True)]
        if Pass() in legal:
            return [Action("Pass: nowhere to go", Pass(), True)]
        return []

    def legal_spaces(self, table: TableContext) -> frozenset[int]:
        return frozenset(command.space for command in table.legal() if isinstance(command, MoveTo))

    def recoverable_position(self, table: TableContext) -> int | None:
        """The path position of the tile the acting human may recover now, if any."""
        if Recover() not in table.legal():
            return None
        view = self._presenter.shown
        return self.table.space_faces[view.spots[view.seat]]

    def command_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        space = self.painter.space_at(point)
        if space is not None:
            return MoveTo(space)
        faced = self.recoverable_position(table)
        if faced is not None and self.painter.tile_rect(faced).collidepoint(point):
            return Recover()
        return None

    def dropped_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        return None  # every choice here is a click

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        space = self.painter.space_at(point)
        if space is None or space not in self.legal_spaces(table):
            return None
        x, y = self.painter.space_centre(space)
        reach = round(self.painter.choice_ring(space)[0])
        target = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        target.center = (round(x), round(y))
        return Hover(self._hover_text(space), target.union(self.painter.badge_places()[space]))

    def _hover_text(self, space: int) -> str:
        table = self.table
        color = table.space_color[space]
        fountain = table.space_fountain[space]
        pebbles = table.space_pebbles[space]
        cost = "free" if color < 0 else f"pay 1 {COLOR_NAMES[color]} pebble"
        if fountain >= 0 and table.fountains[fountain].gold:
            gain = RITUAL_SHORT[table.fountains[fountain].ritual.value]
        else:
            gain = f"draw {pebbles}" if pebbles else "draw nothing"
        beside = table.space_faces[space]
        if beside > 0 and self._presenter.path[beside] is not None:
            return f"Hide here: {cost}, {gain}; the lit tile is beside it"
        where = "at this fountain" if fountain >= 0 else "here"
        return f"Hide {where}: {cost}, {gain}"

    # Drawing ----------------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        painter, picture = self.painter, self._presenter
        choices = self.legal_spaces(table)
        painter.draw_board(surface, picture, choices)
        pulse = table.choice_glow
        hovered = painter.space_at(pygame.mouse.get_pos())
        for space in choices:
            lit = 1.0 if space == hovered else (pulse - 0.75) * 2
            painter.draw_choice(surface, space, self.table.space_color[space], lit)
        faced = self.recoverable_position(table)
        if faced is not None:
            painter.draw_tile_glow(surface, faced, pulse)
        if hovered is not None and hovered in choices:
            beside = self.table.space_faces[hovered]
            if beside > 0 and picture.path[beside] is not None:
                painter.draw_tile_glow(surface, beside, 0.45)  # the tile you would hide beside
        painter.draw_loose(surface, picture)
        self._draw_fountain_draw(surface, table)

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        """The hinted move on the garden: the space to hide in ringed in a pulsing glow, or
        the tile to recover framed in it."""
        painter, layout = self.painter, self.painter.layout
        if layout is None:
            return
        if isinstance(command, MoveTo):
            # Round the space's rim, so that as it pulses it stays inside the choice's ring,
            # clear of the cost badge beside it.
            ring, width = painter.choice_ring(command.space)
            rim = ring - width - layout.px(2)
            draw_hint_marker(surface, painter.space_centre(command.space), rim, pulse, layout.px)
        elif isinstance(command, Recover):
            faced = self.recoverable_position(table)
            if faced is not None:
                draw_glow_frame(surface, painter.tile_rect(faced), pulse, layout.px, arrow=True)

    def _draw_fountain_draw(self, surface: pygame.Surface, table: TableContext) -> None:
        """During a gold fountain's choice: the pebbles just drawn, on a card at the top of
        the garden, so the choice on the action strip can be weighed against them."""
        view = self._presenter.shown
        layout = self.painter.layout
        if layout is None or view.drawn is None or not table.legal():
            return
        icon, gap = layout.px(24), layout.px(6)
        label, pixels = "The fountain gave you:", layout.px(16)
        label_width = theme.text_width(label, theme.BODY_FONT, pixels)
        colors = [c for c in range(3) for _ in range(view.drawn[c])]
        width = label_width + gap * 2 + len(colors) * (icon + gap)
        card = pygame.Rect(0, 0, width + layout.px(24), icon + layout.px(18))
        card.midtop = (layout.board.centerx, layout.board.top + layout.px(12))
        theme.panel(surface, card, alpha=235, border=theme.GOLD, radius=layout.px(10))
        theme.blit_text(
            surface,
            label,
            theme.BODY_FONT,
            pixels,
            theme.TEXT,
            "midleft",
            (card.left + layout.px(12), card.centery),
        )
        left = card.left + layout.px(12) + label_width + gap * 2
        for n, color in enumerate(colors):
            pebble_icon(surface, color, (left + n * (icon + gap) + icon / 2, card.centery), icon)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        layout = self.painter.layout
        assert layout is not None
        view = self._presenter.shown
        acting = view.phase != Phase.OVER and seat == view.seat
        starts = seat == view.start_seat
        draw_seat_row(surface, self.painter, layout, self._presenter, seat, rect, acting, starts)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        layout = self.painter.layout
        assert layout is not None
        draw_supply(surface, self.painter, layout, self._presenter)


def choice_label(command: Command) -> str:
    """A gold fountain's choice in words: what to keep, or what to put back."""
    if isinstance(command, KeepColor):
        return f"Keep {COLOR_NAMES[command.color]}"
    assert isinstance(command, ReturnPebbles)
    parts = [f"{n} {COLOR_NAMES[c]}" for c, n in enumerate(command.counts) if n]
    return "Put back " + (", ".join(parts) if parts else "nothing")
