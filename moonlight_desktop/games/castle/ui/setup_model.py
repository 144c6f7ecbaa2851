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
from moonlight_desktop.engine.arena import play_game
from moonlight_desktop.engine.errors import brief

from ..board import available_levels
from ..rules import MAX_SEATS, MIN_SEATS, CastleRules
from ..spec import CASTLE
from ..table import DEFAULT_LEVEL, RITUALS, Ritual

log = logging.getLogger(__name__)

GAME_ID = "castle"
SETUP_VERSION = 1
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

KINDS: tuple[str, ...] = ("human", "easy", "normal", "hard")
"""Who sits at a seat: a person, or a bot of that level."""

KIND_LABELS: dict[str, str] = {
    "human": "Human",
    "easy": "Bot — easy",
    "normal": "Bot — normal",
    "hard": "Bot — hard",
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
    hints: bool = True  # players may ask for an explained hint at this table

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
            "hints": self.hints,
        }

    @staticmethod
    def restore(data: Any) -> CastleSetup:
        """The remembered setup, repaired field by field: whatever is wrong takes its default
        (logged) and the rest is kept, so a bad seat never costs the others their figures or
        names. The result can always start a game. No setup, or one of another version: the
        default one."""
        if data is None:
            return CastleSetup.default()
        version = data.get("version") if isinstance(data, dict) else None
        if not isinstance(data, dict) or type(version) is not int or version != SETUP_VERSION:
            log.warning("ignoring a remembered Castle setup not of version %s", SETUP_VERSION)
            return CastleSetup.default()
        repairs: list[str] = []
        seats: list[SeatSetup] = []
        for entry in _entries(data, "seats", MIN_SEATS, MAX_SEATS, repairs):
            seats.append(_read_seat(entry, seats, repairs))
        fountains = _entries(data, "fountains", len(RITUALS), len(RITUALS), repairs)
        setup = CastleSetup(seats, _read_fountains(fountains, repairs))
        setup._fill_in_seats()
        level, full_moon, start = (data.get(key) for key in ("level", "full_moon", "start_seat"))
        if isinstance(level, str) and level in available_levels():
            setup.level = level
        elif "level" in data:  # e.g. a garden that is gone: the rest of the setup still holds
            repairs.append(f"level {brief(level)}")
        hints = data.get("hints", True)  # a setup from before the option: hints on
        if isinstance(hints, bool):
            setup.hints = hints
        else:
            repairs.append(f"hints {brief(hints)}")
        if isinstance(full_moon, bool):
            setup.full_moon = full_moon
        elif "full_moon" in data:
            repairs.append(f"full_moon {brief(full_moon)}")
        if type(start) is int and 0 <= start < len(setup.seats):
            setup.start_seat = start
        elif start is not None:
            repairs.append(f"start_seat {brief(start)}")
        if repairs:
            log.warning("repaired the remembered Castle setup: %s", "; ".join(repairs))
        return setup

    def _fill_in_seats(self) -> None:
        """Gives the seats whose remembered figure or name could not be used (left empty) the
        default table's figure for their place when it is free (else the first free one) and
        a default name no other seat has."""
        defaults = CastleSetup.default().seats
        for index, seat in enumerate(self.seats):
            if not seat.figure:
                free = [figure for figure in FIGURES if self.owner_of(figure) is None]
                preferred = defaults[index].figure if index < len(defaults) else free[0]
                seat.figure = preferred if preferred in free else free[0]
        for index, seat in enumerate(self.seats):
            if not seat.name:
                taken = {other.name.strip().casefold() for other in self.seats}
                name = bot_name(seat.figure, seat.kind)
                usable = seat.is_bot and name.casefold() not in taken
                seat.name = name if usable else self._free_player_name(index)


