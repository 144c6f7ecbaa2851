"""The table controller, headless: simultaneous choices with hand-offs, bots thinking in
parallel, timed decisions with a default command, refusals, autosave, game over and the log of
a resumed game. Table time is injected: nothing here waits on a clock."""

from __future__ import annotations

import pickle
import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from moonlight_desktop.engine import Bot, Command, Match, SeatSpec
from moonlight_desktop.engine.bench import sample_seats
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.castle.moves import EndTurn
from moonlight_desktop.games.moons.moves import (
    HIDDEN,
    PlaceInTableau,
    TableauCardPlaced,
    TableauxRevealed,
)
from moonlight_desktop.ui.table.controller import (
    GameOver,
    HandOff,
    Played,
    Refusal,
    Request,
    Seated,
    TableController,
    Timeout,
    replay_log,
    run_here,
)


def _moons(humans: Sequence[int], seats: int = 4, seed: int = 3) -> Match[Any]:
    specs = [
        SeatSpec(f"h{n}") if n in humans else SeatSpec(f"b{n}", "bot", "easy") for n in range(seats)
    ]
    return Match.new(GAMES["moons"].rules, specs, seed)


def _bots(match: Match[Any], game_id: str) -> dict[int, Bot]:
    return {
        seat: make_bot(game_id, spec.level or "easy", seat)
        for seat, spec in enumerate(match.seats)
        if spec.player == "bot"
    }


def _drain(controller: TableController) -> list[Request]:
    taken = list(controller.requests)
    controller.requests.clear()
    return taken


def test_two_humans_and_two_bots_choose_their_tableaux_at_once() -> None:
    """Moons' tableaux: every seat chooses at once. Bots play while the humans choose; each
    human gets the screen behind a hand-off, in seat order, and never sees another's card."""
    match = _moons(humans=(0, 2))
    saves: list[int] = []
    controller = TableController(
        match,
        _bots(match, "moons"),
        run_here,
        private_seats=(0, 2),
        bot_pause=0.5,
        autosave=lambda m: saves.append(len(m.record.moves)),
    )
    controller.update(0.0, idle=True)
    assert controller.thinking() == (1, 3)  # both bots think from the first frame
    assert _drain(controller) == [HandOff(0)]
    controller.update(1.0, idle=True)
    assert _drain(controller) == []  # nothing happens until the hand-off is done
    controller.take_seat(0)
    assert [type(r) for r in _drain(controller)] == [Seated]
    assert controller.viewer == 0 and controller.may_act()
    requests: list[Request] = []
    for _ in range(3):
        card = next(c for c in controller.legal() if isinstance(c, PlaceInTableau))
        assert controller.submit(card)
        for _tick in range(4):  # let the bots act in between, as the scene's frames would
            controller.update(0.3, idle=True)
        requests += _drain(controller)
    # Seat 0 is done: the screen hid its things, then asked for seat 2.
    assert controller.viewer is None
    hidden = requests.index(Seated(None, match.view(None)))
    assert requests[hidden + 1 :].count(HandOff(2)) == 1
    seen_by_zero = [r for r in requests[:hidden] if isinstance(r, Played)]
    assert {p.seat for p in seen_by_zero} >= {0, 1, 3}  # the bots played meanwhile
    for played in seen_by_zero:
        for event in played.events:
            if isinstance(event, TableauCardPlaced) and event.seat != 0:
                assert event.card == HIDDEN  # seat 0 never saw another seat's card
    controller.take_seat(2)
    _drain(controller)
    while controller.may_act():
        controller.submit(next(iter(controller.legal())))
        controller.update(0.0, idle=True)
    for _tick in range(10):
        controller.update(0.5, idle=True)
    later = [e for r in _drain(controller) if isinstance(r, Played) for e in r.events]
    assert any(isinstance(e, TableauxRevealed) for e in later)  # all twelve cards were laid
    assert {m.seat for m in match.record.moves[:12]} == {0, 1, 2, 3}
    assert saves == list(range(1, len(saves) + 1))  # saved after every command


def test_bots_think_in_parallel_on_worker_threads() -> None:
    """Three bots in `to_act` at once start thinking together: each waits until all three
    (and the test) are inside `choose`, which only threads running at the same time satisfy."""
    match = _moons(humans=(0,))
    all_started = threading.Barrier(4, timeout=5)

    class WaitingBot:
        def __init__(self, inner: Bot) -> None:
            self.inner = inner

        def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
            all_started.wait()
            return self.inner.choose(view, legal, budget_seconds)

    bots: dict[int, Bot] = {s: WaitingBot(b) for s, b in _bots(match, "moons").items()}
    with ThreadPoolExecutor(max_workers=3) as pool:
        controller = TableController(match, bots, pool.submit, bot_pause=0.0)
        controller.update(0.0, idle=False)
        assert controller.thinking() == (1, 2, 3)
        all_started.wait()  # all three bots reached the barrier: they think at the same time
        for _ in range(200):
            controller.update(0.01, idle=True)
            if len(match.record.moves) >= 3:
                break
            threading.Event().wait(0.01)
    assert {move.seat for move in match.record.moves} == {1, 2, 3}


