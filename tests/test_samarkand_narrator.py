"""Le Marché de Samarkand's log in words (games/samarkand/ui/narrator.py): the rulebook's examples
told with their figures, disputes of every kind (the Dean's right; nobody buys, the card
discarded and each paying half rounded up; a disputed camel under the reshuffled deck), purchases,
camels turned, the end of a turn and the final scoring; many random games in both modes told
without a hidden fact (a card chosen for sale, a sealed order, a merchant's money or camels),
the narrator's record of the table always the rules' own, and the same lines live and when a
saved game's log is rebuilt from its start."""

from __future__ import annotations

import copy
import re

import pytest

from moonlight_desktop.engine import Event, Match, Rng, SeatSpec
from moonlight_desktop.games.samarkand.components import CAMEL, cards_of
from moonlight_desktop.games.samarkand.moves import (
    Bought,
    Disputed,
    GameOver,
    Order,
    OrderPlaced,
    SaleChosen,
    Seal,
    Sell,
)
from moonlight_desktop.games.samarkand.state import Phase, SamarkandState
from moonlight_desktop.games.samarkand.ui.narrator import (
    GOODS_NAMES,
    SamarkandNarrator,
    camel_words,
    either,
    goods_words,
    group_words,
)
from moonlight_desktop.ui.table.controller import replay_log

from .samarkand_helpers import RULES, card, clock_to, new_game, sell, stops_at

NAMES = ["Ana", "Bo", "Cy", "Dan", "Eve"]
FRUITS, JEWELS, SPICES, TEXTILES, CLOTHING = range(5)


def _narrator(state: SamarkandState, viewer: int | None = None) -> SamarkandNarrator:
    return SamarkandNarrator(RULES.view(state, viewer), NAMES[: state.table.seats])


def _told(narrator: SamarkandNarrator, events: list[Event], viewer: int | None = None) -> list[str]:
    lines: list[str] = []
    for event in events:
        lines += narrator.narrate(event.seen_by(viewer))
    return lines


def _line(lines: list[str], start: str) -> str:
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


def _first_turn(state: SamarkandState) -> tuple[SamarkandNarrator, list[str]]:
    """Four seats: Ana sells the 1 of fruits, Bo the 2 of jewels, Cy the 6 of spices, Dan the
    7 of textiles (as in the rulebook tests)."""
    narrator = _narrator(state)
    lines = _told(narrator, sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7)))
    return narrator, lines


# Words -----------------------------------------------------------------------------------------


def test_goods_and_camels_in_words() -> None:
    assert GOODS_NAMES == ("fruits", "jewels", "spices", "textiles", "clothing")
    assert goods_words(card(SPICES, 5)) == "the 5 of spices"
    assert goods_words(card(CLOTHING, 7)) == "the 7 of clothing"
    assert [goods_words(c) for c in cards_of(FRUITS)][:3] == [
        "the 1 of fruits",
        "the 1 of fruits",
        "the 2 of fruits",
    ]
    assert camel_words(4) == "the camel carrying 4"
    assert group_words(5, 3) == "three 5s" and group_words(1, 2) == "two 1s"
    assert either(["spices"]) == "spices" and either(["a", "b", "c"]) == "a, b or c"


def test_names_are_one_per_seat_and_the_log_starts_at_the_first_view() -> None:
    state = new_game(4)
    with pytest.raises(ValueError, match="one name per seat"):
        SamarkandNarrator(RULES.view(state, None), NAMES[:3])
    sell(state, card(0, 1), card(1, 2), card(2, 6), card(3, 7))
    with pytest.raises(ValueError, match="first view"):
        _narrator(state)


def test_the_opening_tells_who_sells_what_the_dean_and_the_camel() -> None:
    assert _narrator(new_game(4)).opening_lines() == [
        "Each merchant sells one type: Ana fruits, Bo jewels, Cy spices and Dan textiles",
        "Everyone starts with 15 dirhams behind a screen",
        "A camel carrying 3 lies face up",
        "Turn 1 of 10: Ana is the Dean of the souk; every merchant chooses a card to sell,"
        " face down",
    ]
    three = _narrator(new_game(3, dean=2)).opening_lines()
    assert three[:2] == [
        "Each merchant sells one type: Ana fruits, Bo jewels, Cy spices and the bank textiles,"
        " from a deck",
        "Everyone starts with 25 dirhams behind a screen",
    ]
    assert three[-1].startswith("Turn 1 of 10: Cy is the Dean of the souk")


