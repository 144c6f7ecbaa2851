"""What a game supplies to be played at the table: a small, explicit description.

- `GameScreen`: its board and seats drawn from the presenter, what a click or hover means as a
  command, the action strip's choices, and what the header says.
- `GameUI`: how the collection introduces the game (title, pitch, card art, players), its
  setup (a `SetupSpec` for the setup shell, or its own scene from `setup_scene`), its rules
  text, its screen, how a seat's look is drawn, who needs a hand-off, timed decisions and the
  standings for game over.

Games are listed in game_list.py, which finds each one's; the kit and the scenes never name a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from moonlight_desktop.engine import Command, Match, RecordError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.ui.scene import Scene

from .controller import TableController, Timeout
from .layout import TableLayout
from .presenter import Anchor, PresenterBase
from .setup import SetupSpec

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Action:
    """A choice on the action strip: a button that submits `command`."""

    label: str
    command: Command
    primary: bool = False
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Hover:
    """A tooltip: its text and the rect of what it explains (the tooltip never covers it)."""

    text: str
    target: pygame.Rect


@dataclass(slots=True)
class TableContext:
    """What the game's screen may read while it draws and answers input."""

    controller: TableController
    presenter: PresenterBase[Any]
    names: tuple[str, ...]
    looks: tuple[str, ...]
    layout: TableLayout
    asked: bool = True
    """The human at the screen is offered their choices now (a lesson offers none while a
    note is read)."""
    midway: bool = False
    """A press made while the board moves is being placed: the choices of the human at the
    screen count as offered on the board as it is drawn now (the scene finishes the
    animation before it sends the command)."""

    glow_time: float = 0.0
    """The table's ambient clock, which glowing things pulse by: it slows down and rests a few
    seconds after the last input (`Ambient`), so a table waiting for a player draws nothing."""

    @property
    def choice_glow(self) -> float:
        """How bright the glow round a choice is now: 0.75 to 1, pulsing gently."""
        return 0.75 + 0.25 * abs(((self.glow_time * 1.6) % 2) - 1)

    @property
    def idle(self) -> bool:
        return not self.presenter.busy

    @property
    def viewer(self) -> int | None:
        return self.controller.viewer

    def legal(self) -> Sequence[Command]:
        """What the human at the screen may do now; nothing while the board animates (the
        board is not yet showing the position those commands are for) unless a press made
        meanwhile is being placed (`midway`), nor while not `asked`."""
        return self.controller.legal() if (self.idle or self.midway) and self.asked else ()


class GameScreen(Protocol):
    @property
    def presenter(self) -> PresenterBase[Any]: ...

    @property
    def board_aspect(self) -> float:
        """The board's width / height, kept at any window size."""
        ...

    @property
    def rows(self) -> int:
        """The side panel's rows: one per seat, or per player of any kind (Market's Dirk and
        Beate play inside the rules and have rows too)."""
        ...

    @property
    def extra_height(self) -> float:
        """The game's own strip in the side panel, in design pixels (0: none)."""
        ...

    def relayout(self, layout: TableLayout) -> None: ...

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        """An anchor's pixel position in the current layout."""
        ...

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        """The whole of what an anchor names (a card, a seat's pebbles with their count, a
        dial), for a lesson to frame it without covering any of it; None: a point, ringed."""
        ...

    def turn(self, table: TableContext) -> tuple[int | None, str, str]:
        """The seat the header shows, its title and prompt, from the shown view (so it never
        runs ahead of the animation)."""
        ...

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None: ...

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None: ...

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        """The game's own strip (called only when `extra_height` > 0)."""
        ...

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None: ...

    def seat_color(self, seat: int) -> Color: ...

    def actions(self, table: TableContext) -> list[Action]:
        """The choices on the action strip for the human at the screen (when idle)."""
        ...

    def command_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        """What a click at `point` means (None: nothing)."""
        ...

    def dropped_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        """What releasing the mouse at `point` means after a press elsewhere: a piece picked
        up by the press and dropped here (None: nothing)."""
        ...

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None: ...


