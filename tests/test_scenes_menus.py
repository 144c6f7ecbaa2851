"""The menu scenes driven like a player would: synthetic mouse and keyboard events through the
App, frames stepped by hand, on the dummy video driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.ui.description import JEWEL_PICTURES
from moonlight_desktop.games.castle.ui.looks import figure_look
from moonlight_desktop.games.castle.ui.rules_text import CASTLE_RULES
from moonlight_desktop.games.castle.ui.setup import CASTLE_SETUP, WHITE
from moonlight_desktop.games.castle.ui.standings import SHARED_NOTE, TIE_BREAK_NOTE, final_view
from moonlight_desktop.saves import save_match
from moonlight_desktop.scenes import gallery as gallery_module
from moonlight_desktop.scenes.catalog import (
    SCENES,
    AboutScene,
    GalleryScene,
    HandoffScene,
    PauseScene,
    RulesScene,
    SettingsScene,
    TableOverScene,
    TitleScene,
    all_scenes_for_smoke_test,
)
from moonlight_desktop.scenes.menu_buttons import settings_and_about_buttons
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui import desktop, theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import MenuScene, Segmented
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.scrolling import DRAG_HINT
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE
from moonlight_desktop.ui.table.game_ui import GameUI
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.setup import TableSetup
from moonlight_desktop.ui.widgets import LABEL_PX, Widget
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData
from tests import scroll_helpers
from tests.castle_scene_helpers import (
    castle_setup,
    finished_demo_match,
    is_castle_setup,
    pause_menu,
)
from tests.text_scenes import long_named_seats, mid_game, played

BOARD_COLOR = (200, 180, 90)
CASTLE_UI = TABLE_GAMES["castle"]


class FakeBoard(Scene):
    """Stands in for a game's table: one flat colour, remembers its match and game."""

    def __init__(self, app: App, match: Match[Any], ui: GameUI | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.ui = ui

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BOARD_COLOR)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    yield application
    application._worker.shutdown(wait=False)


@pytest.fixture
def fake_board(monkeypatch: pytest.MonkeyPatch) -> type[FakeBoard]:
    """The gallery's setups open a FakeBoard where they would open the game's table."""

    def fake_table(app: App, ui: GameUI, match: Match[Any]) -> FakeBoard:
        return FakeBoard(app, match, ui)

    monkeypatch.setattr(gallery_module, "open_table", fake_table)
    monkeypatch.setattr(gallery_module, "open_own_table", fake_table)  # a new game
    return FakeBoard


# Driving the app ----------------------------------------------------------------------------


def step(app: App, frames: int = 3, dt: float = 0.1) -> None:
    for _ in range(frames):
        app.step(dt)


def click(app: App, target: Widget | tuple[int, int], dx: int = 0) -> None:
    pos = target.rect.center if isinstance(target, Widget) else target
    pos = (pos[0] + dx, pos[1])
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 1)


def press(app: App, key: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    step(app, 1)


def type_text(app: App, text: str) -> None:
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def top(app: App) -> Scene:
    assert app.stack.top is not None
    return app.stack.top


def open_setup(app: App) -> TableSetupScene:
    app.stack.push(GalleryScene(app))
    step(app)
    gallery = top(app)
    assert isinstance(gallery, GalleryScene)
    click(app, gallery.cards[0])
    setup = top(app)
    assert is_castle_setup(setup)
    return setup


def default_match() -> Match[Any]:
    return TableSetup.default(CASTLE_SETUP).to_match(CastleRules(), seed=1)


# Title and gallery --------------------------------------------------------------------------


def test_title_to_gallery_to_setup(app: App) -> None:
    app.stack.push(TitleScene(app))
    step(app)
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.play_button)
    gallery = top(app)
    assert isinstance(gallery, GalleryScene)
    assert len(app.stack.scenes) == 1  # the title replaced itself
    click(app, gallery.cards[0])
    assert is_castle_setup(top(app))
    press(app, pygame.K_ESCAPE)
    assert top(app) is gallery


