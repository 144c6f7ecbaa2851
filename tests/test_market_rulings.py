"""One test per ruling that applies to Moonlight Market: shared R0-R2, Market M1-M8 and our
own MM1-MM9 (docs/RULINGS.md). Test names start with the ruling number."""

from __future__ import annotations

import random

import pytest

from moonlight_desktop.engine import IllegalCommand, Match, OptionsError, Rng, SeatSpec
from moonlight_desktop.engine.bench import random_game
from moonlight_desktop.games.market import rules as market_rules
from moonlight_desktop.games.market.automata import automaton_cushion, automaton_gem
from moonlight_desktop.games.market.components import (
    ALL_LINKS,
    GEM_PAIRS,
    HAMMER,
    LINK_BY_NAME,
    LINK_COUNTS,
    LINK_KINDS,
    LINK_TARGETS,
    LINK_VALUE,
    Gem,
    chain_value,
    place_points,
    places,
    scores_chain,
)
from moonlight_desktop.games.market.moves import (
    Bid,
    BidPlaced,
    ChainDiscarded,
    CushionsFilled,
    DiscardHammer,
    LinkPlaced,
    PlaceLink,
    PlayDisplaced,
    SealTaken,
    UseHammer,
)
from moonlight_desktop.games.market.state import Phase

from .market_helpers import (
    RULES,
    B,
    G,
    R,
    W,
    Y,
    cushion_fill,
    links,
    new_game,
    set_chains,
    supply_starting,
)


def _to_chain_phase(state, pending: dict[int, list[str]]):
    """Jump to seat `first`'s building with the given links received."""
    for position, names in pending.items():
        state.pending[position] = links(*names)
    state.chain_queue = sorted(pending, reverse=True)
    events: list = []
    market_rules._next_builder(state, events)
    return events


# Shared rulings ------------------------------------------------------------------------------


def test_R0_places_by_distinct_values():
    assert place_points({0: 9, 1: 9, 2: 7, 3: 5}) == {0: 4, 1: 4, 2: 2, 3: 1}
    state = new_game(3)
    for position, value in enumerate(("Y9", "Y9", "Y7")):
        set_chains(state, position, {Y: [value]})
    assert market_rules.pass_points(state)[Y] == (4, 4, 2)


def test_places_is_R0_by_position():
    """The list form the rules score with gives what `place_points` gives for the positive
    values, and nothing for 0 (no scoring chain, no seal)."""
    rng = Rng(7)
    for _ in range(3000):
        values = [rng.below(6) for _ in range(1 + rng.below(5))]
        ranked = place_points({p: v for p, v in enumerate(values) if v > 0})
        assert places(values) == [ranked.get(p, 0) for p in range(len(values))]


def test_a_chain_scores_exactly_when_its_value_is_above_0():
    for first in range(LINK_KINDS):
        for second in (None, *range(LINK_KINDS)):
            chain = [first] if second is None else [first, second]
            assert scores_chain(chain) == (chain_value(chain) > 0)


def test_R1_a_tie_for_the_most_prestige_is_a_shared_win():
    state = new_game(3)
    state.prestige = [40, 52, 52]
    assert RULES.winners(state) == (1, 2)


def test_R2_the_player_chooses_the_order_of_placement():
    state = new_game(3)
    events = _to_chain_phase(state, {0: ["B3", "R6", "BW4"]})
    assert state.phase == Phase.PLACE and not any(isinstance(e, LinkPlaced) for e in events)
    legal = RULES.legal_commands(state, 0)
    assert set(legal) == {
        PlaceLink(LINK_BY_NAME["B3"], B),
        PlaceLink(LINK_BY_NAME["R6"], R),
        PlaceLink(LINK_BY_NAME["BW4"], B),
        PlaceLink(LINK_BY_NAME["BW4"], W),
    }
    RULES.apply(state, 0, PlaceLink(LINK_BY_NAME["BW4"], W))  # the two-gem link first
    RULES.apply(state, 0, PlaceLink(LINK_BY_NAME["R6"], R))
    RULES.apply(state, 0, PlaceLink(LINK_BY_NAME["B3"], B))
    assert state.chains[0][W] == links("BW4") and state.pending[0] == []


# Market rulings ------------------------------------------------------------------------------


