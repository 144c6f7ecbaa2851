"""The Castle board scene driven like players would: synthetic clicks on the dummy video
driver, from the setup screen to the game-over screen; privacy checked on the pixels."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.games.castle.moves import EndTurn, MoveTo
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.scene import CastleBoardScene
from moonlight_desktop.games.castle.state import Phase
from moonlight_desktop.games.castle.ui.setup_model import CastleSetup
from moonlight_desktop.scenes import CastleSetupScene, GalleryScene, GameOverScene, HandoffScene
from moonlight_desktop.scenes.gallery import CARDS
from moonlight_desktop.ui.app import App
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0  # instant: the test plays hundreds of moves
    yield application
    application._worker.shutdown(wait=False)


def castle_setup(app: App) -> CastleSetupScene:
    """Castle's setup, as the gallery opens it."""
    scene = CARDS["castle"].setup(app)
    assert isinstance(scene, CastleSetupScene)
    return scene


def click(app: App, position: tuple[float, float]) -> None:
    pos = (round(position[0]), round(position[1]))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def two_humans_and_a_bot(seed: int = 3) -> Match:
    seats = [
        SeatSpec("Ada", "human", None, "fox"),
        SeatSpec("Bo", "human", None, "wolf"),
        SeatSpec("Wolfgang", "bot", "normal", "raccoon"),
    ]
    options = {"start_seat": 0}
    return Match.new(CastleRules(), seats, seed, options)


def ada_at_the_board(app: App) -> tuple[CastleBoardScene, Match]:
    """Two humans and a bot; Ada (seat 0) starts and has taken the seat after the hand-off."""
    match = two_humans_and_a_bot()
    scene = CastleBoardScene(app, match)
    app.stack.push(scene)
    app.step(1 / 60)
    assert isinstance(app.stack.top, HandoffScene)
    click(app, app.stack.top.ready_button.rect.center)
    app.step(1 / 60)
    app.step(1 / 60)
    return scene, match


def play_one_human_step(app: App, scene: CastleBoardScene, turn: int) -> None:
    """Whatever the seat at the screen may do, done by clicking like a player."""
    if scene.buttons:
        # Alternate: recover when offered on even turns, otherwise the last choice.
        labels = [button.label for button in scene.buttons]
        pick = 0 if turn % 2 == 0 or "End turn" not in labels else labels.index("End turn")
        click(app, scene.buttons[pick].rect.center)
        return
    spaces = sorted(scene.legal_spaces())
    assert spaces, "a human at the screen always has something to click"
    click(app, scene.painter.space_centre(spaces[turn % len(spaces)]))


def test_a_complete_game_from_setup_to_game_over_by_clicks(app: App) -> None:
    setup = CastleSetup.default()
    setup_json = setup.to_json()
    setup_json["seats"] = [
        {"name": "Ada", "kind": "human", "figure": "fox"},
        {"name": "Bo", "kind": "human", "figure": "wolf"},
        {"name": "Wolfgang", "kind": "normal", "figure": "raccoon"},
    ]
    app.user_data.save_setup("castle", setup_json)
    app.stack.push(GalleryScene(app))
    app.stack.push(castle_setup(app))
    app.step(0.05)
    setup_scene = app.stack.top
    assert isinstance(setup_scene, CastleSetupScene)
    click(app, setup_scene.start_button.rect.center)
    board = app.stack.top
    assert isinstance(board, CastleBoardScene)
    assert [seat.player for seat in board.match.seats] == ["human", "human", "bot"]
    handoffs = 0
    turn = 0
    deadline = time.monotonic() + 120
    while not isinstance(app.stack.top, GameOverScene):
        assert time.monotonic() < deadline, "the game did not finish"
        app.step(1 / 60)
        top = app.stack.top
        if isinstance(top, HandoffScene):
            handoffs += 1
            click(app, top.ready_button.rect.center)
        elif isinstance(top, CastleBoardScene) and top.human_may_act():
            play_one_human_step(app, top, turn)
            turn += 1
        else:
            time.sleep(0.001)  # a bot thinking on its thread
    match = board.match
    assert match.is_over()
    assert handoffs >= 2
    assert any(move.seat == 2 for move in match.record.moves)  # the bot played too
    # The game over screen sits over the board and names the winners the rules name.
    over = app.stack.top
    assert isinstance(over, GameOverScene) and over.match is match
    assert set(match.winners()) <= {0, 1, 2} and match.winners()


