"""The pseudo-language: English made to look foreign and longer, for the tests.

"Pass 1 begins" becomes "⟦Þåšš 1 ƀéğîñš·Þåšš⟧": every letter accented (so a font without
accents shows), 40% longer (so a layout with no room to spare shows), and between marks (so
text that never went through a translation function shows, and text cut short loses its end
mark). Placeholders ("{name}", "{count:d}") are kept as they are, so that they still fill.
"""

from __future__ import annotations

import math
import re

OPENING = "⟦"
CLOSING = "⟧"
LONGER = 0.4

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒğĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĞĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_PLACEHOLDER = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")


def translated(message: str) -> str:
    """`message` in the pseudo-language."""
    pieces = _PLACEHOLDER.split(message)
    # Odd pieces are placeholders (or escaped braces): kept; the words between are accented.
    words = "".join(pieces[0::2])
    accented = "".join(
        piece if number % 2 else piece.translate(_ACCENTED) for number, piece in enumerate(pieces)
    )
    letters = [c for c in words.translate(_ACCENTED) if not c.isspace()]
    padding = math.ceil(len(words) * LONGER)
    filler = "".join(letters[n % len(letters)] for n in range(padding)) if letters else ""
    return f"{OPENING}{accented}{'·' if filler else ''}{filler}{CLOSING}"


def marked(text: str) -> str:
    """`text` between the marks as it is: a local form (a list of names, a date) that holds
    data, not words to accent."""
    return f"{OPENING}{text}{CLOSING}"


def untranslated_in(text: str, depth: int = 0) -> tuple[str, int]:
    """What of `text` lies outside every pair of marks (nested pairs counted): the part no
    translation function made, and how many marks are still open at its end. `depth`: how
    many were open when it began (a message wrapped over lines goes on on the next)."""
    outside: list[str] = []
    for character in text:
        if character == OPENING:
            depth += 1
        elif character == CLOSING:
            depth = max(0, depth - 1)
        elif depth == 0:
            outside.append(character)
    return "".join(outside), depth
