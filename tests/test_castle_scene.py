"""Moonlight Castle at the table, driven like players would: synthetic clicks on the dummy video
driver, from the setup screen to the game-over screen; privacy checked on the pixels; a saved
game continued with its log."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.castle.moves import EndTurn, MoveTo
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.state import Phase
from moonlight_desktop.games.castle.table import Table
from moonlight_desktop.games.castle.ui.setup import CASTLE_SETUP
from moonlight_desktop.scenes.catalog import GalleryScene, HandoffScene, TableOverScene
from moonlight_desktop.scenes.gallery import CARDS
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.setup import TableSetup
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData
from tests.castle_helpers import give
from tests.castle_scene_helpers import castle_presenter, castle_screen, castle_setup

FRAME = 1 / 60
BOT_FRAME = 0.1
"""Bots act after a pause of table time: frames while they think may be longer."""


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0  # instant: the test plays hundreds of moves
    yield application
    application._worker.shutdown(wait=False)


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


def castle_table(app: App, match: Match) -> TableScene:
    """The table for `match`, as the app opens it, on top of the stack."""
    table = open_table(app, TABLE_GAMES["castle"], match)
    app.stack.push(table)
    return table


def garden(table: TableScene) -> Table:
    """The game's fixed facts (spaces, what each faces...)."""
    return castle_presenter(table).table


def legal_spaces(table: TableScene) -> list[int]:
    return sorted(castle_screen(table).offer(table.table).spaces)


def human_may_act(table: TableScene) -> bool:
    """The human whose turn it is sits at the screen, and nothing is animating."""
    return table.controller.may_act() and not table.presenter.busy


def resync(table: TableScene) -> None:
    """After test-only surgery on the hidden facts: the screen shows the match as it is now,
    as the seat at the screen sees it."""
    table.presenter.reseat(table.match.view(table.controller.viewer))
    table.presenter.skip()


def ada_at_the_board(app: App) -> tuple[TableScene, Match]:
    """Two humans and a bot; Ada (seat 0) starts and has taken the seat after the hand-off."""
    match = two_humans_and_a_bot()
    table = castle_table(app, match)
    app.step(FRAME)
    assert isinstance(app.stack.top, HandoffScene)
    click(app, app.stack.top.ready_button.rect.center)
    app.step(FRAME)
    app.step(FRAME)
    return table, match


def play_one_human_step(app: App, table: TableScene, turn: int) -> None:
    """Whatever the seat at the screen may do, done by clicking like a player."""
    if table.buttons:
        # Alternate: recover when offered on even turns, otherwise the last choice.
        labels = [button.label for button in table.buttons]
        pick = 0 if turn % 2 == 0 or "End turn" not in labels else labels.index("End turn")
        click(app, table.buttons[pick].rect.center)
        return
    spaces = legal_spaces(table)
    assert spaces, "a human at the screen always has something to click"
    click(app, castle_screen(table).painter.space_centre(spaces[turn % len(spaces)]))


def test_hovering_a_fountain_names_it(app: App) -> None:
    table, _match = ada_at_the_board(app)
    screen, fixed = castle_screen(table), garden(table)
    spaces = legal_spaces(table)
    fountain = next(s for s in spaces if fixed.space_fountain[s] >= 0)
    white = next(s for s in spaces if fixed.space_faces[s] < 0 and fixed.space_fountain[s] < 0)
    for space, words in ((fountain, "Hide at this fountain: free, draw"), (white, "Hide here")):
        hover = screen.hover(screen.painter.space_centre(space), table.table)
        assert hover is not None and hover.text.startswith(words), hover


def test_the_keyboard_focus_stops_only_where_something_may_be_done(app: App) -> None:
    """Any space may be clicked (the rules say why one may not be used), but the focus walks
    only the spaces offered, and the tile once it may be recovered."""
    table, match = ada_at_the_board(app)
    give(match._state, 0, red=1, yellow=1, green=0)  # test-only: the green spaces are barred
    resync(table)
    screen = castle_screen(table)
    ring = [spot.command for spot in screen.focus_ring(table.table)]
    assert ring == [MoveTo(space) for space in legal_spaces(table)]
    assert len(screen.spots(table.table)) > len(ring)
    first = screen.move_focus(1, table.table)
    assert first is not None and first.command == ring[0] and first.text.startswith("Hide")


