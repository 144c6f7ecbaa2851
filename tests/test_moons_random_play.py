"""Random legal play over thousands of Moons games: cards, tokens and mini-asteroids conserved,
states round-trip through JSON, replays reproduce the game, views never leak hidden facts,
illegal commands are refused without changing anything, and `advance` plays as `apply`."""

from __future__ import annotations

import json

import pytest

from moonlight_desktop.engine import GameRecord, IllegalCommand, Match, Rng, SeatSpec
from moonlight_desktop.engine.bench import random_game
from moonlight_desktop.games.moons.components import MINI_COUNT, TOKENS_PER_PLANET
from moonlight_desktop.games.moons.moves import (
    CODEC,
    PlaceInTableau,
    PlayBlock,
    PlayCard,
    TakeToken,
    TradeCard,
    TradeToken,
)
from moonlight_desktop.games.moons.state import MoonsState, Phase

from .moons_helpers import RULES, total_cards

SEATS = (3, 4, 5, 6)


def _check_conserved(state: MoonsState) -> None:
    assert total_cards(state) == list(range(60))
    for planet in range(4):
        held = sum(tokens[planet] for tokens in state.tokens)
        assert state.supply[planet] + held == TOKENS_PER_PLANET
        assert state.supply[planet] >= 0 and all(t[planet] >= 0 for t in state.tokens)
    minis = state.mini_deck + state.mini_discard + [m for hand in state.minis for m in hand]
    assert sorted(minis) == list(range(MINI_COUNT))
    assert -1 <= state.block_holder < state.seats


def _check_round_trip(state: MoonsState) -> None:
    data = json.loads(json.dumps(RULES.state_to_json(state)))
    assert RULES.state_to_json(RULES.state_from_json(data)) == RULES.state_to_json(state)


def _hidden_facts_changed(state: MoonsState, viewer: int | None, rng: Rng) -> MoonsState:
    """A state that differs from `state` only in what `viewer` cannot know: which cards the
    others hold (and, before the reveal, lay face down), their mini-asteroids, the deck order."""
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


def _check_views(state: MoonsState, rng: Rng) -> None:
    for viewer in [*range(state.seats), None]:
        view = RULES.view(state, viewer).to_json()
        twin = RULES.view(_hidden_facts_changed(state, viewer, rng), viewer).to_json()
        assert view == twin
        if viewer is not None:
            assert view["hand"] == state.hands[viewer]


@pytest.mark.parametrize("seats", SEATS)
def test_random_play_checked_along_the_way(seats: int) -> None:
    """60 games per seat count (240 in all): conservation after every command, the JSON round
    trip and the view leak check every few commands, then replays from the record."""
    rng = Rng(seats * 1000)
    for game in range(60):
        names = [SeatSpec(f"p{n}") for n in range(seats)]
        match: Match[MoonsState] = Match.new(RULES, names, 7919 * game + seats)
        steps = 0
        while not match.is_over():
            state = match.snapshot()
            _check_conserved(state)
            if steps % 11 == game % 11:
                _check_round_trip(state)
                _check_views(state, rng)
            for seat in match.to_act():  # every seat of a simultaneous choice may act
                assert match.legal(seat)
            acting = match.to_act()
            seat = acting[rng.below(len(acting))]
            legal = match.legal(seat)
            match.submit(seat, legal[rng.below(len(legal))])
            steps += 1
        _check_conserved(match.snapshot())
        _check_round_trip(match.snapshot())
        replayed = match.replayed()
        assert replayed.state_json() == match.state_json()
        record = json.loads(match.record.dumps())
        again = Match(RULES, GameRecord.from_json(record, lambda game_id: CODEC))
        assert again.state_json() == match.state_json()
        assert again.winners() == match.winners()


@pytest.mark.parametrize("seats", SEATS)
def test_thousands_of_random_games_conserve_everything(seats: int) -> None:
    """500 games per seat count (2000 in all), unchecked: components conserved, games end,
    winners have the best score."""
    rng = Rng(seats)
    for game in range(500):
        state = RULES.new_state({}, seats, game + 10_000 * seats)
        steps = 0
        while acting := RULES.to_act(state):
            seat = acting[0]
            legal = RULES.legal_commands(state, seat)
            RULES.advance(state, seat, legal[rng.below(len(legal))])
            steps += 1
            assert steps < 2000
        _check_conserved(state)
        scores, winners = RULES.scores(state), RULES.winners(state)
        assert winners and all(scores[w] == max(scores) for w in winners)


def _command_universe(state: MoonsState) -> list:
    seats = range(-1, state.seats + 1)
    commands: list = [PlaceInTableau(c) for c in range(-1, 61)]
    commands += [PlayCard(c) for c in range(-1, 61)] + [PlayCard("3"), PlayBlock()]
    commands += [TakeToken(p) for p in range(-1, 5)]
    commands += [TradeToken(g, t, k) for g in range(4) for t in seats for k in range(4)]
    hand = state.hands[state.order[state.turn]] if state.phase == Phase.PLAY else [0, 60]
    commands += [TradeCard(g, t, k) for g in hand[:3] for t in seats for k in (0, 13, 30, 55, 56)]
    return commands


@pytest.mark.parametrize("seats", SEATS)
def test_illegal_commands_are_refused_and_change_nothing(seats: int) -> None:
    rng = Rng(99 + seats)
    for game in range(6):
        state = RULES.new_state({}, seats, game)
        while not RULES.is_over(state):
            acting = RULES.to_act(state)
            if rng.below(30) == 0:
                before = RULES.state_to_json(state)
                for command in _command_universe(state):
                    for who in range(seats):
                        if who in acting and command in RULES.legal_commands(state, who):
                            continue
                        with pytest.raises(IllegalCommand):
                            RULES.apply(state, who, command)
                        assert RULES.state_to_json(state) == before
            seat = acting[0]
            legal = RULES.legal_commands(state, seat)
            RULES.apply(state, seat, legal[rng.below(len(legal))])
        with pytest.raises(IllegalCommand, match="over"):
            RULES.apply(state, 0, PlayCard(0))


def test_advance_plays_exactly_the_games_apply_plays() -> None:
    for seats in SEATS:
        for seed in range(25):
            checked = random_game(RULES, seats, seed, {}, checked=True)
            quick = random_game(RULES, seats, seed, {}, checked=False)
            assert RULES.state_to_json(quick) == RULES.state_to_json(checked)


def test_a_state_read_with_unsorted_hands_keeps_them_sorted() -> None:
    """The rules rely on sorted hands (Asteroids last: who passes the lead, what follows
    suit); a state file listing them in another order is read sorted, and plays the same."""
    state = RULES.new_state(RULES.normalize_options({}, 4), 4, 12)
    data = json.loads(json.dumps(RULES.state_to_json(state)))
    data["hands"] = [list(reversed(hand)) for hand in data["hands"]]
    data["minis"] = [list(reversed(minis)) for minis in data["minis"]]
    read = RULES.state_from_json(data)
    assert read.hands == state.hands and read.minis == state.minis
    for seat in range(4):
        assert RULES.legal_commands(read, seat) == RULES.legal_commands(state, seat)
