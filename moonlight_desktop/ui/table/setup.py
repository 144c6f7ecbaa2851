"""What a game's setup screen edits, without pygame: the seats (a human or a bot of some level,
a name, a look), the game's options as labelled choices, the seating order, who starts, and the
seed. One model for every game: each game describes its table with a `SetupSpec`, and the setup
shell shows it.

An option's choices may depend on the number of seats (Moonlight Market's automata: both for
one player, Dirk for two, none for five) and on how many of them are human (Samarkand's live
countdown needs at most one human at the screen); the chosen value stays one that is offered when
seats come and go and change hands. A choice may seat players who are no seats (Dirk and Beate,
who play inside the rules): `TableSetup.extras` lists them, after the seats. An option may be
on the table only from some number of seats on (Castle's fountains, one per player), options
of a group may hold distinct choices only (no ritual twice), and a human seat may set a flag
for itself (Castle's players who play without a screen), passed to the game as the list of the
seats that set it. The game may turn the setup's options into its rules' own (`to_rules`).

A game's words in its spec (labels, help lines, choices) are marked where written (`N_`) and
translated here, where the options panel's rows are made (`TableSetup.rows`).

Remembered setups are repaired field by field: a bad seat or option takes its default and the
rest is kept, so a damaged file never costs the players their names.
"""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from moonlight_desktop.engine import JsonDict, Match, OptionsError, Rules, SeatSpec
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.rng import Rng
from moonlight_desktop.i18n import N_, _, pgettext

log = logging.getLogger(__name__)

HUMAN = "human"
SETUP_VERSION = 1
SEED_DIGITS = 12
SEATING = "seating"
"""The key of the seating row (`TableSetup.rows`): False in the order listed, True random."""
STARTER = "starter"
"""The key of the who-starts row (`TableSetup.rows`): None or a seat's index."""
HINTS = "hints"
"""The row that turns hints on or off for the table (remembered with the setup; on when a
remembered setup has no such field)."""
SEAT_FLAG = "seat_flag"
"""The key of the row of the seats' flags (`SetupSpec.seat_flag`): one tick box per human."""
PLAYER_NAME = re.compile(r"Player \d+")
"""A human's default name, in English (a setup remembered in another language keeps it)."""
# Translators: a human seat's name until the player types one; {number} is the seat's place.
PLAYER_NUMBER = N_("Player {number}")
SEATING_SALT = 0x5EA7_1A60_5EED
"""Mixed into the seed for the seating draw, so it is not the game's own first draw."""


class SetupError(ValueError):
    """A setup the game cannot start from; the message is meant for the players."""


@dataclass(frozen=True, slots=True)
class Extra:
    """A player at the table who is no seat of the match: sits there by an option's choice and
    plays inside the rules, giving no commands (Moonlight Market's Dirk and Beate)."""

    look: str
    name: str
    note: str
    """One line on how they play."""


