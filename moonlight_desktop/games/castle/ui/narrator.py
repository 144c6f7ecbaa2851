"""Moonlight Castle's log in words: each event as a sentence, and how a turn that ends without
recovering is told (a log line for everyone, a banner for the player at the screen). No pygame:
the same lines serve live play, a resumed game's log and a replay."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from moonlight_desktop.engine import Event
from moonlight_desktop.i18n import N_, _, format_list, ngettext
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.phrasing import sentences
from moonlight_desktop.ui.table.presenter import LogLine

from .. import moves
from ..components import Spell
from ..state import Phase
from ..table import Table
from ..view import MAGIC, CastleView

COLOR_NAMES = ("red", "yellow", "green")
"""Each colour's id, as the pieces' art files name them (never shown)."""
LOG_ICONS: dict[type[Event], str] = {
    moves.FigureMoved: "move",
    moves.PebblesDrawn: "draw",
    moves.PouchRefilled: "discard",  # the pebbles beside the board go back in
    moves.PebblesReturned: "discard",
    moves.JewelsRecovered: "points",
    moves.TilePushed: "discard",  # told only when a tile falls off to Zirroz
    moves.ZirrozAngry: "conflict",
    moves.LastRound: "turn",
    moves.ExtraTurn: "turn",
    moves.Passed: "turn",
    moves.GameOver: "win",
}
"""Each event's icon in the log (ui/table/log_icons.py names them; tested there)."""
RITUAL_SHORT = {
    "return_two": N_("draw 4, put 2 back"),
    "return_one": N_("draw 4, put 1 back"),
    "one_color": N_("draw 4, keep one colour"),
    "one_of_each": N_("draw 4, keep one of each"),
}
"""A gold fountain's ritual in a few words (written under the fountain)."""
SPELL_TEXT = {
    Spell.NOTHING: N_("no spell"),
    Spell.ONE_ARROW: N_("one arrow: one more tile slides out"),
    Spell.TWO_ARROWS: N_("two arrows: two more tiles slide out"),
    Spell.MAGICIAN: N_("the magician fills the path"),
    Spell.SPECIAL: N_("the special symbol: another turn"),
}
PAYING = (
    N_("{name} hid in a new space, paying a red pebble"),
    N_("{name} hid in a new space, paying a yellow pebble"),
    N_("{name} hid in a new space, paying a green pebble"),
)
"""A move to a coloured space, by the colour paid (each a whole sentence: the colour's word
takes the case and gender of the sentence)."""
COUNTED_COLOURS: tuple[Callable[[int], str], ...] = (
    lambda count: ngettext("{count} red", "{count} red", count),
    lambda count: ngettext("{count} yellow", "{count} yellow", count),
    lambda count: ngettext("{count} green", "{count} green", count),
)
"""A number of pebbles of one colour, as a list of them says it ("2 green"), by colour."""
NOTHING_HERE_BANNER = N_("Nothing to recover here: your turn ends")
TOO_FEW_BANNER = N_("Too few pebbles for this tile: your turn ends")
HIDING = (moves.MoveTo, moves.KeepColor, moves.ReturnPebbles)
"""The commands that finish hiding (a move, or a gold fountain's choice after it)."""


