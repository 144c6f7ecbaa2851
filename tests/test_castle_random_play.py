"""Random legal play over thousands of Castle games, checking invariants at every step:
components conserved, states round-trip through JSON, replays reproduce the game, views never
leak hidden facts, and every illegal command is refused without changing anything."""

from __future__ import annotations

import json

import pytest

from moonlight_desktop.engine import IllegalCommand, Match, Rng, SeatSpec
from moonlight_desktop.games.castle.board import available_levels
from moonlight_desktop.games.castle.moves import (
    EndTurn,
    KeepColor,
    MoveTo,
    Pass,
    Recover,
    ReturnPebbles,
)
from moonlight_desktop.games.castle.tiles import JEWEL_TILES, TILE_COUNT

from .castle_helpers import RULES, all_tiles, total_pebbles

GOLD_MIX = {
    2: [{"ritual": "return_two", "side": "gold"}, {"ritual": "one_color", "side": "gold"}],
    3: [
        {"ritual": "return_one", "side": "gold"},
        {"ritual": "one_of_each", "side": "gold"},
        {"ritual": "return_two", "side": "white"},
    ],
    4: [
        {"ritual": "return_two", "side": "gold"},
        {"ritual": "return_one", "side": "gold"},
        {"ritual": "one_color", "side": "gold"},
        {"ritual": "one_of_each", "side": "gold"},
    ],
}
VARIANTS = ("plain", "full_moon", "gold", "unscreened")
CONFIGS = [
    (seats, variant, level)
    for seats in (2, 3, 4)
    for variant in VARIANTS
    for level in available_levels()
]


def _options(seats: int, variant: str, level: str) -> dict:
    options: dict = {"level": level}
    if variant == "full_moon":
        options["full_moon"] = True
    if variant == "gold":
        options["fountains"] = GOLD_MIX[seats]
    if variant == "unscreened":
        options["open_screens"] = [1]
    return options


def _check_conserved(state) -> None:
    assert total_pebbles(state) == 60
    per_color = [state.pouch.count(c) + state.paid[c] + state.drawn[c] for c in range(3)]
    for screen in state.screens:
        for c in range(3):
            assert screen[c] >= 0
            per_color[c] += screen[c]
    assert per_color == [20, 20, 20]
    assert all_tiles(state) == list(range(TILE_COUNT))


def _check_round_trip(state) -> None:
    data = json.loads(json.dumps(RULES.state_to_json(state)))
    again = RULES.state_from_json(data)
    assert RULES.state_to_json(again) == RULES.state_to_json(state)


_SAME_FRONT = {
    tile: [other for other, t in enumerate(JEWEL_TILES) if t.jewels == JEWEL_TILES[tile].jewels]
    for tile in range(len(JEWEL_TILES))
}


def _hidden_facts_changed(state, viewer: int, rng: Rng):
    """A state that differs from `state` only in what `viewer` cannot know."""
    other = state.clone()
    rng.shuffle(other.pouch)
    rng.shuffle(other.castle)  # order unknown (the magic tile's place is known, but harmless)
    for position, tile in enumerate(other.path):  # a same-looking tile with another back
        if 0 <= tile < len(JEWEL_TILES):
            twins = _SAME_FRONT[tile]
            other.path[position] = twins[rng.below(len(twins))]
    for fallen, tile in enumerate(other.fallen):
        twins = _SAME_FRONT[tile]
        other.fallen[fallen] = twins[rng.below(len(twins))]
    for seat, screen in enumerate(other.screens):
        if seat != viewer and seat not in state.table.open_screens:  # same count, new colours
            total = sum(screen)
            first = rng.below(total + 1)
            second = rng.below(total - first + 1)
            other.screens[seat] = [first, second, total - first - second]
    other.rng = Rng(rng.next64())
    return other


def _check_views(state, rng: Rng) -> None:
    for viewer in [*range(state.table.seats), None]:
        view = RULES.view(state, viewer)
        twin_view = RULES.view(_hidden_facts_changed(state, viewer, rng), viewer)
        assert view.to_json() == twin_view.to_json()
        for seat, screen in enumerate(view.screens):
            if seat in state.table.open_screens or seat == viewer:
                assert screen == tuple(state.screens[seat])
            else:
                assert screen is None


