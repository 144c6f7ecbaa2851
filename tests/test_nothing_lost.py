"""Nothing a player made is lost: a finished game is archived before its save goes (a kill at
any step leaves it somewhere, and the next start puts it among the past games), a save holding
`null` is set aside with a word naming its game, and two copies of the app on one data folder
never open the same game (the operating system's lock, which dies with its process)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop import saves
from moonlight_desktop.archive import Archive
from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.saves import resume_match, save_match
from moonlight_desktop.scenes.gallery import GalleryScene, set_aside_notice
from moonlight_desktop.scenes.past_games import archive_of
from moonlight_desktop.scenes.table_flow import open_own_table, open_table
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import OPEN_ELSEWHERE, UserData
from tests.test_replay_scene import finished_game

MOONS = TABLE_GAMES["moons"]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0
    application.window = pygame.display.set_mode((1280, 720))
    yield application
    application.close()


def _one_move_from_the_end(game_id: str = "moons") -> tuple[Match[Any], Match[Any]]:
    """A finished game and the same game before its last command."""
    finished = finished_game(game_id)
    return finished, finished.replayed(len(finished.record.moves) - 1)


def _archived(folder: Path) -> list[str]:
    return [game.key for game in Archive(folder / "past_games").games()]


# A finished game ------------------------------------------------------------------------------


def test_a_finished_game_is_saved_whole_then_archived_then_its_save_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = UserData(tmp_path)
    finished, _ = _one_move_from_the_end()
    steps: list[str] = []
    real_save, real_add, real_forget = store.save_game, Archive.add, store.forget_game

    def save_game(game_id: str, text: str) -> None:
        steps.append("saved, finished" if json.loads(text) == finished.record.to_json() else "")
        real_save(game_id, text)

    def add(archive: Archive, *args: Any) -> Any:
        steps.append("archived")
        return real_add(archive, *args)

    def forget(game_id: str) -> None:
        steps.append("forgotten")
        real_forget(game_id)

    monkeypatch.setattr(store, "save_game", save_game)
    monkeypatch.setattr(Archive, "add", add)
    monkeypatch.setattr(store, "forget_game", forget)
    save_match(store, finished)
    assert steps == ["saved, finished", "archived", "forgotten"]
    assert len(_archived(tmp_path)) == 1 and not store.has_game("moons")


@pytest.mark.parametrize("killed", ["before archiving", "after archiving"])
def test_a_kill_at_any_step_of_finishing_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, killed: str
) -> None:
    """The process dies at a step (here: the step raises and nothing after it runs); the next
    start finds the game and keeps exactly one entry of it."""
    store = UserData(tmp_path)
    finished, _ = _one_move_from_the_end()

    class Killed(BaseException):
        pass

    def die(*_args: Any) -> None:
        raise Killed

    if killed == "before archiving":
        monkeypatch.setattr(Archive, "add", die)
    else:
        monkeypatch.setattr(store, "forget_game", die)
    with pytest.raises(Killed):
        save_match(store, finished)
    monkeypatch.undo()
    assert store.has_game("moons")  # the save still holds it, finished
    again = UserData(tmp_path)  # the next start
    assert resume_match(again, "moons", lambda match: match) == saves.Resumed()
    assert len(_archived(tmp_path)) == 1 and not again.has_game("moons")


@pytest.mark.rules_thread
def test_a_window_closed_right_after_the_last_move_keeps_the_game(tmp_path: Path) -> None:
    """The app closes the moment the last command is applied (its animation not even begun,
    the rules' thread shut down with work still queued): the game is in the past games once
    the app starts again, and no longer in progress."""
    finished, almost = _one_move_from_the_end()
    application = App(UserData(tmp_path))
    application.window = pygame.display.set_mode((1280, 720))
    table = open_own_table(application, MOONS, almost)
    assert table is not None
    application.stack.push(table)
    last = finished.record.moves[-1]
    controller = table.controller
    controller.viewer = last.seat  # the last command is played as at the table
    controller.bots.pop(last.seat, None)
    assert controller.submit(last.command)
    controller.settle(timeout=10)
    assert table.match.is_over()
    application.close()
    again = App(UserData(tmp_path))
    try:
        gallery = GalleryScene(again)
        assert "moons" not in gallery.resumables and gallery.notice is None
        (kept,) = archive_of(again).games()
        assert kept.moves == len(finished.record.moves)
        assert not again.user_data.has_game("moons")
    finally:
        again.close()


def test_a_game_played_to_its_end_at_the_table_is_archived_at_once(app: App) -> None:
    """Archived when its last command is applied, before game over is told (nothing waits for
    the animations)."""
    finished, almost = _one_move_from_the_end()
    table = open_own_table(app, MOONS, almost)
    assert table is not None
    app.stack.push(table)
    last = finished.record.moves[-1]
    table.controller.viewer = last.seat
    table.controller.bots.pop(last.seat, None)
    assert table.controller.submit(last.command)
    (kept,) = archive_of(app).games()
    assert [seat.score for seat in kept.seats] == list(finished.scores())
    assert not app.user_data.has_game("moons") and not table.controller.over_told


# Saves that cannot be continued -----------------------------------------------------------------


@pytest.mark.parametrize("content", ["null", "[]", "3.5", '"a save"', "9" * 5000])
def test_a_save_of_the_wrong_kind_of_json_is_set_aside_with_its_game_named(
    app: App, content: str
) -> None:
    app.user_data.game_path("samarkand").write_text(content)
    gallery = GalleryScene(app)
    title = TABLE_GAMES["samarkand"].title
    assert gallery.notice == set_aside_notice([title]) and title in gallery.notice
    assert not app.user_data.has_game("samarkand") and "samarkand" not in gallery.resumables
    bad = app.user_data.game_path("samarkand").with_name("game_in_progress_samarkand.json.bad")
    assert bad.read_text() == content
    started: list[Match[Any]] = []
    setup = TableSetupScene(app, TABLE_GAMES["samarkand"], started.append, lambda: None)
    app.stack.push(setup)
    setup.start()  # a new game: nothing to ask about, since nothing can be continued
    assert len(started) == 1 and app.stack.top is setup and not setup.message


def test_saves_of_two_games_set_aside_are_named_in_one_sentence(app: App) -> None:
    for game_id in ("castle", "moons"):
        app.user_data.game_path(game_id).write_text("null")
    notice = GalleryScene(app).notice
    assert notice == (
        "Your saved games of Moonlight Castle and Moons could not be continued,"
        " so they were set aside."
    )


# Two copies of the app on one data folder ---------------------------------------------------------


def _holder(folder: Path, game_id: str) -> subprocess.Popen[str]:
    """Another copy of the app, in a process of its own, holding the game's claim as its
    open table does; it says "held" once it has it."""
    code = textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from moonlight_desktop.userdata import UserData
        claim = UserData(Path({str(folder)!r})).claim_game({game_id!r})
        print("held" if claim is not None else "refused", flush=True)
        time.sleep(120)
        """
    )
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "held"
    return process


