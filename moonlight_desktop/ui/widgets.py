"""Buttons, toggles, option pickers, text fields and sliders in the collection's style.

A scene places widgets by setting their `rect` (and `scale`) in its layout, forwards events
to them, and draws them. Hovering shows what a click would do (a glow, a pointer cursor).

Each widget can also be used from the keyboard once its scene's focus is on it (`MenuScene`):
`key` takes Enter or Space (`activate`) and Left or Right (`step`), and `describe` says what it
is with its state, for speech ("Mute, check box, on")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import pygame

from moonlight_desktop.i18n import _, format_percent

from . import theme

T = TypeVar("T")


@dataclass(eq=False)
class Widget:
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    scale: float = 1.0
    enabled: bool = True
    hovered: bool = False
    name: str = ""
    """What speech calls it, where its label does not say (a picker, an icon's button)."""

    def place(self, rect: pygame.Rect, scale: float) -> None:
        self.rect, self.scale = pygame.Rect(rect), scale

    def hovers(self, pos: tuple[int, int]) -> bool:
        """The mouse at `pos` is over what a click would use."""
        return self.rect.collidepoint(pos)

    def hover(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.hovers(event.pos)

    def clicked(self, event: pygame.event.Event) -> bool:
        return (
            self.enabled
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        return False

    def draw(self, surface: pygame.Surface) -> None: ...

    def px(self, size: float) -> int:
        return max(1, round(size * self.scale))

    # The keyboard ------------------------------------------------------------------------------

    @property
    def focusable(self) -> bool:
        """The keyboard focus may rest on it."""
        return self.enabled

    def describe(self) -> str:
        """What it is, with its state, in words for speech."""
        return self.name

    def focus_rect(self) -> pygame.Rect:
        """What the focus ring goes round."""
        return self.rect

    def focus_radius(self) -> int:
        """The rounding of its corners, for the focus ring to follow."""
        return 0

    def key(self, event: pygame.event.Event) -> bool:
        """A key pressed while it has the keyboard focus: True when it used it."""
        if event.key in ACTIVATE_KEYS:
            return self.activate()
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self.step(-1 if event.key == pygame.K_LEFT else 1)
        return False

    def activate(self) -> bool:
        """Enter or Space on it: True when that did something."""
        return False

    def step(self, direction: int) -> bool:
        """Left (-1) or Right (1) on it: True when that changed its value."""
        return False


ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
"""The keys that use what has the keyboard focus."""


LABEL_PX = 19
"""A button label's size in design units, before it shrinks to fit."""


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


def whole_lines(
    content: str, face: str, pixels: int, width: int, height: int
) -> tuple[tuple[str, ...], int] | None:
    """`content` fitted to a box as `theme.fit_lines` fits it (its lines and their size), or
    None where the box is too small to hold it whole."""
    lines, size = theme.fit_lines(content, face, pixels, width, height)
    cut = lines[-1].endswith(theme.ELLIPSIS) and not content.endswith(theme.ELLIPSIS)
    return None if cut else (lines, size)


@dataclass(eq=False)
class Button(Widget):
    label: str = ""
    on_click: Callable[[], None] = lambda: None
    primary: bool = False
    hotkey: int | None = None
    label_px: int | None = None
    """The size its label is drawn at, at most, in pixels (None: LABEL_PX, scaled): buttons
    side by side share one (`share_label_size`)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        hot = (
            self.enabled
            and self.hotkey is not None
            and event.type == pygame.KEYDOWN
            and event.key == self.hotkey
        )
        if self.clicked(event) or hot:
            self.on_click()
            return True
        return False

    def describe(self) -> str:
        # Translators: what a screen reader says of a button; {name} is its label.
        return _("{name}, button").format(name=self.name or self.label)

    def focus_radius(self) -> int:
        return self.px(12)

    def activate(self) -> bool:
        self.on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        radius = self.px(12)
        if self.primary:
            fill = theme.GOLD if self.enabled else (120, 110, 80)
            ink = theme.TEXT_ON_LIGHT
        else:
            fill = theme.PANEL if self.enabled else (40, 44, 70)
            ink = theme.TEXT if self.enabled else (130, 134, 160)
        if self.hovered:
            fill = (min(255, fill[0] + 28), min(255, fill[1] + 28), min(255, fill[2] + 28))
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        theme.holds_text(surface, self.rect)
        border = theme.MOONLIGHT if self.hovered else theme.PANEL_BORDER
        if not self.primary or self.hovered:
            pygame.draw.rect(surface, border, self.rect, width=self.px(2), border_radius=radius)
        lines, size = self.label_lines(self.label_px or self.px(LABEL_PX))
        line_height = theme.font(theme.BOLD_FONT, size).get_linesize()
        first = (self.rect.centerx, self.rect.centery - line_height * (len(lines) - 1) / 2)
        theme.blit_lines_from(
            surface, lines, theme.BOLD_FONT, size, ink, "center", first, line_height
        )

    def label_lines(self, pixels: int) -> tuple[tuple[str, ...], int]:
        """The label's lines and size in the button as placed, `pixels` at most."""
        return theme.fit_lines(
            self.label,
            theme.BOLD_FONT,
            pixels,
            self.rect.width - self.px(16),
            self.rect.height - self.px(4),
        )


def share_label_size(buttons: Sequence[Button]) -> None:
    """Gives placed `buttons` one label size: the largest at which each label fits its
    button, so that the longest does not stand out smaller than the others."""
    size = min((b.label_lines(b.px(LABEL_PX))[1] for b in buttons), default=None)
    for button in buttons:
        button.label_px = size


@dataclass(eq=False)
class Toggle(Widget):
    label: str = ""
    value: bool = False
    on_change: Callable[[bool], None] = lambda _value: None

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if self.clicked(event):
            return self.activate()
        return False

    def describe(self) -> str:
        # Translators: what a screen reader says of a check box; {name} is its label.
        said = _("{name}, check box, on") if self.value else _("{name}, check box, off")
        return said.format(name=self.name or self.label)

    def activate(self) -> bool:
        self.value = not self.value
        self.on_change(self.value)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(0, 0, self.px(26), self.px(26))
        box.midleft = (self.rect.left, self.rect.centery)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=self.px(6))
        edge = theme.MOONLIGHT if self.hovered else theme.SILVER
        pygame.draw.rect(surface, edge, box, width=self.px(2), border_radius=self.px(6))
        if self.value:
            a = (box.left + box.width * 0.22, box.top + box.height * 0.52)
            b = (box.left + box.width * 0.42, box.top + box.height * 0.74)
            c = (box.left + box.width * 0.80, box.top + box.height * 0.26)
            pygame.draw.lines(surface, theme.GOLD, False, [a, b, c], self.px(4))
        self.draw_label(surface, (box.right + self.px(10), self.rect.centery))

    def draw_label(self, surface: pygame.Surface, midleft: tuple[int, int]) -> None:
        theme.blit_text(
            surface, self.label, theme.BODY_FONT, self.px(20), theme.TEXT, "midleft", midleft
        )


@dataclass(eq=False)
class Choice(Widget, Generic[T]):
    """Picks one of several options with arrows either side (a click on the right half steps on)."""

    options: Sequence[tuple[T, str]] = ()
    index: int = 0
    on_change: Callable[[T], None] = lambda _value: None

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def select(self, value: T) -> None:
        for index, (option, _label) in enumerate(self.options):
            if option == value:
                self.index = index

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if not self.clicked(event) or not self.options:
            return False
        return self.step(-1 if event.pos[0] < self.rect.centerx else 1)

    def describe(self) -> str:
        if not self.options:
            return self.name
        # Translators: a screen reader on a choice: {option} is the chosen one, {number} its
        # place among {count}, {name} the choice's label.
        said = (
            _("{name}: {option}, {number} of {count}")
            if self.name
            else _("{option}, {number} of {count}")
        )
        return said.format(
            name=self.name,
            option=self.options[self.index][1],
            number=self.index + 1,
            count=len(self.options),
        )

    def focus_radius(self) -> int:
        return self.px(10)

    def step(self, direction: int) -> bool:
        """Goes round its options, as its arrows do."""
        if not self.options:
            return False
        self.index = (self.index + direction) % len(self.options)
        self.on_change(self.value)
        return True

    def activate(self) -> bool:
        return self.step(1)

    def arrow_room(self) -> int:
        return min(self.rect.height, self.px(30))

    def label_width(self) -> int:
        return self.rect.width - 2 * self.arrow_room()

    def draw(self, surface: pygame.Surface) -> None:
        """Slim arrows either side; the label shrinks to fit; greyed out when disabled."""
        radius = self.px(10)
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=radius)
        theme.holds_text(surface, self.rect)
        edge = theme.MOONLIGHT if self.hovered else theme.PANEL_BORDER
        pygame.draw.rect(surface, edge, self.rect, width=self.px(2), border_radius=radius)
        room = self.arrow_room()
        arrow_color = theme.GOLD if self.enabled else theme.MUTED
        for x, direction in (
            (self.rect.left + room // 2 + self.px(2), -1),
            (self.rect.right - room // 2 - self.px(2), 1),
        ):
            y, half = self.rect.centery, self.px(6)
            tip, back = x + direction * half, x - direction * half
            pygame.draw.polygon(
                surface, arrow_color, [(tip, y), (back, y - half), (back, y + half)]
            )
        label = self.options[self.index][1] if self.options else ""
        ink = theme.TEXT if self.enabled else (130, 134, 160)
        box = pygame.Rect(0, 0, self.label_width(), self.rect.height - self.px(4))
        box.center = self.rect.center
        blit_fitted(surface, label, theme.BODY_FONT, self.px(19), ink, box)


@dataclass(eq=False)
class Spot(Widget):
    """Something a scene draws and answers clicks on by itself (a row, a tab, a card) placed
    in the keyboard's ring: the focus can rest on it, speech says its `name` and `role`, and
    Enter or Space call `on_use` (when it has a use)."""

    role: str = ""
    """What kind of thing it is, for speech ("button", "tab, selected"; "": plain text)."""
    on_use: Callable[[], None] | None = None

    def hovers(self, pos: tuple[int, int]) -> bool:
        return False  # the scene shows its own hover

    def describe(self) -> str:
        return ", ".join(part for part in (self.name, self.role) if part)

    def activate(self) -> bool:
        if self.on_use is None:
            return False
        self.on_use()
        return True


REFUSAL_MS = 1500
"""How long a text field shows that it refused more typing."""
CARET_MS = 500
"""A focused text field's caret shows and hides this often."""


@dataclass(eq=False)
class TextInput(Widget):
    """A one-line text field. It holds at most `max_length` characters and says so: while it
    has focus a counter shows how many are left, and typing past the end is refused in
    plain sight (the field and its counter turn the warning colour for a moment)."""

    value: str = ""
    max_length: int = 16
    focused: bool = False
    on_change: Callable[[str], None] = lambda _value: None
    refused_at: int | None = None  # pygame ticks when typing was last refused

    @property
    def refusing(self) -> bool:
        """Typing was refused a moment ago (the field is full)."""
        return (
            self.refused_at is not None and pygame.time.get_ticks() - self.refused_at < REFUSAL_MS
        )

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.enabled and self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focused = False
            else:
                return False
            self.on_change(self.value)
            return True
        if event.type == pygame.TEXTINPUT:
            typed = self.value + "".join(ch for ch in event.text if ch.isprintable())
            if len(typed) > self.max_length:
                self.refused_at = pygame.time.get_ticks()
            self.value = typed[: self.max_length]
            self.on_change(self.value)
            return True
        return False

    def describe(self) -> str:
        # Translators: a screen reader on a text field: {name} is its label, {text} what it holds.
        said = _("{name}, text field, {text}") if self.value else _("{name}, text field, empty")
        return said.format(name=self.name, text=self.value)

    def focus_radius(self) -> int:
        return self.px(8)

    def draw(self, surface: pygame.Surface) -> None:
        """The text shrinks to stay inside its box (long names, wide letters)."""
        pygame.draw.rect(surface, (22, 28, 66), self.rect, border_radius=self.px(8))
        theme.holds_text(surface, self.rect)
        edge = theme.GOLD if self.focused else (theme.MOONLIGHT if self.hovered else theme.SILVER)
        edge = theme.WARNING if self.refusing else edge
        pygame.draw.rect(surface, edge, self.rect, width=self.px(2), border_radius=self.px(8))
        caret = "|" if self.focused and pygame.time.get_ticks() // CARET_MS % 2 else ""
        # The text may run up to the counter, or else to the padding at the right end.
        right, pad = self.rect.right - self.px(3), self.px(7)
        if self.focused or self.refusing:
            right, pad = self.draw_counter(surface).left - self.px(4), 0
        room = right - pad - self.rect.left - self.px(10)
        size = theme.fitted_size(self.value + "|", theme.BODY_FONT, self.px(20), room)
        # Still too long at the smallest size: its end, where typing happens, stays in view.
        overflow = max(0, theme.text_width(self.value + "|", theme.BODY_FONT, size) - room)
        clip = surface.get_clip()
        text_area = pygame.Rect(self.rect.left + self.px(3), self.rect.top, 0, self.rect.height)
        text_area.width = max(0, right - text_area.left)
        surface.set_clip(text_area.clip(clip))
        theme.blit_text(
            surface,
            self.value + caret,
            theme.BODY_FONT,
            size,
            theme.TEXT,
            "midleft",
            (self.rect.left + self.px(10) - overflow, self.rect.centery),
        )
        surface.set_clip(clip)

    def counter(self) -> str:
        """How full the field is, e.g. "12/18"."""
        return f"{len(self.value)}/{self.max_length}"

    def draw_counter(self, surface: pygame.Surface) -> pygame.Rect:
        """The counter at the field's right end: gold when full, the warning colour when
        typing was just refused."""
        full = len(self.value) >= self.max_length
        ink = theme.WARNING if self.refusing else (theme.GOLD if full else theme.SILVER)
        return theme.blit_text(
            surface,
            self.counter(),
            theme.BOLD_FONT if full else theme.BODY_FONT,
            self.px(13),
            ink,
            "midright",
            (self.rect.right - self.px(8), self.rect.centery),
        )


SLIDER_STEPS = 20
"""A slider's value moves by a twentieth with each Left or Right."""


@dataclass(eq=False)
class Slider(Widget):
    value: float = 0.5  # 0..1
    on_change: Callable[[float], None] = lambda _value: None
    dragging: bool = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if self.clicked(event):
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
            return False
        elif not (event.type == pygame.MOUSEMOTION and self.dragging):
            return False
        self.set_value((event.pos[0] - self.rect.left) / max(1, self.rect.width))
        return True

    def set_value(self, value: float) -> None:
        self.value = min(1.0, max(0.0, value))
        self.on_change(self.value)

    def describe(self) -> str:
        # Translators: a screen reader on a slider: {name} is its label, {percent} "80%".
        return _("{name}, slider, {percent}").format(
            name=self.name, percent=format_percent(self.value)
        )

    def step(self, direction: int) -> bool:
        """A twentieth of the way (no drag needed)."""
        self.set_value(round(self.value * SLIDER_STEPS + direction) / SLIDER_STEPS)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        y = self.rect.centery
        pygame.draw.line(
            surface, theme.PANEL_BORDER, (self.rect.left, y), (self.rect.right, y), self.px(6)
        )
        x = self.rect.left + self.value * self.rect.width
        pygame.draw.line(surface, theme.GOLD, (self.rect.left, y), (x, y), self.px(6))
        pygame.draw.circle(surface, theme.MOONLIGHT, (x, y), self.px(11))


def draw_tooltip(
    surface: pygame.Surface, text: str, target: pygame.Rect, px: Callable[[float], int]
) -> None:
    """A tooltip for `target`: above it, or below when there is no room, never over it.
    `px` turns design pixels into the window's."""
    width = min(px(360), surface.get_width() - 2 * px(8))
    lines, size = theme.fit_lines(text, theme.BODY_FONT, px(15), width, px(80))
    line_height = theme.body(size).get_height()
    inner_w = max(theme.text_width(line, theme.BODY_FONT, size) for line in lines)
    box = pygame.Rect(0, 0, inner_w + px(20), len(lines) * line_height + px(12))
    gap = px(8)
    box.centerx = target.centerx
    box.bottom = target.top - gap
    if box.top < 0:
        box.top = target.bottom + gap
    box.clamp_ip(surface.get_rect())
    theme.panel(surface, box, alpha=240, border=theme.GLOW, radius=px(8))
    first = (box.centerx, box.top + px(6))
    theme.blit_lines_from(
        surface, lines, theme.BODY_FONT, size, theme.TEXT, "midtop", first, line_height
    )
