"""The rules work on their own thread: while a command is with them the UI thread neither waits
nor reads the Match, the autosave and the game over follow the command back, and a finished
game's standings (Samarkand's final scoring and its discard search above all) are made there,
never on the UI thread."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.samarkand import scoring
from moonlight_desktop.games.samarkand.ui.description import SAMARKAND_UI
from moonlight_desktop.games.samarkand.ui.painter import LOOKS
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.controller import GameOver, Played, TableController, run_here
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import UserData
from tests.table_helpers import Router, frame

MATCH_READS = ("to_act", "legal", "view", "is_over", "scores", "winners", "snapshot")


@pytest.fixture
def rules_thread() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="rules") as pool:
        yield pool


def _ada_against_a_bot(
    pool: ThreadPoolExecutor, saves: list[int]
) -> tuple[Match[Any], TableController]:
    """Castle, the human at seat 0 to play first; each autosave notes the moves saved."""
    seats = [SeatSpec("Ada"), SeatSpec("Bot", "bot", "easy")]
    match = Match.new(GAMES["castle"].rules, seats, 4, {"start_seat": 0})
    controller = TableController(
        match,
        {1: make_bot("castle", "easy", 1)},
        run_here,
        bot_pause=0.0,
        run_rules=pool.submit,
        autosave=lambda m: saves.append(len(m.record.moves)),
    )
    controller.update(0.0, idle=True)
    return match, controller


def _watch_reads(match: Match[Any], gate: threading.Event) -> list[str]:
    """Records each read of `match` the UI thread makes while `gate` is shut (a command with
    the rules); the command itself waits at the gate."""
    ui_thread = threading.current_thread()
    reads: list[str] = []
    for name in MATCH_READS:
        method = getattr(match, name)

        def watched(*args: Any, _method: Callable[..., Any] = method, _name: str = name) -> Any:
            if threading.current_thread() is ui_thread and not gate.is_set():
                reads.append(_name)
            return _method(*args)

        setattr(match, name, watched)
    submit = match.submit

    def slow_submit(*args: Any) -> Any:
        assert gate.wait(timeout=5)
        return submit(*args)

    match.submit = slow_submit  # type: ignore[method-assign]
    return reads


def test_while_a_command_is_with_the_rules_the_ui_thread_goes_on_without_the_match(
    rules_thread: ThreadPoolExecutor,
) -> None:
    saves: list[int] = []
    match, controller = _ada_against_a_bot(rules_thread, saves)
    assert controller.may_act()
    command = controller.legal()[0]
    gate = threading.Event()
    reads = _watch_reads(match, gate)
    assert controller.submit(command)
    reads.clear()  # the submit's own check came before the command went to the rules
    for _ in range(30):  # frames go on while the rules work
        controller.update(1 / 60, idle=True)
        assert not controller.may_act() and controller.legal() == ()
        assert not controller.submit(command)  # one command at a time
    assert reads == [] and not controller.requests and saves == []
    gate.set()
    controller.settle(timeout=5)
    (played,) = controller.requests
    assert isinstance(played, Played) and played.command == command and played.seat == 0
    assert saves == [1] and [m.command for m in match.record.moves] == [command]


def test_a_command_back_from_the_rules_is_shown_before_the_next_goes(
    rules_thread: ThreadPoolExecutor,
) -> None:
    """One change per update: the update that takes a command back from the rules sends no
    other, so the scene presents each command before the next is played."""
    specs = [SeatSpec(f"b{n}", "bot", "easy") for n in range(4)]
    match = Match.new(GAMES["moons"].rules, specs, 5)
    sent: list[Future[Any]] = []
    unshown: list[int] = []

    def run_rules(work: Callable[[], Any]) -> Future[Any]:
        unshown.append(sum(isinstance(r, Played) for r in controller.requests))
        sent.append(rules_thread.submit(work))
        return sent[-1]

    bots = {seat: make_bot("moons", "easy", seat) for seat in range(4)}
    controller = TableController(match, bots, run_here, bot_pause=0.0, run_rules=run_rules)
    while len(sent) < 60:
        if sent:
            sent[-1].exception(timeout=5)  # back from the rules before the scene's next frame
        controller.update(0.0, idle=True)
        controller.requests.clear()  # the scene presents what came back
    assert unshown == [0] * len(unshown)


def test_saving_waits_for_the_command_with_the_rules(rules_thread: ThreadPoolExecutor) -> None:
    """Leaving the table mid-command (the pause menu, the window closing) loses nothing."""
    saved: list[int] = []
    match, controller = _ada_against_a_bot(rules_thread, saved)
    gate = threading.Event()
    _watch_reads(match, gate)
    controller.submit(controller.legal()[0])
    threading.Timer(0.05, gate.set).start()
    controller.save()
    assert saved[-1] == 1


def test_game_over_is_told_with_standings_made_on_the_rules_thread(
    rules_thread: ThreadPoolExecutor,
) -> None:
    specs = [SeatSpec(f"b{n}", "bot", "easy") for n in range(4)]
    match = Match.new(GAMES["moons"].rules, specs, 3)
    bots = {seat: make_bot("moons", "easy", seat) for seat in range(4)}
    controller = TableController(
        match,
        bots,
        run_here,
        bot_pause=0.0,
        run_rules=rules_thread.submit,
        conclude=lambda m: (threading.current_thread().name, m.scores()),
    )
    told: list[GameOver] = []
    for _ in range(20000):
        controller.settle(timeout=5)
        controller.update(0.0, idle=True)
        told += [r for r in controller.requests if isinstance(r, GameOver)]
        controller.requests.clear()
        if controller.over_told:
            break
    (over,) = told
    thread, scores = over.conclusion
    assert thread.startswith("rules") and scores == match.scores() == over.scores


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0
    yield application
    application.close()


@pytest.mark.rules_thread
def test_samarkands_final_scoring_never_searches_on_the_ui_thread(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four bots play a live game to its end in the window, a merchant's goods beyond what
    the camels carry (seed 46): each discard search runs on the rules' thread; the screens are
    lifted and the standings shown from what the rules chose."""
    searched: list[str] = []
    kept_goods = scoring.kept_goods

    def watched(*args: Any) -> list[int]:
        searched.append(threading.current_thread().name)
        return kept_goods(*args)

    monkeypatch.setattr(scoring, "kept_goods", watched)
    specs = [SeatSpec(f"B{n}", "bot", "easy", LOOKS[n].id) for n in range(4)]
    match = Match.new(GAMES["samarkand"].rules, specs, 46, {"mode": "live"})
    bots = {n: make_bot("samarkand", "easy", n) for n in range(4)}
    for bot in bots.values():
        bot.THINK_CHANCE = 0  # type: ignore[attr-defined]  # NormalBot's pricing values discards too
    router = Router()
    scene = TableScene(app, SAMARKAND_UI, match, bots, router, lambda m: None)
    app.stack.push(scene)
    for frames in range(20000):
        if router.over:
            break
        frame(app, scene, router, dt=0.25, draw=frames % 50 == 0)
    assert router.over == 1 and router.standings is not None
    assert searched and all(name.startswith("rules") for name in searched), searched
    over_capacity = [row for row in router.standings.rows if "Discarded" in row.details]
    assert over_capacity, "seed 46 no longer leaves goods the camels cannot carry"
    assert any("do not fit" in line.text for line in scene.presenter.log)
    pygame.event.clear()
