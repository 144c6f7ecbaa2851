"""Every worked example of the Moonlight Market rulebook, with its exact figures."""

from __future__ import annotations

from moonlight_desktop.games.market import rules as market_rules
from moonlight_desktop.games.market.components import chain_value
from moonlight_desktop.games.market.moves import (
    Bid,
    BidPlaced,
    GameOver,
    LinkPlaced,
    LinksHandedOut,
    PlaceLink,
    PlayDisplaced,
)
from moonlight_desktop.games.market.state import Phase

from .market_helpers import RULES, B, G, R, W, Y, cushion_fill, links, new_game, set_chains

LEA, JONATHAN, ANIKA = 0, 1, 2
TOP, MIDDLE, BOTTOM = 0, 1, 2
# Cushions row by row; the left column (round 1) is each cushion's slots 0, 3 (and 6).
LAYOUT = cushion_fill(
    ["B3", "B1", "B2", "R6", "R1", "R2", "Y10", "Y1", "Y2"],
    ["R5", "W1", "W2", "G2", "W3", "W4"],
    ["BW7", "G1", "G3", "G9", "Y3", "Y4"],
)


def _example_bidding():
    state = new_game(3, supply=LAYOUT, tops={LEA: [9], JONATHAN: [6], ANIKA: [12]})
    events = []
    for seat, command in (
        (LEA, Bid(9, BOTTOM)),
        (JONATHAN, Bid(6, TOP)),
        (ANIKA, Bid(12, BOTTOM)),
        (LEA, PlayDisplaced(TOP)),
        (JONATHAN, PlayDisplaced(MIDDLE)),
    ):
        assert RULES.to_act(state) == (seat,)
        events += RULES.apply(state, seat, command)
    return state, events


def test_bidding_example_with_two_displacements_and_their_seals():
    state, events = _example_bidding()
    bids = [e for e in events if isinstance(e, BidPlaced)]
    assert [(e.position, e.card, e.cushion, e.displaced) for e in bids] == [
        (LEA, 9, BOTTOM, -1),
        (JONATHAN, 6, TOP, -1),
        (ANIKA, 12, BOTTOM, LEA),  # Anika gives Lea a seal
        (LEA, 9, TOP, JONATHAN),  # Lea gives Jonathan a seal; then Anika is skipped
        (JONATHAN, 6, MIDDLE, -1),
    ]
    assert state.seals == [3, 4, 2]


def test_chain_phase_handout_start_coin_and_discards():
    state, events = _example_bidding()
    handout = next(e for e in events if isinstance(e, LinksHandedOut))
    assert handout.takers == (LEA, JONATHAN, ANIKA)
    assert handout.start_coin == LEA == state.coin
    assert state.pending == [links("B3", "R6", "Y10"), links("R5", "G2"), links("BW7", "G9")]
    assert state.discards == [[9], [6], [12]]
    # Building in follows the start coin: Lea, then Jonathan, then Anika.
    for seat, names in ((LEA, ("B3", "R6", "Y10")), (JONATHAN, ("R5", "G2"))):
        for code in links(*names):
            assert state.seat == seat and state.phase == Phase.PLACE
            RULES.apply(state, seat, PlaceLink(code, code // 10))  # a gem link's own gem
    # Anika lays the blue-white link at Blue and the green link at Green.
    RULES.apply(state, ANIKA, PlaceLink(links("BW7")[0], B))
    RULES.apply(state, ANIKA, PlaceLink(links("G9")[0], G))
    assert state.chains[ANIKA][B] == links("BW7") and state.chains[ANIKA][G] == links("G9")
    assert state.round_index == 1 and state.phase == Phase.BID and state.seat == LEA


def test_red_chain_seven_doubling_eight_is_worth_thirty():
    assert chain_value(links("R7", "Rx2", "R8")) == 30


def test_first_pass_scoring_example():
    """Per chain exactly as the rulebook lists. Its totals read 10, 13 and 13, but its own
    per-chain points give Jonathan 2 + 4 + 0 + 4 + 2 = 12 (ruling MM2)."""
    state = new_game(3)
    set_chains(state, LEA, {B: ["B7"], R: ["R6"], W: ["W10", "W5"], Y: ["Y10"]})
    set_chains(state, JONATHAN, {B: ["B7"], R: ["R10"], W: ["worthless"], G: ["G9"], Y: ["Y8"]})
    set_chains(state, ANIKA, {B: ["B5", "B6"], W: ["W8", "W8"], G: ["G9"], Y: ["Y7"]})
    points = market_rules.pass_points(state)
    assert points == (
        (2, 2, 4),  # blue: Anika 11, Lea and Jonathan 7
        (2, 4, 0),  # red: Jonathan 10, Lea 6, Anika has no red
        (2, 0, 4),  # white: Anika 16, Lea 15, Jonathan only a worthless link
        (0, 4, 4),  # green: Jonathan and Anika 9, Lea none
        (4, 2, 1),  # yellow: Lea 10, Jonathan 8, Anika 7
    )
    assert [sum(gem[p] for gem in points) for p in range(3)] == [10, 12, 13]


def test_final_scoring_example_seals_and_last_cards():
    state = new_game(3)
    state.seals = [7, 1, 4]
    state.hands = [[4], [3], [1]]
    state.pass_index = 4
    events: list = []
    market_rules._final_scoring(state, events)
    over = events[-1]
    assert isinstance(over, GameOver)
    assert over.seal_points == (4, 1, 2)
    assert over.card_points == (4, 2, 1)
    assert state.prestige == [8, 3, 3]
    assert RULES.winners(state) == (LEA,)


def test_dirk_skips_a_cushion_he_could_outbid_for_want_of_a_seal():
    dirk = 2
    state = new_game(2, supply=LAYOUT, tops={0: [12], 1: [5], dirk: [9]})
    state.seals[dirk] = 0
    RULES.apply(state, 0, Bid(12, TOP))
    events = RULES.apply(state, 1, Bid(5, MIDDLE))
    dirk_bid = next(e for e in events if isinstance(e, BidPlaced) and e.position == dirk)
    assert (dirk_bid.card, dirk_bid.cushion, dirk_bid.revealed) == (9, BOTTOM, True)
    # With a seal he would have displaced the 5 at the middle cushion.
    state = new_game(2, supply=LAYOUT, tops={0: [12], 1: [5], dirk: [9]})
    RULES.apply(state, 0, Bid(12, TOP))
    RULES.apply(state, 1, Bid(5, MIDDLE))
    assert state.bids == [12, 9, -1] and state.displaced[1] == 5


def test_dirk_lays_a_worthless_link_a_two_gem_link_and_a_red_eight():
    dirk = 2
    state = new_game(2)
    set_chains(state, dirk, {B: ["B5"], G: ["G3"], Y: ["Y2"]})
    state.pending[dirk] = links("R8", "RG4", "worthless")
    events: list = []
    market_rules._automaton_builds(state, dirk, events)
    laid = [(e.link, e.gem) for e in events if isinstance(e, LinkPlaced)]
    assert laid == [(links("worthless")[0], R), (links("RG4")[0], R), (links("R8")[0], R)]
    assert state.chains[dirk][W] == []
