"""What a new player found when trying Moonlight Castle, each checked as they would see it:
counts that follow the animation, text that fits, legal spaces that stand out, window sizes
the desktop holds, a name field that says when it is full, a tile that falls where everyone
sees it, a quiet start without a sound card, turns phrased for any name, F12 saying where the
screenshot went, and no fountain ring where no fountain is."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.castle.board import board_named
from moonlight_desktop.games.castle.moves import MoveTo, Recover, ReturnPebbles, TilePushed
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.state import CastleState
from moonlight_desktop.games.castle.ui import painter as castle_painter
from moonlight_desktop.games.castle.ui.painter import pebble_icon as real_icon
from moonlight_desktop.games.castle.ui.presenter import (
    PILE_SCALE,
    CastlePresenter,
    Splash,
    pile_spot,
)
from moonlight_desktop.games.castle.ui.setup import CASTLE_SETUP
from moonlight_desktop.games.castle.view import CastleView
from moonlight_desktop.scenes.catalog import HandoffScene, SettingsScene, TableOverScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui import assets, desktop, theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.header import Header, header_for
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData
from tests.castle_scene_helpers import (
    castle_presenter,
    castle_screen,
    castle_setup,
    finished_demo_match,
)

from .castle_helpers import RULES, G, Spell, give, new_game, place, space_facing, tile_with

SIZES = ((800, 450), (1280, 720), (1920, 1080))
GOLD_RETURN_TWO = [
    {"ritual": "return_two", "side": "gold"},
    {"ritual": "one_color", "side": "white"},
]

NAME_LENGTH = CASTLE_SETUP.name_length


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0
    yield application
    application._worker.shutdown(wait=False)


def board_scene(app: App, seats: list[SeatSpec], **options: Any) -> TableScene:
    """Castle's table for a new game, as the setup opens it."""
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 0, **options})
    table = open_table(app, TABLE_GAMES["castle"], match)
    app.stack.push(table)
    for _ in range(3):
        app.step(1 / 60)
    return table


def solo(app: App, name: str = "Ana", **options: Any) -> TableScene:
    """One human (seat 0, at the screen) against a bot."""
    seats = [SeatSpec(name, "human", None, "fox"), SeatSpec("Wolf", "bot", "easy", "wolf")]
    return board_scene(app, seats, **options)


def settle(app: App, table: TableScene) -> None:
    """Frames until the table has shown what it was asked to (at least one)."""
    for _ in range(20):
        app.step(1 / 60)
        if not table.presenter.busy and not table.controller.requests:
            return
    raise AssertionError("the table kept animating")


def shown_view(table: TableScene, viewer: int | None) -> CastleView:
    view = table.match.view(viewer)
    assert isinstance(view, CastleView)
    return view


