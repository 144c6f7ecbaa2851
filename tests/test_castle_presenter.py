"""The board's animated picture (the Castle presenter) follows the rules' events: pushes move
tiles from position to position, a tile pushed off the end tumbles away and is never drawn
again; a turn that ends with nothing recovered says so, and why."""

from __future__ import annotations

from moonlight_desktop.games.castle.moves import EndTurn, MoveTo, Recover, TilePushed
from moonlight_desktop.games.castle.tiles import JEWEL_TILES, MAGIC_TILE_ID
from moonlight_desktop.games.castle.ui.presenter import CastlePresenter
from moonlight_desktop.ui.table.controller import Played

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
    place,
    space_facing,
    tile_with,
    white_spaces,
)


def _presenter(state) -> CastlePresenter:
    return CastlePresenter(RULES.view(state, 0), ["A", "B"])


def _recover_at(state, position: int, tile: int) -> list:
    place(state, position, tile)
    state.spots[0] = space_facing(state, position)
    give(state, 0, *JEWEL_TILES[tile].cost)
    return [tile]


def _fronts_of(state) -> list:
    return [
        None if t < 0 else ("magic" if t == MAGIC_TILE_ID else tuple(JEWEL_TILES[t].jewels))
        for t in state.path
    ]


def test_push_animation_moves_the_row_along_position_by_position():
    state = new_game()
    _recover_at(state, 1, tile_with((R,), Spell.ONE_ARROW))
    presenter = _presenter(state)
    bridge_sprite = presenter.path[0]
    events = RULES.apply(state, 0, Recover())
    push = next(e for e in events if isinstance(e, TilePushed))
    assert push.moves == ((0, 1),) and push.fell_off is None
    for event in events:
        presenter.animate(event)
    start, end = presenter.position(0), presenter.position(1)
    seen_between = False
    while presenter.busy:
        presenter.update(1 / 60, speed=1.0)
        if bridge_sprite is not None and bridge_sprite.at not in (start, end):
            seen_between = True
            x, y = bridge_sprite.at[1], bridge_sprite.at[2]
            assert min(start[1], end[1]) <= x <= max(start[1], end[1])
            assert min(start[2], end[2]) <= y <= max(start[2], end[2])
    assert seen_between
    assert presenter.path[1] is bridge_sprite and bridge_sprite.at == end
    assert [None if s is None else s.front for s in presenter.path] == _fronts_of(state)


def test_a_tile_that_fell_is_not_drawn_afterwards():
    state = new_game()
    _recover_at(state, 1, tile_with((G, G), Spell.TWO_ARROWS))
    presenter = _presenter(state)
    last_sprite = presenter.path[-1]
    events = RULES.apply(state, 0, Recover())
    assert [e.fell_off is not None for e in events if isinstance(e, TilePushed)] == [False, True]
    for event in events:
        presenter.animate(event)
    seen_falling = False
    while presenter.busy:
        presenter.update(1 / 60, speed=1.0)
        if last_sprite in presenter.loose:
            seen_falling = True
            assert last_sprite not in presenter.path
    assert seen_falling
    assert last_sprite not in presenter.path and last_sprite not in presenter.loose
    assert presenter.fallen == [last_sprite.front] == list(RULES.view(state, 0).fallen)
    assert [None if s is None else s.front for s in presenter.path] == _fronts_of(state)


def test_instant_speed_plays_everything_at_once():
    state = new_game()
    presenter = _presenter(state)
    for event in RULES.apply(state, 0, RULES.legal_commands(state, 0)[0]):
        presenter.animate(event)
    presenter.update(0.0, speed=0.0)
    assert not presenter.busy


def test_the_magic_tile_on_the_bridge_shows_the_last_round_banner():
    from moonlight_desktop.games.castle.moves import LastRound

    state = new_game()
    presenter = _presenter(state)
    sounds: list[str] = []
    presenter.sound = sounds.append
    push = TilePushed(entered=(), entered_magic=True, moves=((0, 1),), fell_off=None)
    presenter.animate(push)
    presenter.animate(LastRound(final_seat=1))
    banners = set()
    while presenter.busy:
        presenter.update(1 / 60, speed=1.0)
        if presenter.banner is not None:
            banners.add(presenter.banner.text)
    assert any("last round" in text for text in banners)
    assert presenter.last_round and presenter.banner is None
    assert presenter.path[0] is not None and presenter.path[0].front == "magic"
    assert "last_round" in sounds and "tile_slid" in sounds


# A turn that ends with nothing to recover ----------------------------------------------------


def _played(state, seat: int, command, viewer: int = 0) -> Played:
    events = RULES.apply(state, seat, command)
    return Played(seat, command, tuple(events), viewer, RULES.view(state, viewer))


