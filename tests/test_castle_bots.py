"""Castle's bots: always legal, deterministic, deciding from the view alone, and normal > easy."""

from __future__ import annotations

import math

import pytest

from moonlight_desktop.engine import Match, Rng, SeatSpec
from moonlight_desktop.engine.arena import run_arena
from moonlight_desktop.games.castle.bots import (
    CASTLE_BOTS,
    EasyBot,
    NormalBot,
    _draw_outcomes,
    _hypergeometric,
)
from moonlight_desktop.games.castle.moves import EndTurn, Recover, ReturnPebbles
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.state import CastleState
from moonlight_desktop.games.castle.tiles import TILE_COSTS

from .castle_helpers import RULES, G, Phase, R, Spell, Y, give, new_game, place, stand, tile_with

GOLD = {
    "fountains": [
        {"ritual": "return_two", "side": "gold"},
        {"ritual": "one_color", "side": "gold"},
        {"ritual": "return_one", "side": "gold"},
        {"ritual": "one_of_each", "side": "gold"},
    ]
}
VARIANTS = {
    "plain": {},
    "full_moon": {"full_moon": True},
    "gold": GOLD,
    "rose_full_moon_gold": {"level": "rose_garden", "full_moon": True, **GOLD},
}
MAX_COMMANDS = 2000  # far above any real game (about 200): a bot stuck in a loop fails here


def _options(variant: str, seats: int) -> dict:
    options = dict(VARIANTS[variant])
    if "fountains" in options:
        options["fountains"] = options["fountains"][:seats]
    return options


def _play(levels: list[str], seed: int, options: dict) -> Match[CastleState]:
    """A whole game, checking every choice is one of the legal commands (the same object)."""
    match: Match[CastleState] = Match.new(
        RULES, [SeatSpec(level, "bot", level) for level in levels], seed, options
    )
    bots = [CASTLE_BOTS[level](seed * 10 + n) for n, level in enumerate(levels)]
    for _ in range(MAX_COMMANDS):
        if match.is_over():
            return match
        seat = match.to_act()[0]
        legal = match.legal(seat)
        command = bots[seat].choose(match.view(seat), legal, 1.0)
        assert any(command is option for option in legal), (command, legal)
        match.submit(seat, command)
    raise AssertionError(f"no end after {MAX_COMMANDS} commands: {levels} {options}")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bots_always_choose_a_legal_command(seats: int, variant: str) -> None:
    line_ups = [["easy"] * seats, ["normal"] * seats, ["normal", *["easy"] * (seats - 1)]]
    for number, levels in enumerate(line_ups):
        for seed in range(3):
            match = _play(levels, 1000 * seats + 10 * number + seed, _options(variant, seats))
            assert match.is_over()


@pytest.mark.parametrize("level", sorted(CASTLE_BOTS))
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    levels = [level, level, level]
    first = _play(levels, 7, {"fountains": GOLD["fountains"][:3]})
    again = _play(levels, 7, {"fountains": GOLD["fountains"][:3]})
    assert first.record.moves == again.record.moves


@pytest.mark.parametrize("level", sorted(CASTLE_BOTS))
def test_bots_decide_from_the_view_alone(level: str) -> None:
    """Two games that differ only in hidden facts (pouch order, stack order) look the same to
    a seat, so a bot with the same seed must choose the same in both."""
    hidden = Rng(99)
    compared = 0
    for seed in range(8):
        state = RULES.new_state({}, 2 + seed % 3, seed)
        walker = Rng(seed)
        for _ in range(8 + 5 * seed):
            if RULES.is_over(state):
                break
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            RULES.apply(state, seat, legal[walker.below(len(legal))])
        if RULES.is_over(state):
            continue
        twin = RULES.clone(state)
        hidden.shuffle(twin.pouch)
        below_magic = twin.castle[1:]
        hidden.shuffle(below_magic)
        twin.castle[1:] = below_magic
        seat = RULES.to_act(state)[0]
        assert twin.pouch != state.pouch or twin.castle != state.castle
        assert RULES.view(state, seat) == RULES.view(twin, seat)
        choices = [
            CASTLE_BOTS[level](5).choose(
                RULES.view(game, seat), RULES.legal_commands(game, seat), 1.0
            )
            for game in (state, twin)
        ]
        assert choices[0] == choices[1]
        compared += 1
    assert compared >= 5


def test_normal_beats_easy() -> None:
    result = run_arena(
        CastleRules(),
        ["normal", "easy"],
        60,
        11,
        lambda level, seed: CASTLE_BOTS[level](seed),
    )
    # Measured: normal wins nearly every game (docs/castle_bots.md); equal bots would win half.
    assert result.tallies["normal"].win_rate > 0.75


# NormalBot's counting -------------------------------------------------------------------------


def test_draw_odds_are_exact_hypergeometric() -> None:
    outcomes = {drawn: p for p, drawn in _hypergeometric((3, 1, 0), 2)}
    assert outcomes.keys() == {(2, 0, 0), (1, 1, 0)}
    assert math.isclose(outcomes[(2, 0, 0)], 3 / 6)
    assert math.isclose(outcomes[(1, 1, 0)], 3 / 6)
    assert math.isclose(sum(p for p, _ in _hypergeometric((17, 12, 9), 4)), 1.0)


def test_draw_odds_follow_the_refill_from_the_paid_pile() -> None:
    # One unseen pebble left in the pouch (certainly green), then the refill: 2 red paid.
    outcomes = _draw_outcomes((0, 0, 1), 1, (2, 0, 0), 3)
    assert [(round(p, 9), drawn) for p, drawn in outcomes] == [(1.0, (2, 0, 1))]


def test_normal_recovers_the_big_tile_after_moving() -> None:
    state = new_game(seats=2)
    place(state, 9, tile_with((R, Y, G), Spell.NOTHING))
    stand(state, 0, state.table.space_faces.index(9))
    give(state, 0, red=2, yellow=2, green=2)
    state.phase = Phase.RECOVER
    legal = RULES.legal_commands(state, 0)
    assert any(isinstance(c, EndTurn) for c in legal)
    assert isinstance(NormalBot(1).choose(RULES.view(state, 0), legal, 1.0), Recover)


def test_normal_keeps_the_pebbles_its_reachable_tile_needs() -> None:
    """At the gold "place 2" fountain, with only a yellow pair on the path, it places the reds."""
    state = new_game(seats=2, options={"fountains": GOLD["fountains"][:2]})
    stand(state, 0, state.table.space_fountain.index(0))
    stand(state, 1, 0)
    give(state, 0)
    state.path = [-1] * state.table.path_length
    state.path[5] = tile_with((Y, Y), Spell.NOTHING)
    state.drawn = [2, 2, 0]
    state.phase = Phase.FOUNTAIN
    legal = RULES.legal_commands(state, 0)
    assert len(legal) == 3
    assert NormalBot(1).choose(RULES.view(state, 0), legal, 1.0) == ReturnPebbles(2, 0, 0)


def test_easy_mostly_stays_to_recover() -> None:
    state = new_game(seats=2)
    stand(state, 0, state.table.space_faces.index(9))
    red, yellow, green = TILE_COSTS[state.path[9]]
    give(state, 0, red=red + 1, yellow=yellow + 1, green=green + 1)
    legal = RULES.legal_commands(state, 0)
    assert any(isinstance(c, Recover) for c in legal)
    bot = EasyBot(3)
    bot.THINK_CHANCE = 0  # its own rule, not NormalBot's advice
    stays = sum(
        isinstance(bot.choose(RULES.view(state, 0), legal, 1.0), Recover) for _ in range(200)
    )
    assert 140 <= stays < 200