def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every text drawn from now on through theme.blit_text, with where it went (the table's
    header, Castle's seat rows and supply strip, the menus and the notices all draw their
    words through it)."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.blit_text

    def blit_text(surface: pygame.Surface, content: str, *args: Any) -> pygame.Rect:
        rect = real(surface, content, *args)
        drawn.append((content, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", blit_text)
    return drawn


# 1. Counts follow the animation ---------------------------------------------------------------


def shown_counts(display: CastlePresenter) -> list[tuple[int, tuple[int, int, int] | None]]:
    return [(seat.pebbles, seat.screen) for seat in display.seats]


def play_out(display: CastlePresenter, events: list[Any], viewer: int) -> list[Any]:
    """Plays `events` as `viewer` sees them to the end, returning the counts of every frame."""
    for event in events:
        display.animate(event.seen_by(viewer))
    frames = []
    while display.busy:
        display.update(1 / 60, speed=1.0)
        frames.append(shown_counts(display))
    return frames


@pytest.mark.parametrize("viewer", [0, 1], ids=["the drawer", "the other player"])
def test_putting_back_at_a_gold_fountain_never_shows_a_negative_count(viewer: int) -> None:
    """Seat 0 has no green pebble, draws R, Y, G, G at a gold fountain and puts both greens
    back. Between the draw and the choice the board snaps to the rules' view, which keeps
    the draw apart from the screen: the panel must still show what the animation showed."""
    state = new_game(options={"fountains": GOLD_RETURN_TWO})
    give(state, 0, red=2, yellow=2)
    display = CastlePresenter(RULES.view(state, viewer), ["Ana", "Bo"])
    fountain = state.table.space_fountain.index(0)
    frames = play_out(display, RULES.apply(state, 0, MoveTo(fountain)), viewer)
    drawn = frames[-1]
    assert drawn[0][0] == 8  # four behind the screen, four drawn
    display.show_view(RULES.view(state, viewer))  # what the table does as the player chooses
    assert shown_counts(display) == drawn, "the panel jumped when nothing moved"
    frames += play_out(display, RULES.apply(state, 0, ReturnPebbles(0, 0, 2)), viewer)
    for pebbles, screen in (seat for frame in frames for seat in frame):
        assert pebbles >= 0 and (screen is None or min(screen) >= 0)
    assert shown_counts(display)[0][0] == 6
    if viewer == 0:
        assert shown_counts(display)[0][1] == (3, 3, 0)
    finished = shown_counts(display)
    display.show_view(RULES.view(state, viewer))
    assert shown_counts(display) == finished


# 2. Text that fits, counts clear of their icons, a button clear of the log --------------------


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize(
    "prompt",
    [
        "Hide in a glowing space, or stay and recover the tile beside you.",
        "Recover the glowing tile beside you, or end your turn.",
        "No space can be reached: you must pass.",
        "Waiting for Maximilian-Ann to take the seat.",
    ],
)
def test_the_turn_banner_shows_its_prompt_whole(
    app: App, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], prompt: str
) -> None:
    table = solo(app)
    surface = pygame.Surface(size)
    table.on_resize(size)
    screen = castle_screen(table)
    header = header_for(screen, table.table)
    assert (header.seat, header.title) == (0, "Your turn")
    monkeypatch.setattr(table, "header", lambda _table: Header(0, "Your turn", prompt))
    drawn = texts_drawn(monkeypatch)
    table.draw(surface)  # the table draws its header from the screen's turn
    header = table.layout.header
    assert any(text == "Your turn" and header.contains(rect) for text, rect in drawn)
    lines = [(text, rect) for text, rect in drawn if header.contains(rect) and text != "Your turn"]
    assert " ".join(text for text, _rect in lines) == prompt
    for (_a, one), (_b, other) in itertools.pairwise(lines):
        assert one.bottom <= other.top + 1  # one line under another, none over another


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_counts_in_the_panel_never_touch_an_icon(
    app: App, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The supply row's counts (room for three digits) and those behind a screen (two: the
    game has 60 pebbles) stay clear of every pebble and of the pouch."""
    table = solo(app)
    surface = pygame.Surface(size)
    table.on_resize(size)
    painter, layout = castle_screen(table).painter, table.layout
    assert painter.layout is layout
    icons: list[pygame.Rect] = []

    def pebble_icon(
        target: pygame.Surface, color: int | None, centre: tuple[float, float], side: int
    ) -> None:
        icons.append(pygame.Rect(0, 0, side, side).move_to(center=centre))
        real_icon(target, color, centre, side)

    monkeypatch.setattr(castle_painter, "pebble_icon", pebble_icon)
    drawn = texts_drawn(monkeypatch)
    pouch = pygame.Rect(0, 0, layout.px(40), layout.px(44))
    pouch.center = (round(painter.pouch_centre()[0]), round(painter.pouch_centre()[1]))
    display = castle_presenter(table)
    for count in (9, 42, 100, 888):
        display.pouch_count, display.paid, display.castle_count = count, (count,) * 3, count
        display.fallen = [(0,)] * count
        display.seats[0].screen = (min(count, 60), 10, 7)
        icons.clear()
        drawn.clear()
        painter.draw_supply(surface, display)
        painter.draw_seat(surface, layout.seats[0], 0, display, True)
        for area, expected in [(layout.extra, 7), (layout.seats[0], None)]:
            texts = [rect for _text, rect in drawn if area.contains(rect)]
            inside = [icon for icon in icons if area.contains(icon)]
            if expected is not None:  # 4 counts, the pouch's count and 2 labels
                assert len(texts) == expected and len(inside) == 3
                inside.append(pouch)
            else:  # the name, the jewels and tiles, a count after each of the 3 pebbles
                assert len(texts) == 6 and len(inside) == 3
                assert [text for text, rect in drawn if rect in texts][-3:] == [
                    str(min(count, 60)),
                    "10",
                    "7",
                ]
            for text, icon in itertools.product(texts, inside):
                assert not text.colliderect(icon), (count, text, icon)
            for one, other in itertools.combinations(texts, 2):
                assert not one.colliderect(other), (count, one, other)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_show_the_results_covers_neither_the_board_nor_the_log(
    app: App, size: tuple[int, int]
) -> None:
    match = finished_demo_match(3, 4)
    app.window = pygame.display.set_mode(size)
    table = open_table(app, TABLE_GAMES["castle"], match)
    app.stack.push(table)
    app.step(1 / 60)  # the finished game goes to game over, as at the end of play
    over = app.stack.top
    assert isinstance(over, TableOverScene) and app.stack.scenes[0] is table
    app.step(1 / 60)
    over.toggle_board()
    app.step(1 / 60)
    button = over.results_button.rect
    layout = table.layout
    assert layout.size == size
    for name, rect in [
        ("board", layout.board),
        ("header", layout.header),
        ("supply", layout.extra),
        ("log", layout.log),
        *((f"player {n}", row) for n, row in enumerate(layout.seats)),
    ]:
        assert not button.colliderect(rect), name
    assert pygame.Rect((0, 0), size).contains(button)
    assert over.widgets == [over.results_button]


# 3. Legal spaces stand out --------------------------------------------------------------------


def test_legal_spaces_glow_with_a_cost_badge_and_the_others_are_dimmed(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = solo(app)
    state: CastleState = scene.match._state  # test-only: no green pebble, so no green space
    give(state, 0, red=1, yellow=1, green=0)
    castle_presenter(scene).show_view(shown_view(scene, scene.controller.viewer))
    assert scene.controller.may_act() and not scene.presenter.busy
    screen = castle_screen(scene)
    legal = screen.offer(scene.table).spaces
    table = screen.table
    greens = [space for space in range(table.space_count) if table.space_color[space] == G]
    assert legal and greens and not legal & set(greens)
    badges = screen.painter.badge_places()
    for one, other in itertools.combinations(sorted(legal), 2):
        assert not badges[one].colliderect(badges[other]), (one, other)
    painter = screen.painter
    chosen: list[tuple[int, int]] = []
    real_choice = painter.draw_choice

    def draw_choice(surface: pygame.Surface, space: int, cost: int, lit: float) -> None:
        chosen.append((space, cost))
        real_choice(surface, space, cost, lit)

    monkeypatch.setattr(painter, "draw_choice", draw_choice)
    scene.draw(app.window)
    assert sorted(chosen) == sorted((space, table.space_color[space]) for space in legal)
    frame = app.window.copy()
    static = painter.static_layer()
    board = painter.layout.board  # type: ignore[union-attr]

    def brightness(surface: pygame.Surface, point: tuple[float, float]) -> int:
        return sum(surface.get_at((round(point[0]), round(point[1])))[:3])

    for space in greens:  # dimmed: much darker than the garden drawn under them
        x, y = painter.space_centre(space)
        under = brightness(static, (x - board.left, y - board.top))
        assert brightness(frame, (x, y)) < under * 0.5, space
    px = painter.layout.px  # type: ignore[union-attr]
    for space in legal:
        middle = pygame.Rect(0, 0, px(20), px(14))
        middle.center = painter.badge_places()[space].center
        glowing = [
            frame.get_at((x, y))[:3] == theme.GLOW
            for x in range(middle.left, middle.right)
            for y in range(middle.top, middle.bottom)
        ]
        assert sum(glowing) > len(glowing) * 0.4, space  # a pill of the glow, text on it
        x, y = painter.space_centre(space)
        outer, width = painter.choice_ring(space)
        ring = outer - width / 2
        for dx, dy in RING:  # all round, STYLE.md's glow (#7FE3FF at 60%, or more where a
            # neighbour's halo adds to it) over the garden
            point = (round(x + dx * ring), round(y + dy * ring))
            pixel = frame.get_at(point)
            under = static.get_at((point[0] - board.left, point[1] - board.top))
            for channel, glow in enumerate(theme.GLOW):
                lit = 0.6 * glow + 0.4 * under[channel]
                assert abs(pixel[channel] - glow) <= abs(lit - glow) + 12, (space, pixel, under)


RING = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""Directions in which a legal space's ring is checked."""


# 4. Window sizes the desktop holds ------------------------------------------------------------


@pytest.mark.parametrize(
    ("screen", "offered"),
    [
        ((2560, 1440), [(1280, 720), (1600, 900), (1920, 1080)]),
        ((1920, 1080), [(1280, 720), (1600, 900)]),
        ((1366, 768), [(1208, 679)]),
        ((1024, 768), [(1024, 576)]),
    ],
)
def test_settings_offer_only_window_sizes_that_fit_the_desktop(
    app: App,
    monkeypatch: pytest.MonkeyPatch,
    screen: tuple[int, int],
    offered: list[tuple[int, int]],
) -> None:
    area = pygame.Rect(0, 0, screen[0], screen[1] - desktop.TASKBAR_GUESS)
    monkeypatch.setattr(desktop, "usable_area", lambda: area)
    settings = SettingsScene(app)
    app.stack.push(settings)
    app.step(1 / 60)
    assert [size for size, _label in settings.size_picker.options] == offered
    last = settings.size_picker.segment(len(offered) - 1).center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=last, button=1))
    assert app.size == offered[-1]
    assert app.size[0] <= screen[0] and app.size[1] < screen[1]


