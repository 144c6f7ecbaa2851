"""The explained hint at the table, driven like a player would on the dummy video driver: H
and the hint button, the highlight and the card on the pixels, hints off for a table, the
hint gone after a move, counted in the statistics, and odd input that changes nothing."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.archive import Archive
from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.saves import save_match, saved_notes
from moonlight_desktop.scenes.replay import ReplayScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.statistics import statistics
from moonlight_desktop.table_notes import TableNotes, hints_in_setup
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table import scene as scene_module
from moonlight_desktop.ui.table.game_ui import TableContext
from moonlight_desktop.ui.table.hints import HINTS_OFF, NOT_YOUR_TURN
from moonlight_desktop.ui.table.log_panel import hint_button
from moonlight_desktop.ui.table.scene import TableScene
from tests.table_helpers import click, key, press

FRAME = 1 / 60
SEATS = {"castle": 2, "market": 2, "moons": 3, "samarkand": 3}


def new_match(game_id: str, seed: int = 11, humans: int = 1) -> Match[Any]:
    seats = [
        SeatSpec(f"Ada{n}", "human") if n < humans else SeatSpec(f"Bot {n}", "bot", "normal")
        for n in range(SEATS[game_id])
    ]
    return Match.new(game_spec(game_id).rules, seats, seed, {})


def table_for(app: App, game_id: str, notes: TableNotes | None = None, **kw: Any) -> TableScene:
    table = open_table(app, TABLE_GAMES[game_id], new_match(game_id, **kw), notes)
    app.stack.push(table)
    return table


def frames(app: App, table: TableScene, until: Any, limit: float = 10.0) -> None:
    """Frames (the rules settled each time, bots and hints on their worker) until `until()`."""
    end = time.monotonic() + limit
    while not until():
        assert time.monotonic() < end, "waited too long"
        table.controller.settle(timeout=5)
        app.step(FRAME)
        time.sleep(0.002)


def my_turn(app: App, table: TableScene) -> None:
    frames(app, table, lambda: table.controller.may_act() and not table.presenter.busy)


def picture(app: App, rect: pygame.Rect) -> bytes:
    app.stack.draw(app.window)
    return pygame.image.tobytes(app.window.subsurface(rect), "RGB")


def glow_pixels(app: App, rect: pygame.Rect) -> int:
    app.stack.draw(app.window)
    area = app.window.subsurface(rect)
    return sum(
        1
        for x in range(0, rect.width, 2)
        for y in range(0, rect.height, 2)
        if tuple(area.get_at((x, y)))[:3] == theme.GLOW
    )


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_h_shows_the_hint_on_the_board_and_its_reason(app: App, game_id: str) -> None:
    table = table_for(app, game_id)
    my_turn(app, table)
    board, log = table.layout.board, table.layout.log
    before_board, before_log = picture(app, board), picture(app, log)
    key(app, pygame.K_h)
    frames(app, table, lambda: table.hints.shown() is not None)
    hint = table.hints.shown()
    assert hint is not None and hint.command in table.controller.legal()
    assert table.notes.hints_used == [1]
    # The card with the reason over the log, in the glow colour; the board changed too
    # (the highlight) unless the hinted command is a button of the action strip.
    assert picture(app, log) != before_log
    assert glow_pixels(app, log) > 20
    on_strip = any(a.command == hint.command for a in table.screen.actions(table.table))
    if not on_strip:
        assert picture(app, board) != before_board
    # Asking again for the same position neither counts nor changes anything.
    key(app, pygame.K_h)
    frames(app, table, lambda: table.hints.shown() is not None)
    assert table.notes.hints_used == [1] and table.hints.shown() == hint


def test_the_button_asks_for_the_hint_and_a_move_takes_it_away(app: App) -> None:
    table = table_for(app, "castle")
    my_turn(app, table)
    button = hint_button(table.layout)
    assert glow_pixels(app, button) > 0  # the question mark, lit while a hint may be asked
    press(app, button.center)
    frames(app, table, lambda: table.hints.shown() is not None)
    hint = table.hints.shown()
    assert hint is not None
    assert "%" in hint.text or "jewel" in hint.text
    table.controller.submit(hint.command)
    frames(app, table, lambda: table.hints.shown() is None, limit=2)
    assert table.hints.hint is None or table.hints.shown() is None
    # After the bot's reply a new position: no hint until asked again.
    my_turn(app, table)
    assert table.hints.shown() is None


def test_the_button_during_a_bots_move_shows_that_move_then_the_hint(app: App) -> None:
    table = table_for(app, "castle")
    app.settings.animation_speed = 1.0
    for _ in range(2000):  # Ada plays until the bot's reply animates, her turn again
        table.controller.settle(timeout=5)
        app.step(FRAME)
        if table.controller.may_act() and not table.presenter.busy:
            table.controller.submit(table.controller.legal()[0])
        elif table.controller.may_act() and table.match.record.moves[-1].seat == 1:
            break
    assert table.presenter.busy and table.controller.may_act()
    press(app, hint_button(table.layout).center)
    assert not table.presenter.busy  # the bot's move shown to its end, then the hint asked
    frames(app, table, lambda: table.hints.shown() is not None)
    assert table.notes.hints_used == [1]


def test_hints_off_shows_no_button_and_h_says_so(app: App) -> None:
    table = table_for(app, "castle", notes=TableNotes(hints=False))
    my_turn(app, table)
    assert not table.hints.offered
    button = hint_button(table.layout)
    assert glow_pixels(app, button) == 0
    lit = table_for(app, "castle")
    my_turn(app, lit)
    assert glow_pixels(app, button) > 0  # the same place with hints on shows the button
    app.stack.pop()
    key(app, pygame.K_h)
    press(app, button.center)
    frames(app, table, lambda: True, limit=1)
    assert table.message == HINTS_OFF
    assert table.hints.hint is None and table.hints.job is None
    assert table.notes.hints_used == []


def test_the_setup_option_is_remembered_and_old_setups_have_hints_on(app: App) -> None:
    assert hints_in_setup(None) and hints_in_setup({"version": 1})
    assert not hints_in_setup({"hints": False})
    app.user_data.save_setup("market", {"hints": False})
    match = new_match("market")
    table = open_table(app, TABLE_GAMES["market"], match)
    assert not table.notes.hints


def test_odd_input_changes_nothing(app: App) -> None:
    table = table_for(app, "castle")
    # Nobody at the screen (between players): a word, nothing counted, nothing asked.
    table.controller.viewer = None
    key(app, pygame.K_h)
    assert table.message == NOT_YOUR_TURN and table.notes.hints_used == []
    assert table.hints.job is None
    table.controller.viewer = 0
    my_turn(app, table)
    key(app, pygame.K_h, mod=pygame.KMOD_CTRL)  # Ctrl+H is not a hint
    assert table.hints.job is None
    # While their own move animates the bot is to play: a word, nothing asked.
    app.settings.animation_speed = 1.0
    table.controller.submit(table.controller.legal()[0])
    table.controller.settle(timeout=5)
    app.step(FRAME)
    assert table.presenter.busy
    table.chrome.message = ""
    key(app, pygame.K_h)
    assert table.message == NOT_YOUR_TURN and table.hints.job is None
    assert table.notes.hints_used == []


def test_h_at_game_over_and_in_a_replay_changes_nothing(app: App) -> None:
    match = new_match("castle", humans=0)
    from moonlight_desktop.game_list import make_bot

    bots = {seat: make_bot("castle", "normal", seat) for seat in range(2)}
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal(seat), 0))
    over = open_table(app, TABLE_GAMES["castle"], match)
    app.stack.push(over)
    key(app, pygame.K_h)
    app.step(FRAME)
    assert over.hints.hint is None and over.hints.job is None
    replay = ReplayScene(app, TABLE_GAMES["castle"], match)
    app.stack.push(replay)
    key(app, pygame.K_h)
    press(app, hint_button(replay.layout).center)
    app.step(FRAME)
    assert replay.hints is None and not replay.message  # a replay has no hints


def test_hand_off_hides_the_hint(app: App) -> None:
    """Pass and play: the hint is the seat's own, gone once the screen changes hands."""
    table = table_for(app, "castle", humans=2)
    frames(app, table, lambda: table.controller.viewer is not None or _hand_off(app, table))
    my_turn(app, table)
    viewer = table.controller.viewer
    key(app, pygame.K_h)
    frames(app, table, lambda: table.hints.shown() is not None)
    hint = table.hints.shown()
    assert hint is not None
    table.controller.submit(hint.command)
    # The player finishes their turn; the screen hides their things before the next.
    while table.controller.viewer == viewer:
        table.controller.settle(timeout=5)
        app.step(FRAME)
        if table.controller.viewer == viewer and table.controller.may_act():
            assert table.hints.shown() is None  # their last move took the hint away
            table.controller.submit(table.controller.legal()[-1])
    assert table.controller.viewer is None and table.hints.shown() is None
    assert viewer is not None and table.notes.used(viewer) == 1 == sum(table.notes.hints_used)