def _entries(
    data: dict[str, Any], key: str, low: int, high: int, repairs: list[str]
) -> list[dict[str, Any]]:
    """The objects listed at data[key], at most `high`; anything else in the list counts as an
    empty object (every field its default), and empty objects fill the list up to `low`."""
    listed = data.get(key)
    if not isinstance(listed, list):
        if key in data:
            repairs.append(f"{key} {brief(listed)}")
        listed = []
    if len(listed) > high:
        repairs.append(f"{len(listed)} {key}, of which the first {high} are kept")
    entries = []
    for entry in listed[:high]:
        if not isinstance(entry, dict):
            repairs.append(f"{key[:-1]} {brief(entry)}")
            entry = {}
        entries.append(entry)
    return entries + [{} for _ in range(low - len(entries))]


def _read_seat(entry: dict[str, Any], earlier: list[SeatSetup], repairs: list[str]) -> SeatSetup:
    """The seat `entry` remembers, after the `earlier` ones. A wrong kind takes the default
    table's kind for this place; a figure or a name that is wrong or already taken is left
    empty for `_fill_in_seats`, once every usable one is known."""
    index = len(earlier)
    defaults = CastleSetup.default().seats
    where = f"seat {index + 1}"
    kind, name = entry.get("kind"), entry.get("name")
    figure, open_screen = entry.get("figure"), entry.get("open_screen", False)
    if not (isinstance(kind, str) and kind in KINDS):
        _note(repairs, where, "kind", entry)
        kind = defaults[index].kind if index < len(defaults) else "human"
    if not (isinstance(figure, str) and figure in FIGURES) or any(
        seat.figure == figure for seat in earlier
    ):
        _note(repairs, where, "figure", entry)
        figure = ""
    if not isinstance(open_screen, bool):
        _note(repairs, where, "open_screen", entry)
        open_screen = False
    name = name[:NAME_LENGTH] if isinstance(name, str) else ""
    # Control characters and lone surrogates cannot be drawn; two players need two names.
    if (
        not name.strip()
        or not name.isprintable()
        or any(_same_name(seat.name, name) for seat in earlier)
    ):
        _note(repairs, where, "name", entry)
        name = ""
    return SeatSetup(kind, name, figure, open_screen)


def _same_name(one: str, other: str) -> bool:
    return one.strip().casefold() == other.strip().casefold()


def _read_fountains(entries: list[dict[str, Any]], repairs: list[str]) -> list[FountainSetup]:
    """The fountains the entries remember. A ritual that is wrong or taken by an earlier
    fountain becomes this place's default ritual when it is free (else the first free one), so
    the fountains that were right keep theirs; a wrong side is white."""
    by_value = {ritual.value: ritual for ritual in RITUALS}
    rituals: list[Ritual | None] = []
    for index, entry in enumerate(entries):
        value = entry.get("ritual")
        ritual = by_value.get(value) if isinstance(value, str) else None
        if ritual is None or ritual in rituals:
            _note(repairs, f"fountain {index + 1}", "ritual", entry)
            ritual = None
        rituals.append(ritual)
    fountains = []
    for index, (entry, ritual) in enumerate(zip(entries, rituals, strict=True)):
        if ritual is None:
            free = [r for r in RITUALS if r not in rituals]
            ritual = RITUALS[index] if RITUALS[index] in free else free[0]
            rituals[index] = ritual
        side = entry.get("side", "white")
        if side not in ("white", "gold"):
            _note(repairs, f"fountain {index + 1}", "side", entry)
        fountains.append(FountainSetup(ritual, side == "gold"))
    return fountains


def _note(repairs: list[str], where: str, key: str, entry: dict[str, Any]) -> None:
    """Notes a field that takes its default (a missing one too, unless the entry is empty)."""
    if entry:
        repairs.append(f"{where} {key} {brief(entry.get(key))}")


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
    rules = CastleRules()
    played = play_game(rules, ["normal"] * seats, seed, CASTLE.bot)
    names = ("Ana", "Basil", "Cleo", "Dmitri")
    specs = tuple(
        SeatSpec(names[n], "human", None, look=FIGURES[n])
        if n == 0
        else SeatSpec(bot_name(FIGURES[n], "normal"), "bot", "normal", look=FIGURES[n])
        for n in range(seats)
    )
    return Match(rules, replace(played.record, seats=specs, moves=list(played.record.moves)))
