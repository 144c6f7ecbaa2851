"""Le Marché de Samarkand as the collection shows it: its gallery card, setup, rules, screen
and standings (the Dean's clock is the game's: clock.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from moonlight_desktop.engine import Command, Match
from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.game_ui import GameUI, Standings, StandingsRow, seat_looks
from moonlight_desktop.ui.table.hints import Hint
from moonlight_desktop.ui.table.ui_defaults import GameUIDefaults, view_as

from ..view import SamarkandView
from .hint_reasons import samarkand_hint
from .lesson import SAMARKAND_LESSON
from .narrator import position_summary
from .painter import LOOK_ART, LOOKS
from .rules_text import SAMARKAND_RULES
from .screen import SamarkandScreen
from .setup import SAMARKAND_SETUP
from .standings import final_standings


class SamarkandUI(GameUIDefaults):
    game_id = "samarkand"
    title = "Le Marché de Samarkand"  # as published, in every language
    pitch = N_(
        "Sell your goods and buy others' as the Dean counts down: say Stop! first, and load "
        "your camels with the richest cargo."
    )
    card_art = "samarkand/camel.svg"
    card_looks: tuple[str, ...] = ()
    rules = SAMARKAND_RULES
    setup = SAMARKAND_SETUP
    lesson = SAMARKAND_LESSON
    position_summary = staticmethod(position_summary)
    look_art = LOOK_ART

    def hint(self, view: Any, legal: Sequence[Command], seed: int, names: Sequence[str]) -> Hint:
        """NormalBot's move for the seat whose view this is, and why (docs/samarkand.md)."""
        return samarkand_hint(view, legal, seed)

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> SamarkandScreen:
        looks = seat_looks(match, [look.id for look in LOOKS], self.title)
        names = [seat.name for seat in match.seats]
        return SamarkandScreen(
            view_as(match, viewer, SamarkandView, self.title),
            view_as(match.replayed(0), None, SamarkandView, self.title),
            names,
            looks,
            sound,
        )

    def standings(self, match: Match[Any]) -> Standings:
        standings = final_standings(match)
        rows = tuple(
            StandingsRow(row.seat, row.total, row.parts, row.winner, details=row.details)
            for row in standings.rows
        )
        return Standings(rows, standings.note)


SAMARKAND_UI: GameUI[SamarkandView] = SamarkandUI()
