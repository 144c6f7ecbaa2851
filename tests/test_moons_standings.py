"""The standings at game over: each seat's parts add up to the rules' score, the winners are
the rules' winners, and a tie at the top says how it was broken (or shared)."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine.bench import random_game
from moonlight_desktop.games.moons.state import MoonsState, Phase
from moonlight_desktop.games.moons.ui.standings import final_standings

from .moons_helpers import new_game
from .moons_ui_helpers import NAMES, RULES, new_match, random_steps


def _check(state: MoonsState) -> None:
    views = [RULES.view(state, seat) for seat in [None, *range(state.seats)]]
    standings = final_standings(views[0], NAMES)
    scores, winners = RULES.scores(state), RULES.winners(state)
    assert sorted(row.seat for row in standings.rows) == list(range(state.seats))
    for row in standings.rows:
        assert row.total == scores[row.seat] == sum(points for _, points in row.parts)
        assert row.winner == (row.seat in winners)
    assert standings.winners == winners
    assert [row.total for row in standings.rows] == sorted(scores, reverse=True)
    tied = scores.count(max(scores)) > 1
    assert bool(standings.tie_break) == tied == bool(standings.note)
    # Everything it needs is public at game over: every seat's view gives the same.
    assert all(final_standings(view, NAMES) == standings for view in views[1:])


def test_standings_add_up_to_the_rules_scores_over_many_games() -> None:
    for seed in range(480):
        _check(random_game(RULES, 3 + seed % 4, seed, {}, checked=False))


def test_standings_of_a_game_played_through_a_match() -> None:
    match = new_match(4, 9)
    *_, last = random_steps(match, 9)
    standings = final_standings(last.view(None), NAMES)
    assert standings.winners == match.winners()
    assert {row.seat: row.total for row in standings.rows} == dict(enumerate(match.scores()))


def _over(tokens: list[list[int]], minis: list[list[int]] | None = None) -> MoonsState:
    state = new_game(len(tokens))
    state.tokens = tokens
    state.minis = minis or [[] for _ in tokens]
    state.phase = Phase.OVER
    return state


def test_a_tie_goes_to_the_most_jupiter_tokens_then_saturn() -> None:
    # 1 + 2 + 0 + 0 and 0 + 3 + 0 + 0: three points each; Jupiter decides.
    state = _over([[1, 2, 0, 0], [0, 3, 0, 0], [0, 0, 0, 1]])
    standings = final_standings(RULES.view(state, None), NAMES)
    assert standings.winners == (0,) and [row.seat for row in standings.rows] == [0, 1, 2]
    assert [step.planet for step in standings.tie_break] == [0]
    assert standings.note == (
        "You and Ana tie on 3 points: the most Jupiter tokens wins, then Saturn, Neptune and "
        "Uranus. Jupiter tokens: You 1, Ana 0. You wins the tie-break."
    )
    state = _over([[1, 1, 1, 0], [1, 2, 0, 0], [1, 0, 2, 0]])  # 6, 3, 3: no tie for the win
    assert final_standings(RULES.view(state, None), NAMES).note == ""
    state = _over([[2, 1, 0, 0], [2, 0, 1, 0], [0, 0, 0, 0]])  # level on Jupiter
    standings = final_standings(RULES.view(state, None), NAMES)
    assert [step.planet for step in standings.tie_break] == [0, 1]
    assert standings.winners == (0,)


def test_a_tie_nothing_breaks_is_a_shared_win() -> None:
    state = _over([[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0]])
    standings = final_standings(RULES.view(state, None), NAMES)
    assert standings.winners == (0, 1) == RULES.winners(state)
    assert len(standings.tie_break) == 4
    assert standings.note.endswith("Still level: You and Ana share the win.")


def test_the_parts_name_sets_modifiers_and_other_tokens() -> None:
    # Seat 0 holds the Uranus triple Score Modifier (mini 11): a complete set, a Uranus
    # triple and a single Jupiter.
    state = _over([[2, 1, 1, 4], [0, 0, 0, 0], [0, 0, 0, 0]], [[11], [], []])
    row = final_standings(RULES.view(state, None), NAMES).rows[0]
    assert row.parts == (
        ("1 complete set of all four planets", 10),
        ("1 Uranus triple (Score Modifier)", 8),
        ("1 other token", 1),
    )


def test_standings_wait_for_the_end_of_the_game() -> None:
    with pytest.raises(ValueError, match="finished game"):
        final_standings(RULES.view(new_game(3), None), NAMES)