@pytest.mark.parametrize("how", ["enter", "anywhere"])
def test_title_plays_on_enter_or_any_click(app: App, how: str) -> None:
    app.stack.push(TitleScene(app))
    step(app)
    if how == "enter":
        press(app, pygame.K_RETURN)
    else:
        click(app, (20, 20))
    assert isinstance(top(app), GalleryScene)


def test_a_segmented_pickers_hint_says_the_value_under_the_mouse(app: App) -> None:
    """`Segmented.hint_saying`: the words for the segment under the mouse, nothing off it."""
    picker = Segmented[int](options=[(1, "One"), (2, "Two"), (3, "Three")])
    picker.place(pygame.Rect(100, 100, 300, 40), 1.0)
    hint = picker.hint_saying(lambda value: f"Pick {value}")
    assert [hint(picker.segment(n).center) for n in range(3)] == ["Pick 1", "Pick 2", "Pick 3"]
    assert hint((50, 120)) == ""


def test_title_quit_and_settings(app: App) -> None:
    title = TitleScene(app)
    app.stack.push(title)
    step(app)
    click(app, title.settings_button)
    assert isinstance(top(app), SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is title
    app.running = True
    click(app, title.quit_button)
    assert app.running is False


def test_the_settings_and_about_buttons_open_their_screens_over_any_scene(app: App) -> None:
    """The title, the gallery and the pause menu share one pair of Settings and About buttons
    (`settings_and_about_buttons`): each opens its screen over the scene, Esc comes back."""
    title = TitleScene(app)
    app.stack.reset(title)
    settings, about = settings_and_about_buttons(app)
    assert (settings.label, about.label) == ("Settings", "About")
    for button, screen in ((settings, SettingsScene), (about, AboutScene)):
        button.on_click()
        step(app)
        assert isinstance(top(app), screen)
        press(app, pygame.K_ESCAPE)
        assert top(app) is title


def test_gallery_shows_the_games_that_play_in_the_window(app: App) -> None:
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    assert [card.game_id for card in gallery.cards] == ["castle", "market", "moons", "samarkand"]
    assert [card.title for card in gallery.cards] == [
        "Moonlight Castle",
        "Moonlight Market",
        "Moons",
        "Le Marché de Samarkand",
    ]
    press(app, pygame.K_RETURN)
    assert is_castle_setup(top(app))
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TableSetupScene)


def games_in_progress(app: App) -> None:
    """A game of each kind saved part-way, with the longest names: four Continue buttons."""
    for game_id, ui in TABLE_GAMES.items():
        started = Match.new(game_spec(game_id).rules, long_named_seats(ui, ui.setup.max_seats), 3)
        save_match(app.user_data, played(started, mid_game))


@pytest.mark.parametrize("size", [MIN_WINDOW_SIZE, (1280, 720), (1920, 1080)])
def test_the_continue_buttons_share_one_text_size(app: App, size: tuple[int, int]) -> None:
    games_in_progress(app)
    app.window = pygame.display.set_mode(size)
    app.settings.animation_speed = 0.0
    gallery = GalleryScene(app)
    app.stack.reset(gallery)
    step(app)
    assert len(gallery.continue_buttons) == 4
    boxes = [button.rect for button in gallery.continue_buttons.values()]
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
        texts = drawing.take().texts
    labels = [text for text in texts if any(box.contains(text.ink) for box in boxes)]
    assert {text.content for text in labels} >= {"Continue Moons", "de Samarkand"}
    assert len({text.pixels for text in labels}) == 1, [(t.content, t.pixels) for t in labels]
    # the size that fits the longest: at that size alone does its label fit
    longest = gallery.continue_buttons["samarkand"]
    assert labels[0].pixels == longest.label_lines(longest.px(LABEL_PX))[1]