def a_complete_game_by_clicks(
    app: App, after_a_turn: Callable[[int], None] = lambda turn: None
) -> tuple[TableScene, TableOverScene, int]:
    """Ada and Bo at one computer with a Normal bot, from the setup to game over by clicks
    (`after_a_turn(turn)` after each of their turns): the table, the game over screen and
    how many hand-offs there were."""
    setup = TableSetup.default(CASTLE_SETUP)
    setup_json = setup.to_json()
    setup_json["seats"] = [
        {"name": "Ada", "kind": "human", "look": "fox"},
        {"name": "Bo", "kind": "human", "look": "wolf"},
        {"name": "Wolfgang", "kind": "normal", "look": "raccoon"},
    ]
    app.user_data.save_setup("castle", setup_json)
    app.stack.push(GalleryScene(app))
    setup_scene = castle_setup(app)
    app.stack.push(setup_scene)
    app.step(0.05)
    assert [seat.name for seat in setup_scene.setup.seats] == ["Ada", "Bo", "Wolfgang"]
    click(app, setup_scene.start_button.rect.center)
    board = app.stack.top
    assert isinstance(board, TableScene) and board.ui is TABLE_GAMES["castle"]
    assert [seat.player for seat in board.match.seats] == ["human", "human", "bot"]
    handoffs = 0
    turn = 0
    deadline = time.monotonic() + 120
    while not isinstance(app.stack.top, TableOverScene):
        assert time.monotonic() < deadline, "the game did not finish"
        top = app.stack.top
        app.step(BOT_FRAME if isinstance(top, TableScene) and top.controller.thinking() else FRAME)
        top = app.stack.top
        if isinstance(top, HandoffScene):
            handoffs += 1
            click(app, top.ready_button.rect.center)
        elif isinstance(top, TableScene) and human_may_act(top):
            play_one_human_step(app, top, turn)
            turn += 1
            after_a_turn(turn)
        else:
            time.sleep(0.001)  # a bot thinking on its thread
    assert turn > 0  # the humans played by clicks
    over = app.stack.top
    assert isinstance(over, TableOverScene)
    return board, over, handoffs


def test_a_complete_game_from_setup_to_game_over_by_clicks(app: App) -> None:
    board, over, handoffs = a_complete_game_by_clicks(app)
    match = board.match
    assert match.is_over()
    assert handoffs >= 2
    assert any(move.seat == 2 for move in match.record.moves)  # the bot played too
    # The game over screen sits over the board and names the winners the rules name.
    assert over.match is match
    assert app.stack.scenes[-2] is board
    assert set(match.winners()) <= {0, 1, 2} and match.winners()
    named = {row.seat for row in over.standings.rows if row.winner}
    assert named == set(match.winners())
    assert all(match.seats[seat].name in over.title for seat in match.winners())


def _render(app: App, table: TableScene) -> pygame.Surface:
    table.draw(app.window)
    return app.window.copy()


def test_with_seat_a_at_the_screen_nothing_of_seat_bs_pebbles_is_drawn(app: App) -> None:
    table, match = ada_at_the_board(app)
    assert table.controller.viewer == 0 and human_may_act(table)
    before = _render(app, table)
    # Change only what Ada may not see: the colours behind Bo's screen (same count).
    state = match._state  # test-only surgery on the hidden facts
    total = sum(state.screens[1])
    assert total > 0  # Bo has pebbles whose colours could leak
    for colours in ([total, 0, 0], [0, total, 0], [0, 0, total]):
        state.screens[1] = list(colours)
        resync(table)
        after = _render(app, table)
        assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")
    # Ada's own pebbles are on screen: changing them changes the picture.
    state.screens[0] = [sum(state.screens[0]), 0, 0]
    resync(table)
    assert pygame.image.tobytes(_render(app, table), "RGB") != pygame.image.tobytes(before, "RGB")


