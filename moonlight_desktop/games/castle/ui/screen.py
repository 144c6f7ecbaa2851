"""Moonlight Castle at the table: what a click or hover on the garden means (hide in a space,
recover the lit tile), the action strip's choices (recover, end the turn, pass, a gold
fountain's ritual) and the header's words. The painter draws it all."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import N_, _, ngettext, pgettext
from moonlight_desktop.ui.table.board_screen import BoardScreen
from moonlight_desktop.ui.table.game_ui import Action, Hover, TableContext
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.spots import Spot

from ..moves import EndTurn, KeepColor, MoveTo, Pass, Recover, ReturnPebbles
from ..state import Phase
from ..view import CastleView
from .narrator import RITUAL_SHORT, pebbles_named
from .painter import REACH, Offer, Painter, square
from .presenter import CastlePresenter

SUPPLY_HEIGHT = 64
"""The supply strip under the seat rows, in design pixels."""
KEEP_COLOUR = (N_("Keep red"), N_("Keep yellow"), N_("Keep green"))
"""A ritual's choice to keep one colour, by colour."""
PAY_ONE = (N_("pay 1 red pebble"), N_("pay 1 yellow pebble"), N_("pay 1 green pebble"))
"""What hiding in a coloured space costs, by its colour."""


class CastleScreen(BoardScreen[CastlePresenter, Painter]):
    extra_height = SUPPLY_HEIGHT

    def __init__(
        self,
        view: CastleView,
        names: list[str],
        looks: list[str],
        sound: Callable[[str], None],
    ) -> None:
        painter = Painter(view.table, names, looks)
        super().__init__(CastlePresenter(view, names, sound), painter, names, looks)
        self.table = view.table
        self.board_aspect = painter.aspect  # the garden of this table

    # What the table asks -----------------------------------------------------------------------

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.resolve(anchor)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        return self.painter.outline(anchor)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return self.painter.crest(seat)

    # Whose turn, from the shown view -------------------------------------------------------

    table_title = "Moonlight Castle"

    def result(self, view: CastleView) -> str | None:
        return _("Every jewel is counted.") if view.phase == Phase.OVER else None

    def waiting(self, view: CastleView) -> tuple[int, ...]:
        return () if view.phase == Phase.OVER else (view.seat,)

    def stage(self, view: CastleView) -> str:
        left = view.castle_count
        if not left:
            return (
                _("The last round. The castle is empty.")
                if view.last_round
                else _("The castle is empty.")
            )
        tiles = (
            ngettext(
                "The last round. {count} tile left in the castle.",
                "The last round. {count} tiles left in the castle.",
                left,
            )
            if view.last_round
            else ngettext(
                "{count} tile left in the castle.", "{count} tiles left in the castle.", left
            )
        )
        return tiles.format(count=left)

    def prompt(self, view: CastleView, table: TableContext) -> str:
        legal = table.legal()
        if view.phase == Phase.RECOVER:
            return _("Recover the glowing tile beside you, or end your turn.")
        if view.phase == Phase.FOUNTAIN:
            return _("The fountain's ritual: choose what to keep.")
        if Pass() in legal:
            return _("No space can be reached: you must pass.")
        if Recover() in legal:
            return _("Hide in a glowing space, or stay and recover the tile beside you.")
        return _("Hide again: choose a glowing space.")

    # Choices ----------------------------------------------------------------------------------

    def actions(self, table: TableContext) -> list[Action]:
        legal = table.legal()
        phase = table.view.phase
        if phase == Phase.RECOVER:
            return [
                Action(_("Recover jewels"), Recover(), True),
                Action(_("End turn"), EndTurn()),
            ]
        if phase == Phase.FOUNTAIN:
            return [Action(choice_label(command), command) for command in legal]
        if Recover() in legal:
            return [Action(_("Stay and recover"), Recover(), True)]
        if Pass() in legal:
            return [Action(_("Pass: nowhere to go"), Pass(), True)]
        return []

    def offer(self, table: TableContext) -> Offer:
        """What the board offers the player at the screen now: the spaces they may hide in
        and the tile (its path position) they may recover."""
        legal = table.legal()
        spaces = frozenset(command.space for command in legal if isinstance(command, MoveTo))
        view: CastleView = table.view
        tile = self.table.space_faces[view.spots[view.seat]] if Recover() in legal else None
        return Offer(spaces, tile, bool(legal))

    def spots(self, table: TableContext) -> list[Spot]:
        """The tile that may be recovered, then every space: a click on any space asks to
        hide there (the rules say why where one may not); the ones offered explain
        themselves when hovered."""
        painter, offer = self.painter, self.offer(table)
        spots = []
        if offer.tile is not None:
            words = _("Recover the lit tile beside you: a matching pebble per jewel")
            spots.append(Spot(painter.tile_rect(offer.tile), words, Recover()))
        for space in range(self.table.space_count):
            rect = square(painter.space_centre(space), round(painter.choice_ring(space)[0]))
            text = self._hover_text(space) if space in offer.spaces else ""
            reach = painter.space_radius(space) * REACH
            spots.append(Spot(rect, text, MoveTo(space), reach=reach))
        return spots

    def focus_ring(self, table: TableContext) -> list[Spot]:
        """The keyboard stops only where something may be done now: the spaces offered and
        the tile that may be recovered."""
        legal = table.legal()
        return [spot for spot in self.spots(table) if spot.command in legal]

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        """A space's words keep clear of its ring and of its cost badge."""
        hover = super().hover(point, table)
        space = self.painter.space_at(point)
        if hover is None or space is None:
            return hover
        return Hover(hover.text, hover.target.union(self.painter.badge_places()[space]))

    def _hover_text(self, space: int) -> str:
        """What hiding in `space` costs and gives (a fountain's ritual, or the pebbles
        drawn), and whether the lit tile lies beside it."""
        table = self.table
        color = table.space_color[space]
        fountain = table.space_fountain[space]
        pebbles = table.space_pebbles[space]
        cost = pgettext("costs nothing", "free") if color < 0 else _(PAY_ONE[color])
        if fountain >= 0 and table.fountains[fountain].gold:
            gain = _(RITUAL_SHORT[table.fountains[fountain].ritual.value])
        elif pebbles:
            gain = ngettext("draw {count}", "draw {count}", pebbles).format(count=pebbles)
        else:
            gain = _("draw nothing")
        beside = table.space_faces[space]
        if beside > 0 and self._presenter.path[beside] is not None:
            # Translators: {cost} is "free" or "pay 1 red pebble"; {gain} is "draw 2" or a
            # gold fountain's ritual ("draw 4, put 2 back").
            told = _("Hide here: {cost}, {gain}; the lit tile is beside it")
        elif fountain >= 0:
            told = _("Hide at this fountain: {cost}, {gain}")
        else:
            told = _("Hide here: {cost}, {gain}")
        return told.format(cost=cost, gain=gain)

    # Drawing: the painter's ----------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        hovered = self.painter.space_at(pygame.mouse.get_pos())
        offer = self.offer(table)
        self.painter.draw_board(surface, self._presenter, offer, table.choice_glow, hovered)

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        self.painter.draw_hint(surface, command, self.offer(table), pulse)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        self.painter.draw_seat(surface, rect, seat, self._presenter, seat in table.waiting)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        self.painter.draw_supply(surface, self._presenter)

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None:
        self.painter.draw_figure(surface, seat, centre, size)


def choice_label(command: Command) -> str:
    """A gold fountain's choice in words: what to keep, or what to put back."""
    if isinstance(command, KeepColor):
        return _(KEEP_COLOUR[command.color])
    assert isinstance(command, ReturnPebbles)
    # Translators: {pebbles} lists pebbles by colour, e.g. "1 red, 2 green".
    return _("Put back {pebbles}").format(pebbles=pebbles_named(command.counts))
