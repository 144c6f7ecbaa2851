"""A seat's crest, for games whose seats have no figure: a round badge of a colour with the
initial of its title."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Look:
    id: str
    title: str
    color: tuple[int, int, int]

    @property
    def letter(self) -> str:
        return self.title[:1]
