"""Moonlight Castle's table for the setup shell: two to four players, each a human or a bot
playing one of the four figures; the garden, the Full Moon, one Ritual Fountain per player
(its white side, or its gold side with one of the four rituals: each is a piece of its own, so
no ritual twice), who starts, and which humans play without a screen (no pygame).

Castle once had a setup screen of its own; a setup it remembered (figures, fountains as one
list, `start_seat`, `open_screen` per seat) is read in the shell's form (`earlier_setup`).
"""

from __future__ import annotations

import logging
from typing import Any

from moonlight_desktop.i18n import N_, ngettext
from moonlight_desktop.ui.table.setup import Choice, OptionSpec, SeatFlag, SetupSpec, StartSpec

from ..board import BoardError, available_levels, board_named
from ..rules import MAX_SEATS, MIN_SEATS
from ..table import DEFAULT_LEVEL, RITUALS, Ritual

log = logging.getLogger(__name__)

FIGURES: tuple[str, ...] = ("squirrel", "wolf", "fox", "raccoon")
"""The four play figures, in the order the setup offers them (assets/castle/figure_*.svg)."""
FIGURE_TITLES = (N_("Squirrel"), N_("Wolf"), N_("Fox"), N_("Raccoon"))
"""The figures' names on the setup screen, in FIGURES' order."""

WHITE = "white"
"""A fountain on its white side (it draws the pebbles shown on the board's recess)."""

RITUAL_LABELS: dict[Ritual, str] = {
    Ritual.RETURN_TWO: N_("Gold: put back 2"),
    Ritual.RETURN_ONE: N_("Gold: put back 1"),
    Ritual.ONE_COLOR: N_("Gold: keep one colour"),
    Ritual.ONE_OF_EACH: N_("Gold: one of each colour"),
}
RITUAL_LINES: dict[Ritual, str] = {
    Ritual.RETURN_TWO: N_("Draw 4, put back 2."),
    Ritual.RETURN_ONE: N_("Draw 4, put back 1."),
    Ritual.ONE_COLOR: N_("Draw 4, keep one colour."),
    Ritual.ONE_OF_EACH: N_("Draw 4, keep one of each colour."),
}


GARDEN_TITLES = (N_("Moonlit Garden"), N_("Rose Garden"))
"""The shipped gardens' titles (the `title` of levels/castle_*.tmx), marked here for the
catalogues, since no extractor reads a level file: the setup translates a garden's title as
it does every choice's label. A garden of one's own keeps its title as written."""


def garden_title(name: str) -> str:
    try:
        return board_named(name).title
    except BoardError as error:  # a broken level file: still listed, refused on Start
        log.warning("garden %s: %s", name, error)
        return name.replace("_", " ").title()


def _gardens() -> tuple[Choice, ...]:
    """The shipped gardens, the default one first (the first choice is the default)."""
    names = sorted(available_levels(), key=lambda name: name != DEFAULT_LEVEL)
    return tuple(Choice(name, garden_title(name)) for name in names) or (
        Choice(DEFAULT_LEVEL, garden_title(DEFAULT_LEVEL)),
    )


GARDEN = OptionSpec("level", N_("Garden"), N_("The board you sneak through."), _gardens())

FULL_MOON = OptionSpec(
    "full_moon",
    N_("Full Moon"),
    N_("The variant:"),
    (
        Choice(False, N_("Off"), N_("each player hides their pebbles behind a screen.")),
        Choice(True, N_("On"), N_("no screens: everyone's pebbles are visible.")),
    ),
)


FOUNTAIN_LABELS = (N_("Fountain 1"), N_("Fountain 2"), N_("Fountain 3"), N_("Fountain 4"))
"""Each Ritual Fountain's label, by its number (one per seat, MAX_SEATS in all)."""


