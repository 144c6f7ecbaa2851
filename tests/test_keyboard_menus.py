"""Every scene outside the game table by keyboard alone: Tab walks a ring over what can be used
in reading order, the arrows move the focus, Enter or Space use it, Esc goes back; the focus
ring shows once the keyboard is used, and speech says what the focus lands on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.scenes.gallery import GalleryScene, open_online
from moonlight_desktop.scenes.online_menu import OnlineMenuScene
from moonlight_desktop.scenes.pause import PauseScene
from moonlight_desktop.scenes.settings import SettingsScene
from moonlight_desktop.scenes.table_flow import rules_reader
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import ConfirmScene, MenuScene, Segmented
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.scrolling import Scroller
from moonlight_desktop.ui.table.controller import run_here
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.widgets import Button, Choice, Slider, TextInput, Toggle, Widget
from moonlight_desktop.userdata import UserData
from tests.table_helpers import key
from tests.text_scenes import every_scene

SHIFT = pygame.KMOD_SHIFT


def step(app: App, frames: int = 2) -> None:
    for _ in range(frames):
        app.step(0.1)


def menu_on_top(app: App) -> MenuScene:
    scene = app.stack.top
    assert isinstance(scene, MenuScene)
    return scene


def tab(app: App, mod: int = 0) -> Widget:
    """Tab (or Shift+Tab): where the focus went."""
    key(app, pygame.K_TAB, mod)
    focus = menu_on_top(app).keyboard_focus
    assert focus is not None
    return focus


def usable(scene: MenuScene) -> list[Widget]:
    """What a player can use on `scene`: every enabled widget but the scrolling text (its keys
    scroll it wherever the focus is). A scrolling list's rows are in the ring too."""
    return [w for w in scene.widgets if w.enabled and not isinstance(w, Scroller)]


def comes_before(one: Widget, other: Widget) -> bool:
    """`one` is read before `other`: in a row above, or to its left in its row."""
    a, b = one.focus_rect(), other.focus_rect()
    return a.bottom <= b.centery or (b.top <= a.centery < b.bottom and a.left < b.left)


def ring_pixel(widget: Widget, scale: float) -> tuple[int, int]:
    """A point on the focus ring round `widget`: the middle of its top edge."""
    gap = width = max(2, round(3 * scale))
    rect = widget.focus_rect()
    return rect.centerx, rect.top - gap - width // 2 - 1


def menu_screens(app: App) -> Iterator[tuple[str, list[Scene]]]:
    """Every screen whose top scene is a menu (setups, rules, pause, game over, hand-off, the
    scenes around the games), made one at a time."""
    for name, make in every_scene(app):
        scenes = make()
        if isinstance(scenes[-1], MenuScene):
            yield name, scenes


@pytest.fixture(scope="module")
def screens_walked(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str]]:
    """What went wrong walking each menu screen by Tab, by screen (empty: nothing)."""
    app = App(UserData(Path(tmp_path_factory.mktemp("data"))))
    app.run_rules = run_here  # type: ignore[method-assign]  # commands applied at once
    app.settings.animation_speed = 0.0
    app.window = pygame.display.set_mode((1280, 720))
    app.speech = Speech(RecordingVoice(), enabled=True)
    wrong: list[tuple[str, str]] = []
    walked: list[str] = []
    try:
        for name, scenes in menu_screens(app):
            app.stack.clear()
            for scene in scenes:
                app.stack.push(scene)
            step(app)
            problem = walk_problem(app)
            walked.append(name)
            if problem:
                wrong.append((name, problem))
    finally:
        app.close()
    assert "title" in walked and "castle setup" in walked  # the screens are there to walk
    return wrong