def test_the_gallery_leads_to_about_and_back(app: App) -> None:
    gallery = GalleryScene(app)
    app.stack.reset(gallery)
    step(app)
    click(app, gallery.about_button)
    assert isinstance(top(app), AboutScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is gallery


# The setup ----------------------------------------------------------------------------------


def test_setup_starts_the_game_and_remembers_it(app: App, fake_board: type[FakeBoard]) -> None:
    setup = open_setup(app)
    click(app, setup.add_button)
    assert len(setup.setup.seats) == 3
    full_moon = setup.option_choices["full_moon"]
    click(app, full_moon, dx=full_moon.rect.width // 3)  # -> On
    click(app, setup.rows[2].kind, dx=setup.rows[2].kind.rect.width // 3)  # -> Bot — easy
    click(app, setup.seed)
    type_text(app, "4x2")
    assert setup.seed.value == "42"
    click(app, setup.start_button)
    board = top(app)
    assert isinstance(board, FakeBoard)
    assert [type(scene) for scene in app.stack.scenes] == [GalleryScene, FakeBoard]
    assert board.ui is CASTLE_UI
    match = board.match
    assert match.record.seed == 42
    assert match.record.options["full_moon"] is True
    assert [(s.name, s.player, s.level, s.look) for s in match.seats] == [
        ("Player 1", "human", None, "squirrel"),
        ("Wolf (normal)", "bot", "normal", "wolf"),
        ("Fox (easy)", "bot", "easy", "fox"),
    ]
    assert match.record.options["fountains"] == [
        {"ritual": ritual, "side": "white"} for ritual in ("return_two", "return_one", "one_color")
    ]
    remembered = app.user_data.load_setup("castle")
    assert remembered is not None and len(remembered["seats"]) == 3
    # A new session opens the setup as it was left (without the seed).
    again = App(UserData(app.user_data.folder))
    restored = castle_setup(again).setup
    assert [seat.name for seat in restored.seats] == ["Player 1", "Wolf (normal)", "Fox (easy)"]
    assert restored.options["full_moon"] is True and restored.seed_text == ""
    again._worker.shutdown(wait=False)


def test_setup_refuses_bad_input_and_changes_nothing(app: App, fake_board: type[FakeBoard]) -> None:
    setup = open_setup(app)
    name = setup.rows[0].name
    click(app, name)
    assert name.focused
    for _ in range(len(name.value)):
        press(app, pygame.K_BACKSPACE)
    assert setup.setup.seats[0].name == ""
    press(app, pygame.K_RETURN)  # ends typing; does not start
    assert top(app) is setup
    scenes_before = list(app.stack.scenes)
    click(app, setup.start_button)
    assert setup.message is not None and "needs a name" in setup.message
    assert app.stack.scenes == scenes_before
    assert app.user_data.load_setup("castle") is None
    step(app)  # the message draws in the warning colour without trouble
    type_text(app, "Ana")  # typing goes nowhere: the field lost focus
    click(app, name)
    type_text(app, "Ana")
    assert setup.message is None and setup.setup.seats[0].name == "Ana"


def test_figure_picker_swaps_and_rituals_stay_distinct(app: App) -> None:
    setup = open_setup(app)
    picker = setup.rows[0].look
    click(app, picker, dx=picker.rect.width // 3)  # step on: the wolf, which seat 2 has
    assert [seat.look for seat in setup.setup.seats] == ["wolf", "squirrel"]
    assert setup.rows[1].look.value == "squirrel"
    first, second = (setup.option_choices[f"fountain_{n}"] for n in (1, 2))
    click(app, first, dx=first.rect.width // 3)  # white -> the first ritual
    click(app, second, dx=-second.rect.width // 3)  # white -> the last ritual
    click(app, first, dx=-first.rect.width // 3)  # back: white
    click(app, first, dx=-first.rect.width // 3)  # back: the last ritual, which 2 had
    rituals = [setup.setup.options[f"fountain_{n}"] for n in range(1, 5)]
    assert rituals[:2] == ["one_of_each", "return_two"] and WHITE not in rituals[:2]
    assert [first.value, second.value] == rituals[:2]


def test_corrupt_remembered_setup_falls_back_to_defaults(app: App) -> None:
    path = app.user_data.setup_path("castle")
    path.parent.mkdir(parents=True, exist_ok=True)
    for content in ("{not json", json.dumps({"version": 1, "seats": [{"kind": 3}]}), "[1, 2]"):
        path.write_text(content, encoding="utf-8")
        scene = castle_setup(app)
        assert scene.setup == TableSetup.default(CASTLE_SETUP)
        app.stack.reset(scene)
        step(app)


def test_setup_reaches_the_rules_and_back(app: App) -> None:
    setup = open_setup(app)
    click(app, setup.rules_button)
    assert isinstance(top(app), RulesScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is setup


def test_hover_says_what_a_click_does(app: App) -> None:
    setup = open_setup(app)
    pos = setup.start_button.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert setup.hint() == "Start the game with 2 players (Enter)"
    kind = setup.rows[1].kind
    pos = (kind.rect.right - 5, kind.rect.centery)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert setup.hint() == (
        "Change to Bot — hard: searches ahead, up to the time Settings give it (1.5 s at most)"
    )


def test_option_rows_too_close_for_their_help_say_it_on_hover(app: App) -> None:
    setup = open_setup(app)
    click(app, setup.add_button)
    click(app, setup.add_button)  # four players: nine rows of options
    fountain = setup.option_choices["fountain_1"]
    pos = (fountain.rect.right - 5, fountain.rect.centery)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert setup.hint() == "Change to Gold: put back 2 — One per player. Draw 4, put back 2."
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
        texts = [text.content for text in drawing.take().texts]
    assert "Fountain 1" in texts and not any(text.startswith("One per") for text in texts)


# Rules and settings -------------------------------------------------------------------------


def test_rules_scene_scrolls(app: App) -> None:
    rules = RulesScene(app, CASTLE_RULES)
    app.stack.push(GalleryScene(app))
    app.stack.push(rules)
    step(app)
    scroller = rules.scroller
    assert scroller.offset == 0 and scroller.max_offset > 0
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    step(app, 10)
    assert scroller.offset > 0
    press(app, pygame.K_END)
    step(app, 20)
    assert scroller.offset == pytest.approx(scroller.max_offset)
    assert rules.current_section() == len(rules.document.section_tops) - 1  # type: ignore[union-attr]
    press(app, pygame.K_HOME)
    step(app, 20)
    assert scroller.offset == 0
    press(app, pygame.K_DOWN)
    step(app, 20)
    assert scroller.offset > 0
    click(app, rules.nav_rect(4).center)  # jump to a section
    step(app, 20)
    assert rules.current_section() == 4
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), GalleryScene)


def test_rules_scene_scrolls_by_its_bar(app: App) -> None:
    app.settings.animation_speed = 0.0
    rules = RulesScene(app, CASTLE_RULES)
    app.stack.push(GalleryScene(app))
    app.stack.push(rules)
    step(app)
    scroller = rules.scroller
    thumb, track = scroller.thumb(), scroller.track()
    scroll_helpers.drag(app.handle, thumb.center, (thumb.centerx, track.bottom))
    step(app, 1)
    assert scroller.offset == scroller.max_offset
    assert rules.current_section() == len(rules.sections) - 1
    scroll_helpers.click(app.handle, (track.centerx, track.top + 2))  # a page back up
    step(app, 1)
    assert scroller.offset == pytest.approx(scroller.max_offset - scroller.rect.height * 0.9)
    scroll_helpers.motion(app.handle, rules.nav_rect(0).center)
    assert rules.hint() == f"Jump to “{rules.sections[0].title}”"
    scroll_helpers.motion(app.handle, scroller.thumb().center)
    assert rules.hint() == DRAG_HINT


def test_settings_changes_persist(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1200)])
    settings = SettingsScene(app)
    app.stack.push(settings)
    step(app)
    slider = settings.volume
    click(app, (slider.rect.left + slider.rect.width // 4, slider.rect.centery))
    assert app.settings.volume == pytest.approx(0.25, abs=0.02)
    click(app, settings.mute)
    assert app.settings.muted
    click(app, settings.speed.segment(3).center)  # Instant
    assert app.settings.animation_speed == 0.0
    click(app, settings.size_picker.segment(1).center)  # 1600 x 900
    assert app.size == (1600, 900)
    assert settings.frame.size == (1600, 900)  # laid out again
    stored = UserData(app.user_data.folder).load_settings()
    assert stored.volume == pytest.approx(0.25, abs=0.02)
    assert stored.muted and stored.animation_speed == 0.0
    assert (stored.window_width, stored.window_height) == (1600, 900)
    click(app, settings.fullscreen)
    assert app.settings.fullscreen and settings.fullscreen.value
    assert UserData(app.user_data.folder).load_settings().fullscreen
    click(app, settings.fullscreen)
    assert not app.settings.fullscreen and app.size == (1600, 900)
    assert not UserData(app.user_data.folder).load_settings().fullscreen


def test_settings_hold_every_accessibility_setting(app: App) -> None:
    """UI scale, reduce motion, high contrast and speak the game: each a click away, each
    remembered, each saying on hover what a click does."""
    app.speech = Speech(RecordingVoice(), enabled=False)
    settings = SettingsScene(app)
    app.stack.push(settings)
    step(app)
    for toggle, setting in (
        (settings.reduce_motion, "reduce_motion"),
        (settings.high_contrast, "high_contrast"),
        (settings.speak, "speak_the_game"),
    ):
        scroll_helpers.motion(app.handle, toggle.rect.center)
        assert settings.hint()
        click(app, toggle)
        assert getattr(app.settings, setting) and toggle.value
        assert getattr(UserData(app.user_data.folder).load_settings(), setting)
    assert app.speech.enabled
    click(app, settings.ui_scale.segment(1).center)  # 125%
    assert app.settings.ui_scale == 1.25 and app.size == (1600, 900)
    assert UserData(app.user_data.folder).load_settings().ui_scale == 1.25
    assert settings.size_picker.greyed == [0]  # 1280 x 720 is too small for 125% now
    scroll_helpers.motion(app.handle, settings.size_picker.segment(0).center)
    assert (
        settings.hint()
        == "At UI scale 125% the window is at least 1600 \N{MULTIPLICATION SIGN} 900"
    )


def test_settings_grey_out_the_scales_the_desktop_has_no_room_for(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 1920 x 1080 screen less its taskbar and a title bar has no room for a 1920 x 1080
    window: 150% and up are greyed, say why, and a click on one changes nothing."""
    area = pygame.Rect(0, 0, 1920, 1080 - desktop.TASKBAR_GUESS)
    monkeypatch.setattr(desktop, "usable_area", lambda: area)
    voice = RecordingVoice()
    app.speech = Speech(voice, enabled=True)
    settings = SettingsScene(app)
    app.stack.push(settings)
    step(app)
    assert settings.ui_scale.greyed == [2, 3, 4]
    x = "\N{MULTIPLICATION SIGN}"
    reason = f"200% needs a 2560 {x} 1440 window; this screen has room for 1920 {x} 992"
    scroll_helpers.motion(app.handle, settings.ui_scale.segment(4).center)
    assert settings.hint() == reason
    assert settings.scales_note().startswith(f"150% and up need a 1920 {x} 1080 window")
    click(app, settings.ui_scale.segment(4).center)
    assert app.settings.ui_scale == 1.0 and settings.ui_scale.value == 1.0
    assert voice.lines[-1] == reason


# Pause, hand-off and game over --------------------------------------------------------------


def test_pause_dims_the_board_below(app: App) -> None:
    match = default_match()
    app.stack.push(FakeBoard(app, match))
    step(app, 1)
    assert app.window.get_at((10, 10))[:3] == BOARD_COLOR
    app.stack.push(pause_menu(app))
    step(app, 5)
    dimmed = app.window.get_at((10, 10))[:3]
    assert dimmed != BOARD_COLOR
    assert all(d < b for d, b in zip(dimmed, BOARD_COLOR, strict=True))
    assert dimmed[0] > 30  # the board still shows through


def test_pause_menu_actions(app: App) -> None:
    match = default_match()
    board = FakeBoard(app, match)
    app.stack.push(GalleryScene(app))
    app.stack.push(board)
    pause = pause_menu(app)
    app.stack.push(pause)
    step(app)
    press(app, pygame.K_ESCAPE)
    assert top(app) is board
    app.stack.push(pause)
    click(app, pause.rules_button)
    assert isinstance(top(app), RulesScene)
    press(app, pygame.K_ESCAPE)
    click(app, pause.settings_button)
    assert isinstance(top(app), SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is pause
    click(app, pause.gallery_button)
    assert pause.confirming == "gallery" and top(app) is pause
    click(app, pause.stay_button)
    assert pause.confirming is None and top(app) is pause
    click(app, pause.gallery_button)
    click(app, pause.leave_button)
    assert [type(scene) for scene in app.stack.scenes] == [GalleryScene]


def test_pause_quit_asks_first(app: App) -> None:
    pause = pause_menu(app)
    app.stack.push(pause)
    step(app)
    app.running = True
    click(app, pause.quit_button)
    assert app.running and pause.confirming == "quit"
    click(app, pause.leave_button)
    assert app.running is False


def test_handoff_covers_the_board_and_calls_on_ready_once(app: App) -> None:
    match = default_match()
    board = FakeBoard(app, match)
    app.stack.push(board)
    calls: list[int] = []
    handoff = HandoffScene(
        app,
        "Ana",
        figure_look("fox"),
        lambda: calls.append(1),
        lambda: pause_menu(app),
    )
    app.stack.push(handoff)
    for frames in (0, 5):  # from the first frame on
        step(app, frames) if frames else app.stack.draw(app.window)
        assert app.stack.visible() == [handoff]
        width, height = app.size
        for x in range(0, width, 16):
            for y in range(0, height, 16):
                assert app.window.get_at((x, y))[:3] != BOARD_COLOR
    assert handoff.ready_button.label == "I'm Ana — show my hand"
    press(app, pygame.K_SPACE)
    assert calls == [1] and top(app) is board
    handoff.ready()
    handoff.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert calls == [1]


def test_handoff_escape_opens_the_pause_menu(app: App) -> None:
    handoff = HandoffScene(
        app,
        "Ana",
        figure_look("fox"),
        lambda: None,
        lambda: pause_menu(app),
    )
    app.stack.push(handoff)
    step(app)
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), PauseScene)
    step(app)
    assert app.stack.visible()[0] is handoff  # the cover stays under the menu


def _match_where(condition: Any, seats: int) -> Match[Any]:
    for seed in range(400):
        match = finished_demo_match(seed, seats)
        if condition(match):
            return match
    raise AssertionError("no such game in 400 seeds")


def _castle_over(app: App, match: Match[Any]) -> TableOverScene:
    return TableOverScene(app, CASTLE_UI, match, CASTLE_UI.standings(match), lambda: None)


def test_game_over_names_the_winner(app: App) -> None:
    match = _match_where(lambda m: len(set(m.scores())) == len(m.scores()), 3)
    (winner,) = match.winners()
    scene = _castle_over(app, match)
    assert scene.title == f"Winner: {match.seats[winner].name}"
    assert scene.standings.note == ""
    rows = scene.standings.rows
    assert rows[0].seat == winner and rows[0].winner
    assert [row.winner for row in rows[1:]] == [False] * (len(rows) - 1)
    assert [row.total for row in rows] == sorted(match.scores(), reverse=True)
    assert sorted(row.seat for row in rows) == list(range(len(match.seats)))
    view = final_view(match)
    for row in rows:
        assert row.total == match.scores()[row.seat]
        pebbles = view.screen_sizes[row.seat]
        assert row.parts == (("Jewels", row.total), ("Pebbles left", pebbles))
        jewels = sorted(jewel for tile in view.collected[row.seat] for jewel in tile.jewels)
        assert row.pictures == tuple(JEWEL_PICTURES[jewel] for jewel in jewels)
    assert rows[0].pictures  # the winner's jewels are drawn, one picture each
    app.stack.push(FakeBoard(app, match))
    app.stack.push(scene)
    step(app)


def test_game_over_tie_break_and_shared_win(app: App) -> None:
    decided = _match_where(lambda m: len(set(m.scores())) == 1 and len(m.winners()) == 1, 2)
    scene = _castle_over(app, decided)
    assert scene.title == f"Winner: {decided.seats[decided.winners()[0]].name}"
    assert scene.standings.note == TIE_BREAK_NOTE
    assert [row.winner for row in scene.standings.rows] == [True, False]
    first_pebbles, second_pebbles = (row.parts[1][1] for row in scene.standings.rows)
    assert first_pebbles > second_pebbles  # the pebbles left broke the tie
    shared = _match_where(lambda m: len(m.winners()) == 2, 2)
    scene = _castle_over(app, shared)
    first, second = (shared.seats[seat].name for seat in shared.winners())
    assert scene.title == f"Shared win: {first} and {second}"
    assert scene.standings.note == SHARED_NOTE
    assert [row.winner for row in scene.standings.rows] == [True, True]
    app.stack.push(FakeBoard(app, shared))
    app.stack.push(scene)
    step(app)  # the note draws above the rows


def _table_of_finished(app: App, match: Match[Any]) -> tuple[TableScene, TableOverScene]:
    """The table of a finished game, as a resumed one opens: it shows the game's end."""
    table = open_table(app, CASTLE_UI, match)
    app.stack.push(table)
    step(app)
    over = top(app)
    assert isinstance(over, TableOverScene) and over.match is match
    assert app.stack.scenes[-2] is table
    return table, over


def test_game_over_play_again_and_go_home(app: App) -> None:
    match = finished_demo_match(3, 3)
    app.stack.push(GalleryScene(app))
    table, scene = _table_of_finished(app, match)
    click(app, scene.board_button)  # put the results aside to look at the board
    assert scene.peeking and scene.widgets == [scene.results_button]
    assert table.layout.actions.contains(scene.results_button.rect)  # in the empty strip
    press(app, pygame.K_ESCAPE)
    assert not scene.peeking and top(app) is scene
    click(app, scene.again_button)
    assert [type(s) for s in app.stack.scenes] == [GalleryScene, TableScene]
    fresh = top(app)
    assert isinstance(fresh, TableScene) and fresh.ui is CASTLE_UI
    assert fresh.match.seats == match.seats and fresh.match.record.options == match.record.options
    assert not fresh.match.record.moves
    assert fresh.match.record.seed != match.record.seed
    _table, scene = _table_of_finished(app, match)
    click(app, scene.gallery_button)
    assert [type(s) for s in app.stack.scenes] == [GalleryScene]


# Every scene, every size --------------------------------------------------------------------


def test_registry_names_every_menu_scene() -> None:
    assert set(SCENES) >= {
        "title", "gallery", "rules", "settings", "pause", "handoff", "confirm",
        "table_setup", "table_over",
    }  # fmt: skip


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 800)])
def test_every_scene_draws_and_keeps_off_the_edges(app: App, size: tuple[int, int]) -> None:
    app.window = pygame.display.set_mode(size)
    for scene in all_scenes_for_smoke_test(app):
        if not isinstance(scene, MenuScene):
            # Boards lay out with their own layouts: tests/test_castle_scene.py and
            # tests/test_table_scene.py check them.
            continue
        app.stack.reset(scene)
        step(app, 3)
        assert scene.frame.size == size
        margin_x, margin_y = size[0] * 0.02, size[1] * 0.02
        for widget in scene.widgets:
            rect = widget.rect
            assert rect.left >= margin_x and rect.right <= size[0] - margin_x, (scene, widget)
            assert rect.top >= margin_y and rect.bottom <= size[1] - margin_y, (scene, widget)
