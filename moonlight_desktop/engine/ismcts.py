"""Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling, Powley and
Whitehouse 2012, and OpenSpiel's `ismcts.py`), shared by every game's Hard bot.

The bot never reads the true state. Each iteration a game's `Determinizer` samples one full
state consistent with what the seat has seen (its view, which carries the public history the
game keeps), then the iteration walks one tree of information sets — nodes are the sequence of
commands from the root, whoever gave them — choosing among the commands legal in *this*
determinization by UCB with availability counts (a child's chances are counted only in the
iterations where it was legal), adds one node, plays the game out with the rollout policy and
backs up each seat's reward.

Simultaneous choices (several seats in `to_act`) are played one seat after another: the bot's
own seat first at the root, then in seat order. Rewards are a share of the win (1 / winners)
plus a small part for the score margin, so among lost positions the search still prefers the
closer one.

Deterministic for a seed and an iteration count: `choose` with `iterations` set and no time
budget gives the same command for the same view (the never-cheats test depends on it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from .data import Command
from .rng import Rng
from .rules import Bot, Rules

StateT = TypeVar("StateT")
StateT_co = TypeVar("StateT_co", covariant=True)

EXPLORATION = 0.7
"""UCB's exploration constant (rewards lie in [0, 1])."""
MARGIN_WEIGHT = 0.1
"""The part of a seat's reward that comes from its score against the best other score."""


class Determinizer(Protocol[StateT_co]):
    """A game's part of the search: which seat a view belongs to, and full states that agree
    with everything that seat has seen."""

    def seat(self, view: Any) -> int: ...

    def sample(self, view: Any, rng: Rng) -> StateT_co:
        """A state the seat cannot tell from the true one: every fact in `view` kept, every
        hidden one drawn at random among those consistent with it."""
        ...


Rollout = Callable[[Any, int, Sequence[Command], Rng], Command]
"""A playout's policy: (state, seat to act, its legal commands, rng) -> one of them."""