def walk_problem(app: App) -> str:
    """Walks the top scene's ring once round by Tab and back by Shift+Tab; what is wrong."""
    scene = menu_on_top(app)
    before = app.window.copy()
    ring = [tab(app) for _ in range(len(scene.focus_order()))]
    if not set(usable(scene)) <= set(ring) or len(ring) != len(set(ring)):
        return f"Tab did not reach each usable widget once: {ring} against {usable(scene)}"
    # In reading order, unless the scene gives its own (panels, columns): the widgets where
    # they stand (a scrolling list's rows move).
    placed = [widget for widget in ring if widget in scene.widgets]
    if type(scene).focus_order is not MenuScene.focus_order:
        placed = placed[:1]
    steps = zip(placed, [*placed[1:], placed[0]], strict=True)
    backwards = [(here, there) for here, there in steps if comes_before(there, here)]
    if len(placed) > 1 and len(backwards) != 1:  # once round: back from the end to the start
        return f"against the reading order: {backwards}"
    if tab(app) is not ring[0] or tab(app, SHIFT) is not ring[-1]:
        return "the ring does not close"
    spoken = app.speech.voice.lines[-len(ring) :]  # type: ignore[union-attr]
    if spoken[-1] != ring[-1].describe() or not all(spoken):
        return f"speech did not follow the focus: {spoken}"
    app.stack.draw(app.window)
    pixel = ring_pixel(ring[-1], scene.frame.scale)
    if app.window.get_at(pixel)[:3] != theme.FOCUS or before.get_at(pixel)[:3] == theme.FOCUS:
        return f"no focus ring at {pixel} round {ring[-1]}"
    return ""


def test_tab_walks_every_menu_screen_in_reading_order(
    screens_walked: list[tuple[str, str]],
) -> None:
    assert screens_walked == []


# The widgets by keyboard --------------------------------------------------------------------


def focus(app: App, widget: Widget) -> None:
    """Tabs until `widget` has the focus."""
    scene = menu_on_top(app)
    for _ in range(len(scene.widgets) + 1):
        if tab(app) is widget:
            return
    raise AssertionError(f"Tab never reached {widget}")


def setup_scene(app: App) -> TableSetupScene:
    app.stack.reset(GalleryScene(app))
    key(app, pygame.K_RETURN)  # the first game's card is lit: Enter sets it up
    setup = menu_on_top(app)
    assert isinstance(setup, TableSetupScene)
    return setup


def test_a_choice_changes_by_left_and_right_and_says_so(app: App) -> None:
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    setup = setup_scene(app)
    kind = setup.rows[1].kind
    focus(app, kind)
    assert voice.lines[-1] == f"Player 2 plays as: {kind.options[kind.index][1]}, " + (
        f"{kind.index + 1} of {len(kind.options)}"
    )
    first = kind.index
    key(app, pygame.K_RIGHT)
    assert kind.index == (first + 1) % len(kind.options)
    assert setup.setup.seats[1].kind == kind.value  # the setup took it
    assert voice.lines[-1].startswith(f"Player 2 plays as: {kind.options[kind.index][1]}")
    key(app, pygame.K_LEFT)
    assert kind.index == first
    assert menu_on_top(app).keyboard_focus is kind  # the setup laid out anew, focus kept


def test_a_segmented_picker_changes_by_left_and_right(app: App) -> None:
    picked: list[str] = []
    scene = MenuScene(app)
    picker = Segmented[str](
        options=[("a", "One"), ("b", "Two"), ("c", "Three")], on_change=picked.append
    )
    picker.name = "Count"
    scene.layout = lambda: scene.add(picker, pygame.Rect(100, 100, 300, 40))  # type: ignore[method-assign]
    app.stack.reset(scene)
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    assert tab(app) is picker and voice.lines[-1] == "Count: One, 1 of 3"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert picked == ["b", "c", "b"] and voice.lines[-1] == "Count: Two, 2 of 3"


def test_enter_and_space_use_a_button_and_a_tick_box(app: App) -> None:
    clicks: list[str] = []
    scene = MenuScene(app)
    button = Button(label="Start", on_click=lambda: clicks.append("start"))
    mute = Toggle(label="Mute", on_change=lambda on: clicks.append(f"mute {on}"))
    scene.layout = lambda: (  # type: ignore[method-assign]
        scene.add(button, pygame.Rect(100, 100, 200, 50)),
        scene.add(mute, pygame.Rect(100, 200, 200, 50)),
    )
    app.stack.reset(scene)
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    assert tab(app) is button and voice.lines[-1] == "Start, button"
    key(app, pygame.K_RETURN)
    assert tab(app) is mute and voice.lines[-1] == "Mute, check box, off"
    key(app, pygame.K_SPACE)
    assert clicks == ["start", "mute True"] and voice.lines[-1] == "Mute, check box, on"


def test_a_focused_text_field_takes_typing_and_tab_leaves_it(app: App) -> None:
    setup = setup_scene(app)
    name = setup.rows[0].name
    focus(app, name)
    assert name.focused
    key(app, pygame.K_BACKSPACE)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Ada"))
    key(app, pygame.K_TAB)  # not typed: it leaves the field
    assert not name.focused and setup.setup.seats[0].name.endswith("Ada")
    assert menu_on_top(app).keyboard_focus is setup.rows[0].kind
    assert app.stack.top is setup