def fountain(number: int) -> OptionSpec:
    """The `number`th Ritual Fountain (from 1): on the table from that many players on."""

    def white_line(side: Any, options: dict[str, Any], seats: int) -> str:
        """How many pebbles the white side draws in the chosen garden, at this table."""
        if side != WHITE:
            return ""
        try:
            pebbles = board_named(options[GARDEN.key]).recesses_for(seats)[number - 1].pebbles
        except (BoardError, ValueError, IndexError, KeyError):  # a garden that cannot be read
            return ""
        told = ngettext(
            "White: draws {count} pebble, no ritual.",
            "White: draws {count} pebbles, no ritual.",
            pebbles,
        )
        return told.format(count=pebbles)

    return OptionSpec(
        f"fountain_{number}",
        FOUNTAIN_LABELS[number - 1],
        N_("One per player."),
        (
            Choice(WHITE, N_("White"), N_("White: draw the pebbles shown.")),
            *(Choice(r.value, RITUAL_LABELS[r], RITUAL_LINES[r]) for r in RITUALS),
        ),
        min_seats=number,
        apart="fountains",
        note=white_line,
    )


FOUNTAINS = tuple(fountain(number) for number in range(1, MAX_SEATS + 1))

NO_SCREEN = SeatFlag(
    "open_screens",
    N_("No screen"),
    N_("Who plays without a screen (a player who needs a little help)."),
    N_("{name} plays without a screen: everyone sees their pebbles"),
    N_("{name} plays behind a screen again"),
    after=FULL_MOON.key,
    moot=(FULL_MOON.key, True),
    moot_line=N_("Everyone, under the Full Moon."),
)


def rules_options(options: dict[str, Any], seats: int) -> dict[str, Any]:
    """The rules' options: the fountains as one list, a white one on the back of a ritual
    that no gold one shows (every fountain is one of the four pieces)."""
    sides = [options.pop(spec.key) for spec in FOUNTAINS if spec.key in options]
    free = iter(ritual.value for ritual in RITUALS if ritual.value not in sides)
    options["fountains"] = [
        {"ritual": next(free), "side": "white"}
        if side == WHITE
        else {"ritual": side, "side": "gold"}
        for side in sides
    ]
    return options


def earlier_setup(data: dict[str, Any]) -> dict[str, Any]:
    """A setup as Castle's own setup screen remembered it, in the shell's form; only what
    it held is passed on, for `TableSetup.restore` to check and repair."""
    read: dict[str, Any] = {key: data[key] for key in ("version", "hints") if key in data}
    seats = data.get("seats")
    if isinstance(seats, list):
        read["seats"] = [_earlier_seat(entry) for entry in seats]
    elif "seats" in data:
        read["seats"] = seats
    if "start_seat" in data:
        read["starter"] = data["start_seat"]
    options = {key: data[key] for key in (GARDEN.key, FULL_MOON.key) if key in data}
    fountains = data.get("fountains")
    for spec, entry in zip(
        FOUNTAINS, fountains if isinstance(fountains, list) else [], strict=False
    ):
        gold = isinstance(entry, dict) and entry.get("side") == "gold"
        options[spec.key] = entry.get("ritual") if gold else WHITE
    read["options"] = options
    return read


def _earlier_seat(entry: Any) -> Any:
    if not isinstance(entry, dict):
        return entry
    names = {"kind": "kind", "name": "name", "figure": "look", "open_screen": "flagged"}
    return {names[key]: value for key, value in entry.items() if key in names}


CASTLE_SETUP = SetupSpec(
    "castle",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    default_seats=2,
    looks=FIGURES,
    look_titles=FIGURE_TITLES,
    options=(GARDEN, FULL_MOON, *FOUNTAINS),
    start=StartSpec(
        N_("Who takes the first turn."), default_label=N_("Random"), option="start_seat"
    ),
    seat_flag=NO_SCREEN,
    new_seats_human=True,
    options_title=N_("Garden and variants"),
    to_rules=rules_options,
    earlier=earlier_setup,
)
