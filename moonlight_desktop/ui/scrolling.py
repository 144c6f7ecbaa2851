"""The collection's one scrolling view: a viewport over content taller than it (a licence, a
game's rules), moved by the mouse wheel, the keys (arrows, Page Up/Down, Space, Home, End),
dragging the scrollbar's thumb or clicking its track, always between the content's top and
its end. It eases to where it goes at the animation-speed setting's pace (at once when that is
"instant"), keeps the reader's place when the window or the content changes size, and fades
the content out under its top and bottom edges instead of cutting a line in two."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import N_, _

from . import theme
from .menu import MenuScene, go_back
from .sizes import surface_size
from .widgets import Widget

if TYPE_CHECKING:
    from .app import App

Paint = Callable[[pygame.Surface, pygame.Rect, int], None]
"""Draws content into a viewport, scrolled up by the given pixels."""

SCROLL_HINT = N_("Scroll with the mouse wheel, the arrow keys or the bar")
"""What a scrolling page says the player may do, when nothing under the mouse says more."""
DRAG_HINT = N_("Drag to scroll")
"""What the thumb under the mouse says."""

WHEEL_STEP = 90
"""Design pixels a notch of the mouse wheel moves."""
PAGE_SHARE = 0.9
"""A page (Page Up/Down, Space, a click on the track) is this share of the viewport: the line
that was at its edge is still in view."""
EASE_RATE = 14.0
"""How quickly a scroll closes on its target: this share of the way a second (times the
animation speed), so it slows as it arrives."""
FADE_PX = 22
"""Design pixels over which the content fades out under the viewport's edges."""
BAR_PX, THUMB_MIN_PX = 8, 40
"""The track's width and the thumb's least height, in design pixels."""
TRACK = (22, 28, 66)


def scroll_target(
    event: pygame.event.Event, target: float, wheel: float, line: float, page: float, end: float
) -> float | None:
    """Where a scrolling page goes for a wheel turn or a key (arrows, Page Up/Down, Space,
    Home, End), or None when `event` does not scroll. `wheel` and `line` are pixels a notch
    and an arrow move, `page` a page's, `end` the furthest scroll."""
    if event.type == pygame.MOUSEWHEEL:
        notches: float = event.y
        return target - notches * wheel
    if event.type != pygame.KEYDOWN:
        return None
    steps = {
        pygame.K_UP: -line,
        pygame.K_DOWN: line,
        pygame.K_PAGEUP: -page,
        pygame.K_PAGEDOWN: page,
        pygame.K_SPACE: page,
        pygame.K_HOME: -end,
        pygame.K_END: end,
    }
    step = steps.get(event.key)
    return None if step is None else target + step


def _no_content(_surface: pygame.Surface, _view: pygame.Rect, _offset: int) -> None:
    """Nothing to draw (a scroller that has not been given its content yet)."""


