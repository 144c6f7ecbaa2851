"""Settings, in two panels. General: window size, full screen, volume and mute, how many past
games are kept, how long Hard bots think. Accessibility: UI scale, animation speed, reduce
motion, high contrast, speak the game (docs/accessibility.md), and the language
(docs/translating.md). Saved on every change."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import pygame

from moonlight_desktop.i18n import LANGUAGES, _, current_language, set_language
from moonlight_desktop.ui import desktop, theme
from moonlight_desktop.ui.menu import (
    Frame,
    MenuScene,
    Segmented,
    go_back,
    heading_box,
    heading_with_glow,
)
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE, smallest_window
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.widgets import Button, Slider, Toggle
from moonlight_desktop.userdata import ANIMATION_SPEEDS, THINKING_TIMES, UI_SCALES

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

SPEED_LABELS: dict[float, str] = {0.5: "Slow", 1.0: "Normal", 2.0: "Fast", 0.0: "Instant"}
SAMPLE_SOUND = "pebble_drawn"
SAMPLE_GAP = 0.2  # seconds between two sample sounds while the volume is dragged
ARCHIVE_LIMITS: tuple[int, ...] = (50, 200, 500, 2000)
"""The numbers of finished games the archive may keep (the oldest go first)."""
TIMES = "\N{MULTIPLICATION SIGN}"
T = TypeVar("T")

# The two panels, in design units: each row's label at the panel's left, its control beside.
GENERAL = pygame.Rect(60, 124, 570, 464)
ACCESSIBILITY = pygame.Rect(650, 124, 570, 464)
FIRST_ROW = 218
"""The middle of each panel's first row; the others follow ROW apart."""
ROW = 60
LABEL_INDENT = 28
CONTROL_INDENT = 190
CONTROL_WIDTH = 352
NOTE_Y = 540
"""The top of a panel's note under its rows (no sound device; the scales out of reach)."""


def row_y(row: int) -> int:
    return FIRST_ROW + row * ROW


def _dimensions(size: tuple[int, int]) -> str:
    return f"{size[0]} {TIMES} {size[1]}"


class SettingsScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.sizes = desktop.offered_sizes(desktop.usable_area())
        self.size_picker = Segmented[tuple[int, int]](
            name="Window size",
            options=[(size, _dimensions(size)) for size in self.sizes],
            on_change=self.set_window_size,
        )
        self.fullscreen = Toggle(label="Full screen  (F11)", on_change=self.set_fullscreen)
        self.volume = Slider(name="Volume", value=settings.volume, on_change=self.set_volume)
        self.mute = Toggle(label="Mute", value=settings.muted, on_change=self.set_muted)
        self.archive_limit = Segmented[int](
            name="Past games kept",
            options=[(limit, str(limit)) for limit in ARCHIVE_LIMITS],
            on_change=self.set_archive_limit,
        )
        self.thinking = Segmented[float](
            name="Hard bots think",
            options=[(seconds, f"{seconds:g} s") for seconds in THINKING_TIMES],
            on_change=self.set_thinking,
        )
        self.ui_scale = Segmented[float](
            name="UI scale",
            options=[(scale, f"{round(scale * 100)}%") for scale in UI_SCALES],
            on_change=self.set_ui_scale,
        )
        self.speed = Segmented[float](
            name="Animations",
            options=[
                (speed, SPEED_LABELS.get(speed, f"{TIMES}{speed}")) for speed in ANIMATION_SPEEDS
            ],
            on_change=self.set_speed,
        )
        self.reduce_motion = Toggle(label="Reduce motion", on_change=self.set_reduce_motion)
        self.high_contrast = Toggle(label="High contrast", on_change=self.set_high_contrast)
        self.speak = Toggle(label="Speak the game", on_change=self.set_speak_the_game)
        self.language = Segmented[str](
            name=_("Language"),
            options=[(language.code, language.native_name) for language in LANGUAGES],
            on_change=self.set_language,
        )
        self.back_button = Button(label="Back", on_click=lambda: go_back(self.app))
        self._last_sample = 0.0

    # What is out of reach ------------------------------------------------------------------

    def scale_refusal(self, scale: float) -> str:
        """Why `scale` cannot be chosen here ("" when it can): the desktop has no room for a
        window the design fits in at that scale."""
        area = desktop.usable_area()
        least = smallest_window(scale)
        if area is None:
            return ""
        room = desktop.room(area)
        if least[0] <= room[0] and least[1] <= room[1]:
            return ""
        return (
            f"{round(scale * 100)}% needs a {_dimensions(least)} window;"
            f" this screen has room for {_dimensions(room)}"
        )

    def size_refusal(self, size: tuple[int, int]) -> str:
        """Why a window of `size` cannot be chosen ("" when it can): the UI scale wants a
        larger one."""
        least = self.app.smallest_window()
        if size[0] >= least[0] and size[1] >= least[1]:
            return ""
        percent = round(self.app.settings.ui_scale * 100)
        return f"At UI scale {percent}% the window is at least {_dimensions(least)}"

    def scales_note(self) -> str:
        """What the Accessibility panel's note says: the scales out of reach, and why (a
        larger scale needs a larger window still)."""
        out_of_reach = [scale for scale in UI_SCALES if self.scale_refusal(scale)]
        if not out_of_reach:
            return ""
        if len(out_of_reach) == 1:
            return self.scale_refusal(out_of_reach[0])
        return self.scale_refusal(out_of_reach[0]).replace("% needs", "% and up need", 1)

    # Layout --------------------------------------------------------------------------------

    def layout(self) -> None:
        settings = self.app.settings
        current = (settings.window_width, settings.window_height)
        self.size_picker.index = -1  # none selected unless the window is one of the presets
        self.size_picker.select(current)
        if settings.fullscreen or current not in self.sizes:
            self.size_picker.index = -1
        self.size_picker.greyed = _greyed(self.sizes, self.size_refusal)
        self.fullscreen.value = settings.fullscreen
        self.volume.value = settings.volume
        self.mute.value = settings.muted
        self.archive_limit.index = -1  # none selected unless the limit is one offered
        self.archive_limit.select(settings.archive_limit)
        self.thinking.index = -1  # none selected unless the time is one offered
        self.thinking.select(settings.bot_thinking)
        self.ui_scale.select(settings.ui_scale)
        self.ui_scale.greyed = _greyed(UI_SCALES, self.scale_refusal)
        self.speed.select(settings.animation_speed)
        self.reduce_motion.value = settings.reduce_motion
        self.high_contrast.value = settings.high_contrast
        self.speak.value = settings.speak_the_game
        self.language.select(current_language())
        self.lay_out_general(self.frame)
        self.lay_out_accessibility(self.frame)
        self.add(self.back_button, self.frame.rect(60, 612, 180, 54), "Back (Esc)")

    def lay_out_general(self, f: Frame) -> None:
        settings = self.app.settings
        x = GENERAL.left + CONTROL_INDENT
        size_hint = self.size_picker.hint_saying(self.size_hint)
        self.add(self.size_picker, f.rect(x, row_y(0) - 22, CONTROL_WIDTH, 44), size_hint)
        fullscreen_hint = _toggle_hint(
            lambda: settings.fullscreen, "Back to a window", "Fill the whole screen"
        )
        self.add(self.fullscreen, f.rect(x, row_y(1) - 18, 300, 36), fullscreen_hint)
        self.add(self.volume, f.rect(x + 12, row_y(2) - 14, 250, 28), "Drag to set the volume")
        mute_hint = _toggle_hint(lambda: settings.muted, "Sound on again", "Silence every sound")
        self.add(self.mute, f.rect(x, row_y(3) - 18, 300, 36), mute_hint)
        archive_hint = self.archive_limit.hint_saying(_archive_hint)
        self.add(self.archive_limit, f.rect(x, row_y(4) - 22, CONTROL_WIDTH, 44), archive_hint)
        thinking_hint = self.thinking.hint_saying(_thinking_hint)
        self.add(self.thinking, f.rect(x, row_y(5) - 22, CONTROL_WIDTH, 44), thinking_hint)

    def lay_out_accessibility(self, f: Frame) -> None:
        settings = self.app.settings
        x = ACCESSIBILITY.left + CONTROL_INDENT
        scale_hint = self.ui_scale.hint_saying(self.scale_hint)
        self.add(self.ui_scale, f.rect(x, row_y(0) - 22, CONTROL_WIDTH, 44), scale_hint)
        speed_hint = self.speed.hint_saying(_speed_hint)
        self.add(self.speed, f.rect(x, row_y(1) - 22, CONTROL_WIDTH, 44), speed_hint)
        toggles: list[tuple[Toggle, Callable[[], bool], str, str]] = [
            (
                self.reduce_motion,
                lambda: settings.reduce_motion,
                "Let pieces fly, slide and fall again",
                "Nothing flies, slides or falls: pieces fade in where they go",
            ),
            (
                self.high_contrast,
                lambda: settings.high_contrast,
                "Back to the usual colours",
                "Stronger edges, and text on darker panels",
            ),
            (
                self.speak,
                lambda: settings.speak_the_game,
                "Stop speaking",
                "Say aloud the focus, each line of the log, whose turn it is and hints",
            ),
        ]
        for row, (toggle, on, when_on, when_off) in enumerate(toggles, start=2):
            hint = _toggle_hint(on, when_on, when_off)
            self.add(toggle, f.rect(x, row_y(row) - 18, CONTROL_WIDTH, 36), hint)
        language_hint = self.language.hint_saying(self.language_hint)
        self.add(self.language, f.rect(x, row_y(5) - 22, CONTROL_WIDTH, 44), language_hint)

    # Changes -------------------------------------------------------------------------------

    def set_window_size(self, size: tuple[int, int]) -> None:
        if self.refused(self.size_refusal(size)):
            return
        self.app.set_window_size(size)  # saves, and lays every scene out again

    def set_fullscreen(self, _on: bool) -> None:
        self.app.toggle_fullscreen()  # saves, and lays every scene out again

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = round(value, 2)
        self.app.save_settings()
        now = time.monotonic()
        if now - self._last_sample >= SAMPLE_GAP:
            self._last_sample = now
            self.app.play_sound(SAMPLE_SOUND)

    def set_muted(self, muted: bool) -> None:
        self.app.settings.muted = muted
        self.app.save_settings()
        self.app.play_sound(SAMPLE_SOUND)  # silent when muted, the sample when unmuted

    def set_archive_limit(self, limit: int) -> None:
        self.app.settings.archive_limit = limit
        self.app.save_settings()

    def set_thinking(self, seconds: float) -> None:
        self.app.settings.bot_thinking = seconds
        self.app.save_settings()

    def set_ui_scale(self, scale: float) -> None:
        if self.refused(self.scale_refusal(scale)):
            return
        self.app.set_ui_scale(scale)  # saves; a window too small for it grows
        self.relayout()  # the window sizes the scale leaves out are greyed now

    def set_speed(self, speed: float) -> None:
        self.app.settings.animation_speed = speed
        self.app.save_settings()

    def set_reduce_motion(self, on: bool) -> None:
        self.app.settings.reduce_motion = on
        self.app.save_settings()

    def set_high_contrast(self, on: bool) -> None:
        self.app.set_high_contrast(on)  # saves, and draws every scene in the new colours

    def set_speak_the_game(self, on: bool) -> None:
        self.app.set_speak_the_game(on)  # saves, and starts or stops the voice

    def set_language(self, code: str) -> None:
        self.app.set_language(code)  # saves, and makes every menu on the stack again

    def in_language(self) -> SettingsScene:
        """Settings again in the new words, the keyboard's focus on the language picker when
        it was there (a language is chosen by the keys too)."""
        remade = SettingsScene(self.app)
        if self.keyboard_focus is self.language:
            remade.keyboard_focus, remade.focus_shown = remade.language, self.focus_shown
        return remade

    def refused(self, reason: str) -> bool:
        """A choice out of reach was picked: it is not taken (the picker shows the setting
        again) and the reason is said aloud; the hover hint shows it too."""
        if not reason:
            return False
        self.relayout()
        self.app.speech.say(reason)
        return True

    def back(self) -> bool:
        go_back(self.app)
        return True

    # What hovering a choice says ------------------------------------------------------------

    def size_hint(self, size: tuple[int, int]) -> str:
        refusal = self.size_refusal(size)
        if refusal:
            return refusal
        leaving = " (leaves full screen)" if self.app.settings.fullscreen else ""
        return f"Make the window {_dimensions(size)}{leaving}"

    def language_hint(self, code: str) -> str:
        """What choosing `code` does, said in that language (a player who cannot read the
        current one can still find theirs); over an open game, that its log keeps the lines
        told so far."""
        chosen = current_language()
        set_language(code)
        try:
            # Translators: said in the language offered: "in English" becomes that language's
            # own words ("auf Deutsch", "en français").
            if any(isinstance(scene, TableScene) for scene in self.app.stack.scenes):
                return _("Every word in English from now on; the game's log keeps its lines")
            return _("Every word in English, at once")
        finally:
            set_language(chosen)

    def scale_hint(self, scale: float) -> str:
        refusal = self.scale_refusal(scale)
        if refusal:
            return refusal
        if scale <= 1:
            return f"The interface follows the window, as small as {_dimensions(MIN_WINDOW_SIZE)}"
        least = _dimensions(smallest_window(scale))
        return f"Draw the interface at least {round(scale * 100)}%: a window of {least} or more"

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        general, accessibility = f.rect(*GENERAL), f.rect(*ACCESSIBILITY)
        hint = f.point(720, 639)
        title = heading_box("Settings", f.px(56), f.point(640, 70))
        self.draw_sky(surface, general, accessibility, title, self.hint_box(hint, f.px(760)))
        heading_with_glow(surface, "Settings", f.px(56), f.point(640, 70))
        general_rows = ("Window size", "Display", "Volume", "Sound", "Past games kept")
        self.draw_panel(surface, GENERAL, "General", (*general_rows, "Hard bots think"))
        self.draw_panel(
            surface,
            ACCESSIBILITY,
            "Accessibility",
            ("UI scale", "Animations", "Motion", "Colours", "Speech", _("Language")),
        )
        percent = "muted" if self.app.settings.muted else f"{round(self.volume.value * 100)} %"
        volume_x = GENERAL.left + CONTROL_INDENT + 282
        theme.blit_text(
            surface,
            percent,
            theme.BODY_FONT,
            f.px(20),
            theme.SILVER,
            "midleft",
            f.point(volume_x, row_y(2)),
        )
        if not self.app.sound_on:
            self.draw_note(surface, GENERAL, "No sound device was found: the game plays silently")
        note = self.app.speech.problem or self.scales_note()  # speech on but unheard first
        if note:
            self.draw_note(surface, ACCESSIBILITY, note)
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(760))
        self.draw_fade_in(surface)

    def draw_panel(
        self, surface: pygame.Surface, panel: pygame.Rect, title: str, labels: tuple[str, ...]
    ) -> None:
        f = self.frame
        theme.panel(surface, f.rect(*panel), alpha=238, radius=f.px(18))
        theme.blit_text(
            surface,
            title,
            theme.HEADING_FONT,
            f.px(30),
            theme.GOLD,
            "midleft",
            f.point(panel.left + LABEL_INDENT, panel.top + 40),
        )
        for row, label in enumerate(labels):
            theme.blit_text(
                surface,
                label,
                theme.BOLD_FONT,
                f.px(20),
                theme.MOONLIGHT,
                "midleft",
                f.point(panel.left + LABEL_INDENT, row_y(row)),
            )

    def draw_note(self, surface: pygame.Surface, panel: pygame.Rect, note: str) -> None:
        """`note` under the panel's rows, on as many lines as it needs."""
        f = self.frame
        width = f.px(panel.width - 2 * LABEL_INDENT)
        height = f.px(panel.bottom - NOTE_Y - 12)
        lines, pixels = theme.fit_lines(note, theme.BODY_FONT, f.px(17), width, height)
        theme.blit_lines_from(
            surface,
            lines,
            theme.BODY_FONT,
            pixels,
            theme.SILVER,
            "topleft",
            f.point(panel.left + LABEL_INDENT, NOTE_Y),
        )


def _greyed(options: Sequence[T], refusal: Callable[[T], str]) -> list[int]:
    """The indexes of the options `refusal` gives a reason against."""
    return [index for index, option in enumerate(options) if refusal(option)]


def _toggle_hint(
    on: Callable[[], bool], when_on: str, when_off: str
) -> Callable[[tuple[int, int]], str]:
    """A toggle's hover hint: what a click does, which depends on whether it is on."""
    return lambda _pos: when_on if on() else when_off


def _speed_hint(speed: float) -> str:
    if speed == 0:
        return "Every move happens at once, without animation"
    return f"Animations play {SPEED_LABELS.get(speed, str(speed)).lower()}"


def _archive_hint(limit: int) -> str:
    return f"Keep the last {limit} finished games for replays and statistics"


def _thinking_hint(seconds: float) -> str:
    return f"Hard bots search for up to {seconds:g} s a move: longer plays stronger"
