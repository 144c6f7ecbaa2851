"""Searching bots think in processes of their own, and a decision that no process can take
(it cannot be sent, or its process dies) runs on the fallback thread: a bot always answers."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from pathlib import Path

import pytest

from moonlight_desktop.engine.search_pool import SearchPool


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
