"""The physical pieces of Moonlight Castle as small typed values: pebble colours and spells."""

from __future__ import annotations

from enum import IntEnum


class Color(IntEnum):
    """A pebble's (and a jewel's, and a coloured garden space's) colour."""

    RED = 0
    YELLOW = 1
    GREEN = 2

    @classmethod
    def parse(cls, text: str) -> Color:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown colour {text!r} (expected red, yellow or green)") from None


COLORS: tuple[Color, ...] = tuple(Color)
PEBBLES_PER_COLOR = 20
STARTING_PEBBLES = 4


class Spell(IntEnum):
    """What the back of a recovered tile does."""

    NOTHING = 0
    ONE_ARROW = 1
    TWO_ARROWS = 2
    MAGICIAN = 3
    SPECIAL = 4


NOTHING, ONE_ARROW, TWO_ARROWS, MAGICIAN, SPECIAL = Spell
"""The spells under plain names, for the rules (see `state.HIDE`: in Python 3.11 a lookup such
as `Spell.MAGICIAN` is slow)."""