class CastleNarrator:
    """The log of one table: `names` are the seats' names, `table` the game's fixed facts."""

    def __init__(self, table: Table, names: list[str]) -> None:
        self.table = table
        self.names = names

    def starter_line(self, seat: int) -> LogLine:
        """The first line of every game's log: who starts."""
        text = _("{name} is the night owl and starts").format(name=self.names[seat])
        return LogLine(text, seat, "turn")

    def describe(self, event: Event) -> list[LogLine]:
        seat = getattr(event, "seat", None)
        seat = seat if isinstance(seat, int) else None
        text = self._words(event, "" if seat is None else self.names[seat])
        return [LogLine(text, seat, LOG_ICONS.get(type(event), "info"))] if text else []

    def _words(self, event: Event, name: str) -> str:
        if isinstance(event, moves.FigureMoved):
            if event.paid >= 0:
                return _(PAYING[event.paid]).format(name=name)
            if self.table.space_fountain[event.to_space] >= 0:
                return _("{name} hid at a fountain").format(name=name)
            return _("{name} hid in a new space").format(name=name)
        if isinstance(event, moves.PebblesDrawn):
            drew = ngettext(
                "{name} drew {count} pebble", "{name} drew {count} pebbles", event.count
            )
            return drew.format(name=name, count=event.count)
        if isinstance(event, moves.PouchRefilled):
            return _("The pouch was empty: the pebbles beside the board go back in")
        if isinstance(event, moves.PebblesReturned):
            returned = sum(event.pebbles)
            return _("{name} put {count} back beside the board").format(name=name, count=returned)
        if isinstance(event, moves.JewelsRecovered):
            count = len(event.jewels)
            # Translators: {spell} is what the tile's back shows, e.g. "no spell" or "one
            # arrow: one more tile slides out".
            recovered = ngettext(
                "{name} recovered {count} jewel — {spell}",
                "{name} recovered {count} jewels — {spell}",
                count,
            )
            return recovered.format(name=name, count=count, spell=_(SPELL_TEXT[event.spell]))
        if isinstance(event, moves.TilePushed) and event.fell_off is not None:
            return _("A tile fell off the end of the path: Zirroz the magician keeps it")
        if isinstance(event, moves.ZirrozAngry):
            return _("Zirroz is angry! Six tiles slide out.")
        if isinstance(event, moves.LastRound):
            return _("The magic tile! This is the last round.")
        if isinstance(event, moves.ExtraTurn):
            return _("{name} plays again!").format(name=name)
        if isinstance(event, moves.Passed):
            return _("{name} could not move and passed").format(name=name)
        return ""

    def summarize(self, played: Played) -> list[LogLine]:
        """A turn that ends without recovering says so (no event says it): after hiding with
        nothing to recover (P5), and why, or after leaving the tile."""
        ending = self.ending(played)
        return [] if ending is None else [LogLine(ending[0], played.seat, "turn")]

    def ending(self, played: Played) -> tuple[str, str] | None:
        """How a turn that ends without recovering is told: a log line, and a banner for the
        player at the screen (None: the turn goes on, or it did not end so). The log is read
        by everyone at the table, so it says what a screen hides only where it stands open:
        behind a closed one, too few pebbles and a tile left alone read alike."""
        name = self.names[played.seat]
        hidden = played.seat not in self.table.open_screens
        unsaid = _("Nothing recovered: {name} ended the turn")
        if isinstance(played.command, moves.EndTurn):
            told = unsaid if hidden else _("{name} leaves the tile and ends the turn")
            return told.format(name=name), ""
        view = played.view
        if not isinstance(view, CastleView):
            raise TypeError(f"expected a CastleView, got {type(view).__name__}")
        if not isinstance(played.command, HIDING) or view.phase in (Phase.RECOVER, Phase.FOUNTAIN):
            return None  # no move, or the turn goes on
        why = self._nothing_beside(view.spots[played.seat], view)
        if why is None:
            told = unsaid if hidden else _("Too few pebbles for the tile: {name} ended the turn")
            return told.format(name=name), _(TOO_FEW_BANNER)
        return why.format(name=name), _(NOTHING_HERE_BANNER)

    def _nothing_beside(self, spot: int, view: CastleView) -> str | None:
        """Why a figure that has just hidden at `spot` finds nothing to recover there: the
        log line, its {name} to fill (None: a tile lies beside it, but its pebbles are too
        few)."""
        table = self.table
        if table.space_fountain[spot] >= 0:
            return _("Nothing to recover beside a fountain: {name} ended the turn")
        position = table.space_faces[spot]
        if position < 0:
            return _("Nothing to recover beside a white space: {name} ended the turn")
        front = view.path[position]
        if front is None:
            return _("No tile beside that space: {name} ended the turn")
        if front == MAGIC:
            return _("The magic tile cannot be recovered: {name} ended the turn")
        return None


def pebbles_named(counts: tuple[int, ...]) -> str:
    """Pebbles by colour, e.g. "1 red, 2 green", or "nothing"."""
    named = [COUNTED_COLOURS[c](n).format(count=n) for c, n in enumerate(counts) if n]
    return ", ".join(named) if named else _("nothing")


def pebbles_counted(count: int) -> str:
    """A number of pebbles: "1 pebble", "3 pebbles"."""
    return ngettext("{count} pebble", "{count} pebbles", count).format(count=count)


def jewels_counted(count: int) -> str:
    """A number of jewels: "1 jewel", "3 jewels"."""
    return ngettext("{count} jewel", "{count} jewels", count).format(count=count)


def position_summary(view: CastleView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): jewels recovered, the pebbles
    behind each screen (counted only, behind one it cannot see), what is left in the pouch
    and the castle, and the tiles along the path."""
    jewels = [
        # Translators: a player's jewels in a list, e.g. "Ada: 3 jewels".
        _("{name}: {jewels}").format(
            name=names[seat], jewels=jewels_counted(sum(len(tile.jewels) for tile in tiles))
        )
        for seat, tiles in enumerate(view.collected)
    ]
    screens = [
        (_("You have {pebbles}") if seat == view.viewer else _("{name} has {pebbles}")).format(
            name=names[seat],
            pebbles=pebbles_named(screen)
            if screen is not None
            else pebbles_counted(view.screen_sizes[seat]),
        )
        for seat, screen in enumerate(view.screens)
    ]
    path = [
        _("the magic tile") if front == MAGIC else jewels_counted(len(front))
        for front in view.path
        if front is not None
    ]
    left = ngettext(
        "{pebbles} in the pouch, {count} tile still in the castle",
        "{pebbles} in the pouch, {count} tiles still in the castle",
        view.castle_count,
    )
    return sentences(
        _("Jewels recovered: {list}").format(list=format_list(jewels)),
        _("Behind the screens: {list}").format(list=format_list(screens)),
        left.format(pebbles=pebbles_counted(view.pouch_count), count=view.castle_count),
        _("Tiles along the path: {list}").format(list=format_list(path))
        if path
        else _("No tile along the path"),
    )
