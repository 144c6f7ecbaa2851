"""How a game of Moonlight Castle ended, without pygame: everyone's jewels and pebbles left,
best first, who won and how a tie on jewels was broken."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Match, RecordError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.i18n import N_, _

from ..view import CastleView

TIE_BREAK_NOTE = N_("Tie on jewels — most pebbles left wins")
SHARED_NOTE = N_("Tie on jewels and on pebbles left — a shared win")


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    jewels: tuple[int, ...]  # the colours of every jewel on the recovered tiles
    pebbles: int
    winner: bool

    @property
    def score(self) -> int:
        return len(self.jewels)


def standings(match: Match[Any]) -> list[Standing]:
    """Everyone, best first (jewels, then pebbles left; seat order among equals)."""
    view = final_view(match)
    winners = set(match.winners())
    rows = [
        Standing(
            seat=seat,
            jewels=tuple(sorted(jewel for tile in view.collected[seat] for jewel in tile.jewels)),
            pebbles=view.screen_sizes[seat],
            winner=seat in winners,
        )
        for seat in range(len(match.seats))
    ]
    return sorted(rows, key=lambda row: (-row.score, -row.pebbles, row.seat))


def tie_note(match: Match[Any]) -> str | None:
    """Says how the tie-break decided when the most jewels were shared."""
    scores = match.scores()
    top = max(scores)
    if scores.count(top) < 2:
        return None
    return _(SHARED_NOTE if len(match.winners()) > 1 else TIE_BREAK_NOTE)


def final_view(match: Match[Any]) -> CastleView:
    """The whole table as everyone may see it at the end (every screen open)."""
    view = match.view(None)
    if not isinstance(view, CastleView):
        raise RecordError(f"not a game of Moonlight Castle: {brief(match.record.game, 40)}")
    return view
