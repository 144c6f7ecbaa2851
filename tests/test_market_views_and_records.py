"""What each seat may see of a Market game, private events, and records with pinned setups."""

from __future__ import annotations

import json

from moonlight_desktop.engine import GameRecord, Match, SeatSpec
from moonlight_desktop.games.market.moves import CODEC, Bid, CardPutUnder, CardsDrawn
from moonlight_desktop.games.market.rules import dealt_setup
from moonlight_desktop.games.market.spec import MARKET

from .market_helpers import RULES, new_game


def test_drawn_and_returned_cards_are_seen_by_their_owner_only():
    drawn = CardsDrawn(1, (4, 9, 2, 13))
    assert drawn.seen_by(1) == drawn
    assert drawn.seen_by(0) == CardsDrawn(1, ()) == drawn.seen_by(None)
    under = CardPutUnder(2, 11)
    assert under.seen_by(2) == under and under.seen_by(0) == CardPutUnder(2, 0)


def test_a_seat_sees_its_own_hand_and_pile_contents_not_others():
    state = new_game(3, tops={0: [13, 12, 11, 10]})
    view = RULES.view(state, 0)
    assert view.hand == (10, 11, 12, 13) and view.pile_unknown == tuple(range(1, 10))
    assert view.hand_sizes == (4, 4, 4) and view.pile_sizes == (9, 9, 9)
    other = RULES.view(state, 1).to_json()
    assert other["hand"] == [1, 2, 3, 4] and "piles" not in other
    spectator = RULES.view(state, None)
    assert spectator.hand is None and spectator.pile_unknown is None


def test_the_card_put_under_is_known_to_its_owner_in_order():
    state = new_game(3)
    state.hands = [[7], [8], [9]]
    state.pass_index, state.round_index = 0, 3
    from moonlight_desktop.games.market import rules as market_rules

    market_rules._end_pass(state, None)
    view = RULES.view(state, 0)
    # Pass 2 drew 4 from the top, so the card put under is still at the bottom.
    assert view.pile_bottom == (7,) and 7 not in (view.pile_unknown or ())


def test_the_30_60_markers_only_show_the_total():
    state = new_game(3)
    state.prestige = [29, 30, 61]
    assert RULES.view(state, 0).markers == (0, 30, 60)


def test_dirks_next_card_is_secret_until_he_bids():
    high, low = new_game(2, tops={2: [13]}), new_game(2, tops={2: [1]})
    for viewer in (0, 1, None):
        assert RULES.view(high, viewer).to_json() == RULES.view(low, viewer).to_json()
    RULES.apply(high, 0, Bid(1, 0))
    RULES.apply(high, 1, Bid(2, 1))  # Dirk turns up his 13 and takes the moon cushion
    assert RULES.view(high, 0).bids[0] == 13


def test_a_record_pins_the_whole_deal_and_replays_it():
    setup = dealt_setup({}, 4, 77)
    assert len(setup["supply"]) == 150 and [len(p) for p in setup["piles"]] == [13] * 4
    seats = [SeatSpec(f"p{n}") for n in range(4)]
    pinned = Match.new(RULES, seats, 5, {}, setup)
    seeded = Match.new(RULES, seats, 77, {})
    first, second = pinned.snapshot(), seeded.snapshot()
    assert first.hands == second.hands and first.seat == second.seat
    assert first.cushions == second.cushions  # set-aside hammers change only the supply
    seat = pinned.to_act()[0]
    pinned.submit(seat, pinned.legal(seat)[0])
    text = pinned.record.dumps()
    assert '"supply": ["' in text and '"piles": [[' in text
    again = Match(RULES, GameRecord.from_json(json.loads(text), lambda _: CODEC))
    assert again.state_json() == pinned.state_json()


def test_the_spec_plays_through_the_core():
    assert MARKET.rules.game_id == "market" and set(MARKET.bots) == {"easy", "normal", "hard"}
    assert MARKET.codec.decode(Bid(3, 1).to_json()) == Bid(3, 1)
