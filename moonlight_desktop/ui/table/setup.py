"""What a game's setup screen edits, without pygame: the seats (a human or a bot of some level,
a name, a look), the game's options as labelled choices, and the seed. One model for every
game: each game describes its table with a `SetupSpec`, and the setup shell shows it.

Remembered setups are repaired field by field: a bad seat or option takes its default and the
rest is kept, so a damaged file never costs the players their names.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from moonlight_desktop.engine import JsonDict, Match, OptionsError, Rules, SeatSpec
from moonlight_desktop.engine.errors import brief

log = logging.getLogger(__name__)

HUMAN = "human"
SETUP_VERSION = 1
SEED_DIGITS = 12


class SetupError(ValueError):
    """A setup the game cannot start from; the message is meant for the players."""


@dataclass(frozen=True, slots=True)
class Choice:
    value: Any
    label: str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option on the setup screen: its label, a line of help, and its choices (the first
    is the default)."""

    key: str
    label: str
    help: str
    choices: tuple[Choice, ...]

    @property
    def default(self) -> Any:
        return self.choices[0].value

    def offers(self, value: Any) -> bool:
        """`value` is one of the choices, of the same type (JSON's 1 is not True)."""
        return any(type(c.value) is type(value) and c.value == value for c in self.choices)

    def label_of(self, value: Any) -> str:
        return next((c.label for c in self.choices if c.value == value), str(value))


@dataclass(frozen=True, slots=True)
class SetupSpec:
    """How a game's table is set: seat range, bot levels, the looks a seat may take (one per
    seat at least) and the options."""

    game_id: str
    min_seats: int
    max_seats: int
    default_seats: int
    looks: tuple[str, ...]
    look_titles: tuple[str, ...]
    options: tuple[OptionSpec, ...] = ()
    levels: tuple[str, ...] = ("easy", "normal")
    name_length: int = 18

    @property
    def kinds(self) -> tuple[str, ...]:
        return (HUMAN, *self.levels)

    def title_of(self, look: str) -> str:
        return self.look_titles[self.looks.index(look)]