def _render(app: App, scene: CastleBoardScene) -> pygame.Surface:
    scene.draw(app.window)
    return app.window.copy()


def test_with_seat_a_at_the_screen_nothing_of_seat_bs_pebbles_is_drawn(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    import moonlight_desktop.games.castle.scene as scene_module

    monkeypatch.setattr(scene_module.time, "monotonic", lambda: 100.0)  # glows stop pulsing
    scene, match = ada_at_the_board(app)
    assert scene.viewer == 0 and scene.human_may_act()
    before = _render(app, scene)
    # Change only what Ada may not see: the colours behind Bo's screen (same count).
    state = match._state  # test-only surgery on the hidden facts
    total = sum(state.screens[1])
    for colours in ([total, 0, 0], [0, total, 0], [0, 0, total]):
        state.screens[1] = list(colours)
        scene.display.sync(scene.view())
        after = _render(app, scene)
        assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")
    # Ada's own pebbles are on screen: changing them changes the picture.
    state.screens[0] = [sum(state.screens[0]), 0, 0]
    scene.display.sync(scene.view())
    assert pygame.image.tobytes(_render(app, scene), "RGB") != pygame.image.tobytes(before, "RGB")


def test_hand_off_appears_between_two_humans_and_screens_hide_first(app: App) -> None:
    scene, match = ada_at_the_board(app)
    white = next(
        space for space in sorted(scene.legal_spaces()) if scene.table.space_faces[space] < 0
    )
    click(app, scene.painter.space_centre(white))  # Ada hides on a white space: turn over
    assert match.to_act() == (1,)
    assert scene.viewer is None  # Ada is done: nobody's pebbles are shown any more
    for _ in range(4):
        app.step(1 / 60)
    assert isinstance(app.stack.top, HandoffScene)
    assert app.stack.top.seat_name == "Bo"
    assert all(seat.screen is None for seat in scene.display.seats)
    click(app, app.stack.top.ready_button.rect.center)
    app.step(1 / 60)
    app.step(1 / 60)
    assert scene.viewer == 1
    assert scene.display.seats[1].screen is not None and scene.display.seats[0].screen is None


def test_one_human_with_bots_never_needs_a_hand_off(app: App) -> None:
    seats = [SeatSpec("Solo", "human", None, "squirrel"), SeatSpec("Bot", "bot", "easy", "fox")]
    match = Match.new(CastleRules(), seats, 9, {"start_seat": 1})
    scene = CastleBoardScene(app, match)
    app.stack.push(scene)
    deadline = time.monotonic() + 10
    while not scene.human_may_act():
        assert time.monotonic() < deadline
        app.step(1 / 60)
        assert not isinstance(app.stack.top, HandoffScene)
    assert scene.viewer == 0


def test_an_illegal_click_explains_and_changes_nothing(app: App) -> None:
    scene, match = ada_at_the_board(app)
    before = match.state_json()
    assert not scene.submit(0, EndTurn())  # not after moving: refused with the rule
    assert "ends by itself" in scene.message.lower()
    occupied = MoveTo(99)
    assert not scene.submit(0, occupied)
    assert match.state_json() == before
    # A click beside the board does nothing at all.
    click(app, (2, 2))
    assert match.state_json() == before


def test_an_unscreened_player_takes_the_seat_without_a_hand_off(app: App) -> None:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Kit", "human", None, "wolf")]
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 1, "open_screens": [1]})
    scene = CastleBoardScene(app, match)
    app.stack.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    assert not isinstance(app.stack.top, HandoffScene)  # Kit plays without a screen
    assert scene.viewer == 1 and scene.human_may_act()
    assert scene.display.seats[0].screen is None  # Ada's pebbles stay secret
    white = next(s for s in sorted(scene.legal_spaces()) if scene.table.space_faces[s] < 0)
    click(app, scene.painter.space_centre(white))
    for _ in range(3):
        app.step(1 / 60)
    assert isinstance(app.stack.top, HandoffScene)  # Ada's screen is secret: pass it to her


