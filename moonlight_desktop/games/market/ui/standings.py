"""The standings of a finished game of Moonlight Market, one row per position (the players,
then Dirk and Beate), best first: the prestige each pass scored, the seal majority, the last
card, the winners.

The state keeps only the total, so the parts are the rules' own scoring events, collected by
replaying the record (`PassScored` after each pass, `GameOver` with the final scorings); the
parts add up to the total `Match.scores()` gives. The most prestige wins and the rulebook
breaks no tie: everyone on the top total wins (R1), Dirk and Beate included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Match
from moonlight_desktop.i18n import _, format_list, pgettext

from ..components import PASSES
from ..moves import GameOver, PassScored
from ..table import AUTOMATON_NAMES
from ..view import MarketView
from .narrator import clauses, gem_name
from .setup import AUTOMATON_LOOKS

PointsLine = tuple[str, int]
"""A part of a score: what it is in words, and its points."""


@dataclass(frozen=True, slots=True)
class PositionStanding:
    position: int
    """The position at the table: the match's seats first, then Dirk and Beate."""
    seat: int | None
    """The match's seat, or None for Dirk and Beate (no seats: they play inside the rules)."""
    name: str
    look: str | None
    """The seat's look as recorded (None: a record made without a setup), or "dirk"/"beate"."""
    total: int
    passes: tuple[int, ...]
    """Prestige scored at the end of each of the four passes."""
    seal_points: int
    """The seal majority's points (4/2/1 by distinct counts, R0)."""
    seals: int
    """Seals held at the end."""
    card_points: int
    last_card: int
    """The card kept at the end (Dirk's and Beate's: the one left in their pile, MM6)."""
    winner: bool
    parts: tuple[PointsLine, ...]
    """The total in words, part by part, always the same six: each pass, the seals, the last
    card; the points add up to `total`."""
    by_gem: tuple[tuple[int, ...], ...]
    """Each pass's points gem by gem (Blue, Red, White, Green, Yellow)."""

    @property
    def details(self) -> str:
        """The passes gem by gem, in words: "Pass 1: Blue 4, Red 2 ..." (gems scoring 0
        left out)."""
        lines = []
        for number, gems in enumerate(self.by_gem, start=1):
            scored = [
                # Translators: a gem's points in a pass: "Blue 4".
                pgettext("Moonlight Market's standings", "{gem} {points}").format(
                    gem=gem_name(gem), points=points
                )
                for gem, points in enumerate(gems)
                if points
            ]
            if scored:
                # Translators: {scores} lists the gems that scored: "Blue 4, Red 2".
                told = _("Pass {pass_number}: {scores}").format(
                    pass_number=number, scores=", ".join(scored)
                )
            else:
                told = _("Pass {pass_number}: nothing").format(pass_number=number)
            lines.append(told)
        return clauses(*lines)


@dataclass(frozen=True, slots=True)
class MarketStandings:
    rows: tuple[PositionStanding, ...]
    """Best first; positions on the same total in table order."""
    winners: tuple[int, ...]
    """Positions, as `Match.winners()`."""
    note: str
    """A shared win in words ("" when one position won alone)."""


def final_standings(match: Match[Any]) -> MarketStandings:
    """The standings of a finished game; ValueError for one still being played."""
    if not match.is_over():
        raise ValueError("the standings are for a finished game")
    passes, over = _scorings(match)
    seats = len(match.seats)
    positions = len(over.prestige)
    names = [seat.name for seat in match.seats] + list(AUTOMATON_NAMES[: positions - seats])
    looks = [seat.look for seat in match.seats] + list(AUTOMATON_LOOKS[: positions - seats])
    seals = _seals_held(match, positions)
    rows = []
    for p in range(positions):
        scored = tuple(sum(gem[p] for gem in scoring.points) for scoring in passes)
        parts = (
            *(
                # Translators: a row of the standings: the points a pass of the game scored.
                (_("Pass {pass_number}").format(pass_number=number), points)
                for number, points in enumerate(scored, start=1)
            ),
            (_("Seals ({count})").format(count=seals[p]), over.seal_points[p]),
            (_("Last card ({card})").format(card=over.last_cards[p]), over.card_points[p]),
        )
        rows.append(
            PositionStanding(
                position=p,
                seat=p if p < seats else None,
                name=names[p],
                look=looks[p],
                total=over.prestige[p],
                passes=scored,
                seal_points=over.seal_points[p],
                seals=seals[p],
                card_points=over.card_points[p],
                last_card=over.last_cards[p],
                winner=p in over.winners,
                parts=parts,
                by_gem=tuple(tuple(gem[p] for gem in scoring.points) for scoring in passes),
            )
        )
    rows.sort(key=lambda row: (-row.total, row.position))
    return MarketStandings(tuple(rows), over.winners, _note(over, names))


def _scorings(match: Match[Any]) -> tuple[list[PassScored], GameOver]:
    """The scoring events of the whole game, from a replay of its record."""
    record = match.record
    replay = Match.new(match.rules, record.seats, record.seed, record.options, record.setup)
    passes: list[PassScored] = []
    over: GameOver | None = None
    for move in record.moves:
        for event in replay.submit(move.seat, move.command):
            if isinstance(event, PassScored):
                passes.append(event)
            elif isinstance(event, GameOver):
                over = event
    if over is None or len(passes) != PASSES:
        raise ValueError("the record does not replay to the end of the game")
    return passes, over


def _seals_held(match: Match[Any], positions: int) -> tuple[int, ...]:
    view = match.view(None)
    if not isinstance(view, MarketView) or len(view.seals) != positions:
        raise ValueError("not a finished game of Moonlight Market")
    return view.seals


def _note(over: GameOver, names: Sequence[str]) -> str:
    if len(over.winners) < 2:
        return ""
    best = over.prestige[over.winners[0]]
    tied = format_list([names[p] for p in over.winners])
    if len(over.winners) == 2:
        told = _("{players} tie on {points} prestige and both win: the rulebook breaks no tie.")
    else:
        told = _("{players} tie on {points} prestige and all win: the rulebook breaks no tie.")
    return told.format(players=tied, points=best)
