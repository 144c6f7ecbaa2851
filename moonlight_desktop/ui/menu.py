"""What the menu scenes share: the design frame, the night sky, seat looks, hover hints and a
base scene that lays its widgets out again whenever the window changes size. A game's own
menus (e.g. Castle's setup) build on it too, so it lives below the scenes.

Layouts are written in 1280x720 design units; `Frame` fits that design, centred, into the
window (the same picture at 1280x720 and 1920x1080, letterboxed at other shapes).
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

import pygame

from moonlight_desktop.i18n import N_, _

from . import assets, theme
from .scene import Scene
from .tween import FADE_SECONDS, ease_out
from .widgets import CARET_MS, REFUSAL_MS, Button, Choice, TextInput, Widget

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

T = TypeVar("T")
Hint = str | Callable[[tuple[int, int]], str]
"""What a click on a widget would do: text, or text that depends on where the mouse is."""

APPEAR_SECONDS = 0.25
GREYED_INK: theme.Color = (130, 134, 160)
"""A segment out of reach: still legible, plainly not a choice (as a disabled button's)."""


# Geometry -----------------------------------------------------------------------------------


class Frame:
    """The 1280x720 design space, scaled and centred in a window of `size`."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = theme.ui_scale(size)
        self.left = (size[0] - theme.BASE_SIZE[0] * self.scale) / 2
        self.top = (size[1] - theme.BASE_SIZE[1] * self.scale) / 2

    def px(self, design: float) -> int:
        return max(1, round(design * self.scale))

    def x(self, design: float) -> int:
        return round(self.left + design * self.scale)

    def y(self, design: float) -> int:
        return round(self.top + design * self.scale)

    def point(self, x: float, y: float) -> tuple[int, int]:
        return self.x(x), self.y(y)

    def rect(self, x: float, y: float, width: float, height: float) -> pygame.Rect:
        left, top = self.x(x), self.y(y)
        return pygame.Rect(left, top, self.x(x + width) - left, self.y(y + height) - top)

    def centered(self, cx: float, cy: float, width: float, height: float) -> pygame.Rect:
        return self.rect(cx - width / 2, cy - height / 2, width, height)


# Art ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatLook:
    """How a seat appears: its colour, and its figure or crest drawn at a centre and size."""

    color: theme.Color
    draw: Callable[[pygame.Surface, tuple[float, float], int], None]


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The title backdrop scaled to cover the whole window, cropped around its centre; in
    high contrast the plain night sky (no moon, hills or stars behind the text)."""
    if theme.high_contrast:
        return theme.night_sky(size)
    factor = max(size[0] / 1920, size[1] / 1080)
    width, height = math.ceil(1920 * factor), math.ceil(1080 * factor)
    art = assets.kept_image("title_backdrop.svg", width, height)
    cover = pygame.Surface(size)
    cover.fill(theme.NIGHT_TOP)
    cover.blit(art, ((size[0] - art.get_width()) // 2, (size[1] - art.get_height()) // 2))
    return cover


theme.forget_with_colours(backdrop)


@dataclass(frozen=True, slots=True)
class Star:
    x: float  # 0..1 of the window
    y: float
    radius: float  # design pixels
    phase: float
    speed: float


@lru_cache(maxsize=4)
def _stars(count: int, seed: int) -> tuple[Star, ...]:
    rng = random.Random(seed)
    return tuple(
        Star(
            rng.random(),
            rng.random() ** 1.4,  # more stars high in the sky
            rng.choice((0.7, 0.9, 1.1, 1.4, 1.8)),
            rng.random() * math.tau,
            0.6 + rng.random() * 1.4,
        )
        for _ in range(count)
    )


def _reach(star: Star, scale: float) -> float:
    """How far from its centre a star may shine, in pixels (a twinkling one at its brightest)."""
    return star.radius * scale * (1 if star.radius < 1.6 else 2.2 * 1.1)


@lru_cache(maxsize=8)
def _placed_stars(
    size: tuple[int, int], clear: tuple[tuple[int, int, int, int], ...]
) -> tuple[tuple[Star, pygame.Rect], ...]:
    """The stars of a window of `size` that shine clear of the rects in `clear`, each with the
    rect it may light."""
    scale = theme.ui_scale(size)
    placed = []
    for star in _stars(140, 11):
        reach = _reach(star, scale)
        rect = pygame.Rect(0, 0, math.ceil(2 * reach), math.ceil(2 * reach))
        rect.center = (round(star.x * size[0]), round(star.y * size[1]))
        if rect.inflate(4, 4).collidelist(clear) < 0:  # not even touching
            placed.append((star, rect))
    return tuple(placed)


@lru_cache(maxsize=8)
def _static_sky(
    size: tuple[int, int], clear: tuple[tuple[int, int, int, int], ...]
) -> pygame.Surface:
    sky = theme.night_sky(size).copy()
    scale = theme.ui_scale(size)
    for star, _rect in _placed_stars(size, clear):
        if star.radius < 1.6:
            shade = 120 + int(60 * star.phase / math.tau)
            center = (star.x * size[0], star.y * size[1])
            pygame.draw.circle(sky, (shade, shade, shade + 20), center, star.radius * scale)
    return sky


theme.forget_with_colours(_static_sky)


def draw_night(surface: pygame.Surface, time: float, clear: Sequence[pygame.Rect] = ()) -> None:
    """The night-sky gradient with quiet stars; the larger ones twinkle slowly. No star shines
    in `clear` (the panels, headings and lines of text): through a panel or behind a letter it
    reads as a stray mark. In high contrast the sky is plain: nothing twinkles behind text."""
    size = surface.get_size()
    if theme.high_contrast:
        surface.blit(theme.night_sky(size), (0, 0))
        return
    keep = tuple((rect.x, rect.y, rect.width, rect.height) for rect in clear)
    surface.blit(_static_sky(size, keep), (0, 0))
    scale = theme.ui_scale(size)
    for star, rect in _placed_stars(size, keep):
        if star.radius >= 1.6:
            glow = 0.55 + 0.45 * math.sin(time * star.speed + star.phase)
            sparkle(
                surface,
                (star.x * size[0], star.y * size[1]),
                star.radius * 2.2 * scale * (0.8 + 0.3 * glow),
                int(50 + 150 * glow),
            )
        theme.drew_star(surface, rect.center, rect.width / 2)


def sparkle(
    surface: pygame.Surface,
    center: tuple[float, float],
    radius: float,
    alpha: int,
    color: theme.Color | None = None,
) -> None:
    """A four-pointed star of `radius` pixels, `alpha` 0..255, in `color` (by default the
    theme's moonlight)."""
    if radius < 1 or alpha <= 0:
        return
    color = theme.MOONLIGHT if color is None else color
    size = math.ceil(radius * 2 + 4)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    mid = size / 2
    waist = radius * 0.22
    points = [
        (mid, mid - radius),
        (mid + waist, mid - waist),
        (mid + radius, mid),
        (mid + waist, mid + waist),
        (mid, mid + radius),
        (mid - waist, mid + waist),
        (mid - radius, mid),
        (mid - waist, mid - waist),
    ]
    alpha = min(255, alpha)
    for ring in (0.62, 0.46, 0.32):
        pygame.draw.circle(layer, (*color, round(alpha * 0.12)), (mid, mid), radius * ring)
    pygame.draw.polygon(layer, (*color, alpha), points)
    pygame.draw.circle(layer, (255, 255, 250, alpha), (mid, mid), max(1.0, radius * 0.12))
    surface.blit(layer, (center[0] - mid, center[1] - mid))


def dim(surface: pygame.Surface, alpha: int, color: theme.Color = (6, 8, 24)) -> None:
    """Darkens the whole surface (what lies under an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*color, max(0, min(255, alpha))))
    surface.blit(veil, (0, 0))
    if alpha > 0:
        theme.veiled(surface)


def blit_lines(
    surface: pygame.Surface,
    content: str,
    face: str,
    pixels: int,
    color: theme.Color,
    rect: pygame.Rect,
    align: str = "left",
    spacing: float = 1.3,
) -> int:
    """Wraps `content` into `rect`'s width from its top; returns the height used."""
    line_height = round(pixels * spacing)
    y = rect.top
    for line in theme.wrap(content, face, pixels, rect.width):
        if line:
            if align == "center":
                theme.blit_text(surface, line, face, pixels, color, "midtop", (rect.centerx, y))
            else:
                theme.blit_text(surface, line, face, pixels, color, "topleft", (rect.left, y))
        y += line_height
    return y - rect.top


def text_box(
    content: str, face: str, pixels: int, anchor: str, position: tuple[float, float]
) -> pygame.Rect:
    """Where `theme.blit_text` would draw `content` (to keep the sky's stars off it): the
    very text it draws, whose ink may reach past the font's line (2 px above it at 48 px)."""
    rendered = theme.text(face, pixels, content, theme.TEXT)
    return rendered.get_rect(**{anchor: (round(position[0]), round(position[1]))})


def heading_box(content: str, pixels: int, center: tuple[int, int]) -> pygame.Rect:
    """Where `heading_with_glow` draws its words."""
    return text_box(content, theme.HEADING_FONT, pixels, "center", center)


def heading_with_glow(
    surface: pygame.Surface, content: str, pixels: int, center: tuple[int, int]
) -> pygame.Rect:
    """A moonlight-coloured heading with a faint halo."""
    halo = _halo(content, pixels)
    surface.blit(halo, halo.get_rect(center=center))
    return theme.blit_text(
        surface, content, theme.HEADING_FONT, pixels, theme.MOONLIGHT, "center", center
    )


@lru_cache(maxsize=32)
def _halo(content: str, pixels: int) -> pygame.Surface:
    """A blurred copy of the text (shrunk and grown again) as a soft glow."""
    text = theme.text(theme.HEADING_FONT, pixels, content, theme.GOLD)
    pad = pixels // 2
    canvas = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + 2 * pad), 0, 32)
    canvas = canvas.convert_alpha() if pygame.display.get_surface() else canvas
    canvas.fill((0, 0, 0, 0))
    canvas.blit(text, (pad, pad))
    small = pygame.transform.smoothscale(
        canvas, (max(1, canvas.get_width() // 8), max(1, canvas.get_height() // 8))
    )
    blurred = pygame.transform.smoothscale(small, canvas.get_size())
    blurred.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
    return blurred


theme.forget_with_colours(_halo)


def pointer_cursor(kind: str) -> None:
    """Shows a hand over things that do something, an I-beam over text fields."""
    cursors = {
        "hand": pygame.SYSTEM_CURSOR_HAND,
        "text": pygame.SYSTEM_CURSOR_IBEAM,
        "arrow": pygame.SYSTEM_CURSOR_ARROW,
    }
    global _cursor
    if kind == _cursor:
        return
    _cursor = kind
    with contextlib.suppress(pygame.error):  # no mouse (dummy video driver): nothing to show
        pygame.mouse.set_cursor(cursors[kind])


_cursor = "arrow"


Home = Callable[["App"], Scene]
"""Makes the scene every menu goes back to when there is nothing below (the gallery)."""

_home: list[Home] = []


def set_home(home: Home) -> None:
    """Registers the home scene (the scenes layer registers its gallery)."""
    _home[:] = [home]


def home_scene(app: App) -> Scene:
    """A new home scene (the gallery)."""
    if not _home:
        raise RuntimeError("no home scene is registered (moonlight_desktop.scenes does it)")
    return _home[0](app)


def go_home(app: App) -> None:
    """Everything closes and the home scene opens."""
    app.stack.reset(home_scene(app))


def go_back(app: App) -> None:
    """Leaves the top scene: back to the one below, or home when there is none."""
    if len(app.stack.scenes) > 1:
        app.stack.pop()
    else:
        go_home(app)


# Widgets of our own -------------------------------------------------------------------------


@dataclass(eq=False)
class Segmented(Choice[T]):
    """A row of segments, one selected (gold); a click selects the segment under the mouse.
    Segments out of reach (`greyed`, by index) are drawn greyed: their scene's `on_change`
    refuses them and says why."""

    mouse: tuple[int, int] = (-1, -1)
    greyed: Collection[int] = ()

    def segment(self, index: int) -> pygame.Rect:
        count = max(1, len(self.options))
        left = self.rect.left + self.rect.width * index // count
        right = self.rect.left + self.rect.width * (index + 1) // count
        return pygame.Rect(left, self.rect.top, right - left, self.rect.height)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        for index in range(len(self.options)):
            if self.segment(index).collidepoint(pos):
                return index
        return None

    def hint_saying(self, say: Callable[[T], str]) -> Callable[[tuple[int, int]], str]:
        """A hover hint: `say` of the value of the segment under the mouse (nothing off the
        segments)."""

        def hint(pos: tuple[int, int]) -> str:
            index = self.index_at(pos)
            return "" if index is None else say(self.options[index][0])

        return hint

    def hover(self, event: pygame.event.Event) -> None:
        super().hover(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if not self.clicked(event):
            return False
        index = self.index_at(event.pos)
        if index is None:
            return False
        changed = index != self.index
        self.index = index
        if changed:
            self.on_change(self.value)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        radius = self.px(10)
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=radius)
        theme.holds_text(surface, self.rect)
        for index, (_value, label) in enumerate(self.options):
            rect = self.segment(index).inflate(-self.px(6), -self.px(6))
            selected = index == self.index
            greyed = index in self.greyed
            if selected:
                pygame.draw.rect(surface, theme.GOLD, rect, border_radius=self.px(8))
            elif self.hovered and rect.collidepoint(self.mouse) and not greyed:
                pygame.draw.rect(surface, (58, 68, 133), rect, border_radius=self.px(8))
            ink = theme.TEXT_ON_LIGHT if selected else GREYED_INK if greyed else theme.TEXT
            face = theme.BOLD_FONT if selected else theme.BODY_FONT
            size = theme.fitted_size(label, face, self.px(18), rect.width - self.px(6))
            theme.blit_text(surface, label, face, size, ink, "center", rect.center)
        edge = theme.MOONLIGHT if self.hovered else theme.PANEL_BORDER
        pygame.draw.rect(surface, edge, self.rect, width=self.px(2), border_radius=radius)


def choice_target(choice: Choice[T], pos: tuple[int, int]) -> str:
    """The label a click at `pos` would pick (left half: previous, right half: next)."""
    if not choice.options:
        return ""
    return choice.options[_target_index(choice, pos)][1]


def choice_value(choice: Choice[T], pos: tuple[int, int]) -> T | None:
    """The value a click at `pos` would pick (None when there is nothing to pick)."""
    if not choice.options:
        return None
    return choice.options[_target_index(choice, pos)][0]


def _target_index(choice: Choice[T], pos: tuple[int, int]) -> int:
    step = -1 if pos[0] < choice.rect.centerx else 1
    return (choice.index + step) % len(choice.options)


# The base of every menu scene ---------------------------------------------------------------


class MenuScene(Scene):
    """A scene made of widgets placed in design units. Subclasses build their widgets in
    `layout()` (called on entering and on every resize) and draw in `draw()`.

    The keyboard reaches every widget: Tab and Shift+Tab move a focus over them in reading
    order (`focus_order`), the arrow keys move it to the nearest one that way (unless the
    focused widget or the scene uses them), Enter or Space use it and Esc goes back. The focus
    ring shows once the keyboard is used and hides at a click (as browsers do), and speech
    says what the focus lands on."""

    ambient_motion = True
    """The scene moves on its own for ever (the night sky's twinkling stars, on `time`): it
    plays at full frame rate until the app's ambient pace rests. Scenes without such motion
    say False, and rest as soon as they have faded in."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.frame = Frame(app.size)
        self.widgets: list[Widget] = []
        self.hints: dict[int, Hint] = {}
        self.time = 0.0
        """The scene's ambient clock: it runs only while the scene is on top, at the app's
        ambient pace (`Ambient.pace`)."""
        self.appear = 0.0
        self.mouse = (-1, -1)
        self._laid_out = False
        self.keyboard_focus: Widget | None = None
        """The widget the keyboard uses (None until a key or a click gives one)."""
        self.focus_shown = False
        """The focus ring is drawn: the keyboard moved the focus since the last click."""

    # Building ------------------------------------------------------------------------------

    def add(self, widget: Widget, rect: pygame.Rect, hint: Hint | None = None) -> None:
        """Places a widget (rect in window pixels) and says what clicking it does."""
        widget.place(rect, self.frame.scale)
        widget.hovered = widget.enabled and widget.hovers(self.mouse)
        self.widgets.append(widget)
        if hint is not None:
            self.hints[id(widget)] = hint

    def layout(self) -> None:
        """Places the widgets for `self.frame`."""

    def relayout(self) -> None:
        ring = self.focus_order()
        place = ring.index(self.keyboard_focus) if self.keyboard_focus in ring else None
        self.widgets.clear()
        self.hints.clear()
        self.layout()
        self._laid_out = True
        ring = self.focus_order()
        if self.keyboard_focus not in ring:  # gone: the focus stays where it was in the ring
            self.keyboard_focus = None
            if ring and place is not None:
                self.keyboard_focus = ring[min(place, len(ring) - 1)]

    # Scene hooks ---------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.frame = Frame(self.app.size)
        self.relayout()
        self.app.speech.say(self.heard_title())

    def heard_title(self) -> str:
        """What speech says as the scene opens: its heading, or its question ("": nothing)."""
        return ""

    def on_resume(self) -> None:
        if self.frame.size != self.app.size:
            self.on_resize(self.app.size)
        pointer_cursor("arrow")
        if self.focus_shown and self.keyboard_focus is not None:  # back where the keys were
            self.app.speech.say(self.keyboard_focus.describe())

    def on_exit(self) -> None:
        pointer_cursor("arrow")

    def on_resize(self, size: tuple[int, int]) -> None:
        self.frame = Frame(size)
        self.relayout()

    def back(self) -> bool:
        """Esc: True when the scene went back (or did what Esc means here)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return self._handle(event)
        focus = self.keyboard_focus
        said = focus.describe() if focus is not None else ""
        used = self._handle(event)
        # A key that changed the focused widget's state (a value, a list's selection) says
        # the new state; a key that moved the focus said where already.
        still_here = self.keyboard_focus is focus and self.app.stack.top is self
        if used and focus is not None and still_here and focus.describe() != said:
            self.app.speech.say(focus.describe())
        return used

    def _handle(self, event: pygame.event.Event) -> bool:
        if not self._laid_out:
            self.relayout()
        if event.type == pygame.KEYDOWN and self._focus_key(event):
            return True
        focused = self.focused_input()
        if focused is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                focused.focused = False
            else:
                focused.handle_event(event)
            return True  # typing never reaches the buttons' hotkeys
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for widget in self.widgets:
                widget.hover(event)
            self._show_cursor()
            self.on_mouse_motion(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            self._focus_clicked(event.pos)
            for widget in self.widgets:
                if isinstance(widget, TextInput) and not widget.rect.collidepoint(event.pos):
                    widget.focused = False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.back():
            return True
        for widget in list(self.widgets):
            if widget.handle_event(event):
                return True
        if self.handle_other(event):
            return True
        return event.type == pygame.KEYDOWN and self._arrow(event.key)

    # The keyboard focus ------------------------------------------------------------------------

    def focus_order(self) -> list[Widget]:
        """The widgets the focus goes round: in reading order (a scene with columns may
        give its own)."""
        return reading_order(w for w in self.widgets if w.focusable)

    def focus_on(self, widget: Widget | None) -> None:
        """Puts the keyboard focus on `widget`, shows the ring and says what it is."""
        self._give_focus(widget)
        self.focus_shown = True
        if widget is None:
            return
        if isinstance(widget, TextInput):
            widget.focused = True  # typing goes in at once, as in any text field
        self.app.speech.say(widget.describe())

    def move_focus(self, widget: Widget | None) -> None:
        """The focus goes to `widget` when the scene changes under it (a question asked), said
        aloud only while the keyboard is in use."""
        if self.focus_shown:
            self.focus_on(widget)
        else:
            self.keyboard_focus = widget

    def _focus_key(self, event: pygame.event.Event) -> bool:
        """Tab, and the keys the focused widget takes (before the scene's own shortcuts); a
        focused text field gives up only Tab and the up and down arrows."""
        ring = self.focus_order()
        if event.key == pygame.K_TAB:
            self._move_in_ring(ring, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        focus = self.keyboard_focus
        if focus is None or focus not in ring:
            return False
        if isinstance(focus, TextInput) and focus.focused:
            return event.key in (pygame.K_UP, pygame.K_DOWN) and self._arrow(event.key)
        if not focus.key(event):
            return False
        self.focus_shown = True
        return True

    def _move_in_ring(self, ring: list[Widget], step: int) -> None:
        if not ring:
            return
        if self.keyboard_focus in ring:
            assert self.keyboard_focus is not None
            self.focus_on(ring[(ring.index(self.keyboard_focus) + step) % len(ring)])
        else:
            self.focus_on(ring[0 if step > 0 else -1])

    def _arrow(self, key: int) -> bool:
        """An arrow no one else used moves the focus to the nearest widget that way: up or
        down to the next row, left or right within its row."""
        if key not in ARROWS:
            return False
        ring = self.focus_order()
        if self.keyboard_focus not in ring:  # the first arrow finds the first widget
            self._move_in_ring(ring, 1)
            return bool(ring)
        assert self.keyboard_focus is not None
        here = self.keyboard_focus.focus_rect()
        nearest = min(
            (w for w in ring if _lies_towards(here, w.focus_rect(), ARROWS[key])),
            key=lambda w: _distance(here, w.focus_rect(), ARROWS[key]),
            default=None,
        )
        if nearest is not None:
            self.focus_on(nearest)
        return True

    def _focus_clicked(self, pos: tuple[int, int]) -> None:
        """A click hides the ring, and the focus goes to what was clicked (Tab goes on from
        there)."""
        self.focus_shown = False
        for widget in self.focus_order():
            if widget.focus_rect().collidepoint(pos):
                self._give_focus(widget)

    def _give_focus(self, widget: Widget | None) -> None:
        """The focus moves to `widget`: a text field it leaves stops taking typing."""
        if isinstance(self.keyboard_focus, TextInput) and self.keyboard_focus is not widget:
            self.keyboard_focus.focused = False
        self.keyboard_focus = widget

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The focus ring round the focused widget, once the keyboard is used."""
        focus = self.keyboard_focus
        if self.focus_shown and focus is not None and focus in self.focus_order():
            theme.focus_ring(surface, focus.focus_rect(), self.frame.scale, focus.focus_radius())

    def on_mouse_motion(self, event: pygame.event.Event) -> None:
        """The mouse moved (widgets' hover is already updated)."""

    def handle_other(self, event: pygame.event.Event) -> bool:
        """Events no widget used."""
        return False

    def update(self, dt: float) -> None:
        self.time += self.app.ambient.pace(dt)
        speed = self.app.settings.animation_speed
        # Under reduced motion a fade is short at any speed.
        rate = (
            max(speed, 1) / FADE_SECONDS
            if self.app.settings.reduce_motion
            else speed / APPEAR_SECONDS
        )
        if speed <= 0:
            self.appear = 1.0
        else:
            self.appear = min(1.0, self.appear + dt * rate)

    def moving(self) -> bool:
        """True while something of the scene's own is on its way (a scroll easing to where it
        goes, a card rising): every frame is drawn until it is there."""
        return False

    def next_frame_in(self) -> float | None:
        """Every frame while fading in, `moving` or with ambient motion playing; then only the
        text fields' timing: a focused one's caret blinks, a refusal's warning goes."""
        if self.appear < 1 or self.moving():
            return 0.0
        if self.ambient_motion and self.app.ambient.running:
            return 0.0
        return self._text_field_wait()

    def _text_field_wait(self) -> float | None:
        now = pygame.time.get_ticks()
        waits = [
            REFUSAL_MS - (now - field.refused_at)
            for field in self.widgets
            if isinstance(field, TextInput) and field.refusing and field.refused_at is not None
        ]
        if self.focused_input() is not None:
            waits.append(CARET_MS - now % CARET_MS)
        return min(waits) / 1000 if waits else None

    # Helpers -------------------------------------------------------------------------------

    @property
    def eased_appear(self) -> float:
        return ease_out(self.appear)

    def focused_input(self) -> TextInput | None:
        for widget in self.widgets:
            if isinstance(widget, TextInput) and widget.focused:
                return widget
        return None

    def _show_cursor(self) -> None:
        hovered = [widget for widget in self.widgets if widget.hovered and widget.enabled]
        if any(isinstance(widget, TextInput) for widget in hovered):
            pointer_cursor("text")
        elif hovered or self.extra_hover():
            pointer_cursor("hand")
        else:
            pointer_cursor("arrow")

    def extra_hover(self) -> bool:
        """True when the mouse is over something clickable that is not a widget."""
        return False

    def hint(self) -> str | None:
        """What a click at the mouse would do, if anything."""
        for widget in self.widgets:
            if widget.hovered and widget.enabled and id(widget) in self.hints:
                hint = self.hints[id(widget)]
                return hint(self.mouse) if callable(hint) else hint
        return None

    def draw_sky(self, surface: pygame.Surface, *clear: pygame.Rect) -> None:
        """The night sky, no star under a widget or in `clear` (the scene's panels, its
        headings and lines of text outside them)."""
        if not self._laid_out:
            self.relayout()
        draw_night(surface, self.time, [*clear, *(widget.rect for widget in self.widgets)])

    def hint_box(self, center: tuple[int, int], width: int) -> pygame.Rect:
        """Where `draw_hint` writes, centred on `center`, `width` wide: two lines at most."""
        box = pygame.Rect(0, 0, width, self.frame.px(44))
        box.center = center
        return box

    def draw_widgets(self, surface: pygame.Surface) -> None:
        """The widgets, and the focus ring round the focused one."""
        if not self._laid_out:
            self.relayout()
        for widget in self.widgets:
            widget.draw(surface)
        self.draw_focus(surface)

    def draw_hint(
        self,
        surface: pygame.Surface,
        center: tuple[int, int],
        width: int,
        message: str | None = None,
        warning: bool = False,
    ) -> None:
        """The hover hint (or a message, e.g. a warning) centred on `center`, `width` wide: on
        one line, or two when one would shrink it below legible."""
        content = message or self.hint()
        if not content:
            return
        color = theme.WARNING if warning and message else theme.SILVER
        f = self.frame
        lines, size = theme.fit_lines(content, theme.BODY_FONT, f.px(18), width, f.px(40))
        step = theme.body(size).get_linesize()
        first = (center[0], center[1] - (len(lines) - 1) / 2 * step)
        theme.blit_lines_from(surface, lines, theme.BODY_FONT, size, color, "center", first, step)

    def draw_fade_in(self, surface: pygame.Surface) -> None:
        """Opaque scenes arrive out of the night (nothing snaps into place)."""
        if self.appear < 1:
            dim(surface, round(255 * (1 - self.eased_appear)), theme.NIGHT_TOP)


def reading_order(widgets: Iterable[Widget]) -> list[Widget]:
    """`widgets` row by row from the top, each row from the left (a widget beside another's
    middle is in its row)."""
    rows: list[list[Widget]] = []
    for widget in sorted(widgets, key=lambda w: w.focus_rect().top):
        rect = rows[-1][0].focus_rect() if rows else None
        if rect is not None and rect.top <= widget.focus_rect().centery < rect.bottom:
            rows[-1].append(widget)
        else:
            rows.append([widget])
    return [w for row in rows for w in sorted(row, key=lambda w: w.focus_rect().left)]


ARROWS = {
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
}
"""Each arrow key's direction (x, y)."""


def _lies_towards(here: pygame.Rect, there: pygame.Rect, direction: tuple[int, int]) -> bool:
    """`there` lies `direction` of `here`: beyond its middle that way, and, left or right,
    in its row."""
    dx, dy = direction
    if dy:
        return (there.centery - here.centery) * dy > here.height // 2
    in_row = there.top < here.bottom and here.top < there.bottom
    return in_row and (there.centerx - here.centerx) * dx > 0


def _distance(here: pygame.Rect, there: pygame.Rect, direction: tuple[int, int]) -> float:
    """How far `there` is that way: the step ahead, with going aside counted twice over."""
    dx = direction[0]
    ahead = abs(there.centerx - here.centerx) if dx else abs(there.centery - here.centery)
    aside = abs(there.centery - here.centery) if dx else abs(there.centerx - here.centerx)
    return ahead + 2 * aside


class ConfirmScene(MenuScene):
    """A question over the scene below before something that cannot be undone. The safe answer
    is the primary button, Enter and Esc; only a click on the other one, or Enter once the
    keyboard's focus is on it, goes ahead."""

    transparent = True
    ambient_motion = False  # over a scene that stands still under it

    def __init__(
        self,
        app: App,
        question: str,
        detail: str,
        proceed: tuple[str, str],
        keep: tuple[str, str],
        on_proceed: Callable[[], None],
    ) -> None:
        """`proceed` and `keep` are each a button's label and what hovering it says."""
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_proceed = on_proceed
        self.proceed_button = Button(label=proceed[0], on_click=self.proceed)
        self.proceed_hint = proceed[1]
        self.keep_button = Button(
            label=keep[0], on_click=self.keep, primary=True, hotkey=pygame.K_RETURN
        )
        self.keep_hint = keep[1]

    def layout(self) -> None:
        f = self.frame
        self.add(self.keep_button, f.centered(538, 410, 180, 54), self.keep_hint)
        self.add(self.proceed_button, f.centered(742, 410, 180, 54), self.proceed_hint)

    def heard_title(self) -> str:
        return f"{self.question} {self.detail}"

    def keep(self) -> None:
        self.app.stack.pop()

    def proceed(self) -> None:
        self.app.stack.pop()
        self.on_proceed()

    def back(self) -> bool:
        self.keep()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        dim(surface, round(170 * self.eased_appear))
        panel = f.centered(640, 360, 620, 290)
        theme.panel(surface, panel, alpha=255, radius=f.px(20))
        heading_with_glow(surface, self.question, f.px(42), f.point(640, 272))
        blit_lines(
            surface,
            self.detail,
            theme.BODY_FONT,
            f.px(19),
            theme.SILVER,
            f.rect(370, 308, 540, 0),
            "center",
        )
        self.draw_widgets(surface)
        self.draw_hint(surface, f.point(640, 470), f.px(560))


LEARN_HINT = N_("A guided first game: the rules step by step, at the table")
SETUP_STATUS = (786, 651, 480)
"""A setup screen's line saying what a click would do (design centre and width): between Learn
to play and Start, over neither."""


def learn_button(learn: Callable[[], None] | None) -> Button | None:
    """A setup screen's "Learn to play", beside Rules (None when the game has no lesson)."""
    return None if learn is None else Button(label=_("Learn to play"), on_click=learn)
