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
from moonlight_desktop.i18n import _, format_list, ngettext, pgettext

from ..rules import SamarkandRules
from ..state import SamarkandState
from .narrator import (
    SeatScore,
    clauses,
    dirhams,
    either,
    final_scores,
    goods_type_words,
    goods_words,
    group_words,
    points,
)

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
    kind = goods_type_words(score.least_type)
    if score.kept_of(score.least_type):
        least = _("Least type: {kind}").format(kind=kind)
    else:
        # Translators: the least-purchased type, of which none was kept.
        least = _("Least type: no {kind}").format(kind=kind)
    if score.empty_spaces:
        spaces = _("Empty spaces ({count})").format(count=score.empty_spaces)
    else:
        spaces = _("Empty spaces")
    return (
        # Translators: {money} is the merchant's money at the end ("12 dirhams").
        (_("Money ({money})").format(money=dirhams(score.money)), score.money_points),
        (least, score.least_points),
        (_("Groups of equal value"), score.group_points),
        (spaces, -score.penalty),
    )


def _camels_and_goods(score: SeatScore) -> str:
    """The first sentence of the details: the camels, their spaces and the goods bought."""
    bought = len(score.goods)
    if not score.camels:
        if not bought:
            return _("No camel and no goods bought.")
        return ngettext(
            "No camel, for {count} goods card bought.",
            "No camel, for {count} goods cards bought.",
            bought,
        ).format(count=bought)
    spaces = ngettext("{count} space", "{count} spaces", score.capacity).format(
        count=score.capacity
    )
    capacities = format_list([str(capacity) for capacity in score.camels])
    if not bought:
        # Translators: {capacities} lists what each camel carries ("4 and 5"), {spaces} their
        # sum ("9 spaces").
        told = ngettext(
            "Camel carrying {capacities}: {spaces} and no goods bought.",
            "Camels carrying {capacities}: {spaces} and no goods bought.",
            len(score.camels),
        )
        return told.format(capacities=capacities, spaces=spaces)
    # Translators: {capacities} lists what each camel carries ("4 and 5"), {spaces} their
    # sum ("9 spaces"), {goods} the goods cards bought ("11 goods cards").
    told = ngettext(
        "Camel carrying {capacities}: {spaces}, for {goods} bought.",
        "Camels carrying {capacities}: {spaces}, for {goods} bought.",
        len(score.camels),
    )
    goods = ngettext("{count} goods card", "{count} goods cards", bought).format(count=bought)
    return told.format(capacities=capacities, spaces=spaces, goods=goods)


def details_of(score: SeatScore) -> str:
    """The score at length, in sentences."""
    sentences = [_camels_and_goods(score)]
    if score.goods:
        none = pgettext("no values kept of a goods type", "none")
        kept = [
            # Translators: a goods type and the values kept of it ("spices 5, 3").
            _("{kind} {values}").format(
                kind=goods_type_words(t),
                values=", ".join(str(v) for v in score.kept_of(t)) or none,
            )
            for t in score.buyable
        ]
        sentences.append(
            _("Kept: {kept}.").format(kept=clauses(*kept)) if score.kept else _("Kept: nothing.")
        )
    if score.discarded:
        lost = format_list([goods_words(card) for card in score.discarded])
        sentences.append(
            _(
                "Discarded for want of camel space: {cards} (the choice that leaves the best"
                " score)."
            ).format(cards=lost)
        )
    if score.empty_spaces:
        sentences.append(
            ngettext(
                "{count} empty space: -{points}.",
                "{count} empty spaces: -{points}.",
                score.empty_spaces,
            ).format(count=score.empty_spaces, points=points(score.penalty))
        )
    least = goods_type_words(score.least_type)
    values = " + ".join(str(v) for v in score.kept_of(score.least_type))
    if not values:
        missing = either([goods_type_words(t) for t in score.least_tied])
        # Translators: {types} is one goods type or several ("fruits or spices").
        sentences.append(_("Least-purchased type: no {types} kept = 0.").format(types=missing))
    elif len(score.least_tied) > 1:
        others = format_list(
            [goods_type_words(t) for t in score.least_tied if t != score.least_type]
        )
        # Translators: {kind} is the goods type that counts, {others} those tied with it,
        # {values} the sum written out ("5 + 7"), {points} its result.
        told = _(
            "Least-purchased type: {kind}, as many as {others} but the better sum,"
            " {values} = {points}."
        )
        sentences.append(
            told.format(kind=least, others=others, values=values, points=score.least_points)
        )
    else:
        sentences.append(
            _("Least-purchased type: {kind}, {values} = {points}.").format(
                kind=least, values=values, points=score.least_points
            )
        )
    if score.groups:
        groups = ", ".join(group_words(value, count) for value, count in score.groups)
        sentences.append(
            _("Groups of equal value: {groups} = {points}.").format(
                groups=groups, points=score.group_points
            )
        )
    else:
        sentences.append(_("No two goods of equal value."))
    return " ".join(sentences)


def _note(winners: Sequence[int], totals: Sequence[int], names: Sequence[str]) -> str:
    if len(winners) < 2:
        return ""
    best = totals[winners[0]]
    tied = format_list([names[seat] for seat in winners])
    if len(winners) == 2:
        told = ngettext(
            "{names} tie on {count} point and both win: the rulebook breaks no tie.",
            "{names} tie on {count} points and both win: the rulebook breaks no tie.",
            best,
        )
    else:
        told = ngettext(
            "{names} tie on {count} point and all win: the rulebook breaks no tie.",
            "{names} tie on {count} points and all win: the rulebook breaks no tie.",
            best,
        )
    return told.format(names=tied, count=best)
