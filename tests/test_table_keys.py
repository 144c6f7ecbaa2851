"""The table by keys: the arrows' geometry, the focus ring shown after a key and hidden by a
click, speech where the focus lands, Samarkand's S in the countdown, the keys' help, and keys
that find nothing to do (an animation, another seat's turn, a replay)."""

from __future__ import annotations

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.samarkand.moves import Stop
from moonlight_desktop.scenes.replay import ReplayScene
from moonlight_desktop.speech import RecordingVoice
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.keymap import TABLE_KEYS, keys_section
from moonlight_desktop.ui.table.table_keys import nearest_in_direction
from tests.keyboard_helpers import KeyTable, castle_asked, ring_round
from tests.table_helpers import asked

RIGHT, LEFT, UP, DOWN = (1, 0), (-1, 0), (0, -1), (0, 1)


def _grid() -> list[pygame.Rect]:
    """Three in a row, one under the middle one, one far up and right."""
    centres = [(100, 100), (200, 100), (300, 100), (200, 200), (400, 0)]
    return [pygame.Rect(x - 10, y - 10, 20, 20) for x, y in centres]


def test_an_arrow_goes_to_the_nearest_spot_within_its_cone() -> None:
    rects = _grid()
    assert nearest_in_direction(rects, 0, RIGHT) == 1
    assert nearest_in_direction(rects, 1, RIGHT) == 2
    assert nearest_in_direction(rects, 1, DOWN) == 3
    assert nearest_in_direction(rects, 3, UP) == 1
    assert nearest_in_direction(rects, 2, UP) == 4  # 45° off: still in the cone


def test_an_arrow_with_nothing_that_way_wraps_round_to_the_far_end_of_the_line() -> None:
    rects = _grid()
    assert nearest_in_direction(rects, 4, RIGHT) == 0  # the nearest line, farthest back
    assert nearest_in_direction(rects, 0, LEFT) == 2  # the same row, from its other end
    assert nearest_in_direction([rects[0]], 0, LEFT) == 0  # alone: stays


def _ring_drawn(table: KeyTable) -> bool:
    """The focus ring's colour is on the window just outside the focused thing."""
    app, scene = table.app, table.scene
    app.stack.draw(app.window)
    here = scene.keys.focused(scene.table)
    if here is None:
        return False
    return ring_round(app, here.rect, scene.layout.px)


def test_the_focus_ring_shows_after_a_key_and_a_click_hides_it(app: App) -> None:
    table = castle_asked(app)
    assert not table.scene.keys.shown and not _ring_drawn(table)
    table.press(pygame.K_TAB)
    assert table.scene.keys.shown and _ring_drawn(table)
    far = (app.size[0] - 2, app.size[1] - 2)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=far))
    assert not table.scene.keys.shown and not _ring_drawn(table)


def test_the_focus_lands_on_a_glowing_space_the_arrows_walk_them_and_speech_says_each(
    app: App,
) -> None:
    table = castle_asked(app)
    scene = table.scene
    table.press(pygame.K_TAB)
    legal = scene.controller.legal()
    voice = app.speech.voice
    assert isinstance(voice, RecordingVoice)
    first = scene.screen.focused(scene.table)
    assert first is not None and first.command in legal and voice.lines[-1] == first.text
    seen = {first.command}
    for arrow in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP) * 3:
        table.press(arrow)
        spot = scene.screen.focused(scene.table)
        assert spot is not None and spot.command in legal  # only the glowing spaces
        assert voice.lines[-1] == spot.text and spot.text
        seen.add(spot.command)
    assert len(seen) > 1
    table.press(pygame.K_RETURN)
    assert table.made == [spot.command]


def test_tab_goes_on_from_the_board_to_the_toolbar_and_enter_there_acts(app: App) -> None:
    table = castle_asked(app)
    scene = table.scene
    table.press(pygame.K_TAB)
    board = len(scene.keys.board_stops(scene.table))
    for _ in range(board):
        table.press(pygame.K_TAB)
    names = []
    for _ in scene.keys.panel_stops():
        here = scene.keys.focused(scene.table)
        assert here is not None
        names.append(here.name)
        table.press(pygame.K_TAB)
    assert names[-1] == "Pause (Esc)" and any(name.startswith("Hint") for name in names)
    table.press(pygame.K_TAB, pygame.KMOD_SHIFT)  # back to pause
    table.press(pygame.K_RETURN)
    assert table.router.pauses == 1


