"""The pause menu over a game: resume, the rules, settings, about, leave the game or quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import MenuScene, dim, go_back, go_home, heading_with_glow
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.widgets import Button

from .menu_buttons import label_settings_and_about, settings_and_about_buttons

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

DIM_ALPHA = 170


class PauseScene(MenuScene):
    transparent = True
    ambient_motion = False  # over the table, which stands still under it

    def __init__(
        self, app: App, rules: Callable[[], Scene], lesson: bool = False, online: bool = False
    ) -> None:
        """`rules`: the game's rules reader. `lesson`: over a guided first game, which is
        not saved (leaving ends it). `online`: over an online table, which the game server
        keeps."""
        super().__init__(app)
        self.rules = rules
        self.lesson = lesson
        self.online = online
        self.confirming: str | None = None  # "gallery" or "quit" while asking
        self.asked_by: Button | None = None
        """The button that asked (the focus goes back to it when the player stays)."""
        self.resume_button = Button(on_click=self.resume, primary=True)
        self.rules_button = Button(on_click=self.open_rules)
        self.settings_button, self.about_button = settings_and_about_buttons(app)
        self.gallery_button = Button(on_click=self.ask_gallery)
        self.quit_button = Button(on_click=self.ask_quit)
        self.leave_button = Button(on_click=self.confirm)
        self.stay_button = Button(on_click=self.cancel, primary=True)

    def in_language(self) -> PauseScene:
        return PauseScene(self.app, self.rules, self.lesson, self.online)

    def layout(self) -> None:
        """The buttons, labelled in the language in use (it may change under Settings)."""
        f = self.frame
        self.resume_button.label, self.rules_button.label = _("Resume"), _("Rules")
        self.gallery_button.label, self.quit_button.label = _("Back to the gallery"), _("Quit")
        self.leave_button.label, self.stay_button.label = _("Leave"), _("Stay")
        label_settings_and_about(self.settings_button, self.about_button)
        if self.confirming:
            self.add(self.stay_button, f.centered(548, 398, 160, 54), _("Go back to the game"))
            self.add(
                self.leave_button,
                f.centered(732, 398, 160, 54),
                self._leave_hint(),
            )
            return
        buttons = (
            (self.resume_button, _("Back to the game (Esc)")),
            (self.rules_button, _("Read how to play")),
            (self.settings_button, _("Window, sound and speed")),
            (self.about_button, _("Version, credits and licences")),
            (
                self.gallery_button,
                _("End the lesson") if self.lesson else _("Leave this game for the gallery"),
            ),
            (self.quit_button, _("Close Moonlight Desktop")),
        )
        for number, (button, hint) in enumerate(buttons):
            height = 56 if button.primary else 48
            self.add(button, f.centered(640, 226 + number * 58, 300, height), hint)

    def heard_title(self) -> str:
        return _("Paused")

    def _leave_hint(self) -> str:
        if self.lesson:
            return _("Leave: start the lesson again from the gallery at any time")
        if self.online:
            return _("Leave: the game waits on the game server, under Play online")
        if self.confirming == "gallery":
            return _("Leave: the game waits in the gallery under Continue")
        return _("Close Moonlight Desktop: the game is saved")

    # Actions -------------------------------------------------------------------------------

    def resume(self) -> None:
        go_back(self.app)

    def open_rules(self) -> None:
        self.app.stack.push(self.rules())

    def ask_gallery(self) -> None:
        self.ask("gallery", self.gallery_button)

    def ask_quit(self) -> None:
        self.ask("quit", self.quit_button)

    def ask(self, leaving: str, asked_by: Button) -> None:
        """Asks before leaving: the keyboard's focus goes to Stay, the safe answer."""
        self.confirming, self.asked_by = leaving, asked_by
        self.relayout()
        self.move_focus(self.stay_button)

    def cancel(self) -> None:
        self.confirming = None
        self.relayout()
        self.move_focus(self.asked_by)

    def confirm(self) -> None:
        if self.confirming == "gallery":
            go_home(self.app)
        elif self.confirming == "quit":
            self.app.running = False

    def back(self) -> bool:
        if self.confirming:
            self.cancel()
        else:
            self.resume()
        return True

    def _kept_line(self) -> str:
        if self.lesson:
            return _("A lesson is not saved: start it again from the gallery.")
        if self.online:
            return _("The game server keeps it: come back under Play online.")
        return _("It is saved: continue it from the gallery.")

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        dim(surface, round(DIM_ALPHA * self.eased_appear))
        if self.confirming:
            panel = f.centered(640, 360, 540, 270)
            theme.panel(surface, panel, alpha=255, radius=f.px(20))
            question = (
                _("Leave this game?") if self.confirming == "gallery" else _("Quit the game?")
            )
            if self.lesson:
                question = _("Leave the lesson?") if self.confirming == "gallery" else _("Quit?")
            heading_with_glow(surface, question, f.px(44), f.point(640, 282))
            theme.blit_text(
                surface,
                self._kept_line(),
                theme.BODY_FONT,
                f.px(19),
                theme.SILVER,
                "center",
                f.point(640, 330),
            )
        else:
            panel = f.centered(640, 352, 420, 540)
            theme.panel(surface, panel, alpha=255, radius=f.px(20))
            heading_with_glow(surface, _("Paused"), f.px(52), f.point(640, 148))
        self.draw_widgets(surface)
        hint_y = 588 if not self.confirming else 458
        self.draw_hint(surface, f.point(640, hint_y), f.px(380 if not self.confirming else 480))
