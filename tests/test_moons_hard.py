"""Moons' Hard bot: its samples agree with everything the seat has seen (voids included) and
vary in what it has not, it never reads the true state, it finds the obvious move, and it
keeps to its budget and to its seed."""

from __future__ import annotations

import time

import pytest

from moonlight_desktop.engine import Rng
from moonlight_desktop.games.moons.components import SUIT_OF
from moonlight_desktop.games.moons.hard import HardBot, MoonsDeterminizer, known_voids
from moonlight_desktop.games.moons.moves import Award, PlayCard, TakeToken, TradeCard
from moonlight_desktop.games.moons.spec import MOONS
from moonlight_desktop.games.moons.state import MoonsState, Phase

from .moons_helpers import RULES, J, N, S, U, card, lay_tableaux, new_game

DETERMINIZER = MoonsDeterminizer()


def _random_states(seats: int, count: int, *, trades: bool = True) -> list[MoonsState]:
    """States reached by random legal play, in every phase (Trade Card left out on request:
    it can bring a seat a card of a suit it showed void in)."""
    states = []
    for number in range(count):
        state = RULES.new_state({}, seats, 100 * seats + number)
        walker = Rng(number)
        for _ in range(walker.below(60 * seats)):
            if RULES.is_over(state):
                break
            seat = RULES.to_act(state)[0]
            legal = [
                c for c in RULES.legal_commands(state, seat) if trades or type(c) is not TradeCard
            ]
            RULES.advance(state, seat, legal[walker.below(len(legal))])
        if not RULES.is_over(state):
            states.append(state)
    return states


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_samples_agree_with_the_view(seats: int) -> None:
    rng = Rng(seats)
    phases = set()
    for state in _random_states(seats, 12):
        phases.add(state.phase)
        for seat in range(seats):
            view = RULES.view(state, seat)
            sample = DETERMINIZER.sample(view, rng)
            assert RULES.view(sample, seat).to_json() == view.to_json()
            again = RULES.state_from_json(RULES.state_to_json(sample))
            assert RULES.state_to_json(again) == RULES.state_to_json(sample)
            assert RULES.legal_commands(sample, seat) == RULES.legal_commands(state, seat)
    assert phases == {Phase.TABLEAU, Phase.PLAY, Phase.AWARD}


@pytest.mark.parametrize("seats", [3, 6])
def test_samples_keep_the_voids_shown_and_vary_the_rest(seats: int) -> None:
    rng = Rng(7)
    voids_seen = 0
    for state in _random_states(seats, 15, trades=False):
        seat = RULES.to_act(state)[0]
        view = RULES.view(state, seat)
        voids = known_voids(view)
        for other, suits in enumerate(voids):  # the true hands agree: the voids are real
            assert not any(SUIT_OF[c] in suits for c in state.hands[other])
        hands, decks = set(), set()
        for _ in range(8):
            sample = DETERMINIZER.sample(view, rng)
            for other, suits in enumerate(voids):
                assert not any(SUIT_OF[c] in suits for c in sample.hands[other])
                voids_seen += len(suits)
            hands.add(tuple(tuple(h) for n, h in enumerate(sample.hands) if n != seat))
            decks.add(tuple(sample.mini_deck))
        hidden = sum(len(h) for n, h in enumerate(state.hands) if n != seat)
        if hidden > seats:  # enough unseen cards to be dealt more than one way
            assert len(hands) > 1
        assert len(decks) > 1
    assert voids_seen


