"""Moonlight Castle's explained hint in words (no pygame): NormalBot's move for the seat at
the screen, and why, from the figures it weighed (the draw's odds, the tile's jewels, what
is paid and kept).

Each sentence shape is one whole message; the places a move may go ("the red space by the
3-jewel tile", "another fountain") are whole phrases by colour, since a colour's word changes
with its noun and article in German and French."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import N_, _, format_number, ngettext
from moonlight_desktop.ui.table.hints import Hint, even, told_apart

from ..bots import Figures, NormalBot
from ..moves import EndTurn, KeepColor, MoveTo, Pass, Recover, ReturnPebbles
from ..view import CastleView
from .narrator import RITUAL_SHORT, jewels_counted, pebbles_counted, pebbles_named

RITUALS = RITUAL_SHORT | {"one_of_each": N_("draw 4, keep one of each colour")}
"""The rituals as a hint says them (it has room to say the last one whole)."""
THE_SPACE = (
    N_("the white space"),
    N_("the red space"),
    N_("the yellow space"),
    N_("the green space"),
)
ANOTHER_SPACE = (
    N_("another white space"),
    N_("another red space"),
    N_("another yellow space"),
    N_("another green space"),
)
"""A space by its colour (white, red, yellow, green), as the move's place or a second one."""
TileSpace = Callable[[int], str]
THE_SPACE_BY_TILE: tuple[TileSpace, ...] = (
    lambda n: ngettext(
        "the white space by the {count}-jewel tile", "the white space by the {count}-jewel tile", n
    ),
    lambda n: ngettext(
        "the red space by the {count}-jewel tile", "the red space by the {count}-jewel tile", n
    ),
    lambda n: ngettext(
        "the yellow space by the {count}-jewel tile",
        "the yellow space by the {count}-jewel tile",
        n,
    ),
    lambda n: ngettext(
        "the green space by the {count}-jewel tile", "the green space by the {count}-jewel tile", n
    ),
)
ANOTHER_SPACE_BY_TILE: tuple[TileSpace, ...] = (
    lambda n: ngettext(
        "another white space by a {count}-jewel tile",
        "another white space by a {count}-jewel tile",
        n,
    ),
    lambda n: ngettext(
        "another red space by a {count}-jewel tile", "another red space by a {count}-jewel tile", n
    ),
    lambda n: ngettext(
        "another yellow space by a {count}-jewel tile",
        "another yellow space by a {count}-jewel tile",
        n,
    ),
    lambda n: ngettext(
        "another green space by a {count}-jewel tile",
        "another green space by a {count}-jewel tile",
        n,
    ),
)
"""A space by its colour with the tile beside it (its jewels counted), likewise."""
YOU_PAY = (N_("you pay 1 red"), N_("you pay 1 yellow"), N_("you pay 1 green"))
KEEP_THE = (
    N_("Keep the red: {pebbles} behind your screen"),
    N_("Keep the yellow: {pebbles} behind your screen"),
    N_("Keep the green: {pebbles} behind your screen"),
)


def castle_hint(view: CastleView, legal: Sequence[Command], seed: int) -> Hint:
    """NormalBot's choice for this view (seeded with `seed`, as `choose` would play it) and
    the reason, from `NormalBot.explain`."""
    bot = NormalBot(seed)
    command = bot.choose(view, legal, 0.0)
    reasons = bot.explain(view, legal, command)
    reason = _sentence(reasons.chosen)
    if reasons.runner_up is None:
        return Hint(command, _("{reason}.").format(reason=reason))
    alternative = _alternative(reasons.runner_up, reasons.chosen)
    # Translators: {reason} says why the hint's move is best, {alternative} what the next best
    # move is worth against it.
    return Hint(
        command, _("{reason}; {alternative}.").format(reason=reason, alternative=alternative)
    )


def _percent(chance: float) -> str:
    return _("{number}%").format(number=round(100 * chance))


def _jewels_worth(value: float) -> str:
    return format_number(value, 1)


def _space(figures: Figures, another: bool = False) -> str:
    """Where a move goes: a fountain by its name, a space by its colour and the tile beside it
    ("another green space by a 3-jewel tile" for a second one like the first)."""
    if figures.fountain:
        if figures.ritual is not None:
            return _("another gold fountain") if another else _("the gold fountain")
        return _("another fountain") if another else _("the fountain")
    colour = figures.paid + 1  # white (free), then red, yellow and green
    jewels = figures.tile_jewels
    if jewels:
        beside = (ANOTHER_SPACE_BY_TILE if another else THE_SPACE_BY_TILE)[colour]
        return beside(jewels).format(count=jewels)
    return _((ANOTHER_SPACE if another else THE_SPACE)[colour])