def test_nothing_changes_the_game_while_the_scene_animates() -> None:
    match = _moons(humans=())
    controller = TableController(match, _bots(match, "moons"), run_here, bot_pause=0.0)
    for _ in range(5):
        controller.update(1.0, idle=False)
    assert match.record.moves == [] and controller.thinking() == (0, 1, 2, 3)
    controller.update(0.0, idle=True)
    assert len(match.record.moves) == 1  # one command per update: the scene animates each


def test_a_bot_waits_its_pause_before_acting() -> None:
    match = _moons(humans=(0,))
    controller = TableController(match, _bots(match, "moons"), run_here, bot_pause=0.6)
    controller.update(0.5, idle=True)  # thinking starts at table time 0.5: ready at 1.1
    controller.update(0.5, idle=True)
    assert match.record.moves == []
    controller.update(0.2, idle=True)
    assert len(match.record.moves) == 1


def _samarkand_live(seed: int = 2) -> Match[Any]:
    specs = [SeatSpec("me"), SeatSpec("b1", "bot", "easy"), SeatSpec("b2", "bot", "easy")]
    return Match.new(GAMES["samarkand"].rules, specs, seed, {"mode": "live"})


def test_a_timed_decision_plays_its_default_when_time_runs_out() -> None:
    """The clock counts only while the seat may decide and the scene is idle; at zero the
    default command is submitted for the human."""
    match = Match.new(GAMES["moons"].rules, [SeatSpec("a"), SeatSpec("b"), SeatSpec("c")], 5)
    first = match.legal(0)[0]
    controller = TableController(
        match,
        {},
        run_here,
        private_seats=(0, 1, 2),
        timeout=lambda m, seat: Timeout(2.0, m.legal(seat)[0]),
    )
    controller.update(5.0, idle=True)  # behind the hand-off: no clock runs
    assert _drain(controller) == [HandOff(0)]
    controller.take_seat(0)
    assert controller.time_left(0) == (2.0, 2.0)
    controller.update(1.5, idle=False)  # animating: the clock holds
    assert controller.time_left(0) == (2.0, 2.0)
    controller.update(1.5, idle=True)
    assert controller.time_left(0) == (0.5, 2.0) and match.record.moves == []
    controller.update(0.6, idle=True)
    assert [(m.seat, m.command) for m in match.record.moves] == [(0, first)]
    assert controller.time_left(1) == (2.0, 2.0)  # seat 1 waits for its hand-off: untouched


def test_the_live_countdown_default_is_wait_for_the_human() -> None:
    """Samarkand's live countdown: a human who does not stop in time waits."""
    match = _samarkand_live()
    rules = GAMES["samarkand"].rules
    while (
        match.to_act() and match.legal(0) and "stop" not in {c.kind for c in match.legal(0)}
    ):  # play the sell choices until the countdown asks seat 0
        for seat in match.to_act():
            match.submit(seat, match.legal(seat)[0])
    wait = next(c for c in match.legal(0) if c.kind == "wait")
    controller = TableController(
        match,
        _bots(match, "samarkand"),
        run_here,
        bot_pause=0.0,
        timeout=lambda m, seat: Timeout(0.8, wait) if wait in m.legal(seat) else None,
    )
    before = len(match.record.moves)
    for _ in range(10):
        controller.update(0.1, idle=True)
    mine = [m for m in match.record.moves[before:] if m.seat == 0]
    assert mine and mine[0].command == wait
    assert rules.game_id == "samarkand"


def test_a_refused_command_is_explained_and_changes_nothing() -> None:
    seats = [SeatSpec("a"), SeatSpec("b", "bot", "easy")]
    match = Match.new(GAMES["castle"].rules, seats, 4, {"start_seat": 0})
    controller = TableController(match, _bots(match, "castle"), run_here)
    controller.update(0.0, idle=True)
    human = controller.viewer
    assert human == 0 and controller.may_act()
    state = match.state_json()
    assert controller.submit(EndTurn())  # to the rules, which refuse it: a turn ends after a move
    refusal = _drain(controller)[-1]
    assert isinstance(refusal, Refusal) and refusal.seat == 0 and refusal.rule
    assert match.state_json() == state