# A turn ----------------------------------------------------------------------------------------


def test_cards_are_chosen_face_down_then_turned_up_together() -> None:
    state = new_game(4)
    narrator = _narrator(state, viewer=2)
    own = RULES.apply(state, 2, Sell(card(2, 6)))
    assert _told(narrator, own, viewer=2) == ["Cy chooses a card to sell, face down"]  # not named
    lines = _told(narrator, sell(state, card(0, 1), card(1, 2)), viewer=2)
    lines += _told(narrator, RULES.apply(state, 3, Sell(card(3, 7))), viewer=2)
    assert lines == [
        "Ana chooses a card to sell, face down",
        "Bo chooses a card to sell, face down",
        "Dan chooses a card to sell, face down",
        "The goods for sale are turned face up: Ana sells the 1 of fruits, Bo the 2 of jewels,"
        " Cy the 6 of spices and Dan the 7 of textiles",
        "Ana, the Dean, counts down from 10: call Stop to buy at the price",
    ]


def test_three_seats_the_bank_card_comes_from_its_deck() -> None:
    state = new_game(3)
    narrator = _narrator(state)
    lines = _told(narrator, sell(state, card(0, 1), card(1, 1), card(2, 1)))
    assert lines[-2] == (
        "The goods for sale are turned face up: Ana sells the 1 of fruits, Bo the 1 of jewels,"
        " Cy the 1 of spices and the bank the 1 of textiles, from its deck"
    )


def test_a_stop_pays_the_seller_and_the_countdown_resumes_just_below() -> None:
    state = new_game(4)
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 8, s1=card(3, 7)))
    assert lines == [
        "The Dean calls 9",
        "The Dean calls 8",
        "Stop! at 8: Bo points at the 7 of textiles",
        "Bo buys the 7 of textiles for 8 dirhams, paid to Dan",
        "The Dean calls 7",
    ]
    assert narrator.money == state.money == [15, 7, 15, 23]
    assert narrator.goods[1] == [card(3, 7)] and narrator.value == state.value == 7


def test_several_stops_at_one_value_are_told_together() -> None:
    state = new_game(4)
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 7, s1=card(3, 7), s2=CAMEL))
    assert lines[-5:] == [
        "Stop! at 7: Bo points at the 7 of textiles and Cy at the camel carrying 3",
        "Bo buys the 7 of textiles for 7 dirhams, paid to Dan",
        "Cy buys the camel carrying 3 for 7 dirhams, paid to the bank; it goes behind the screen",
        "A camel carrying 4 is turned face up (14 camels left in the deck)",
        "The Dean calls 6",
    ]


def test_the_deans_right_in_a_dispute() -> None:
    """Rulebook: if the Dean is involved in the dispute, he gets the card, by its rightful mark
    of respect (SP4: at the full price; the others pay nothing)."""
    state = new_game(4)  # Ana is the Dean
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 6, s0=card(2, 6), s1=card(2, 6)))
    assert lines[-3:-1] == [
        "Stop! at 6: Ana points at the 6 of spices and Bo at the 6 of spices",
        "Dispute over the 6 of spices between Ana and Bo: Ana is the Dean and takes it by right,"
        " paying Cy the full 6 dirhams; Bo pays nothing",
    ]
    assert narrator.money == state.money == [9, 15, 21, 15]


def test_a_dispute_without_the_dean_half_of_seven_is_four_each() -> None:
    """Rulebook: the card is discarded for the rest of the game, and each player who took part
    pays the seller half the announced value rounded up (stopped at 7, 4 dirhams each)."""
    state = new_game(4)
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 7, s1=card(3, 7), s2=card(3, 7)))
    assert _line(lines, "Dispute") == (
        "Dispute over the 7 of textiles between Bo and Cy, without the Dean: nobody gets it;"
        " the card is discarded for good, and each pays Dan half of 7 rounded up: 4 dirhams"
    )
    assert narrator.money == state.money == [15, 11, 11, 23]


def test_an_even_dispute_is_half_exactly_and_three_may_dispute() -> None:
    state = new_game(5)
    narrator = _narrator(state)
    _told(narrator, sell(state, *(card(t, 6) for t in range(5))))
    lines = _told(narrator, stops_at(state, 6, s1=card(4, 6), s2=card(4, 6), s3=card(4, 6)))
    assert _line(lines, "Dispute") == (
        "Dispute over the 6 of clothing between Bo, Cy and Dan, without the Dean: nobody gets"
        " it; the card is discarded for good, and each pays Eve half of 6: 3 dirhams"
    )
    assert narrator.money == state.money


