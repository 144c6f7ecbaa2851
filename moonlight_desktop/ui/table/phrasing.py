"""Words every game's log and standings use: lists and counts in plain sentences."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.i18n import _, format_list


def joined(items: Sequence[str]) -> str:
    """Items as a sentence lists them in the language: "a", "a and b", "a, b and c"."""
    return format_list(items)


def counted(count: int, thing: str) -> str:
    """A number of things: "1 link", "3 links". English only (its plural adds "s"): a
    translated message says a count with ngettext instead."""
    return f"{count} {thing if count == 1 else thing + 's'}"


def whose(names: Sequence[str], seat: int, viewer: int | None) -> str:
    """A seat as the one at the screen hears of it: "You" for their own, else its name. Only
    for a label standing alone (a row's name, "You: ..."), never the subject of a sentence:
    the verb's form depends on it, so a sentence is a message of its own for each."""
    # Translators: the player at the screen, as a label standing alone (e.g. "You: 3 cards").
    return _("You") if seat == viewer else names[seat]


def sentences(*parts: str) -> str:
    """Parts said one after another, each a sentence ("" parts left out)."""
    return " ".join(f"{part}." for part in parts if part)
