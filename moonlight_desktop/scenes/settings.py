"""Settings: window size, full screen, volume and mute, animation speed, how many past games
are kept, how long Hard bots think. Saved on every change."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.ui import desktop, theme
from moonlight_desktop.ui.menu import MenuScene, Segmented, go_back, heading_box, heading_with_glow
from moonlight_desktop.ui.widgets import Button, Slider, Toggle
from moonlight_desktop.userdata import ANIMATION_SPEEDS, THINKING_TIMES

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

SPEED_LABELS: dict[float, str] = {0.5: "Slow", 1.0: "Normal", 2.0: "Fast", 0.0: "Instant"}
SAMPLE_SOUND = "pebble_drawn"
SAMPLE_GAP = 0.2  # seconds between two sample sounds while the volume is dragged
ARCHIVE_LIMITS: tuple[int, ...] = (50, 200, 500, 2000)
"""The numbers of finished games the archive may keep (the oldest go first)."""


class SettingsScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.sizes = desktop.offered_sizes(desktop.usable_area())
        self.size_picker = Segmented[tuple[int, int]](
            options=[(size, f"{size[0]} \N{MULTIPLICATION SIGN} {size[1]}") for size in self.sizes],
            on_change=self.set_window_size,
        )
        self.fullscreen = Toggle(label="Full screen  (F11)", on_change=self.set_fullscreen)
        self.volume = Slider(value=settings.volume, on_change=self.set_volume)
        self.mute = Toggle(label="Mute", value=settings.muted, on_change=self.set_muted)
        self.speed = Segmented[float](
            options=[
                (speed, SPEED_LABELS.get(speed, f"\N{MULTIPLICATION SIGN}{speed}"))
                for speed in ANIMATION_SPEEDS
            ],
            on_change=self.set_speed,
        )
        self.archive_limit = Segmented[int](
            options=[(limit, str(limit)) for limit in ARCHIVE_LIMITS],
            on_change=self.set_archive_limit,
        )
        self.thinking = Segmented[float](
            options=[(seconds, f"{seconds:g} s") for seconds in THINKING_TIMES],
            on_change=self.set_thinking,
        )
        self.back_button = Button(label="Back", on_click=lambda: go_back(self.app))
        self._last_sample = 0.0

    # Layout --------------------------------------------------------------------------------

    ROWS = (
        ("Window size", 176),
        ("Display", 236),
        ("Volume", 296),
        ("Sound", 356),
        ("Animations", 416),
        ("Past games kept", 476),
        ("Hard bots think", 536),
    )

    def layout(self) -> None:
        settings = self.app.settings
        current = (settings.window_width, settings.window_height)
        self.size_picker.index = -1  # none selected unless the window is one of the presets
        self.size_picker.select(current)
        if settings.fullscreen or current not in self.sizes:
            self.size_picker.index = -1
        self.fullscreen.value = settings.fullscreen
        self.volume.value = settings.volume
        self.mute.value = settings.muted
        self.speed.select(settings.animation_speed)
        self.archive_limit.index = -1  # none selected unless the limit is one offered
        self.archive_limit.select(settings.archive_limit)
        self.thinking.index = -1  # none selected unless the time is one offered
        self.thinking.select(settings.bot_thinking)
        f = self.frame
        control = 520  # left edge of the controls, design units
        size_hint = self.size_picker.hint_saying(_size_hint)
        self.add(self.size_picker, f.rect(control, 152, 560, 48), size_hint)
        self.add(
            self.fullscreen,
            f.rect(control, 218, 300, 36),
            lambda _pos: "Back to a window" if settings.fullscreen else "Fill the whole screen",
        )
        self.add(self.volume, f.rect(control + 12, 282, 440, 28), "Drag to set the volume")
        self.add(
            self.mute,
            f.rect(control, 338, 300, 36),
            lambda _pos: "Sound on again" if settings.muted else "Silence every sound",
        )
        self.add(self.speed, f.rect(control, 392, 560, 48), self.speed.hint_saying(_speed_hint))
        archive_hint = self.archive_limit.hint_saying(_archive_hint)
        self.add(self.archive_limit, f.rect(control, 452, 560, 48), archive_hint)
        thinking_hint = self.thinking.hint_saying(_thinking_hint)
        self.add(self.thinking, f.rect(control, 512, 560, 48), thinking_hint)
        self.add(self.back_button, f.rect(150, 612, 180, 54), "Back (Esc)")

    # Changes -------------------------------------------------------------------------------

    def set_window_size(self, size: tuple[int, int]) -> None:
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

    def set_speed(self, speed: float) -> None:
        self.app.settings.animation_speed = speed
        self.app.save_settings()

    def set_archive_limit(self, limit: int) -> None:
        self.app.settings.archive_limit = limit
        self.app.save_settings()

    def set_thinking(self, seconds: float) -> None:
        self.app.settings.bot_thinking = seconds
        self.app.save_settings()

    def back(self) -> bool:
        go_back(self.app)
        return True

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        panel, hint = f.rect(150, 132, 980, 440), f.point(720, 639)
        title = heading_box("Settings", f.px(60), f.point(640, 84))
        self.draw_sky(surface, panel, title, self.hint_box(hint, f.px(760)))
        heading_with_glow(surface, "Settings", f.px(60), f.point(640, 84))
        theme.panel(surface, panel, alpha=238, radius=f.px(18))
        for label, y in self.ROWS:
            theme.blit_text(
                surface,
                label,
                theme.BOLD_FONT,
                f.px(22),
                theme.MOONLIGHT,
                "midleft",
                f.point(210, y),
            )
        percent = "muted" if self.app.settings.muted else f"{round(self.volume.value * 100)} %"
        theme.blit_text(
            surface,
            percent,
            theme.BODY_FONT,
            f.px(20),
            theme.SILVER,
            "midleft",
            f.point(1000, 296),
        )
        if not self.app.sound_on:
            theme.blit_text(
                surface,
                "No sound device was found: the game plays silently",
                theme.BODY_FONT,
                f.px(16),
                theme.SILVER,
                "midleft",
                f.point(680, 356),
            )
        if self.app.settings.fullscreen:
            theme.blit_text(
                surface,
                "Choosing a size leaves full screen",
                theme.BODY_FONT,
                f.px(16),
                theme.SILVER,
                "midleft",
                f.point(860, 236),
            )
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(760))
        self.draw_fade_in(surface)


# What hovering a choice says ---------------------------------------------------------------


def _size_hint(size: tuple[int, int]) -> str:
    return f"Make the window {size[0]} \N{MULTIPLICATION SIGN} {size[1]}"


def _speed_hint(speed: float) -> str:
    if speed == 0:
        return "Every move happens at once, without animation"
    return f"Animations play {SPEED_LABELS.get(speed, str(speed)).lower()}"


def _archive_hint(limit: int) -> str:
    return f"Keep the last {limit} finished games for replays and statistics"


def _thinking_hint(seconds: float) -> str:
    return f"Hard bots search for up to {seconds:g} s a move: longer plays stronger"