def test_a_failing_bot_plays_its_first_legal_command() -> None:
    match = _moons(humans=())

    class Broken:
        def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
            raise RuntimeError("bot bug")

    controller = TableController(match, dict.fromkeys(range(4), Broken()), run_here, bot_pause=0)
    offered = match.legal(0)[0]
    controller.update(0.0, idle=True)
    assert match.record.moves[0].command == offered


def test_a_bot_decision_made_on_a_changed_table_is_thought_again() -> None:
    match = _moons(humans=())
    calls: list[int] = []

    class Stale:
        def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
            calls.append(len(legal))
            return PlaceInTableau(-5) if len(calls) == 1 else legal[0]

    bots: dict[int, Bot] = {0: Stale(), **{s: b for s, b in _bots(match, "moons").items() if s}}
    controller = TableController(match, bots, run_here, bot_pause=0)
    controller.update(0.0, idle=True)  # seat 0's first answer is not legal: dropped
    assert 0 not in {m.seat for m in match.record.moves}
    for _ in range(10):
        controller.update(0.0, idle=True)
    assert len(calls) >= 2 and 0 in {m.seat for m in match.record.moves}


def test_game_over_is_told_once_when_the_scene_is_idle() -> None:
    match = _moons(humans=())
    controller = TableController(match, _bots(match, "moons"), run_here, bot_pause=0)
    while not match.is_over():
        controller.update(0.0, idle=True)
    _drain(controller)
    controller.update(0.0, idle=False)
    assert _drain(controller) == []
    controller.update(0.0, idle=True)
    controller.update(0.0, idle=True)
    over = _drain(controller)
    assert over == [GameOver(match.scores(), match.winners())]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_resumed_game_rebuilds_its_log_as_the_viewer_saw_it(game_id: str) -> None:
    """replay_log replays the record: one entry per command, events as `viewer` may see
    them (a spectator sees no hidden fact), ending in the same view as the live game."""
    seats = sample_seats(GAMES[game_id].rules)
    match = Match.new(GAMES[game_id].rules, [SeatSpec(f"p{n}") for n in range(seats)], 9)
    rng = random.Random(9)
    live: list[tuple[Any, ...]] = []
    for _ in range(60):
        if match.is_over():
            break
        seat = rng.choice(match.to_act())
        events = match.submit(seat, rng.choice(list(match.legal(seat))))
        live.append(tuple(event.seen_by(None) for event in events))
    log = replay_log(match, None)
    assert [entry.events for entry in log] == live
    assert log[-1].view.to_json() == match.view(None).to_json()
    assert [(e.seat, e.command) for e in log] == [(m.seat, m.command) for m in match.record.moves]


def test_a_thinking_bots_ring_fills_with_its_time_budget() -> None:
    """The ring's share is the table time spent over the budget while the bot thinks, and
    whole once it has decided (it then only waits for its pause)."""
    match = _moons(humans=(0,))
    pending: list[Any] = []

    def later(work: Any) -> Any:  # a runner that leaves the thinking undone until told
        from concurrent.futures import Future

        future: Future[Any] = Future()
        pending.append((future, work))
        return future

    controller = TableController(match, _bots(match, "moons"), later, bot_budget=2.0)
    assert controller.thinking_progress(1) is None  # nobody thinks before the first update
    controller.update(0.0, idle=True)
    assert controller.thinking_progress(1) == 0.0 and controller.thinking_progress(0) is None
    controller.update(0.5, idle=False)
    assert controller.thinking_progress(1) == pytest.approx(0.25)
    controller.update(3.0, idle=False)
    assert controller.thinking_progress(1) == 1.0  # never past the whole ring
    future, work = pending[0]
    future.set_result(work())
    assert controller.thinking_progress(1) == 1.0


def test_a_bot_that_decided_in_another_process_comes_back_with_what_it_learnt() -> None:
    """Searching bots decide on a copy sent to another process (here: a pickled round
    trip); the table adopts the copy that answered, memory and random draws included."""
    match = Match.new(GAMES["samarkand"].rules, [SeatSpec(n) for n in "abc"], 2, {"mode": "live"})
    bots = {seat: make_bot("samarkand", "hard", seat) for seat in range(3)}
    for bot in bots.values():
        bot.iterations = 3  # type: ignore[attr-defined]

    def elsewhere(work: Callable[[], Any]) -> Future[Any]:
        return run_here(pickle.loads(pickle.dumps(work)))

    controller = TableController(match, dict(bots), run_here, bot_pause=0, search=elsewhere)
    for _ in range(40):
        controller.update(0.0, idle=True)
    assert len(match.record.moves) >= 10
    for seat, sent in bots.items():
        kept = controller.bots[seat]
        assert kept is not sent and kept.memory.money and not sent.memory.money  # type: ignore[attr-defined]
