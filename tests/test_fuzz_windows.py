"""Windows of any size. Every screen, in its busiest state, draws at tiny, huge and oddly shaped
sizes without an error; the window itself never gets smaller than MIN_WINDOW_SIZE (nor larger
than MAX_WINDOW_SIZE) whatever the window manager does; and at the minimum each screen's main
widgets stay inside the window without overlapping, with no text squeezed below the font floor.

The app is driven as the window manager would drive it: the display surface changes size and a
VIDEORESIZE (and WINDOWSIZECHANGED) event follows. Hypothesis tries sizes of its own
(MOONLIGHT_FUZZ=long for many more; see tests/fuzzing.py).
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.castle.moves import MoveTo
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.state import Phase
from moonlight_desktop.games.castle.ui.looks import figure_look
from moonlight_desktop.games.castle.ui.rules_text import CASTLE_RULES
from moonlight_desktop.games.castle.ui.setup import FOUNTAINS
from moonlight_desktop.saves import save_match
from moonlight_desktop.scenes.catalog import (
    GalleryScene,
    HandoffScene,
    PauseScene,
    RulesScene,
    SettingsScene,
    TableOverScene,
    TitleScene,
)
from moonlight_desktop.scenes.statistics import StatisticsScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.statistics import PlayerStats, VersusLevel
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import MenuScene
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.sizes import MAX_SURFACE_SIDE, MAX_WINDOW_SIZE, MIN_WINDOW_SIZE
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData
from tests.castle_scene_helpers import castle_setup, finished_demo_match, pause_menu

Size = tuple[int, int]
LONG_NAME = "WWWWWWWWWWWWWWWW"  # the longest name a seat may have, in the widest letters
TINY_AND_ODD: tuple[Size, ...] = (
    (1, 1), (10, 10), (10, 3000), (3000, 10), (799, 449), (300, 200), (3000, 600), (600, 3000),
)  # fmt: skip
THROUGH_THE_WINDOW: tuple[Size, ...] = (
    *TINY_AND_ODD, MIN_WINDOW_SIZE, (1920, 1080), (16000, 16000), (20000, 500),
)  # fmt: skip


def size_id(size: Size) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0  # every animation at its end: the busiest frame
    yield application
    application._worker.shutdown(wait=False)


# Every screen in its busiest state --------------------------------------------------------


@lru_cache(maxsize=1)
def finished_four_seat_game() -> Match[Any]:
    """Four players, one with the longest name, decided on the tie-break: the tallest
    game-over panel."""
    game = finished_demo_match(0, 4)
    seats = (replace(game.seats[0], name=LONG_NAME), *game.seats[1:])
    return Match(game.rules, replace(game.record, seats=seats, moves=list(game.record.moves)))


def castle_table(app: App, match: Match[Any]) -> TableScene:
    """Castle's table for `match`, as the gallery opens it."""
    return open_table(app, TABLE_GAMES["castle"], match)


def fountain_choice(app: App) -> TableScene:
    """Four seats; the human stands at a gold fountain with four ways to put pebbles back."""
    seats = [SeatSpec(LONG_NAME, "human", None, "fox")] + [
        SeatSpec(f"Bot {n}", "bot", "easy", look) for n, look in enumerate(("wolf", "raccoon"))
    ]
    seats.append(SeatSpec("Squirrel", "bot", "easy", "squirrel"))
    gold = [{"ritual": "return_two", "side": "gold"}] + [
        {"ritual": ritual, "side": "white"} for ritual in ("return_one", "one_color", "one_of_each")
    ]
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 0, "fountains": gold})
    scene = castle_table(app, match)
    app.stack.reset(scene)
    app.step(1 / 60)
    assert scene.controller.viewer == 0 and scene.controller.may_act()
    state = match._state  # test-only: four pebbles of three colours come out of the pouch
    state.pouch.extend([0, 1, 2, 0])
    assert scene.controller.submit(MoveTo(state.table.space_fountain.index(0)))
    for _ in range(3):
        app.step(1 / 60)
    assert state.phase == Phase.FOUNTAIN and len(scene.buttons) == 4
    assert not scene.presenter.busy and scene.controller.may_act()
    return scene


def busiest_setup(app: App) -> TableSetupScene:
    scene = castle_setup(app)
    setup = scene.setup
    while setup.can_add_seat():
        setup.add_seat()
    for index in range(len(setup.seats)):
        setup.set_name(index, LONG_NAME[: 16 - index])
    for fountain in FOUNTAINS:  # every one gold, each with the longest ritual there is left
        setup.set_option(fountain.key, fountain.choices[-1 - FOUNTAINS.index(fountain)].value)
    scene.message = "Two players have the same name: give each player a name of their own"
    return scene


