"""What every game-over screen shares: over the final board, a panel with the result as its
title, the game's own rows below it, and three ways on — look at the board, back to the
gallery, play again. Looking at the board puts the results aside behind one button."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import N_, _
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import MenuScene, dim, go_home, heading_with_glow, sparkle
from moonlight_desktop.ui.widgets import Button

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App


PLAY_AGAIN = (N_("Play again"), N_("A new game with the same players and options"))
"""The button that plays on and its hint, marked: `again` is translated where shown."""


class ResultsScene(MenuScene):
    transparent = True
    ambient_motion = False  # over the table, which stands still under it

    def __init__(
        self,
        app: App,
        title: str,
        play_again: Callable[[], None],
        again: tuple[str, str] = PLAY_AGAIN,
    ) -> None:
        """`again`: the label and hint of the button that plays on (marked with N_)."""
        super().__init__(app)
        self.title = title
        self.again_button = Button(label=_(again[0]), on_click=play_again, primary=True)
        self.again_hint = again[1]
        self.gallery_button = Button(
            label=_("Back to the gallery"), on_click=lambda: go_home(self.app)
        )
        self.board_button = Button(label=_("See the board"), on_click=self.toggle_board)
        self.results_button = Button(
            label=_("Show the results"), on_click=self.toggle_board, primary=True
        )
        self.peeking = False
        """The results are put aside to look at the final board."""

    # For the game's results ----------------------------------------------------------------

    def panel_size(self) -> tuple[float, float]:
        """The panel's width and height in design units."""
        raise NotImplementedError

    def results_place(self) -> pygame.Rect:
        """Where "Show the results" waits while the board is looked at: somewhere that covers
        neither the board nor the log."""
        raise NotImplementedError

    def draw_results(self, surface: pygame.Surface, panel: pygame.Rect, top: int) -> None:
        """The game's rows, from `top` down inside `panel`."""
        raise NotImplementedError

    # Shared --------------------------------------------------------------------------------

    @property
    def panel_rect(self) -> pygame.Rect:
        return self.frame.centered(640, 360, *self.panel_size())

    def layout(self) -> None:
        f = self.frame
        if self.peeking:
            self.add(self.results_button, self.results_place(), _("Back to the results (Esc)"))
            return
        bottom = (self.panel_rect.bottom - f.top) / f.scale
        self.add(
            self.board_button,
            f.rect(264, bottom - 80, 200, 54),
            _("Put the results aside to look at the final board"),
        )
        self.add(self.gallery_button, f.rect(480, bottom - 80, 250, 54), _("Leave for the gallery"))
        self.add(
            self.again_button,
            f.rect(746, bottom - 82, 270, 58),
            _(self.again_hint),
        )

    def heard_title(self) -> str:
        return self.title

    def results_top(self) -> int:
        """Where the game's rows start, under the title."""
        return self.panel_rect.top + self.frame.px(100)

    def toggle_board(self) -> None:
        self.peeking = not self.peeking
        self.relayout()
        self.move_focus(self.results_button if self.peeking else self.board_button)

    def back(self) -> bool:
        if self.peeking:
            self.toggle_board()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        if self.peeking:
            self.draw_widgets(surface)
            return
        dim(surface, round(150 * self.eased_appear))
        panel = self.panel_rect
        theme.panel(surface, panel, alpha=252, radius=f.px(22))
        y = panel.top + f.px(56)
        words, size = theme.fit(self.title, theme.HEADING_FONT, f.px(56), panel.width - f.px(120))
        title = heading_with_glow(surface, words, size, (panel.centerx, y))
        for side in (-1, 1):
            x = title.left - f.px(30) if side < 0 else title.right + f.px(30)
            sparkle(surface, (x, y), f.px(11), 230, theme.GOLD)
        self.draw_results(surface, panel, self.results_top())
        self.draw_widgets(surface)
