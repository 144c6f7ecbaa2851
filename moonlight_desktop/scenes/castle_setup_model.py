"""What the Moonlight Castle setup screen edits, without pygame: seats, variants and the seed.

The setup scene only shows a `CastleSetup` and forwards clicks to its methods; everything that
can be decided without a window (default names, unique figures, distinct rituals, checking the
options, remembering the setup, building the `Match`) lives here and is tested headless.
"""

from __future__ import annotations

import logging
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any

from moonlight_desktop.engine import JsonDict, Match, OptionsError, SeatSpec
from moonlight_desktop.games.castle.board import available_levels
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.table import DEFAULT_LEVEL, RITUALS, Ritual

log = logging.getLogger(__name__)

GAME_ID = "castle"
SETUP_VERSION = 1
MIN_SEATS = CastleRules.min_seats
MAX_SEATS = CastleRules.max_seats
NAME_LENGTH = 18
SEED_DIGITS = 12

FIGURES: tuple[str, ...] = ("squirrel", "wolf", "fox", "raccoon")
"""The four play figures, in the order the setup offers them (assets/castle/figure_*.svg)."""

CREST_COLORS: dict[str, tuple[int, int, int]] = {
    "squirrel": (0x34, 0xB8, 0xA4),  # teal
    "wolf": (0xE0, 0x56, 0x6E),  # rose
    "fox": (0x4D, 0x9D, 0xE8),  # azure
    "raccoon": (0xF0, 0x9A, 0x3A),  # amber
}
"""Each figure's crest colour (its neckerchief and base rim in the art)."""

KINDS: tuple[str, ...] = ("human", "easy", "normal")
"""Who sits at a seat: a person, or a bot of that level."""

KIND_LABELS: dict[str, str] = {
    "human": "Human",
    "easy": "Bot — easy",
    "normal": "Bot — normal",
}

RITUAL_LABELS: dict[Ritual, str] = {
    Ritual.RETURN_TWO: "Draw 4, put back 2",
    Ritual.RETURN_ONE: "Draw 4, put back 1",
    Ritual.ONE_COLOR: "Draw 4, keep one colour",
    Ritual.ONE_OF_EACH: "Draw 4, keep one of each colour",
}

_PLAYER_NAME = re.compile(r"Player \d+")


class SetupError(ValueError):
    """A setup the game cannot start from; the message is meant for the players."""


def figure_title(figure: str) -> str:
    return figure.capitalize()


def bot_name(figure: str, level: str) -> str:
    """A bot's default name, e.g. "Fox (normal)"."""
    return f"{figure_title(figure)} ({level})"


def is_default_name(name: str) -> bool:
    """Names the setup chose itself (so it may change them when the seat changes)."""
    name = name.strip()
    if not name or _PLAYER_NAME.fullmatch(name):
        return True
    return any(name == bot_name(figure, level) for figure in FIGURES for level in KINDS[1:])


@dataclass(slots=True)
class SeatSetup:
    kind: str  # one of KINDS
    name: str
    figure: str  # one of FIGURES
    open_screen: bool = False  # plays without a screen (a player who needs a little help)

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"

    def spec(self) -> SeatSpec:
        name = self.name.strip()
        if self.is_bot:
            return SeatSpec(name, "bot", self.kind, look=self.figure)
        return SeatSpec(name, "human", None, look=self.figure)


@dataclass(slots=True)
class FountainSetup:
    ritual: Ritual
    gold: bool = False

    def to_json(self) -> JsonDict:
        return {"ritual": self.ritual.value, "side": "gold" if self.gold else "white"}


def _default_fountains() -> list[FountainSetup]:
    return [FountainSetup(ritual) for ritual in RITUALS]


