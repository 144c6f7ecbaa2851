"""The standings of a finished game of Le Marché de Samarkand, one row per merchant, best first:
the money place, the least-purchased type, the groups of equal value and the empty camel spaces
(the parts of `scoring.breakdown`, adding up to `Match.scores()`), the goods kept type by type
and those the camels could not carry, and the winners.

Built from the finished state: once the game is over the screens are lifted, so everything in
it is public. The most points wins; the rulebook breaks no tie, so everyone on the top total
wins (ruling R1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Match
from moonlight_desktop.ui.table.phrasing import counted, joined

from ..rules import SamarkandRules
from ..state import SamarkandState
from .narrator import GOODS_NAMES, SeatScore, either, final_scores, goods_words, group_words

PointsLine = tuple[str, int]
"""A part of a score: what it is in words, and its points."""


@dataclass(frozen=True, slots=True)
class SeatStanding:
    seat: int
    name: str
    look: str | None
    """The seat's look as recorded (None: a record made without a setup)."""
    total: int
    winner: bool
    money: int
    """Dirhams held at the end."""
    place: int
    """The money place (1 for the most money; places count distinct amounts, R0)."""
    score: SeatScore
    """The score part by part, with the goods and camels it comes from."""
    parts: tuple[PointsLine, ...]
    """The total in words, part by part, always the same four: money, least-purchased type,
    groups, empty camel spaces; the points add up to `total`."""
    details: str
    """The score at length: camels, goods kept type by type, goods discarded and why, the
    least-purchased type, the groups."""


@dataclass(frozen=True, slots=True)
class SamarkandStandings:
    rows: tuple[SeatStanding, ...]
    """Best first; seats on the same total in seat order."""
    winners: tuple[int, ...]
    """Seats, as `Match.winners()`."""
    note: str
    """A shared win in words ("" when one merchant won alone)."""


def final_standings(match: Match[Any]) -> SamarkandStandings:
    """The standings of a finished game; ValueError for one still being played."""
    if not match.is_over():
        raise ValueError("the standings are for a finished game")
    state = match.snapshot()
    if not isinstance(state, SamarkandState):
        raise ValueError("not a game of Le Marché de Samarkand")
    scores = final_scores(state.money, state.camels, state.goods, state.types, state.table)
    totals = match.scores()
    if tuple(score.total for score in scores) != tuple(totals):
        raise ValueError("the scores do not add up to the rules' own")  # never: the same scoring
    winners = SamarkandRules().winners(state)
    names = [seat.name for seat in match.seats]
    distinct = sorted(set(state.money), reverse=True)
    rows = [
        SeatStanding(
            seat=seat,
            name=names[seat],
            look=match.seats[seat].look,
            total=score.total,
            winner=seat in winners,
            money=score.money,
            place=distinct.index(score.money) + 1,
            score=score,
            parts=parts_of(score),
            details=details_of(score),
        )
        for seat, score in enumerate(scores)
    ]
    rows.sort(key=lambda row: (-row.total, row.seat))
    return SamarkandStandings(tuple(rows), winners, _note(winners, totals, names))


def parts_of(score: SeatScore) -> tuple[PointsLine, ...]:
    """The four parts of a score, as the rulebook counts them, adding up to its total."""
    kind = GOODS_NAMES[score.least_type]
    least = f"Least type: {kind}" if score.kept_of(score.least_type) else f"Least type: no {kind}"
    spaces = f"Empty spaces ({score.empty_spaces})" if score.empty_spaces else "Empty spaces"
    return (
        (f"Money ({counted(score.money, 'dirham')})", score.money_points),
        (least, score.least_points),
        ("Groups of equal value", score.group_points),
        (spaces, -score.penalty),
    )


def details_of(score: SeatScore) -> str:
    """The score at length, in sentences."""
    sentences = []
    if score.camels:
        carrying = joined([str(capacity) for capacity in score.camels])
        camels = "Camel" if len(score.camels) == 1 else "Camels"
        head = f"{camels} carrying {carrying}: {counted(score.capacity, 'space')}"
    else:
        head = "No camel"
    if score.goods:
        sentences.append(f"{head}, for {counted(len(score.goods), 'goods card')} bought.")
        kept = [
            f"{GOODS_NAMES[t]} {', '.join(str(v) for v in score.kept_of(t)) or 'none'}"
            for t in score.buyable
        ]
        sentences.append(f"Kept: {'; '.join(kept)}." if score.kept else "Kept: nothing.")
    else:
        sentences.append(f"{head} and no goods bought.")
    if score.discarded:
        lost = joined([goods_words(card) for card in score.discarded])
        sentences.append(
            f"Discarded for want of camel space: {lost} (the choice that leaves the best score)."
        )
    if score.empty_spaces:
        sentences.append(
            f"{counted(score.empty_spaces, 'empty space')}: -{counted(score.penalty, 'point')}."
        )
    least = GOODS_NAMES[score.least_type]
    values = " + ".join(str(v) for v in score.kept_of(score.least_type))
    if not values:
        missing = either([GOODS_NAMES[t] for t in score.least_tied])
        sentences.append(f"Least-purchased type: no {missing} kept = 0.")
    elif len(score.least_tied) > 1:
        others = joined([GOODS_NAMES[t] for t in score.least_tied if t != score.least_type])
        sentences.append(
            f"Least-purchased type: {least}, as many as {others} but the better sum,"
            f" {values} = {score.least_points}."
        )
    else:
        sentences.append(f"Least-purchased type: {least}, {values} = {score.least_points}.")
    if score.groups:
        groups = ", ".join(group_words(value, count) for value, count in score.groups)
        sentences.append(f"Groups of equal value: {groups} = {score.group_points}.")
    else:
        sentences.append("No two goods of equal value.")
    return " ".join(sentences)


def _note(winners: Sequence[int], totals: Sequence[int], names: Sequence[str]) -> str:
    if len(winners) < 2:
        return ""
    best = totals[winners[0]]
    tied = joined([names[seat] for seat in winners])
    together = "both" if len(winners) == 2 else "all"
    return f"{tied} tie on {counted(best, 'point')} and {together} win: the rulebook breaks no tie."
