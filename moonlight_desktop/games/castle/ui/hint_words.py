"""Moonlight Castle's explained hint in words (no pygame): NormalBot's move for the seat at
the screen, and why, from the figures it weighed (the draw's odds, the tile's jewels, what
is paid and kept)."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.ui.table.hints import Hint

from ..bots import Figures, NormalBot
from ..moves import EndTurn, KeepColor, MoveTo, Pass, Recover, ReturnPebbles
from ..view import CastleView
from .presenter import COLOR_NAMES

RITUALS = {
    "return_two": "draw 4, put 2 back",
    "return_one": "draw 4, put 1 back",
    "one_color": "draw 4, keep one colour",
    "one_of_each": "draw 4, keep one of each colour",
}


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
    return f"{n} pebble" if n == 1 else f"{n} pebbles"


def _jewels(n: int) -> str:
    return f"{n} jewel" if n == 1 else f"{n} jewels"


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def _space(figures: Figures) -> str:
    colour = "white" if figures.paid < 0 else COLOR_NAMES[figures.paid]
    if figures.ritual is not None:
        return f"the {colour} space at the gold fountain"
    if figures.tile_jewels:
        return f"the {colour} space by the {figures.tile_jewels}-jewel tile"
    return f"the {colour} space"


def _sentence(f: Figures) -> str:
    command = f.command
    if isinstance(command, MoveTo):
        pay = "it is free" if f.paid < 0 else f"you pay 1 {COLOR_NAMES[f.paid]}"
        head = f"Move to {_space(f)}: {pay}"
        if f.ritual is not None:
            return f"{head}, {RITUALS.get(f.ritual, 'draw 4')} (worth {f.value:.1f} jewels)"
        if f.tile_jewels and f.afford > 0:
            return (
                f"{head}, draw {f.draws} ({_percent(f.afford)} to afford it) "
                f"and can recover {_jewels(f.tile_jewels)}"
            )
        if f.tile_jewels:
            return f"{head}, draw {f.draws} (0% to afford the tile) and keep {_pebbles(f.screen)}"
        return f"{head} and draw {f.draws}, gathering pebbles for next turn"
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
        parts = [f"{n} {COLOR_NAMES[c]}" for c, n in enumerate(command.counts) if n]
        back = ", ".join(parts) or "nothing"
        return f"Put back {back}: {_pebbles(f.screen)} stay behind your screen"
    if isinstance(command, Pass):
        return "Pass: no space can be reached"
    return "Play this"


def _alternative(f: Figures, chosen: Figures) -> str:
    """The best other command, briefly, with its worth beside the chosen one's."""
    command = f.command
    worth = f"{f.value:.1f} jewels against {chosen.value:.1f} for this"
    if isinstance(command, Recover):
        return (
            f"staying to recover the {f.tile_jewels}-jewel tile leaves "
            f"{_pebbles(f.screen)} ({worth})"
        )
    if isinstance(command, EndTurn):
        return f"ending the turn keeps {_pebbles(f.screen)} but recovers nothing ({worth})"
    if isinstance(command, MoveTo):
        if f.tile_jewels and f.afford > 0 and f.ritual is None:
            odds = _percent(f.afford)
            return f"the next best, {_space(f)}, gives {odds} to afford its tile ({worth})"
        return f"the next best, {_space(f)}, is worth {worth}"
    return f"the next best choice is worth {worth}"
