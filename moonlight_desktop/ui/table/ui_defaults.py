"""What most games' `GameUI` says the same way, for a game's description to inherit: its
looks drawn and coloured by its `LookArt`, the players label from its setup, every human's
hidden facts kept private. A game overrides what differs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pygame

from moonlight_desktop.engine import Match, RecordError, View
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.i18n import _, ngettext

from .setup import SetupSpec

Color = tuple[int, int, int]
ViewT = TypeVar("ViewT", bound=View)


@dataclass(frozen=True, slots=True)
class LookArt:
    """How a game draws a seat's look (its figure or crest) and the look's colour."""

    draw: Callable[[pygame.Surface, str, tuple[float, float], int], None]
    """Draws `look` centred on `centre`, `size` pixels tall."""
    color: Callable[[str], Color]


class GameUIDefaults:
    """The members of `GameUI` that most games share; a game's description inherits them
    and states only its own."""

    setup: SetupSpec
    look_art: LookArt

    def players_label(self) -> str:
        """From the setup's seats: "3 to 6 players" (with an en dash), or "2 players"."""
        fewest, most = self.setup.min_seats, self.setup.max_seats
        if fewest == most:
            return ngettext("{count} player", "{count} players", most).format(count=most)
        # Translators: how many may play a game, e.g. "3 to 6 players" (with an en dash).
        words = _("{fewest}\N{EN DASH}{most} players")
        return words.format(fewest=fewest, most=most)

    def draw_look(
        self, surface: pygame.Surface, look: str, centre: tuple[float, float], size: int
    ) -> None:
        self.look_art.draw(surface, look, centre, size)

    def look_color(self, look: str) -> Color:
        return self.look_art.color(look)

    def private_seats(self, match: Match[Any]) -> frozenset[int]:
        """Every human: what they hold is secret."""
        return frozenset(n for n, seat in enumerate(match.seats) if seat.player == "human")


def view_as(match: Match[Any], seat: int | None, kind: type[ViewT], title: str) -> ViewT:
    """`seat`'s view of `match` (None: everything), as the game's view type `kind`;
    RecordError for a record of another game than `title`."""
    view = match.view(seat)
    if not isinstance(view, kind):
        # Translators: a saved game that is not of {title} (a game's name); {found} is what it is.
        words = _("not a game of {title}: {found}")
        raise RecordError(words.format(title=title, found=brief(match.record.game, 40)))
    return view
