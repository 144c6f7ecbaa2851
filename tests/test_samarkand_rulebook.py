"""Every statement of the Samarkand rulebook that has a consequence, as a test with its figures."""

from __future__ import annotations

import pytest

from moonlight_desktop.games.samarkand.components import BANK, cards_of
from moonlight_desktop.games.samarkand.moves import (
    Bought,
    CamelFlipped,
    Disputed,
    GameOver,
    Order,
    SaleChosen,
    Seal,
    Sell,
    Stop,
    TurnEnded,
)
from moonlight_desktop.games.samarkand.scoring import (
    GROUP_POINTS,
    breakdown,
    group_points,
    money_places,
)

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

# Setup -----------------------------------------------------------------------------------------


def test_setup_four_seats_one_type_each_fifteen_dirhams_camel_face_up():
    state = new_game(seats=4)
    assert state.hands == [cards_of(t) for t in range(4)]
    assert state.money == [15] * 4
    assert state.camel_offer == 3 and len(state.camel_deck) == 15
    assert state.dean == 0 and state.turn == 1 and state.phase == Phase.CHOOSE
    assert state.bank_deck == []


def test_setup_three_seats_twenty_five_dirhams_and_the_bank_sells_a_fourth_type():
    state = new_game(seats=3)
    assert state.money == [25] * 3
    assert sorted(state.bank_deck) == cards_of(3)
    assert RULES.to_act(state) == (0, 1, 2)


# A turn ----------------------------------------------------------------------------------------


def test_each_seat_chooses_a_card_in_secret_then_all_are_revealed():
    state = new_game(seats=4)
    events = RULES.apply(state, 2, Sell(card(2, 6)))
    assert events == [SaleChosen(2, card(2, 6))]
    assert events[0].seen_by(1) == SaleChosen(2, -1)
    assert RULES.to_act(state) == (0, 1, 3)
    assert "already chosen" in refused(state, 2, Sell(card(2, 7)))  # one card per turn
    view = RULES.view(state, 1)
    assert view.my_sale == -1 and view.hands[2] == tuple(cards_of(2))  # nothing shows
    sell(state, card(0, 1), card(1, 2))
    RULES.apply(state, 3, Sell(card(3, 7)))
    assert state.offers == [card(0, 1), card(1, 2), card(2, 6), card(3, 7)]
    assert state.phase == Phase.COUNTDOWN and state.value == 10


def test_three_seats_the_bank_card_is_turned_up_with_the_others():
    state = new_game(seats=3)
    sell(state, card(0, 1), card(1, 1), card(2, 1))
    assert state.offers == [card(0, 1), card(1, 1), card(2, 1), card(3, 1)]  # bank's top card


def test_a_stop_pays_the_seller_and_the_countdown_resumes_just_below():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    events = stops_at(state, 8, s1=card(3, 7))
    assert Bought(1, card(3, 7), 0, 8, 3, False) in events
    assert state.money == [15, 7, 15, 23]
    assert state.goods[1] == [card(3, 7)]
    assert state.value == 7 and state.phase == Phase.COUNTDOWN


def test_a_merchant_cannot_buy_his_own_goods():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    assert "own goods" in refused(state, 2, Stop(card(2, 6)))
    assert Stop(card(2, 6)) not in RULES.legal_commands(state, 2)


def test_a_merchant_may_stop_several_times_in_one_turn():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 9, s0=card(3, 7))
    stops_at(state, 5, s0=card(2, 6))
    assert state.goods[0] == [card(3, 7), card(2, 6)]
    assert state.money == [1, 15, 20, 24]


def test_unsold_goods_are_discarded_and_the_dean_passes_left():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 4, s2=card(3, 7))
    clock_to(state, 0)
    assert state.phase == Phase.CHOOSE and state.turn == 2
    assert state.discards == [card(0, 1), card(1, 2), card(2, 6)]
    assert state.offers == [] and state.dean == 1
    assert state.camel_offer == 3  # the camel is never discarded


def test_a_camel_sold_with_goods_left_is_replaced_at_once_and_paid_to_the_bank():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    events = stops_at(state, 9, s1=CAMEL)
    assert Bought(1, CAMEL, 3, 9, BANK, False) in events
    assert CamelFlipped(4, 14) in events
    assert state.camels[1] == [3] and state.camel_offer == 4
    assert state.money[1] == 6 and state.bank_takings == 9


