"""Moonlight Market's explained hint in words (no pygame): NormalBot's move for the seat at
the screen, and why, from the figures it weighed (the cushion's links and their placing
points, the chance of keeping the bid, the card spent; a chain's value and placing)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.hints import BY_LOT, Hint, even, figure, told_apart

from ..bots import Figures, NormalBot
from ..moves import Bid, DiscardHammer, PlaceLink, PlayDisplaced, UseHammer
from ..view import MarketView
from .narrator import GEM_NAMES, cushion_names, link_words


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
        return Hint(command, _sentence(chosen, view, names, me, figure(chosen.score)) + ".")
    other = _short(runner_up.command, command, names)
    figures = told_apart(chosen.score, runner_up.score)
    if figures is None:  # written alike: the bot's draw of lots, or a margin too thin to show
        if even(chosen.score, runner_up.score):
            score = f"{figure(chosen.score)}, just as much as {other}: {BY_LOT}"
        else:
            score = f"{figure(chosen.score)}, a hair more than {other}: either will do"
        return Hint(command, _sentence(chosen, view, names, me, score) + ".")
    text = _sentence(chosen, view, names, me, figures[0])
    return Hint(command, f"{text} against {figures[1]} for {other}.")


def _passes(n: int) -> str:
    return f"{n} pass" if n == 1 else f"{n} passes"


def _goes(before: int, after: int) -> str:
    """A figure's change ("goes from 2 to 4"), or that it does not change ("stays at 4")."""
    return f"stays at {after}" if before == after else f"goes from {before} to {after}"


def _links(links: Sequence[int]) -> str:
    named = [link_words(code) for code in links if code >= 0]
    return ", ".join(named) if named else "no links"


def _sentence(f: Figures, view: MarketView, names: Sequence[str], me: int, score: str) -> str:
    """The chosen command and its figures, ending with its `score` as written."""
    command = f.command
    if isinstance(command, Bid | PlayDisplaced):
        if isinstance(command, Bid):
            head = f"Bid your {command.card} at {names[command.cushion]}"
        else:
            head = f"Lay your displaced {view.displaced[me]} at {names[command.cushion]}"
        text = (
            f"{head}: its links ({_links(f.links)}) are worth {figure(f.worth)} placing points"
            f" over {_passes(f.passes_left)}; kept {round(100 * f.kept_chance)}% of the time"
        )
        if f.spent:
            text += f", less {figure(f.spent)} for the card"
        if f.displacing:
            text += ", less two seals for displacing"
        return text + f", that makes {score}"
    if isinstance(command, PlaceLink):
        gem = GEM_NAMES[command.gem]
        head = f"Lay the {link_words(command.link)} at {gem}"
        if f.casket:
            chain = f"the full {gem} chain (worth {f.chain_before}) goes to the casket"
        else:
            chain = f"the chain {_goes(f.chain_before, f.chain_after)}"
        placing = f"its placing {_goes(f.points_before, f.points_after)} points"
        return f"{head}: {chain} and {placing}, for {_passes(f.passes_left)}: {score}"
    if isinstance(command, UseHammer):
        return (
            f"Knock the worthless link out of your {GEM_NAMES[command.gem]} chain with the"
            f" hammer: it only drags the chain down, scoring {score}"
        )
    if isinstance(command, DiscardHammer):
        return (
            "Discard the hammer: none of your links is worthless, so it would free nothing,"
            f" scoring {score}"
        )
    return "Play this"


def _short(command: Command, chosen: Command, names: Sequence[str]) -> str:
    """The best other command in a few words ("it": the link of the `chosen` command)."""
    if isinstance(command, Bid):
        return f"your {command.card} at {names[command.cushion]}"
    if isinstance(command, PlayDisplaced):
        return f"the displaced card at {names[command.cushion]}"
    if isinstance(command, PlaceLink):
        same = isinstance(chosen, PlaceLink) and chosen.link == command.link
        link = "it" if same else f"the {link_words(command.link)}"
        return f"laying {link} at {GEM_NAMES[command.gem]}"
    if isinstance(command, UseHammer):
        return f"the hammer on {GEM_NAMES[command.gem]}"
    return "discarding the hammer"