# 5. A name field that says when it is full ----------------------------------------------------


def test_a_full_name_field_refuses_more_in_plain_sight(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = castle_setup(app)
    app.stack.push(setup)
    app.step(1 / 60)
    field = setup.rows[0].name
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=field.rect.center, button=1))
    for _ in range(len(field.value)):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Maximiliana-Josefa"))
    assert len(field.value) == NAME_LENGTH and not field.refusing
    assert field.counter() == f"{NAME_LENGTH}/{NAME_LENGTH}"
    assert setup.limit_note() is None
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="!!"))
    assert field.value == "Maximiliana-Josefa" == setup.setup.seats[0].name
    assert field.refusing
    drawn = texts_drawn(monkeypatch)
    setup.draw(app.window)
    shown = [text for text, _rect in drawn]
    assert f"A name has {NAME_LENGTH} characters at most" in shown
    assert f"{NAME_LENGTH}/{NAME_LENGTH}" in shown
    border = app.window.get_at((field.rect.centerx, field.rect.top + 1))[:3]
    assert border == theme.WARNING
    later = pygame.time.get_ticks() + 5000
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: later)
    assert not field.refusing and setup.limit_note() is None


# 6. A tile falls off the path, where everyone sees it -----------------------------------------


def a_push_that_drops_a_tile() -> tuple[CastleState, CastlePresenter, list[Any]]:
    state = new_game()
    tile = tile_with((G, G), Spell.TWO_ARROWS)
    place(state, 1, tile)
    state.spots[0] = space_facing(state, 1)
    give(state, 0, green=2)
    display = CastlePresenter(RULES.view(state, 0), ["Ana", "Bo"])
    events = RULES.apply(state, 0, Recover())
    assert [e.fell_off is not None for e in events if isinstance(e, TilePushed)] == [False, True]
    return state, display, events