def test_M1_links_as_listed_gem_order_and_two_gem_pairs():
    assert [gem.name for gem in Gem] == ["BLUE", "RED", "WHITE", "GREEN", "YELLOW"]
    for gem in "BRWGY":
        copies = [LINK_COUNTS[LINK_BY_NAME[f"{gem}{value}"]] for value in range(1, 11)]
        assert copies == [2, 2, 2, 2, 3, 3, 2, 2, 2, 2]
        assert LINK_COUNTS[LINK_BY_NAME[f"{gem}x2"]] == 1
    for name in ("hammer", "seal", "worthless"):
        assert LINK_COUNTS[LINK_BY_NAME[name]] == 5
    for value in (4, 7):
        two_gem = [code for code in ALL_LINKS if len(LINK_TARGETS[code]) == 2]
        pairs = [LINK_TARGETS[code] for code in two_gem if LINK_VALUE[code] == value]
        assert sorted(pairs) == [tuple(int(g) for g in pair) for pair in GEM_PAIRS]


def test_MM1_the_listed_composition_totals_150_links():
    """M1: the component list, line by line, adds up to 150 links."""
    assert len(ALL_LINKS) == 5 * (22 + 1) + 3 * 5 + 2 * 10 == 150


@pytest.mark.parametrize(
    ("seats", "automata", "rows"),
    [
        (1, 2, [3, 2, 2]),
        (2, 1, [3, 2, 2]),
        (3, 0, [3, 2, 2]),
        (4, 0, [3, 2, 2, 2]),
        (5, 0, [3, 2, 2, 2, 2]),
        (3, 2, [3, 2, 2, 2, 2]),
    ],
)
def test_M2_cushions_by_seat_count_and_columns_by_round(seats, automata, rows):
    state = new_game(seats, automata)
    assert [len(slots) // 3 for slots in state.cushions] == rows
    assert state.table.positions == len(rows)
    assert [state.table.name(p) for p in range(seats, len(rows))] == ["Dirk", "Beate"][:automata]


def test_M2_round_two_takes_the_middle_column():
    state = new_game(
        3,
        supply=cushion_fill(
            ["B1", "B2", "B3", "R1", "R2", "R3", "W1", "W2", "W3"],
            ["G1", "G2", "G3", "Y1", "Y2", "Y3"],
            ["B4", "B5", "B6", "R4", "R5", "R6"],
        ),
    )
    state.round_index = 1
    state.bids, state.bidders = [5, 6, 7], [2, 0, 1]
    market_rules._hand_out(state, None)
    assert state.pending == [links("G2", "Y2"), links("B5", "R5"), links("B2", "R2", "W2")]


def test_M3_hammers_of_the_first_fill_are_shuffled_back():
    state = new_game(3, supply=supply_starting("hammer", "hammer", "B1"))
    assert HAMMER not in [link for slots in state.cushions for link in slots]
    assert state.cushions[0][0] == LINK_BY_NAME["B1"]
    assert state.supply.count(HAMMER) == 5
    # Later passes leave hammers on the cushions.
    state.supply.append(HAMMER)
    state.cushions = [[-1] * len(slots) for slots in state.cushions]
    state.pass_index = 1
    events: list = []
    market_rules._fill_cushions(state, events)
    assert state.cushions[0][0] == HAMMER
    assert isinstance(events[0], CushionsFilled) and events[0].hammers_set_aside == 0


def test_M4_automata_sit_after_the_real_players_and_bid_last_in_the_first_round():
    """The first start coin is on seat 0 and Dirk and Beate sit after the real players, so in
    the first round of the first pass every automaton bids after every real player: the
    two-player game seats Dirk "third in turn order in the first round" (rulebook)."""
    two = new_game(2)
    assert two.table.positions == 3 and two.table.name(2) == "Dirk"
    solo = new_game(1)
    assert [solo.table.name(p) for p in range(3)] == ["seat 0", "Dirk", "Beate"]
    for seats, automata in ((1, 2), (2, 1), (3, 1), (3, 2), (4, 1)):
        options = RULES.normalize_options({"automata": automata}, seats)
        positions = seats + automata
        for seed in range(25):
            assert market_rules.dealt_setup(options, seats, seed)["start_seat"] == 0
            match = Match.new(RULES, [SeatSpec(f"p{n}") for n in range(seats)], seed, options)
            first_bids: list[int] = []
            rng = random.Random(seed)
            while len(first_bids) < positions:
                seat = match.to_act()[0]
                events = match.submit(seat, rng.choice(list(match.legal(seat))))
                first_bids += [e.position for e in events if isinstance(e, BidPlaced)]
            assert first_bids[:positions] == list(range(positions)), (seats, automata, seed)


def test_M5_a_displaced_card_must_be_played_next_turn_and_may_displace_again():
    state = new_game(3, tops={0: [5], 1: [7], 2: [9]})
    RULES.apply(state, 0, Bid(5, 0))
    RULES.apply(state, 1, Bid(7, 0))
    RULES.apply(state, 2, Bid(9, 1))
    assert RULES.legal_commands(state, 0) == [PlayDisplaced(2)]  # 5 beats nothing else
    with pytest.raises(IllegalCommand, match="displaced card must be played"):
        RULES.apply(state, 0, Bid(1, 2))
    state = new_game(3, tops={0: [8], 1: [7], 2: [9]})
    RULES.apply(state, 0, Bid(8, 0))
    RULES.apply(state, 1, Bid(7, 1))
    RULES.apply(state, 2, Bid(9, 0))
    assert PlayDisplaced(1) in RULES.legal_commands(state, 0)  # 8 displaces the 7 again
    RULES.apply(state, 0, PlayDisplaced(1))
    assert state.displaced[1] == 7 and state.seals == [3, 4, 2]  # got one, gave one


def test_M5_displacing_needs_a_higher_card_and_a_seal():
    state = new_game(3, tops={0: [5], 1: [7]})
    RULES.apply(state, 0, Bid(5, 0))
    with pytest.raises(IllegalCommand, match="higher card"):
        RULES.apply(state, 1, Bid(2, 0))
    state.seals[1] = 0
    with pytest.raises(IllegalCommand, match="seal"):
        RULES.apply(state, 1, Bid(7, 0))
    assert {c.cushion for c in RULES.legal_commands(state, 1)} == {1, 2}


def test_M6_hammers_first_then_seals_then_links():
    state = new_game(3)
    set_chains(state, 0, {R: ["R2", "R9"]})
    events = _to_chain_phase(state, {0: ["B4", "seal", "hammer"]})
    assert state.phase == Phase.HAMMER and not events
    with pytest.raises(IllegalCommand, match="hammers come first"):
        RULES.apply(state, 0, PlaceLink(LINK_BY_NAME["B4"], B))
    assert set(RULES.legal_commands(state, 0)) == {
        DiscardHammer(),
        UseHammer(R, 0),
        UseHammer(R, 1),
    }
    seals = state.seals[0]
    events = RULES.apply(state, 0, UseHammer(R, 0))  # knocks off the red 2
    assert state.chains[0][R] == links("R9")
    assert any(isinstance(e, SealTaken) for e in events) and state.seals[0] == seals + 1
    assert state.phase == Phase.PLACE


def test_M6_a_fourth_link_discards_the_three_and_twenty_earns_a_seal():
    state = new_game(3)
    set_chains(state, 0, {R: ["R7", "Rx2", "R8"], B: ["B1", "B2", "B3"]})
    _to_chain_phase(state, {0: ["R1", "B4"]})
    seals = state.seals[0]
    events = RULES.apply(state, 0, PlaceLink(LINK_BY_NAME["R1"], R))
    assert [type(e) for e in events[:3]] == [ChainDiscarded, SealTaken, LinkPlaced]
    assert state.chains[0][R] == links("R1") and state.seals[0] == seals + 1
    events = RULES.apply(state, 0, PlaceLink(LINK_BY_NAME["B4"], B))  # worth 6: no seal
    assert state.seals[0] == seals + 1 and not any(isinstance(e, SealTaken) for e in events)


def test_M6_no_seal_when_the_supply_is_empty():
    state = new_game(3)
    state.seal_supply = 0
    set_chains(state, 0, {R: ["R10", "R9", "R8"]})
    _to_chain_phase(state, {0: ["R1"]})
    seals = state.seals[0]
    events = RULES.apply(state, 0, PlaceLink(LINK_BY_NAME["R1"], R))
    assert state.seals[0] == seals and SealTaken(0, False) in events


def test_M7_a_chain_scores_only_with_a_real_gem():
    state = new_game(3)
    set_chains(state, 0, {G: ["worthless", "Gx2"]})
    set_chains(state, 1, {G: ["BG4"]})  # a two-gem link laid at green counts
    set_chains(state, 2, {G: ["G1", "Gx2"]})
    assert chain_value(state.chains[2][G]) == 2
    assert market_rules.pass_points(state)[G] == (0, 4, 2)


def test_M8_dirk_lays_by_value_then_gem_with_doubling_last():
    state = new_game(2)
    dirk = 2
    set_chains(state, dirk, {B: ["B1"], R: ["R1"], W: ["W1"], G: ["G1", "G2"], Y: ["Y1"]})
    state.pending[dirk] = links("Yx2", "Y5", "B5", "GY7", "worthless", "hammer", "seal")
    events: list = []
    seals = state.seals[dirk]
    market_rules._automaton_builds(state, dirk, events)
    laid = [(e.link, e.gem) for e in events if isinstance(e, LinkPlaced)]
    assert laid == [
        (LINK_BY_NAME["worthless"], B),  # fewest links: Blue, Red, White, Yellow -> leftmost
        (LINK_BY_NAME["B5"], B),  # equal values: left to right
        (LINK_BY_NAME["Y5"], Y),
        (LINK_BY_NAME["GY7"], G),  # Green and Yellow both hold 2: the left one
        (LINK_BY_NAME["Yx2"], Y),  # doubling after everything else
    ]
    assert state.seals[dirk] == seals + 1 and HAMMER in state.casket  # seal taken, hammer unused
    assert automaton_gem(LINK_BY_NAME["BW4"], [[1, 2], [], [3], [], []]) == W  # fewer of its two


# Our own rulings -----------------------------------------------------------------------------


def test_MM3_dirk_checks_the_moon_cushion_then_the_others_in_order():
    assert automaton_cushion(6, [12, 3, 9, -1, -1], seals=0) == 3
    assert automaton_cushion(6, [12, 3, 9, -1, -1], seals=1) == 1
    assert automaton_cushion(13, [12, -1, 9, -1, -1], seals=1) == 0


def test_MM4_building_goes_one_at_a_time_from_the_new_start_coin_clockwise():
    state = new_game(3, tops={0: [5], 1: [13], 2: [9]})
    RULES.apply(state, 0, Bid(5, 2))
    RULES.apply(state, 1, Bid(13, 0))  # seat 1 takes the moon cushion, so the start coin
    RULES.apply(state, 2, Bid(9, 1))
    assert state.coin == 1 and state.chain_queue == [0, 2, 1] and state.seat == 1
    assert RULES.to_act(state) == (1,)


def test_MM5_the_start_coin_can_be_pinned():
    state = RULES.new_state(RULES.normalize_options({"start_seat": 2}, 4), 4, 3)
    assert state.seat == 2
    with pytest.raises(OptionsError):
        RULES.normalize_options({"start_seat": 4}, 4)
    with pytest.raises(OptionsError):
        RULES.normalize_options({"automata": 0}, 2)  # two players alone: Dirk is needed


def test_MM6_dirk_and_beate_turn_up_cards_and_keep_the_last_one():
    options = RULES.normalize_options({}, 1)
    for seed in range(5):
        state = random_game(RULES, 1, seed, options)
        assert [len(pile) for pile in state.piles[1:]] == [1, 1]
        assert state.hands[1:] == [[], []]
        assert len(state.discards[1]) == len(state.discards[2]) == 12
        assert market_rules.last_cards(state)[1:] == (state.piles[1][0], state.piles[2][0])


def test_MM8_the_hammers_shuffled_back_follow_the_seed():
    supply = supply_starting("hammer", "B1", "hammer")
    first, again = new_game(3, supply=supply), new_game(3, supply=supply)
    assert first.supply == again.supply and first.cushions == again.cushions


def test_MM9_a_link_may_be_laid_on_a_full_chain_by_choice():
    state = new_game(3)
    set_chains(state, 0, {B: ["B1", "B2", "B3"]})
    _to_chain_phase(state, {0: ["BW4"]})
    assert set(RULES.legal_commands(state, 0)) == {
        PlaceLink(LINK_BY_NAME["BW4"], B),
        PlaceLink(LINK_BY_NAME["BW4"], W),
    }
