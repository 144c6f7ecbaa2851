"""The table scene with a minimal game screen: the loop from controller to presenter, hand-offs
and game over through the router, skipping, refusals, tooltips that never cover what they
explain, and a layout that fits at every window size and seat count."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Command, Event, Match, Move, SeatSpec
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.moons.moves import PlayCard
from moonlight_desktop.games.moons.view import MoonsView
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.game_ui import (
    Action,
    Hover,
    RulesSection,
    RulesText,
    Standings,
    TableContext,
)
from moonlight_desktop.ui.table.layout import MIN_LOG_HEIGHT, SEAT_ROW_LEAST, TableLayout
from moonlight_desktop.ui.table.presenter import Anchor, LogLine, PresenterBase
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.setup import SetupSpec
from moonlight_desktop.ui.table.spots import Spot, SpotScreen
from moonlight_desktop.ui.widgets import draw_tooltip
from moonlight_desktop.userdata import UserData


class PlainNarrator:
    """Each event in the log by its kind."""

    def describe(self, event: Event) -> list[LogLine]:
        return [LogLine(event.kind, getattr(event, "seat", None))]

    def summarize(self, played: Played) -> list[LogLine]:
        return []


class PlainPresenter(PresenterBase[MoonsView]):
    def __init__(self, view: MoonsView) -> None:
        super().__init__(view, narrator=PlainNarrator())

    def animate(self, event: Event) -> None:
        self.pause(0.2)
        super().animate(event)


class PlainScreen(SpotScreen):
    """Draws rectangles; a click anywhere on the board plays the first legal command (the
    keyboard's focus rests on the whole board)."""

    board_aspect = 1.5
    extra_height = 40.0

    def __init__(self, view: MoonsView) -> None:
        super().__init__()
        self.presenter = PlainPresenter(view)
        self.layout: TableLayout | None = None
        self.rows = len(view.hand_sizes)

    def relayout(self, layout: TableLayout) -> None:
        self.layout = layout

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return (anchor[1], anchor[2])

    table_title = "A plain table"

    def result(self, view: MoonsView) -> str | None:
        return None

    def waiting(self, view: MoonsView) -> tuple[int, ...]:
        return (0,)

    def stage(self, view: MoonsView) -> str:
        return "Somebody is doing something."

    def prompt(self, view: MoonsView, table: TableContext) -> str:
        return "Do something."

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        pygame.draw.rect(surface, (40, 40, 90), table.layout.board)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        pygame.draw.rect(surface, (60, 60, 120), rect)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        pygame.draw.rect(surface, (90, 60, 60), rect)

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None:
        pygame.draw.circle(surface, (200, 200, 200), centre, size // 2)

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return (200, 100 + 20 * seat, 100)

    def actions(self, table: TableContext) -> list[Action]:
        return [Action("First choice", table.legal()[0], primary=True)] if table.legal() else []

    def command_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        if table.layout.board.collidepoint(point) and table.legal():
            return table.legal()[-1]
        return None

    def dropped_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        return None  # every choice here is a click

    def spots(self, table: TableContext) -> list[Spot]:
        legal = table.legal()
        return [Spot(table.layout.board, "The board", legal[-1])] if legal else []

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        target = pygame.Rect(0, 0, 40, 40)
        target.center = point
        return Hover("What a click would do here", target)


class PlainUI:
    game_id = "moons"
    title = "Moons"
    pitch = "Planets and tricks."
    card_art = "icon.svg"
    rules = RulesText("How to play", (RulesSection("Goal", ("Win tricks.",)),))
    setup = SetupSpec("moons", 3, 6, 4, ("a", "b", "c", "d", "e", "f"), tuple("ABCDEF"))

    def players_label(self) -> str:
        return "3 to 6 players"

    def draw_look(
        self, surface: pygame.Surface, look: str, centre: tuple[float, float], size: int
    ) -> None:
        pygame.draw.circle(surface, self.look_color(look), centre, size // 2)

    def look_color(self, look: str) -> tuple[int, int, int]:
        return (200, 200, 200)

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> PlainScreen:
        view = match.view(viewer)
        assert isinstance(view, MoonsView)
        return PlainScreen(view)

    def private_seats(self, match: Match[Any]) -> frozenset[int]:
        return frozenset(n for n, s in enumerate(match.seats) if s.player == "human")

    def standings(self, match: Match[Any]) -> Standings:
        return Standings(())


class Router:
    def __init__(self) -> None:
        self.paused = 0
        self.hand_offs: list[int] = []
        self.over = 0
        self.ready: list[Callable[[], None]] = []

    def pause(self, table: TableScene) -> None:
        self.paused += 1

    def hand_off(self, table: TableScene, seat: int, on_ready: Callable[[], None]) -> None:
        self.hand_offs.append(seat)
        self.ready.append(on_ready)

    def game_over(self, table: TableScene, standings: Standings) -> None:
        self.over += 1


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 1.0
    yield application
    pygame.quit()


def _table(app: App, humans: int, seats: int = 4) -> tuple[TableScene, Router]:
    specs = [
        SeatSpec(f"p{n}") if n < humans else SeatSpec(f"b{n}", "bot", "easy") for n in range(seats)
    ]
    match = Match.new(GAMES["moons"].rules, specs, 5)
    bots = {n: make_bot("moons", "easy", n) for n in range(humans, seats)}
    router = Router()
    scene = TableScene(app, PlainUI(), match, bots, router, lambda m: None)
    scene.controller._bot_pause = 0.0
    app.stack.push(scene)
    return scene, router


def _frames(app: App, scene: TableScene, count: int, dt: float = 0.05) -> None:
    for _ in range(count):
        app.stack.update(dt)
        for future in list(scene.controller._thinking.values()):
            future.future.result(timeout=5)  # bots think on threads: let them finish
        app.stack.draw(app.window)


def test_a_bots_only_game_plays_to_game_over_through_the_presenter(app: App) -> None:
    scene, router = _table(app, humans=0)
    for _ in range(3000):
        _frames(app, scene, 1, dt=1.0)
        if router.over:
            break
    assert scene.match.is_over() and router.over == 1
    assert len(scene.presenter.log) >= len(scene.match.record.moves)


def test_a_hand_off_goes_to_the_router_and_the_seat_takes_the_screen(app: App) -> None:
    scene, router = _table(app, humans=2)
    _frames(app, scene, 3)
    assert router.hand_offs == [0] and scene.controller.viewer is None
    router.ready.pop()()
    _frames(app, scene, 3)
    assert scene.controller.viewer == 0 and scene.presenter.shown.viewer == 0


def test_clicks_and_buttons_submit_and_a_click_skips_an_animation(app: App) -> None:
    scene, _router = _table(app, humans=1)
    _frames(app, scene, 60)  # the bots lay their tableaux (each card animates)
    assert scene.controller.may_act() and scene.buttons
    moves = len(scene.match.record.moves)
    button = scene.buttons[0]
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)
    )
    assert len(scene.match.record.moves) == moves + 1
    _frames(app, scene, 1, dt=0.01)
    assert scene.presenter.busy
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.layout.board.center)
    )
    assert not scene.presenter.busy  # the click hurried the animation, it did not play


