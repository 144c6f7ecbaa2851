"""Le Marché de Samarkand's standings at game over: one row per merchant, best first, the money
place, the least-purchased type, the groups of equal value and the empty camel spaces adding up
to the rules' totals part by part (scoring.py's breakdown), the details at length, and the
winners as the rules name them (a tie is a shared win, R1: no tie-break)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.samarkand.components import CAMEL
from moonlight_desktop.games.samarkand.moves import Order, Seal, Sell, Stop, Wait
from moonlight_desktop.games.samarkand.rules import buyable_types
from moonlight_desktop.games.samarkand.scoring import GROUP_POINTS, money_places
from moonlight_desktop.games.samarkand.state import SamarkandState
from moonlight_desktop.games.samarkand.ui.narrator import GOODS_NAMES, goods_words
from moonlight_desktop.games.samarkand.ui.standings import final_standings

from .samarkand_helpers import CAMELS_TOP_FIRST, RULES, card

LOOKS = ("amber", "teal", "rose", "azure", "violet")
TABLES = [(seats, mode) for seats in (3, 4, 5) for mode in ("live", "sealed")]


def _seats(seats: int) -> list[SeatSpec]:
    return [SeatSpec(f"Player {n + 1}", look=LOOKS[n]) for n in range(seats)]


def _played(seats: int, mode: str, seed: int) -> Match[Any]:
    options = {"mode": mode, "hidden_goods": seed % 3 == 0}
    match = Match.new(GAMES["samarkand"].rules, _seats(seats), seed, options)
    roll = random.Random(seed)
    while not match.is_over():
        seat = roll.choice(match.to_act())
        match.submit(seat, roll.choice(list(match.legal(seat))))
    return match


def _state(match: Match[Any]) -> SamarkandState:
    state = match.snapshot()
    assert isinstance(state, SamarkandState)
    return state


def _search(wanted: Any) -> Match[Any]:
    for seed in range(300):
        for seats, mode in TABLES:
            match = _played(seats, mode, seed)
            if wanted(match):
                return match
    raise AssertionError("no such game among the seeds searched")


@pytest.mark.parametrize(("seats", "mode"), TABLES)
def test_rows_add_up_to_the_rules_totals_part_by_part(seats: int, mode: str) -> None:
    for seed in range(6):
        match = _played(seats, mode, seed)
        state = _state(match)
        parts = RULES.breakdowns(state)
        places = money_places(state.money, state.table.place_points)
        rows = final_standings(match).rows
        assert sorted(row.seat for row in rows) == list(range(seats))
        for row in rows:
            seat, breakdown = row.seat, parts[row.seat]
            assert row.total == match.scores()[seat] == sum(points for _, points in row.parts)
            assert [points for _, points in row.parts] == [
                breakdown.money,
                breakdown.least_type,
                breakdown.groups,
                -breakdown.penalty,
            ]
            labels = [label for label, _ in row.parts]
            money = state.money[seat]
            assert labels[0] == f"Money ({money} dirham{'' if money == 1 else 's'})"
            assert labels[1].startswith("Least type: ") and labels[2] == "Groups of equal value"
            assert labels[3].startswith("Empty spaces")
            assert (row.money, row.score.money_points) == (money, places[seat])
            distinct = sorted(set(state.money), reverse=True)
            assert row.place == distinct.index(money) + 1
            assert row.score.discarded == breakdown.discarded
            assert sorted(row.score.goods) == sorted(state.goods[seat])
            assert row.score.camels == tuple(state.camels[seat])
            assert row.score.buyable == tuple(buyable_types(state, seat))
            score = row.score  # the parts it names are the points it scores
            assert sum(score.kept_of(score.least_type)) == score.least_points
            assert score.least_type in score.least_tied
            fewest = min(len(score.kept_of(t)) for t in score.buyable)
            assert all(len(score.kept_of(t)) == fewest for t in score.least_tied)
            assert sum(GROUP_POINTS[min(n, 6)] for _, n in score.groups) == score.group_points
            assert score.penalty == 2 * score.empty_spaces
            for card_id in breakdown.discarded:
                assert goods_words(card_id) in row.details
            assert ("Discarded for want of camel space" in row.details) == bool(breakdown.discarded)


@pytest.mark.parametrize(("seats", "mode"), TABLES)
def test_best_first_with_the_rules_winners_names_and_looks(seats: int, mode: str) -> None:
    match = _played(seats, mode, 11)
    standings = final_standings(match)
    keys = [(-row.total, row.seat) for row in standings.rows]
    assert keys == sorted(keys)  # best first; level seats in seat order
    assert standings.winners == match.winners()
    assert {row.seat for row in standings.rows if row.winner} == set(match.winners())
    for row in standings.rows:
        spec = match.seats[row.seat]
        assert (row.name, row.look) == (spec.name, spec.look)


def test_a_tie_for_the_most_points_is_a_shared_win_that_nothing_breaks() -> None:
    match = _search(lambda m: len(m.winners()) == 2)
    standings = final_standings(match)
    first, second = standings.rows[:2]
    assert first.total == second.total and first.winner and second.winner
    assert first.seat < second.seat  # no tie-break: seat order
    assert standings.winners == match.winners() == (first.seat, second.seat)
    points = f"{first.total} point{'' if first.total in (1, -1) else 's'}"
    assert standings.note == (
        f"{first.name} and {second.name} tie on {points} and both win: the rulebook breaks no tie."
    )
    assert all(not row.winner for row in standings.rows[2:])


def test_a_single_winner_has_no_note() -> None:
    match = _search(lambda m: len(m.winners()) == 1)
    standings = final_standings(match)
    assert standings.note == "" and standings.rows[0].winner
    assert not any(row.winner for row in standings.rows[1:])


def test_a_game_in_progress_has_no_standings() -> None:
    match = Match.new(GAMES["samarkand"].rules, _seats(4), 3)
    with pytest.raises(ValueError, match="finished"):
        final_standings(match)


def _pinned_game() -> Match[Any]:
    """Four merchants, seat n selling type n (Ana fruits, Bo jewels, Cy spices, Dan textiles),
    camels turned up 3, 4, 5, 6, ..., Ana the first Dean. In the live countdown everyone sells
    the lowest card left each turn. Turn 1: Bo buys the camel carrying 3 at 10. Turns 1 to 4:
    Bo buys the card of Ana at 1 (1, 1, 2, 2 of fruits) and Cy buys the card of Dan at 1
    (1, 1, 2, 2 of textiles). Then nobody buys anything."""
    setup = {"types": [0, 1, 2, 3], "camels": CAMELS_TOP_FIRST, "dean": 0}
    match = Match.new(GAMES["samarkand"].rules, _seats(4), 1, {"mode": "live"}, setup)
    for turn in range(10):
        state = _state(match)
        for seat in range(4):
            match.submit(seat, Sell(min(state.hands[seat])))
        while _state(match).turn == turn + 1 and not match.is_over():
            state = _state(match)
            wanted: dict[int, int] = {}
            if turn == 0 and state.value == 10:
                wanted[1] = CAMEL
            if turn < 4 and state.value == 1:
                wanted[1] = state.offers[0]
                wanted[2] = state.offers[3]
            for seat in match.to_act():
                match.submit(seat, Stop(wanted[seat]) if seat in wanted else Wait())
    assert match.is_over()
    return match


def test_the_parts_and_details_of_a_pinned_game() -> None:
    match = _pinned_game()
    state = _state(match)
    fruits = [card(0, 1), card(0, 1, 1), card(0, 2), card(0, 2, 1)]
    assert sorted(state.goods[1]) == fruits and state.camels[1] == [3]
    assert state.money == [19, 1, 11, 19]
    rows = {row.name: row for row in final_standings(match).rows}
    bo = rows["Player 2"]
    # Money: 19, 19, 11, 1: places 5, 5, 3, 1 (R0). Bo keeps three fruits of four (the camel
    # carries 3): no spices or textiles, so 0 for the least type; one group, 1, 1 or 2, 2.
    assert bo.parts == (
        ("Money (1 dirham)", 1),
        ("Least type: no spices", 0),
        ("Groups of equal value", 1),
        ("Empty spaces", 0),
    )
    assert bo.total == 2 and bo.place == 3
    assert len(bo.score.discarded) == 1 and bo.score.discarded[0] in fruits
    assert bo.details.startswith("Camel carrying 3: 3 spaces, for 4 goods cards bought. Kept:")
    assert "Discarded for want of camel space: the " in bo.details
    assert "Least-purchased type: no spices or textiles kept = 0." in bo.details
    cy = rows["Player 3"]
    assert cy.parts == (
        ("Money (11 dirhams)", 3),
        ("Least type: no fruits", 0),
        ("Groups of equal value", 0),
        ("Empty spaces", 0),
    )
    assert cy.details.startswith("No camel, for 4 goods cards bought. Kept: nothing.")
    assert f"Kept: {GOODS_NAMES[0]}" not in cy.details
    ana = rows["Player 1"]
    assert ana.parts[0] == ("Money (19 dirhams)", 5) and ana.winner and rows["Player 4"].winner
    assert ana.details == (
        "No camel and no goods bought. Least-purchased type: no jewels, spices or textiles"
        " kept = 0. No two goods of equal value."
    )


def test_sealed_and_live_pinned_orders_give_the_same_standings() -> None:
    """The same purchases through sealed orders: the standings do not depend on the mode."""
    setup = {"types": [0, 1, 2, 3], "camels": CAMELS_TOP_FIRST, "dean": 0}
    match = Match.new(GAMES["samarkand"].rules, _seats(4), 1, {"mode": "sealed"}, setup)
    for turn in range(10):
        state = _state(match)
        for seat in range(4):
            match.submit(seat, Sell(min(state.hands[seat])))
        state = _state(match)
        if turn == 0:
            match.submit(1, Order(CAMEL, 10))
        if turn < 4:
            match.submit(1, Order(state.offers[0], 1))
            match.submit(2, Order(state.offers[3], 1))
        for seat in range(4):
            match.submit(seat, Seal())
    live = final_standings(_pinned_game())
    sealed = final_standings(match)
    assert [(r.seat, r.total, r.parts, r.details) for r in sealed.rows] == [
        (r.seat, r.total, r.parts, r.details) for r in live.rows
    ]
