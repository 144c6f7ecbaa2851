"""The header over the board: whose turn it is and what is asked, in the same sequence for every
game (game over, the seat at the screen asked, nobody waited for, several deciding at once, a
bot thinking, a hand-off, the board moving). A game supplies only its own words (`TurnWords`),
read from the shown view, so the header never runs ahead of the animation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from moonlight_desktop.i18n import _, ngettext

if TYPE_CHECKING:
    from .game_ui import TableContext


@dataclass(frozen=True, slots=True)
class Header:
    seat: int | None
    """The seat whose figure leads the header (None: nobody's)."""
    title: str
    prompt: str


class TurnWords(Protocol):
    """What a game's screen says in the header; the kit decides when each is said."""

    @property
    def table_title(self) -> str:
        """The title while the table waits for nobody (e.g. "The souk" during a countdown)."""
        ...

    def result(self, view: Any) -> str | None:
        """The line under "Game over" once `view` is over; None while play goes on."""
        ...

    def waiting(self, view: Any) -> Sequence[int]:
        """The seats the table waits for in `view`, the one to name first."""
        ...

    def stage(self, view: Any) -> str:
        """Where the game stands, for whoever is not asked (e.g. "Pass 2 of 4, round 1")."""
        ...

    def prompt(self, view: Any, table: TableContext) -> str:
        """What the seat at the screen is asked to do now (its choices are `table.legal()`)."""
        ...


def header_for(words: TurnWords, table: TableContext) -> Header:
    """The header for the shown view of `table`."""
    view = table.view
    result = words.result(view)
    if result is not None:
        return Header(None, _("Game over"), result)
    me = table.viewer
    if me is not None and view.viewer == me and table.legal():
        return Header(me, your_turn(table, me), words.prompt(view, table))
    waiting, stage = table.waiting, words.stage(view)
    if not waiting:
        return Header(None, words.table_title, stage)
    seat = waiting[0]
    if len(waiting) > 1:
        count = len(waiting)
        # Translators: several players decide at once (e.g. each chooses a card in secret).
        title = ngettext("{count} player to play", "{count} players to play", count)
        return Header(seat, title.format(count=count), stage)
    name = table.names[seat]
    if seat == me and view.viewer == me:  # the board moves before they are asked
        return Header(seat, your_turn(table, me), stage)
    # Translators: the header's title while the table waits for {name} (a player's name).
    title = _("{name} to play").format(name=name)
    if seat in table.bots:
        return Header(seat, title, _("{name} is thinking…").format(name=name))
    if table.sharing_screen:
        return Header(seat, title, _("Waiting for {name} to take the seat.").format(name=name))
    return Header(seat, title, _("Waiting for {name}…").format(name=name))


def your_turn(table: TableContext, seat: int) -> str:
    """Phrased so that any name reads right: no possessive is made of a name (a player who
    calls themselves "You" would read "You's turn"); named only when several share the
    screen."""
    if table.humans == 1:
        return _("Your turn")
    # Translators: {name} is the player at the screen, when several share it.
    return _("Your turn, {name}").format(name=table.names[seat])
