"""Random legal play over thousands of Samarkand games in both modes: money and cards conserved,
states round-trip through JSON, records replay exactly, views never leak hidden facts, `advance`
plays the games `apply` plays, and illegal commands are refused without changing anything."""

from __future__ import annotations

import json

import pytest

from moonlight_desktop.engine import GameRecord, IllegalCommand, Match, Rng, SeatSpec
from moonlight_desktop.engine.bench import random_game
from moonlight_desktop.games.samarkand.components import CAMEL, CAMEL_CAPACITIES, cards_of
from moonlight_desktop.games.samarkand.moves import CODEC, Order, Seal, Sell, Stop, Wait
from moonlight_desktop.games.samarkand.state import Phase, SamarkandState

from .samarkand_helpers import RULES

CONFIGS = [
    (seats, mode, hidden)
    for seats in (3, 4, 5)
    for mode in ("live", "sealed")
    for hidden in (False, True)
]


def _options(mode: str, hidden: bool) -> dict:
    return {"mode": mode, "hidden_goods": hidden}


def _check_conserved(state: SamarkandState) -> None:
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


def _check_round_trip(state: SamarkandState) -> None:
    data = json.loads(json.dumps(RULES.state_to_json(state)))
    assert RULES.state_to_json(RULES.state_from_json(data)) == RULES.state_to_json(state)


def _hidden_facts_changed(state: SamarkandState, viewer: int | None, rng: Rng) -> SamarkandState:
    """A state that differs from `state` only in what `viewer` cannot know."""
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


def _check_views(state: SamarkandState, rng: Rng) -> None:
    for viewer in [*range(state.table.seats), None]:
        view = RULES.view(state, viewer)
        twin = RULES.view(_hidden_facts_changed(state, viewer, rng), viewer)
        assert view.to_json() == twin.to_json()
        for seat, money in enumerate(view.money):
            assert money == (state.money[seat] if seat == viewer else None)


@pytest.mark.parametrize(("seats", "mode", "hidden"), CONFIGS)
def test_random_play_checked_at_every_step(seats, mode, hidden):
    """16 games per configuration (192 in all), every invariant after every command; each game
    replays exactly from its record, through JSON too."""
    rng = Rng(seats * 100 + len(mode) + hidden)
    for game in range(16):
        specs = [SeatSpec(f"p{n}") for n in range(seats)]
        match = Match.new(RULES, specs, 1000 * seats + game, _options(mode, hidden))
        while not match.is_over():
            state = match.snapshot()
            _check_conserved(state)
            _check_round_trip(state)
            _check_views(state, rng)
            acting = match.to_act()
            seat = acting[rng.below(len(acting))]
            legal = match.legal(seat)
            match.submit(seat, legal[rng.below(len(legal))])
        _check_conserved(match.snapshot())
        assert match.replayed().state_json() == match.state_json()
        record = GameRecord.from_json(json.loads(match.record.dumps()), lambda _: CODEC)
        again = Match(RULES, record)
        assert again.state_json() == match.state_json()
        assert again.winners() == match.winners()


@pytest.mark.parametrize(("seats", "mode"), [(s, m) for s in (3, 4, 5) for m in ("live", "sealed")])
def test_thousands_of_random_games_conserve_money_and_cards(seats, mode):
    """400 games per configuration (2400 in all), played through `advance`."""
    options = RULES.normalize_options({"mode": mode}, seats)
    for seed in range(400):
        state = random_game(RULES, seats, seed, options, checked=False)
        assert state.phase == Phase.OVER and state.turn == 11
        assert all(hand == [] for hand in state.hands)
        _check_conserved(state)
        scores, winners = RULES.scores(state), RULES.winners(state)
        assert winners and all(scores[w] == max(scores) for w in winners)


@pytest.mark.parametrize(("seats", "mode"), [(s, m) for s in (3, 4, 5) for m in ("live", "sealed")])
def test_advance_plays_exactly_the_games_apply_plays(seats, mode):
    options = RULES.normalize_options({"mode": mode}, seats)
    for seed in range(25):
        checked = random_game(RULES, seats, seed, options, checked=True)
        quick = random_game(RULES, seats, seed, options, checked=False)
        assert RULES.state_to_json(quick) == RULES.state_to_json(checked)


def _command_universe() -> list:
    commands: list = [Sell(card) for card in range(-1, 51)] + [Sell("3"), Wait(), Seal()]
    commands += [Stop(lot) for lot in range(-1, 52)] + [Stop(None)]
    commands += [
        Order(lot, price) for lot in (0, 7, 13, 25, 38, 49, CAMEL) for price in (0, 1, 10, 11)
    ]
    commands.append(Order(CAMEL, "5"))
    return commands


@pytest.mark.parametrize("mode", ["live", "sealed"])
def test_illegal_commands_are_refused_and_change_nothing(mode):
    """Including a Stop without the money, buying one's own goods and a second sell card."""
    rng = Rng(77)
    universe = _command_universe()
    for game in range(12):
        seats = 3 + game % 3
        state = RULES.new_state({"mode": mode}, seats, game)
        while not RULES.is_over(state):
            acting = RULES.to_act(state)
            if rng.below(8) == 0:
                before = RULES.state_to_json(state)
                for seat in [*range(seats), seats, -1]:
                    legal = RULES.legal_commands(state, seat) if 0 <= seat < seats else []
                    for command in universe:
                        if command in legal:
                            assert seat in acting
                            RULES.apply(state.clone(), seat, command)  # legal: accepted
                            continue
                        with pytest.raises(IllegalCommand):
                            RULES.apply(state, seat, command)
                assert RULES.state_to_json(state) == before
            seat = acting[0]
            legal = RULES.legal_commands(state, seat)
            RULES.apply(state, seat, legal[rng.below(len(legal))])
        with pytest.raises(IllegalCommand, match="over"):
            RULES.apply(state, 0, Wait())