@dataclass(frozen=True, slots=True)
class RulesItem:
    """A list entry, led by a picture of a piece (or a bullet when `picture` is None)."""

    text: str
    picture: str | None = None


@dataclass(frozen=True, slots=True)
class RulesSection:
    heading: str
    paragraphs: tuple[str | RulesItem, ...]


@dataclass(frozen=True, slots=True)
class RulesText:
    """How to play, in our own words, as data for the rules reader. `{name}` in a text draws
    the picture assets/<pictures>/<name>.svg inline, the size of a letter."""

    title: str
    sections: tuple[RulesSection, ...]
    pictures: str = ""
    """The asset folder of the inline pictures and the list entries' pictures."""


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One seat at game over: its total, the breakdown as (label, points) and whether it won."""

    seat: int
    total: int
    parts: tuple[tuple[str, int], ...]
    winner: bool
    pictures: tuple[str, ...] = ()
    """Assets drawn in a row after the name: what the seat won, piece by piece (Castle's
    jewels, each in its colour)."""
    name: str = ""
    look: str = ""
    """For a row that is no seat of the match (Moonlight Market's Dirk and Beate, who play
    inside the rules): its name and look. Empty: the seat's own."""
    details: str = ""
    """The score at length (Market: each pass gem by gem), shown when the row is hovered."""


@dataclass(frozen=True, slots=True)
class Standings:
    rows: tuple[StandingsRow, ...]
    """Best first."""
    note: str = ""
    """E.g. how a tie was broken."""


class GameUI(Protocol):
    game_id: str
    title: str
    pitch: str
    """One line under the title in the gallery."""
    card_art: str
    """An asset under assets/ drawn on the gallery card."""
    card_looks: tuple[str, ...]
    """Up to two seats' looks standing in front of the card art, drawn `draw_look` tall
    (Castle's figures; none for a game whose looks are crests)."""
    rules: RulesText
    setup: SetupSpec

    def players_label(self) -> str: ...

    def setup_scene(
        self,
        app: App,
        on_start: Callable[[Match[Any]], None],
        rules: Callable[[], Scene],
        learn: Callable[[], None] | None = None,
    ) -> Scene | None:
        """The game's own setup scene, for a setup that `SetupSpec` cannot describe; None:
        the generic setup shell with `setup`. `on_start` opens the table for the new game (in
        place of the setup scene); `rules` opens the rules reader; `learn` the guided first
        game (a "Learn to play" button; none when None)."""
        ...

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> GameScreen:
        """The game's screen for `match`, showing `viewer`'s view. RecordError or OptionsError
        for seats it cannot show (a look it does not know): a save is offered only once its
        screen is built."""
        ...

    def draw_look(
        self, surface: pygame.Surface, look: str, centre: tuple[float, float], size: int
    ) -> None:
        """A seat's figure or crest, e.g. on the hand-off screen."""
        ...

    def look_color(self, look: str) -> Color: ...

    def private_seats(self, match: Match[Any]) -> frozenset[int]:
        """Humans whose hidden facts the others must not see (a hand-off before their turns)."""
        ...

    def timeout(self, match: Match[Any], seat: int) -> Timeout | None: ...

    def standings(self, match: Match[Any]) -> Standings: ...


def seat_looks(match: Match[Any], known: Sequence[str], title: str) -> list[str]:
    """Each seat's look as recorded, or one by seat number for a record made without the
    setup screen. RecordError for a look the game does not know (a save it cannot show)."""
    looks = []
    for number, seat in enumerate(match.seats):
        if seat.look is None:
            looks.append(known[number % len(known)])
        elif seat.look in known:
            looks.append(seat.look)
        else:
            raise RecordError(
                f"seat {number + 1} has a look {title} does not know: {brief(seat.look, 40)}"
            )
    return looks