@pytest.mark.parametrize(("seats", "variant", "level"), CONFIGS)
def test_random_play_checked_at_every_step(seats, variant, level):
    """20 games per configuration (360 in all), every invariant after every command."""
    rng = Rng(seats * 1000 + len(variant))
    for game in range(20):
        seed = hash((seats, variant, level, game)) & 0xFFFF
        seat_specs = [SeatSpec(f"p{n}") for n in range(seats)]
        match = Match.new(RULES, seat_specs, seed, _options(seats, variant, level))
        while not match.is_over():
            state = match.snapshot()
            _check_conserved(state)
            _check_round_trip(state)
            _check_views(state, rng)
            seat = match.to_act()[0]
            legal = match.legal(seat)
            match.submit(seat, legal[rng.below(len(legal))])
        _check_conserved(match.snapshot())
        replayed = match.replayed()
        assert replayed.state_json() == match.state_json()
        assert replayed.winners() == match.winners()
        record = json.loads(match.record.dumps())
        from moonlight_desktop.engine import GameRecord
        from moonlight_desktop.games.castle.moves import CODEC

        again = Match(RULES, GameRecord.from_json(record, lambda game_id: CODEC))
        assert again.state_json() == match.state_json()


@pytest.mark.parametrize("seats", (2, 3, 4))
@pytest.mark.parametrize("variant", VARIANTS)
def test_thousands_of_random_games_conserve_everything(seats, variant):
    """200 games per configuration (1800 in all): components conserved, games end."""
    rng = Rng(seats * 7 + len(variant))
    levels = available_levels()
    for game in range(200):
        options = _options(seats, variant, levels[game % len(levels)])
        state = RULES.new_state(RULES.normalize_options(options, seats), seats, game)
        steps = 0
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            RULES.apply(state, seat, legal[rng.below(len(legal))])
            steps += 1
            assert steps < 5000
        _check_conserved(state)
        winners = RULES.winners(state)
        scores = RULES.scores(state)
        assert winners and all(scores[w] == max(scores) for w in winners)


def _command_universe(state) -> list:
    spaces = state.table.space_count
    commands: list = [MoveTo(space) for space in range(-1, spaces + 1)]
    commands += [MoveTo("3"), Recover(), EndTurn(), Pass(), KeepColor(3), KeepColor(-1)]
    commands += [KeepColor(color) for color in range(3)]
    commands += [ReturnPebbles(r, y, g) for r in range(3) for y in range(3) for g in range(3)]
    commands.append(ReturnPebbles(-1, 2, 0))
    return commands


@pytest.mark.parametrize("variant", VARIANTS)
def test_illegal_commands_are_refused_and_change_nothing(variant):
    rng = Rng(99)
    for game in range(40):
        seats = 2 + game % 3
        state = RULES.new_state(_options(seats, variant, "moonlit_garden"), seats, game)
        while not RULES.is_over(state):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            if rng.below(3) == 0:
                before = RULES.state_to_json(state)
                for command in _command_universe(state):
                    for who in range(seats):
                        if who == seat and command in legal:
                            trial = state.clone()
                            RULES.apply(trial, who, command)  # legal: accepted
                            continue
                        with pytest.raises(IllegalCommand):
                            RULES.apply(state, who, command)
                        assert RULES.state_to_json(state) == before
            RULES.apply(state, seat, legal[rng.below(len(legal))])
        with pytest.raises(IllegalCommand, match="over"):
            RULES.apply(state, 0, Recover())


@pytest.mark.parametrize("variant", VARIANTS)
def test_advance_plays_exactly_the_games_apply_plays(variant):
    """The unchecked, silent path (playouts, bots' look-ahead) changes states just as `apply`."""
    from moonlight_desktop.engine.bench import random_game

    for seats in (2, 3, 4):
        options = RULES.normalize_options(_options(seats, variant, "moonlit_garden"), seats)
        for seed in range(15):
            checked = random_game(RULES, seats, seed, options, checked=True)
            quick = random_game(RULES, seats, seed, options, checked=False)
            assert RULES.state_to_json(quick) == RULES.state_to_json(checked)