def test_hand_off_appears_between_two_humans_and_screens_hide_first(app: App) -> None:
    table, match = ada_at_the_board(app)
    white = next(space for space in legal_spaces(table) if garden(table).space_faces[space] < 0)
    click(app, castle_screen(table).painter.space_centre(white))  # Ada hides on a white space
    assert match.to_act() == (1,)  # her turn is over
    assert table.controller.viewer is None  # Ada is done: nobody's pebbles are shown any more
    for _ in range(4):
        app.step(FRAME)
    assert isinstance(app.stack.top, HandoffScene)
    assert app.stack.top.seat_name == "Bo"
    assert all(seat.screen is None for seat in castle_presenter(table).seats)
    click(app, app.stack.top.ready_button.rect.center)
    app.step(FRAME)
    app.step(FRAME)
    assert table.controller.viewer == 1
    seats = castle_presenter(table).seats
    assert seats[1].screen is not None and seats[0].screen is None


def test_one_human_with_bots_never_needs_a_hand_off(app: App) -> None:
    seats = [SeatSpec("Solo", "human", None, "squirrel"), SeatSpec("Bot", "bot", "easy", "fox")]
    match = Match.new(CastleRules(), seats, 9, {"start_seat": 1})
    table = castle_table(app, match)
    deadline = time.monotonic() + 10
    while not human_may_act(table):
        assert time.monotonic() < deadline
        app.step(BOT_FRAME)
        assert not isinstance(app.stack.top, HandoffScene)
    assert any(move.seat == 1 for move in match.record.moves)  # the bot started
    assert table.controller.viewer == 0


def test_an_illegal_click_explains_and_changes_nothing(app: App) -> None:
    table, match = ada_at_the_board(app)
    before = match.state_json()
    assert table.controller.submit(EndTurn())  # not after moving: refused with the rule
    app.step(FRAME)
    assert "ends by itself" in table.message.lower()
    occupied = MoveTo(99)
    assert table.controller.submit(occupied)
    app.step(FRAME)
    assert table.message
    assert match.state_json() == before
    # A click beside the board does nothing at all.
    click(app, (2, 2))
    app.step(FRAME)
    assert match.state_json() == before


def test_an_unscreened_player_takes_the_seat_without_a_hand_off(app: App) -> None:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Kit", "human", None, "wolf")]
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 1, "open_screens": [1]})
    table = castle_table(app, match)
    for _ in range(3):
        app.step(FRAME)
    assert not isinstance(app.stack.top, HandoffScene)  # Kit plays without a screen
    assert table.controller.viewer == 1 and human_may_act(table)
    assert castle_presenter(table).seats[0].screen is None  # Ada's pebbles stay secret
    white = next(s for s in legal_spaces(table) if garden(table).space_faces[s] < 0)
    click(app, castle_screen(table).painter.space_centre(white))
    for _ in range(3):
        app.step(FRAME)
    assert isinstance(app.stack.top, HandoffScene)  # Ada's screen is secret: pass it to her


def test_full_moon_shows_every_screen_and_needs_no_hand_off(app: App) -> None:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Kit", "human", None, "wolf")]
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 0, "full_moon": True})
    table = castle_table(app, match)
    for _ in range(3):
        app.step(FRAME)
    assert not isinstance(app.stack.top, HandoffScene)
    assert all(seat.screen is not None for seat in castle_presenter(table).seats)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1000, 800)])
def test_board_layout_keeps_off_the_edges(app: App, size: tuple[int, int]) -> None:
    app.window = pygame.display.set_mode(size)
    table = castle_table(app, two_humans_and_a_bot())
    app.step(FRAME)
    layout = castle_screen(table).painter.layout
    assert layout is not None and layout is table.layout
    for rect in (layout.board, layout.panel):
        assert rect.left >= size[0] * 0.02 and rect.right <= size[0] * 0.98
        assert rect.top >= size[1] * 0.02 and rect.bottom <= size[1] * 0.98
    assert not layout.board.colliderect(layout.panel)


def test_moving_beside_a_tile_offers_recovery_and_the_button_recovers_it(app: App) -> None:
    table, match = ada_at_the_board(app)
    state = match._state  # test-only: enough pebbles behind Ada's screen for any tile
    for color in range(3):
        while state.screens[0][color] < 4:
            state.pouch.remove(color)
            state.screens[0][color] += 1
    resync(table)
    app.step(FRAME)
    app.step(FRAME)
    faces = garden(table).space_faces
    beside_a_tile = next(
        space for space in legal_spaces(table) if faces[space] > 0 and state.path[faces[space]] >= 0
    )
    click(app, castle_screen(table).painter.space_centre(beside_a_tile))
    app.step(FRAME)
    app.step(FRAME)
    assert state.phase == Phase.RECOVER
    assert [button.label for button in table.buttons] == ["Recover jewels", "End turn"]
    position = faces[beside_a_tile]
    tile = state.path[position]
    click(app, table.buttons[0].rect.center)
    assert state.collected[0] == [tile]


