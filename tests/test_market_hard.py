"""Market's Hard bot: its samples agree with everything the seat has seen and vary in the rest,
it never reads the true state, it plays the obvious move, stays deterministic for a seed and
keeps to its time budget."""

from __future__ import annotations

import time

import pytest

from moonlight_desktop.engine import Rng
from moonlight_desktop.games.market.components import SEAL_WORTHY_CHAIN, chain_value
from moonlight_desktop.games.market.hard import HardBot, MarketDeterminizer
from moonlight_desktop.games.market.moves import PlaceLink
from moonlight_desktop.games.market.spec import MARKET
from moonlight_desktop.games.market.state import MarketState, Phase

from .market_helpers import RULES, links, new_game
from .probes.market import PROBE, TABLES

B, R, W, G, Y = range(5)


def _states(players: int, automata: int, seed: int, every: int) -> list[MarketState]:
    """Every `every`-th state of a game played by random legal commands."""
    rng = Rng(seed)
    options = RULES.normalize_options({"automata": automata}, players)
    state = RULES.new_state(options, players, seed)
    found = []
    step = 0
    while not RULES.is_over(state):
        if step % every == 0:
            found.append(state.clone())
        step += 1
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_commands(state, seat)
        RULES.advance(state, seat, legal[rng.below(len(legal))])
    found.append(state)
    return found


@pytest.mark.parametrize(
    ("players", "automata"), [(table.seats, table.options["automata"]) for table in TABLES]
)
def test_samples_agree_with_the_view_and_vary_in_what_it_hides(players, automata):
    determinizer = MarketDeterminizer()
    rng = Rng(players * 10 + automata)
    supplies_differ = hands_differ = False
    for game in range(2):
        for state in _states(players, automata, game * 101 + players, 7):
            for seat in range(players):
                view = RULES.view(state, seat)
                sample = determinizer.sample(view, rng)
                assert RULES.view(sample, seat).to_json() == view.to_json()
                PROBE.conserved(sample)
                data = RULES.state_to_json(sample)
                assert RULES.state_to_json(RULES.state_from_json(data)) == data
                if not RULES.is_over(state):
                    assert RULES.legal_commands(sample, seat) == RULES.legal_commands(state, seat)
                    assert sample.chain_queue == state.chain_queue  # who builds next is public
                other = determinizer.sample(view, rng)
                supplies_differ |= len(sample.supply) > 1 and sample.supply != other.supply
                hidden = [p for p in range(state.table.positions) if p != seat]
                hands_differ |= any(
                    sample.piles[p] + sample.hands[p] != other.piles[p] + other.hands[p]
                    for p in hidden
                )
    assert supplies_differ and hands_differ


def _decision(state: MarketState, seed: int) -> object:
    seat = RULES.to_act(state)[0]
    bot = HardBot(seed, iterations=24)
    return bot.choose(RULES.view(state, seat), RULES.legal_commands(state, seat), 10.0)


def test_never_reads_what_the_seat_cannot_know():
    """Supply order, other hands and piles, the unknown part of the own pile, the generator:
    changing them all leaves every decision as it was."""
    rng = Rng(8)
    for players, automata in [(1, 2), (2, 1), (3, 0)]:
        for state in _states(players, automata, 40 + players, 23)[:-1]:
            seat = RULES.to_act(state)[0]
            twin = PROBE.hidden_facts_changed(state, seat, rng)
            assert RULES.state_to_json(twin) != RULES.state_to_json(state)
            assert _decision(state, 5) == _decision(twin, 5)


def _last_link_to_lay() -> MarketState:
    """The solo game's very last command: the player holds a BR7 and a blue chain worth 27.
    Laid at red it takes red's 4 points and keeps blue's; laid at blue it breaks the 27
    (a seal, but blue's 4 points go to Dirk) — and the game with it."""
    state = new_game(seats=1)
    state.supply += [link for slots in state.cushions for link in slots]
    state.cushions = [[-1] * len(slots) for slots in state.cushions]
    chains = {
        0: {B: ["B10", "B9", "B8"], W: ["W2"]},
        1: {B: ["B7", "B6"], G: ["G10", "G9"], W: ["W5"]},
        2: {Y: ["Y10", "Y9"], W: ["W6", "W7"], R: ["R1"]},
    }
    for position, by_gem in chains.items():
        for gem, names in by_gem.items():
            codes = links(*names)
            for code in codes:
                state.supply.remove(code)
            state.chains[position][gem] = codes
    pending = links("BR7")
    state.supply.remove(pending[0])
    state.pending[0] = pending
    for position, kept in enumerate((13, 12, 11)):
        state.discards[position] = [card for card in range(1, 14) if card != kept]
        state.piles[position] = [] if position == 0 else [kept]
        state.hands[position] = [kept] if position == 0 else []
        state.under[position] = 0
    state.pass_index, state.round_index = 3, 2
    state.phase, state.seat, state.coin = Phase.PLACE, 0, 0
    state.chain_queue = [2, 1, 0]
    state.prestige = [60, 62, 61]
    return state


def test_plays_the_move_that_wins():
    state = _last_link_to_lay()
    legal = RULES.legal_commands(state, 0)
    assert list(legal) == [PlaceLink(links("BR7")[0], B), PlaceLink(links("BR7")[0], R)]
    assert chain_value(state.chains[0][B]) >= SEAL_WORTHY_CHAIN
    outcomes = {}
    for command in legal:
        after = state.clone()
        RULES.apply(after, 0, command)
        outcomes[command] = RULES.winners(after)
    assert outcomes[legal[1]] == (0,) and 0 not in outcomes[legal[0]]
    for seed in range(3):
        chosen = HardBot(seed, iterations=20).choose(RULES.view(state, 0), legal, 10.0)
        assert chosen is legal[1]


def test_returns_a_legal_object_is_deterministic_and_keeps_to_its_budget():
    state = RULES.new_state(RULES.normalize_options({}, 2), 2, 77)
    view, legal = RULES.view(state, 0), RULES.legal_commands(state, 0)
    first = HardBot(3, iterations=40)
    chosen = first.choose(view, legal, 10.0)
    assert any(chosen is command for command in legal)
    assert HardBot(3, iterations=40).choose(view, legal, 10.0) == chosen
    assert first.last is not None and first.last.iterations == 40
    timed = HardBot(3, budget_seconds=0.05)
    started = time.perf_counter()
    assert timed.choose(view, legal, 1.5) in legal
    assert time.perf_counter() - started < 0.5
    assert timed.last is not None and timed.last.iterations >= 1


def test_hard_is_registered():
    assert isinstance(MARKET.bot("hard", 1), HardBot)
