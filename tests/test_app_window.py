"""The window: F11 toggles fullscreen (remembered), resizing lays every scene out again."""

from __future__ import annotations

import pygame

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.scene import CastleBoardScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.userdata import UserData


def _board(app: App) -> CastleBoardScene:
    seats = [SeatSpec("A", "human", None, "fox"), SeatSpec("B", "bot", "easy", "wolf")]
    return CastleBoardScene(app, Match.new(CastleRules(), seats, 1))


def test_f11_toggles_fullscreen_and_remembers_it(tmp_path):
    app = App(UserData(tmp_path))
    app.stack.push(_board(app))
    assert app.size == (1280, 720)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert app.settings.fullscreen
    assert UserData(tmp_path).load_settings().fullscreen
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert not app.settings.fullscreen and app.size == (1280, 720)


def test_a_resize_lays_the_board_out_again(tmp_path):
    app = App(UserData(tmp_path))
    board = _board(app)
    app.stack.push(board)
    app.step(1 / 60)
    small = board.painter.layout.board.size
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    app.step(1 / 60)
    assert board.painter.layout.size == (1920, 1080)
    assert board.painter.layout.board.width > small[0]
    assert app.settings.window_width == 1920


def test_the_window_caption_matches_the_title(tmp_path):
    App(UserData(tmp_path))
    assert pygame.display.get_caption()[0] == "Moonlight Desktop"
