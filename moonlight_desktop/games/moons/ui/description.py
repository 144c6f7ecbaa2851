"""Moons as the collection shows it: its gallery card, setup, rules, screen and standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from moonlight_desktop.engine import Match
from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.game_ui import GameUI, Standings, StandingsRow, seat_looks
from moonlight_desktop.ui.table.ui_defaults import GameUIDefaults, view_as

from ..view import MoonsView
from .hint_reasons import moons_hint
from .lesson import MOONS_LESSON
from .narrator import position_summary
from .pieces import LOOK_ART, LOOKS
from .rules_text import MOONS_RULES
from .screen import MoonsScreen
from .setup import MOONS_SETUP
from .standings import final_standings


class MoonsUI(GameUIDefaults):
    game_id = "moons"
    title = "Moons"
    pitch = N_("Win tricks for planet tokens, then score them in sets of worlds.")
    """Marked here, translated where the gallery shows it."""
    card_art = "moons/planet_saturn.svg"
    card_looks: tuple[str, ...] = ()
    rules = MOONS_RULES
    lesson = MOONS_LESSON
    position_summary = staticmethod(position_summary)
    look_art = LOOK_ART
    setup = MOONS_SETUP
    hint = staticmethod(moons_hint)
    """NormalBot's move for the seat whose view it is, and why (docs/moons.md)."""

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> MoonsScreen:
        looks = seat_looks(match, [look.id for look in LOOKS], self.title)
        view = view_as(match, viewer, MoonsView, self.title)
        humans = [n for n, seat in enumerate(match.seats) if seat.player == "human"]
        bottom = viewer if viewer is not None else (humans[0] if humans else 0)
        names = [seat.name for seat in match.seats]
        return MoonsScreen(view, names, looks, sound, bottom)

    def standings(self, match: Match[Any]) -> Standings:
        standings = final_standings(
            view_as(match, None, MoonsView, self.title), [seat.name for seat in match.seats]
        )
        rows = tuple(
            StandingsRow(row.seat, row.total, row.parts, row.winner) for row in standings.rows
        )
        return Standings(rows, standings.note, standings.kinds)


MOONS_UI: GameUI[MoonsView] = MoonsUI()