def _shown(presenter: CastlePresenter, played: Played) -> set[str]:
    """Plays one command's events to the end; the banners shown on the way."""
    presenter.present(played)
    banners = set()
    while presenter.busy:
        presenter.update(1 / 60, speed=1.0)
        if presenter.banner is not None:
            banners.add(presenter.banner.text)
    return banners


def _ending(state, command, seat: int = 0, viewer: int = 0) -> tuple[list[str], set[str]]:
    """The log lines and banners of a command: live, and the same in a resumed log."""
    presenter = CastlePresenter(RULES.view(state, viewer), ["Ada", "Bo"])
    played = _played(state, seat, command, viewer)
    banners = _shown(presenter, played)
    resumed = CastlePresenter(RULES.view(state, viewer), ["Ada", "Bo"])
    resumed.restore_log([played])
    assert [line.text for line in resumed.log[1:]] == [line.text for line in presenter.log]
    return [line.text for line in presenter.log], banners


def test_hiding_at_a_fountain_says_the_turn_ends_with_nothing_to_recover():
    state = new_game()
    lines, banners = _ending(state, MoveTo(fountain_space(state, 0)))
    assert lines == [
        "Ada hid at a fountain",
        "Ada drew 2 pebbles",
        "Nothing to recover beside a fountain: Ada ended the turn",
    ]
    assert banners == {"Nothing to recover here: your turn ends"}  # Ada is at the screen
    assert RULES.to_act(state) == (1,)


def test_a_white_space_an_empty_place_and_the_magic_tile_each_say_why():
    state = new_game()
    lines, _ = _ending(state, MoveTo(white_spaces(state)[0]))
    assert lines[-1] == "Nothing to recover beside a white space: Ada ended the turn"
    state = new_game()
    space, position = colored_space(state, R)
    state.path[position] = -1
    lines, _ = _ending(state, MoveTo(space))
    assert lines[-1] == "No tile beside that space: Ada ended the turn"
    state = new_game()
    place(state, position, MAGIC_TILE_ID)
    lines, banners = _ending(state, MoveTo(space))
    assert lines[-1] == "The magic tile cannot be recovered: Ada ended the turn"
    assert banners == {"Nothing to recover here: your turn ends"}


def _short_of_pebbles(options: dict | None = None):
    """Ada hides by a tile she cannot pay for; the space and the game."""
    state = new_game(options=options)
    space, position = colored_space(state, R)
    place(state, position, tile_with((G, G, Y), Spell.NOTHING))
    give(state, 0, red=1)
    state.pouch.sort(key=lambda pebble: pebble == R)  # it draws reds only
    return state, MoveTo(space)


def test_too_few_pebbles_are_told_to_the_player_alone_while_the_screen_hides_them():
    state, move = _short_of_pebbles()
    lines, banners = _ending(state, move)
    assert banners == {"Too few pebbles for this tile: your turn ends"}
    assert lines[-1] == "Nothing recovered: Ada ended the turn"  # the next at the screen reads it
    state, move = _short_of_pebbles()
    lines, banners = _ending(state, move, viewer=1)
    assert lines[-1] == "Nothing recovered: Ada ended the turn" and not banners
    assert not any("pebbles for" in line for line in lines)


def test_too_few_pebbles_behind_an_open_screen_are_told_to_all():
    for options in ({"open_screens": [0]}, {"full_moon": True}):
        state, move = _short_of_pebbles(options)
        lines, _ = _ending(state, move, viewer=1)
        assert lines[-1] == "Too few pebbles for the tile: Ada ended the turn"


def test_another_seats_turn_ending_is_logged_without_a_banner_and_a_choice_is_not_an_end():
    state = new_game()
    lines, banners = _ending(state, MoveTo(fountain_space(state, 0)), viewer=1)
    assert lines[-1] == "Nothing to recover beside a fountain: Ada ended the turn" and not banners
    for options, ending in (
        (None, "Nothing recovered: Ada ended the turn"),  # as if she could not pay: none can tell
        ({"open_screens": [0]}, "Ada leaves the tile and ends the turn"),
    ):
        state = new_game(options=options)
        space, position = colored_space(state, R)
        place(state, position, tile_with((R,), Spell.NOTHING))
        give(state, 0, red=2)
        lines, banners = _ending(state, MoveTo(space))
        assert RULES.view(state, 0).phase == Phase.RECOVER  # Ada may recover: nothing said yet
        assert not any("turn ends" in line for line in lines) and not banners
        lines, banners = _ending(state, EndTurn())
        assert lines == [ending] and not banners


def test_a_turn_that_ends_with_nothing_recovered_makes_no_possessive_of_a_name():
    """A player may call themselves "You": the log never reads "You's turn ends"."""
    state = new_game()
    presenter = CastlePresenter(RULES.view(state, 0), ["You", "Bo"])
    _shown(presenter, _played(state, 0, MoveTo(fountain_space(state, 0)), 0))
    assert presenter.log[-1].text == "Nothing to recover beside a fountain: You ended the turn"
