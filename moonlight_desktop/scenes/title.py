"""The title screen: the moonlit backdrop, the collection's name with a slow shimmer, Play."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import N_, _, pgettext
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import MenuScene, backdrop, heading_with_glow, home_scene, sparkle
from moonlight_desktop.ui.widgets import Button

from .menu_buttons import label_settings_and_about, settings_and_about_buttons

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

TITLE = "Moonlight Desktop"
SUBTITLE = N_("Tabletop games by moonlight, around one computer")
SHIMMER_PERIOD = 5.5  # seconds between two passes of the light over the title
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

# Sparkles around the title: (x, y) in design units, size, phase.
SPARKLES: tuple[tuple[float, float, float, float], ...] = (
    (262, 214, 10, 0.0),
    (1046, 318, 8, 1.7),
    (410, 196, 5, 3.1),
    (214, 330, 6, 4.4),
    (832, 208, 6, 2.4),
    (1090, 232, 5, 5.2),
)


class TitleScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.play_button = Button(on_click=self.play, primary=True)
        self.settings_button, self.about_button = settings_and_about_buttons(app)
        self.quit_button = Button(on_click=self.quit)
        self.shimmer = 0.0
        """Seconds into the light's passes over the title (SHIMMER_PERIOD each)."""

    def in_language(self) -> TitleScene:
        return TitleScene(self.app)

    def layout(self) -> None:
        f = self.frame
        self.play_button.label = pgettext("start a game", "Play")
        self.quit_button.label = _("Quit")
        label_settings_and_about(self.settings_button, self.about_button)
        self.add(self.play_button, f.centered(640, 478, 280, 62), _("Choose a game to play"))
        self.add(self.settings_button, f.centered(420, 564, 190, 48), _("Window, sound and speed"))
        self.add(
            self.about_button, f.centered(640, 564, 190, 48), _("Version, credits and licences")
        )
        self.add(self.quit_button, f.centered(860, 564, 190, 48), _("Close Moonlight Desktop"))

    def heard_title(self) -> str:
        return _("{title}. {subtitle}. Press Enter to play").format(
            title=TITLE, subtitle=_(SUBTITLE)
        )

    # What the buttons do -------------------------------------------------------------------

    def play(self) -> None:
        self.app.stack.replace(home_scene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in PLAY_KEYS:
            self.play()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.play()  # a click anywhere but on the other buttons plays
            return True
        return False

    def hint(self) -> str | None:
        return super().hint() or _("Click anywhere or press Enter to play")

    def extra_hover(self) -> bool:
        return True  # the whole screen is a Play button

    # The light over the title ----------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._shimmering():
            self.shimmer += dt

    def _shimmering(self) -> bool:
        """The light crosses the title at an even pace while the ambient motion plays, and
        when that rests, goes on until it has left the letters (it never stops on them)."""
        return self.app.ambient.running or self._sweep() is not None

    def _sweep(self) -> float | None:
        """Where the band of light is, in text widths from the title's left edge; None while
        it is off the letters (between two passes)."""
        progress = (self.shimmer % SHIMMER_PERIOD) / SHIMMER_PERIOD
        sweep = progress * 1.8 - 0.4
        return sweep if -0.3 < sweep < 1.3 else None

    def next_frame_in(self) -> float | None:
        return 0.0 if self._shimmering() else super().next_frame_in()

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        surface.blit(backdrop(surface.get_size()), (0, 0))
        for x, y, size, phase in SPARKLES:
            twinkle = 0.5 + 0.5 * math.sin(self.time * 1.3 + phase)
            sparkle(
                surface, f.point(x, y), f.px(size) * (0.7 + 0.4 * twinkle), int(60 + 170 * twinkle)
            )
        size = f.px(100)
        center = f.point(640, 292)
        rect = heading_with_glow(surface, TITLE, size, center)
        self._draw_shimmer(surface, rect, size)
        line = f.px(2)
        y = f.y(362)
        for direction in (-1, 1):
            start = (rect.centerx + direction * f.px(40), y)
            end = (rect.centerx + direction * f.px(250), y)
            pygame.draw.line(surface, (*theme.GOLD,), start, end, line)
        sparkle(surface, (rect.centerx, y), f.px(9), 230, theme.GOLD)
        theme.blit_text(
            surface,
            _(SUBTITLE),
            theme.BODY_FONT,
            f.px(21),
            theme.SILVER,
            "center",
            f.point(640, 398),
        )
        self.draw_widgets(surface)
        self.draw_hint(surface, f.point(640, 668), f.px(900))
        self.draw_fade_in(surface)

    def _draw_shimmer(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """A band of light sweeping slowly across the letters."""
        sweep = self._sweep()
        if sweep is None:
            return
        white = theme.text(theme.HEADING_FONT, size, TITLE, (255, 252, 240)).copy()
        band = _band(white.get_height(), max(1, white.get_width() // 5))
        mask = pygame.Surface(white.get_size(), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        mask.blit(band, (round(sweep * white.get_width()) - band.get_width() // 2, 0))
        white.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(white, rect)
        # A glint rides along the tops of the letters with the light.
        if 0.02 < sweep < 0.98:
            strength = math.sin(math.pi * sweep)
            glint = (rect.left + sweep * rect.width, rect.top + rect.height * 0.27)
            sparkle(surface, glint, size * 0.16 * (0.6 + 0.4 * strength), int(230 * strength))


@lru_cache(maxsize=8)
def _band(height: int, width: int) -> pygame.Surface:
    """A soft vertical band of light: transparent at the edges, bright in the middle."""
    strip = pygame.Surface((32, 1), pygame.SRCALPHA)
    for x in range(32):
        alpha = int(235 * math.sin(math.pi * (x + 0.5) / 32) ** 2)
        strip.set_at((x, 0), (255, 255, 255, alpha))
    return pygame.transform.smoothscale(strip, (width, height))
