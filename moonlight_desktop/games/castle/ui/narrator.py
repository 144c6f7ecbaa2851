"""Moonlight Castle's log in words: each event as a sentence, and how a turn that ends without
recovering is told (a log line for everyone, a banner for the player at the screen). No pygame:
the same lines serve live play, a resumed game's log and a replay."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.phrasing import counted, joined, sentences, whose
from moonlight_desktop.ui.table.presenter import LogLine

from .. import moves
from ..components import Spell
from ..state import Phase
from ..table import Table
from ..view import MAGIC, CastleView

COLOR_NAMES = ("red", "yellow", "green")
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
    "return_two": "draw 4, put 2 back",
    "return_one": "draw 4, put 1 back",
    "one_color": "draw 4, keep one colour",
    "one_of_each": "draw 4, keep one of each",
}
"""A gold fountain's ritual in a few words (written under the fountain)."""
SPELL_TEXT = {
    Spell.NOTHING: "no spell",
    Spell.ONE_ARROW: "one arrow: one more tile slides out",
    Spell.TWO_ARROWS: "two arrows: two more tiles slide out",
    Spell.MAGICIAN: "the magician fills the path",
    Spell.SPECIAL: "the special symbol: another turn",
}
NOTHING_HERE_BANNER = "Nothing to recover here: your turn ends"
TOO_FEW = "Too few pebbles for the tile"
TOO_FEW_BANNER = "Too few pebbles for this tile: your turn ends"
HIDING = (moves.MoveTo, moves.KeepColor, moves.ReturnPebbles)
"""The commands that finish hiding (a move, or a gold fountain's choice after it)."""


class CastleNarrator:
    """The log of one table: `names` are the seats' names, `table` the game's fixed facts."""

    def __init__(self, table: Table, names: list[str]) -> None:
        self.table = table
        self.names = names

    def starter_line(self, seat: int) -> LogLine:
        """The first line of every game's log: who starts."""
        return LogLine(f"{self.names[seat]} is the night owl and starts", seat, "turn")

    def describe(self, event: Event) -> list[LogLine]:
        seat = getattr(event, "seat", None)
        seat = seat if isinstance(seat, int) else None
        text = self._words(event, "" if seat is None else self.names[seat])
        return [LogLine(text, seat, LOG_ICONS.get(type(event), "info"))] if text else []

    def _words(self, event: Event, name: str) -> str:
        if isinstance(event, moves.FigureMoved):
            cost = f", paying a {COLOR_NAMES[event.paid]} pebble" if event.paid >= 0 else ""
            fountain = self.table.space_fountain[event.to_space] >= 0
            return f"{name} hid {'at a fountain' if fountain else 'in a new space'}{cost}"
        if isinstance(event, moves.PebblesDrawn):
            return f"{name} drew {counted(event.count, 'pebble')}"
        if isinstance(event, moves.PouchRefilled):
            return "The pouch was empty: the pebbles beside the board go back in"
        if isinstance(event, moves.PebblesReturned):
            return f"{name} put {sum(event.pebbles)} back beside the board"
        if isinstance(event, moves.JewelsRecovered):
            jewels = counted(len(event.jewels), "jewel")
            return f"{name} recovered {jewels} — {SPELL_TEXT[event.spell]}"
        if isinstance(event, moves.TilePushed) and event.fell_off is not None:
            return "A tile fell off the end of the path: Zirroz the magician keeps it"
        if isinstance(event, moves.ZirrozAngry):
            return "Zirroz is angry! Six tiles slide out."
        if isinstance(event, moves.LastRound):
            return "The magic tile! This is the last round."
        if isinstance(event, moves.ExtraTurn):
            return f"{name} plays again!"
        if isinstance(event, moves.Passed):
            return f"{name} could not move and passed"
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
        unsaid = f"Nothing recovered: {name} ended the turn"
        if isinstance(played.command, moves.EndTurn):
            return (unsaid if hidden else f"{name} leaves the tile and ends the turn"), ""
        view = played.view
        if not isinstance(view, CastleView):
            raise TypeError(f"expected a CastleView, got {type(view).__name__}")
        if not isinstance(played.command, HIDING) or view.phase in (Phase.RECOVER, Phase.FOUNTAIN):
            return None  # no move, or the turn goes on
        why = self._nothing_beside(view.spots[played.seat], view)
        if why is None:
            return (unsaid if hidden else f"{TOO_FEW}: {name} ended the turn"), TOO_FEW_BANNER
        return f"{why}: {name} ended the turn", NOTHING_HERE_BANNER

    def _nothing_beside(self, spot: int, view: CastleView) -> str | None:
        """Why a figure that has just hidden at `spot` finds nothing to recover there, in
        words (None: a tile lies beside it, but its pebbles are too few)."""
        table = self.table
        if table.space_fountain[spot] >= 0:
            return "Nothing to recover beside a fountain"
        position = table.space_faces[spot]
        if position < 0:
            return "Nothing to recover beside a white space"
        front = view.path[position]
        if front is None:
            return "No tile beside that space"
        if front == MAGIC:
            return "The magic tile cannot be recovered"
        return None


def pebbles_named(counts: tuple[int, ...]) -> str:
    """Pebbles by colour, e.g. "1 red, 2 green", or "nothing"."""
    return ", ".join(f"{n} {COLOR_NAMES[c]}" for c, n in enumerate(counts) if n) or "nothing"


def position_summary(view: CastleView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): jewels recovered, the pebbles
    behind each screen (counted only, behind one it cannot see), what is left in the pouch
    and the castle, and the tiles along the path."""
    jewels = [
        f"{names[seat]} {counted(sum(len(tile.jewels) for tile in tiles), 'jewel')}"
        for seat, tiles in enumerate(view.collected)
    ]
    screens = [
        f"{whose(names, seat, view.viewer)} {'have' if seat == view.viewer else 'has'} "
        + (
            pebbles_named(screen)
            if screen is not None
            else counted(view.screen_sizes[seat], "pebble")
        )
        for seat, screen in enumerate(view.screens)
    ]
    path = [
        "the magic tile" if front == MAGIC else counted(len(front), "jewel")
        for front in view.path
        if front is not None
    ]
    return sentences(
        f"Jewels recovered: {joined(jewels)}",
        f"Behind the screens: {joined(screens)}",
        f"{counted(view.pouch_count, 'pebble')} in the pouch, "
        f"{counted(view.castle_count, 'tile')} still in the castle",
        f"Tiles along the path: {joined(path)}" if path else "No tile along the path",
    )