def test_the_arrows_move_the_focus_by_rows_and_within_a_row(app: App) -> None:
    title = TitleScene(app)
    app.stack.reset(title)
    key(app, pygame.K_DOWN)  # the first arrow finds the first widget
    assert title.keyboard_focus is title.play_button
    key(app, pygame.K_DOWN)
    assert title.keyboard_focus is title.about_button  # the nearest below
    key(app, pygame.K_RIGHT)
    assert title.keyboard_focus is title.quit_button
    key(app, pygame.K_RIGHT)  # nothing further right: it stays
    assert title.keyboard_focus is title.quit_button
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert title.keyboard_focus is title.settings_button
    key(app, pygame.K_UP)
    assert title.keyboard_focus is title.play_button


def test_the_ring_shows_after_a_key_and_hides_at_a_click(app: App) -> None:
    setup = setup_scene(app)
    step(app)
    start = setup.start_button
    pixel = ring_pixel(start, setup.frame.scale)
    assert app.window.get_at(pixel)[:3] != theme.FOCUS
    key(app, pygame.K_TAB, SHIFT)  # the last in reading order
    assert setup.keyboard_focus is start
    step(app)
    assert app.window.get_at(pixel)[:3] == theme.FOCUS
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(3, 3)))
    step(app)
    assert app.window.get_at(pixel)[:3] != theme.FOCUS


def test_from_the_title_to_a_table_and_back_by_keys_alone(app: App) -> None:
    app.stack.reset(TitleScene(app))
    key(app, pygame.K_RETURN)  # Play
    gallery = menu_on_top(app)
    assert isinstance(gallery, GalleryScene)
    key(app, pygame.K_RIGHT)  # the second game's card
    key(app, pygame.K_RETURN)
    setup = menu_on_top(app)
    assert isinstance(setup, TableSetupScene) and setup.ui.game_id == gallery.cards[1].game_id
    focus(app, setup.start_button)
    key(app, pygame.K_SPACE)
    step(app)
    assert isinstance(app.stack.top, TableScene)
    key(app, pygame.K_ESCAPE)
    pause = menu_on_top(app)
    assert isinstance(pause, PauseScene)
    focus(app, pause.gallery_button)
    key(app, pygame.K_RETURN)
    assert pause.keyboard_focus is pause.stay_button  # the safe answer first
    key(app, pygame.K_RIGHT)
    assert pause.keyboard_focus is pause.leave_button
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GalleryScene)
    assert gallery.cards[1].game_id in app.stack.top.continue_buttons


def test_a_confirmation_goes_ahead_only_from_its_own_button(app: App) -> None:
    went: list[str] = []
    app.stack.reset(TitleScene(app))
    ask = ConfirmScene(app, "Sure?", "It cannot be undone.", ("Go", ""), ("Keep", ""), lambda: None)
    ask.on_proceed = lambda: went.append("go")
    app.stack.push(ask)
    key(app, pygame.K_RETURN)  # nothing focused: Enter keeps
    assert went == [] and isinstance(app.stack.top, TitleScene)
    app.stack.push(ask)
    focus(app, ask.proceed_button)
    key(app, pygame.K_RETURN)
    assert went == ["go"]


# Bad input ----------------------------------------------------------------------------------


def test_keys_on_a_scene_with_nothing_to_use_do_nothing(app: App) -> None:
    empty = MenuScene(app)
    app.stack.reset(empty)
    for which in (pygame.K_TAB, pygame.K_UP, pygame.K_LEFT, pygame.K_RETURN, pygame.K_SPACE):
        key(app, which)
        key(app, which, SHIFT)
    step(app)
    assert empty.keyboard_focus is None and app.stack.top is empty


def test_a_resize_keeps_the_focus_on_its_widget(app: App) -> None:
    setup = setup_scene(app)
    seed = setup.seed
    focus(app, seed)
    app.set_window_size((1600, 900))
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1600, y=900))
    step(app)
    assert setup.keyboard_focus is seed and isinstance(seed, TextInput) and seed.focused
    key(app, pygame.K_TAB)
    assert isinstance(setup.keyboard_focus, Button | Choice)


