"""The shared ISMCTS on a small hidden-card game: it never reads the true state (two states
that differ only in what the seat cannot know give the same decision for the same seed), it
plays the obvious move, it keeps to its budget, and its rewards share wins and weigh margins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from moonlight_desktop.engine import Command, Event, JsonDict
from moonlight_desktop.engine.bench import search_figures
from moonlight_desktop.engine.ismcts import IsmctsBot, rewards_of
from moonlight_desktop.engine.rng import Rng

CARDS = 10


@dataclass(frozen=True, slots=True)
class Raise(Command):
    kind = "raise"


@dataclass(frozen=True, slots=True)
class Check(Command):
    kind = "check"


@dataclass(frozen=True, slots=True)
class Call(Command):
    kind = "call"


@dataclass(frozen=True, slots=True)
class Fold(Command):
    kind = "fold"


@dataclass(slots=True)
class HighCardState:
    """Two seats, a hidden card each: seat 0 raises or checks; after a raise seat 1 calls or
    folds; the higher card takes the pot."""

    cards: list[int]
    history: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class HighCardView:
    seat: int
    card: int
    history: tuple[str, ...]

    def to_json(self) -> JsonDict:
        return {"seat": self.seat, "card": self.card, "history": list(self.history)}


class HighCard:
    game_id = "high_card"
    title = "High card"
    min_seats = max_seats = 2

    def new_state(
        self, options: Mapping[str, Any], seats: int, seed: int, setup: Any = None
    ) -> HighCardState:
        rng = Rng(seed)
        first = rng.below(CARDS)
        second = (first + 1 + rng.below(CARDS - 1)) % CARDS
        return HighCardState([first, second])

    def normalize_options(self, options: Mapping[str, Any], seats: int) -> JsonDict:
        return {}

    def to_act(self, state: HighCardState) -> tuple[int, ...]:
        if not state.history:
            return (0,)
        if state.history == ["raise"]:
            return (1,)
        return ()

    def legal_commands(self, state: HighCardState, seat: int) -> Sequence[Command]:
        if not state.history:
            return (Raise(), Check())
        return (Call(), Fold())

    def apply(self, state: HighCardState, seat: int, command: Command) -> list[Event]:
        self.advance(state, seat, command)
        return []

    def advance(self, state: HighCardState, seat: int, command: Command) -> None:
        state.history.append(command.kind)

    def view(self, state: HighCardState, seat: int | None) -> HighCardView:
        assert seat is not None
        return HighCardView(seat, state.cards[seat], tuple(state.history))

    def is_over(self, state: HighCardState) -> bool:
        return not self.to_act(state)

    def scores(self, state: HighCardState) -> tuple[int, ...]:
        pot = 2 if state.history == ["raise", "call"] else 1
        if state.history == ["raise", "fold"]:
            return (1, -1)
        winner = 0 if state.cards[0] > state.cards[1] else 1
        return (pot, -pot) if winner == 0 else (-pot, pot)

    def winners(self, state: HighCardState) -> tuple[int, ...]:
        scores = self.scores(state)
        return (0,) if scores[0] > scores[1] else (1,)

    def clone(self, state: HighCardState) -> HighCardState:
        return HighCardState(list(state.cards), list(state.history))

    def state_to_json(self, state: HighCardState) -> JsonDict:
        return {"cards": state.cards, "history": state.history}

    def state_from_json(self, data: Mapping[str, Any]) -> HighCardState:
        return HighCardState(list(data["cards"]), list(data["history"]))

    def command_from_json(self, data: Any) -> Command:
        raise NotImplementedError  # never read from a record in these tests


class HighCardDeterminizer:
    """Keeps the seat's own card and the history; the other card is any card but its own."""

    def seat(self, view: HighCardView) -> int:
        return view.seat

    def sample(self, view: HighCardView, rng: Rng) -> HighCardState:
        other = (view.card + 1 + rng.below(CARDS - 1)) % CARDS
        cards = [view.card, other] if view.seat == 0 else [other, view.card]
        return HighCardState(cards, list(view.history))


RULES = HighCard()


def _bot(seed: int = 3, iterations: int = 400) -> IsmctsBot[HighCardState]:
    return IsmctsBot(RULES, HighCardDeterminizer(), seed, iterations=iterations)


def test_it_never_reads_the_true_state() -> None:
    """The same view from states that differ only in the hidden card: the same decision."""
    decisions = set()
    for hidden in range(CARDS):
        if hidden == 4:
            continue
        state = HighCardState([4, hidden])
        view = RULES.view(state, 0)
        decisions.add(_bot().choose(view, RULES.legal_commands(state, 0), 0))
    assert len(decisions) == 1


