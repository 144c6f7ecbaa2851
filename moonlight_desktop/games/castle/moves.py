"""Moonlight Castle's commands (what a seat may do) and events (what happened, for animation)."""

from __future__ import annotations

from dataclasses import dataclass

from moonlight_desktop.engine import Command, CommandCodec, Event

from .components import Spell

Jewels = tuple[int, ...]
"""A tile's front: the colours of its jewels. Never a tile id, which would reveal its back."""

PebbleCounts = tuple[int, int, int]
"""Pebbles per colour: (red, yellow, green)."""


# Commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveTo(Command):
    """Hide again: move the figure to an empty space (paying a pebble on a coloured one)."""

    kind = "move"
    space: int


@dataclass(frozen=True, slots=True)
class Recover(Command):
    """Recover the tile next to the figure, paying a matching pebble per jewel.

    Given before moving, it is the rulebook's "stay where you are and recover"."""

    kind = "recover"


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """After moving, leave the tile where it is and end the turn."""

    kind = "end_turn"


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Only when no space can be reached and nothing can be recovered (see docs/RULINGS.md)."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class ReturnPebbles(Command):
    """Gold fountain: which of the drawn pebbles to place next to the board, per colour."""

    kind = "return_pebbles"
    red: int
    yellow: int
    green: int

    @property
    def counts(self) -> PebbleCounts:
        return (self.red, self.yellow, self.green)


@dataclass(frozen=True, slots=True)
class KeepColor(Command):
    """Gold fountain "one colour": keep the drawn pebbles of this colour, place the rest."""

    kind = "keep_color"
    color: int


CODEC: CommandCodec[Command] = CommandCodec(
    [MoveTo, Recover, EndTurn, Pass, ReturnPebbles, KeepColor]
)


# Events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FigureMoved(Event):
    """`from_space` is -1 for a figure entering the garden; `paid` is -1 for a free space."""

    kind = "figure_moved"
    shows_secret_of = "seat"  # a coloured space is paid from behind the screen
    reveal_note = "{who} has moved since"
    seat: int
    from_space: int
    to_space: int
    paid: int


@dataclass(frozen=True, slots=True)
class PebblesDrawn(Event):
    """Pebbles drawn from the pouch to `seat`. Only the seats in `visible_to` see the colours."""

    kind = "pebbles_drawn"
    reveals = True  # drawn blind from the pouch
    reveal_note = "Pebbles were drawn since: they cannot be put back"
    seat: int
    count: int
    pebbles: tuple[int, ...]
    visible_to: tuple[int, ...] | None  # None: everyone (Full Moon)

    def seen_by(self, seat: int | None) -> Event:
        if self.visible_to is None or seat in self.visible_to:
            return self
        return PebblesDrawn(self.seat, self.count, (), self.visible_to)


@dataclass(frozen=True, slots=True)
class PouchRefilled(Event):
    """The pouch was empty: every pebble next to the board went back in."""

    kind = "pouch_refilled"
    reveals = True  # shuffled, and drawn from at once
    reveal_note = "The pouch was shuffled and drawn from since"
    count: int


@dataclass(frozen=True, slots=True)
class PebblesReturned(Event):
    """A gold fountain's pebbles placed next to the board (public)."""

    kind = "pebbles_returned"
    shows_secret_of = "seat"  # part of a draw only the drawer saw
    reveal_note = "{who} has put drawn pebbles back since"
    seat: int
    pebbles: PebbleCounts


@dataclass(frozen=True, slots=True)
class JewelsRecovered(Event):
    """The tile at `position` was recovered: its pebbles paid, its back turned up."""

    kind = "jewels_recovered"
    reveals = True  # the tile's back, its spell, is turned up
    reveal_note = "A tile was turned over since: its spell is known"
    seat: int
    position: int
    jewels: Jewels
    spell: Spell
    paid: PebbleCounts


@dataclass(frozen=True, slots=True)
class TilePushed(Event):
    """One push of the slider: `entered` came out of the gate onto the bridge, each (from, to)
    of `moves` slid one position along the path, and `fell_off` (if any) dropped off the end."""

    kind = "tile_pushed"
    reveals = True  # the next tile of the shuffled stack comes out
    reveal_note = "A tile came out of the castle since"
    entered: Jewels
    entered_magic: bool
    moves: tuple[tuple[int, int], ...]
    fell_off: Jewels | None


@dataclass(frozen=True, slots=True)
class ZirrozAngry(Event):
    """No tile in front of the bridge at the end of a turn: six pushes follow."""

    kind = "zirroz_angry"


@dataclass(frozen=True, slots=True)
class LastRound(Event):
    """The magic tile reached the bridge: the round is finished, nothing more is pushed."""

    kind = "last_round"
    final_seat: int


@dataclass(frozen=True, slots=True)
class ExtraTurn(Event):
    kind = "extra_turn"
    seat: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    kind = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind = "game_over"
    jewels: tuple[int, ...]
    pebbles: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break_used: bool
