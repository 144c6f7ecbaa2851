"""Searching bots think in processes of their own, and a decision that no process can take
(it cannot be sent, or its process dies) runs on the fallback thread: a bot always answers."""

from __future__ import annotations

import os
import pickle
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from pathlib import Path

import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.search_pool import SearchPool, decide
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.samarkand.hard import HardBot
from moonlight_desktop.games.samarkand.spec import SAMARKAND


def where() -> int:
    return os.getpid()


def die() -> int:
    os._exit(3)  # a process lost mid-decision (killed, out of memory...)


def die_first_time(marker: str) -> str:
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(3)
    return "answered"


@pytest.fixture
def threads() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=1) as pool:
        yield pool


@pytest.fixture
def pool(threads: ThreadPoolExecutor) -> Iterator[SearchPool]:
    searching = SearchPool(threads.submit, processes=1)
    yield searching
    searching.close()


def test_a_decision_runs_in_another_process(pool: SearchPool) -> None:
    pool.warm()
    assert pool.submit(where).result(timeout=60) != os.getpid()
    assert pool.submit(partial(max, 3, 8)).result(timeout=60) == 8


def test_work_that_cannot_go_to_a_process_runs_on_the_fallback(pool: SearchPool) -> None:
    lock = threading.Lock()  # cannot be sent to another process
    assert pool.submit(lambda: (lock, os.getpid())[1]).result(timeout=60) == os.getpid()


def test_a_decision_whose_process_dies_is_tried_once_more_in_a_new_one(
    pool: SearchPool, tmp_path: Path
) -> None:
    """The first try kills its process; the second, in a new process, answers."""
    marker = tmp_path / "tried"
    assert pool.submit(partial(die_first_time, str(marker))).result(timeout=60) == "answered"
    assert pool.submit(where).result(timeout=60) != os.getpid()  # the new pool goes on


def test_a_decision_that_keeps_killing_its_process_fails_without_touching_this_one(
    pool: SearchPool,
) -> None:
    assert isinstance(pool.submit(die).exception(timeout=60), BrokenProcessPool)


def no_thread(work: object) -> Future[object]:
    raise AssertionError("the work should have gone to a process")


@pytest.mark.parametrize("game_id", ["castle", "market", "moons", "samarkand"])
def test_every_hard_bot_can_be_sent_to_a_process_after_deciding(game_id: str) -> None:
    """A bot is sent with each decision, so what it keeps between decisions must pickle
    (a closure would send every later decision to a thread of the window's process)."""
    match = Match.new(GAMES[game_id].rules, [SeatSpec(n) for n in "ABC"], 4)
    bot = GAMES[game_id].bot("hard", 3, iterations=4)
    for _ in range(4):
        seat = match.to_act()[0]
        match.submit(seat, bot.choose(match.view(seat), match.legal(seat), 1.0))
        pickle.loads(pickle.dumps(bot))


def test_a_bot_deciding_in_a_process_keeps_what_it_learnt() -> None:
    """Samarkand's Hard bot follows the payments from view to view: deciding in another
    process, it comes back with its memory (and its random draws) as if it had decided here,
    so the same seeds give the same game."""
    pool = SearchPool(no_thread, processes=1)

    def play(elsewhere: bool) -> tuple[list[object], list[int]]:
        match = Match.new(SAMARKAND.rules, [SeatSpec(n) for n in "ABC"], 4, {"mode": "live"})
        bots = {0: HardBot(9, iterations=6), 1: SAMARKAND.bot("normal", 1)}
        bots[2] = SAMARKAND.bot("normal", 2)
        mine: list[object] = []
        while not match.is_over() and len(mine) < 25:
            seat = match.to_act()[0]
            work = partial(decide, bots[seat], match.view(seat), match.legal(seat), 1.0)
            decided = pool.submit(work).result(timeout=60) if elsewhere else work()
            bots[seat] = decided.bot
            if seat == 0:
                mine.append(decided.command)
            match.submit(seat, decided.command)
        hard = bots[0]
        assert isinstance(hard, HardBot)
        return mine, hard.memory.money

    here, there = play(elsewhere=False), play(elsewhere=True)
    pool.close()
    assert here == there
    assert len(here[0]) == 25 and any(money != here[1][0] for money in here[1])


def cancelled(work: object) -> Future[object]:
    future: Future[object] = Future()
    future.cancel()  # as a thread pool shut down with cancel_futures does
    return future


def shut_down(work: object) -> Future[object]:
    raise RuntimeError("cannot schedule new futures after shutdown")


@pytest.mark.parametrize("fallback", [cancelled, shut_down], ids=["cancelled", "shut down"])
def test_a_fallback_closing_with_the_window_ends_the_answer_quietly(
    fallback: Callable[[object], Future[object]], caplog: pytest.LogCaptureFixture
) -> None:
    """Unsendable work meets a fallback that the closing window has shut: the answer ends
    (cancelled, or with the error) instead of waiting forever or raising in a callback."""
    pool = SearchPool(fallback, processes=1)
    lock = threading.Lock()  # cannot be sent to another process
    answer = pool.submit(lambda: (lock, 1)[1])
    wait([answer], timeout=60)
    pool.close()
    assert answer.done()
    assert answer.cancelled() or isinstance(answer.exception(), RuntimeError)
    assert not [r for r in caplog.records if "callback" in r.getMessage()]


def sleep_then(value: int) -> int:
    time.sleep(0.3)
    return value


def test_an_answer_nobody_waits_for_any_more_is_dropped_quietly(
    pool: SearchPool, threads: ThreadPoolExecutor, caplog: pytest.LogCaptureFixture
) -> None:
    """A server closing cancels the decisions it waited for; their processes finish later,
    and their answers are dropped without an error."""
    answer = pool.submit(partial(sleep_then, 3))
    assert answer.cancel()
    on_thread = pool.submit(lambda: (threading.Lock(), sleep_then(4))[1])  # cannot be sent
    on_thread.cancel()
    time.sleep(0.8)  # both answers come back to nobody
    wait([threads.submit(sleep_then, 0)], timeout=60)
    assert answer.cancelled() and "exception calling callback" not in caplog.text
