"""Settings, in two panels. General: window size, full screen, volume and mute, how many past
games are kept, how long Hard bots think. Accessibility: UI scale, animation speed, reduce
motion, high contrast, speak the game (docs/accessibility.md), and the language
(docs/translating.md). Saved on every change."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import pygame

from moonlight_desktop.i18n import (
    LANGUAGES,
    N_,
    _,
    current_language,
    format_number,
    format_percent,
    ngettext,
    pgettext,
    set_language,
)
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
from moonlight_desktop.ui.widgets import Button, Slider, Toggle, blit_fitted
from moonlight_desktop.userdata import ANIMATION_SPEEDS, THINKING_TIMES, UI_SCALES

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

SPEED_HINTS: dict[float, str] = {
    0.5: N_("Animations play slow"),
    1.0: N_("Animations play normal"),
    2.0: N_("Animations play fast"),
}
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


def _seconds(seconds: float) -> str:
    return _("{seconds} s").format(seconds=format_number(seconds))


class SettingsScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.sizes = desktop.offered_sizes(desktop.usable_area())
        self.size_picker = Segmented[tuple[int, int]](
            name=_("Window size"),
            options=[(size, _dimensions(size)) for size in self.sizes],
            on_change=self.set_window_size,
        )
        self.fullscreen = Toggle(label=_("Full screen  (F11)"), on_change=self.set_fullscreen)
        self.volume = Slider(name=_("Volume"), value=settings.volume, on_change=self.set_volume)
        self.mute = Toggle(label=_("Mute"), value=settings.muted, on_change=self.set_muted)
        self.archive_limit = Segmented[int](
            name=_("Past games kept"),
            options=[(limit, format_number(limit)) for limit in ARCHIVE_LIMITS],
            on_change=self.set_archive_limit,
        )
        self.thinking = Segmented[float](
            name=_("Hard bots think"),
            options=[(seconds, _seconds(seconds)) for seconds in THINKING_TIMES],
            on_change=self.set_thinking,
        )
        self.ui_scale = Segmented[float](
            name=_("UI scale"),
            options=[(scale, format_percent(scale)) for scale in UI_SCALES],
            on_change=self.set_ui_scale,
        )
        self.speed = Segmented[float](
            name=_("Animations"),
            options=[(speed, _speed_label(speed)) for speed in ANIMATION_SPEEDS],
            on_change=self.set_speed,
        )
        self.reduce_motion = Toggle(label=_("Reduce motion"), on_change=self.set_reduce_motion)
        self.high_contrast = Toggle(label=_("High contrast"), on_change=self.set_high_contrast)
        self.speak = Toggle(label=_("Speak the game"), on_change=self.set_speak_the_game)
        self.language = Segmented[str](
            name=_("Language"),
            options=[(language.code, language.native_name) for language in LANGUAGES],
            on_change=self.set_language,
        )
        self.back_button = Button(label=_("Back"), on_click=lambda: go_back(self.app))
        self._last_sample = 0.0

    # What is out of reach ------------------------------------------------------------------

    def scale_refusal(self, scale: float, and_up: bool = False) -> str:
        """Why `scale` cannot be chosen here ("" when it can): the desktop has no room for a
        window the design fits in at that scale (`and_up`: nor at the larger ones)."""
        area = desktop.usable_area()
        least = smallest_window(scale)
        if area is None:
            return ""
        room = desktop.room(area)
        if least[0] <= room[0] and least[1] <= room[1]:
            return ""
        if and_up:
            message = _("{percent} and up need a {size} window; this screen has room for {room}")
        else:
            message = _("{percent} needs a {size} window; this screen has room for {room}")
        return message.format(
            percent=format_percent(scale), size=_dimensions(least), room=_dimensions(room)
        )

    def size_refusal(self, size: tuple[int, int]) -> str:
        """Why a window of `size` cannot be chosen ("" when it can): the UI scale wants a
        larger one."""
        least = self.app.smallest_window()
        if size[0] >= least[0] and size[1] >= least[1]:
            return ""
        return _("At UI scale {percent} the window is at least {size}").format(
            percent=format_percent(self.app.settings.ui_scale), size=_dimensions(least)
        )

    def scales_note(self) -> str:
        """What the Accessibility panel's note says: the scales out of reach, and why (a
        larger scale needs a larger window still)."""
        out_of_reach = [scale for scale in UI_SCALES if self.scale_refusal(scale)]
        if not out_of_reach:
            return ""
        if len(out_of_reach) == 1:
            return self.scale_refusal(out_of_reach[0])
        return self.scale_refusal(out_of_reach[0], and_up=True)

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
        self.add(self.back_button, self.frame.rect(60, 612, 180, 54), _("Back (Esc)"))

    def lay_out_general(self, f: Frame) -> None:
        settings = self.app.settings
        x = GENERAL.left + CONTROL_INDENT
        size_hint = self.size_picker.hint_saying(self.size_hint)
        self.add(self.size_picker, f.rect(x, row_y(0) - 22, CONTROL_WIDTH, 44), size_hint)
        fullscreen_hint = _toggle_hint(
            lambda: settings.fullscreen, _("Back to a window"), _("Fill the whole screen")
        )
        self.add(self.fullscreen, f.rect(x, row_y(1) - 18, 300, 36), fullscreen_hint)
        self.add(self.volume, f.rect(x + 12, row_y(2) - 14, 250, 28), _("Drag to set the volume"))
        mute_hint = _toggle_hint(
            lambda: settings.muted, _("Sound on again"), _("Silence every sound")
        )
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
                _("Let pieces fly, slide and fall again"),
                _("Nothing flies, slides or falls: pieces fade in where they go"),
            ),
            (
                self.high_contrast,
                lambda: settings.high_contrast,
                _("Back to the usual colours"),
                _("Stronger edges, and text on darker panels"),
            ),
            (
                self.speak,
                lambda: settings.speak_the_game,
                _("Stop speaking"),
                _("Say aloud the focus, each line of the log, whose turn it is and hints"),
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
        if self.app.settings.fullscreen:
            return _("Make the window {size} (leaves full screen)").format(size=_dimensions(size))
        return _("Make the window {size}").format(size=_dimensions(size))

    def language_hint(self, code: str) -> str:
        """What choosing `code` does, said in that language (a player who cannot read the
        current one can still find theirs)."""
        chosen = current_language()
        set_language(code)
        try:
            # Translators: said in the language offered: "in English" becomes that language's
            # own words ("auf Deutsch", "en français").
            return _("Every word in English, at once")
        finally:
            set_language(chosen)

    def scale_hint(self, scale: float) -> str:
        refusal = self.scale_refusal(scale)
        if refusal:
            return refusal
        if scale <= 1:
            return _("The interface follows the window, as small as {size}").format(
                size=_dimensions(MIN_WINDOW_SIZE)
            )
        return _("Draw the interface at least {percent}: a window of {size} or more").format(
            percent=format_percent(scale), size=_dimensions(smallest_window(scale))
        )

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        general, accessibility = f.rect(*GENERAL), f.rect(*ACCESSIBILITY)
        hint = f.point(720, 639)
        title = heading_box(_("Settings"), f.px(56), f.point(640, 70))
        self.draw_sky(surface, general, accessibility, title, self.hint_box(hint, f.px(760)))
        heading_with_glow(surface, _("Settings"), f.px(56), f.point(640, 70))
        general_rows = (_("Window size"), _("Display"), _("Volume"), _("Sound"))
        self.draw_panel(
            surface,
            GENERAL,
            _("General"),
            (*general_rows, _("Past games kept"), _("Hard bots think")),
        )
        self.draw_panel(
            surface,
            ACCESSIBILITY,
            _("Accessibility"),
            (_("UI scale"), _("Animations"), _("Motion"), _("Colours"), _("Speech"), _("Language")),
        )
        percent = _("muted") if self.app.settings.muted else format_percent(self.volume.value)
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
            self.draw_note(
                surface, GENERAL, _("No sound device was found: the game plays silently")
            )
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
        width = CONTROL_INDENT - LABEL_INDENT - 10
        for row, label in enumerate(labels):
            box = f.rect(panel.left + LABEL_INDENT, row_y(row) - ROW / 2 + 4, width, ROW - 8)
            blit_fitted(surface, label, theme.BOLD_FONT, f.px(20), theme.MOONLIGHT, box, "left")

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


def _speed_label(speed: float) -> str:
    """An animation speed's name (its hint says how it plays: SPEED_HINTS)."""
    named = {
        0.5: pgettext("animation speed", "Slow"),
        1.0: pgettext("animation speed", "Normal"),
        2.0: pgettext("animation speed", "Fast"),
        0.0: pgettext("animation speed", "Instant"),
    }
    return named.get(speed, f"{TIMES}{format_number(speed)}")


def _speed_hint(speed: float) -> str:
    if speed == 0:
        return _("Every move happens at once, without animation")
    if speed in SPEED_HINTS:
        return _(SPEED_HINTS[speed])
    return _("Animations play at {speed}").format(speed=_speed_label(speed))


def _archive_hint(limit: int) -> str:
    return ngettext(
        "Keep the last {count} finished game for replays and statistics",
        "Keep the last {count} finished games for replays and statistics",
        limit,
    ).format(count=format_number(limit))


def _thinking_hint(seconds: float) -> str:
    return _("Hard bots search for up to {seconds} a move: longer plays stronger").format(
        seconds=_seconds(seconds)
    )
