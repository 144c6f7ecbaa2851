"""Moonlight Market's Hard bot: the shared ISMCTS (engine/ismcts.py) with Market's sampler of
hidden facts and a cheap greedy playout policy.

docs/market_bots.md explains what it samples and why, and what each part bought.
"""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.engine.ismcts import IsmctsBot, Searched

from .components import (
    ALL_LINKS,
    CARDS_PER_SEAT,
    CHAIN_LIMIT,
    HAMMER,
    IS_DOUBLING,
    LINK_KINDS,
    LINK_VALUE,
    SEAL,
    SEAL_WORTHY_CHAIN,
    WORTHLESS,
    chain_value,
)
from .moves import Bid, PlaceLink, PlayDisplaced, UseHammer
from .rules import MarketRules
from .state import MarketState, Phase
from .table import COLUMNS, normalize_options
from .view import MarketView

RULES = MarketRules()


# Sampling what the seat cannot see ------------------------------------------------------------


class MarketDeterminizer:
    """Hidden in a view: the supply's order (its contents are the box less every link in
    sight), each other position's hand and pile (its cards are 1-13 less those it has shown:
    discards, bids at the cushions, a displaced card), the order of the seat's own pile above
    the cards it put under itself, and the state's generator (only used for the first fill,
    long past). Each is drawn uniformly among the arrangements that give the same view."""

    def seat(self, view: MarketView) -> int:
        assert view.viewer is not None, "a Hard bot plays a seat"
        return view.viewer

    def sample(self, view: MarketView, rng: Rng) -> MarketState:
        table = view.table
        me = self.seat(view)
        options = normalize_options({"automata": table.positions - table.seats}, table.seats)
        in_sight = [0] * LINK_KINDS
        for links in (*view.cushions, *view.pending, view.casket):
            for code in links:
                if code >= 0:
                    in_sight[code] += 1
        for chains in view.chains:
            for chain in chains:
                for code in chain:
                    in_sight[code] += 1
        supply = []
        for code in ALL_LINKS:
            if in_sight[code]:
                in_sight[code] -= 1
            else:
                supply.append(code)
        rng.shuffle(supply)
        state = MarketState(table, options, Rng(rng.next64()), supply)
        state.casket = list(view.casket)
        state.seal_supply = view.seal_supply
        state.seals = list(view.seals)
        state.prestige = list(view.prestige)
        state.discards = [list(cards) for cards in view.discards]
        state.chains = [[list(chain) for chain in chains] for chains in view.chains]
        state.cushions = [list(slots) for slots in view.cushions]
        state.bids = list(view.bids)
        state.bidders = list(view.bidders)
        state.displaced = list(view.displaced)
        state.pending = [list(links) for links in view.pending]
        state.coin = view.coin
        state.seat = view.seat
        state.phase = view.phase
        state.pass_index = view.pass_index
        state.round_index = view.round_index
        # Every player puts one card under per pass, in step, so all share the viewer's count.
        under = len(view.pile_bottom or ())
        assert view.hand is not None and view.pile_unknown is not None
        for position in range(table.positions):
            if position == me:
                unknown = list(view.pile_unknown)
                rng.shuffle(unknown)
                state.piles[me] = [*(view.pile_bottom or ()), *unknown]
                state.hands[me] = list(view.hand)
                state.under[me] = under
                continue
            shown = set(view.discards[position])
            shown.update(c for c, b in zip(view.bids, view.bidders, strict=True) if b == position)
            shown.add(view.displaced[position])
            cards = [card for card in range(1, CARDS_PER_SEAT + 1) if card not in shown]
            rng.shuffle(cards)
            held = view.hand_sizes[position]
            state.hands[position] = sorted(cards[:held])
            state.piles[position] = cards[held:]
            if not table.is_automaton(position):
                state.under[position] = under
        if view.phase in (Phase.HAMMER, Phase.PLACE):
            # Builders go from the start coin clockwise; the one at work and those after it
            # are still to come (the rules keep the next one last).
            order = [*range(view.coin, table.positions), *range(view.coin)]
            state.chain_queue = order[order.index(view.seat) :][::-1]
        return state


# Playouts -------------------------------------------------------------------------------------

LINK_WORTH = tuple(
    4.0
    if code == SEAL
    else 0.5
    if code == HAMMER
    else 5.0
    if IS_DOUBLING[code]
    else float(LINK_VALUE[code])
    for code in range(LINK_KINDS)
)
"""A rough worth of a link to whoever takes it, for the playouts' bids."""


def _place_gain(chain: list[int], code: int) -> float:
    if len(chain) < CHAIN_LIMIT:
        return chain_value([*chain, code]) - chain_value(chain)
    value = chain_value(chain)
    return chain_value([code]) - value + (6.0 if value >= SEAL_WORTHY_CHAIN else 0.0)


def greedy_rollout(state: MarketState, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    """One step of a quick player: lays each link where it adds most to its own chain, hammers
    only worthless links, and bids a cheap card at the cushion whose links look best, with
    some noise so playouts differ."""
    phase = state.phase
    if phase == Phase.PLACE:
        chains = state.chains[seat]
        best, best_gain = legal[0], -1e9
        for command in legal:
            assert isinstance(command, PlaceLink)
            gain = _place_gain(chains[command.gem], command.link) + rng.below(2) * 0.5
            if gain > best_gain:
                best, best_gain = command, gain
        return best
    if phase == Phase.HAMMER:
        for command in legal:
            if (
                isinstance(command, UseHammer)
                and state.chains[seat][command.gem][command.slot] == WORTHLESS
            ):
                return command
        return legal[0]
    column = state.round_index
    worth = [sum(LINK_WORTH[code] for code in slots[column::COLUMNS]) for slots in state.cushions]
    bids = state.bids
    displaced = state.displaced[seat]
    best, best_score = legal[0], -1e9
    for command in legal:
        assert isinstance(command, Bid | PlayDisplaced)
        card = command.card if isinstance(command, Bid) else displaced
        cushion = command.cushion
        score = worth[cushion] - 0.3 * card + rng.below(4)
        if bids[cushion] >= 0:
            score -= 6.0
        if score > best_score:
            best, best_score = command, score
    return best


# The bot ----------------------------------------------------------------------------------------


class HardBot:
    def __init__(
        self, seed: int, *, iterations: int | None = None, budget_seconds: float = 1.5
    ) -> None:
        self.search: IsmctsBot[MarketState] = IsmctsBot(
            RULES,
            MarketDeterminizer(),
            seed,
            budget_seconds=budget_seconds,
            iterations=iterations,
            rollout=greedy_rollout,
        )

    @property
    def last(self) -> Searched | None:
        return self.search.last

    def choose(self, view: MarketView, legal: Sequence[Command], budget_seconds: float) -> Command:
        choice = self.search.choose(view, legal, budget_seconds)
        return legal[list(legal).index(choice)]