def test_a_tile_pushed_off_the_end_tips_falls_accelerating_bounces_and_stays_on_the_pile() -> None:
    state, display, events = a_push_that_drops_a_tile()
    falling = display.path[-1]
    assert falling is not None
    sounds: list[tuple[str, float]] = []
    clock = [0.0]
    display.sound = lambda name: sounds.append((name, clock[0]))
    for event in events:
        display.animate(event)
    end = display.position(len(display.path) - 1)
    beyond = display.position(len(display.path))
    track: list[tuple[float, float, float, float, float]] = []  # time, x, y, angle, scale
    while display.busy:
        display.update(1 / 240, speed=1.0)
        clock[0] += 1 / 240
        if falling in display.loose:
            track.append((clock[0], falling.at[1], falling.at[2], falling.angle, falling.scale))
    # Pushed out past the end of the path first, along its last step...
    pushed = [point for point in track if point[3] == 0.0]
    assert pushed and pushed[-1][1:3] == pytest.approx(beyond[1:3])
    assert abs(beyond[1] - end[1]) > 0
    # ...then it tips and falls: downwards, faster and faster, turning faster and faster.
    falling_part = [point for point in track if PILE_SCALE < point[4] < 1]  # in the air
    steps = [(b[2] - a[2]) / (b[0] - a[0]) for a, b in itertools.pairwise(falling_part)]
    quarter = len(steps) // 4
    assert sum(steps[-quarter:]) > 3 * sum(steps[:quarter]) > 0
    spins = [abs(b[3] - a[3]) for a, b in itertools.pairwise(falling_part)]
    assert sum(spins[-quarter:]) > 2 * sum(spins[:quarter])
    # It lands on the pile with a bounce (it rises once more) and a sound, then stays there.
    bouncing = [point[2] for point in track if point[4] == PILE_SCALE]
    assert min(bouncing) < min(bouncing[0], bouncing[-1]) - 2
    names = [name for name, _at in sounds]
    assert names.index("tile_fallen") < names.index("tile_landed")
    landed_at = dict(sounds)["tile_landed"]
    assert landed_at > dict(sounds)["tile_fallen"] + 0.3  # heard as it lands, not as it tips
    assert falling not in display.loose and not display.splashes
    assert display.fallen == [falling.front] == list(RULES.view(state, 0).fallen)
    assert falling.scale == PILE_SCALE
    assert abs(falling.at[1] - display.pile[1]) < 20 and abs(falling.at[2] - display.pile[2]) < 20


