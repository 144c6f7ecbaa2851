"""Le Marché de Samarkand's probe for the rules contract: 3 to 5 seats in both modes, goods
open or hidden; money, cards and camels conserved; others' money, camels, orders, chosen cards
(and hidden goods) and the decks hidden."""

from __future__ import annotations

from typing import Any

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.engine.rules import Rules
from moonlight_desktop.games.samarkand.components import CAMEL, CAMEL_CAPACITIES, cards_of
from moonlight_desktop.games.samarkand.moves import Order, Seal, Sell, Stop, Wait
from moonlight_desktop.games.samarkand.state import Phase, SamarkandState
from moonlight_desktop.games.samarkand.view import SamarkandView

from . import Plays, RulesProbe, Table

SEATS = (3, 4, 5)
MODES = ("live", "sealed")


class SamarkandProbe(RulesProbe):
    illegal_one_in = 8

    def checked(self, rules: Rules[Any]) -> Plays:
        tables = tuple(
            Table(seats, {"mode": mode, "hidden_goods": hidden})
            for seats in SEATS
            for mode in MODES
            for hidden in (False, True)
        )
        return Plays(tables, 16)

    def quick(self, rules: Rules[Any]) -> Plays:
        return Plays(tuple(Table(s, {"mode": m}) for s in SEATS for m in MODES), 400)

    def illegal(self, rules: Rules[Any]) -> Plays:
        return Plays(tuple(Table(s, {"mode": m}) for s in SEATS for m in MODES), 4)

    def advance(self, rules: Rules[Any]) -> Plays:
        return Plays(tuple(Table(s, {"mode": m}) for s in SEATS for m in MODES), 25)

    def conserved(self, state: SamarkandState) -> None:
        seats = state.table.seats
        assert sum(state.money) + state.bank_takings == seats * state.table.starting_money
        assert min(state.money) >= 0
        cards = [c for hand in state.hands for c in hand] + state.offers + state.discards
        cards += state.bank_deck + [c for goods in state.goods for c in goods]
        assert sorted(cards) == sorted(c for t in state.types for c in cards_of(t))
        camels = state.camel_deck + [c for owned in state.camels for c in owned]
        if state.camel_offer:
            camels.append(state.camel_offer)
        assert sorted(camels) == sorted(CAMEL_CAPACITIES)

    def finished(self, state: SamarkandState) -> None:
        assert state.phase == Phase.OVER and state.turn == 11
        assert all(hand == [] for hand in state.hands)

    def hidden_facts_changed(self, state: SamarkandState, viewer: int | None, rng: Rng) -> Any:
        other = state.clone()
        rng.shuffle(other.camel_deck)
        rng.shuffle(other.bank_deck)
        other.rng = Rng(rng.next64())
        for seat in range(state.table.seats):
            if seat == viewer:
                continue
            other.money[seat] = rng.below(40)
            other.camels[seat] = [3 + rng.below(4) for _ in range(rng.below(3))]
            other.orders[seat] = [(CAMEL, 1 + rng.below(10))] * rng.below(2)
            if state.chosen[seat] >= 0:
                hand = state.hands[seat]
                other.chosen[seat] = hand[rng.below(len(hand))]
            if state.table.hidden_goods:
                other.goods[seat] = [rng.below(50) for _ in range(rng.below(4))]
        return other

    def view_shows(self, state: SamarkandState, view: SamarkandView, viewer: int | None) -> None:
        for seat, money in enumerate(view.money):
            assert money == (state.money[seat] if seat == viewer else None)

    def universe(self, state: SamarkandState) -> list[Command]:
        """Including a Stop without the money, buying one's own goods and a second sell card."""
        commands: list[Command] = [Sell(card) for card in range(-1, 51)]
        commands += [Sell("3"), Wait(), Seal()]  # type: ignore[arg-type]
        commands += [Stop(lot) for lot in range(-1, 52)] + [Stop(None)]
        commands += [
            Order(lot, price) for lot in (0, 7, 13, 25, 38, 49, CAMEL) for price in (0, 1, 10, 11)
        ]
        commands.append(Order(CAMEL, "5"))  # type: ignore[arg-type]
        return commands


PROBE = SamarkandProbe()
