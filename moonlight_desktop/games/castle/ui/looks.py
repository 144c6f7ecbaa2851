"""Moonlight Castle's play figures as the menus show them: their art, crest colours and the
pieces' pictures."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.menu import SeatLook
from moonlight_desktop.ui.table.ui_defaults import LookArt

from .setup import FIGURES

CREST_COLORS: dict[str, tuple[int, int, int]] = {
    "squirrel": (0x3B, 0xBA, 0xA5),  # teal
    "wolf": (0xE0, 0x56, 0x6E),  # rose
    "fox": (0x33, 0x95, 0xBE),  # azure
    "raccoon": (0xF0, 0x9A, 0x3A),  # amber
}
"""Each figure's crest colour (its neckerchief and base rim in the art)."""


def figure_art(figure: str, height: int) -> pygame.Surface:
    """A play figure (100x120 drawing) `height` pixels tall."""
    name = figure if figure in FIGURES else FIGURES[0]
    return assets.image(f"castle/figure_{name}.svg", round(height * 100 / 120), height)


def draw_figure(
    surface: pygame.Surface, figure: str, centre: tuple[float, float], size: int
) -> None:
    """A play figure `size` pixels tall, standing centred on `centre`."""
    art = figure_art(figure, size)
    theme.blit_picture(surface, art, art.get_rect(center=(round(centre[0]), round(centre[1]))))


def figure_look(figure: str) -> SeatLook:
    """A Castle play figure as a seat's look."""
    return SeatLook(
        crest(figure), lambda surface, centre, size: draw_figure(surface, figure, centre, size)
    )


def crest(figure: str | None) -> theme.Color:
    return CREST_COLORS.get(figure or "", theme.SILVER)


LOOK_ART = LookArt(draw_figure, crest)
