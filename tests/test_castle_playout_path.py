"""What the quick playout path of the Castle rules relies on (docs/benchmarks.md): the start-of-
turn choices, remembered per table by the reachable spaces as a bit set, always equal the plain
definition, in the same order; the table's bit sets follow its moves; and the path past the
bridge is never left empty outside the last round, so Zirroz needs looking at only after a
recovery."""

from __future__ import annotations

from dataclasses import replace

import pytest

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.games.castle.board import available_levels
from moonlight_desktop.games.castle.moves import MoveTo, Pass, Recover
from moonlight_desktop.games.castle.state import CastleState, Phase
from moonlight_desktop.games.castle.table import WHITE, table_for
from moonlight_desktop.games.castle.tiles import MAGIC_TILE_ID, TILE_COSTS

from .castle_helpers import RULES

GOLD = {
    2: [{"ritual": "return_two", "side": "gold"}, {"ritual": "one_color", "side": "gold"}],
    3: [
        {"ritual": "return_one", "side": "gold"},
        {"ritual": "one_of_each", "side": "gold"},
        {"ritual": "return_two", "side": "gold"},
    ],
    4: [
        {"ritual": "return_two", "side": "gold"},
        {"ritual": "return_one", "side": "gold"},
        {"ritual": "one_color", "side": "gold"},
        {"ritual": "one_of_each", "side": "gold"},
    ],
}


def _hiding_choices_by_definition(state: CastleState, seat: int) -> list[Command]:
    """Moves to the free spaces the seat can pay for, in space order, then staying to recover
    if it can; passing when neither is possible."""
    table, screen = state.table, state.screens[seat]
    choices: list[Command] = [
        MoveTo(space)
        for space in range(table.space_count)
        if space not in state.spots
        and (table.space_color[space] == WHITE or screen[table.space_color[space]] > 0)
    ]
    spot = state.spots[seat]
    position = table.space_faces[spot] if spot >= 0 else -1
    tile = state.path[position] if position >= 0 else -1
    if 0 <= tile != MAGIC_TILE_ID and all(
        have >= need for have, need in zip(screen, TILE_COSTS[tile], strict=True)
    ):
        choices.append(Recover())
    return choices or [Pass()]


@pytest.mark.parametrize("seats", (2, 3, 4))
@pytest.mark.parametrize("gold", (False, True))
def test_start_of_turn_choices_equal_their_definition_through_random_games(seats, gold):
    rng = Rng(seats * 31 + gold)
    for game, level in enumerate(available_levels() * 6):
        options = {"level": level, "fountains": GOLD[seats]} if gold else {"level": level}
        state = RULES.new_state(RULES.normalize_options(options, seats), seats, game)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            if state.phase == Phase.HIDE:
                assert list(legal) == _hiding_choices_by_definition(state, seat)
            RULES.advance(state, seat, legal[rng.below(len(legal))])


@pytest.mark.parametrize("seats", (2, 3, 4))
@pytest.mark.parametrize("level", available_levels())
def test_the_tables_bit_sets_follow_its_moves(seats, level):
    table = table_for(RULES.normalize_options({"level": level}, seats), seats)
    every_space = (1 << table.space_count) - 1
    for held, moves in enumerate(table.moves_payable):
        assert table.payable_spaces[held] == sum(1 << move.space for move in moves)
    assert table.every_space_but[-1] == every_space
    for space in range(table.space_count):
        assert table.every_space_but[space] == every_space - (1 << space)
    # A table made from another (as a test may make one) derives its own bit sets.
    last = table.moves_payable[7][-1]
    other = replace(table, moves_payable=tuple([last] for _ in range(8)), hiding_choices={})
    assert other.payable_spaces == (1 << last.space,) * 8


@pytest.mark.parametrize("seats", (2, 3, 4))
def test_the_path_past_the_bridge_is_never_left_empty_outside_the_last_round(seats):
    """Only a recovery takes a tile off the path without pushing one on (and every push moves
    the bridge's tile past it), so the rules look for Zirroz only after a recovery."""
    rng = Rng(seats)
    for game in range(60):
        state = RULES.new_state(RULES.normalize_options({}, seats), seats, game)
        while not RULES.is_over(state):
            assert state.path[0] >= 0
            assert state.last_round or max(state.path[1:]) >= 0
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            RULES.apply(state, seat, legal[rng.below(len(legal))])
