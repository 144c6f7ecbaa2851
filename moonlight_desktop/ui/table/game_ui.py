"""What a game supplies to be played at the table: a small, explicit description.

- `GameScreen`: its board and seats drawn from the presenter, what a click or hover means as a
  command, the action strip's choices, what the header says and how a hinted (or taught)
  command is pointed at on the board.
- `GameUI`: how the collection introduces the game (title, pitch, card art, players), its
  setup (a `SetupSpec` for the setup shell), its rules text, its screen, how a seat's look is
  drawn, who needs a hand-off, timed decisions, the standings for game over, its explained
  hints and its guided first game.

Both are generic in the game's view type (`GameUI[CastleView]`).

Games are listed in game_list.py, which finds each one's; the kit and the scenes never name a game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from moonlight_desktop.engine import Command, Match, RecordError, View
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.i18n import _

from .controller import TableController
from .header import TurnWords
from .hints import Hint
from .layout import TableLayout
from .lesson_script import Lesson
from .online_controller import OnlineController
from .presenter import Anchor, LogLine, PresenterBase
from .setup import SetupSpec

if TYPE_CHECKING:
    from .keymap import KeyHelp
    from .spots import Spot

Color = tuple[int, int, int]
ViewT = TypeVar("ViewT", bound=View)
"""The game's view type."""


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
    """What the game's screen may read while it draws and answers input: a snapshot of the
    table for one frame (or one input), its legal commands worked out once."""

    controller: TableController | OnlineController
    presenter: PresenterBase[Any]
    names: tuple[str, ...]
    looks: tuple[str, ...]
    layout: TableLayout
    waiting: tuple[int, ...] = ()
    """The seats the shown view waits for (the game's `waiting`): their rows are lit."""
    asked: bool = True
    """The human at the screen is offered their choices now (a lesson offers none while a
    note is read). Set before `legal` is first asked."""
    midway: bool = False
    """A press made while the board moves is being placed: the choices of the human at the
    screen count as offered on the board as it is drawn now (the scene finishes the
    animation before it sends the command). Set before `legal` is first asked."""

    glow_time: float = 0.0
    """The table's ambient clock, which glowing things pulse by: it slows down and rests a few
    seconds after the last input (`Ambient`), so a table waiting for a player draws nothing."""

    _legal: tuple[Command, ...] | None = field(default=None, repr=False)

    @property
    def choice_glow(self) -> float:
        """How bright the glow round a choice is now: 0.75 to 1, pulsing gently."""
        return 0.75 + 0.25 * abs(((self.glow_time * 1.6) % 2) - 1)

    @property
    def idle(self) -> bool:
        return not self.presenter.busy

    @property
    def view(self) -> Any:
        """The view as far as the animation has shown it: what the board and panel say."""
        return self.presenter.shown

    @property
    def log(self) -> Sequence[LogLine]:
        return self.presenter.log

    @property
    def viewer(self) -> int | None:
        return self.controller.viewer

    @property
    def bots(self) -> Collection[int]:
        """The seats bots play (here, or on the game server)."""
        return self.controller.bot_seats()

    @property
    def sharing_screen(self) -> bool:
        """Several people take turns at this screen (else the others are elsewhere)."""
        return self.controller.sharing_screen

    @property
    def humans(self) -> int:
        """How many seats are played by people at this screen."""
        return len(self.controller.humans)

    @property
    def clock(self) -> float:
        """The table's time (seconds, advanced only while the table runs)."""
        return self.controller.time

    def thinking(self) -> tuple[int, ...]:
        """The bots thinking now (they may think ahead of the animation)."""
        return self.controller.thinking()

    def time_left(self, seat: int) -> tuple[float, float] | None:
        """A timed decision's time left and its whole time, or None when it is not timed."""
        return self.controller.time_left(seat)

    def legal(self) -> tuple[Command, ...]:
        """What the human at the screen may do now; nothing while the board animates (the
        board is not yet showing the position those commands are for) unless a press made
        meanwhile is being placed (`midway`), nor while not `asked`. Asked of the rules once
        per snapshot."""
        if self._legal is None:
            offered = (self.idle or self.midway) and self.asked
            self._legal = tuple(self.controller.legal()) if offered else ()
        return self._legal


class GameScreen(TurnWords, Protocol[ViewT]):
    @property
    def presenter(self) -> PresenterBase[ViewT]: ...

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

    # The keyboard (`spots.SpotScreen` answers it for every game) ----------------------------

    focus: int | None
    """The index, among the usable spots, of the one the keyboard focus is on."""

    @property
    def keys(self) -> tuple[KeyHelp, ...]:
        """The game's own keys at the table."""
        ...

    def focus_ring(self, table: TableContext) -> list[Spot]: ...

    def focused(self, table: TableContext) -> Spot | None: ...

    def use_focused(self, table: TableContext) -> Command | None: ...

    def focus_first_choice(self, table: TableContext) -> Spot | None: ...

    def key_command(self, key: int, table: TableContext) -> Command | None: ...

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        """`command` pointed at on the board, in the glow colour swollen `pulse` (0 to 1): a
        hint's move, a lesson's taught move (`glow.py` draws the glow)."""
        ...


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
    kinds: tuple[tuple[str, str], ...] = ()
    """(a part's label, the kind of part it is) where the game names the kind itself (Moons:
    "1 complete set" and "2 complete sets" are one kind in any language's plural); the
    chart reads any other label's kind from its words (`chart.part_kind`)."""


class GameUI(Protocol[ViewT]):
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
    lesson: Lesson
    """The guided first game ("Learn to play")."""

    def players_label(self) -> str: ...

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> GameScreen[ViewT]:
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

    def standings(self, match: Match[Any]) -> Standings: ...

    def hint(self, view: ViewT, legal: Sequence[Command], seed: int, names: Sequence[str]) -> Hint:
        """The command NormalBot seeded with `seed` chooses from `legal` for the seat whose
        `view` this is, and the reason in words (`names`: the seats' names). Runs on a worker
        thread: reads nothing but its arguments."""
        ...

    def position_summary(self, view: ViewT, names: Sequence[str]) -> str:
        """The position in words as the seat whose `view` this is knows it (I, when the game
        is spoken): the scores, what the seat holds, what lies on the table. Reads nothing but
        its arguments, so nothing hidden from that seat is said."""
        ...


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
            # Translators: a saved game a player opens; {title} is a game's name.
            words = _("seat {number} has a look {title} does not know: {look}")
            raise RecordError(
                words.format(number=number + 1, title=title, look=brief(seat.look, 40))
            )
    return looks