def test_full_moon_shows_every_screen_and_needs_no_hand_off(app: App) -> None:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Kit", "human", None, "wolf")]
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 0, "full_moon": True})
    scene = CastleBoardScene(app, match)
    app.stack.push(scene)
    for _ in range(3):
        app.step(1 / 60)
    assert not isinstance(app.stack.top, HandoffScene)
    assert all(seat.screen is not None for seat in scene.display.seats)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 800)])
def test_board_layout_keeps_off_the_edges(app: App, size: tuple[int, int]) -> None:
    app.window = pygame.display.set_mode(size)
    scene = CastleBoardScene(app, two_humans_and_a_bot())
    app.stack.push(scene)
    app.step(1 / 60)
    layout = scene.painter.layout
    assert layout is not None
    for rect in (layout.board, layout.panel):
        assert rect.left >= size[0] * 0.02 and rect.right <= size[0] * 0.98
        assert rect.top >= size[1] * 0.02 and rect.bottom <= size[1] * 0.98
    assert not layout.board.colliderect(layout.panel)


def test_moving_beside_a_tile_offers_recovery_and_the_button_recovers_it(app: App) -> None:
    scene, match = ada_at_the_board(app)
    state = match._state  # test-only: enough pebbles behind Ada's screen for any tile
    for color in range(3):
        while state.screens[0][color] < 4:
            state.pouch.remove(color)
            state.screens[0][color] += 1
    scene.display.sync(scene.view())
    app.step(1 / 60)
    app.step(1 / 60)
    beside_a_tile = next(
        space
        for space in sorted(scene.legal_spaces())
        if scene.table.space_faces[space] > 0 and state.path[scene.table.space_faces[space]] >= 0
    )
    click(app, scene.painter.space_centre(beside_a_tile))
    app.step(1 / 60)
    app.step(1 / 60)
    assert state.phase == Phase.RECOVER
    assert [button.label for button in scene.buttons] == ["Recover jewels", "End turn"]
    position = scene.table.space_faces[beside_a_tile]
    tile = state.path[position]
    click(app, scene.buttons[0].rect.center)
    assert state.collected[0] == [tile]


def test_a_gold_fountain_asks_the_human_which_pebbles_to_keep(app: App) -> None:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Bot", "bot", "easy", "wolf")]
    gold = [{"ritual": "return_two", "side": "gold"}, {"ritual": "one_color", "side": "white"}]
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 0, "fountains": gold})
    scene = CastleBoardScene(app, match)
    app.stack.push(scene)
    app.step(1 / 60)
    app.step(1 / 60)
    state = match._state  # test-only: four pebbles of three colours come out of the pouch
    state.pouch.extend([0, 1, 2, 0])
    fountain = state.table.space_fountain.index(0)
    click(app, scene.painter.space_centre(fountain))
    app.step(1 / 60)
    app.step(1 / 60)
    assert state.phase == Phase.FOUNTAIN
    labels = [button.label for button in scene.buttons]
    assert len(labels) > 1 and all(label.startswith("Put back") for label in labels)
    click(app, scene.buttons[0].rect.center)
    assert state.phase != Phase.FOUNTAIN and sum(state.drawn) == 0
