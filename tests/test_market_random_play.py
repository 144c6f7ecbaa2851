"""Random legal play over thousands of Market games at 1 to 5 seats: components conserved,
states round-trip through JSON, replays reproduce the game, views never leak hidden facts,
illegal commands are refused without changing anything, and `advance` plays as `apply`."""

from __future__ import annotations

import json

import pytest

from moonlight_desktop.engine import GameRecord, IllegalCommand, Match, Rng, SeatSpec
from moonlight_desktop.engine.bench import random_game
from moonlight_desktop.games.market.components import ALL_LINKS, SEALS_IN_BOX
from moonlight_desktop.games.market.moves import (
    CODEC,
    Bid,
    DiscardHammer,
    GameOver,
    PassScored,
    PlaceLink,
    PlayDisplaced,
    UseHammer,
)
from moonlight_desktop.games.market.state import MarketState

from .market_helpers import RULES, all_cards, all_links

# (players, automata): every table size, with and without Dirk and Beate.
CONFIGS = [(1, 2), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (5, 0)]
ALL_CARDS = list(range(1, 14))


def _options(players: int, automata: int) -> dict:
    return RULES.normalize_options({"automata": automata}, players)


def _check_conserved(state: MarketState) -> None:
    assert all_links(state) == sorted(ALL_LINKS)
    for position in range(state.table.positions):
        assert all_cards(state, position) == ALL_CARDS
        assert all(len(chain) <= 3 for chain in state.chains[position])
    assert sum(state.seals) + state.seal_supply == SEALS_IN_BOX
    assert min(state.seals) >= 0


def _check_round_trip(state: MarketState) -> None:
    data = json.loads(json.dumps(RULES.state_to_json(state)))
    assert RULES.state_to_json(RULES.state_from_json(data)) == RULES.state_to_json(state)


def _hidden_facts_changed(state: MarketState, viewer: int | None, rng: Rng) -> MarketState:
    """A state that differs from `state` only in what `viewer` cannot know."""
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


def _check_views(state: MarketState, rng: Rng) -> None:
    for viewer in [*range(state.table.seats), None]:
        view = RULES.view(state, viewer).to_json()
        twin = RULES.view(_hidden_facts_changed(state, viewer, rng), viewer).to_json()
        assert view == twin
        if viewer is not None:
            assert view["hand"] == state.hands[viewer]


def _check_prestige_recomputed(events: list, scores: tuple[int, ...]) -> None:
    """The prestige track is exactly the sum of the scorings the events report."""
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


@pytest.mark.parametrize(("players", "automata"), CONFIGS)
def test_random_play_checked_at_every_step(players, automata):
    """25 games per table (200 in all): conservation and JSON round trips after every command,
    views every other command, exact replays from the record."""
    rng = Rng(players * 10 + automata)
    for game in range(25):
        seats = [SeatSpec(f"p{n}") for n in range(players)]
        match = Match.new(RULES, seats, game * 7919 + players, {"automata": automata})
        step = 0
        events: list = []
        while not match.is_over():
            state = match.snapshot()
            _check_conserved(state)
            _check_round_trip(state)
            if step % 2 == 0:
                _check_views(state, rng)
            step += 1
            seat = match.to_act()[0]
            legal = match.legal(seat)
            events += match.submit(seat, legal[rng.below(len(legal))])
        _check_conserved(match.snapshot())
        _check_prestige_recomputed(events, match.scores())
        _check_round_trip(match.snapshot())
        replayed = match.replayed()
        assert replayed.state_json() == match.state_json()
        again = Match(
            RULES, GameRecord.from_json(json.loads(match.record.dumps()), lambda _: CODEC)
        )
        assert again.state_json() == match.state_json()
        assert again.winners() == match.winners()


@pytest.mark.parametrize(("players", "automata"), CONFIGS)
def test_thousands_of_random_games_conserve_everything(players, automata):
    """300 games per table (2400 in all): components conserved at the end, scores sane."""
    options = _options(players, automata)
    for seed in range(300):
        state = random_game(RULES, players, seed, options, checked=False)
        _check_conserved(state)
        assert RULES.is_over(state) and state.pass_index == 4
        hands = [len(state.hands[p]) for p in range(state.table.positions)]
        assert hands == [1] * players + [0] * automata
        winners = RULES.winners(state)
        assert winners and all(state.prestige[w] == max(state.prestige) for w in winners)


def _command_universe(state: MarketState) -> list:
    commands: list = [Bid(card, cushion) for card in range(0, 15) for cushion in range(-1, 6)]
    commands += [PlayDisplaced(cushion) for cushion in range(-1, 6)]
    commands += [UseHammer(gem, slot) for gem in range(-1, 6) for slot in range(-1, 4)]
    commands += [DiscardHammer(), Bid("3", 0), PlaceLink(None, 0)]  # type: ignore[arg-type]
    commands += [PlaceLink(link, gem) for link in range(0, 79, 3) for gem in range(-1, 6)]
    commands += [PlaceLink(link, gem) for link in state.pending[state.seat] for gem in range(5)]
    return commands


@pytest.mark.parametrize(("players", "automata"), [(1, 2), (3, 0), (5, 0)])
def test_illegal_commands_are_refused_and_change_nothing(players, automata):
    rng = Rng(99 + players)
    options = _options(players, automata)
    for game in range(4):
        state = RULES.new_state(options, players, game)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            if rng.below(6) == 0:
                before = RULES.state_to_json(state)
                for command in _command_universe(state):
                    for who in range(players):
                        if who == seat and command in legal:
                            RULES.apply(state.clone(), who, command)  # legal: accepted
                            continue
                        with pytest.raises(IllegalCommand):
                            RULES.apply(state, who, command)
                        assert RULES.state_to_json(state) == before
            RULES.apply(state, seat, legal[rng.below(len(legal))])
        with pytest.raises(IllegalCommand, match="over"):
            RULES.apply(state, 0, DiscardHammer())


@pytest.mark.parametrize(("players", "automata"), CONFIGS)
def test_advance_plays_exactly_the_games_apply_plays(players, automata):
    options = _options(players, automata)
    for seed in range(20):
        checked = random_game(RULES, players, seed, options, checked=True)
        quick = random_game(RULES, players, seed, options, checked=False)
        assert RULES.state_to_json(quick) == RULES.state_to_json(checked)
