"""One test per ruling that touches Samarkand: the shared R0-R2, S1-S5, and our own SP1-SP7
(docs/RULINGS.md)."""

from __future__ import annotations

import itertools

import pytest

from moonlight_desktop.engine import OptionsError, Rng
from moonlight_desktop.games.samarkand.components import (
    BANK,
    CAMEL_CAPACITIES,
    GOODS_TYPES,
    GOODS_VALUES,
    card_value,
)
from moonlight_desktop.games.samarkand.moves import (
    CamelFlipped,
    Order,
    Seal,
    Sell,
    Stop,
    TurnEnded,
    Wait,
)
from moonlight_desktop.games.samarkand.scoring import breakdown, goods_points, money_places

from .samarkand_helpers import (
    CAMEL,
    RULES,
    Phase,
    card,
    clock_to,
    new_game,
    refused,
    sell,
    stops_at,
)

# Shared ----------------------------------------------------------------------------------------


def test_r0_money_places_count_distinct_amounts():
    assert money_places([9, 9, 7, 5], (4, 2, 1)) == (4, 4, 2, 1)
    assert money_places([9, 9, 7, 5, 5], (5, 3, 1)) == (5, 5, 3, 1, 1)


def test_r1_a_tie_for_the_win_is_shared():
    state = new_game(seats=5)
    state.phase = Phase.OVER
    state.money = [8, 8, 8, 1, 0]
    assert RULES.winners(state) == (0, 1, 2)


def test_r2_the_order_of_simultaneous_choices_does_not_matter():
    orders = [(0, 1, 2, 3), (3, 1, 0, 2)]
    results = []
    for order in orders:
        state = new_game(seats=4)
        for seat in order:
            RULES.apply(state, seat, Sell(state.hands[seat][seat + 2]))
        for seat in reversed(RULES.to_act(state)):
            RULES.apply(state, seat, Stop(CAMEL) if seat == 2 else Wait())
        results.append(RULES.state_to_json(state))
    assert results[0] == results[1]


# Samarkand -------------------------------------------------------------------------------------


