"""Moons' probe for the rules contract: 3 to 6 seats; cards, tokens and mini-asteroids
conserved; hands, face-down tableaux, mini-asteroids and the decks hidden."""

from __future__ import annotations

from typing import Any

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.engine.rules import Rules
from moonlight_desktop.games.moons.components import MINI_COUNT, TOKENS_PER_PLANET
from moonlight_desktop.games.moons.moves import (
    PlaceInTableau,
    PlayBlock,
    PlayCard,
    TakeToken,
    TradeCard,
    TradeToken,
)
from moonlight_desktop.games.moons.state import MoonsState, Phase
from moonlight_desktop.games.moons.view import MoonsView
from tests.moons_helpers import total_cards

from . import Plays, RulesProbe, every_seat_count


class MoonsProbe(RulesProbe):
    round_trip_every = 11
    views_every = 11
    illegal_one_in = 30

    def checked(self, rules: Rules[Any]) -> Plays:
        return every_seat_count(rules, 60)

    def quick(self, rules: Rules[Any]) -> Plays:
        return every_seat_count(rules, 500)

    def illegal(self, rules: Rules[Any]) -> Plays:
        return every_seat_count(rules, 6)

    def advance(self, rules: Rules[Any]) -> Plays:
        return every_seat_count(rules, 25)

    def conserved(self, state: MoonsState) -> None:
        assert total_cards(state) == list(range(60))
        for planet in range(4):
            held = sum(tokens[planet] for tokens in state.tokens)
            assert state.supply[planet] + held == TOKENS_PER_PLANET
            assert state.supply[planet] >= 0 and all(t[planet] >= 0 for t in state.tokens)
        minis = state.mini_deck + state.mini_discard + [m for hand in state.minis for m in hand]
        assert sorted(minis) == list(range(MINI_COUNT))
        assert -1 <= state.block_holder < state.seats

    def hidden_facts_changed(self, state: MoonsState, viewer: int | None, rng: Rng) -> Any:
        """Which cards the others hold (and, before the reveal, lay face down), their
        mini-asteroids, the deck order."""
        other = state.clone()
        others = [s for s in range(state.seats) if s != viewer]
        hidden_tableaux = state.phase == Phase.TABLEAU
        pool = [c for s in others for c in other.hands[s]]
        if hidden_tableaux:
            pool += [c for s in others for c in other.tableaux[s]]
        rng.shuffle(pool)
        for s in others:
            size = len(other.hands[s])
            other.hands[s], pool = sorted(pool[:size]), pool[size:]
            if hidden_tableaux:
                size = len(other.tableaux[s])
                other.tableaux[s], pool = pool[:size], pool[size:]
        if state.phase != Phase.OVER:
            minis = other.mini_deck + [m for s in others for m in other.minis[s]]
            rng.shuffle(minis)
            for s in others:
                size = len(other.minis[s])
                other.minis[s], minis = sorted(minis[:size]), minis[size:]
            other.mini_deck = minis
        other.rng = Rng(rng.next64())
        other.decks = []
        return other

    def view_shows(self, state: MoonsState, view: MoonsView, viewer: int | None) -> None:
        if viewer is not None:
            assert view.to_json()["hand"] == state.hands[viewer]

    def universe(self, state: MoonsState) -> list[Command]:
        seats = range(-1, state.seats + 1)
        commands: list[Command] = [PlaceInTableau(c) for c in range(-1, 61)]
        commands += [PlayCard(c) for c in range(-1, 61)] + [PlayCard("3"), PlayBlock()]  # type: ignore[arg-type]
        commands += [TakeToken(p) for p in range(-1, 5)]
        commands += [TradeToken(g, t, k) for g in range(4) for t in seats for k in range(4)]
        hand = state.hands[state.order[state.turn]] if state.phase == Phase.PLAY else [0, 60]
        commands += [
            TradeCard(g, t, k) for g in hand[:3] for t in seats for k in (0, 13, 30, 55, 56)
        ]
        return commands


PROBE = MoonsProbe()