def _hand_off(app: App, table: TableScene) -> bool:
    """Takes a hand-off screen as the next player would (its ready button)."""
    top = app.stack.top
    ready = getattr(top, "ready_button", None)
    if top is not table and ready is not None:
        press(app, ready.rect.center)
    return False


def test_hints_are_counted_with_the_save_and_the_archived_game(app: App, tmp_path: Path) -> None:
    match = new_match("castle")
    notes = TableNotes(seed=match.record.seed)
    notes.count_hint(0)
    notes.count_hint(0)
    from moonlight_desktop.game_list import make_bot

    bot = make_bot("castle", "normal", 1)
    seat = match.to_act()[0]
    match.submit(seat, match.legal(seat)[0])
    save_match(app.user_data, match, notes)
    resumed = saved_notes(app.user_data, match)
    assert resumed.hints and resumed.hints_used == [2]
    other = new_match("castle", seed=99)
    assert saved_notes(app.user_data, other).hints_used == []  # another game's notes: none
    while not match.is_over():
        seat = match.to_act()[0]
        if seat == 0:
            match.submit(seat, match.legal(seat)[0])
        else:
            match.submit(seat, bot.choose(match.view(seat), match.legal(seat), 0))
    archive = Archive(tmp_path / "past_games")
    entry = archive.add(match, 10, notes.for_seats(2))
    assert [seat.hints for seat in entry.seats] == [2, 0]
    listed = archive.games()
    assert [seat.hints for seat in listed[0].seats] == [2, 0]
    ada = next(s for s in statistics(listed) if s.name == "Ada0")
    assert ada.hints_used == 2
    # An entry archived before hints were counted: none used.
    (listed[0].path.with_name(listed[0].path.stem + ".hints")).unlink()
    fresh = Archive(tmp_path / "past_games")
    assert next(s for s in statistics(fresh.games()) if s.name == "Ada0").hints_used == 0