def test_a_gold_fountain_asks_the_human_which_pebbles_to_keep(app: App) -> None:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Bot", "bot", "easy", "wolf")]
    gold = [{"ritual": "return_two", "side": "gold"}, {"ritual": "one_color", "side": "white"}]
    match = Match.new(CastleRules(), seats, 3, {"start_seat": 0, "fountains": gold})
    table = castle_table(app, match)
    app.step(FRAME)
    app.step(FRAME)
    state = match._state  # test-only: four pebbles of three colours come out of the pouch
    state.pouch.extend([0, 1, 2, 0])
    fountain = state.table.space_fountain.index(0)
    click(app, castle_screen(table).painter.space_centre(fountain))
    app.step(FRAME)
    app.step(FRAME)
    assert state.phase == Phase.FOUNTAIN
    labels = [button.label for button in table.buttons]
    assert len(labels) > 1 and all(label.startswith("Put back") for label in labels)
    click(app, table.buttons[0].rect.center)
    assert state.phase != Phase.FOUNTAIN and sum(state.drawn) == 0


def test_a_continued_game_keeps_its_log_from_who_started(app: App) -> None:
    """Saved part-way and continued (a new table on the saved Match, as Continue opens it):
    the log still begins with who started and holds every move made before the save."""
    seats = [
        SeatSpec("Ada", "human", None, "fox"),
        SeatSpec("Bot", "bot", "easy", "wolf"),
        SeatSpec("Cy", "bot", "easy", "raccoon"),
    ]
    # Cy starts: neither the first seat nor the seat to act when the game is saved.
    match = Match.new(CastleRules(), seats, 5, {"start_seat": 2})
    table = castle_table(app, match)
    deadline = time.monotonic() + 10
    while not human_may_act(table):
        assert time.monotonic() < deadline
        app.step(BOT_FRAME)
    white = next(s for s in legal_spaces(table) if garden(table).space_faces[s] < 0)
    click(app, castle_screen(table).painter.space_centre(white))  # Ada hides: her turn is over
    assert match.to_act() == (1,)
    app.step(FRAME)
    while table.presenter.busy:  # every move made so far has animated and reached the log
        app.step(FRAME)
    live = [line.text for line in table.presenter.log]
    moved = [move.seat for move in match.record.moves]
    assert 2 in moved and 0 in moved
    assert app.user_data.has_game("castle")  # saved after every move

    # Continue, as the gallery does: the saved game replayed onto a new table.
    app.stack.pop()
    resumed = CARDS["castle"].resume(app)
    assert resumed.shown is not None
    again, saved = resumed.shown
    assert isinstance(again, TableScene)
    assert saved.record.moves == match.record.moves and saved.to_act() == match.to_act()
    start = castle_presenter(again).shown.start_seat
    assert start == 2
    log = again.presenter.log
    assert log, "a continued game's log is empty"
    assert log[0].text == "Cy is the night owl and starts" and log[0].seat == start
    texts = [line.text for line in log]
    assert any(text.startswith("Cy hid ") for text in texts)
    assert any(text.startswith("Ada hid ") for text in texts)
    assert texts == live  # the same log as before the save


def test_hiding_where_nothing_can_be_recovered_says_so_on_screen(app: App) -> None:
    app.settings.animation_speed = 1.0
    table, _match = ada_at_the_board(app)
    fountain = next(s for s in legal_spaces(table) if garden(table).space_fountain[s] >= 0)
    click(app, castle_screen(table).painter.space_centre(fountain))
    banners = set()
    for _ in range(600):  # ten seconds of table time, before the computer is handed on
        app.step(FRAME)
        banner = table.presenter.banner
        if banner is not None and app.stack.top is table:
            banners.add(banner.text)
    assert "Nothing to recover here: your turn ends" in banners
    lines = [line.text for line in table.presenter.log]
    assert "Nothing to recover beside a fountain: Ada ended the turn" in lines
    assert isinstance(app.stack.top, HandoffScene)  # Bo's turn, once Ada has read it