def _twins() -> list[tuple[MoonsState, MoonsState, int]]:
    """Pairs of states that differ only in what the seat to act cannot know: the other hands
    dealt anew (same sizes, same suits, so the voids shown stay true) and the mini deck."""
    hidden = Rng(99)
    pairs = []
    for state in _random_states(4, 10, trades=False):
        if state.phase == Phase.TABLEAU:
            continue
        seat = RULES.to_act(state)[0]
        twin = RULES.clone(state)
        others = [s for s in range(state.seats) if s != seat]
        for suit in (-1, 0, 1, 2, 3):
            pool = [c for s in others for c in twin.hands[s] if SUIT_OF[c] == suit]
            hidden.shuffle(pool)
            for s in others:
                keep = [c for c in twin.hands[s] if SUIT_OF[c] != suit]
                count = len(twin.hands[s]) - len(keep)
                twin.hands[s], pool = sorted(keep + pool[:count]), pool[count:]
        hidden.shuffle(twin.mini_deck)
        assert RULES.view(state, seat) == RULES.view(twin, seat)
        pairs.append((state, twin, seat))
    return pairs


def test_never_cheats() -> None:
    compared = 0
    for state, twin, seat in _twins():
        legal = RULES.legal_commands(state, seat)
        if len(legal) < 2:
            continue
        choices = [
            HardBot(5, iterations=30).choose(RULES.view(game, seat), legal, 1.0)
            for game in (state, twin)
        ]
        assert choices[0] == choices[1]
        compared += 1
    assert compared >= 3


def _table() -> MoonsState:
    lows = [[card(U, 3 * n + 2), card(U, 3 * n + 3), card(U, 3 * n + 4)] for n in range(2)]
    state = new_game(3, hands=[[card(J, 14), card(S, 1), card(N, 1)], *lows])
    lay_tableaux(state, [[card(J, 14), card(S, 1), card(N, 1)], *lows])
    state.minis = [[], [], []]
    return state


def test_takes_the_token_that_completes_a_set() -> None:
    """Neptune completes a set (4 points more); Jupiter or Saturn add a single point."""
    state = _table()
    state.tokens = [[4, 4, 0, 4], [4, 4, 4, 0], [1, 1, 1, 1]]
    state.supply = [1, 1, 1, 0]
    state.phase = Phase.AWARD
    state.awards = [(0, 0b0111, Award.TRICK)]
    legal = RULES.legal_commands(state, 0)
    choice = HardBot(3, iterations=100).choose(RULES.view(state, 0), legal, 1.0)
    assert choice == TakeToken(N)
    assert any(choice is option for option in legal)


def test_wins_the_trick_that_completes_a_set() -> None:
    """Last to play on Saturn 9: only its Saturn 10 wins the trick, and the trick's token
    (Neptune, from its tableau) completes its set."""
    state = _table()
    state.hands[0].remove(card(J, 1))
    state.hands[0].append(card(S, 10))
    state.hands[1].remove(card(S, 10))
    state.hands[1].remove(card(S, 9))
    state.hands[1].append(card(J, 1))
    state.hands[2].remove(card(N, 10))
    for hand in state.hands:
        hand.sort()
    state.order, state.turn, state.trick = [1, 2, 0], 2, [card(S, 9), card(N, 10)]
    state.leader = 1
    state.tokens = [[1, 1, 0, 1], [1, 1, 1, 0], [1, 1, 1, 0]]
    legal = RULES.legal_commands(state, 0)
    choice = HardBot(3, iterations=100).choose(RULES.view(state, 0), legal, 1.0)
    assert choice == PlayCard(card(S, 10))
    assert any(choice is option for option in legal)


def test_deterministic_for_a_seed_and_quick_on_a_budget() -> None:
    state = _random_states(3, 3)[-1]
    seat = RULES.to_act(state)[0]
    view, legal = RULES.view(state, seat), RULES.legal_commands(state, seat)
    first = HardBot(11, iterations=40).choose(view, legal, 1.0)
    assert first == HardBot(11, iterations=40).choose(view, legal, 1.0)
    bot = HardBot(11, budget_seconds=1.5)
    started = time.perf_counter()
    choice = bot.choose(view, legal, 0.05)
    assert time.perf_counter() - started < 0.5
    assert any(choice is option for option in legal)
    assert bot.last is not None and bot.last.iterations >= 1


def test_registered_as_hard() -> None:
    assert isinstance(MOONS.bot("hard", 1, iterations=5), HardBot)