@dataclass(eq=False)
class Scroller(Widget):
    """A viewport (`rect`) over `content_height` pixels of content, with its scrollbar
    `bar_gap` design pixels to its right. The wheel scrolls it wherever the mouse is (it is
    its page's one scrolling text); it is hovered while the mouse is on the thumb.

    A scene lays it out with `fit` then `MenuScene.add`, and moves it on in `update`; while it
    is `moving` the scene wants every frame, and none once it rests (`ScrollingPage` does all
    that)."""

    paint: Paint = _no_content
    """Draws the content into the viewport (the scroller clips it there)."""
    content_height: int = 0
    line_step: float = 48
    """Design pixels an arrow key moves."""
    bar_gap: float = 18
    speed: Callable[[], float] = lambda: 1.0
    """The animation-speed setting (0: "instant", every scroll arrives at once)."""
    offset: float = 0.0
    """How far the content is scrolled now, in pixels."""
    target: float = 0.0
    """Where the scroll is easing to."""
    grip: float | None = None
    """While the thumb is dragged: the mouse's y less the thumb's top."""

    # Size and place ------------------------------------------------------------------------

    @property
    def max_offset(self) -> float:
        """The furthest scroll: the content's end at the viewport's bottom (0: it all fits)."""
        return float(max(0, self.content_height - self.rect.height))

    @property
    def scrollable(self) -> bool:
        return self.max_offset > 0

    def fit(self, view: pygame.Rect, content_height: int) -> None:
        """Lays the scroller over `view`, with content this tall now, keeping the reader's
        place: the same share of the way down (a resize wraps the text anew)."""
        share = self.offset / self.max_offset if self.scrollable else 0.0
        self.rect, self.content_height = pygame.Rect(view), max(0, content_height)
        self.offset = self.target = share * self.max_offset

    def track(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.right + self.px(self.bar_gap),
            self.rect.top,
            self.px(BAR_PX),
            self.rect.height,
        )

    def thumb(self) -> pygame.Rect:
        """The thumb on the track: as long as the share of the content in view (not too short
        to grab), as far down as the scroll; the whole track when nothing scrolls."""
        track = self.track()
        if not self.scrollable:
            return track
        wanted = round(track.height * self.rect.height / self.content_height)
        height = min(track.height, max(self.px(THUMB_MIN_PX), wanted))
        top = track.top + round((track.height - height) * self.offset / self.max_offset)
        return pygame.Rect(track.left - self.px(2), top, track.width + self.px(4), height)

    # Moving --------------------------------------------------------------------------------

    def scroll_to(self, target: float, at_once: bool = False) -> None:
        """Eases to `target` (held between the top and the end), or jumps there `at_once`."""
        self.target = min(max(0.0, target), self.max_offset)
        if at_once or self.speed() <= 0:
            self.offset = self.target

    def update(self, dt: float) -> None:
        speed = self.speed()
        if speed <= 0 or abs(self.target - self.offset) < 0.5:
            self.offset = self.target
        else:
            self.offset += (self.target - self.offset) * min(1.0, dt * EASE_RATE * speed)

    @property
    def moving(self) -> bool:
        return self.offset != self.target

    # Input ---------------------------------------------------------------------------------

    @property
    def focusable(self) -> bool:
        """Never: its keys scroll it wherever the keyboard's focus is (it is the page's one
        scrolling text)."""
        return False

    def hovers(self, pos: tuple[int, int]) -> bool:
        return self.scrollable and self.thumb().collidepoint(pos)

    def hover(self, event: pygame.event.Event) -> None:
        """The mouse moved: the thumb lights under it, and follows it while dragged."""
        super().hover(event)
        if event.type != pygame.MOUSEMOTION or self.grip is None:
            return
        track, thumb = self.track(), self.thumb()
        room = max(1, track.height - thumb.height)
        share = (event.pos[1] - self.grip - track.top) / room
        self.scroll_to(share * self.max_offset, at_once=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if event.type == pygame.MOUSEMOTION:
            return self.grip is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.grip is not None:
            self.grip = None
            return True
        if not self.scrollable:
            return False
        page = self.rect.height * PAGE_SHARE
        wheel, line = self.px(WHEEL_STEP), self.px(self.line_step)
        scrolled = scroll_target(event, self.target, wheel, line, page, self.max_offset)
        if scrolled is not None:
            self.scroll_to(scrolled)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb()
            if thumb.inflate(self.px(12), 0).collidepoint(event.pos):
                self.grip = event.pos[1] - thumb.top
                return True
            if self.track().inflate(self.px(16), 0).collidepoint(event.pos):
                direction = -1 if event.pos[1] < thumb.top else 1
                self.scroll_to(self.target + direction * page)
                return True
        return False

    def hint(self) -> str | None:
        """What the player may do with it, when there is anything to scroll."""
        return _(SCROLL_HINT) if self.scrollable else None

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        offset = round(self.offset)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        self.paint(surface, self.rect, offset)
        surface.set_clip(clip)
        if not self.scrollable:
            return
        fade = _fade(self.rect.width, self.px(FADE_PX))
        if self.offset > 1:
            surface.blit(pygame.transform.flip(fade, False, True), self.rect.topleft)
        if self.offset < self.max_offset - 1:
            surface.blit(fade, (self.rect.left, self.rect.bottom - fade.get_height()))
        pygame.draw.rect(surface, TRACK, self.track(), border_radius=self.px(4))
        lit = self.hovered or self.grip is not None
        color = theme.MOONLIGHT if lit else theme.GOLD
        pygame.draw.rect(surface, color, self.thumb(), border_radius=self.px(5))


class ScrollingPage(MenuScene):
    """A menu page around one scrolling text, its `scroller`: it eases on the page's clock
    (every frame drawn while it moves, none once it rests), says how to scroll when nothing
    under the mouse says more, and Esc goes back. The page lays it out (`add_scroller`) and
    draws its frame before `draw_widgets`."""

    def __init__(self, app: App, paint: Paint, line_step: float, bar_gap: float) -> None:
        super().__init__(app)
        self.scroller = Scroller(
            paint=paint,
            line_step=line_step,
            bar_gap=bar_gap,
            speed=lambda: self.app.settings.motion_speed,
        )

    def add_scroller(self, view: pygame.Rect, content_height: int) -> None:
        """In `layout`: the scroller over `view`, its content this tall, at the reader's place."""
        self.scroller.fit(view, content_height)
        self.add(self.scroller, view, _(DRAG_HINT))

    def back(self) -> bool:
        go_back(self.app)
        return True

    def hint(self) -> str | None:
        return super().hint() or self.scroller.hint()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroller.update(dt)

    def moving(self) -> bool:
        return self.scroller.moving


@lru_cache(maxsize=4)
def _fade(width: int, height: int) -> pygame.Surface:
    """The panel's colour from transparent to opaque, top to bottom: text fades at the edges."""
    width, height = surface_size(width, height)
    strip = pygame.Surface((1, height), pygame.SRCALPHA)
    for y in range(height):
        strip.set_at((0, y), (*theme.PANEL, round(255 * (y + 1) / height)))
    return pygame.transform.scale(strip, (width, height))


theme.forget_with_colours(_fade)
