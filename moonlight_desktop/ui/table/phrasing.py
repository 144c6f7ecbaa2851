"""Words every game's log uses: sentences said one after another."""

from __future__ import annotations


def sentences(*parts: str) -> str:
    """Parts said one after another, each a sentence ("" parts left out)."""
    return " ".join(f"{part}." for part in parts if part)