def test_the_rules_contents_jump_by_keyboard_and_read_the_section_aloud(app: App) -> None:
    reader = rules_reader(app, TABLE_GAMES["moons"])
    app.stack.reset(reader)
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    step(app)
    last = len(reader.sections) - 1
    key(app, pygame.K_TAB, SHIFT)  # Back
    key(app, pygame.K_TAB, SHIFT)  # the last section's link
    assert voice.lines[-1] == f"{reader.sections[last].title}, link"
    key(app, pygame.K_RETURN)
    step(app, 8)
    assert reader.current_section() == last
    said = voice.lines[-1]
    assert said.startswith(f"{reader.sections[last].title}. ") and "{" not in said


def test_play_online_by_keyboard_down_its_left_column(app: App) -> None:
    app.stack.reset(GalleryScene(app))
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    open_online(app)
    menu = menu_on_top(app)
    assert isinstance(menu, OnlineMenuScene)
    assert tab(app) is menu.name and voice.lines[-1].startswith("Your name, text field")
    assert tab(app) is menu.game and tab(app) is menu.host_button
    assert (
        tab(app) is menu.where
        and voice.lines[-1] == "Where the table is kept: This computer, 1 of 2"
    )
    key(app, pygame.K_RIGHT)  # a server: its address to type
    assert voice.lines[-1] == "Where the table is kept: A server, 2 of 2"
    assert tab(app) is menu.server
    key(app, pygame.K_ESCAPE)  # the field lets go; Esc again leaves
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, GalleryScene)


def test_a_setup_is_walked_panel_by_panel(app: App) -> None:
    setup = setup_scene(app)
    ring = [tab(app) for _ in setup.focus_order()]
    seats = [w for row in setup.rows for w in (row.look, row.name, row.kind) if w in ring]
    options = [w for w in setup.option_choices.values() if w in ring]
    assert seats and options
    assert max(map(ring.index, seats)) < min(map(ring.index, options))
    assert ring[-1] is setup.start_button


def test_a_scene_says_its_title_as_it_opens_and_the_focus_again_on_coming_back(
    app: App,
) -> None:
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    title = TitleScene(app)
    app.stack.reset(title)
    assert voice.lines[-1].startswith("Moonlight Desktop.")
    focus(app, title.about_button)
    key(app, pygame.K_RETURN)
    assert voice.lines[-1] == "About Moonlight Desktop"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title and voice.lines[-1] == "About, button"
    app.stack.push(PauseScene(app, lambda: title))
    assert voice.lines[-1] == "Paused"
    ask = ConfirmScene(app, "Sure?", "It cannot be undone.", ("Go", ""), ("Keep", ""), lambda: None)
    app.stack.push(ask)
    assert voice.lines[-1] == "Sure? It cannot be undone."


def test_enter_in_a_clicked_name_field_ends_typing_then_starts(app: App) -> None:
    setup = setup_scene(app)
    name = setup.rows[0].name
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=name.rect.center))
    assert name.focused and setup.keyboard_focus is name
    key(app, pygame.K_RETURN)  # done typing
    assert not name.focused and app.stack.top is setup
    key(app, pygame.K_RETURN)  # the setup's Enter: Start
    assert isinstance(app.stack.top, TableScene)


def test_a_slider_moves_by_the_arrows_without_a_drag(app: App) -> None:
    heard: list[float] = []
    scene = MenuScene(app)
    volume = Slider(value=0.5, on_change=heard.append, name="Volume")
    scene.layout = lambda: scene.add(volume, pygame.Rect(100, 100, 300, 30))  # type: ignore[method-assign]
    app.stack.reset(scene)
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    assert tab(app) is volume and voice.lines[-1] == "Volume, slider, 50%"
    key(app, pygame.K_RIGHT)
    assert voice.lines[-1] == "Volume, slider, 55%"
    for _ in range(30):  # held at the end
        key(app, pygame.K_LEFT)
    assert volume.value == 0.0 and heard[0] == pytest.approx(0.55)


def test_every_setting_says_its_name_and_state_as_the_focus_reaches_it(app: App) -> None:
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    app.stack.reset(SettingsScene(app))
    step(app)
    ring = usable(menu_on_top(app))
    for _ in ring:
        tab(app)
    said = voice.lines[-len(ring) :]
    for name in ("Window size", "Volume", "Past games kept", "Hard bots think", "UI scale"):
        assert any(line.startswith(f"{name}") for line in said), (name, said)
    assert any(line.startswith("Animations") for line in said)
    assert any(line.startswith("Speak the game, check box") for line in said)