def test_s1_ten_goods_per_type_and_sixteen_camels():
    assert len(GOODS_TYPES) == 5
    assert GOODS_VALUES == (1, 1, 2, 2, 3, 3, 5, 5, 6, 7)
    assert sorted(CAMEL_CAPACITIES) == [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4


def test_s2_a_stop_needs_the_money_so_no_penalty_can_arise():
    state = new_game(seats=4)
    state.money[1] = 6
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    clock_to(state, 7)
    assert list(RULES.legal_commands(state, 1)) == [Wait()]
    assert "a Stop at 7 needs more money than you have" in refused(state, 1, Stop(card(3, 7)))
    clock_to(state, 6)
    assert Stop(card(3, 7)) in RULES.legal_commands(state, 1)


def test_s2_stops_in_the_same_tick_are_simultaneous():
    """Seat 3 calls first, the Dean last: the Dean still wins, as one tick's Stops resolve
    together."""
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    clock_to(state, 9)
    RULES.apply(state, 3, Stop(card(2, 6)))
    RULES.apply(state, 1, Wait())
    RULES.apply(state, 2, Wait())
    assert state.goods == [[], [], [], []]
    RULES.apply(state, 0, Stop(card(2, 6)))
    assert state.goods[0] == [card(2, 6)] and state.money == [6, 15, 24, 15]


def test_s3_sealed_one_purchase_per_value_and_only_if_the_buyer_can_pay():
    state = new_game(seats=4, mode="sealed")
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    RULES.apply(state, 0, Order(card(3, 7), 10))
    RULES.apply(state, 0, Order(card(2, 6), 10))  # same value as the first: never fires
    RULES.apply(state, 0, Order(card(1, 2), 9))  # 5 dirhams left at 9: cannot pay
    RULES.apply(state, 0, Order(CAMEL, 5))
    for seat in range(4):
        RULES.apply(state, seat, Seal())
    assert state.goods[0] == [card(3, 7)] and state.camels[0] == [3]
    assert state.money == [0, 15, 15, 25] and state.bank_takings == 5


def test_s4_disputes_the_dean_wins_otherwise_half_rounded_up_each():
    state = new_game(seats=5, dean=2)
    sell(state, *(hand[0] for hand in state.hands))
    stops_at(state, 9, s0=card(4, 1), s2=card(4, 1), s1=card(3, 1), s3=CAMEL, s4=CAMEL)
    assert state.goods[2] == [card(4, 1)]  # the Dean's right
    assert state.goods[1] == [card(3, 1)]
    # 2 paid 9 to 4, 1 paid 9 to 3; 3 and 4 paid 5 each (half of 9) to the bank.
    assert state.money == [15, 6, 6, 19, 19]
    assert state.bank_takings == 10 and state.camels == [[]] * 5


def test_s5_over_capacity_discards_maximise_the_owners_score():
    rng = Rng(5)
    pool = [card(t, v, c) for t in (1, 2, 3) for v in (1, 2, 3, 5) for c in (0, 1)]
    pool += [card(t, v) for t in (1, 2, 3) for v in (6, 7)]
    for _ in range(60):
        rng.shuffle(pool)
        goods, capacity = pool[: 4 + rng.below(6)], 1 + rng.below(5)
        capacity = min(capacity, len(goods) - 1)
        best = max(
            goods_points([[card_value(c) for c in kept if c // 10 == t] for t in (1, 2, 3)])
            for kept in itertools.combinations(goods, capacity)
        )
        parts = breakdown(goods, [capacity], [1, 2, 3], 0)
        assert parts.least_type + parts.groups == best
        assert len(parts.discarded) == len(goods) - capacity


def test_s5_least_type_is_over_the_types_one_could_buy_and_ties_take_the_best_sum():
    # At three seats seat 0 (type 0) could buy types 1, 2 and the bank's 3 -- never its own.
    state = new_game(seats=3)
    state.phase = Phase.OVER
    state.money = [0, 0, 0]
    state.goods[0] = [card(1, 2), card(2, 7), card(3, 6)]
    state.camels[0] = [3]
    parts = RULES.breakdowns(state)[0]
    assert parts.least_type == 7  # all three types tie at one card: the best sum
    state.goods[0] = [card(1, 2), card(2, 7)]  # nothing of the bank's type
    state.camels[0] = []
    assert RULES.breakdowns(state)[0].least_type == 0


# Our own rulings -------------------------------------------------------------------------------


def test_sp1_nobody_buys_at_zero_the_countdown_ends_there():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    clock_to(state, 1)
    assert state.value == 1 and Stop(card(3, 7)) in RULES.legal_commands(state, 0)
    for seat in RULES.to_act(state):
        RULES.apply(state, seat, Wait())
    assert state.phase == Phase.CHOOSE and state.turn == 2


def test_sp2_orders_one_per_lot_priced_within_the_money_held():
    state = new_game(seats=4, mode="sealed")
    state.money[1] = 6
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    assert "an order at 7 needs more money" in refused(state, 1, Order(card(3, 7), 7))
    assert "own goods" in refused(state, 1, Order(card(1, 2), 3))
    RULES.apply(state, 1, Order(card(3, 7), 6))
    assert "one order per lot" in refused(state, 1, Order(card(3, 7), 2))
    assert "1 to 10" in refused(state, 0, Order(card(3, 7), 11))


def test_sp3_a_camel_order_buys_whichever_camel_is_face_up_when_it_fires():
    state = new_game(seats=4, mode="sealed")
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    RULES.apply(state, 1, Order(CAMEL, 9))
    RULES.apply(state, 2, Order(CAMEL, 7))
    for seat in range(4):
        RULES.apply(state, seat, Seal())
    assert state.camels[1] == [3] and state.camels[2] == [4]  # the next one, flipped at once


def test_sp4_the_dean_pays_the_full_value_the_other_claimants_nothing():
    state = new_game(seats=4, dean=3)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 8, s3=CAMEL, s0=CAMEL, s1=CAMEL)
    assert state.camels[3] == [3] and state.money == [15, 15, 15, 7]
    assert state.ledger == [(3, BANK, 8, CAMEL)]


def test_sp5_every_seat_is_asked_at_every_value_whatever_its_money():
    state = new_game(seats=4)
    state.money[2] = 0
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    assert RULES.to_act(state) == (0, 1, 2, 3)
    assert list(RULES.legal_commands(state, 2)) == [Wait()]


def test_sp6_a_seat_with_nothing_it_may_buy_is_not_asked():
    state = new_game(seats=4)
    state.camel_deck = []
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 10, s0=CAMEL)
    stops_at(state, 9, s2=card(1, 2), s1=card(2, 6), s3=card(0, 1))
    assert state.offers == [card(3, 7)]
    assert RULES.to_act(state) == (0, 1, 2)  # only seat 3's own card is left


def test_sp7_options_and_pinned_setups_are_checked():
    with pytest.raises(OptionsError, match="3 to 5"):
        RULES.new_state({}, 2, 1)
    with pytest.raises(OptionsError, match="mode"):
        RULES.new_state({"mode": "fast"}, 4, 1)
    with pytest.raises(OptionsError, match="camels"):
        new_game(seats=4, camels=[3] * 16)
    assert RULES.new_state({"dean": 2}, 4, 9).dean == 2


def test_sp8_goods_left_after_a_camel_sale_are_counted_once_the_whole_value_is_resolved():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 10, s1=card(2, 6), s2=card(3, 7))
    # At 9 the camel and the last two cards go together: no goods are left, so the next
    # camel waits for the next turn.
    events = stops_at(state, 9, s0=CAMEL, s2=card(0, 1), s3=card(1, 2))
    kinds = [type(event) for event in events]
    assert kinds.index(TurnEnded) < kinds.index(CamelFlipped)
    assert state.camels[0] == [3] and state.offers == []
    assert state.phase == Phase.CHOOSE and state.turn == 2 and state.camel_offer == 4
