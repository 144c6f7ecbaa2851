"""Words every game's log and standings use: lists and counts in plain sentences."""

from __future__ import annotations

from collections.abc import Sequence


def joined(items: Sequence[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def counted(count: int, thing: str) -> str:
    """A number of things: "1 link", "3 links"."""
    return f"{count} {thing if count == 1 else thing + 's'}"


def whose(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """A seat as the one at the screen hears of it: "You" for their own, else its name."""
    return "You" if seat == viewer else names[seat]


def sentences(*parts: str) -> str:
    """Parts said one after another, each a sentence ("" parts left out)."""
    return " ".join(f"{part}." for part in parts if part)