@dataclass(slots=True)
class CastleSetup:
    """Seats in turn order; four fountains (distinct rituals), the first one per seat in play."""

    seats: list[SeatSetup]
    fountains: list[FountainSetup] = field(default_factory=_default_fountains)
    level: str = DEFAULT_LEVEL
    full_moon: bool = False
    start_seat: int | None = None  # None: chosen at random
    seed_text: str = ""  # digits, or empty for a random game

    @staticmethod
    def default() -> CastleSetup:
        return CastleSetup(
            seats=[
                SeatSetup("human", "Player 1", "squirrel"),
                SeatSetup("normal", bot_name("wolf", "normal"), "wolf"),
            ]
        )

    # Editing -------------------------------------------------------------------------------

    @property
    def fountains_in_play(self) -> list[FountainSetup]:
        return self.fountains[: len(self.seats)]

    def can_add_seat(self) -> bool:
        return len(self.seats) < MAX_SEATS

    def can_remove_seat(self) -> bool:
        return len(self.seats) > MIN_SEATS

    def add_seat(self) -> None:
        """A new human at the end, with the first free figure."""
        if not self.can_add_seat():
            return
        used = {seat.figure for seat in self.seats}
        figure = next(figure for figure in FIGURES if figure not in used)
        self.seats.append(SeatSetup("human", "", figure))
        self.seats[-1].name = self._free_player_name(len(self.seats) - 1)

    def remove_seat(self, index: int) -> None:
        if not self.can_remove_seat() or not 0 <= index < len(self.seats):
            return
        del self.seats[index]
        if self.start_seat == index:
            self.start_seat = None
        elif self.start_seat is not None and self.start_seat > index:
            self.start_seat -= 1

    def set_kind(self, index: int, kind: str) -> None:
        if kind not in KINDS:
            raise SetupError(f"a seat is one of {', '.join(KINDS)}, not {kind!r}")
        seat = self.seats[index]
        seat.kind = kind
        if is_default_name(seat.name):
            seat.name = (
                bot_name(seat.figure, kind) if seat.is_bot else self._free_player_name(index)
            )

    def set_name(self, index: int, name: str) -> None:
        self.seats[index].name = name[:NAME_LENGTH]

    def set_figure(self, index: int, figure: str) -> None:
        """Takes `figure` for this seat; a seat that had it gets this seat's figure instead."""
        if figure not in FIGURES:
            raise SetupError(f"the figures are {', '.join(FIGURES)}, not {figure!r}")
        seat = self.seats[index]
        for other in self.seats:
            if other is not seat and other.figure == figure:
                other.figure = seat.figure
                self._rename_bot(other)
        seat.figure = figure
        self._rename_bot(seat)

    def owner_of(self, figure: str) -> int | None:
        return next((n for n, seat in enumerate(self.seats) if seat.figure == figure), None)

    def set_ritual(self, fountain: int, ritual: Ritual) -> None:
        """Gives fountain `fountain` this ritual; the fountain that had it takes the old one."""
        mine = self.fountains[fountain]
        for other in self.fountains:
            if other is not mine and other.ritual == ritual:
                other.ritual = mine.ritual
        mine.ritual = ritual

    def set_gold(self, fountain: int, gold: bool) -> None:
        self.fountains[fountain].gold = gold

    def set_start_seat(self, seat: int | None) -> None:
        self.start_seat = seat if seat is None or 0 <= seat < len(self.seats) else None

    def set_seed_text(self, text: str) -> str:
        """Keeps the digits only; returns what was kept (for the text field)."""
        self.seed_text = "".join(ch for ch in text if ch.isdigit())[:SEED_DIGITS]
        return self.seed_text

    def _free_player_name(self, index: int) -> str:
        taken = {seat.name.strip().casefold() for n, seat in enumerate(self.seats) if n != index}
        numbers = [index + 1, *range(1, MAX_SEATS + 2)]
        return next(f"Player {k}" for k in numbers if f"player {k}" not in taken)

    def _rename_bot(self, seat: SeatSetup) -> None:
        if seat.is_bot and is_default_name(seat.name):
            seat.name = bot_name(seat.figure, seat.kind)

    # Checking and starting -----------------------------------------------------------------

    def options(self) -> JsonDict:
        return {
            "level": self.level,
            "full_moon": self.full_moon,
            "fountains": [fountain.to_json() for fountain in self.fountains_in_play],
            "start_seat": self.start_seat,
            "open_screens": [
                index
                for index, seat in enumerate(self.seats)
                if seat.open_screen and not seat.is_bot
            ],
        }

    def set_open_screen(self, index: int, open_screen: bool) -> None:
        if 0 <= index < len(self.seats):
            self.seats[index].open_screen = open_screen

    def seed(self) -> int | None:
        """The chosen seed, or None for a random game."""
        text = self.seed_text.strip()
        if not text:
            return None
        if not text.isdigit() or len(text) > SEED_DIGITS:
            raise SetupError(
                f"The seed must be a whole number of at most {SEED_DIGITS} digits"
                " (or empty for a random game)."
            )
        return int(text)

    def validate(self) -> JsonDict:
        """The normalized options; SetupError says (to the players) what is wrong."""
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise SetupError(f"Moonlight Castle is for {MIN_SEATS} to {MAX_SEATS} players.")
        seen: dict[str, int] = {}
        for number, seat in enumerate(self.seats, start=1):
            name = seat.name.strip()
            if not name:
                raise SetupError(f"Player {number} needs a name.")
            if len(name) > NAME_LENGTH:
                raise SetupError(f"“{name}” is too long: at most {NAME_LENGTH} letters.")
            if name.casefold() in seen:
                raise SetupError(f"Two players are called “{name}”: give each their own name.")
            seen[name.casefold()] = number
            if seat.kind not in KINDS:
                raise SetupError(f"Player {number} must be a human or a bot.")
            if seat.figure not in FIGURES:
                raise SetupError(f"Player {number} needs a figure.")
        if len({seat.figure for seat in self.seats}) != len(self.seats):
            raise SetupError("Each player needs a figure of their own.")
        self.seed()
        try:
            return CastleRules().normalize_options(self.options(), len(self.seats))
        except OptionsError as error:
            raise SetupError(str(error)) from None

    def problem(self) -> str | None:
        """What stops this setup from starting, or None."""
        try:
            self.validate()
        except SetupError as error:
            return str(error)
        return None

    def seat_specs(self) -> list[SeatSpec]:
        return [seat.spec() for seat in self.seats]

    def to_match(self, seed: int | None = None) -> Match[Any]:
        """A new game from this setup: `seed`, else the typed seed, else a random one."""
        options = self.validate()
        if seed is None:
            seed = self.seed()
        if seed is None:
            seed = random_seed()
        try:
            return Match.new(CastleRules(), self.seat_specs(), seed, options)
        except OptionsError as error:
            raise SetupError(str(error)) from None

    # Remembering ---------------------------------------------------------------------------

    def to_json(self) -> JsonDict:
        """What is remembered between sessions (the seed is not: a new game is a new game)."""
        return {
            "version": SETUP_VERSION,
            "seats": [
                {
                    "kind": seat.kind,
                    "name": seat.name,
                    "figure": seat.figure,
                    "open_screen": seat.open_screen,
                }
                for seat in self.seats
            ],
            "fountains": [fountain.to_json() for fountain in self.fountains],
            "level": self.level,
            "full_moon": self.full_moon,
            "start_seat": self.start_seat,
        }

    @staticmethod
    def from_json(data: Any) -> CastleSetup:
        """A remembered setup, checked completely; SetupError when anything is off."""
        if not isinstance(data, dict) or data.get("version") != SETUP_VERSION:
            raise SetupError("not a remembered Moonlight Castle setup")
        seats_data, fountains_data = data.get("seats"), data.get("fountains")
        if not isinstance(seats_data, list) or not MIN_SEATS <= len(seats_data) <= MAX_SEATS:
            raise SetupError("the remembered setup needs 2 to 4 seats")
        seats = []
        for entry in seats_data:
            if not isinstance(entry, dict):
                raise SetupError(f"a seat must be an object: {entry!r}")
            kind, name, figure = entry.get("kind"), entry.get("name"), entry.get("figure")
            open_screen = entry.get("open_screen", False)
            if (
                kind not in KINDS
                or figure not in FIGURES
                or not isinstance(name, str)
                or not isinstance(open_screen, bool)
            ):
                raise SetupError(f"not a seat: {entry!r}")
            seats.append(SeatSetup(kind, name[:NAME_LENGTH], figure, open_screen))
        if len({seat.figure for seat in seats}) != len(seats):
            raise SetupError("two remembered seats share a figure")
        if not isinstance(fountains_data, list) or len(fountains_data) != len(RITUALS):
            raise SetupError("the remembered setup needs all four fountains")
        by_value = {ritual.value: ritual for ritual in RITUALS}
        fountains = []
        for entry in fountains_data:
            if (
                not isinstance(entry, dict)
                or entry.get("ritual") not in by_value
                or entry.get("side") not in ("white", "gold")
            ):
                raise SetupError(f"not a fountain: {entry!r}")
            fountains.append(FountainSetup(by_value[entry["ritual"]], entry["side"] == "gold"))
        if len({fountain.ritual for fountain in fountains}) != len(fountains):
            raise SetupError("two remembered fountains share a ritual")
        level = data.get("level")
        if not isinstance(level, str) or level not in available_levels():
            level = DEFAULT_LEVEL  # a garden that is gone: the rest of the setup still holds
        full_moon = data.get("full_moon")
        if not isinstance(full_moon, bool):
            raise SetupError("full_moon must be true or false")
        start = data.get("start_seat")
        if start is not None and (type(start) is not int or not 0 <= start < len(seats)):
            raise SetupError(f"no seat {start!r} to start")
        return CastleSetup(seats, fountains, level, full_moon, start)

    @staticmethod
    def restore(data: Any) -> CastleSetup:
        """The remembered setup, or the default one when there is none or it is malformed."""
        if data is None:
            return CastleSetup.default()
        try:
            return CastleSetup.from_json(data)
        except SetupError as error:
            log.warning("ignoring the remembered Castle setup (%s); using the default", error)
            return CastleSetup.default()


def random_seed() -> int:
    return random.SystemRandom().randrange(10**SEED_DIGITS)


def rematch(match: Match[Any], seed: int | None = None) -> Match[Any]:
    """The same seats and options as `match`, a new game (a fresh random seed unless given)."""
    return Match.new(
        match.rules,
        match.seats,
        random_seed() if seed is None else seed,
        match.record.options,
    )


def finished_demo_match(seed: int = 7, seats: int = 3) -> Match[Any]:
    """A game played to the end by bots, with names and figures (previews and tests)."""
    from moonlight_desktop.engine.arena import play_game
    from moonlight_desktop.games.registry import make_bot

    rules = CastleRules()
    played = play_game(
        rules, ["normal"] * seats, seed, lambda level, bot_seed: make_bot(GAME_ID, level, bot_seed)
    )
    names = ("Ana", "Basil", "Cleo", "Dmitri")
    specs = tuple(
        SeatSpec(names[n], "human", None, look=FIGURES[n])
        if n == 0
        else SeatSpec(bot_name(FIGURES[n], "normal"), "bot", "normal", look=FIGURES[n])
        for n in range(seats)
    )
    return Match(rules, replace(played.record, seats=specs, moves=list(played.record.moves)))
