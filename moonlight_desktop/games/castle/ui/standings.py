"""How a game of Moonlight Castle ended, without pygame: everyone's jewels and pebbles left,
best first, who won and how a tie on jewels was broken."""

from __future__ import annotations

from typing import Any

from moonlight_desktop.engine import Match, RecordError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.ui.table.game_ui import Standings, StandingsRow

from ..view import CastleView

JEWEL_PICTURES = ("castle/jewel_red.svg", "castle/jewel_yellow.svg", "castle/jewel_green.svg")
"""Each jewel's picture, by colour."""

TIE_BREAK_NOTE = "Tie on jewels — most pebbles left wins"
SHARED_NOTE = "Tie on jewels and on pebbles left — a shared win"


def final_standings(match: Match[Any]) -> Standings:
    """Everyone, best first (jewels, then pebbles left; seat order among equals): the jewels
    recovered, each drawn in its colour, and the pebbles left, which break a tie on jewels."""
    view = final_view(match)
    winners = set(match.winners())
    pebbles = view.screen_sizes
    jewels = [sorted(j for tile in tiles for j in tile.jewels) for tiles in view.collected]
    order = sorted(range(len(match.seats)), key=lambda s: (-len(jewels[s]), -pebbles[s], s))
    rows = tuple(
        StandingsRow(
            seat,
            len(jewels[seat]),
            (("Jewels", len(jewels[seat])), ("Pebbles left", pebbles[seat])),
            seat in winners,
            tuple(JEWEL_PICTURES[jewel] for jewel in jewels[seat]),
        )
        for seat in order
    )
    return Standings(rows, tie_note(match) or "")


def tie_note(match: Match[Any]) -> str | None:
    """Says how the tie-break decided when the most jewels were shared."""
    scores = match.scores()
    top = max(scores)
    if scores.count(top) < 2:
        return None
    return SHARED_NOTE if len(match.winners()) > 1 else TIE_BREAK_NOTE


def final_view(match: Match[Any]) -> CastleView:
    """The whole table as everyone may see it at the end (every screen open)."""
    view = match.view(None)
    if not isinstance(view, CastleView):
        raise RecordError(f"not a game of Moonlight Castle: {brief(match.record.game, 40)}")
    return view
