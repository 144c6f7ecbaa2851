"""One test per ruling that applies to Moons: shared R1/R2, O1-O6 and our MO rulings
(docs/RULINGS.md)."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import IllegalCommand
from moonlight_desktop.games.moons import rules as moons_rules
from moonlight_desktop.games.moons.components import (
    ASTEROIDS,
    MINI_COUNT,
    MINI_KIND,
    Mini,
    hand_size,
)
from moonlight_desktop.games.moons.moves import (
    Award,
    BlockTaken,
    EarthsMoonPassed,
    FirstPlayer,
    GameOver,
    LeadPassed,
    MiniDrawn,
    PlaceInTableau,
    PlayBlock,
    PlayCard,
    TakeToken,
    TokenTaken,
    TradeCard,
    TradeToken,
    TrickWon,
)
from moonlight_desktop.games.moons.scoring import best_score
from moonlight_desktop.games.moons.state import Phase

from .moons_helpers import EROS, RULES, J, N, S, U, card, lay_tableaux, new_game, play

TRADE_CARD = next(m for m in range(MINI_COUNT) if MINI_KIND[m] == Mini.TRADE_CARD)
TRADE_TOKEN = next(m for m in range(MINI_COUNT) if MINI_KIND[m] == Mini.TRADE_TOKEN)
BLOCKS = [m for m in range(MINI_COUNT) if MINI_KIND[m] == Mini.BLOCK]


def _in_trick(seats: int = 3, minis: list[int] | None = None):
    """A game after the reveal, seat 0 to lead (it holds Jupiter 14 in its tableau)."""
    lows = [[card(U, 3 * n + 2), card(U, 3 * n + 3), card(U, 3 * n + 4)] for n in range(seats - 1)]
    state = new_game(seats, hands=[[card(J, 14), card(S, 1), card(N, 1)], *lows], minis=minis)
    lay_tableaux(state, [[card(J, 14), card(S, 1), card(N, 1)], *lows])
    assert RULES.to_act(state) == (0,)
    return state


def test_o1_every_card_is_dealt_and_two_minis_each_kept_across_rounds():
    for seats in (3, 4, 5, 6):
        state = RULES.new_state({}, seats, seats)
        assert [len(hand) for hand in state.hands] == [hand_size(seats)] * seats
        assert hand_size(seats) == {3: 20, 4: 15, 5: 12, 6: 10}[seats]
        assert sorted(c for hand in state.hands for c in hand) == list(range(60))
        assert [len(m) for m in state.minis] == [2] * seats
        assert len(state.mini_deck) == MINI_COUNT - 2 * seats
    state = new_game(3, minis=[0, 1, 2, 3, 4, 5])
    kept = [m[:] for m in state.minis]
    while state.round == 1:
        seat = RULES.to_act(state)[0]
        legal = [c for c in RULES.legal_commands(state, seat) if not isinstance(c, TradeCard)]
        play(state, seat, next(c for c in legal if not isinstance(c, PlayBlock | TradeToken)))
    assert all(set(k) <= set(m) for k, m in zip(kept, state.minis, strict=True))


def test_o2_one_round_per_player_and_earths_moon_passed_left():
    state = _in_trick()
    assert state.earth == 0 and state.earths_moon == 0
    events: list = []
    moons_rules._next_round(state, events)
    assert state.round == 2 and state.earths_moon == 1 and state.earth == 0
    assert events[0] == EarthsMoonPassed(1) and state.phase == Phase.TABLEAU
    state.round = 3  # the third seat's round ends: every seat has dealt once
    events = []
    moons_rules._next_round(state, events)
    assert RULES.is_over(state) and isinstance(events[-1], GameOver)
    assert not events[-1].tokens_ran_out


def test_o2_the_game_ends_at_once_when_the_tokens_run_out():
    state = _in_trick()
    state.supply = [0, 0, 0, 1]
    state.hands[1] = [c for c in state.hands[1] if c // 14 != J] or state.hands[1]
    state.tableaux[0] = [card(U, 1), card(S, 1), card(N, 1)]
    events = play(state, 0, PlayCard(state.hands[0][0]))
    for seat in (1, 2):
        if not RULES.is_over(state):
            events += play(state, seat, RULES.legal_commands(state, seat)[0])
    assert RULES.is_over(state) and sum(state.supply) == 0
    assert isinstance(events[-1], GameOver) and events[-1].tokens_ran_out


def test_o2_tableaux_are_moon_cards_only_and_chosen_anew_each_round():
    state = new_game(3, hands=[[EROS, card(J, 1), card(J, 2), card(J, 3)]])
    with pytest.raises(IllegalCommand, match="Moon cards only"):
        play(state, 0, PlaceInTableau(EROS))
    assert PlaceInTableau(EROS) not in RULES.legal_commands(state, 0)
    while state.round == 1:
        seat = RULES.to_act(state)[0]
        play(state, seat, RULES.legal_commands(state, seat)[0])
    assert state.phase == Phase.TABLEAU and state.tableaux == [[], [], []]
    assert RULES.to_act(state) == (0, 1, 2)


def test_o3_a_leader_holding_only_asteroids_passes_the_lead_and_plays_last():
    state = _in_trick()
    state.hands[0], state.hands[1] = [EROS], [card(J, 2)]
    state.hands[2] = [card(J, 3)]
    # Seat 0 wins the current trick setup: start a new trick led by seat 0.
    events: list = []
    moons_rules._start_trick(state, 0, events)
    assert events == [LeadPassed(0, 1)]
    assert state.order == [1, 2, 0]
    assert RULES.to_act(state) == (1,)
    assert RULES.legal_commands(state, 1) == [PlayCard(card(J, 2))]


def test_o3_an_asteroid_may_never_lead():
    state = _in_trick()
    state.hands[0] = sorted([*state.hands[0], EROS + 1])
    assert PlayCard(EROS + 1) not in RULES.legal_commands(state, 0)
    with pytest.raises(IllegalCommand, match="may not lead"):
        play(state, 0, PlayCard(EROS + 1))


def test_o4_each_score_modifier_scores_every_disjoint_group():
    for planet in (J, S, N, U):
        single, pair, triple = 3 * planet, 3 * planet + 1, 3 * planet + 2
        tokens = [0, 0, 0, 0]
        tokens[planet] = 6
        assert best_score(tokens, []) == 6
        assert best_score(tokens, [single]) == 12  # 6 groups of 1 at 2 VP
        assert best_score(tokens, [pair]) == 12  # 3 groups of 2 at 4 VP
        assert best_score(tokens, [triple]) == 16  # 2 groups of 3 at 8 VP
        assert best_score(tokens, [triple, triple]) == 16  # a second copy adds nothing
        tokens[planet] = 4
        assert best_score(tokens, [triple, single]) == 10  # 8 + 2


def test_o5_the_best_partition_counts_each_token_once():
    assert best_score([1, 1, 1, 1], []) == 10  # a complete set
    assert best_score([1, 1, 1, 0], []) == 6  # a set of three: 2 per token
    assert best_score([2, 2, 2, 2], []) == 20
    assert best_score([2, 1, 1, 0], []) == 7  # a set of three and a single
    # Three Jupiter with the triple modifier (8) beat a complete set using one of them.
    assert best_score([3, 1, 1, 1], [2]) == 14  # 8 + a set of three (6)


def test_o6_no_trade_may_target_the_block_holder():
    state = _in_trick(minis=[TRADE_TOKEN, TRADE_CARD])
    state.tokens = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]
    state.block_holder = 1
    legal = RULES.legal_commands(state, 0)
    assert TradeToken(J, 2, N) in legal
    assert all(getattr(c, "target", 0) != 1 for c in legal)
    with pytest.raises(IllegalCommand, match="immune"):
        play(state, 0, TradeToken(J, 1, S))
    with pytest.raises(IllegalCommand, match="immune"):
        play(state, 0, TradeCard(state.hands[0][0], 1, state.tableaux[1][0]))
    state.block_holder = 0  # the Block holder may trade with others
    assert TradeToken(J, 1, S) in RULES.legal_commands(state, 0)


def test_o6_trade_card_may_swap_with_ones_own_tableau():
    state = _in_trick(minis=[TRADE_CARD])
    give = state.hands[0][0]
    play(state, 0, TradeCard(give, 0, card(S, 1)))
    assert card(S, 1) in state.hands[0] and give in state.tableaux[0]
    assert state.mini_played and RULES.legal_commands(state, 0)
    assert all(isinstance(c, PlayCard) for c in RULES.legal_commands(state, 0))


def test_r1_a_tie_after_every_tie_break_is_a_shared_win():
    state = RULES.new_state({}, 3, 1)
    state.tokens = [[2, 1, 1, 1], [2, 1, 1, 1], [1, 1, 1, 1]]
    state.minis = [[], [], []]
    assert RULES.winners(state) == (0, 1)


def test_tie_break_by_jupiter_saturn_neptune_uranus():
    state = RULES.new_state({}, 3, 1)
    state.minis = [[], [], []]
    state.tokens = [[0, 3, 0, 0], [3, 0, 0, 0], [0, 0, 3, 0]]
    assert RULES.scores(state) == (3, 3, 3) and RULES.winners(state) == (1,)
    state.tokens = [[0, 0, 0, 3], [0, 0, 3, 0], [0, 0, 2, 1]]
    assert RULES.winners(state) == (1,)


def test_r2_simultaneous_tableaux_may_be_laid_in_any_order():
    one, two = new_game(3), new_game(3)
    choices = [[c for c in one.hands[s] if c < 56][:3] for s in range(3)]
    for seat in (0, 1, 2):
        for c in choices[seat]:
            play(one, seat, PlaceInTableau(c))
    for c in range(3):
        for seat in (2, 1, 0):
            assert seat in RULES.to_act(two)
            play(two, seat, PlaceInTableau(choices[seat][c]))
    assert RULES.state_to_json(one) == RULES.state_to_json(two)


def test_mo1_round_one_ties_go_to_the_next_highest_card_then_the_lowest_seat():
    state = new_game(3, hands=[[card(J, 14), card(J, 9), card(J, 1)],
                               [card(S, 14), card(S, 9), card(S, 2)],
                               [card(N, 14), card(N, 8), card(N, 7)]])  # fmt: skip
    events = lay_tableaux(state, [[card(J, 14), card(J, 9), card(J, 1)],
                                  [card(S, 14), card(S, 9), card(S, 2)],
                                  [card(N, 14), card(N, 8), card(N, 7)]])  # fmt: skip
    assert FirstPlayer(1) in events  # 14, 9 tie; 2 beats 1
    tied = [[card(J, 14), card(J, 2), card(J, 1)], [card(S, 14), card(S, 2), card(S, 1)],
            [card(N, 13), card(N, 2), card(N, 1)]]  # fmt: skip
    state = new_game(3, hands=tied)
    events = lay_tableaux(state, tied)
    assert FirstPlayer(0) in events and state.earth == 0 and state.earths_moon == 0


def test_mo2_score_modifiers_are_held_never_played():
    state = _in_trick(minis=[0, 1])
    assert all(isinstance(c, PlayCard) for c in RULES.legal_commands(state, 0))


def test_mo3_a_trick_of_asteroids_alone_is_won_by_nobody():
    state = _in_trick()
    state.hands = [[EROS], [EROS + 1], [EROS + 2]]
    moons_rules._start_trick(state, 0, None)
    assert state.order == [0, 1, 2]
    events: list = []
    for seat in range(3):
        events += play(state, seat, PlayCard(state.hands[seat][0]))
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.winner == -1 and won.low_off_suit == -1


def test_mo4_the_trick_winner_takes_before_the_low_off_suit():
    state = _in_trick()
    state.supply = [1, 5, 5, 1]
    state.tableaux[0] = [card(U, 1), card(S, 1), card(N, 1)]
    state.hands[0] = [card(J, 14), *state.hands[0][1:]]
    state.hands[1] = sorted([card(U, 2), *state.hands[1][1:]])
    state.hands[1] = [c for c in state.hands[1] if c // 14 != J or c >= 56]
    state.hands[2] = [c for c in state.hands[2] if c // 14 != J or c >= 56]
    play(state, 0, PlayCard(card(J, 14)))
    play(state, 1, PlayCard(card(U, 2)))
    play(state, 2, PlayCard(next(c for c in state.hands[2] if c < 56 and c % 14 > 2)))
    assert RULES.to_act(state) == (0,)
    play(state, 0, TakeToken(U))
    assert state.tokens[1][U] == 0  # the last Uranus went to the winner: nothing instead


def test_mo5_an_asteroid_draws_a_mini_asteroid_at_once():
    state = _in_trick()
    state.hands[1] = sorted([EROS, *state.hands[1][1:]])
    play(state, 0, PlayCard(state.hands[0][0]))
    top = state.mini_deck[-1]
    events = play(state, 1, PlayCard(EROS))
    assert MiniDrawn(1, top) in events and top in state.minis[1]
    assert 2 * 6 + ASTEROIDS * 6 <= MINI_COUNT  # the deck can never run dry


def test_mo6_round_end_awards_most_tricks_then_no_tricks_clockwise_from_earths_moon():
    state = _in_trick(seats=4)
    state.earths_moon = 2
    state.tricks_won = [3, 0, 3, 0]
    state.hands = [[], [], [], []]
    moons_rules._end_round(state, None)
    whys = [(seat, award) for seat, _, award in state.awards]
    assert whys == [(2, Award.MOST_TRICKS), (0, Award.MOST_TRICKS),
                    (3, Award.NO_TRICKS), (1, Award.NO_TRICKS)]  # fmt: skip


def test_mo7_one_possible_planet_is_taken_without_asking_and_none_gives_nothing():
    state = _in_trick()  # seat 0's tableau: Jupiter, Saturn, Neptune
    state.supply = [5, 0, 0, 5]
    state.order, state.trick = [0, 1, 2], [card(J, 13), card(J, 12), card(J, 11)]
    events: list = []
    moons_rules._finish_trick(state, events)
    assert TokenTaken(0, J, Award.TRICK) in events and state.phase == Phase.PLAY
    state.supply = [0, 0, 0, 5]
    state.order, state.trick = [0, 1, 2], [card(J, 10), card(J, 9), card(J, 8)]
    events = []
    moons_rules._finish_trick(state, events)
    assert TokenTaken(0, -1, Award.TRICK) in events and state.tokens[0] == [1, 0, 0, 0]


def test_mo8_one_mini_asteroid_per_turn_and_no_like_for_like_token_trade():
    state = _in_trick(minis=[BLOCKS[0], BLOCKS[1]])
    play(state, 0, PlayBlock())
    assert state.block_holder == 0
    assert PlayBlock() not in RULES.legal_commands(state, 0)
    with pytest.raises(IllegalCommand, match="one mini-asteroid per turn"):
        play(state, 0, PlayBlock())
    state = _in_trick(minis=[TRADE_TOKEN])
    state.tokens = [[1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]]
    assert not any(isinstance(c, TradeToken) for c in RULES.legal_commands(state, 0))


def test_mo9_block_takes_the_token_from_anyone():
    state = _in_trick(minis=[BLOCKS[0]])
    state.block_holder = 2
    events = play(state, 0, PlayBlock())
    assert events == [BlockTaken(0, 2)] and state.block_holder == 0