def test_the_landing_throws_up_a_puff_of_dust() -> None:
    _state, display, events = a_push_that_drops_a_tile()
    for event in events:
        display.animate(event)
    seen: list[Splash] = []
    while display.busy:
        display.update(1 / 120, speed=1.0)
        seen += display.splashes
    assert seen and all(splash.at == display.pile for splash in seen)


@pytest.mark.parametrize(("speed", "slower"), [(0.5, True), (2.0, False)])
def test_the_fall_follows_the_animation_speed(speed: float, slower: bool) -> None:
    def seconds_falling(at_speed: float) -> float:
        _state, display, events = a_push_that_drops_a_tile()
        for event in events:
            display.animate(event)
        falling = display.path[-1]
        elapsed = 0.0
        while display.busy:
            display.update(1 / 240, speed=at_speed)
            if falling in display.loose:
                elapsed += 1 / 240
        return elapsed

    normal = seconds_falling(1.0)
    assert (seconds_falling(speed) > normal * 1.5) if slower else (seconds_falling(speed) < normal)


def test_an_instant_fall_ends_on_the_pile_at_once() -> None:
    state, display, events = a_push_that_drops_a_tile()
    for event in events:
        display.animate(event)
    display.update(0.0, speed=0.0)
    assert not display.busy and not display.loose and not display.splashes
    assert display.fallen == list(RULES.view(state, 0).fallen)


@pytest.mark.parametrize("level", ["moonlit_garden", "rose_garden"])
def test_zirroz_s_pile_lies_below_the_path_s_end_clear_of_everything(level: str) -> None:
    board = board_named(level)
    _kind, x, y = pile_spot(board)
    last = board.path[-1]
    assert y > last.y + board.tile_size  # below the end: the tiles fall to it
    half = board.tile_size * PILE_SCALE * 0.75  # the pile's reach, tilted tiles included
    assert half < x < board.width - half and half < y < board.height - half
    for space in [*board.spaces, *board.recesses]:
        assert (x - space.centre.x) ** 2 + (y - space.centre.y) ** 2 > (space.radius + half) ** 2
    for spot in board.path:
        assert max(abs(x - spot.x), abs(y - spot.y)) > board.tile_size / 2 + half * 0.6


def test_the_pile_is_drawn_where_the_tile_landed(app: App) -> None:
    scene = solo(app)
    display, painter = castle_presenter(scene), castle_screen(scene).painter
    x, y = painter.resolve(display.pile)
    around = pygame.Rect(0, 0, painter.tile_pixels(), painter.tile_pixels())
    around.center = (round(x), round(y))

    def pixels() -> bytes:
        scene.draw(app.window)
        return pygame.image.tobytes(app.window.subsurface(around), "RGB")

    empty = pixels()
    display.fallen = [(0, 1)]
    assert pixels() != empty


