"""Where searching bots think: processes of their own. A search keeps a core busy for its
whole budget; on a thread of the window's process it would hold Python's lock against the
frames (measured: the frame time doubles with one search thread, triples with two), while in
another process the window keeps its 60 frames a second.

A decision that cannot go to a process (none can start, or it cannot be sent) runs on the
fallback runner instead; one whose process died is tried again in a new one."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .data import Command
from .rules import Bot

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger(__name__)

T = TypeVar("T")
Runner = Callable[[Callable[[], Any]], "Future[Any]"]

MOST_PROCESSES = 4
"""Searching bots that think at once (Moons' tableaux ask up to five together)."""


@dataclass(frozen=True, slots=True)
class Decided:
    """A bot's decision and the bot as it is after making it: a bot that learns from each
    view (Samarkand's payments) or draws from its own random stream changed while deciding,
    and in another process that change happened to a copy, which the table adopts."""

    command: Command
    bot: Bot


def decide(bot: Bot, view: Any, legal: Sequence[Command], budget_seconds: float) -> Decided:
    """The work sent to think: `bot.choose`, answered with the bot itself."""
    return Decided(bot.choose(view, legal, budget_seconds), bot)


def _ready() -> None:
    """A started process's first task: nothing, so it is ready when a decision comes."""


class SearchPool:
    def __init__(self, fallback: Runner, processes: int | None = None) -> None:
        """`fallback` runs what no process can (a thread pool's `submit`)."""
        self._fallback = fallback
        self._processes = processes or max(1, min(MOST_PROCESSES, os.cpu_count() or 1))
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # Imported here: the window opens sooner without multiprocessing.
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # Spawned, not forked: the window's process has threads and SDL state that a
            # fork would copy half-made. A frozen build needs freeze_support() at its start.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self._processes, mp_context=context)
        return self._pool

    def warm(self) -> None:
        """Starts the processes now (a table with searching bots opens), so the first
        decision does not wait for Python to start."""
        try:
            pool = self._executor()
            for _ in range(self._processes):
                pool.submit(_ready)
        except Exception:
            log.exception("searching processes could not start; bots will think on a thread")

    def submit(self, work: Callable[[], T]) -> Future[T]:
        """`work` in a process (it and its result must pickle). Work that cannot be sent
        runs on the fallback; work whose process died is tried once more in a new process
        (never in this one: what killed a process could kill the window)."""
        answer: Future[T] = Future()
        self._send(work, answer, retries=1)
        return answer

    def _send(self, work: Callable[[], T], answer: Future[T], retries: int) -> None:
        try:
            running = self._executor().submit(work)
        except Exception:
            log.exception("no searching process took the decision; it runs on a thread")
            self._to_fallback(work, answer)
            return

        def settle(done: Future[T]) -> None:
            if answer.cancelled():
                return  # nobody waits for it any more (a server closing, a table left)
            if done.cancelled():
                answer.cancel()
                return
            error = done.exception()
            if error is None:
                answer.set_result(done.result())
            elif _broken(error):
                log.error("a searching process died (%r)", error)
                self._pool = None  # a broken pool takes no more work: a new one starts
                if retries > 0:
                    self._send(work, answer, retries - 1)
                else:
                    answer.set_exception(error)
            else:  # it could not be sent (or failed there): a thread gives the true answer
                log.error("a search could not run in a process (%r); it runs on a thread", error)
                self._to_fallback(work, answer)

        running.add_done_callback(settle)

    def _to_fallback(self, work: Callable[[], T], answer: Future[T]) -> None:
        try:
            running = self._fallback(work)
        except RuntimeError as error:  # the fallback has shut down: the window is closing
            answer.set_exception(error)
            return
        _forward(running, answer)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _broken(error: BaseException) -> bool:
    """The process running the work died (the pool that ran it is loaded by then)."""
    from concurrent.futures.process import BrokenProcessPool

    return isinstance(error, BrokenProcessPool)


def _forward(source: Future[T], target: Future[T]) -> None:
    def copy(done: Future[T]) -> None:
        if target.cancelled():
            return  # nobody waits for it any more
        if done.cancelled():  # the fallback shut down with the window: so is the answer
            target.cancel()
            return
        error = done.exception()
        if error is None:
            target.set_result(done.result())
        else:
            target.set_exception(error)

    source.add_done_callback(copy)