def test_a_disputed_camel_goes_under_the_reshuffled_deck() -> None:
    """Rulebook: the camel goes to nobody; it is put back at the bottom of the stack, the stack
    is shuffled and the next card flipped up; the claimants pay half to the bank."""
    state = new_game(4)
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 5, s2=CAMEL, s3=CAMEL))
    dispute = _line(lines, "Dispute")
    assert dispute == (
        "Dispute over the camel carrying 3 between Cy and Dan, without the Dean: nobody gets it;"
        " the camel goes back under the camel deck, which is shuffled, and each pays the bank"
        " half of 5 rounded up: 3 dirhams"
    )
    flipped = lines[lines.index(dispute) + 1]
    assert (
        flipped
        == f"A camel carrying {state.camel_offer} is turned face up (15 camels left in the deck)"
    )
    assert narrator.money == state.money == [15, 15, 12, 12]


def test_the_dean_takes_a_disputed_camel() -> None:
    state = new_game(4, dean=3)
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 4, s1=CAMEL, s3=CAMEL))
    assert _line(lines, "Dispute") == (
        "Dispute over the camel carrying 3 between Bo and Dan: Dan is the Dean and takes it by"
        " right, paying the bank the full 4 dirhams; Bo pays nothing; it goes behind the screen"
    )
    assert narrator.camels == state.camels == [[], [], [], [3]]


def test_a_camel_sold_with_no_goods_left_is_turned_up_at_the_next_turn() -> None:
    state = new_game(4)
    narrator, _ = _first_turn(state)
    _told(narrator, stops_at(state, 10, s0=card(1, 2), s1=card(2, 6), s2=card(3, 7), s3=card(0, 1)))
    lines = _told(narrator, stops_at(state, 9, s0=CAMEL))
    assert lines[-4:] == [
        "Ana buys the camel carrying 3 for 9 dirhams, paid to the bank; it goes behind the screen",
        "Turn 1 ends: every card for sale was sold",
        "Turn 2 of 10: the Dean passes to the left, to Bo; every merchant chooses a card to sell,"
        " face down",
        "A camel carrying 4 is turned face up (14 camels left in the deck)",
    ]


def test_unsold_goods_are_discarded_the_camel_stays_and_the_dean_passes_left() -> None:
    state = new_game(4)
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 4, s2=card(3, 7)) + clock_to(state, 0))
    assert lines[-3:] == [
        "The countdown reaches 0: nobody buys at 0",
        "Turn 1 ends; unsold, the 1 of fruits, the 2 of jewels and the 6 of spices are discarded"
        " for good; the camel stays",
        "Turn 2 of 10: the Dean passes to the left, to Bo; every merchant chooses a card to sell,"
        " face down",
    ]
    assert narrator.dean == state.dean == 1 and narrator.turn == state.turn == 2


def test_the_variant_puts_goods_behind_the_screen() -> None:
    state = new_game(4, hidden_goods=True)
    narrator, _ = _first_turn(state)
    lines = _told(narrator, stops_at(state, 8, s1=card(3, 7)), viewer=0)
    assert _line(lines, "Bo buys") == (
        "Bo buys the 7 of textiles for 8 dirhams, paid to Dan; it goes behind the screen"
    )


def test_sealed_orders_are_never_named_and_fire_at_their_price() -> None:
    """The rulebook test of the sealed form (S3): Bo orders the 7 of textiles and the camel at
    8 (only the first fires), Cy orders the 7 at 6 (gone by then) and the camel at 5."""
    state = new_game(4, mode="sealed")
    narrator, lines = _first_turn(state)
    assert lines[-1] == (
        "Every merchant now places stop orders in private (a lot and a price each, in order of"
        " priority), then seals them"
    )
    lines = []
    for seat, command in (
        (1, Order(card(3, 7), 8)),
        (1, Order(CAMEL, 8)),
        (2, Order(card(3, 7), 6)),
        (2, Order(CAMEL, 5)),
        (0, Seal()),
        (1, Seal()),
        (2, Seal()),
        (3, Seal()),
    ):
        lines += _told(narrator, RULES.apply(state, seat, command), viewer=1)
    assert lines[:8] == [
        "Bo places a stop order",
        "Bo places a stop order",
        "Cy places a stop order",
        "Cy places a stop order",
        "Ana seals no stop order",
        "Bo seals 2 stop orders",
        "Cy seals 2 stop orders",
        "Dan seals no stop order",
    ]
    told = [line for line in lines[8:] if not line.startswith("The Dean calls")]
    assert told[:6] == [
        "All orders are sealed. Ana, the Dean, counts down from 10: each order fires at its price"
        " if its lot is still there",
        "At 8 orders fire: Bo for the 7 of textiles",
        "Bo buys the 7 of textiles for 8 dirhams, paid to Dan",
        "At 5 orders fire: Cy for the camel carrying 3",
        "Cy buys the camel carrying 3 for 5 dirhams, paid to the bank; it goes behind the screen",
        "A camel carrying 4 is turned face up (14 camels left in the deck)",
    ]
    assert narrator.money == state.money == [15, 7, 10, 23]


