"""Moonlight Market's standings at game over: one row per position (Dirk and Beate by name),
best first, the prestige of each pass, the seal majority and the last card adding up to the
rules' totals, and the winners as the rules name them (a tie is a shared win: no tie-break)."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.market.components import place_points
from moonlight_desktop.games.market.rules import last_cards, pass_points
from moonlight_desktop.games.market.state import MarketState
from moonlight_desktop.games.market.ui.narrator import gem_name
from moonlight_desktop.games.market.ui.standings import final_standings
from moonlight_desktop.games.market.view import MarketView

RULES = GAMES["market"].rules
TABLES = ((1, 2), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (5, 0))
"""(players, automata): every kind of table the setup offers."""


def _seats(players: int) -> list[SeatSpec]:
    looks = ("saffron", "indigo", "coral", "mint", "plum")
    return [SeatSpec(f"Player {n + 1}", look=looks[n]) for n in range(players)]


def _played(players: int, automata: int, seed: int) -> Match[Any]:
    match = Match.new(RULES, _seats(players), seed, {"automata": automata})
    roll = random.Random(seed)
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, roll.choice(list(match.legal(seat))))
    return match


def _view(match: Match[Any]) -> MarketView:
    view = match.view(None)
    assert isinstance(view, MarketView)
    return view


def _pass_points(match: Match[Any]) -> list[tuple[int, ...]]:
    """Each pass's prestige per position, found without the scoring events: the totals when
    each of the first three passes ends, and the last pass's chains scored again."""
    record = match.record
    replay = Match.new(RULES, record.seats, record.seed, record.options, record.setup)
    totals = [tuple(0 for _ in match.scores())]
    for move in record.moves:
        replay.submit(move.seat, move.command)
        view = _view(replay)
        if view.pass_index == len(totals) and not replay.is_over():
            totals.append(view.prestige)
    assert len(totals) == 4
    found = [
        tuple(b - a for a, b in zip(before, after, strict=True))
        for before, after in pairwise(totals)
    ]
    state = match.snapshot()
    assert isinstance(state, MarketState)
    found.append(tuple(map(sum, zip(*pass_points(state), strict=True))))
    return found


def _search(wanted: Any, tables: tuple[tuple[int, int], ...] = TABLES) -> Match[Any]:
    for seed in range(200):
        for players, automata in tables:
            match = _played(players, automata, seed)
            if wanted(match, players):
                return match
    raise AssertionError("no such game among the seeds searched")


@pytest.mark.parametrize(("players", "automata"), TABLES)
def test_rows_add_up_to_the_rules_totals_part_by_part(players: int, automata: int) -> None:
    for seed in (1, 2):
        match = _played(players, automata, seed)
        standings = final_standings(match)
        rows = standings.rows
        assert sorted(row.position for row in rows) == list(range(players + automata))
        state = match.snapshot()
        assert isinstance(state, MarketState)
        view = _view(match)
        seal_points = place_points({p: n for p, n in enumerate(view.seals) if n > 0})
        cards = last_cards(state)
        card_points = place_points(dict(enumerate(cards)))
        passes = _pass_points(match)
        for row in rows:
            p = row.position
            assert row.total == match.scores()[p] == sum(points for _, points in row.parts)
            assert row.passes == tuple(scored[p] for scored in passes)
            assert row.seal_points == seal_points.get(p, 0) and row.seals == view.seals[p]
            assert (row.last_card, row.card_points) == (cards[p], card_points[p])
            assert [label for label, _ in row.parts] == [
                "Pass 1",
                "Pass 2",
                "Pass 3",
                "Pass 4",
                f"Seals ({view.seals[p]})",
                f"Last card ({cards[p]})",
            ]
            assert [points for _, points in row.parts] == [
                *row.passes,
                row.seal_points,
                row.card_points,
            ]
            assert tuple(sum(gems) for gems in row.by_gem) == row.passes  # gem by gem
            for number, gems in enumerate(row.by_gem, start=1):
                said = row.details.split("; ")[number - 1]
                assert said.startswith(f"Pass {number}: ")
                for gem, points in enumerate(gems):
                    assert (f"{gem_name(gem)} {points}" in said) == (points > 0)


@pytest.mark.parametrize(("players", "automata"), TABLES)
def test_best_first_with_the_rules_winners_and_the_automata_named(
    players: int, automata: int
) -> None:
    match = _played(players, automata, 7)
    standings = final_standings(match)
    rows = standings.rows
    keys = [(-row.total, row.position) for row in rows]
    assert keys == sorted(keys)  # best first; level positions in table order
    assert standings.winners == match.winners()
    assert {row.position for row in rows if row.winner} == set(match.winners())
    by_position = {row.position: row for row in rows}
    for seat, spec in enumerate(match.seats):
        row = by_position[seat]
        assert (row.seat, row.name, row.look) == (seat, spec.name, spec.look)
    automata_rows = [by_position[players + n] for n in range(automata)]
    assert [(row.seat, row.name, row.look) for row in automata_rows] == [
        (None, "Dirk", "dirk"),
        (None, "Beate", "beate"),
    ][:automata]


def test_dirk_may_win_and_his_row_says_so() -> None:
    match = _search(lambda m, players: m.winners() == (players,), ((2, 1), (1, 2)))
    standings = final_standings(match)
    top = standings.rows[0]
    assert (top.name, top.look, top.seat, top.winner) == ("Dirk", "dirk", None, True)
    assert standings.note == "" and not any(row.winner for row in standings.rows[1:])


def test_a_tie_for_the_most_prestige_is_a_shared_win_that_nothing_breaks() -> None:
    match = _search(lambda m, players: len(m.winners()) == 2)
    standings = final_standings(match)
    first, second = standings.rows[:2]
    assert first.total == second.total and first.winner and second.winner
    assert first.position < second.position  # no tie-break: table order
    assert standings.winners == match.winners() == (first.position, second.position)
    assert standings.note == (
        f"{first.name} and {second.name} tie on {first.total} prestige and both win:"
        " the rulebook breaks no tie."
    )
    assert all(not row.winner for row in standings.rows[2:])


def test_a_three_way_tie_with_dirk_names_all_of_them() -> None:
    match = _search(lambda m, players: len(m.winners()) == 3, ((2, 1),))
    standings = final_standings(match)
    assert [row.name for row in standings.rows] == ["Player 1", "Player 2", "Dirk"]
    assert all(row.winner for row in standings.rows)
    best = standings.rows[0].total
    assert standings.note == (
        f"Player 1, Player 2 and Dirk tie on {best} prestige and all win:"
        " the rulebook breaks no tie."
    )


def test_a_game_in_progress_has_no_standings() -> None:
    match = Match.new(RULES, _seats(1), 3)
    with pytest.raises(ValueError, match="finished"):
        final_standings(match)
