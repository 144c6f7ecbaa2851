"""Every statement of the Moonlight Castle rulebook that has a consequence, as a test."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import IllegalCommand
from moonlight_desktop.games.castle.moves import (
    EndTurn,
    FigureMoved,
    JewelsRecovered,
    MoveTo,
    PebblesDrawn,
    Recover,
    TilePushed,
)
from moonlight_desktop.games.castle.tiles import MAGIC_TILE_ID

from .castle_helpers import (
    RULES,
    G,
    Phase,
    R,
    Spell,
    Y,
    colored_space,
    give,
    new_game,
    place,
    space_facing,
    stand,
    tile_with,
    white_spaces,
)


def _unchanged_after_refusal(state, seat, command) -> str:
    before = RULES.state_to_json(state)
    with pytest.raises(IllegalCommand) as refusal:
        RULES.apply(state, seat, command)
    assert RULES.state_to_json(state) == before
    return str(refusal.value)


def test_setup_fills_the_path_and_keeps_the_magic_tile_for_last():
    state = new_game(seats=3)
    length = state.table.path_length
    assert all(tile >= 0 for tile in state.path)
    assert len(state.castle) == 28 - length
    assert state.castle[0] == MAGIC_TILE_ID  # the last to leave
    assert MAGIC_TILE_ID not in state.path


def test_pinned_stack_leaves_the_castle_in_order():
    state = new_game(seats=2, stack=list(range(27)))
    length = state.table.path_length
    # The first tile out was pushed furthest along the path.
    assert state.path == list(range(length - 1, -1, -1))


def test_moving_to_a_coloured_space_places_a_matching_pebble():
    state = new_game()
    space, _ = colored_space(state, R)
    give(state, 0, red=1, yellow=2, green=1)
    events = RULES.apply(state, 0, MoveTo(space))
    assert state.screens[0][R] == 0
    assert state.paid[R] == 1
    assert FigureMoved(0, -1, space, R) in events


def test_without_a_matching_pebble_choose_another_space():
    state = new_game()
    space, _ = colored_space(state, G)
    give(state, 0, red=2, yellow=2, green=0)
    message = _unchanged_after_refusal(state, 0, MoveTo(space))
    assert "green pebble" in message
    assert MoveTo(space) not in RULES.legal_commands(state, 0)


def test_white_spaces_are_free():
    state = new_game()
    give(state, 0, red=0, yellow=0, green=0)
    space = white_spaces(state)[0]
    RULES.apply(state, 0, MoveTo(space))
    assert state.spots[0] == space
    assert state.paid == [0, 0, 0]


def test_spaces_other_players_stand_on_are_occupied():
    state = new_game()
    space = white_spaces(state)[0]
    stand(state, 1, space)
    assert "occupied" in _unchanged_after_refusal(state, 0, MoveTo(space))


def test_draw_as_many_pebbles_as_the_space_shows():
    state = new_game()
    table = state.table
    for pebbles in range(4):
        spaces = [s for s in range(table.space_count) if table.space_pebbles[s] == pebbles]
        if not spaces:
            continue
        trial = new_game()
        give(trial, 0, red=2, yellow=2, green=2)
        before = sum(trial.screens[0])
        cost = 0 if trial.table.space_color[spaces[0]] < 0 else 1
        events = RULES.apply(trial, 0, MoveTo(spaces[0]))
        assert sum(trial.screens[0]) == before - cost + pebbles
        drawn = sum(e.count for e in events if isinstance(e, PebblesDrawn))
        assert drawn == pebbles


def test_recovering_pays_a_matching_pebble_per_jewel_and_takes_the_tile():
    state = new_game()
    tile = tile_with((R, Y, G), Spell.NOTHING)
    place(state, 2, tile)
    space = space_facing(state, 2)
    stand(state, 0, space)
    give(state, 0, red=1, yellow=1, green=2)
    events = RULES.apply(state, 0, Recover())
    assert state.screens[0] == [0, 0, 1]
    assert state.path[2] == -1
    assert state.collected[0] == [tile]
    assert JewelsRecovered(0, 2, (R, Y, G), Spell.NOTHING, (1, 1, 1)) in events


def test_without_the_pebbles_you_get_nothing_this_round():
    state = new_game()
    tile = tile_with((R, R), Spell.NOTHING)
    space, position = colored_space(state, Y)
    place(state, position, tile)
    give(state, 0, red=0, yellow=1)
    state.pouch = [Y] * len(state.pouch)  # whatever is drawn is yellow: still no red
    RULES.apply(state, 0, MoveTo(space))
    assert state.seat == 1
    assert state.path[position] == tile


def test_spell_nothing_pushes_nothing():
    state = new_game()
    tile = tile_with((G,), Spell.NOTHING)
    place(state, 4, tile)
    stand(state, 0, space_facing(state, 4))
    give(state, 0, green=1)
    events = RULES.apply(state, 0, Recover())
    assert not [e for e in events if isinstance(e, TilePushed)]


def test_special_symbol_gives_another_turn_right_away():
    state = new_game()
    tile = tile_with((R,), Spell.SPECIAL)
    place(state, 2, tile)
    stand(state, 0, space_facing(state, 2))
    give(state, 0, red=1)
    RULES.apply(state, 0, Recover())
    assert state.seat == 0
    assert state.phase == Phase.HIDE


def test_recovered_tile_goes_on_top_of_the_players_stack():
    state = new_game()
    first, second = tile_with((R,), Spell.NOTHING), tile_with((Y,), Spell.NOTHING)
    state.collected[0] = [first]
    place(state, 3, second)
    stand(state, 0, space_facing(state, 3))
    give(state, 0, yellow=1)
    RULES.apply(state, 0, Recover())
    assert state.collected[0] == [first, second]


def test_tiles_pushed_off_the_board_belong_to_the_magician():
    state = new_game()
    last = state.path[-1]
    tile = tile_with((R,), Spell.ONE_ARROW)
    place(state, 1, tile)
    state.path[1] = tile
    stand(state, 0, space_facing(state, 1))
    give(state, 0, red=1)
    RULES.apply(state, 0, Recover())
    # The row from the bridge reached position 0 only (position 1 is now empty): no fall.
    assert last in state.path
    # A full row does drop its last tile.
    full = new_game()
    end_tile = full.path[-1]
    arrow = tile_with((Y,), Spell.TWO_ARROWS)
    place(full, 1, arrow)
    stand(full, 0, space_facing(full, 1))
    give(full, 0, yellow=1)
    RULES.apply(full, 0, Recover())
    assert end_tile in full.fallen
    assert end_tile not in full.path


def test_end_of_game_most_jewels_wins():
    state = new_game(seats=3)
    state.collected = [
        [tile_with((R, Y, G), Spell.NOTHING)],
        [tile_with((R,), Spell.NOTHING)],
        [],
    ]
    state.phase = Phase.OVER
    assert RULES.scores(state) == (3, 1, 0)
    assert RULES.winners(state) == (0,)


def test_end_turn_only_after_moving():
    state = new_game()
    assert "ends by itself" in _unchanged_after_refusal(state, 0, EndTurn())


def test_staying_to_recover_draws_no_pebbles():
    """ "You can also only collect the pebbles of a space when you move to it.\""""
    state = new_game()
    tile = tile_with((R,), Spell.NOTHING)
    place(state, 2, tile)
    stand(state, 0, space_facing(state, 2))
    give(state, 0, red=1, yellow=1)
    pouch_before = len(state.pouch)
    events = RULES.apply(state, 0, Recover())
    assert not [e for e in events if isinstance(e, PebblesDrawn)]
    assert len(state.pouch) == pouch_before


def test_turns_pass_clockwise_from_the_starting_player():
    state = new_game(seats=4, start_seat=2)
    order = []
    for _ in range(8):
        order.append(state.seat)
        white = next(s for s in white_spaces(state) if s not in state.spots)
        RULES.apply(state, state.seat, MoveTo(white))
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]
