"""A seat's crest, for games whose seats have no figure: a round badge of a colour with the
initial of its title."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from moonlight_desktop.ui import theme


@dataclass(frozen=True, slots=True)
class Look:
    id: str
    title: str
    color: tuple[int, int, int]

    @property
    def letter(self) -> str:
        return self.title[:1]


def draw_badge(
    surface: pygame.Surface, look: Look | None, centre: tuple[float, float], size: int
) -> None:
    """A crest as a flat round badge: the look's colour, its initial in the middle (silver
    with a question mark for a look the game does not know)."""
    x, y = round(centre[0]), round(centre[1])
    color = look.color if look is not None else theme.SILVER
    radius = max(2, size // 2)
    pygame.draw.circle(surface, tuple(c // 3 for c in color), (x, y), radius)
    pygame.draw.circle(surface, color, (x, y), radius, width=max(1, size // 14))
    letter = look.letter if look is not None else "?"
    theme.blit_text(
        surface, letter, theme.BOLD_FONT, max(8, round(size * 0.55)), color, "center", (x, y)
    )