def paused_and_asking(app: App) -> PauseScene:
    scene = pause_menu(app)
    scene.confirming = "quit"
    return scene


def gallery_with_a_game_to_continue(app: App) -> GalleryScene:
    save_match(app.user_data, fountain_choice(app).match)
    return GalleryScene(app, "Something went wrong. Your game was saved.")


SCREENS: dict[str, Callable[[App], list[Scene]]] = {
    "title": lambda app: [TitleScene(app)],
    "gallery": lambda app: [gallery_with_a_game_to_continue(app)],
    "setup": lambda app: [busiest_setup(app)],
    "rules": lambda app: [RulesScene(app, CASTLE_RULES)],
    "settings": lambda app: [SettingsScene(app)],
    "board": lambda app: [fountain_choice(app)],
    "pause": lambda app: [
        fountain_choice(app),
        pause_menu(app),
    ],
    "pause, asking": lambda app: [fountain_choice(app), paused_and_asking(app)],
    "hand-off": lambda app: [
        HandoffScene(
            app,
            LONG_NAME,
            figure_look("raccoon"),
            lambda: None,
            lambda: pause_menu(app),
        )
    ],
    "game over": lambda app: game_over(app),
    "game over, chart": lambda app: game_over(app, chart=True),
    "statistics": lambda app: [busiest_statistics(app)],
}


def busiest_statistics(app: App) -> StatisticsScene:
    """The longest name's page: a card for every game, three bot levels on one of them."""
    levels = tuple(VersusLevel(level, 9, 4) for level in ("easy", "normal", "hard"))
    stats = [
        PlayerStats(LONG_NAME, game_id, 999, 998, -1234.5, 99999, levels) for game_id in TABLE_GAMES
    ]
    stats += [PlayerStats(f"Player {n}", "castle", 1, 0, 3.0, 3, ()) for n in range(20)]
    return StatisticsScene(app, stats)


def game_over(app: App, chart: bool = False) -> list[Scene]:
    """The finished table under its results, "Show the results" placed in its action strip;
    the scores as numbers or as a chart."""
    match = finished_four_seat_game()
    table = castle_table(app, match)
    over = TableOverScene(
        app,
        TABLE_GAMES["castle"],
        match,
        TABLE_GAMES["castle"].standings(match),
        lambda: None,
        lambda: table.layout.actions,
    )
    over.view = "chart" if chart else "points"
    return [table, over]


def show(app: App, screen: str) -> Scene:
    """The screen on the app's stack, laid out for the current window; returns its top."""
    scenes = SCREENS[screen](app)
    app.stack.reset(scenes[0])
    for scene in scenes[1:]:
        app.stack.push(scene)
    if isinstance(scenes[-1], RulesScene):
        scroller = scenes[-1].scroller
        scroller.scroll_to(scroller.max_offset, at_once=True)  # the end of the text
    return scenes[-1]


def resize_window(app: App, size: Size) -> None:
    """What the window manager does: the window changes size, then says so. SDL's own window
    manager (the dummy driver's too) keeps the maximum size the app asked for, but set_mode
    forgets the minimum: a window too small reaches the app, which must hold the limit."""
    with warnings.catch_warnings():  # "forcibly resized": the maximum held
        warnings.simplefilter("ignore", RuntimeWarning)
        pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.step(1 / 60)


def laid_out_for(scene: Scene) -> Size:
    if isinstance(scene, TableScene):
        assert scene.screen.painter.layout is scene.layout  # what the board is drawn with
        return scene.layout.size
    assert isinstance(scene, MenuScene)
    return scene.frame.size


# Through the window: the limits hold -------------------------------------------------------


def within_limits(size: Size) -> bool:
    return all(
        low <= side <= high
        for low, side, high in zip(MIN_WINDOW_SIZE, size, MAX_WINDOW_SIZE, strict=True)
    )


@pytest.mark.parametrize("size", THROUGH_THE_WINDOW, ids=size_id)
def test_the_window_keeps_within_its_limits_under_every_screen(app: App, size: Size) -> None:
    """The window manager resizes the window under a stack holding every screen: the window
    is held within the limits before any screen lays out, and every screen draws there."""
    stack = [scene for screen in SCREENS for scene in SCREENS[screen](app)]
    app.stack.reset(stack[0])
    for scene in stack[1:]:
        app.stack.push(scene)
    resize_window(app, size)
    assert within_limits(app.size), app.size
    display = pygame.display.get_surface()
    assert display is not None and display.get_size() == app.size
    assert (app.settings.window_width, app.settings.window_height) == app.size
    for scene in stack:
        assert laid_out_for(scene) == app.size, scene
        scene.draw(app.window)
    for _ in range(2):
        app.step(1 / 60)
    assert within_limits(app.size)