def _sentence(f: Figures) -> str:
    command = f.command
    if isinstance(command, MoveTo):
        return _move(f)
    if isinstance(command, Recover):
        stay = ngettext(
            "Stay and recover the {count}-jewel tile: it costs {cost} and leaves you {pebbles}",
            "Stay and recover the {count}-jewel tile: it costs {cost} and leaves you {pebbles}",
            f.tile_jewels,
        )
        return stay.format(
            count=f.tile_jewels,
            cost=pebbles_counted(f.tile_jewels),
            pebbles=pebbles_counted(f.screen),
        )
    if isinstance(command, EndTurn):
        return _("End your turn: you keep {pebbles} (worth {value} jewels)").format(
            pebbles=pebbles_counted(f.screen), value=_jewels_worth(f.value)
        )
    if isinstance(command, KeepColor):
        return _(KEEP_THE[command.color]).format(pebbles=pebbles_counted(f.screen))
    if isinstance(command, ReturnPebbles):
        # Translators: {back} lists pebbles by colour, e.g. "1 red, 2 green".
        stay = ngettext(
            "Put back {back}: {count} pebble stays behind your screen",
            "Put back {back}: {count} pebbles stay behind your screen",
            f.screen,
        )
        return stay.format(back=pebbles_named(command.counts), count=f.screen)
    if isinstance(command, Pass):
        return _("Pass: no space can be reached")
    return _("Play this")


def _move(f: Figures) -> str:
    """Why to hide where the move goes: what it costs, what is drawn there and whether the
    tile beside it can be paid for."""
    # Translators: in every "Move to {space}: {pay}..." {space} is e.g. "the red space by the
    # 3-jewel tile" or "the fountain", and {pay} is "it is free" or "you pay 1 red".
    if f.ritual is not None:
        told = _("Move to {space}: {pay}; {ritual} (worth {value} jewels)")
    elif f.tile_jewels and f.afford > 0 and not f.draws:
        told = _("Move to {space}: {pay} and can recover {jewels} with the pebbles you hold")
    elif f.tile_jewels and f.afford > 0:
        told = _(
            "Move to {space}: {pay}, draw {draws} ({percent} to afford it) and can recover {jewels}"
        )
    elif f.tile_jewels and not f.draws:
        told = _(
            "Move to {space}: {pay}, nothing is drawn there and your pebbles cannot pay for the "
            "tile; you keep {pebbles}"
        )
    elif f.tile_jewels:
        told = _("Move to {space}: {pay}, draw {draws} (0% to afford the tile) and keep {pebbles}")
    elif not f.draws:
        told = _("Move to {space}: {pay}, though nothing is drawn there")
    else:
        told = _("Move to {space}: {pay}, and you draw {draws} there for next turn")
    return told.format(
        space=_space(f),
        pay=_("it is free") if f.paid < 0 else _(YOU_PAY[f.paid]),
        ritual=_(RITUALS.get(f.ritual or "", N_("draw 4"))),
        value=_jewels_worth(f.value),
        jewels=jewels_counted(f.tile_jewels),
        draws=f.draws,
        percent=_percent(f.afford),
        pebbles=pebbles_counted(f.screen),
    )


def _alternative(f: Figures, chosen: Figures) -> str:
    """The best other command, briefly, with its worth beside the chosen one's; where the
    two are written alike, what decided: the bot's draw of lots, or a margin too thin to
    show."""
    other = _other(f, chosen)
    figures = told_apart(chosen.value, f.value)
    if figures is not None:
        mine, theirs = figures
        # Translators: {other} is the next best move in a few words, e.g. "ending the turn
        # (keeping 3 pebbles, recovering nothing)"; {theirs} and {mine} are numbers of jewels.
        return _("the next best, {other}, is worth {theirs} jewels against {mine} for this").format(
            other=other, theirs=theirs, mine=mine
        )
    if even(chosen.value, f.value):
        return _(
            "{other} is worth just as much ({value} jewels): either will do, and a draw of lots "
            "picked this one"
        ).format(other=other, value=_jewels_worth(f.value))
    return _("{other} is worth a hair less (under a hundredth of a jewel): either will do").format(
        other=other
    )


def _other(f: Figures, chosen: Figures) -> str:
    """The best other command in a few words, told apart from the chosen one."""
    command = f.command
    if isinstance(command, Recover):
        stay = ngettext(
            "staying to recover the {count}-jewel tile (leaving {pebbles})",
            "staying to recover the {count}-jewel tile (leaving {pebbles})",
            f.tile_jewels,
        )
        return stay.format(count=f.tile_jewels, pebbles=pebbles_counted(f.screen))
    if isinstance(command, EndTurn):
        return _("ending the turn (keeping {pebbles}, recovering nothing)").format(
            pebbles=pebbles_counted(f.screen)
        )
    if isinstance(command, MoveTo):
        space = _space(f)
        if isinstance(chosen.command, MoveTo) and space == _space(chosen):
            space = _space(f, another=True)
        if f.tile_jewels and f.afford > 0 and f.ritual is None:
            # Translators: {space} is e.g. "the red space by the 3-jewel tile", {percent}
            # the chance, e.g. "45%".
            return _("{space} ({percent} to afford its tile)").format(
                space=space, percent=_percent(f.afford)
            )
        return space
    return _("another choice")
