"""Market's bots: always legal, deterministic per seed, deciding from the view alone, and
`normal` stronger than `easy` (and than Dirk and Beate) in small fixed-seed arenas."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import Match, Rng, SeatSpec
from moonlight_desktop.engine.arena import run_arena
from moonlight_desktop.games.market.bots import MARKET_BOTS
from moonlight_desktop.games.market.spec import MARKET

from .market_helpers import RULES
from .probes.market import PROBE

MAX_COMMANDS = 1000  # far above a real game (about 130 at five seats)


def _make_bot(level: str, seed: int):
    return MARKET_BOTS[level](seed)


def _play(levels: list[str], seed: int, automata: int | None = None) -> Match:
    options = {} if automata is None else {"automata": automata}
    match: Match = Match.new(RULES, [SeatSpec(lv, "bot", lv) for lv in levels], seed, options)
    bots = [_make_bot(level, seed * 10 + n) for n, level in enumerate(levels)]
    for _ in range(MAX_COMMANDS):
        if match.is_over():
            return match
        seat = match.to_act()[0]
        legal = match.legal(seat)
        command = bots[seat].choose(match.view(seat), legal, 1.0)
        assert command in legal
        match.submit(seat, command)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("levels", "automata"),
    [
        (["normal"], None),
        (["easy", "normal"], None),
        (["easy", "normal", "easy"], 1),
        (["normal", "easy", "normal", "easy"], 0),
        (["easy", "normal", "easy", "normal", "normal"], 0),
    ],
)
def test_bots_always_choose_a_legal_command(levels, automata):
    for seed in range(6):
        assert _play(levels, seed, automata).is_over()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_are_deterministic_for_a_seed(level):
    first = _play([level, level, level], 11)
    again = _play([level, level, level], 11)
    assert first.record.to_json() == again.record.to_json()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_decide_from_the_view_alone(level):
    """The same seeded bot chooses the same on states that differ only in hidden facts."""
    rng = Rng(5)
    state = RULES.new_state(RULES.normalize_options({}, 3), 3, 21)
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_commands(state, seat)
        twin = PROBE.hidden_facts_changed(state, seat, rng)
        chosen = _make_bot(level, 3).choose(RULES.view(state, seat), legal, 1.0)
        assert chosen == _make_bot(level, 3).choose(RULES.view(twin, seat), legal, 1.0)
        RULES.apply(state, seat, legal[rng.below(len(legal))])


def test_normal_beats_easy():
    result = run_arena(RULES, ["normal", "easy", "easy"], 30, 1, _make_bot, {}, MARKET.stats)
    normal, easy = result.tallies["normal"], result.tallies["easy"]
    assert normal.win_rate > 0.6 > easy.win_rate
    assert normal.mean_score > easy.mean_score + 5


def test_normal_beats_dirk_and_beate_in_the_solo_game():
    result = run_arena(RULES, ["normal"], 30, 1, _make_bot, {}, MARKET.stats)
    assert result.tallies["normal"].win_rate > 0.5