def _a_bots_move_animating(app: App, scene: TableScene) -> None:
    """Frames until a bot's command animates while the human at the screen still decides
    (everyone lays their tableau at once)."""
    for _ in range(400):
        moves = len(scene.match.record.moves)
        _frames(app, scene, 1, dt=0.02)
        bot_moved = len(scene.match.record.moves) > moves and scene.match.record.moves[-1].seat
        if bot_moved and scene.presenter.busy and scene.controller.may_act():
            return
    pytest.fail("no bot moved while the human decided")


def _click(app: App, point: tuple[int, int]) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))


def test_an_action_button_clicked_during_an_animation_acts_after_finishing_it(app: App) -> None:
    scene, _router = _table(app, humans=1)
    _frames(app, scene, 1)
    assert scene.controller.may_act() and not scene.presenter.busy and scene.buttons
    button = scene.buttons[0].rect.center  # as the human sees it, then a bot moves
    _a_bots_move_animating(app, scene)
    moves = len(scene.match.record.moves)
    _click(app, button)
    assert len(scene.match.record.moves) == moves + 1
    assert scene.match.record.moves[-1].seat == 0
    bot = scene.match.record.moves[-2].seat
    assert not scene.presenter.busy and scene.presenter.log[-1].seat == bot  # shown to its end
    shown = len(scene.presenter.log)
    _frames(app, scene, 2, dt=0.3)
    assert scene.presenter.log[shown].seat == 0  # then the human's