# The final scoring -----------------------------------------------------------------------------


def _game_over(state: SamarkandState, narrator: SamarkandNarrator) -> list[str]:
    """The final scoring told from the narrator's record, set to the state's holdings."""
    state.phase = Phase.OVER
    narrator.money = list(state.money)
    narrator.goods = [list(goods) for goods in state.goods]
    narrator.camels = [list(camels) for camels in state.camels]
    discarded = tuple(part.discarded for part in RULES.breakdowns(state))
    return narrator.narrate(GameOver(RULES.scores(state), RULES.winners(state), discarded))


def test_the_final_scoring_of_the_rulebook_test_and_a_shared_win() -> None:
    state = new_game(4)
    narrator = _narrator(state)
    state.money = [10, 10, 4, 2]
    state.goods[2] = [card(0, 7), card(1, 7), card(3, 7)]
    state.camels[2] = [3]
    lines = _game_over(state, narrator)
    assert lines[:3] == [
        "The game is over after 10 turns: the screens are lifted",
        "Money: Ana 10, Bo 10, Cy 4, Dan 2 dirhams",
        "Money places: 5 to Ana and Bo, 3 to Cy, 1 to Dan",  # by distinct amounts (R0)
    ]
    cy = [line for line in lines if line.startswith(("Cy:", "Cy scores"))]
    assert cy == [
        "Cy: camel carrying 3 (3 spaces) for 3 goods: every space is filled",
        "Cy: least-purchased types fruits, jewels and textiles, 1 card each; the best sum"
        " counts, fruits (7): 7 points",
        "Cy: groups of equal value: three 7s: 2 points",
        "Cy scores 3 (money) + 7 (least type) + 2 (groups) = 12 points",
    ]
    assert [line for line in lines if line.startswith(("Ana:", "Ana has", "Ana scores"))] == [
        "Ana has no camel and no goods",
        "Ana: no jewels, spices or textiles kept, so 0 points for the least-purchased type",
        "Ana: no two goods of equal value, 0 points for groups",
        "Ana scores 5 (money) + 0 (least type) + 0 (groups) = 5 points",
    ]
    assert lines[-2:] == ["Final scores: Ana 5, Bo 5, Cy 12, Dan 1", "Cy wins with 12 points"]
    state.goods[2], state.camels[2] = [], []
    assert _game_over(state, _narrator(new_game(4)))[-1] == "Ana and Bo share the win with 5 points"


def test_three_seats_score_money_three_and_one() -> None:
    state = new_game(3)
    state.money = [20, 10, 10]
    lines = _game_over(state, _narrator(new_game(3)))
    assert lines[2] == "Money places: 3 to Ana, 1 to Bo and Cy"


@pytest.mark.parametrize(("size", "points"), [(2, 1), (3, 2), (4, 4), (5, 8), (6, 16)])
def test_each_group_size_in_words(size: int, points: int) -> None:
    """Rulebook: 2 cards of equal value score 1, 3 score 2, 4 score 4, 5 score 8, 6 or more 16."""
    state = new_game(4)
    ones = [card(t, 1, copy) for copy in (0, 1) for t in (1, 2, 3)][:size]
    state.goods[0] = [*ones, card(1, 7)]
    state.camels[0] = [size + 1]
    lines = _game_over(state, _narrator(new_game(4)))
    groups = _line(lines, "Ana: groups")
    assert groups == f"Ana: groups of equal value: {group_words(1, size)}: {points} point" + (
        "s" if points > 1 else ""
    )


