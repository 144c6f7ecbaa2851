"""Moonlight Market's explained hint in words (no pygame): NormalBot's move for the seat at
the screen, and why, from the figures it weighed (the cushion's links and their placing
points, the chance of keeping the bid, the card spent; a chain's value and placing).

Each explanation is one sentence ending in its score; how the score compares with the best
other move is written into that score (`_scores`)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import _, ngettext, pgettext
from moonlight_desktop.ui.table.hints import Hint, even, figure, told_apart

from ..bots import Figures, NormalBot
from ..moves import Bid, DiscardHammer, PlaceLink, PlayDisplaced, UseHammer
from ..view import MarketView
from .narrator import cushion_names, gem_name, link_words


def market_hint(view: MarketView, legal: Sequence[Command], seed: int) -> Hint:
    """NormalBot's choice for this view (seeded with `seed`, as `choose` would play it) and
    the reason, from `NormalBot.explain`."""
    bot = NormalBot(seed)
    command = bot.choose(view, legal, 0.0)
    reasons = bot.explain(view, legal, command)
    names = cushion_names(len(view.cushions))
    me = view.viewer if view.viewer is not None else view.seat
    chosen, runner_up = reasons.chosen, reasons.runner_up
    if runner_up is None:
        score = figure(chosen.score)
    else:
        score = _score_against(
            chosen.score, runner_up.score, _short(runner_up.command, command, names)
        )
    # Translators: the hint's whole explanation, a sentence, and its full stop.
    return Hint(
        command,
        pgettext("Moonlight Market's hint", "{reason}.").format(
            reason=_sentence(chosen, view, names, me, score)
        ),
    )


def _score_against(chosen: float, runner_up: float, other: str) -> str:
    """The chosen move's score as compared with the best other move, `other` in words."""
    figures = told_apart(chosen, runner_up)
    if figures is not None:
        # Translators: {other} is the best other move ("your 1 at the moon cushion").
        return _("{score} against {other_score} for {other}").format(
            score=figures[0], other_score=figures[1], other=other
        )
    # Written alike: the bot's draw of lots, or a margin too thin to show.
    if even(chosen, runner_up):
        told = _(
            "{score}, just as much as {other}: either will do, and a draw of lots picked this one"
        )
    else:
        told = _("{score}, a hair more than {other}: either will do")
    return told.format(score=figure(chosen), other=other)


def _passes(count: int) -> str:
    return ngettext("{count} pass", "{count} passes", count).format(count=count)


def _goes(before: int, after: int) -> str:
    """The chain's value changes ("the chain goes from 2 to 4"), or does not ("stays at 4")."""
    if before == after:
        return _("the chain stays at {value}").format(value=after)
    return _("the chain goes from {before} to {after}").format(before=before, after=after)


def _placing(before: int, after: int) -> str:
    """The chain's placing points change, or do not."""
    if before == after:
        return _("its placing stays at {points} points").format(points=after)
    return _("its placing goes from {before} to {after} points").format(before=before, after=after)


def _links(links: Sequence[int]) -> str:
    named = [link_words(code) for code in links if code >= 0]
    return ", ".join(named) if named else _("no links")


def _deductions(f: Figures) -> str:
    """What a bid's worth loses, each after a comma ("" for nothing)."""
    told = ""
    if f.spent:
        told += _(", less {points} for the card").format(points=figure(f.spent))
    if f.displacing:
        told += _(", less two seals for displacing")
    return told


def _sentence(f: Figures, view: MarketView, names: Sequence[str], me: int, score: str) -> str:
    """The chosen command and its figures, ending with its `score` as written."""
    command = f.command
    if isinstance(command, Bid | PlayDisplaced):
        if isinstance(command, Bid):
            head = _("Bid your {card} at the {cushion}").format(
                card=command.card, cushion=names[command.cushion]
            )
        else:
            head = _("Lay your displaced {card} at the {cushion}").format(
                card=view.displaced[me], cushion=names[command.cushion]
            )
        # Translators: {head} is the bid ("Bid your 9 at the moon cushion"), {passes} "3
        # passes", {deductions} what the bid costs, each after a comma (or nothing).
        return _(
            "{head}: its links ({links}) are worth {worth} placing points over {passes}; kept"
            " {percent}% of the time{deductions}, that makes {score}"
        ).format(
            head=head,
            links=_links(f.links),
            worth=figure(f.worth),
            passes=_passes(f.passes_left),
            percent=round(100 * f.kept_chance),
            deductions=_deductions(f),
            score=score,
        )
    if isinstance(command, PlaceLink):
        gem = gem_name(command.gem)
        if f.casket:
            chain = _("the full {gem} chain (worth {value}) goes to the casket").format(
                gem=gem, value=f.chain_before
            )
        else:
            chain = _goes(f.chain_before, f.chain_after)
        # Translators: {chain} and {placing} are clauses ("the chain goes from 2 to 9", "its
        # placing stays at 2 points"); {passes} is "3 passes".
        return _("Lay the {link} at {gem}: {chain} and {placing}, for {passes}: {score}").format(
            link=link_words(command.link),
            gem=gem,
            chain=chain,
            placing=_placing(f.points_before, f.points_after),
            passes=_passes(f.passes_left),
            score=score,
        )
    if isinstance(command, UseHammer):
        return _(
            "Knock the worthless link out of your {gem} chain with the hammer: it only drags the"
            " chain down, scoring {score}"
        ).format(gem=gem_name(command.gem), score=score)
    if isinstance(command, DiscardHammer):
        return _(
            "Discard the hammer: none of your links is worthless, so it would free nothing,"
            " scoring {score}"
        ).format(score=score)
    return pgettext("Moonlight Market's hint", "Play this")


def _short(command: Command, chosen: Command, names: Sequence[str]) -> str:
    """The best other command in a few words, as a noun phrase ("laying it": the link of the
    `chosen` command)."""
    if isinstance(command, Bid):
        return _("your {card} at the {cushion}").format(
            card=command.card, cushion=names[command.cushion]
        )
    if isinstance(command, PlayDisplaced):
        return _("the displaced card at the {cushion}").format(cushion=names[command.cushion])
    if isinstance(command, PlaceLink):
        gem = gem_name(command.gem)
        if isinstance(chosen, PlaceLink) and chosen.link == command.link:
            return _("laying it at {gem}").format(gem=gem)
        return _("laying the {link} at {gem}").format(link=link_words(command.link), gem=gem)
    if isinstance(command, UseHammer):
        return _("the hammer on {gem}").format(gem=gem_name(command.gem))
    return _("discarding the hammer")