def test_the_strip_offers_a_choice_made_no_more_while_it_animates(app: App) -> None:
    scene, _router = _table(app, humans=1)
    _frames(app, scene, 1)
    chosen = scene.buttons[0]
    _click(app, chosen.rect.center)
    _frames(app, scene, 1, dt=0.01)
    assert scene.presenter.busy and scene.controller.may_act()  # the next card of the tableau
    assert not scene.buttons  # the next choices come once the board shows the first


def test_a_board_click_during_an_animation_plays_what_it_points_at(app: App) -> None:
    scene, _router = _table(app, humans=1)
    _a_bots_move_animating(app, scene)
    moves = len(scene.match.record.moves)
    meant = scene.controller.legal()[-1]  # what the plain screen's board means
    _click(app, scene.layout.board.center)
    assert scene.match.record.moves[moves:] == [Move(0, meant)]
    assert not scene.presenter.busy


def test_a_click_on_nothing_during_an_animation_only_finishes_it(app: App) -> None:
    scene, _router = _table(app, humans=1)
    _a_bots_move_animating(app, scene)
    moves = len(scene.match.record.moves)
    _click(app, scene.layout.extra.center)  # the game's strip: nothing to click there
    assert not scene.presenter.busy and len(scene.match.record.moves) == moves


def test_esc_and_the_pause_button_go_to_the_router(app: App) -> None:
    scene, router = _table(app, humans=1)
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.layout.pause_button.center)
    )
    assert router.paused == 2


def test_a_refused_command_shows_the_rule(app: App) -> None:
    scene, _router = _table(app, humans=1)
    _frames(app, scene, 2)
    scene.controller.submit(PlayCard(0))  # the tableau comes first
    _frames(app, scene, 1)
    assert "tableau" in scene.message


@pytest.mark.parametrize("size", [MIN_WINDOW_SIZE, (1280, 720), (1920, 1080), (3000, 600)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_table_layout_fits_without_overlap(size: tuple[int, int], seats: int) -> None:
    layout = TableLayout.for_window(size, seats, 1.4, 64)
    window = pygame.Rect((0, 0), size)
    parts = [layout.board, layout.header, layout.actions, *layout.seats, layout.extra, layout.log]
    for part in parts:
        assert window.contains(part), part
    panel_parts = [layout.header, layout.actions, *layout.seats, layout.extra, layout.log]
    for n, part in enumerate(panel_parts):
        for other in panel_parts[n + 1 :]:
            assert not part.colliderect(other), (part, other)
    assert not layout.board.colliderect(layout.panel)
    assert layout.header.contains(layout.pause_button)
    assert layout.log.height >= layout.px(40)


@pytest.mark.parametrize("extra", [0, 64])
@pytest.mark.parametrize("least", [MIN_LOG_HEIGHT, 180, 216])
def test_the_log_gets_the_least_height_asked_while_the_rows_can_shrink(
    extra: float, least: float
) -> None:
    layout = TableLayout.for_window((1280, 720), 3, 1.4, extra, least)
    assert layout.seats[0].height > layout.px(SEAT_ROW_LEAST)  # the rows had room to give
    assert layout.log.height >= layout.px(least)


def test_a_tooltip_is_never_drawn_over_what_it_explains(app: App) -> None:
    scene, _router = _table(app, humans=1)
    _frames(app, scene, 2)
    for point in [(20, 20), (640, 360), (10, 710), (1270, 5)]:
        target = pygame.Rect(0, 0, 40, 40)
        target.center = point
        target.clamp_ip(app.window.get_rect())
        before = app.window.copy()
        app.window.fill((0, 0, 0))
        app.window.fill((255, 0, 255), target)
        draw_tooltip(app.window, "A tip that explains the thing", target, scene.layout.px)
        inside = [app.window.get_at(p)[:3] for p in (target.center, target.topleft)]
        assert all(colour == (255, 0, 255) for colour in inside), point
        app.window.blit(before, (0, 0))
