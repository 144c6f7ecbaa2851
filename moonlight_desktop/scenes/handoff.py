"""Pass-and-play: covers the whole board and asks the next player to take the computer, so
nobody sees a hand, pebbles or money that are not theirs. Only their click (or Enter/Space)
shows the board. Any game: the seat's look comes as its colour and a way to draw it."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import (
    MenuScene,
    SeatLook,
    heading_box,
    heading_with_glow,
    sparkle,
    text_box,
)
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.sizes import new_surface
from moonlight_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HandoffScene(MenuScene):
    transparent = False  # opaque: the board below may show private pebbles

    def __init__(
        self,
        app: App,
        seat_name: str,
        look: SeatLook,
        on_ready: Callable[[], None],
        pause: Callable[[], Scene],
    ) -> None:
        """`pause`: the game's pause menu (Esc leaves or quits from here too)."""
        super().__init__(app)
        self.seat_name = seat_name
        self.look = look
        self.on_ready = on_ready
        self.pause = pause
        self.done = False
        self.ready_button = Button(on_click=self.ready, primary=True)

    def layout(self) -> None:
        """The button, labelled in the language in use (it may change under Settings, reached
        through the pause menu over this screen)."""
        f = self.frame
        self.ready_button.label = _("I'm {name} — show my hand").format(name=self.seat_name)
        width = theme.font(theme.BOLD_FONT, 22).size(self.ready_button.label)[0] + 80
        width = min(760, max(380, width))
        self.add(
            self.ready_button,
            f.centered(640, 584, width, 62),
            _("Show the table as {name} sees it (Enter)").format(name=self.seat_name),
        )

    def heard_title(self) -> str:
        return _("Pass the computer to {name}. Only {name} should look now.").format(
            name=self.seat_name
        )

    def title(self) -> str:
        return _("Pass the computer to {name}").format(name=self.seat_name)

    def only_them(self) -> str:
        return _("Only {name} should look now.").format(name=self.seat_name)

    def ready(self) -> None:
        """Pops the hand-off, then lets the board show this player's things (once)."""
        if self.done:
            return
        self.done = True
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.on_ready()

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in READY_KEYS:
            self.ready()
            return True
        return False

    def back(self) -> bool:
        self.app.stack.push(self.pause())
        return True

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        title = self.title()
        title_size = theme.fitted_size(title, theme.HEADING_FONT, f.px(54), f.px(1100))
        ready = self.only_them()
        hint = f.point(640, 664)
        self.draw_sky(
            surface,
            heading_box(title, title_size, f.point(640, 428)),
            text_box(ready, theme.BODY_FONT, f.px(24), "center", f.point(640, 490)),
            self.hint_box(hint, f.px(800)),
        )
        color = self.look.color
        center = f.point(640, 236)
        breathe = 0.5 + 0.5 * math.sin(self.time * 1.6)
        radius = f.px(118)
        halo = new_surface((radius * 4, radius * 4), pygame.SRCALPHA)
        middle = halo.get_width() // 2
        for step in range(12, 0, -1):
            alpha = round((14 + 6 * breathe) * (13 - step) / 12)
            pygame.draw.circle(halo, (*color, alpha), (middle, middle), radius + step * f.px(7))
        pygame.draw.circle(halo, (*theme.NIGHT_TOP, 230), (middle, middle), radius)
        pygame.draw.circle(halo, (*color, 255), (middle, middle), radius, width=f.px(4))
        surface.blit(halo, (center[0] - middle, center[1] - middle))
        self.look.draw(surface, (center[0], center[1] - f.px(2)), f.px(210))
        for angle, distance, size in ((0.6, 1.45, 9), (2.4, 1.35, 7), (4.2, 1.5, 8), (5.4, 1.3, 6)):
            twinkle = 0.5 + 0.5 * math.sin(self.time * 1.2 + angle * 3)
            spot = (
                center[0] + math.cos(angle) * radius * distance,
                center[1] + math.sin(angle) * radius * distance,
            )
            sparkle(surface, spot, f.px(size) * (0.7 + 0.4 * twinkle), int(90 + 150 * twinkle))
        heading_with_glow(surface, title, title_size, f.point(640, 428))
        theme.blit_text(
            surface,
            ready,
            theme.BODY_FONT,
            f.px(24),
            theme.SILVER,
            "center",
            f.point(640, 490),
        )
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(800))
        self.draw_fade_in(surface)
