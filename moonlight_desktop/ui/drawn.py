"""What a frame drew, for tests that measure it: every text with the box its letters take
and its size, the panels text sits in, the sky's stars and the rings pointing things out.

The theme feeds a `Drawing` only while one is recording (`theme.recording`); otherwise nothing
here runs. Text drawn on a layer (a card face, a page of the rules) is kept with that layer
and follows it when the layer is blitted through `theme.blit_picture`."""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, field, replace

import pygame


@dataclass(frozen=True, slots=True)
class DrawnText:
    content: str
    face: str
    pixels: int
    """The font size it was drawn at."""
    ink: pygame.Rect
    """The box its letters take (not its line box: two lines may touch, never their ink)."""
    clip: pygame.Rect
    """The part of the surface that could be drawn on at that moment."""
    order: int
    """When it was drawn, among everything on the same surface."""


@dataclass(frozen=True, slots=True)
class DrawnBox:
    """A panel, button or card: text drawn in it must stay inside it, and nothing drawn
    later may cover text."""

    rect: pygame.Rect
    order: int


@dataclass(frozen=True, slots=True)
class DrawnRing:
    """A star of the sky (a disc: `inner` 0) or a ring pointing something out: an ornament
    that must lie over no text (nor, a star, under a panel)."""

    centre: tuple[float, float]
    inner: float
    outer: float

    def touches(self, rect: pygame.Rect) -> bool:
        """Whether the ring (between its radii) and `rect` share a pixel."""
        x, y = self.centre
        near = math.hypot(
            max(rect.left - x, 0, x - rect.right), max(rect.top - y, 0, y - rect.bottom)
        )
        far = max(
            math.hypot(corner_x - x, corner_y - y)
            for corner_x in (rect.left, rect.right)
            for corner_y in (rect.top, rect.bottom)
        )
        return near <= self.outer and far >= self.inner


@dataclass(frozen=True, slots=True)
class DrawnFrame:
    """A frame pointing something out (a glowing frame, an arrow: `inner` empty), between
    `outer` and `inner`: it must lie over no text."""

    outer: pygame.Rect
    inner: pygame.Rect

    def touches(self, rect: pygame.Rect) -> bool:
        return self.outer.colliderect(rect) and not self.inner.contains(rect)


@dataclass(slots=True)
class Marks:
    """What was drawn on one surface, in the order it was drawn."""

    texts: list[DrawnText] = field(default_factory=list)
    boxes: list[DrawnBox] = field(default_factory=list)
    pictures: list[DrawnBox] = field(default_factory=list)
    """What each picture's visible pixels cover (icons, cards, art)."""
    stars: list[DrawnRing] = field(default_factory=list)
    rings: list[DrawnRing | DrawnFrame] = field(default_factory=list)


class Drawing:
    """The marks of one surface (the window) since the last `clear`, and of the layers that
    may be blitted onto it."""

    def __init__(self, window: pygame.Surface) -> None:
        self.window = window
        self._order = 0
        self._layers: weakref.WeakKeyDictionary[pygame.Surface, Marks] = weakref.WeakKeyDictionary()

    def clear(self) -> None:
        """Forgets what the window shows (a new frame, or a veil over all of it)."""
        self._layers.pop(self.window, None)

    def hide(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Forgets the marks drawn wholly inside `rect` (a sheet is laid over them)."""
        marks = self._marks_of(surface)
        marks.texts = [text for text in marks.texts if not rect.contains(text.ink)]
        marks.boxes = [box for box in marks.boxes if not rect.contains(box.rect)]
        marks.pictures = [pic for pic in marks.pictures if not rect.contains(pic.rect)]

    def take(self) -> Marks:
        """What the window shows, drawn since the last `clear`; then clears."""
        return self._layers.pop(self.window, None) or Marks()

    def _marks_of(self, surface: pygame.Surface) -> Marks:
        marks = self._layers.get(surface)
        if marks is None:
            marks = self._layers[surface] = Marks()
        return marks

    def _next(self) -> int:
        self._order += 1
        return self._order

    def text(
        self,
        surface: pygame.Surface,
        content: str,
        face: str,
        pixels: int,
        rendered: pygame.Surface,
        at: pygame.Rect,
    ) -> None:
        ink = rendered.get_bounding_rect().move(at.topleft)
        if ink.width and ink.height:  # a blank string leaves nothing to read
            drawn = DrawnText(content, face, pixels, ink, surface.get_clip(), self._next())
            self._marks_of(surface).texts.append(drawn)

    def box(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self._marks_of(surface).boxes.append(DrawnBox(pygame.Rect(rect), self._next()))

    def star(self, surface: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
        self._marks_of(surface).stars.append(DrawnRing(centre, 0.0, radius))

    def ring(
        self, surface: pygame.Surface, centre: tuple[float, float], inner: float, outer: float
    ) -> None:
        self._marks_of(surface).rings.append(DrawnRing(centre, inner, outer))

    def frame(self, surface: pygame.Surface, outer: pygame.Rect, inner: pygame.Rect) -> None:
        self._marks_of(surface).rings.append(DrawnFrame(pygame.Rect(outer), pygame.Rect(inner)))

    def layer(
        self,
        target: pygame.Surface,
        layer: pygame.Surface,
        at: tuple[int, int],
        area: pygame.Rect | None,
    ) -> None:
        """`layer` (its `area`, or all of it) was blitted onto `target` at `at`: what its
        pixels cover, and its marks, moved into place. A text the area cuts is one a scrolled
        page shows only in part at its edge; it is read whole when scrolled to, so it is left
        out."""
        shown = pygame.Rect(area) if area is not None else layer.get_rect()
        shift = (at[0] - shown.left, at[1] - shown.top)
        into = self._marks_of(target)
        visible = layer.get_bounding_rect().clip(shown)
        if visible.width and visible.height:
            into.pictures.append(DrawnBox(visible.move(shift), self._next()))
        marks = self._layers.get(layer)
        if marks is None:
            return
        clip = target.get_clip()
        kept: list[DrawnText | DrawnBox] = [
            text for text in marks.texts if shown.contains(text.ink)
        ]
        kept += [box for box in marks.boxes if shown.colliderect(box.rect)]
        for mark in sorted(kept, key=lambda mark: mark.order):  # in the order drawn
            if isinstance(mark, DrawnText):
                moved = mark.ink.move(shift)
                into.texts.append(replace(mark, ink=moved, clip=clip, order=self._next()))
            else:
                into.boxes.append(DrawnBox(mark.rect.move(shift), self._next()))