def random_rollout(state: Any, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    return legal[rng.below(len(legal))]


Evaluator = Callable[[Any], Sequence[float]]
"""Each seat's reward in [0, 1] for an unfinished state: how a playout cut short at
`rollout_limit` commands is scored (a game's judgement of the position)."""

Candidates = Callable[[Any, int, Sequence[Command]], Sequence[Command]]
"""Which of a seat's legal commands the tree considers below the root (a non-empty subset,
in a fixed order): a game may leave out commands no sensible player gives, so the search
spends its iterations on the rest. At the root the tree takes the commands `choose` is
offered, so a bot prunes there by offering fewer."""


def every_command(state: Any, seat: int, legal: Sequence[Command]) -> Sequence[Command]:
    return legal


@dataclass(slots=True, eq=False)
class _Node:
    """An information set reached by a sequence of commands: visits, rewards summed for the
    seat that chose the command leading here, and how often it was available."""

    seat: int = -1
    """Who chose the command that leads here (-1 at the root)."""
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[Command, _Node] = field(default_factory=dict)
    """Commands are frozen dataclasses: hashable, equal when they say the same."""


@dataclass(frozen=True, slots=True)
class Searched:
    """What one decision's search did (for the bench and the thinking ring)."""

    command: Command
    iterations: int
    seconds: float
    actions: int
    """Commands advanced in the tree and the playouts, all iterations together."""


@runtime_checkable
class Searching(Bot, Protocol):
    """A bot that searches (a Hard bot), telling what its last decision's search did. It
    uses its whole time budget, so the window has it think in a process of its own."""

    last: Searched | None


class IsmctsBot(Generic[StateT]):
    def __init__(
        self,
        rules: Rules[StateT],
        determinizer: Determinizer[StateT],
        seed: int,
        *,
        budget_seconds: float = 1.5,
        iterations: int | None = None,
        rollout: Rollout = random_rollout,
        rollout_limit: int = 2000,
        evaluate: Evaluator | None = None,
        candidates: Candidates = every_command,
        exploration: float = EXPLORATION,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """`budget_seconds`: the most a decision may think (the smaller of this and the
        caller's budget). `iterations`: stop after this many instead (deterministic; tests
        and the arena). `rollout_limit`: commands a playout may take before it is scored:
        by `evaluate` when given, else by the scores as they stand (then the limit is only
        a guard, never reached by a finished game's rules)."""
        self.rules = rules
        self.determinizer = determinizer
        self.rng = Rng(seed ^ 0x15_4C75)
        self.budget_seconds = budget_seconds
        self.iterations = iterations
        self.rollout = rollout
        self.rollout_limit = rollout_limit
        self.evaluate = evaluate
        self.candidates = candidates
        self.exploration = exploration
        self.clock = clock
        self.last: Searched | None = None
        self._actions = 0

    def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
        if len(legal) == 1:
            return legal[0]
        me = self.determinizer.seat(view)
        self._actions = 0
        root = _Node()
        started = self.clock()
        budget = min(self.budget_seconds, budget_seconds) if budget_seconds > 0 else 0.0
        deadline = started + budget
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.iterations is None and done > 0 and self.clock() >= deadline:
                break
            state = self.determinizer.sample(view, self.rng)
            self._iterate(root, state, me, legal)
            done += 1
        # The root's children are `legal`'s own objects: the most visited is the answer.
        ranked = [(child.visits, child.reward, n) for n, child in enumerate(root.children.values())]
        choice = list(root.children)[max(ranked)[2]] if ranked else legal[0]
        self.last = Searched(choice, done, self.clock() - started, self._actions)
        return choice

    # One iteration -------------------------------------------------------------------------

    def _iterate(self, root: _Node, state: StateT, me: int, offered: Sequence[Command]) -> None:
        """Selection down the tree while every legal command has a node, then one new node
        (a command not tried in this information set), then the playout and the backup.
        At the root the commands are the ones `choose` was offered: every sample agrees with
        the view, so they are the seat's legal commands there (or those a bot chose to
        search among)."""
        rules, path, node = self.rules, [root], root
        while not rules.is_over(state):
            if node is root:
                seat, legal = me, offered
            else:
                seat = self._actor(state)
                legal = rules.legal_commands(state, seat)
                if not legal:
                    break  # a rules bug would loop forever here: score it as it stands
                legal = self.candidates(state, seat, legal)
            for command in legal:
                child = node.children.get(command)
                if child is not None:
                    child.available += 1
            untried = [command for command in legal if command not in node.children]
            if untried:
                command = untried[self.rng.below(len(untried))]
                child = node.children[command] = _Node(seat=seat, available=1)
                rules.advance(state, seat, command)
                path.append(child)
                self._actions += 1
                break
            command, child = self._select(node, legal)
            rules.advance(state, seat, command)
            path.append(child)
            node = child
            self._actions += 1
        rewards = self._playout(state)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += rewards[visited.seat]

    def _select(self, node: _Node, legal: Sequence[Command]) -> tuple[Command, _Node]:
        best: tuple[float, Command, _Node] | None = None
        for command in legal:
            child = node.children[command]
            value = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(max(child.available, 1)) / child.visits
            )
            if best is None or value > best[0]:
                best = (value, command, child)
        assert best is not None  # legal is never empty here
        return best[1], best[2]

    def _actor(self, state: StateT) -> int:
        """Who acts now below the root: the lowest seat of those who may."""
        return min(self.rules.to_act(state))

    def _playout(self, state: StateT) -> list[float]:
        rules, rng = self.rules, self.rng
        taken = 0
        while taken < self.rollout_limit and not rules.is_over(state):
            seat = min(rules.to_act(state))
            legal = rules.legal_commands(state, seat)
            if not legal:
                break
            rules.advance(state, seat, self.rollout(state, seat, legal, rng))
            taken += 1
        self._actions += taken
        if rules.is_over(state):
            return rewards_of(rules.scores(state), rules.winners(state))
        if self.evaluate is not None:
            return list(self.evaluate(state))
        return rewards_of(rules.scores(state), ())


def rewards_of(scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """Each seat's reward in [0, 1]: its share of the win, and a little for its score against
    the best other seat's (so the search still tells a close loss from a rout, and a small
    loss from a large one). The margin is relative to the scores' size, so it means the same
    in a game of 20 points and one of 200."""
    rewards = []
    for seat, score in enumerate(scores):
        best_other = max((s for n, s in enumerate(scores) if n != seat), default=score)
        margin = (score - best_other) / (abs(score) + abs(best_other) + 1)  # in (-1, 1)
        win = 1 / len(winners) if seat in winners else 0.0
        rewards.append((1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * (margin + 1) / 2)
    return rewards