def test_a_camel_sold_with_no_goods_left_is_replaced_at_the_next_turn():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 10, s0=card(1, 2), s1=card(2, 6), s2=card(3, 7), s3=card(0, 1))
    events = stops_at(state, 9, s0=CAMEL)
    kinds = [type(event) for event in events]
    assert kinds.index(TurnEnded) < kinds.index(CamelFlipped)
    assert state.camels[0] == [3]
    assert state.phase == Phase.CHOOSE and state.turn == 2  # nothing left: the turn ended
    assert state.camel_offer == 4 and len(state.camel_deck) == 14


def test_once_the_camel_deck_is_empty_no_camel_can_be_bought():
    state = new_game(seats=4)
    state.camel_deck = []
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 10, s1=CAMEL)
    assert state.camel_offer == 0
    assert all(
        not isinstance(c, Stop) or c.lot != CAMEL
        for seat in RULES.to_act(state)
        for c in RULES.legal_commands(state, seat)
    )


def test_the_game_ends_after_the_tenth_turn():
    state = new_game(seats=4)
    events = []
    for turn in range(1, 11):
        assert state.turn == turn
        events = sell(state, *(hand[0] for hand in state.hands))
        events += clock_to(state, 0)
    assert state.phase == Phase.OVER and state.hands == [[], [], [], []]
    assert isinstance(events[-1], GameOver)


# Disputes --------------------------------------------------------------------------------------


def test_dispute_involving_the_dean_he_gets_the_card():
    state = new_game(seats=4)  # seat 0 is the Dean
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    events = stops_at(state, 6, s0=card(2, 6), s1=card(2, 6))
    assert Bought(0, card(2, 6), 0, 6, 2, True) in events
    assert state.money == [9, 15, 21, 15]
    assert state.goods[0] == [card(2, 6)] and state.goods[1] == []


def test_dispute_without_the_dean_half_of_seven_is_four_for_each():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    events = stops_at(state, 7, s1=card(3, 7), s2=card(3, 7))
    assert Disputed(card(3, 7), (1, 2), 4, 3) in events
    assert state.money == [15, 11, 11, 23]
    assert state.discards == [card(3, 7)] and state.goods == [[], [], [], []]


def test_disputed_camel_goes_under_the_reshuffled_deck_claimants_pay_the_bank():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    events = stops_at(state, 5, s2=CAMEL, s3=CAMEL)
    assert Disputed(CAMEL, (2, 3), 3, BANK) in events
    assert state.money == [15, 15, 12, 12] and state.bank_takings == 6
    assert state.camels == [[], [], [], []]
    assert len(state.camel_deck) == 15 and state.camel_offer > 0  # 3 went back, one came up
    assert sorted([*state.camel_deck, state.camel_offer]) == sorted([3, 4, 5, 6] * 4)


def test_several_stops_on_different_lots_at_one_value_are_all_served():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 7, s1=card(3, 7), s2=CAMEL)
    assert state.goods[1] == [card(3, 7)] and state.camels[2] == [3]


# Sealed countdown (ruling S3): the same auction -------------------------------------------------


def test_sealed_orders_fire_at_their_price_first_come_by_priority():
    state = new_game(seats=4, mode="sealed")
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    assert state.phase == Phase.ORDERS
    RULES.apply(state, 1, Order(card(3, 7), 8))
    RULES.apply(state, 1, Order(CAMEL, 8))  # same value: only the first fires
    RULES.apply(state, 2, Order(card(3, 7), 6))  # too late: gone at 8
    RULES.apply(state, 2, Order(CAMEL, 5))
    for seat in range(4):
        RULES.apply(state, seat, Seal())
    assert state.goods[1] == [card(3, 7)] and state.camels[1] == []
    assert state.camels[2] == [3] and state.money == [15, 7, 10, 23]
    assert state.phase == Phase.CHOOSE and state.turn == 2
    assert state.discards == [card(0, 1), card(1, 2), card(2, 6)]


# The variant -----------------------------------------------------------------------------------


def test_variant_purchased_goods_go_behind_the_screen():
    state = new_game(seats=4, hidden_goods=True)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 8, s1=card(3, 7))
    assert RULES.view(state, 1).goods[1] == (card(3, 7),)
    assert RULES.view(state, 0).goods[1] is None
    assert RULES.view(state, None).goods == (None, None, None, None)
    plain = new_game(seats=4)
    assert RULES.view(plain, 0).goods == ((), (), (), ())


