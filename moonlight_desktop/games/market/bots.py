"""Moonlight Market's computer players (next to the automata Dirk and Beate, who are no bots:
see automata.py). They decide from the seat's view only and draw randomness from a seeded Rng.

- `EasyBot` knows the rules and little else: it bids a random legal card at a random cushion,
  lays links where they do not break a full chain when it can, and discards its hammers.
- `NormalBot` values a cushion by what its links add to its chains' placings (4/2/1 against
  the chains on the other tableaux) over the passes left, minus what the card and a seal cost;
  it lays each link where it gains most and uses a hammer only where that frees a useful slot.

docs/market_bots.md explains both and gives their arena figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from moonlight_desktop.engine import Bot, Command, Rng

from .components import (
    CARDS_PER_SEAT,
    CHAIN_LIMIT,
    HAMMER,
    LINK_TARGETS,
    PASSES,
    SEAL,
    SEAL_WORTHY_CHAIN,
    WORTHLESS,
    chain_value,
    place_points,
    scores_chain,
)
from .moves import Bid, DiscardHammer, PlaceLink, PlayDisplaced, UseHammer
from .state import Phase
from .table import COLUMNS
from .view import MarketView

Chains = list[list[int]]


def _me(view: MarketView) -> int:
    return view.viewer if view.viewer is not None else view.seat


# Easy ------------------------------------------------------------------------------------------


class EasyBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: MarketView, legal: Sequence[Command], budget_seconds: float) -> Command:
        if view.phase == Phase.HAMMER:
            return next(c for c in legal if isinstance(c, DiscardHammer))
        if view.phase == Phase.PLACE:
            chains = view.chains[_me(view)]
            roomy = [
                c for c in legal if isinstance(c, PlaceLink) and len(chains[c.gem]) < CHAIN_LIMIT
            ]
            if roomy:
                return roomy[self.rng.below(len(roomy))]
        return legal[self.rng.below(len(legal))]


# Normal ----------------------------------------------------------------------------------------

SEAL_WORTH = 1.5  # a seal: final-scoring points, and the right to displace
CARD_COST = 0.12  # per card value spent: later bidding power and the last-card scoring
VALUE_WEIGHT = 0.04  # chain value beyond the placings it earns now: room to stay ahead


class NormalBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def explain(self, view: MarketView, legal: Sequence[Command], chosen: Command) -> Reasons:
        """The figures behind `chosen` (this bot's choice) for the hint's words."""
        return explain(view, legal, chosen)

    def choose(self, view: MarketView, legal: Sequence[Command], budget_seconds: float) -> Command:
        if len(legal) == 1:
            return legal[0]
        score: Callable[[Command], float]
        if view.phase == Phase.BID:
            score = _BidJudge(view).score
        elif view.phase == Phase.HAMMER:
            score = _HammerJudge(view).score
        else:
            score = _PlacementJudge(view).score
        scores = [score(command) for command in legal]
        best = max(scores)
        ties = [c for c, value in zip(legal, scores, strict=True) if value >= best - 1e-9]
        return ties[self.rng.below(len(ties))]


@dataclass(frozen=True, slots=True)
class Figures:
    """What NormalBot weighed for one command (the hint's words are made of these)."""

    command: Command
    score: float
    """Its worth as `choose` scores it, in placing points over the passes left."""
    passes_left: int = 0
    """The passes the placings count for (this one included)."""
    worth: float = 0.0
    """A bid: the worth of the cushion's links this round."""
    links: tuple[int, ...] = ()
    """A bid: those links."""
    kept_chance: float = 1.0
    """A bid: the chance it is not outbid."""
    spent: float = 0.0
    """A bid: what the card costs (bidding power and last-card points)."""
    displacing: bool = False
    """A bid that displaces another (a seal given away)."""
    chain_before: int = 0
    """A link: the chain's value before and after it."""
    chain_after: int = 0
    points_before: int = 0
    """A link: the 4/2/1 points that chain earns against the others, before and after."""
    points_after: int = 0
    casket: bool = False
    """A link laid on a full chain: the chain goes to the casket."""


@dataclass(frozen=True, slots=True)
class Reasons:
    chosen: Figures
    runner_up: Figures | None


def explain(view: MarketView, legal: Sequence[Command], chosen: Command) -> Reasons:
    """The figures behind `chosen` (NormalBot's choice from `legal`) and behind the best
    other command, as NormalBot scores them. Reads no randomness: it never changes a choice."""
    figures: Callable[[Command], Figures]
    if view.phase == Phase.BID:
        figures = _BidJudge(view).figures
    elif view.phase == Phase.HAMMER:
        judge = _HammerJudge(view)

        def figures(command: Command) -> Figures:
            return Figures(command, judge.score(command))

    else:
        figures = _PlacementJudge(view).figures
    best = figures(chosen)
    others = [figures(command) for command in legal if command != chosen]
    runner_up = max(others, key=lambda f: f.score) if others else None
    return Reasons(best, runner_up)


class _PlacementJudge:
    """What a link laid at a gem is worth to the viewer: placings over the passes left."""

    def __init__(self, view: MarketView) -> None:
        self.me = _me(view)
        self.weight = max(1, PASSES - view.pass_index)
        self.rivals = [
            [
                chain_value(c[gem])
                for p, c in enumerate(view.chains)
                if p != self.me and scores_chain(c[gem])
            ]
            for gem in range(5)
        ]
        self.chains: Chains = [list(chain) for chain in view.chains[self.me]]

    def gem_worth(self, gem: int, chain: list[int]) -> float:
        value = chain_value(chain)
        if not scores_chain(chain):
            return value * VALUE_WEIGHT
        values = dict(enumerate(self.rivals[gem], start=1))
        values[0] = value
        return place_points(values)[0] * self.weight + value * VALUE_WEIGHT

    def gain(self, code: int, gem: int, chains: Chains) -> float:
        chain = chains[gem]
        if len(chain) < CHAIN_LIMIT:
            after = [*chain, code]
            bonus = 0.0
        else:  # the three go to the casket first
            after = [code]
            bonus = SEAL_WORTH if chain_value(chain) >= SEAL_WORTHY_CHAIN else 0.0
            bonus -= 0.5 if code == WORTHLESS else 0.0
        return self.gem_worth(gem, after) - self.gem_worth(gem, chain) + bonus

    def best_gem(self, code: int, chains: Chains) -> tuple[float, int]:
        """The highest gain and its gem (the leftmost on equal gains)."""
        gem = max(LINK_TARGETS[code], key=lambda g: (self.gain(code, g, chains), -g))
        return self.gain(code, gem, chains), gem

    def links_worth(self, links: Sequence[int]) -> float:
        """Links laid greedily, most valuable first, on a copy of the viewer's chains."""
        chains = [chain[:] for chain in self.chains]
        total = 0.0
        for code in links:
            if code == SEAL:
                total += SEAL_WORTH
            elif code == HAMMER:
                total += 0.3
            elif code >= 0:
                gain, gem = self.best_gem(code, chains)
                total += gain
                chain = chains[gem]
                if len(chain) == CHAIN_LIMIT:
                    chain.clear()
                chain.append(code)
        return total

    def score(self, command: Command) -> float:
        assert isinstance(command, PlaceLink)
        return self.gain(command.link, command.gem, self.chains)

    def points(self, gem: int, chain: list[int]) -> int:
        """The 4/2/1 points `chain` earns at `gem` against the other tableaux' chains."""
        if not scores_chain(chain):
            return 0
        values = dict(enumerate(self.rivals[gem], start=1))
        values[0] = chain_value(chain)
        return place_points(values)[0]

    def figures(self, command: Command) -> Figures:
        assert isinstance(command, PlaceLink)
        chain = self.chains[command.gem]
        full = len(chain) >= CHAIN_LIMIT
        after = [command.link] if full else [*chain, command.link]
        return Figures(
            command,
            self.score(command),
            passes_left=self.weight,
            chain_before=chain_value(chain),
            chain_after=chain_value(after),
            points_before=self.points(command.gem, chain),
            points_after=self.points(command.gem, after),
            casket=full,
        )


class _BidJudge:
    def __init__(self, view: MarketView) -> None:
        self.view = view
        self.me = _me(view)
        judge = _PlacementJudge(view)
        column = view.round_index
        self.worth = [judge.links_worth(slots[column::COLUMNS]) for slots in view.cushions]
        # Rivals still to bid may outbid a low card: the more of them, the more it matters.
        waiting = sum(
            1 for p in range(view.table.positions) if p != self.me and p not in view.bidders
        )
        self.exposure = waiting / max(1, view.table.positions - 1)

    def score(self, command: Command) -> float:
        view = self.view
        if isinstance(command, Bid):
            card = command.card
            spent = card * CARD_COST
        else:
            assert isinstance(command, PlayDisplaced)
            card = view.displaced[self.me]
            spent = 0.0  # the card must be played anyway
        cushion = command.cushion
        worth = self.worth[cushion]
        kept_chance = 1.0 - self.exposure * (1.0 - card / CARDS_PER_SEAT)
        displacing = view.bids[cushion] >= 0
        return worth * kept_chance - spent - (2 * SEAL_WORTH if displacing else 0.0)

    def figures(self, command: Command) -> Figures:
        view = self.view
        assert isinstance(command, Bid | PlayDisplaced)
        card = command.card if isinstance(command, Bid) else view.displaced[self.me]
        cushion = command.cushion
        return Figures(
            command,
            self.score(command),
            passes_left=max(1, PASSES - view.pass_index),
            worth=self.worth[cushion],
            links=tuple(view.cushions[cushion][view.round_index :: COLUMNS]),
            kept_chance=1.0 - self.exposure * (1.0 - card / CARDS_PER_SEAT),
            spent=card * CARD_COST if isinstance(command, Bid) else 0.0,
            displacing=view.bids[cushion] >= 0,
        )


class _HammerJudge:
    """Hammers are worth using only where a link drags a full chain down (a worthless link)."""

    def __init__(self, view: MarketView) -> None:
        self.chains = view.chains[_me(view)]

    def score(self, command: Command) -> float:
        if isinstance(command, UseHammer):
            return 1.0 if self.chains[command.gem][command.slot] == WORTHLESS else -1.0
        return 0.0


MARKET_BOTS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot}
