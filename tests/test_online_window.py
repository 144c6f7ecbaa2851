"""Online play in the window: a table set in the setup, opened on a game server, played to its
end at the window (the other seats the server's bots), and the scenes round it."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from moonlight_desktop.archive import Archive
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.net.protocol import Create, SeatWish
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.online_menu import OnlineMenuScene, server_url
from moonlight_desktop.scenes.table_over import TableOverScene
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.scenes.waiting_room import WaitingRoomScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.online_table import OnlineTable
from moonlight_desktop.ui.table.setup import HUMAN
from moonlight_desktop.userdata import UserData

from .online_helpers import (
    click_through,
    frames_until,
    hosted_server,
    play_until,
    type_into,
)
from .table_helpers import press

ROOT = Path(__file__).resolve().parent.parent

BOTS_AT: dict[str, tuple[int, dict[str, object]]] = {
    "castle": (2, {}),
    "market": (2, {}),
    "moons": (3, {}),
    "samarkand": (3, {}),
}


def test_server_addresses_are_made_whole_or_refused() -> None:
    assert server_url("192.168.1.20") == "ws://192.168.1.20:8765"
    assert server_url(" games.example.org:9000 ") == "ws://games.example.org:9000"
    assert server_url("wss://games.example.org") == "wss://games.example.org:443"
    assert server_url("ws://[::1]:8765") == "ws://[::1]:8765"
    for bad in ("", "http://x", "ws://", "ws://a:99999", "ws://u@h", "ws://h/path", "ws://h:x"):
        assert server_url(bad) is None, bad


@pytest.mark.parametrize("game", sorted(BOTS_AT))
def test_a_table_with_bots_on_a_server_is_played_to_its_end_in_the_window(
    app: App, tmp_path: Path, game: str
) -> None:
    seats, options = BOTS_AT[game]
    wishes = [SeatWish("me", name="Ada"), *(SeatWish("bot", "easy") for _ in range(seats - 1))]
    rng = random.Random(7)
    with hosted_server(tmp_path / "server") as url:
        app.stack.reset(GalleryScene(app))
        create = Create(game, wishes, "Ada", options, wait=False)
        app.stack.push(WaitingRoomScene(app, url, create, "A table", game))
        frames_until(app, lambda: isinstance(app.stack.top, OnlineTable))
        table = app.stack.top
        assert isinstance(table, OnlineTable)
        clicked, chosen = play_until(
            app, game, table, rng, lambda: isinstance(app.stack.top, TableOverScene)
        )
        assert clicked > 0 and chosen == 0
        finished = table.remote.finished
        assert finished is not None and finished.is_over()
        assert game_spec(game).rules.game_id == finished.record.game


def test_play_online_opens_from_the_gallery(app: App) -> None:
    gallery = GalleryScene(app)
    app.stack.reset(gallery)
    app.step(1 / 60)
    gallery.online_button.on_click()
    assert isinstance(app.stack.top, OnlineMenuScene)


def _choose_by_clicks(app: App, choice: object, value: object) -> None:
    """Clicks the right half of a picker until it shows `value`."""
    for _ in range(12):
        if getattr(choice, "value") == value:  # noqa: B009 - any picker
            return
        rect = getattr(choice, "rect")  # noqa: B009
        press(app, (rect.right - 4, rect.centery))
        app.step(1 / 60)
    raise AssertionError(f"{value} is not among the picker's choices")


def _second_app(
    data: Path, url: str, code: str = "", leave_after: int = 0
) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "tests.online_player", "--data", str(data), "--url", url]
    if code:
        command += ["--code", code]
    if leave_after:
        command += ["--leave-after", str(leave_after)]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)


@pytest.mark.parametrize("game", sorted(BOTS_AT))
def test_two_apps_play_a_whole_game_the_friend_dropping_out_and_coming_back(
    app: App, tmp_path: Path, game: str
) -> None:
    """The host sets a table on this computer by clicks; a second app, in its own process,
    joins with the code, plays by clicks, dies midway, comes back from Your online games and
    plays on; both see the game to its end, and both keep it among their past games."""
    rng = random.Random(3)
    app.online.hosting_options["bot_pause"] = 0.0  # bots at full speed, for the test's sake
    app.stack.reset(GalleryScene(app))
    app.step(1 / 60)
    click_through(app, "online_button")
    menu = app.stack.top
    assert isinstance(menu, OnlineMenuScene)
    type_into(app, menu.name, "Ada")
    _choose_by_clicks(app, menu.game, game)
    click_through(app, menu.host_button)
    setup = app.stack.top
    assert isinstance(setup, TableSetupScene) and setup.online is not None
    if len(setup.setup.seats) < 2:  # Market's table may be set for one, with its automata
        click_through(app, setup.add_button)
    _choose_by_clicks(app, setup.rows[1].kind, HUMAN)
    click_through(app, setup.start_button)
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene)
    frames_until(app, lambda: bool(room.room) and room.table is not None)
    url = f"ws://127.0.0.1:{app.online.host_port}"
    friend_data = tmp_path / "friend"
    friend = _second_app(friend_data, url, room.room, leave_after=4)
    try:
        frames_until(
            app, lambda: room.can_start() and room.start_button in room.widgets, timeout=60
        )
        click_through(app, room.start_button)
        frames_until(app, lambda: isinstance(app.stack.top, OnlineTable))
        table = app.stack.top
        assert isinstance(table, OnlineTable)
        clicked, chosen = play_until(app, game, table, rng, lambda: friend.poll() is not None)
        out, _ = friend.communicate(timeout=10)
        assert out.split()[0] == "left", out
        frames_until(app, lambda: not table.online.seats[1].here)
        friend = _second_app(friend_data, url)
        more = play_until(app, game, table, rng, lambda: isinstance(app.stack.top, TableOverScene))
        clicked, chosen = clicked + more[0], chosen + more[1]
        out, _ = friend.communicate(timeout=60)
        assert out.split()[0] == "over", out
        _over, moves, by_clicks = out.split()
        assert int(moves) == int(by_clicks) > 0  # every command of the friend's by clicks
        assert clicked > 0 and chosen == 0  # and of the host's
    finally:
        if friend.poll() is None:
            friend.kill()
    finished = table.remote.finished
    assert finished is not None
    theirs = Archive(UserData(friend_data).archive_folder)
    kept = [theirs.record(entry).to_json() for entry in theirs.games()]
    assert kept == [finished.record.to_json()]