def test_a_game_open_in_another_copy_is_not_opened_here_and_is_after_it_dies(
    app: App, tmp_path: Path
) -> None:
    game = finished_game("moons").replayed(30)
    save_match(app.user_data, game)
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    other = _holder(tmp_path, "moons")
    try:
        gallery.resume("moons")
        assert app.stack.top is gallery
        assert app.notice == OPEN_ELSEWHERE.format(title=MOONS.title)
        assert open_own_table(app, MOONS, game) is None  # nor a new game over its save
        started: list[Match[Any]] = []
        setup = TableSetupScene(app, MOONS, started.append, lambda: None)
        setup.start()
        assert setup.message == OPEN_ELSEWHERE.format(title=MOONS.title) and not started
    finally:
        other.send_signal(signal.SIGKILL)  # a crash: the operating system lets its lock go
        other.wait()
    gallery.resume("moons")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.record == game.record


def test_continuing_opens_the_save_as_it_is_now_not_as_the_gallery_found_it(app: App) -> None:
    """Another copy played on (and left) while this gallery stood open: continuing here takes
    up its moves instead of overwriting them with the older game."""
    later = finished_game("moons").replayed(40)
    save_match(app.user_data, later.replayed(30))
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    save_match(app.user_data, later)  # the other copy's moves
    gallery.resume("moons")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.record == later.record


def test_the_table_holds_the_claim_until_it_is_left(app: App, tmp_path: Path) -> None:
    table = open_own_table(app, MOONS, finished_game("moons").replayed(10))
    assert table is not None
    app.stack.push(table)
    other = UserData(tmp_path)
    assert other.open_elsewhere("moons") and not other.open_elsewhere("castle")
    app.stack.pop()
    assert not other.open_elsewhere("moons")


def test_a_table_only_shown_in_the_gallery_claims_nothing(app: App, tmp_path: Path) -> None:
    save_match(app.user_data, finished_game("moons").replayed(10))
    assert "moons" in GalleryScene(app).resumables
    assert not UserData(tmp_path).open_elsewhere("moons")
    assert isinstance(open_table(app, MOONS, finished_game("moons").replayed(5)), TableScene)
    assert not UserData(tmp_path).open_elsewhere("moons")