@dataclass(frozen=True, slots=True)
class Choice:
    value: Any
    label: str
    help: str = ""
    """A line about this choice, shown after the option's own help while it is chosen."""
    seats: frozenset[int] | None = None
    """The numbers of seats at which it is offered; None: at every number."""
    extras: tuple[Extra, ...] = ()
    """The players who are no seats that it sits at the table, after the seats."""
    when: Callable[[int, int], bool] | None = None
    """Whether it is offered at a table of (seats, humans): how many seats, how many of them
    human (Samarkand's live countdown: one human at the screen at most); None: whoever plays.
    Only a table of `seats` (above) is asked."""

    def offered_at(self, seats: int, humans: int | None = None) -> bool:
        """Offered at `seats` seats of which `humans` are human (None: by seats alone)."""
        return (self.seats is None or seats in self.seats) and (
            humans is None or self.when is None or self.when(seats, humans)
        )


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option on the setup screen: its label, a line of help, and its choices (the first
    offered at the table, by its number of seats and of humans, is the default there).

    Where `humans` is None the number of humans is not considered: a choice is taken as offered
    if its seats allow it."""

    key: str
    label: str
    help: str
    choices: tuple[Choice, ...]
    min_seats: int = 1
    """On the table (shown, and passed to the game) from this many seats on (Castle's third
    fountain: three players and more); below, its value waits for the seats to come back."""
    apart: str = ""
    """A group of options (the same name) that never hold the same choice, but for their
    first (a fountain's white side; Castle's rituals are four pieces): taking a choice that
    another holds hands that one this option's old choice, or, where that is the first, the
    first choice that no option of the group holds. "": no group."""
    note: Callable[[Any, dict[str, Any], int], str] | None = None
    """The line of the choice of a value at a table of these options and this many seats, in
    place of its own (Castle's white fountain: how many pebbles it draws in the chosen
    garden); "" or None: its own."""

    def choices_at(self, options: dict[str, Any], seats: int, humans: int) -> tuple[Choice, ...]:
        """The choices offered at this table as the options panel shows them: translated, each
        with its line for it (`note`, which says it in the language already)."""

        def shown(choice: Choice) -> Choice:
            noted = "" if self.note is None else self.note(choice.value, options, seats)
            return replace(choice, label=_(choice.label), help=noted or translated(choice.help))

        return tuple(shown(choice) for choice in self.offered(seats, humans))

    @property
    def default(self) -> Any:
        return self.choices[0].value

    def offered(self, seats: int, humans: int | None = None) -> tuple[Choice, ...]:
        """The choices offered at `seats` seats (`humans` of them human), in order."""
        return tuple(choice for choice in self.choices if choice.offered_at(seats, humans))

    def default_at(self, seats: int, humans: int | None = None) -> Any:
        offered = self.offered(seats, humans)
        return offered[0].value if offered else self.default

    def offers(self, value: Any, seats: int | None = None, humans: int | None = None) -> bool:
        """`value` is one of the choices (offered at `seats` seats with `humans` humans, unless
        `seats` is None), of the same type (JSON's 1 is not True)."""
        choices = self.choices if seats is None else self.offered(seats, humans)
        return any(same_value(choice.value, value) for choice in choices)

    def kept(self, value: Any, seats: int, humans: int | None = None) -> Any:
        """`value` when it is offered at `seats` seats with `humans` humans; else the offered
        choice nearest to it in the list (the earlier one of two as near): the table changed,
        the intent stays."""
        if self.offers(value, seats, humans):
            return value
        at = next((n for n, c in enumerate(self.choices) if same_value(c.value, value)), 0)
        nearest = sorted(
            (abs(n - at), n) for n, c in enumerate(self.choices) if c.offered_at(seats, humans)
        )
        return self.choices[nearest[0][1]].value if nearest else self.default

    def choice_of(self, value: Any) -> Choice | None:
        return next((c for c in self.choices if same_value(c.value, value)), None)

    def label_of(self, value: Any) -> str:
        return next((c.label for c in self.choices if c.value == value), str(value))


@dataclass(frozen=True, slots=True)
class StartSpec:
    """Who starts: as the rules say (`default_label`), or a seat the players choose.

    With `option`, the game has an option naming the first seat (an int, or None for the
    rules' own way) and the choice is passed there. Without, the rules start with seat 0 and
    the chosen player is seated first, the others following in their order."""

    help: str
    default_label: str = N_("As the rules say")
    option: str | None = None
    label: str = N_("Who starts")


LEVEL_NOTES: dict[str, str] = {
    "easy": N_("plays simply and makes mistakes, for a first game"),
    "normal": N_("plays a sound game"),
    "hard": N_("searches ahead, up to the time Settings give it (1.5 s at most)"),
}
"""What each bot level is like, for the setup's hints."""
LEVEL_NAMES: dict[str, str] = {
    # Translators: a bot's level, as a label (the setup's choices, "A Normal bot plays...").
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
}


@dataclass(frozen=True, slots=True)
class SeatFlag:
    """A yes or no that each human seat sets for itself, passed to the game as the option `key`:
    the list of the seats (as they sit) that set it (Castle's players who play without a
    screen). Bots never set it. `{name}` in the hints is the seat's name."""

    key: str
    label: str
    help: str
    set_hint: str
    """The hint on the tick box of a seat that has not set it (`{name}`)."""
    unset_hint: str
    """The hint on the tick box of a seat that has set it (`{name}`)."""
    after: str = ""
    """Shown after the option of this key ("": after the game's options)."""
    moot: tuple[str, Any] | None = None
    """(an option's key, a value) at which the flag means nothing (under Castle's Full Moon
    every screen is open): neither shown nor passed then."""
    moot_line: str = ""
    """What the row says while the flag is moot."""


def level_note(kind: str) -> str:
    """ ": plays a sound game" for a bot level, or "" (a human, a level without a note)."""
    note = LEVEL_NOTES.get(kind)
    # Translators: what a bot level is like, after its name ("Normal: plays a sound game").
    return _(": {note}").format(note=_(note)) if note else ""


def level_name(kind: str) -> str:
    """A bot level's name in the language ("Normal"), or the level as stored if it has none."""
    name = LEVEL_NAMES.get(kind)
    return _(name) if name else kind.title()


@dataclass(frozen=True, slots=True)
class SetupSpec:
    """How a game's table is set: seat range, bot levels, the looks a seat may take (one per
    seat at least), the options, and whether the seating may be random and who starts may be
    chosen."""

    game_id: str
    min_seats: int
    max_seats: int
    default_seats: int
    looks: tuple[str, ...]
    look_titles: tuple[str, ...]
    options: tuple[OptionSpec, ...] = ()
    levels: tuple[str, ...] = ("easy", "normal", "hard")
    name_length: int = 18
    random_seating: bool = False
    """Offer seating the players in a random order (shuffled at the start by the seed)."""
    start: StartSpec | None = None
    seat_flag: SeatFlag | None = None
    new_seats_human: bool = False
    """A seat added is a human's (else a bot's, of the default level)."""
    options_title: str = N_("Options")
    """The heading of the options panel."""
    to_rules: Callable[[dict[str, Any], int], dict[str, Any]] | None = None
    """The rules' options from the setup's, at a table of so many seats (Castle's fountains as
    one list); None: the setup's as they are."""
    earlier: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    """A setup remembered in the game's earlier form, in the shell's (None: there is none);
    what it cannot read is left for `TableSetup.restore` to repair."""

    def __post_init__(self) -> None:
        """A spec the setup can always start from, or ValueError naming the fault."""
        seats = range(self.min_seats, self.max_seats + 1)
        problems = []
        if not 1 <= self.min_seats <= self.default_seats <= self.max_seats:
            problems.append("seats: 1 <= min_seats <= default_seats <= max_seats")
        if len(self.looks) != len(self.look_titles) or len(set(self.looks)) < self.max_seats:
            problems.append("a title for each look, and a distinct look for every seat")
        if not self.levels:
            problems.append("bots need a level")
        keys = [option.key for option in self.options]
        if self.seat_flag is not None:
            keys.append(self.seat_flag.key)
        if self.start is not None and self.start.option is not None:
            keys.append(self.start.option)
        if len(set(keys)) != len(keys):
            problems.append("every option its own key")
        for option in self.options:
            for n in seats:
                if not option.offered(n):
                    problems.append(f"option {option.key} offers nothing at {n} seats")
                    continue
                problems += [
                    f"option {option.key} offers nothing at {n} seats with {humans} human"
                    + ("" if humans == 1 else "s")
                    for humans in range(n + 1)
                    if not option.offered(n, humans)
                ]
        if problems:
            raise ValueError(f"setup of {self.game_id}: " + "; ".join(problems))

    @property
    def kinds(self) -> tuple[str, ...]:
        return (HUMAN, *self.levels)

    @property
    def default_level(self) -> str:
        """A new bot seat's level: Normal where there is one (Hard is chosen, not met)."""
        return "normal" if "normal" in self.levels else self.levels[-1]

    def option(self, key: str) -> OptionSpec | None:
        return next((option for option in self.options if option.key == key), None)

    def title_of(self, look: str) -> str:
        return self.look_titles[self.looks.index(look)]

    def most_at_table(self) -> int:
        """The most players, seats and others, that a table of this game may show."""
        return max(
            n + sum(max(len(c.extras) for c in option.offered(n)) for option in self.options)
            for n in range(self.min_seats, self.max_seats + 1)
        )


@dataclass(frozen=True, slots=True)
class OptionRow:
    """One row of the options as the setup shows it: a game option, the seating or who
    starts, with the choices offered now and the chosen value."""

    key: str
    label: str
    help: str
    choices: tuple[Choice, ...]
    value: Any

    @property
    def fixed(self) -> bool:
        """Nothing else to choose at this table (e.g. Dirk and Beate in the solo game)."""
        return len(self.choices) < 2

    @property
    def chosen(self) -> Choice | None:
        return next((c for c in self.choices if same_value(c.value, self.value)), None)

    def help_line(self) -> str:
        """The option's help, then the chosen choice's own line."""
        return self.help_for(self.value)

    def help_for(self, value: Any) -> str:
        """The option's help, then the line of the choice of `value`."""
        choice = next((c for c in self.choices if same_value(c.value, value)), None)
        return " ".join(part for part in (self.help, choice.help if choice else "") if part)


@dataclass(slots=True)
class SeatChoice:
    kind: str
    """HUMAN, or a bot level."""
    name: str
    look: str
    flagged: bool = False
    """Set the game's seat flag (`SetupSpec.seat_flag`); a bot's counts for nothing."""

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


@dataclass(slots=True)
class TableSetup:
    spec: SetupSpec
    seats: list[SeatChoice] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    seed_text: str = ""
    random_seating: bool = False
    starter: int | None = None
    """Who starts: None as the rules say, else the index of a seat in `seats`."""
    hints: bool = True
    """Players may ask for an explained hint at this table."""

    @staticmethod
    def default(spec: SetupSpec) -> TableSetup:
        """One human and bots for the other seats of the default table."""
        setup = TableSetup(spec)
        for index in range(spec.default_seats):
            kind = HUMAN if index == 0 else spec.default_level
            setup.seats.append(SeatChoice(kind, "", spec.looks[index]))
            setup.seats[-1].name = setup._default_name(index)
        setup.options = setup._default_options()
        return setup

    def _default_options(self) -> dict[str, Any]:
        seats, humans = len(self.seats), self.humans()
        return {option.key: option.default_at(seats, humans) for option in self.spec.options}

    def humans(self) -> int:
        """How many seats humans take."""
        return sum(not seat.is_bot for seat in self.seats)

    # Seats ---------------------------------------------------------------------------------

    def can_add_seat(self) -> bool:
        return len(self.seats) < self.spec.max_seats

    def can_remove_seat(self) -> bool:
        return len(self.seats) > self.spec.min_seats

    def add_seat(self) -> None:
        if self.can_add_seat():
            look = next(look for look in self.spec.looks if self.owner_of(look) is None)
            kind = HUMAN if self.spec.new_seats_human else self.spec.default_level
            self.seats.append(SeatChoice(kind, "", look))
            self.seats[-1].name = self._default_name(len(self.seats) - 1)
            self._fit_options()

    def remove_seat(self, index: int) -> None:
        if self.can_remove_seat() and 0 <= index < len(self.seats):
            del self.seats[index]
            if self.starter == index:
                self.starter = None
            elif self.starter is not None and self.starter > index:
                self.starter -= 1  # the same player still starts
            self._fit_options()

    def _fit_options(self) -> None:
        """Keeps every option at a value offered for the seats there are now, and the humans
        among them."""
        seats, humans = len(self.seats), self.humans()
        for option in self.spec.options:
            value = self.options.get(option.key, option.default)
            self.options[option.key] = option.kept(value, seats, humans)

    def set_kind(self, index: int, kind: str) -> None:
        """A human or a bot level; the options follow (a choice offered only with one human at
        the screen gives way to the nearest one offered)."""
        if kind in self.spec.kinds:
            seat = self.seats[index]
            renamed = self.is_default_name(index)
            seat.kind = kind
            if renamed:
                seat.name = self._default_name(index)
            self._fit_options()

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
        """A name the setup chose (so it may change it when the seat changes)."""
        name = self.seats[index].name.strip()
        numbered = PLAYER_NAME.fullmatch(name) or _player_name_pattern().fullmatch(name)
        return not name or bool(numbered) or name in self._bot_names()

    def _default_name(self, index: int) -> str:
        """A bot's "Fox (normal)"; a human's "Player 3" after its place, or the first such
        name that no other seat has."""
        seat = self.seats[index]
        if seat.is_bot:
            return self._bot_name(self.spec.title_of(seat.look), seat.kind)
        return self._free_player_name(index)

    def _free_player_name(self, index: int) -> str:
        """ "Player 3" for the third seat, or the first such name that no other seat has."""
        seat = self.seats[index]
        taken = {other.name.strip().casefold() for other in self.seats if other is not seat}
        numbers = (index, *range(len(self.seats) + 1))
        return next(
            self._human_name(n) for n in numbers if self._human_name(n).casefold() not in taken
        )

    @staticmethod
    def _human_name(index: int) -> str:
        return _(PLAYER_NUMBER).format(number=index + 1)

    @staticmethod
    def _bot_name(title: str, kind: str) -> str:
        """A bot's name after its look and level, in the language: "Fox (normal)"."""
        # Translators: a bot's name: its look ("Fox") and its level, in lower case ("normal").
        return _("{look} ({level})").format(look=_(title), level=level_name(kind).lower())

    def _bot_names(self) -> set[str]:
        """The names a bot is given (in the language now, or in English or another language
        as an earlier setup gave them, lower-case levels included)."""
        return {
            name
            for title in self.spec.look_titles
            for level in self.spec.levels
            for name in (f"{title} ({level})", self._bot_name(title, level))
        }

    def copy(self) -> TableSetup:
        """An independent copy (the spec shared), e.g. to try an edit out."""
        return TableSetup(
            self.spec,
            [replace(seat) for seat in self.seats],
            dict(self.options),
            self.seed_text,
            self.random_seating,
            self.starter,
            self.hints,
        )

    def option_changes(self, edit: Callable[[TableSetup], object]) -> list[tuple[str, str]]:
        """What `edit` would do to the game's options, tried on a copy: (the option's label,
        the label of the choice it would take) for each option it would change (a second human
        at Samarkand's table makes the countdown sealed)."""
        trial = self.copy()
        edit(trial)
        return [
            (option.label, option.label_of(trial.options[option.key]))
            for option in self.spec.options
            if not same_value(trial.options.get(option.key), self.options.get(option.key))
        ]

    def shown_name(self, index: int) -> str:
        """The seat's name, or what it is called while its name is blank."""
        return self.seats[index].name.strip() or self._human_name(index)

    # Options, seating, who starts, seed ------------------------------------------------------

    def set_option(self, key: str, value: Any) -> None:
        """Takes `value` if the option offers it for the seats there are (and their humans);
        an option of its group that held it takes this one's old choice (`OptionSpec.apart`)."""
        option = self.spec.option(key)
        if option is None or not option.offers(value, len(self.seats), self.humans()):
            return
        old = self.options.get(key, option.default)
        self.options[key] = value
        if not option.apart or same_value(value, option.default):
            return
        for other in self.spec.options:
            held = same_value(self.options.get(other.key), value)
            if other is not option and other.apart == option.apart and held:
                self.options[other.key] = (
                    old if not same_value(old, other.default) else self._free_in(other)
                )

    def _free_in(self, option: OptionSpec) -> Any:
        """The first choice of `option` but its first that no option of its group holds (its
        first when every one is held)."""
        held = [self.options.get(o.key) for o in self.spec.options if o.apart == option.apart]
        return next(
            (
                choice.value
                for choice in option.choices[1:]
                if not any(same_value(choice.value, value) for value in held)
            ),
            option.default,
        )

    def _held_apart(self, option: OptionSpec, value: Any) -> bool:
        """Another option of `option`'s group holds `value`, which is not its first choice."""
        return (
            bool(option.apart)
            and not same_value(value, option.default)
            and any(
                other is not option
                and other.apart == option.apart
                and same_value(self.options.get(other.key), value)
                for other in self.spec.options
            )
        )

    def set_flag(self, index: int, flagged: bool) -> None:
        """Seat `index` sets the seat flag, or no longer does (a human's only)."""
        if self.spec.seat_flag is not None and 0 <= index < len(self.seats):
            self.seats[index].flagged = flagged and not self.seats[index].is_bot

    def flag_is_moot(self) -> bool:
        flag = self.spec.seat_flag
        return flag is None or (
            flag.moot is not None and same_value(self.options.get(flag.moot[0]), flag.moot[1])
        )

    def on_table(self, option: OptionSpec) -> bool:
        """The option is on the table at this number of seats (`OptionSpec.min_seats`)."""
        return len(self.seats) >= option.min_seats

    def set_random_seating(self, value: Any) -> None:
        if self.spec.random_seating and isinstance(value, bool):
            self.random_seating = value

    def set_starter(self, value: Any) -> None:
        """None (as the rules say) or a seat's index."""
        if self.spec.start is not None and (value is None or _is_index(value, len(self.seats))):
            self.starter = value

    def choose(self, key: str, value: Any) -> None:
        """Sets the row `key` of `rows()` to `value` (ignored unless offered)."""
        if key == SEATING:
            self.set_random_seating(value)
        elif key == STARTER:
            self.set_starter(value)
        elif key == HINTS:
            if isinstance(value, bool):
                self.hints = value
        else:
            self.set_option(key, value)

    def extras(self) -> tuple[Extra, ...]:
        """The players who are no seats that the chosen options sit at the table, in order
        (they sit after the seats)."""
        found: list[Extra] = []
        for option in self.spec.options:
            choice = option.choice_of(self.options.get(option.key))
            if choice is not None:
                found += choice.extras
        return tuple(found)

    def rows(self) -> tuple[OptionRow, ...]:
        """What the options panel shows: the game's options, then the seating and who starts
        when the game offers them (and there are players to order), each with the choices
        offered for the table as it is (its seats, and who of them is human)."""
        humans = self.humans()
        rows = [
            OptionRow(
                option.key,
                _(option.label),
                translated(option.help),
                option.choices_at(self.options, len(self.seats), humans),
                self.options[option.key],
            )
            for option in self.spec.options
            if self.on_table(option)
        ]
        flag = self.spec.seat_flag
        if flag is not None:
            after = [row.key for row in rows].index(flag.after) + 1 if flag.after else len(rows)
            rows.insert(after, self._flag_row(flag))
        if len(self.seats) < 2:  # one player: nobody to seat or start but them
            return (*rows, self._hints_row())
        if self.spec.random_seating:
            rows.append(
                OptionRow(
                    SEATING,
                    _("Seating"),
                    _("Who sits where around the table."),
                    (
                        Choice(False, _("As listed"), _("In the order listed, from the top.")),
                        Choice(True, _("Random"), _("In an order the seed draws at the start.")),
                    ),
                    self.random_seating,
                )
            )
        start = self.spec.start
        if start is not None:
            players = tuple(Choice(n, self.shown_name(n)) for n in range(len(self.seats)))
            rows.append(
                OptionRow(
                    STARTER,
                    _(start.label),
                    translated(start.help),
                    (Choice(None, _(start.default_label)), *players),
                    self.starter,
                )
            )
        return (*rows, self._hints_row())

    def _flag_row(self, flag: SeatFlag) -> OptionRow:
        """The seat flag's row: a choice per human seat (its index, its name), the value the
        indices of those that set it; no choice while it is moot."""
        moot = self.flag_is_moot()
        humans = () if moot else tuple(n for n, seat in enumerate(self.seats) if not seat.is_bot)
        return OptionRow(
            SEAT_FLAG,
            _(flag.label),
            translated(flag.moot_line if moot else flag.help),
            tuple(Choice(n, self.shown_name(n)) for n in humans),
            tuple(n for n in humans if self.seats[n].flagged),
        )

    def _hints_row(self) -> OptionRow:
        return OptionRow(
            HINTS,
            _("Hints"),
            _("Whether players may ask which move a Normal bot would make, and why (H)."),
            (
                # Translators: hints at this table are on (a choice of the setup).
                Choice(
                    True, pgettext("hints", "On"), _("The hint button and H show a suggested move.")
                ),
                Choice(False, pgettext("hints", "Off"), _("No hints at this table.")),
            ),
            self.hints,
        )

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
        for number, name in enumerate(names, start=1):
            if not name:
                # Translators: {number} is the seat's place in the setup's list.
                return _("Player {number} needs a name.").format(number=number)
            if any(_same_name(name, other) for other in names[: number - 1]):
                return _("Two players are called “{name}”: give each their own name.").format(
                    name=name
                )
        taken = {name.casefold() for name in names}
        for extra in self.extras():
            if extra.name.casefold() in taken:
                # Translators: {name} is a player the rules seat (Dirk, Beate).
                return _("{name} plays at this table: choose another name.").format(name=extra.name)
        return None

    def seating(self, seed: int) -> list[int]:
        """The seats' indices in the order they sit for a game of `seed`: as listed, or
        shuffled by the seed; then, if the start is chosen by seating, the chosen player
        first and the others after in their order."""
        order = list(range(len(self.seats)))
        if self.random_seating:
            Rng(seed ^ SEATING_SALT).shuffle(order)
        start = self.spec.start
        if self.starter is not None and start is not None and start.option is None:
            first = order.index(self.starter)
            order = order[first:] + order[:first]
        return order

    def seat_specs(self, order: list[int] | None = None) -> list[SeatSpec]:
        seats = self.seats if order is None else [self.seats[n] for n in order]
        return [
            SeatSpec(seat.name.strip(), "human", None, seat.look)
            if not seat.is_bot
            else SeatSpec(seat.name.strip(), "bot", seat.kind, seat.look)
            for seat in seats
        ]

    def match_options(self, order: list[int]) -> dict[str, Any]:
        """The options for the match: those on the table, who starts where the game takes it
        as an option (the chosen player's seat after `order`) and the seats that set the seat
        flag (after `order`), as the game's rules take them (`SetupSpec.to_rules`)."""
        spec = self.spec
        options = {o.key: self.options[o.key] for o in spec.options if self.on_table(o)}
        if spec.start is not None and spec.start.option is not None:
            options[spec.start.option] = None if self.starter is None else order.index(self.starter)
        if spec.seat_flag is not None:
            options[spec.seat_flag.key] = (
                []
                if self.flag_is_moot()
                else [
                    place
                    for place, n in enumerate(order)
                    if self.seats[n].flagged and not self.seats[n].is_bot
                ]
            )
        return options if spec.to_rules is None else spec.to_rules(options, len(self.seats))

    def to_match(self, rules: Rules[Any], seed: int | None = None) -> Match[Any]:
        """The game this setup shows; the record holds the seats as they sit (so a random
        seating replays)."""
        problem = self.problem()
        if problem is not None:
            raise SetupError(problem)
        chosen = self.seed() if seed is None else seed
        order = self.seating(chosen)
        try:
            return Match.new(rules, self.seat_specs(order), chosen, self.match_options(order))
        except OptionsError as error:
            raise SetupError(str(error)) from None

    # Remembering -----------------------------------------------------------------------------

    def to_json(self) -> JsonDict:
        flag = self.spec.seat_flag is not None
        data: JsonDict = {
            "version": SETUP_VERSION,
            "seats": [
                {"kind": s.kind, "name": s.name, "look": s.look}
                | ({"flagged": s.flagged} if flag else {})
                for s in self.seats
            ],
            "options": dict(self.options),
        }
        if self.spec.random_seating:
            data["random_seating"] = self.random_seating
        if self.spec.start is not None:
            data["starter"] = self.starter
        data["hints"] = self.hints
        return data

    @staticmethod
    def restore(spec: SetupSpec, data: Any) -> TableSetup:
        """A remembered setup, repaired field by field (logged); the default one when there is
        none. The result can always start a game."""
        setup = TableSetup.default(spec)
        if data is None:
            return setup
        if spec.earlier is not None and isinstance(data, dict) and "options" not in data:
            data = spec.earlier(data)
        if not isinstance(data, dict) or data.get("version") != SETUP_VERSION:
            log.warning("ignoring a remembered %s setup of another version", spec.game_id)
            return setup
        repairs: list[str] = []
        seats = data.get("seats")
        if isinstance(seats, list) and spec.min_seats <= len(seats) <= spec.max_seats:
            setup.seats = [SeatChoice(HUMAN, "", "") for _ in seats]
            for index, entry in enumerate(seats):
                _restore_seat(setup, index, entry, repairs)
            _fill_in_seats(setup)
            setup.options = setup._default_options()
        elif "seats" in data:
            repairs.append(f"seats {brief(seats)}")
        options = data.get("options")
        options = options if isinstance(options, dict) else {}
        humans = setup.humans()
        for option in spec.options:
            if option.key in options:
                value = options[option.key]
                if option.offers(value, len(setup.seats), humans) and not setup._held_apart(
                    option, value
                ):
                    setup.options[option.key] = value
                else:
                    repairs.append(f"option {option.key} {brief(value)}")

        _restore_seating(setup, data, repairs)
        hints = data.get("hints", True)
        if isinstance(hints, bool):
            setup.hints = hints
        else:
            repairs.append(f"hints {brief(hints)}")
        _rename_clashes(setup, repairs)
        if repairs:
            log.warning("repaired the remembered %s setup: %s", spec.game_id, "; ".join(repairs))
        return setup


def _restore_seat(setup: TableSetup, index: int, entry: Any, repairs: list[str]) -> None:
    """Seat `index` as remembered: a wrong kind takes the default table's; a look or a name
    that is wrong or taken by an earlier seat is left blank for `_fill_in_seats`, once every
    usable one is known (so a bad seat never costs a later one its look)."""
    spec, seat = setup.spec, setup.seats[index]
    entry = entry if isinstance(entry, dict) else {}
    kind, name, look = entry.get("kind"), entry.get("name"), entry.get("look")
    if isinstance(kind, str) and kind in spec.kinds:
        seat.kind = kind
    else:  # the default table's: a human first, bots after
        seat.kind = HUMAN if index == 0 else spec.default_level
    taken = {other.look for other in setup.seats[:index]}
    if isinstance(look, str) and look in spec.looks and look not in taken:
        seat.look = look
    else:
        repairs.append(f"seat {index + 1} look {brief(look)}")
    if is_name(name, spec.name_length) and not any(
        _same_name(name, other.name) for other in setup.seats[:index]
    ):
        seat.name = name
    else:
        repairs.append(f"seat {index + 1} name {brief(name)}")
    flagged = entry.get("flagged", False)
    if spec.seat_flag is not None and isinstance(flagged, bool):
        seat.flagged = flagged and not seat.is_bot
    elif spec.seat_flag is not None:
        repairs.append(f"seat {index + 1} flagged {brief(flagged)}")


def _fill_in_seats(setup: TableSetup) -> None:
    """Gives the seats left without a look the default table's look for their place when it
    is free (else the first free one), then those left without a name their default name, or
    a player's name that no seat has where another seat has that one."""
    looks = setup.spec.looks
    for index, seat in enumerate(setup.seats):
        if not seat.look:
            free = [look for look in looks if setup.owner_of(look) is None]
            seat.look = looks[index] if looks[index] in free else free[0]
    for index, seat in enumerate(setup.seats):
        if not seat.name:
            name = setup._default_name(index)
            clash = any(_same_name(name, other.name) for other in setup.seats)
            seat.name = setup._free_player_name(index) if clash else name


def _restore_seating(setup: TableSetup, data: dict[Any, Any], repairs: list[str]) -> None:
    """The random seating and who starts, as remembered when they are offered and make sense
    at this table; else as by default."""
    if setup.spec.random_seating and "random_seating" in data:
        if isinstance(data["random_seating"], bool):
            setup.random_seating = data["random_seating"]
        else:
            repairs.append(f"random_seating {brief(data['random_seating'])}")
    if setup.spec.start is not None and "starter" in data:
        starter = data["starter"]
        if starter is None or _is_index(starter, len(setup.seats)):
            setup.starter = starter
        else:
            repairs.append(f"starter {brief(starter)}")


def _rename_clashes(setup: TableSetup, repairs: list[str]) -> None:
    """A seat named like a player who is no seat (a remembered "Dirk" beside Dirk) takes
    its default name."""
    others = {extra.name.casefold() for extra in setup.extras()}
    for index, seat in enumerate(setup.seats):
        if seat.name.strip().casefold() in others:
            repairs.append(f"seat {index + 1} name {brief(seat.name)}")
            seat.name = setup._default_name(index)


def translated(text: str) -> str:
    """A game's marked words in the language in use; "" stays "" (gettext would give its
    catalogue's header for it)."""
    return _(text) if text else ""


def _player_name_pattern() -> re.Pattern[str]:
    """A human's default name in the language in use ("Spieler 3")."""
    before, _number, after = _(PLAYER_NUMBER).partition("{number}")
    return re.compile(rf"{re.escape(before)}\d+{re.escape(after)}")


def _same_name(one: str, other: str) -> bool:
    return one.strip().casefold() == other.strip().casefold()


def same_value(a: Any, b: Any) -> bool:
    """Equal and of the same type (JSON's 1 is not True)."""
    return type(a) is type(b) and a == b


def _is_index(value: Any, count: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < count


def is_name(value: Any, limit: int) -> TypeGuard[str]:
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