def test_the_best_card_raises_and_a_raised_worst_card_folds() -> None:
    best = HighCardState([CARDS - 1, 0])
    assert _bot().choose(RULES.view(best, 0), RULES.legal_commands(best, 0), 0) == Raise()
    worst = HighCardState([5, 0], ["raise"])
    assert _bot().choose(RULES.view(worst, 1), RULES.legal_commands(worst, 1), 0) == Fold()


def test_a_time_budget_stops_the_search() -> None:
    ticks = iter(range(1000))
    bot = IsmctsBot(
        RULES, HighCardDeterminizer(), 1, budget_seconds=10.0, clock=lambda: float(next(ticks))
    )
    state = HighCardState([3, 8])
    bot.choose(RULES.view(state, 0), RULES.legal_commands(state, 0), 5.0)
    assert bot.last is not None and bot.last.iterations == 5  # one tick per check, 5 s


def test_the_same_seed_gives_the_same_search() -> None:
    state = HighCardState([6, 2])
    first, second = _bot(9, 200), _bot(9, 200)
    assert first.choose(RULES.view(state, 0), RULES.legal_commands(state, 0), 0) == second.choose(
        RULES.view(state, 0), RULES.legal_commands(state, 0), 0
    )


def test_rewards_share_the_win_and_weigh_the_margin() -> None:
    # A win is worth 0.9, the margin up to 0.1, relative to the scores' size.
    assert rewards_of((10, 4), (0,)) == pytest.approx([0.9 + 0.1 * (6 / 15 + 1) / 2, 0.03])
    shared = rewards_of((7, 7, 0), (0, 1))
    assert shared[0] == shared[1] == pytest.approx(0.45 + 0.05) and shared[2] < 0.05
    small, large = rewards_of((1, -1), (0,))[1], rewards_of((2, -2), (0,))[1]
    assert 0 < large < small < 0.1  # losing less is worth a little more


def test_candidates_leave_commands_out_of_the_search() -> None:
    """With its worst card the bot bluffs a raise, as the other seat may fold; told the
    other seat never folds (the tree holds only the candidates), it checks."""
    worst = HighCardState([0, 5])
    legal = RULES.legal_commands(worst, 0)
    assert _bot().choose(RULES.view(worst, 0), legal, 0) == Raise()
    never_fold = IsmctsBot(
        RULES,
        HighCardDeterminizer(),
        3,
        iterations=400,
        candidates=lambda state, seat, legal: [c for c in legal if c != Fold()] or legal,
    )
    choice = never_fold.choose(RULES.view(worst, 0), legal, 0)
    assert choice == Check() and choice is legal[1]


def test_a_cut_playout_is_judged_by_the_evaluator() -> None:
    """Playouts cut at once: only the evaluator's verdict on an unfinished game can make the
    worst card raise (checking ends the game, lost)."""
    judged: list[list[str]] = []

    def raise_looks_won(state: HighCardState) -> list[float]:
        judged.append(list(state.history))
        return [1.0, 0.0]

    bot = IsmctsBot(
        RULES,
        HighCardDeterminizer(),
        3,
        iterations=50,
        rollout_limit=0,
        evaluate=raise_looks_won,
    )
    worst = HighCardState([0, 5])
    assert bot.choose(RULES.view(worst, 0), RULES.legal_commands(worst, 0), 0) == Raise()
    assert judged and all(history == ["raise"] or len(history) == 1 for history in judged)
    assert all(history != ["check"] for history in judged)  # a finished game is never judged


def test_a_search_tells_its_iterations_and_actions() -> None:
    bot = _bot(5, 60)
    state = HighCardState([6, 2])
    bot.choose(RULES.view(state, 0), RULES.legal_commands(state, 0), 0)
    assert bot.last is not None and bot.last.iterations == 60
    # Each iteration advances one or two commands (a check ends the game; a raise is answered).
    assert 60 <= bot.last.actions <= 120


def test_search_figures_time_only_real_choices() -> None:
    states = [
        HighCardState([1, 2], ["raise", "call"]),
        HighCardState([4, 7]),
        HighCardState([9, 0]),
    ]
    figures = search_figures(RULES, _bot(2, 30), states, 0.0, decisions=5)
    assert figures.decisions == 2  # the finished game offers nothing to decide
    assert figures.playouts == 30 and figures.actions_per_second > 0
    assert 0 < figures.median_ms <= figures.p99_ms