def test_the_least_purchased_type_with_a_tie_and_two_groups() -> None:
    """Type 1: 7 and 6; type 2: 1, 1, 2; type 3: 5, 5. Least are jewels and textiles (two
    each): the better sum, 13. Groups: 1, 1 and 5, 5."""
    state = new_game(4)
    goods = [card(1, 7), card(1, 6), card(2, 1), card(2, 1, 1), card(2, 2), card(3, 5)]
    state.goods[0] = [*goods, card(3, 5, 1)]
    state.camels[0] = [3, 4]
    lines = _game_over(state, _narrator(new_game(4)))
    assert _line(lines, "Ana: least") == (
        "Ana: least-purchased types jewels and textiles, 2 cards each; the best sum counts,"
        " jewels (7 and 6): 13 points"
    )
    assert _line(lines, "Ana: groups") == (
        "Ana: groups of equal value: two 5s (1) and two 1s (1): 2 points"
    )


def test_goods_the_camels_cannot_carry_are_discarded_with_the_reason() -> None:
    """Capacity 3 for four cards: keeping the three 7s scores 7 + 2; the 5 goes."""
    state = new_game(4)
    state.goods[0] = [card(1, 7), card(2, 7), card(3, 7), card(3, 5)]
    state.camels[0] = [3]
    state.goods[1] = [card(0, 7), card(2, 7)]  # no camel: everything goes
    lines = _game_over(state, _narrator(new_game(4)))
    assert _line(lines, "Ana: camel") == (
        "Ana: camel carrying 3 (3 spaces) for 4 goods: the 5 of textiles does not fit and is"
        " discarded (of all the choices, the one that leaves the best score)"
    )
    assert _line(lines, "Bo has") == "Bo has no camel to carry 2 goods: all are discarded"
    assert _line(lines, "Bo: no fruits") == (
        "Bo: no fruits, spices or textiles kept, so 0 points for the least-purchased type"
    )


def test_empty_camel_spaces_cost_two_points_each() -> None:
    state = new_game(4)
    state.goods[0] = [card(1, 7), card(2, 7), card(3, 6)]
    state.camels[0] = [6, 3]
    state.money = [4, 12, 9, 20]  # Ana places fourth: no points for money
    lines = _game_over(state, _narrator(new_game(4)))
    assert _line(lines, "Ana: camels") == (
        "Ana: camels carrying 6 and 3 (9 spaces) for 3 goods: 6 spaces left empty"
    )
    assert _line(lines, "Ana: 6 empty") == "Ana: 6 empty camel spaces: -12 points"
    assert _line(lines, "Ana scores") == (
        "Ana scores 0 (money) + 7 (least type) + 1 (groups) - 12 (empty spaces) = -4 points"
    )


# Random complete games ---------------------------------------------------------------------------

CONFIGS = [(seats, mode) for seats in (3, 4, 5) for mode in ("live", "sealed")]
MONEY = re.compile(r"(\d+) dirhams?")


def _random_match(seats: int, mode: str, seed: int) -> Match[SamarkandState]:
    specs = [SeatSpec(name) for name in NAMES[:seats]]
    options = {"mode": mode, "hidden_goods": seed % 2 == 1}
    return Match.new(RULES, specs, seed, options)


def _check_record(narrator: SamarkandNarrator, state: SamarkandState) -> None:
    """The narrator's record of the table is the rules' own."""
    assert narrator.camel_offer == state.camel_offer
    assert narrator.dean == state.dean and narrator.turn == state.turn
    assert narrator.orders == [len(orders) for orders in state.orders]
    assert narrator.money == state.money  # counted from the public payments
    assert narrator.camels == state.camels and narrator.goods == state.goods
    if state.phase == Phase.COUNTDOWN:
        assert narrator.value == state.value


def _variant(event: Event, state: SamarkandState, rng: Rng) -> Event | None:
    """The same event with other hidden facts: another card put up, another order."""
    if isinstance(event, SaleChosen):
        hand = state.hands[event.seat]
        return SaleChosen(event.seat, hand[rng.below(len(hand))])
    if isinstance(event, OrderPlaced):
        return OrderPlaced(event.seat, CAMEL if event.lot != CAMEL else 0, 1 + rng.below(10))
    return None


def _check_secrets(event: Event, lines: list[str], names: list[str]) -> None:
    """No money but a payment's, no chosen card, no order."""
    for line in lines:
        assert line and not any(f"{name}'s" in line for name in names), line
    if isinstance(event, GameOver):
        return
    amounts = {int(n) for line in lines for n in MONEY.findall(line)}
    if isinstance(event, Bought):
        assert amounts == {event.price}, lines
    elif isinstance(event, Disputed):
        assert amounts == {event.each}, lines
    else:
        assert not amounts, lines
    if isinstance(event, SaleChosen | OrderPlaced):
        assert not re.search(r"\d", " ".join(lines)), lines