@dataclass(slots=True)
class SeatChoice:
    kind: str
    """HUMAN, or a bot level."""
    name: str
    look: str

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass(slots=True)
class TableSetup:
    spec: SetupSpec
    seats: list[SeatChoice] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    seed_text: str = ""

    @staticmethod
    def default(spec: SetupSpec) -> TableSetup:
        """One human and bots for the other seats of the default table."""
        setup = TableSetup(spec, options={option.key: option.default for option in spec.options})
        for index in range(spec.default_seats):
            kind = HUMAN if index == 0 else spec.levels[-1]
            setup.seats.append(SeatChoice(kind, "", spec.looks[index]))
            setup.seats[-1].name = setup._default_name(index)
        return setup

    # Seats ---------------------------------------------------------------------------------

    def can_add_seat(self) -> bool:
        return len(self.seats) < self.spec.max_seats

    def can_remove_seat(self) -> bool:
        return len(self.seats) > self.spec.min_seats

    def add_seat(self) -> None:
        if self.can_add_seat():
            look = next(look for look in self.spec.looks if self.owner_of(look) is None)
            self.seats.append(SeatChoice(self.spec.levels[-1], "", look))
            self.seats[-1].name = self._default_name(len(self.seats) - 1)

    def remove_seat(self, index: int) -> None:
        if self.can_remove_seat() and 0 <= index < len(self.seats):
            del self.seats[index]

    def set_kind(self, index: int, kind: str) -> None:
        if kind in self.spec.kinds:
            seat = self.seats[index]
            renamed = self.is_default_name(index)
            seat.kind = kind
            if renamed:
                seat.name = self._default_name(index)

    def set_name(self, index: int, name: str) -> None:
        """Takes the name as typed, up to the visible limit (the field stops there)."""
        self.seats[index].name = name[: self.spec.name_length]

    def set_look(self, index: int, look: str) -> None:
        """Takes `look`; a seat that had it swaps to this seat's old look. Default names
        follow their seat's new look."""
        if look not in self.spec.looks:
            return
        owner = self.owner_of(look)
        swapped = [n for n in (index, owner) if n is not None]
        renamed = [n for n in swapped if self.is_default_name(n)]
        if owner is not None and owner != index:
            self.seats[owner].look = self.seats[index].look
        self.seats[index].look = look
        for n in renamed:
            self.seats[n].name = self._default_name(n)

    def owner_of(self, look: str) -> int | None:
        return next((n for n, seat in enumerate(self.seats) if seat.look == look), None)

    def is_default_name(self, index: int) -> bool:
        name = self.seats[index].name.strip()
        return not name or name in {self._human_name(index), *self._bot_names()}

    def _default_name(self, index: int) -> str:
        seat = self.seats[index]
        if seat.is_bot:
            return f"{self.spec.title_of(seat.look)} ({seat.kind})"
        return self._human_name(index)

    @staticmethod
    def _human_name(index: int) -> str:
        return f"Player {index + 1}"

    def _bot_names(self) -> set[str]:
        return {
            f"{title} ({level})" for title in self.spec.look_titles for level in self.spec.levels
        }

    # Options and seed ------------------------------------------------------------------------

    def set_option(self, key: str, value: Any) -> None:
        option = next((o for o in self.spec.options if o.key == key), None)
        if option is not None and option.offers(value):
            self.options[key] = value

    def set_seed_text(self, text: str) -> str:
        """Keeps digits only, at most SEED_DIGITS of them; returns what was kept."""
        self.seed_text = "".join(char for char in text if char.isdigit())[:SEED_DIGITS]
        return self.seed_text

    def seed(self) -> int:
        return int(self.seed_text) if self.seed_text else random_seed()

    # Starting --------------------------------------------------------------------------------

    def problem(self) -> str | None:
        """What stops the game from starting, in words for the players (None: nothing)."""
        names = [seat.name.strip() for seat in self.seats]
        if any(not name for name in names):
            return "Every player needs a name."
        if len({name.casefold() for name in names}) != len(names):
            return "Two players have the same name."
        return None

    def seat_specs(self) -> list[SeatSpec]:
        return [
            SeatSpec(seat.name.strip(), "human", None, seat.look)
            if not seat.is_bot
            else SeatSpec(seat.name.strip(), "bot", seat.kind, seat.look)
            for seat in self.seats
        ]

    def to_match(self, rules: Rules[Any], seed: int | None = None) -> Match[Any]:
        problem = self.problem()
        if problem is not None:
            raise SetupError(problem)
        try:
            chosen = self.seed() if seed is None else seed
            return Match.new(rules, self.seat_specs(), chosen, dict(self.options))
        except OptionsError as error:
            raise SetupError(str(error)) from None

    # Remembering -----------------------------------------------------------------------------

    def to_json(self) -> JsonDict:
        return {
            "version": SETUP_VERSION,
            "seats": [{"kind": s.kind, "name": s.name, "look": s.look} for s in self.seats],
            "options": dict(self.options),
        }

    @staticmethod
    def restore(spec: SetupSpec, data: Any) -> TableSetup:
        """A remembered setup, repaired field by field (logged); the default one when there is
        none. The result can always start a game."""
        setup = TableSetup.default(spec)
        if data is None:
            return setup
        if not isinstance(data, dict) or data.get("version") != SETUP_VERSION:
            log.warning("ignoring a remembered %s setup of another version", spec.game_id)
            return setup
        repairs: list[str] = []
        seats = data.get("seats")
        if isinstance(seats, list) and spec.min_seats <= len(seats) <= spec.max_seats:
            setup.seats = [SeatChoice(HUMAN, "", "") for _ in seats]
            for index, entry in enumerate(seats):
                _restore_seat(setup, index, entry, repairs)
        elif "seats" in data:
            repairs.append(f"seats {brief(seats)}")
        options = data.get("options")
        options = options if isinstance(options, dict) else {}
        for option in spec.options:
            if option.key in options:
                if option.offers(options[option.key]):
                    setup.options[option.key] = options[option.key]
                else:
                    repairs.append(f"option {option.key} {brief(options[option.key])}")
        if repairs:
            log.warning("repaired the remembered %s setup: %s", spec.game_id, "; ".join(repairs))
        return setup


def _restore_seat(setup: TableSetup, index: int, entry: Any, repairs: list[str]) -> None:
    """Seat `index` as remembered: a wrong kind takes the default table's, a look that is
    wrong or taken the first free one, a name that is wrong or taken the default name."""
    spec, seat = setup.spec, setup.seats[index]
    entry = entry if isinstance(entry, dict) else {}
    kind, name, look = entry.get("kind"), entry.get("name"), entry.get("look")
    seat.kind = kind if isinstance(kind, str) and kind in spec.kinds else spec.levels[-1]
    taken = {other.look for other in setup.seats[:index]}
    if isinstance(look, str) and look in spec.looks and look not in taken:
        seat.look = look
    else:
        seat.look = next(free for free in spec.looks if free not in taken)
        repairs.append(f"seat {index + 1} look {brief(look)}")
    names = {other.name.casefold() for other in setup.seats[:index]}
    if _is_name(name, spec.name_length) and name.casefold() not in names:
        seat.name = name
    else:
        seat.name = setup._default_name(index)
        repairs.append(f"seat {index + 1} name {brief(name)}")


def _is_name(value: Any, limit: int) -> TypeGuard[str]:
    """A name that can be shown: printable (pygame cannot draw NUL or a lone surrogate), not
    blank, within the field's limit."""
    return (
        isinstance(value, str)
        and bool(value.strip())
        and value.isprintable()
        and (len(value) <= limit)
    )


def random_seed() -> int:
    return random.SystemRandom().randrange(10**SEED_DIGITS)
