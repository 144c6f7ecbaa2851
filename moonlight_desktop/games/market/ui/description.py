"""Moonlight Market as the collection shows it: its gallery card, setup, rules, screen and
standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from moonlight_desktop.engine import Command, Match
from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.game_ui import GameUI, Standings, StandingsRow, seat_looks
from moonlight_desktop.ui.table.hints import Hint
from moonlight_desktop.ui.table.ui_defaults import GameUIDefaults, view_as

from ..table import AUTOMATON_NAMES
from ..view import MarketView
from .hint_reasons import market_hint
from .lesson import MARKET_LESSON
from .narrator import position_summary
from .painter import LOOK_ART, LOOKS
from .rules_text import MARKET_RULES
from .screen import MarketScreen
from .setup import AUTOMATON_LOOKS, MARKET_SETUP
from .standings import final_standings


class MarketUI(GameUIDefaults):
    game_id = "market"
    title = "Moonlight Market"
    pitch = N_(
        "Bid for the links on the velvet cushions and forge the most precious chains of "
        "five gems, alone against Dirk and Beate or with friends."
    )
    card_art = "market/cushion_moon.svg"
    card_looks: tuple[str, ...] = AUTOMATON_LOOKS
    rules = MARKET_RULES
    setup = MARKET_SETUP
    lesson = MARKET_LESSON
    position_summary = staticmethod(position_summary)
    look_art = LOOK_ART

    def hint(self, view: Any, legal: Sequence[Command], seed: int, names: Sequence[str]) -> Hint:
        """NormalBot's move for the seat whose view this is, and why (docs/market.md)."""
        return market_hint(view, legal, seed)

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> MarketScreen:
        view = view_as(match, viewer, MarketView, self.title)
        looks = seat_looks(match, [look.id for look in LOOKS], self.title)
        automata = view.table.positions - view.table.seats
        looks += list(AUTOMATON_LOOKS[:automata])
        names = [seat.name for seat in match.seats] + list(AUTOMATON_NAMES[:automata])
        return MarketScreen(
            view, view_as(match.replayed(0), None, MarketView, self.title), names, looks, sound
        )

    def standings(self, match: Match[Any]) -> Standings:
        """Each position's prestige pass by pass, the seal majority and the last card;
        Dirk and Beate have rows of their own."""
        standings = final_standings(match)
        rows = tuple(
            StandingsRow(
                row.position,
                row.total,
                row.parts,
                row.winner,
                name=row.name if row.seat is None else "",
                look=(row.look or "") if row.seat is None else "",
                details=row.details,
            )
            for row in standings.rows
        )
        return Standings(rows, standings.note)


MARKET_UI: GameUI[MarketView] = MarketUI()
