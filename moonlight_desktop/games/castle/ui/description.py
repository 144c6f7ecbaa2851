"""Moonlight Castle as the collection shows it: its gallery card, setup, rules, screen and
standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from moonlight_desktop.engine import Command, Match
from moonlight_desktop.i18n import N_, _
from moonlight_desktop.ui.table.game_ui import GameUI, Standings, StandingsRow, seat_looks
from moonlight_desktop.ui.table.hints import Hint
from moonlight_desktop.ui.table.ui_defaults import GameUIDefaults, view_as

from ..rules import TITLE
from ..view import CastleView
from .hint_reasons import castle_hint
from .lesson import CASTLE_LESSON
from .looks import LOOK_ART
from .narrator import position_summary
from .rules_text import CASTLE_RULES
from .screen import CastleScreen
from .setup import CASTLE_SETUP, FIGURES
from .standings import standings, tie_note

JEWEL_PICTURES = ("castle/jewel_red.svg", "castle/jewel_yellow.svg", "castle/jewel_green.svg")
"""Each jewel's picture, by colour."""


class CastleUI(GameUIDefaults):
    game_id = "castle"
    title = TITLE
    pitch = N_(
        "Sneak through the moonlit garden and rescue the king's jewels before Zirroz the "
        "magician keeps them all."
    )
    card_art = "castle/castle.svg"
    card_looks: tuple[str, ...] = ("fox", "squirrel")
    rules = CASTLE_RULES
    lesson = CASTLE_LESSON
    position_summary = staticmethod(position_summary)
    setup = CASTLE_SETUP
    look_art = LOOK_ART

    def hint(self, view: Any, legal: Sequence[Command], seed: int, names: Sequence[str]) -> Hint:
        """NormalBot's move for the seat whose view this is, and why (docs/castle.md)."""
        return castle_hint(view, legal, seed)

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> CastleScreen:
        looks = seat_looks(match, FIGURES, self.title)
        view = view_as(match, viewer, CastleView, self.title)
        return CastleScreen(view, [seat.name for seat in match.seats], looks, sound)

    def private_seats(self, match: Match[Any]) -> frozenset[int]:
        """Humans who play behind a screen (not on the Full Moon, nor who chose to play
        without one): their pebbles are secret."""
        view = match.view(None)
        open_screens = view.table.open_screens if isinstance(view, CastleView) else ()
        return frozenset(
            seat
            for seat, spec in enumerate(match.seats)
            if spec.player == "human" and seat not in open_screens
        )

    def standings(self, match: Match[Any]) -> Standings:
        """Jewels recovered (each drawn in its colour), then pebbles left, which break a tie
        on jewels."""
        rows = tuple(
            StandingsRow(
                row.seat,
                row.score,
                ((_("Jewels"), row.score), (_("Pebbles left"), row.pebbles)),
                row.winner,
                tuple(JEWEL_PICTURES[jewel] for jewel in row.jewels),
            )
            for row in standings(match)
        )
        return Standings(rows, tie_note(match) or "")


CASTLE_UI: GameUI[CastleView] = CastleUI()
