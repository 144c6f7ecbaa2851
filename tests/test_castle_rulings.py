"""One test per Moonlight Castle ruling in docs/RULINGS.md (names match the ruling numbers)."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import IllegalCommand, OptionsError
from moonlight_desktop.engine.bench import random_game
from moonlight_desktop.games.castle.board import available_levels
from moonlight_desktop.games.castle.moves import (
    KeepColor,
    LastRound,
    MoveTo,
    Pass,
    PebblesDrawn,
    PebblesReturned,
    PouchRefilled,
    Recover,
    ReturnPebbles,
    TilePushed,
    ZirrozAngry,
)
from moonlight_desktop.games.castle.tiles import JEWEL_TILES, MAGIC_TILE_ID

from .castle_helpers import (
    RULES,
    G,
    Phase,
    R,
    Spell,
    Y,
    colored_space,
    fountain_space,
    give,
    new_game,
    nowhere_to_go,
    place,
    space_facing,
    stand,
    tile_with,
    total_pebbles,
    white_spaces,
)


def _gold(ritual: str, seats: int = 2) -> dict:
    others = [r for r in ("return_two", "return_one", "one_color", "one_of_each") if r != ritual]
    fountains = [{"ritual": ritual, "side": "gold"}]
    fountains += [{"ritual": r, "side": "white"} for r in others[: seats - 1]]
    return {"fountains": fountains}


def _empty_path_except(state, keep: dict[int, int]) -> None:
    """Empties the path (tiles back into the castle, below the magic tile), then places `keep`."""
    for position, tile in enumerate(state.path):
        if tile >= 0 and position > 0:
            state.castle.insert(1, tile)
            state.path[position] = -1
    for position, tile in keep.items():
        place(state, position, tile)


def test_r1_tie_after_tie_break_is_a_shared_win():
    state = new_game(seats=3)
    one_jewel = [tile_with((R,), Spell.NOTHING)]
    state.collected = [one_jewel, [tile_with((Y,), Spell.NOTHING)], []]
    give(state, 0, red=2, yellow=1)
    give(state, 1, green=3)
    assert RULES.winners(state) == (0, 1)


def test_c1_sixty_pebbles_and_four_each():
    for seats in (2, 3, 4):
        state = new_game(seats=seats, seed=seats)
        assert [sum(screen) for screen in state.screens] == [4] * seats
        assert total_pebbles(state) == 60
        everything = [0, 0, 0]
        for pebble in state.pouch:
            everything[pebble] += 1
        for screen in state.screens:
            for color in range(3):
                everything[color] += screen[color]
        assert everything == [20, 20, 20]


@pytest.mark.parametrize("level", available_levels())
def test_c2_every_shipped_garden_plays_to_the_end(level):
    assert len(available_levels()) >= 2
    for seats in (2, 3, 4):
        state = random_game(RULES, seats, 11, {"level": level})
        assert RULES.is_over(state)
        assert state.table.board.name == level


def test_c3_push_moves_only_the_unbroken_row():
    state = new_game()
    tile = tile_with((R,), Spell.ONE_ARROW)
    _empty_path_except(state, {2: tile, 4: tile_with((G,), Spell.NOTHING)})
    bridge = state.path[0]
    stand(state, 0, space_facing(state, 2))
    give(state, 0, red=1)
    events = RULES.apply(state, 0, Recover())
    push = next(e for e in events if isinstance(e, TilePushed))
    assert push.moves == ((0, 1),)
    assert push.fell_off is None
    assert state.path[1] == bridge
    assert state.path[4] == tile_with((G,), Spell.NOTHING)


def test_c3_push_of_a_full_row_drops_the_last_tile():
    state = new_game()
    length = state.table.path_length
    tile = tile_with((G, G), Spell.TWO_ARROWS)
    place(state, 1, tile)
    last, before_last = state.path[-1], state.path[-2]
    stand(state, 0, space_facing(state, 1))
    give(state, 0, green=2)
    events = RULES.apply(state, 0, Recover())
    pushes = [e for e in events if isinstance(e, TilePushed)]
    assert len(pushes) == 2
    assert pushes[0].fell_off is None
    assert pushes[1].fell_off == tuple(JEWEL_TILES[last].jewels)
    assert pushes[1].moves == tuple((p, p + 1) for p in range(length - 2, -1, -1))
    assert state.fallen == [last]
    assert state.path[-1] == before_last


def test_c3_arrows_push_that_many():
    for spell, count in ((Spell.ONE_ARROW, 1), (Spell.TWO_ARROWS, 2)):
        tile = next(n for n, t in enumerate(JEWEL_TILES) if t.spell == spell)
        state = new_game()
        place(state, 3, tile)
        stand(state, 0, space_facing(state, 3))
        give(state, 0, *JEWEL_TILES[tile].cost)
        castle_before = len(state.castle)
        events = RULES.apply(state, 0, Recover())
        assert sum(isinstance(e, TilePushed) for e in events) == count
        assert len(state.castle) == castle_before - count


def test_c3_magician_fills_every_gap_and_nothing_falls():
    state = new_game()
    magician = tile_with((R, G), Spell.MAGICIAN)
    _empty_path_except(state, {2: magician, 5: tile_with((Y,), Spell.NOTHING)})
    gaps_after_recovery = state.path.count(-1) + 1
    stand(state, 0, space_facing(state, 2))
    give(state, 0, red=1, green=1)
    events = RULES.apply(state, 0, Recover())
    pushes = [e for e in events if isinstance(e, TilePushed)]
    assert len(pushes) == gaps_after_recovery
    assert all(push.fell_off is None for push in pushes)
    assert all(tile >= 0 for tile in state.path)
    assert state.fallen == []


def test_c3_zirroz_pushes_six_when_nothing_lies_in_front_of_the_bridge():
    state = new_game()
    tile = tile_with((Y, Y), Spell.NOTHING)
    _empty_path_except(state, {3: tile})
    stand(state, 0, space_facing(state, 3))
    give(state, 0, yellow=2)
    events = RULES.apply(state, 0, Recover())
    assert ZirrozAngry() in events
    assert sum(isinstance(e, TilePushed) for e in events) == 6
    assert sum(tile >= 0 for tile in state.path) == 7


def test_c4_magic_tile_ends_the_round_and_stops_pushing():
    state = new_game(seats=3)
    tile = tile_with((R, G), Spell.MAGICIAN)
    _empty_path_except(state, {1: tile})
    # Only two tiles left inside the castle, then the magic tile.
    while len(state.castle) > 3:
        state.fallen.append(state.castle.pop())
    stand(state, 0, space_facing(state, 1))
    give(state, 0, red=1, green=1)
    events = RULES.apply(state, 0, Recover())
    pushes = [e for e in events if isinstance(e, TilePushed)]
    assert len(pushes) == 3  # owed many more, but the magic tile came out third
    assert pushes[-1].entered_magic
    assert LastRound(final_seat=2) in events
    assert state.path[0] == MAGIC_TILE_ID and state.castle == []
    # The round is finished: seats 1 and 2 still play, then it is over.
    assert state.seat == 1 and not RULES.is_over(state)
    with pytest.raises(IllegalCommand):
        stand(state, 1, -1)
        RULES.apply(state, 1, Recover())
    for seat in (1, 2):
        RULES.apply(state, seat, MoveTo(white_spaces(state)[seat]))
    assert RULES.is_over(state)


def test_c4_magic_tile_appearing_in_the_final_seats_turn_ends_the_game():
    state = new_game(seats=2, start_seat=1)
    while len(state.castle) > 1:
        state.fallen.append(state.castle.pop())
    state.seat = 0  # the seat before the starting player: the last of the round
    tile = tile_with((R,), Spell.ONE_ARROW)
    place(state, 2, tile)
    stand(state, 0, space_facing(state, 2))
    give(state, 0, red=1)
    RULES.apply(state, 0, Recover())
    assert RULES.is_over(state)


def test_c5_tile_set():
    assert len(JEWEL_TILES) == 27
    jewels = [jewel for tile in JEWEL_TILES for jewel in tile.jewels]
    assert len(jewels) == 51
    assert all(jewels.count(color) == 17 for color in (R, Y, G))
    assert all(1 <= len(tile.jewels) <= 3 for tile in JEWEL_TILES)
    spells = [tile.spell for tile in JEWEL_TILES]
    assert [spells.count(spell) for spell in Spell] == [12, 6, 3, 3, 3]


def test_p1_start_seat_is_seeded_or_pinned():
    starts = {RULES.new_state({}, 4, seed).start_seat for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert RULES.new_state({}, 4, 5).start_seat == RULES.new_state({}, 4, 5).start_seat
    assert new_game(seats=3, start_seat=2).seat == 2
    named = RULES.new_state({"start_seat": 1}, 4, 5)
    assert named.seat == named.start_seat == 1


def test_p2_first_turn_must_move():
    state = new_game()
    legal = RULES.legal_commands(state, 0)
    assert legal and all(isinstance(command, MoveTo) for command in legal)


def test_p3_pouch_refills_mid_draw():
    state = new_game()
    space = next(s for s in white_spaces(state) if state.table.space_pebbles[s] >= 1)
    if state.table.space_pebbles[space] < 2:
        space = next(s for s in range(state.table.space_count) if state.table.space_pebbles[s] >= 2)
    give(state, 0, red=2, yellow=2, green=2)
    # One pebble left in the pouch, the rest beside the board.
    while len(state.pouch) > 1:
        state.paid[state.pouch.pop()] += 1
    events = RULES.apply(state, 0, MoveTo(space))
    kinds = [type(e) for e in events]
    assert PouchRefilled in kinds
    refill = kinds.index(PouchRefilled)
    assert PebblesDrawn in kinds[:refill] and PebblesDrawn in kinds[refill + 1 :]
    assert total_pebbles(state) == 60


def test_p3_draw_ends_short_when_no_pebble_is_left():
    state = new_game()
    space = next(s for s in range(state.table.space_count) if state.table.space_pebbles[s] >= 2)
    # Every pebble behind the two screens: nothing in the pouch, nothing beside the board.
    state.screens = [[10, 10, 10], [10, 10, 10]]
    state.pouch = []
    RULES.apply(state, 0, MoveTo(space))
    cost = 0 if state.table.space_color[space] < 0 else 1
    assert sum(state.screens[0]) == 30 - cost + cost  # paid pebble was drawn straight back
    assert total_pebbles(state) == 60


def test_p4_stay_only_to_recover():
    state = new_game()
    tile = tile_with((G, G), Spell.NOTHING)
    place(state, 2, tile)
    stand(state, 0, space_facing(state, 2))
    give(state, 0, green=1, red=3)
    assert Recover() not in RULES.legal_commands(state, 0)
    with pytest.raises(IllegalCommand, match="matching pebble"):
        RULES.apply(state, 0, Recover())
    with pytest.raises(IllegalCommand, match="staying"):
        RULES.apply(state, 0, MoveTo(state.spots[0]))
    give(state, 0, green=2)
    assert Recover() in RULES.legal_commands(state, 0)


def test_p4_cannot_stay_on_a_white_space():
    state = new_game()
    stand(state, 0, white_spaces(state)[0])
    give(state, 0, red=4, yellow=4, green=4)
    assert Recover() not in RULES.legal_commands(state, 0)
    with pytest.raises(IllegalCommand, match="white space"):
        RULES.apply(state, 0, Recover())
    stand(state, 0, fountain_space(state, 0))  # a fountain is called a fountain
    with pytest.raises(IllegalCommand, match="can never be recovered from a fountain"):
        RULES.apply(state, 0, Recover())


def test_p5_turn_ends_by_itself_when_nothing_can_be_recovered():
    state = new_game()
    space, position = colored_space(state, Y)
    place(state, position, tile_with((R, R, G), Spell.NOTHING))
    give(state, 0, yellow=1)
    state.pouch = [Y] * len(state.pouch)  # whatever is drawn is yellow
    RULES.apply(state, 0, MoveTo(space))
    assert state.seat == 1 and state.phase == Phase.HIDE


def test_p5_choice_after_moving_when_recovery_is_possible():
    state = new_game()
    space, position = colored_space(state, Y)
    place(state, position, tile_with((R,), Spell.NOTHING))
    give(state, 0, yellow=1, red=1)
    RULES.apply(state, 0, MoveTo(space))
    assert state.phase == Phase.RECOVER
    assert {type(c).__name__ for c in RULES.legal_commands(state, 0)} == {"Recover", "EndTurn"}


def test_p6_pass_only_when_nothing_else_is_possible():
    state = new_game()
    assert Pass() not in RULES.legal_commands(state, 0)
    with pytest.raises(IllegalCommand, match="pass only"):
        RULES.apply(state, 0, Pass())
    nowhere_to_go(state, 0)
    assert list(RULES.legal_commands(state, 0)) == [Pass()]
    RULES.apply(state, 0, Pass())
    assert state.seat == 1


def _draw_at_gold(ritual: str, pouch_top: str):
    state = new_game(options=_gold(ritual))
    fountain = fountain_space(state, 0)
    for letter in pouch_top:  # drawn in this order
        state.pouch.append("RYG".index(letter))
    before = list(state.screens[0])
    RULES.apply(state, 0, MoveTo(fountain))
    return state, before


def test_p7_gold_return_two():
    state, before = _draw_at_gold("return_two", "RRYG")
    assert state.phase == Phase.FOUNTAIN
    choices = RULES.legal_commands(state, 0)
    assert ReturnPebbles(2, 0, 0) in choices and ReturnPebbles(0, 1, 1) in choices
    assert all(sum(choice.counts) == 2 for choice in choices)
    with pytest.raises(IllegalCommand):
        RULES.apply(state, 0, ReturnPebbles(0, 2, 0))  # only one yellow was drawn
    paid = list(state.paid)
    events = RULES.apply(state, 0, ReturnPebbles(0, 1, 1))
    assert PebblesReturned(0, (0, 1, 1)) in events
    assert state.screens[0] == [before[0] + 2, before[1], before[2]]
    assert state.paid == [paid[0], paid[1] + 1, paid[2] + 1]


def test_p7_gold_return_one():
    state, before = _draw_at_gold("return_one", "GGGY")
    assert sorted(c.counts for c in RULES.legal_commands(state, 0)) == [(0, 0, 1), (0, 1, 0)]
    RULES.apply(state, 0, ReturnPebbles(0, 1, 0))
    assert state.screens[0] == [before[0], before[1], before[2] + 3]


def test_p7_gold_one_color():
    state, before = _draw_at_gold("one_color", "RRYG")
    assert set(RULES.legal_commands(state, 0)) == {KeepColor(R), KeepColor(Y), KeepColor(G)}
    RULES.apply(state, 0, KeepColor(R))
    assert state.screens[0] == [before[0] + 2, before[1], before[2]]


def test_p7_gold_one_of_each_is_automatic():
    state, before = _draw_at_gold("one_of_each", "RRRY")
    assert state.phase != Phase.FOUNTAIN
    assert state.screens[0] == [before[0] + 1, before[1] + 1, before[2]]


def test_p7_white_fountain_draws_recess_pebbles():
    state = new_game(seats=3)
    fountain = fountain_space(state, 1)
    recess = state.table.board.recesses_for(3)[1]
    before = sum(state.screens[0])
    RULES.apply(state, 0, MoveTo(fountain))
    assert sum(state.screens[0]) == before + recess.pebbles
    assert state.table.space_faces[fountain] == -1


def test_p7_each_ritual_once():
    fountains = [{"ritual": "return_two", "side": "gold"}] * 2
    with pytest.raises(OptionsError, match="twice"):
        RULES.new_state({"fountains": fountains}, 2, 1)


def test_p8_zirroz_checks_before_an_extra_turn():
    state = new_game()
    special = tile_with((Y, G), Spell.SPECIAL)
    _empty_path_except(state, {4: special})
    stand(state, 0, space_facing(state, 4))
    give(state, 0, yellow=1, green=1)
    events = RULES.apply(state, 0, Recover())
    assert ZirrozAngry() in events
    assert state.seat == 0 and max(state.path[1:]) >= 0


def test_p9_extra_turn_is_played_even_in_the_last_round():
    state = new_game(seats=2, start_seat=1)
    state.seat = 0
    while state.castle:
        state.fallen.append(state.castle.pop())
    state.path[0] = MAGIC_TILE_ID
    state.fallen.remove(MAGIC_TILE_ID)
    state.last_round = True
    special = tile_with((R,), Spell.SPECIAL)
    place(state, 3, special)
    stand(state, 0, space_facing(state, 3))
    give(state, 0, red=1)
    RULES.apply(state, 0, Recover())
    assert not RULES.is_over(state) and state.seat == 0
    RULES.apply(state, 0, MoveTo(white_spaces(state)[1]))
    assert RULES.is_over(state)


def test_p10_views_hide_other_screens():
    state = new_game(seats=3)
    view = RULES.view(state, 1)
    assert view.screens[1] == tuple(state.screens[1])
    assert view.screens[0] is None and view.screens[2] is None
    assert view.screen_sizes == (4, 4, 4)
    text = str(view.to_json())
    assert "rng" not in text and 'castle": [' not in text


def test_p10_full_moon_shows_every_screen():
    state = new_game(seats=3, options={"full_moon": True})
    view = RULES.view(state, 1)
    assert view.screens == tuple(tuple(screen) for screen in state.screens)
    events = RULES.apply(
        state,
        0,
        MoveTo(space_facing(state, 1))
        if state.screens[0][state.table.space_color[space_facing(state, 1)]]
        else MoveTo(white_spaces(state)[0]),
    )
    for event in events:
        if isinstance(event, PebblesDrawn):
            assert event.seen_by(2) == event


def test_p10_draws_are_private_without_full_moon():
    state = new_game(seats=3)
    space = next(s for s in white_spaces(state) if state.table.space_pebbles[s] > 0)
    events = RULES.apply(state, 0, MoveTo(space))
    drawn = next(e for e in events if isinstance(e, PebblesDrawn))
    assert drawn.seen_by(0).pebbles == drawn.pebbles
    assert drawn.seen_by(1).pebbles == () and drawn.seen_by(1).count == drawn.count
    assert drawn.seen_by(None).pebbles == ()


def test_p13_open_screens_are_public_and_the_rest_stay_secret():
    state = new_game(seats=3, options={"open_screens": [2]})
    view = RULES.view(state, 0)
    assert view.screens[2] == tuple(state.screens[2])  # unscreened: everyone sees
    assert view.screens[1] is None  # screened: secret
    assert view.screens[0] == tuple(state.screens[0])  # one's own
    state.seat = 2
    space = next(s for s in white_spaces(state) if state.table.space_pebbles[s] > 0)
    events = RULES.apply(state, 2, MoveTo(space))
    drawn = next(e for e in events if isinstance(e, PebblesDrawn))
    assert drawn.visible_to is None and drawn.seen_by(0) == drawn
    with pytest.raises(OptionsError, match="open_screens"):
        RULES.new_state({"open_screens": [5]}, 3, 1)


def test_p11_magician_counts_the_recovered_tiles_gap():
    state = new_game()
    magician = tile_with((G,), Spell.MAGICIAN)
    place(state, 3, magician)  # a full path with one tile recovered: exactly one gap
    stand(state, 0, space_facing(state, 3))
    give(state, 0, green=1)
    events = RULES.apply(state, 0, Recover())
    assert sum(isinstance(e, TilePushed) for e in events) == 1
    assert state.fallen == []


def test_p12_tie_break_on_pebbles():
    state = new_game(seats=3)
    state.collected = [
        [tile_with((R, Y), Spell.NOTHING)],
        [tile_with((G, G), Spell.NOTHING)],
        [tile_with((R,), Spell.NOTHING)],
    ]
    give(state, 0, red=1)
    give(state, 1, red=1, yellow=2)
    give(state, 2, green=4)
    assert RULES.winners(state) == (1,)