def test_money_and_camels_are_behind_the_screen_payments_are_public():
    state = new_game(seats=4)
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    stops_at(state, 9, s1=CAMEL)
    view = RULES.view(state, 0)
    assert view.money == (15, None, None, None)
    assert view.camels == ((), None, None, None)
    assert view.ledger == ((1, BANK, 9, CAMEL),)


# Scoring ---------------------------------------------------------------------------------------


def test_money_places_five_three_one_with_ties():
    assert money_places([12, 12, 9, 3], (5, 3, 1)) == (5, 5, 3, 1)
    assert money_places([4, 8, 6, 2, 1], (5, 3, 1)) == (1, 5, 3, 0, 0)


def test_money_places_at_three_seats_three_and_one():
    assert money_places([20, 10, 10], (3, 1)) == (3, 1, 1)
    assert money_places([5, 9, 2], (3, 1)) == (1, 3, 0)


def test_groups_of_equal_value_score_one_two_four_eight_sixteen():
    assert [GROUP_POINTS[n] for n in range(2, 7)] == [1, 2, 4, 8, 16]
    assert group_points([7]) == 16  # 6 or more
    # Six cards of value 1 across three types, six camel spaces: 16 + least type 2 (all tie).
    goods = [card(t, 1, copy) for t in (1, 2, 3) for copy in (0, 1)]
    assert breakdown(goods, [6], [1, 2, 3], 0).total == 18


@pytest.mark.parametrize(("size", "points"), [(2, 1), (3, 2), (4, 4), (5, 8), (6, 16)])
def test_each_group_size_of_equal_value(size, points):
    ones = [card(t, 1, copy) for copy in (0, 1) for t in (1, 2, 3)][:size]
    parts = breakdown([*ones, card(1, 7)], [size + 1], [1, 2, 3], 0)
    assert parts.groups == points and parts.penalty == 0


def test_least_purchased_type_scores_its_sum():
    # Type 1: 7 and 6 (two cards); type 2: 1, 1, 2 (three); type 3: 5, 5 (two).
    # Least are types 1 and 3 (two each): the better sum, 13. Groups: 1,1 and 5,5 = 2.
    goods = [card(1, 7), card(1, 6), card(2, 1), card(2, 1, 1), card(2, 2), card(3, 5)]
    goods.append(card(3, 5, 1))
    parts = breakdown(goods, [3, 4], [1, 2, 3], 0)
    assert (parts.least_type, parts.groups, parts.penalty) == (13, 2, 0)


def test_a_player_who_bought_nothing_of_one_type_scores_zero_for_it():
    goods = [card(1, 7), card(2, 7), card(1, 5), card(2, 5)]
    parts = breakdown(goods, [4], [1, 2, 3], 0)
    assert (parts.least_type, parts.groups, parts.total) == (0, 2, 2)


def test_over_capacity_camels_force_the_best_discards():
    # Capacity 3 for four cards: keeping the three 7s scores 7 + 2; the 5 goes.
    goods = [card(1, 7), card(2, 7), card(3, 7), card(3, 5)]
    parts = breakdown(goods, [3], [1, 2, 3], 0)
    assert parts.discarded == (card(3, 5),)
    assert (parts.least_type, parts.groups, parts.penalty, parts.total) == (7, 2, 0, 9)


def test_under_capacity_camels_cost_two_points_per_empty_space():
    goods = [card(1, 7), card(2, 7), card(3, 6)]
    parts = breakdown(goods, [6, 3], [1, 2, 3], 3)
    assert (parts.money, parts.least_type, parts.groups, parts.penalty) == (3, 7, 1, 12)
    assert parts.total == -1


def test_without_camels_every_purchased_card_is_discarded():
    parts = breakdown([card(1, 7), card(2, 7)], [], [1, 2, 3], 0)
    assert parts.discarded == (card(1, 7), card(2, 7)) and parts.total == 0


def test_final_scores_and_a_shared_win():
    state = new_game(seats=4)
    state.phase = Phase.OVER
    state.money = [10, 10, 4, 2]
    state.goods[2] = [card(0, 7), card(1, 7), card(3, 7)]
    state.camels[2] = [3]
    # Places by distinct amounts: 10 and 10 first (5 each), 4 second (3), 2 third (1).
    # Seat 2 adds its least type (7) and a group of three 7s (2): 12.
    assert RULES.scores(state) == (5, 5, 12, 1)
    state.goods[2] = []
    state.camels[2] = []
    assert RULES.scores(state) == (5, 5, 3, 1)
    assert RULES.winners(state) == (0, 1)