# Any size, drawn directly: no surface of an invalid size -----------------------------------


def draw_at(app: App, screen: str, size: Size) -> None:
    """The screen laid out and drawn for `size`, past the app's limits (as full screen on a
    tiny display would): no surface of an invalid size anywhere, no error."""
    show(app, screen)
    surface = pygame.Surface(size)
    scenes = app.stack.visible()
    for scene in scenes:
        scene.on_resize(size)
    app.stack.update(1 / 60)
    for scene in scenes:
        scene.draw(surface)


@pytest.mark.parametrize("size", TINY_AND_ODD, ids=size_id)
def test_every_screen_draws_at_any_size(app: App, size: Size) -> None:
    for screen in SCREENS:
        draw_at(app, screen, size)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # `show` resets it
@given(
    screen=st.sampled_from(sorted(SCREENS)),
    width=st.integers(1, 2500),
    height=st.integers(1, 2500),
)
def test_any_screen_at_any_size(app: App, screen: str, width: int, height: int) -> None:
    draw_at(app, screen, (width, height))


# At the minimum: nothing overlaps or leaves the window -------------------------------------


def main_rects(scene: Scene) -> dict[str, pygame.Rect]:
    """The screen's main widgets and areas, which must not overlap each other."""
    if isinstance(scene, TableScene):
        layout = scene.layout
        rects = {"board": layout.board, "header": layout.header, "actions": layout.actions}
        rects |= {f"player {n}": row for n, row in enumerate(layout.seats)}
        return rects | {"supply": layout.extra, "log": layout.log}
    assert isinstance(scene, MenuScene)
    rects = {f"{type(w).__name__} {n}": w.rect for n, w in enumerate(scene.widgets)}
    if isinstance(scene, RulesScene):
        rects["scrollbar"] = scene.scroller.track()  # the text is its widget's rect
    return rects


@pytest.mark.parametrize("screen", SCREENS)
def test_at_the_minimum_nothing_overlaps_or_leaves_the_window(app: App, screen: str) -> None:
    resize_window(app, MIN_WINDOW_SIZE)
    scene = show(app, screen)
    app.step(1 / 60)
    window = pygame.Rect((0, 0), MIN_WINDOW_SIZE)
    rects = main_rects(scene)
    for name, rect in rects.items():
        assert rect.width > 0 and rect.height > 0, name
        assert window.contains(rect), (name, rect)
    for (a, rect_a), (b, rect_b) in itertools.combinations(rects.items(), 2):
        assert not rect_a.colliderect(rect_b), (a, b)
    if isinstance(scene, TableScene):
        layout = scene.layout
        assert layout.header.contains(layout.pause_button)
        for button in scene.buttons:
            assert layout.actions.contains(button.rect), button.label
        for one, other in itertools.combinations(scene.buttons, 2):
            assert not one.rect.colliderect(other.rect), (one.label, other.label)
    if isinstance(scene, TableOverScene):
        assert window.contains(scene.panel_rect)
        assert all(scene.panel_rect.contains(widget.rect) for widget in scene.widgets)


def text_sizes_drawn(app: App, size: Size, monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """Every font size the screens draw text at, in pixels, at `size` (before the floor)."""
    drawn: set[int] = set()
    real_text = theme.text

    def text(face: str, pixels: int, content: str, color: theme.Color) -> pygame.Surface:
        drawn.add(pixels)
        return real_text(face, pixels, content, color)

    monkeypatch.setattr(theme, "text", text)
    for screen in SCREENS:
        draw_at(app, screen, size)
    return drawn


def test_at_the_minimum_no_text_is_squeezed_below_the_font_floor(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No text is designed under theme.MIN_TEXT (13 px at 1280 x 720), so at the minimum
    window every text keeps its designed size relative to its box, above the 8 px floor; in a
    window where 13 px would scale below the floor, some text would stop shrinking with its
    box and spill out of it."""
    assert min(text_sizes_drawn(app, MIN_WINDOW_SIZE, monkeypatch)) >= theme.FONT_PIXELS[0]
    scale = (theme.FONT_PIXELS[0] - 1) / theme.MIN_TEXT
    smaller = (round(theme.BASE_SIZE[0] * scale), round(theme.BASE_SIZE[1] * scale))
    assert min(text_sizes_drawn(app, smaller, monkeypatch)) < theme.FONT_PIXELS[0]


def test_the_rules_text_fits_one_picture_at_the_largest_window(app: App) -> None:
    """The tallest thing drawn (the rules, one picture) is whole even at the largest window."""
    scene = RulesScene(app, CASTLE_RULES)
    app.stack.reset(scene)
    scene.on_resize(MAX_WINDOW_SIZE)
    assert scene.document is not None
    assert scene.document.surface.get_height() < MAX_SURFACE_SIDE