@pytest.mark.parametrize(("seats", "mode"), CONFIGS)
def test_random_games_are_told_without_a_hidden_fact_and_as_the_rules_played_them(
    seats: int, mode: str
) -> None:
    """40 games per table (half of them with hidden goods), random legal commands, told as one
    seat sees the events. Every event gets lines; they are the spectator's, those told from the
    unredacted events and those told from events with other hidden facts (another card chosen,
    other orders), so no hidden fact can change a word; money is named only in payments; the
    narrator's record is the state's after every command; the final scoring adds up to the
    rules' scores and the last line names the winners."""
    rng = Rng(seats * 10 + len(mode))
    for game in range(40):
        match = _random_match(seats, mode, game * 7919 + seats)
        viewer = game % seats
        names = NAMES[:seats]
        seen = SamarkandNarrator(match.view(viewer), names)  # as the viewer sees the events
        public = SamarkandNarrator(match.view(None), names)  # as a spectator does
        whole = SamarkandNarrator(match.view(None), names)  # every hidden fact in the events
        told = seen.opening_lines()
        assert told == public.opening_lines() == whole.opening_lines()
        while not match.is_over():
            acting = match.to_act()
            seat = acting[rng.below(len(acting))]
            legal = match.legal(seat)
            before = match.snapshot()
            for event in match.submit(seat, legal[rng.below(len(legal))]):
                other = _variant(event, before, rng)
                if other is not None:  # other hidden facts, the same words
                    assert _aside(seen, other, viewer) == _aside(seen, event, viewer)
                lines = seen.narrate(event.seen_by(viewer))
                assert lines, event
                assert public.narrate(event.seen_by(None)) == lines
                assert whole.narrate(event) == lines
                _check_secrets(event, lines, names)
                if isinstance(event, GameOver):
                    assert tuple(s.total for s in seen.scores()) == match.scores()
                    assert all(names[w] in lines[-1] for w in event.winners)
                told += lines
            _check_record(seen, match.snapshot())
        assert told[-1].endswith(("points", "point")) and "win" in told[-1]


def _aside(narrator: SamarkandNarrator, event: Event, viewer: int) -> list[str]:
    """What `narrator` would say to `event` (told on a copy, its record left as it is)."""
    return copy.deepcopy(narrator).narrate(event.seen_by(viewer))


@pytest.mark.parametrize(("seats", "mode"), [(3, "live"), (4, "sealed"), (5, "live")])
def test_a_rebuilt_log_is_the_live_one(seats: int, mode: str) -> None:
    """Live, event by event as the viewer sees them; then rebuilt from the record the way a
    resumed table does (`replay_log` from the match replayed to its start)."""
    rng = Rng(97 + seats)
    for game in range(3):
        match = _random_match(seats, mode, game * 31 + seats)
        viewer = (game + 1) % seats
        names = NAMES[:seats]
        live = SamarkandNarrator(match.view(viewer), names)
        lines = live.opening_lines()
        steps = rng.below(60) + 20 if game < 2 else 100_000  # resumed mid-game, or at the end
        while not match.is_over() and steps:
            steps -= 1
            acting = match.to_act()
            seat = acting[rng.below(len(acting))]
            legal = match.legal(seat)
            for event in match.submit(seat, legal[rng.below(len(legal))]):
                lines += live.narrate(event.seen_by(viewer))
        rebuilt = SamarkandNarrator(match.replayed(0).view(None), names)
        again = rebuilt.opening_lines()
        for played in replay_log(match, viewer):
            for event in played.events:
                again += rebuilt.narrate(event)
        assert again == lines
        assert rebuilt.money == live.money and rebuilt.goods == live.goods
        assert match.is_over() == (game == 2)


def test_every_event_kind_is_told_somewhere() -> None:
    """The random games above meet every event the rules report (so none goes untold)."""
    kinds: set[str] = set()
    for seats, mode in CONFIGS:
        match = _random_match(seats, mode, seats)
        rng = Rng(seats)
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal(seat)
            kinds |= {event.kind for event in match.submit(seat, legal[rng.below(len(legal))])}
    assert kinds >= {
        "sale_chosen",
        "goods_revealed",
        "camel_flipped",
        "order_placed",
        "orders_sealed",
        "countdown",
        "stops",
        "bought",
        "disputed",
        "turn_ended",
        "game_over",
    }
