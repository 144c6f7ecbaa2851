"""Moonlight Castle's explained hint in words (no pygame): NormalBot's move for the seat at
the screen, and why, from the figures it weighed (the draw's odds, the tile's jewels, what
is paid and kept)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.hints import BY_LOT, Hint, even, told_apart
from moonlight_desktop.ui.table.phrasing import counted

from ..bots import Figures, NormalBot
from ..moves import EndTurn, KeepColor, MoveTo, Pass, Recover, ReturnPebbles
from ..view import CastleView
from .narrator import COLOR_NAMES, RITUAL_SHORT, pebbles_named

RITUALS = RITUAL_SHORT | {"one_of_each": "draw 4, keep one of each colour"}
"""The rituals as a hint says them (it has room to say the last one whole)."""


def castle_hint(view: CastleView, legal: Sequence[Command], seed: int) -> Hint:
    """NormalBot's choice for this view (seeded with `seed`, as `choose` would play it) and
    the reason, from `NormalBot.explain`."""
    bot = NormalBot(seed)
    command = bot.choose(view, legal, 0.0)
    reasons = bot.explain(view, legal, command)
    text = _sentence(reasons.chosen)
    if reasons.runner_up is not None:
        text += f"; {_alternative(reasons.runner_up, reasons.chosen)}"
    return Hint(command, text + ".")


def _pebbles(n: int) -> str:
    return counted(n, "pebble")


def _jewels(n: int) -> str:
    return counted(n, "jewel")


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def _space(figures: Figures, article: str = "the") -> str:
    """Where a move goes: a fountain by its name, a space by its colour and the tile beside it
    ("another green space by a 3-jewel tile" for a second one like the first)."""
    if figures.fountain:
        return f"{article} gold fountain" if figures.ritual is not None else f"{article} fountain"
    colour = "white" if figures.paid < 0 else COLOR_NAMES[figures.paid]
    if figures.tile_jewels:
        tile = "the" if article == "the" else "a"
        return f"{article} {colour} space by {tile} {figures.tile_jewels}-jewel tile"
    return f"{article} {colour} space"


def _sentence(f: Figures) -> str:
    command = f.command
    if isinstance(command, MoveTo):
        pay = "it is free" if f.paid < 0 else f"you pay 1 {COLOR_NAMES[f.paid]}"
        head = f"Move to {_space(f)}: {pay}"
        if f.ritual is not None:
            return f"{head}; {RITUALS.get(f.ritual, 'draw 4')} (worth {f.value:.1f} jewels)"
        if f.tile_jewels and f.afford > 0 and not f.draws:
            return f"{head} and can recover {_jewels(f.tile_jewels)} with the pebbles you hold"
        if f.tile_jewels and f.afford > 0:
            return (
                f"{head}, draw {f.draws} ({_percent(f.afford)} to afford it) "
                f"and can recover {_jewels(f.tile_jewels)}"
            )
        if f.tile_jewels and not f.draws:
            return (
                f"{head}, nothing is drawn there and your pebbles cannot pay for the tile;"
                f" you keep {_pebbles(f.screen)}"
            )
        if f.tile_jewels:
            return f"{head}, draw {f.draws} (0% to afford the tile) and keep {_pebbles(f.screen)}"
        if not f.draws:
            return f"{head}, though nothing is drawn there"
        return f"{head}, and you draw {f.draws} there for next turn"
    if isinstance(command, Recover):
        return (
            f"Stay and recover the {f.tile_jewels}-jewel tile: it costs "
            f"{_pebbles(f.tile_jewels)} and leaves you {_pebbles(f.screen)}"
        )
    if isinstance(command, EndTurn):
        return f"End your turn: you keep {_pebbles(f.screen)} (worth {f.value:.1f} jewels)"
    if isinstance(command, KeepColor):
        return f"Keep the {COLOR_NAMES[command.color]}: {_pebbles(f.screen)} behind your screen"
    if isinstance(command, ReturnPebbles):
        back = pebbles_named(command.counts)
        return f"Put back {back}: {_pebbles(f.screen)} stay behind your screen"
    if isinstance(command, Pass):
        return "Pass: no space can be reached"
    return "Play this"


def _alternative(f: Figures, chosen: Figures) -> str:
    """The best other command, briefly, with its worth beside the chosen one's; where the
    two are written alike, what decided: the bot's draw of lots, or a margin too thin to
    show."""
    other = _other(f, chosen)
    figures = told_apart(chosen.value, f.value)
    if figures is not None:
        mine, theirs = figures
        return f"the next best, {other}, is worth {theirs} jewels against {mine} for this"
    if even(chosen.value, f.value):
        return f"{other} is worth just as much ({f.value:.1f} jewels): {BY_LOT}"
    return f"{other} is worth a hair less (under a hundredth of a jewel): either will do"


def _other(f: Figures, chosen: Figures) -> str:
    """The best other command in a few words, told apart from the chosen one."""
    command = f.command
    if isinstance(command, Recover):
        return f"staying to recover the {f.tile_jewels}-jewel tile (leaving {_pebbles(f.screen)})"
    if isinstance(command, EndTurn):
        return f"ending the turn (keeping {_pebbles(f.screen)}, recovering nothing)"
    if isinstance(command, MoveTo):
        space = _space(f)
        if isinstance(chosen.command, MoveTo) and space == _space(chosen):
            space = _space(f, "another")
        if f.tile_jewels and f.afford > 0 and f.ritual is None:
            return f"{space} ({_percent(f.afford)} to afford its tile)"
        return space
    return "another choice"
