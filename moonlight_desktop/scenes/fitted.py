"""Words fitted to a box, for labels that a longer language would push out of it."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui import theme


def blit_fitted(
    surface: pygame.Surface,
    content: str,
    face: str,
    pixels: int,
    color: theme.Color,
    box: pygame.Rect,
    align: str = "center",
) -> None:
    """`content` in `box`, on its middle line (centred, or from its left edge with
    align="left"): smaller, or on more lines, where a language says it at more length
    (`theme.fit_lines`)."""
    lines, size = theme.fit_lines(content, face, pixels, box.width, box.height)
    step = theme.font(face, size).get_linesize()
    anchor, x = ("center", box.centerx) if align == "center" else ("midleft", box.left)
    first = (x, box.centery - (len(lines) - 1) * step / 2)
    theme.blit_lines_from(surface, lines, face, size, color, anchor, first, step)