# 7. A quiet start without a sound card --------------------------------------------------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's")
def test_no_sound_card_starts_quietly_and_the_log_says_sound_is_off(tmp_path: Path) -> None:
    """SDL's ALSA driver with a card that is not there: ALSA prints a screenful on stderr
    (from C, past Python) wherever the mixer is opened without care."""
    environment = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "alsa",
        "ALSA_CARD": "MoonlightNoSuchCard",
        DATA_DIR_VARIABLE: str(tmp_path),
    }
    started = subprocess.run(
        [sys.executable, "-c", "from moonlight_desktop.window import play; play(True)"],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert started.returncode == 0, started.stderr
    assert started.stderr == ""
    assert "sound is off" in (tmp_path / "moonlight.log").read_text(encoding="utf-8")


def test_settings_say_when_there_is_no_sound_device(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = settings_texts(app, monkeypatch)
    assert not any("No sound device" in text for text in texts())
    app.sound_on = False
    assert any("No sound device" in text for text in texts())


def settings_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> Callable[[], list[str]]:
    """Opens Settings; each call draws it again and gives the texts it drew."""
    settings = SettingsScene(app)
    app.stack.push(settings)
    app.step(1 / 60)
    drawn = texts_drawn(monkeypatch)

    def texts() -> list[str]:
        drawn.clear()
        settings.draw(app.window)
        return [text for text, _rect in drawn]

    return texts


# 8. Turns for any name, F12 says where, no ring without a fountain ----------------------------


def test_the_turn_title_reads_right_whatever_the_name(app: App) -> None:
    scene = solo(app, name="You")
    assert header_for(castle_screen(scene), scene.table).title == "Your turn"
    scene.presenter.reseat(shown_view(scene, None))  # nobody's things shown at the screen
    scene.presenter.skip()
    assert header_for(castle_screen(scene), scene.table).title == "You to play"
    seats = [SeatSpec("Zirroz", "human", None, "fox"), SeatSpec("Max", "human", None, "wolf")]
    shared = board_scene(app, seats)
    assert isinstance(app.stack.top, HandoffScene)
    assert "'s" not in str(app.stack.top.hints.values())
    app.stack.top.ready()
    settle(app, shared)
    screen = castle_screen(shared)
    assert header_for(screen, shared.table).title == "Your turn, Zirroz"
    assert shared.controller.may_act() and not shared.presenter.busy
    assert shared.controller.submit(MoveTo(min(screen.offer(shared.table).spaces)))
    settle(app, shared)  # the move is shown, then Zirroz's pebbles hidden for the hand-off
    assert isinstance(app.stack.top, HandoffScene)
    assert header_for(screen, shared.table).title == "Max to play"


def test_f12_says_where_the_screenshot_went(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    solo(app)
    app.step(1 / 60)
    before = app.window.copy()
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode=""))
    shots = list((app.user_data.folder / "screenshots").glob("*.png"))
    assert len(shots) == 1
    assert app.notice == f"Screenshot saved to {shots[0]}"
    drawn = texts_drawn(monkeypatch)
    app.step(1 / 60)
    shown = "".join(text for text, _rect in drawn).replace(" ", "")
    assert str(shots[0]).replace(" ", "") in shown  # on as many lines as it takes
    bottom = pygame.Rect(0, app.size[1] * 3 // 4, app.size[0], app.size[1] // 4)
    assert pygame.image.tobytes(app.window.subsurface(bottom), "RGB") != pygame.image.tobytes(
        before.subsurface(bottom), "RGB"
    )
    saved = pygame.image.load(str(shots[0]))  # the notice is not in the picture itself
    assert pygame.image.tobytes(saved, "RGB") == pygame.image.tobytes(before, "RGB")


def test_a_recess_without_a_fountain_is_bare_ground(app: App) -> None:
    seats = [SeatSpec(name, "human", None, look) for name, look in (("A", "fox"), ("B", "wolf"))]
    seats.append(SeatSpec("C", "bot", "easy", "raccoon"))
    scene = board_scene(app, seats)
    painter = castle_screen(scene).painter
    board = castle_screen(scene).table.board
    unused = [r for r in board.recesses if r not in board.recesses_for(3)]
    assert unused
    layer = painter.static_layer()
    art = assets.image("castle/garden_background.svg", layer.get_width(), layer.get_height())
    offset = painter.layout.board.topleft  # type: ignore[union-attr]
    for recess in unused:
        x, y = painter.to_screen(recess.centre.x, recess.centre.y)
        reach = round(recess.radius * painter.map_scale)
        area = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        area.center = (round(x - offset[0]), round(y - offset[1]))
        assert pygame.image.tobytes(layer.subsurface(area), "RGB") == pygame.image.tobytes(
            art.subsurface(area), "RGB"
        )


def test_the_stage_says_how_many_tiles_the_castle_holds_and_when_it_is_empty(app: App) -> None:
    """What the header tells whoever is not asked: the tiles left in the castle, the last round
    said first, and an empty castle said in words ("0 tiles left" read oddly)."""
    screen = castle_screen(solo(app))
    view = screen.presenter.shown
    assert screen.stage(view) == f"{view.castle_count} tiles left in the castle."
    assert screen.stage(replace(view, castle_count=1)) == "1 tile left in the castle."
    last = replace(view, castle_count=0, last_round=True)
    assert screen.stage(last) == "The last round. The castle is empty."