def test_old_notes_and_bad_notes_read_as_hints_on() -> None:
    assert TableNotes.from_json(None) == TableNotes()
    assert TableNotes.from_json({"hints": "yes", "hints_used": [1, -3, "x"]}).hints is True
    assert TableNotes.from_json({"hints_used": [1, -3, "x", True]}).hints_used == [1, 0, 0, 0]
    notes = TableNotes.from_json({"hints": False, "hints_used": [4], "seed": 7})
    assert (notes.hints, notes.hints_used, notes.seed) == (False, [4], 7)


def test_the_hint_is_worked_out_on_a_worker_from_the_seats_view(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint never runs on the UI thread: it goes to the app's worker with the seat's view
    and legal commands (never the state), and the frames go on while it is worked out."""
    table = table_for(app, "castle")
    my_turn(app, table)
    sent: list[Any] = []
    real = app.run_in_background

    def record(work: Any) -> Any:
        sent.append(work)
        return real(work)

    monkeypatch.setattr(app, "run_in_background", record)
    key(app, pygame.K_h)
    assert len(sent) == 1
    work = sent[0]
    viewer = table.controller.viewer
    assert work.args[0] == table.match.view(viewer)
    assert list(work.args[1]) == list(table.controller.legal())
    frames(app, table, lambda: table.hints.shown() is not None)


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_frame_and_an_input_read_one_snapshot_of_the_table(
    app: App, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every call to the game's screen in a frame (the hint ringed on the action strip too)
    reads the one snapshot the frame is drawn from, its legal commands asked of the rules
    once; an input is answered from one snapshot too."""
    table = table_for(app, game_id)
    my_turn(app, table)
    key(app, pygame.K_h)
    frames(app, table, lambda: table.hints.shown() is not None)
    made: list[TableContext] = []

    class Counted(TableContext):
        __slots__ = ()

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(scene_module, "TableContext", Counted)
    app.stack.draw(app.window)
    assert len(made) == 1
    click(app, table.layout.board.center)
    assert len(made) == 2