def in_samarkands_countdown(app: App) -> tuple[KeyTable, tuple[Command, ...]]:
    """A live Samarkand table (fast clock) played by keys until Stop is offered, with what
    is legal then."""
    table = KeyTable(app, "samarkand", 3, {"mode": "live", "clock": "fast"}, seed=2)
    scene = table.scene
    for _ in range(3000):
        table.frame()
        legal = tuple(scene.controller.legal()) if asked(scene) else ()
        if any(isinstance(command, Stop) for command in legal):
            return table, legal
        if asked(scene) and legal:
            table.decide(set())  # sells a card by keys
    raise AssertionError("no Stop was ever offered")


def test_samarkands_s_says_stop_in_the_countdown(app: App) -> None:
    table, legal = in_samarkands_countdown(app)
    table.press(pygame.K_s)
    assert len(table.made) >= 1 and isinstance(table.made[-1], Stop)
    assert table.made[-1] in legal


def test_the_keys_help_opens_and_closes_and_takes_the_keys_meanwhile(app: App) -> None:
    table = castle_asked(app)
    keys = table.scene.keys
    for opener, closer in ((pygame.K_F1, pygame.K_ESCAPE), (pygame.K_F1, pygame.K_RETURN)):
        table.press(opener)
        assert keys.helping
        app.stack.draw(app.window)
        table.press(pygame.K_TAB)  # taken by the help: the focus stays hidden
        assert keys.helping and not keys.shown
        table.press(closer)
        assert not keys.helping
    app.handle(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    )
    assert keys.helping
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    assert not keys.helping and table.made == []


def test_every_rules_text_ends_with_the_table_keys() -> None:
    for ui in TABLE_GAMES.values():
        section = ui.rules.sections[-1]
        assert section.heading == "Keys"
        assert section.paragraphs[: len(TABLE_KEYS)] == keys_section().paragraphs
    samarkand = TABLE_GAMES["samarkand"].rules.sections[-1].paragraphs
    assert samarkand[-1].text.startswith("S: Stop!")  # type: ignore[union-attr]


def test_keys_while_the_board_moves_or_while_bots_play_never_fail(app: App) -> None:
    table = KeyTable(app, "moons", 3, {}, seed=4)
    app.settings.animation_speed = 0.5
    keys = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_DOWN)
    for step in range(300):
        table.frame()
        table.press(keys[step % len(keys)])
        table.press(pygame.K_PAGEUP if step % 2 else pygame.K_PAGEDOWN)
    table.assert_keys_only()


def test_keys_on_a_watched_replay_walk_its_controls_only(app: App) -> None:
    played = KeyTable(app, "castle", 2, {}, seed=5)
    played.play_to_the_end(set())
    replay = ReplayScene(app, TABLE_GAMES["castle"], played.scene.match)
    app.stack.push(replay)
    for which in (pygame.K_TAB, pygame.K_UP, pygame.K_RETURN, pygame.K_TAB, pygame.K_DOWN):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=which, mod=0, unicode=""))
        app.step(1 / 60)
    assert replay.keys.board_stops(replay.table) == []
    assert replay.keys.shown


def test_the_keys_help_stops_a_local_countdown_as_the_pause_menu_does(app: App) -> None:
    """Reading the keys in the middle of Samarkand's countdown costs no time (XAG 116)."""
    table, _legal = in_samarkands_countdown(app)
    scene = table.scene
    moves = len(scene.controller.match.record.moves)
    table.press(pygame.K_F1)
    assert scene.next_frame_in() is None  # nothing to draw until a key or a click
    for _ in range(600):  # 20 s: the fast countdown would have run out twice over
        table.frame()
    table.press(pygame.K_ESCAPE)
    assert len(scene.controller.match.record.moves) == moves
    assert any(isinstance(command, Stop) for command in scene.controller.legal())


def test_enter_uses_the_control_tabbed_to_while_the_bots_move_not_the_next_choice(
    app: App,
) -> None:
    """Enter acts on what the ring shows when it is pressed: a control the player tabbed to
    while the bots' moves were shown is used even though finishing them asks the player."""
    table = castle_asked(app)
    scene = table.scene
    table.decide(set())  # the human's command: the focus is to land on their next choice
    app.settings.animation_speed = 1.0
    for _ in range(200):
        table.frame()
        if scene.controller.may_act() and scene.presenter.busy:
            break  # the bot moved and its move is shown: the human is asked after it
    else:
        raise AssertionError("no bot's move was ever shown before the human's turn")
    while table.focused_name() != "Pause (Esc)":
        table.press(pygame.K_TAB, pygame.KMOD_SHIFT)
    table.press(pygame.K_RETURN)
    assert table.router.pauses == 1
