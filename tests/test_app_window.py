"""The window: F11 toggles fullscreen (remembered), resizing lays every scene out again, and
the window stays within MIN_WINDOW_SIZE..MAX_WINDOW_SIZE whatever the window manager, the
settings file or a resize event says (every screen at every size: tests/test_fuzz_windows.py)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui import desktop, theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.sizes import (
    MAX_SURFACE_SIDE,
    MAX_WINDOW_SIZE,
    MIN_WINDOW_SIZE,
    smallest_window,
    surface_size,
    window_size,
)
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import Settings, UserData


def _board(app: App) -> TableScene:
    seats = [SeatSpec("A", "human", None, "fox"), SeatSpec("B", "bot", "easy", "wolf")]
    return open_table(app, TABLE_GAMES["castle"], Match.new(CastleRules(), seats, 1))


def _laid_out(board: TableScene) -> tuple[int, int]:
    """The size the table and its board painter are laid out for."""
    assert board.screen.painter.layout is board.layout
    return board.layout.size


def test_f11_toggles_fullscreen_and_remembers_it(tmp_path: Path) -> None:
    app = App(UserData(tmp_path))
    app.stack.push(_board(app))
    assert app.size == (1280, 720)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert app.settings.fullscreen
    assert UserData(tmp_path).load_settings().fullscreen
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert not app.settings.fullscreen and app.size == (1280, 720)


def test_a_resize_lays_the_board_out_again(tmp_path: Path) -> None:
    app = App(UserData(tmp_path))
    board = _board(app)
    app.stack.push(board)
    app.step(1 / 60)
    small = board.layout.board.size
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    app.step(1 / 60)
    assert _laid_out(board) == (1920, 1080)
    assert board.layout.board.width > small[0]
    assert app.settings.window_width == 1920


def test_the_window_caption_matches_the_title(tmp_path: Path) -> None:
    App(UserData(tmp_path))
    assert pygame.display.get_caption()[0] == "Moonlight Desktop"


def display_window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def window_manager_resizes(app: App, size: tuple[int, int]) -> None:
    """The window changes size (a window manager ignoring the app's limits), then says so."""
    display_window().maximum_size = (100_000, 100_000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def test_the_window_manager_is_asked_to_hold_the_limits(tmp_path: Path) -> None:
    App(UserData(tmp_path))
    assert display_window().minimum_size == MIN_WINDOW_SIZE
    assert display_window().maximum_size == MAX_WINDOW_SIZE


@pytest.mark.parametrize(
    ("size", "held"),
    [
        ((10, 10), MIN_WINDOW_SIZE),
        ((300, 2000), (MIN_WINDOW_SIZE[0], 2000)),
        ((7700, 460), (MAX_WINDOW_SIZE[0], 460)),
    ],
)
def test_a_window_outside_the_limits_is_set_back_within_them(
    tmp_path: Path, size: tuple[int, int], held: tuple[int, int]
) -> None:
    app = App(UserData(tmp_path))
    board = _board(app)
    app.stack.push(board)
    window_manager_resizes(app, size)
    display = pygame.display.get_surface()
    assert display is not None and app.size == held == display.get_size()
    assert (app.settings.window_width, app.settings.window_height) == held
    assert _laid_out(board) == held
    assert display_window().minimum_size == MIN_WINDOW_SIZE  # given again after set_mode
    app.step(1 / 60)


def test_a_window_manager_that_insists_has_its_way(tmp_path: Path) -> None:
    """A tiling window manager puts the window back at its tile's size: the app asks once,
    then lays out there instead of resizing the window every frame."""
    app = App(UserData(tmp_path))
    app.stack.push(_board(app))
    window_manager_resizes(app, (600, 400))
    assert app.size == MIN_WINDOW_SIZE
    window_manager_resizes(app, (600, 400))
    assert app.size == (600, 400)
    app.step(1 / 60)
    window_manager_resizes(app, (300, 300))  # a new size below the minimum: asked again
    assert app.size == MIN_WINDOW_SIZE


def test_remembered_sizes_outside_the_limits_are_held_on_opening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        UserData, "load_settings", lambda _self: Settings(window_width=5, window_height=99_999)
    )
    app = App(UserData(tmp_path))
    assert app.size == (MIN_WINDOW_SIZE[0], MAX_WINDOW_SIZE[1])


def test_a_resize_event_is_not_taken_at_its_word(tmp_path: Path) -> None:
    """The window's real size counts, not the numbers an event carries."""
    app = App(UserData(tmp_path))
    for size in ((-5, 0), (0, 0), (2**31 - 1, 1)):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
        assert app.size == (1280, 720)


def test_the_settings_size_picker_goes_through_the_limits(tmp_path: Path) -> None:
    app = App(UserData(tmp_path))
    app.set_window_size((640, 360))
    assert app.size == MIN_WINDOW_SIZE
    assert UserData(tmp_path).load_settings().window_width == MIN_WINDOW_SIZE[0]


def test_window_and_surface_sizes_are_always_makeable() -> None:
    assert window_size((0, -3)) == MIN_WINDOW_SIZE
    assert window_size((10**9, 10**9)) == MAX_WINDOW_SIZE
    for width, height in ((0, 0), (-7, 3.4), (float("nan"), float("inf")), (-float("inf"), 1e308)):
        made = pygame.Surface(surface_size(width, height))
        assert 1 <= min(made.get_size()) <= max(made.get_size()) <= MAX_SURFACE_SIDE


# A window that fits the desktop -------------------------------------------------------------

SMALL_DESKTOP = pygame.Rect(0, 0, 1024, 600 - 48)
"""A 1024 x 600 netbook's screen less its taskbar."""


def _window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def _inside(area: pygame.Rect, size: tuple[int, int]) -> bool:
    """The window, title bar included, stands inside `area`."""
    left, top = _window().position
    placed = pygame.Rect(left, top - desktop.TITLE_BAR, size[0], size[1] + desktop.TITLE_BAR)
    return area.contains(placed)


def test_the_first_window_fits_a_small_desktop_centred(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(desktop, "usable_area", lambda: SMALL_DESKTOP)
    app = App(UserData(tmp_path))  # the first launch: 1280 x 720 remembered by default
    try:
        assert app.size == (910, 511)  # the largest 16:9 window under the title bar
        assert _inside(SMALL_DESKTOP, app.size)
        left, _top = _window().position
        assert abs((SMALL_DESKTOP.right - (left + app.size[0])) - left) <= 1  # centred
    finally:
        app.close()


@pytest.fixture
def full_hd(monkeypatch: pytest.MonkeyPatch) -> pygame.Rect:
    """A 1920 x 1080 desktop less its taskbar."""
    area = pygame.Rect(0, 0, 1920, 1080 - 48)
    monkeypatch.setattr(desktop, "usable_area", lambda: area)
    return area


def test_a_new_size_moves_the_window_back_onto_the_desktop(
    tmp_path: Path, full_hd: pygame.Rect
) -> None:
    area = full_hd
    app = App(UserData(tmp_path))
    try:
        _window().position = (1400, 700)  # dragged to the bottom right corner
        app.set_window_size((1600, 900))
        assert app.size == (1600, 900) and _inside(area, app.size)
        _window().position = (300, 100)
        app.set_window_size((1280, 720))
        assert _window().position == (300, 100)  # where it fits, it stays
    finally:
        app.close()


@pytest.mark.parametrize(
    ("area", "offered"),
    [
        (pygame.Rect(0, 0, 2560, 1400), [(1280, 720), (1600, 900), (1920, 1080)]),
        (pygame.Rect(0, 0, 1920, 1040), [(1280, 720), (1600, 900)]),
        (pygame.Rect(0, 0, 1366, 728), [(1223, 687)]),
        (pygame.Rect(0, 0, 1024, 552), [(910, 511)]),
        (pygame.Rect(0, 0, 800, 432), [MIN_WINDOW_SIZE]),  # none fits: the smallest there is
        (None, [(1280, 720), (1600, 900), (1920, 1080)]),  # no desktop (a headless driver)
    ],
)
def test_only_sizes_that_fit_are_offered(
    area: pygame.Rect | None, offered: list[tuple[int, int]]
) -> None:
    assert desktop.offered_sizes(area) == offered
    for size in offered:
        if area is not None and size != MIN_WINDOW_SIZE:
            width, height = desktop.room(area)
            assert size[0] <= width and size[1] <= height


def test_the_usable_area_is_asked_of_the_sdl_pygame_runs_on(app: App) -> None:
    """Under the dummy driver there is no desktop; the SDL library behind pygame (its video
    set up by the app) is found all the same, and answers for its display."""
    assert desktop.usable_area() is None
    library = desktop._sdl_library()
    assert library is not None
    assert desktop._asked_usable_area() is not None


# The UI scale setting -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scale", "least"),
    [(1.0, MIN_WINDOW_SIZE), (1.25, (1600, 900)), (1.75, (2240, 1260)), (2.0, (2560, 1440))],
)
def test_each_ui_scale_asks_for_a_window_the_design_fits_at_that_scale(
    scale: float, least: tuple[int, int]
) -> None:
    assert smallest_window(scale) == least
    if scale > 1:
        assert theme.ui_scale(least) == scale


def test_choosing_a_ui_scale_grows_the_window_at_once_and_holds_it(tmp_path: Path) -> None:
    app = App(UserData(tmp_path))
    board = _board(app)
    app.stack.push(board)
    app.set_ui_scale(1.5)
    assert app.size == (1920, 1080) and _laid_out(board) == (1920, 1080)
    assert display_window().minimum_size == (1920, 1080)
    assert UserData(tmp_path).load_settings().ui_scale == 1.5
    window_manager_resizes(app, (1300, 800))  # smaller than the scale allows: set back
    assert app.size == (1920, 1080)
    app.set_window_size((1280, 720))  # a preset too small for the scale grows to it
    assert app.size == (1920, 1080)
    app.set_ui_scale(1.0)  # a smaller scale leaves a large window as it is
    assert app.size == (1920, 1080) and display_window().minimum_size == MIN_WINDOW_SIZE


def test_a_ui_scale_the_desktop_has_no_room_for_gives_the_largest_window_that_fits(
    tmp_path: Path, full_hd: pygame.Rect
) -> None:
    """A scale remembered from a larger screen: the window is as large as this one allows."""
    app = App(UserData(tmp_path))
    try:
        app.set_ui_scale(2.0)
        assert app.size == (1763, 991) and _inside(full_hd, app.size)
        assert app.smallest_window() == (1763, 991)
    finally:
        app.close()
