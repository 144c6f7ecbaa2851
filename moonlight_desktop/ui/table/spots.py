"""What a pointer or the keyboard focus may rest on at a table, and the base class of every
game's screen: the game lists its spots from one snapshot of the table; the base answers
clicks, drops, hovers and keyboard focus the same way in every game."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from moonlight_desktop.engine import Command

from .game_ui import Hover, TableContext
from .keymap import KeyHelp


@dataclass(frozen=True, slots=True, eq=False)
class Spot:
    """Something on the screen a pointer may rest on: what it says, and what using it does — a
    command, a choice kept for the next step (`select`: a card picked, a trade begun), or
    nothing (the text says why)."""

    rect: pygame.Rect
    text: str
    command: Command | None = None
    select: Callable[[], None] | None = None
    reach: float = 0.0
    """For a round thing: its radius round the rect's centre (0: the rect is the shape)."""

    @property
    def usable(self) -> bool:
        """Using it does something: the keyboard focus stops on it."""
        return self.command is not None or self.select is not None

    def contains(self, point: tuple[int, int]) -> bool:
        if self.reach > 0:
            x, y = self.rect.center
            return (point[0] - x) ** 2 + (point[1] - y) ** 2 <= self.reach**2
        return bool(self.rect.collidepoint(point))


class SpotScreen(ABC):
    """The input half of a game's screen. A game lists `spots` (bottom first, as drawn: the
    last one under a point is on top) in reading order, says what holding a piece means
    (`holding`, `let_go`), and the base does the rest: a click uses the topmost spot under it,
    a release after a press on a held piece drops it, a hover explains, and the keyboard focus
    walks the usable spots in reading order."""

    keys: tuple[KeyHelp, ...] = ()
    """The game's own keys at the table, listed after the shared ones (`keymap.TABLE_KEYS`)."""

    def __init__(self) -> None:
        self._picked = False
        """The last press picked a piece up: releasing it over a spot drops it there."""
        self.focus: int | None = None
        """The index, among the usable spots, of the one the keyboard focus is on."""

    @abstractmethod
    def spots(self, table: TableContext) -> list[Spot]:
        """Everything a pointer may rest on now, from `table` (one snapshot)."""

    def holding(self) -> bool:
        """A piece is held for the next click (e.g. a card picked before its cushion)."""
        return False

    def let_go(self) -> None:  # noqa: B027 - most games hold nothing
        """A command was sent: whatever was held for it is put down."""

    # Pointer -----------------------------------------------------------------------------------

    def spot_at(self, point: tuple[int, int], table: TableContext) -> Spot | None:
        """The topmost spot under `point`."""
        return topmost(self.spots(table), point)

    def command_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        """A click: takes up or changes a choice (`select`), or gives the command of what was
        clicked; a refused command keeps what is held, and the rules say why."""
        self._picked = False
        spot = self.spot_at(point, table)
        if spot is None:
            return None
        if spot.select is not None:
            spot.select()
            self._picked = self.holding()
            return None
        return self._use(spot, table)

    def dropped_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        """A piece picked up by the press and dropped on a spot whose command takes it."""
        if not self._picked:
            return None
        self._picked = False
        spot = self.spot_at(point, table)
        if spot is None or spot.select is not None:
            return None  # dropped back where it came from, or on nothing: still held
        return self._use(spot, table)

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        spot = self.spot_at(point, table)
        return None if spot is None or not spot.text else Hover(spot.text, spot.rect)

    # Keyboard focus ----------------------------------------------------------------------------

    def focus_ring(self, table: TableContext) -> list[Spot]:
        """The spots the keyboard focus stops on, in reading order."""
        return [spot for spot in self.spots(table) if spot.usable]

    def focused(self, table: TableContext) -> Spot | None:
        ring = self.focus_ring(table)
        if self.focus is None or not ring:
            return None
        return ring[min(self.focus, len(ring) - 1)]

    def move_focus(self, step: int, table: TableContext) -> Spot | None:
        """Moves the focus `step` places along the ring (wrapping round) and returns the spot
        it lands on; None when nothing may be used."""
        ring = self.focus_ring(table)
        if not ring:
            self.focus = None
            return None
        if self.focus is None:
            self.focus = 0 if step > 0 else len(ring) - 1
        else:
            self.focus = (min(self.focus, len(ring) - 1) + step) % len(ring)
        return ring[self.focus]

    def use_focused(self, table: TableContext) -> Command | None:
        """Enter or Space on the focused spot: as a click on it."""
        spot = self.focused(table)
        if spot is None:
            return None
        if spot.select is not None:
            spot.select()
            return None
        return self._use(spot, table)

    def focus_first_choice(self, table: TableContext) -> Spot | None:
        """Puts the focus on the first spot whose command may be made now (else the first
        usable one): where the keyboard lands when a decision comes or a piece is picked."""
        ring, legal = self.focus_ring(table), table.legal()
        if not ring:
            self.focus = None
            return None
        self.focus = next((n for n, spot in enumerate(ring) if spot.command in legal), 0)
        return ring[self.focus]

    def key_command(self, key: int, table: TableContext) -> Command | None:
        """A game's own key (`keys`) pressed at the table: its command (None: not the
        game's key, or nothing to do now)."""
        return None

    def _use(self, spot: Spot, table: TableContext) -> Command | None:
        if spot.command is not None and spot.command in table.legal():
            self.let_go()
        return spot.command


def topmost(spots: Sequence[Spot], point: tuple[int, int]) -> Spot | None:
    """The last of `spots` (the one drawn on top) under `point`."""
    for spot in reversed(spots):
        if spot.contains(point):
            return spot
    return None
