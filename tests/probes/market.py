"""Moonlight Market's probe for the rules contract: every table size, with and without Dirk
and Beate; links, cards and seals conserved; the prestige track the sum of the scorings its
events report; hands, piles and the supply's order hidden."""

from __future__ import annotations

from typing import Any

from moonlight_desktop.engine import Command, Match, Rng
from moonlight_desktop.engine.data import Event
from moonlight_desktop.engine.rules import Rules
from moonlight_desktop.games.market.components import ALL_LINKS, SEALS_IN_BOX
from moonlight_desktop.games.market.moves import (
    Bid,
    DiscardHammer,
    GameOver,
    PassScored,
    PlaceLink,
    PlayDisplaced,
    UseHammer,
)
from moonlight_desktop.games.market.state import MarketState
from moonlight_desktop.games.market.view import MarketView
from tests.market_helpers import all_cards, all_links

from . import Plays, RulesProbe, Table

# (players, automata): every table size, with and without Dirk and Beate.
TABLES = tuple(
    Table(players, {"automata": automata})
    for players, automata in [(1, 2), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (5, 0)]
)
ALL_CARDS = list(range(1, 14))


class MarketProbe(RulesProbe):
    views_every = 2
    illegal_one_in = 6

    def checked(self, rules: Rules[Any]) -> Plays:
        return Plays(TABLES, 25)

    def quick(self, rules: Rules[Any]) -> Plays:
        return Plays(TABLES, 300)

    def illegal(self, rules: Rules[Any]) -> Plays:
        return Plays((TABLES[0], TABLES[2], TABLES[-1]), 4)

    def advance(self, rules: Rules[Any]) -> Plays:
        return Plays(TABLES, 20)

    def conserved(self, state: MarketState) -> None:
        assert all_links(state) == sorted(ALL_LINKS)
        for position in range(state.table.positions):
            assert all_cards(state, position) == ALL_CARDS
            assert all(len(chain) <= 3 for chain in state.chains[position])
        assert sum(state.seals) + state.seal_supply == SEALS_IN_BOX
        assert min(state.seals) >= 0

    def finished(self, state: MarketState) -> None:
        assert state.pass_index == 4
        hands = [len(state.hands[p]) for p in range(state.table.positions)]
        assert hands == [1] * state.table.seats + [0] * (state.table.positions - state.table.seats)

    def played(self, match: Match[Any], events: list[Event]) -> None:
        """The prestige track is exactly the sum of the scorings the events report."""
        scores = match.scores()
        total = [0] * len(scores)
        for event in events:
            if isinstance(event, PassScored):
                for gem_points in event.points:
                    total = [t + p for t, p in zip(total, gem_points, strict=True)]
                assert tuple(total) == event.prestige
            if isinstance(event, GameOver):
                total = [
                    t + s + c
                    for t, s, c in zip(total, event.seal_points, event.card_points, strict=True)
                ]
        assert tuple(total) == scores

    def hidden_facts_changed(self, state: MarketState, viewer: int | None, rng: Rng) -> Any:
        other = state.clone()
        rng.shuffle(other.supply)
        other.rng = Rng(rng.next64())
        for position in range(state.table.positions):
            pile, hand = other.piles[position], other.hands[position]
            if position == viewer:  # it knows its cards, and the order of those it put under
                unknown = pile[other.under[position] :]
                rng.shuffle(unknown)
                pile[other.under[position] :] = unknown
                continue
            cards = pile + hand
            rng.shuffle(cards)
            other.piles[position] = cards[: len(pile)]
            other.hands[position] = sorted(cards[len(pile) :])
        return other

    def view_shows(self, state: MarketState, view: MarketView, viewer: int | None) -> None:
        if viewer is not None:
            assert view.to_json()["hand"] == state.hands[viewer]

    def universe(self, state: MarketState) -> list[Command]:
        commands: list[Command] = [
            Bid(card, cushion) for card in range(15) for cushion in range(-1, 6)
        ]
        commands += [PlayDisplaced(cushion) for cushion in range(-1, 6)]
        commands += [UseHammer(gem, slot) for gem in range(-1, 6) for slot in range(-1, 4)]
        commands += [DiscardHammer(), Bid("3", 0), PlaceLink(None, 0)]  # type: ignore[arg-type]
        commands += [PlaceLink(link, gem) for link in range(0, 79, 3) for gem in range(-1, 6)]
        commands += [PlaceLink(link, gem) for link in state.pending[state.seat] for gem in range(5)]
        return commands


PROBE = MarketProbe()
