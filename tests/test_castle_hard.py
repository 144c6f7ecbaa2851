"""Castle's Hard bot: its samples agree with the seat's view and vary in what it cannot see,
it never reads the true state, it takes the obvious tile, and it keeps to its budget."""

from __future__ import annotations

from typing import Any

import pytest

from moonlight_desktop.engine import Rng
from moonlight_desktop.games.castle import hard
from moonlight_desktop.games.castle.bots import NormalBot
from moonlight_desktop.games.castle.hard import (
    CLOSE,
    ENDGAME,
    ENDGAME_SAMPLES,
    EVERY_COMMAND_FROM,
    SEARCHED,
    CastleDeterminizer,
    HardBot,
    Judge,
    _clearly_best,
)
from moonlight_desktop.games.castle.moves import EndTurn, MoveTo, Recover
from moonlight_desktop.games.castle.spec import CASTLE
from moonlight_desktop.games.castle.state import CastleState
from moonlight_desktop.games.castle.tiles import MAGIC_TILE_ID
from moonlight_desktop.games.castle.win_odds import FULL, win_chance

from .castle_helpers import RULES, G, Phase, R, Spell, Y, give, new_game, place, stand, tile_with

GOLD = [
    {"ritual": "return_two", "side": "gold"},
    {"ritual": "one_color", "side": "gold"},
    {"ritual": "return_one", "side": "gold"},
    {"ritual": "one_of_each", "side": "gold"},
]
VARIANTS: dict[str, dict[str, Any]] = {
    "plain": {},
    "full_moon": {"full_moon": True},
    "gold": {"fountains": GOLD},
    "rose_open_screen": {"level": "rose_garden", "open_screens": [1]},
}


def _options(variant: str, seats: int) -> dict[str, Any]:
    options = dict(VARIANTS[variant])
    if "fountains" in options:
        options["fountains"] = options["fountains"][:seats]
    return options


def _random_states(seats: int, variant: str, count: int) -> list[CastleState]:
    """States reached by random legal play, from the start to late in the game."""
    states = []
    for number in range(count):
        seed = 100 * seats + number
        state = RULES.new_state(_options(variant, seats), seats, seed)
        walker = Rng(seed)
        for _ in range(walker.below(160)):
            if RULES.is_over(state):
                break
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            RULES.advance(state, seat, legal[walker.below(len(legal))])
        if not RULES.is_over(state):
            states.append(state)
    return states


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_samples_keep_the_view_and_vary_the_hidden_facts(seats: int, variant: str) -> None:
    determinizer = CastleDeterminizer()
    rng = Rng(seats)
    pouches, backs = set(), set()
    for state in _random_states(seats, variant, 12):
        for seat in range(seats):
            view = RULES.view(state, seat)
            sample = determinizer.sample(view, rng)
            assert RULES.view(sample, seat).to_json() == view.to_json()
            saved = RULES.state_to_json(sample)
            assert RULES.state_to_json(RULES.state_from_json(saved)) == saved
            assert RULES.legal_commands(sample, seat) == RULES.legal_commands(state, seat)
            if seat == state.seat:
                again = determinizer.sample(view, rng)
                pouches.add((tuple(sample.pouch), tuple(again.pouch)))
                backs.add((tuple(sample.castle), tuple(again.castle)))
    # The hidden facts differ between samples (not the true arrangement, each time).
    assert any(first != second for first, second in pouches)
    assert any(first != second for first, second in backs)


def test_a_sample_gives_each_face_down_tile_a_back_of_its_front() -> None:
    state = _random_states(3, "plain", 1)[0]
    view = RULES.view(state, 0)
    rng = Rng(4)
    seen_backs = set()
    for _ in range(40):
        sample = CastleDeterminizer().sample(view, rng)
        assert sorted([*sample.castle, *sample.fallen, *(t for t in sample.path if t >= 0)]) == (
            sorted([*state.castle, *state.fallen, *(t for t in state.path if t >= 0)])
        )
        seen_backs.add(tuple(sample.path))
    assert len(seen_backs) > 1


def test_it_never_reads_the_true_state() -> None:
    """Two states that differ only in the pouch's order, the stack's order and the colours
    behind the other screen: the same decision."""
    compared = 0
    for state in _random_states(2, "plain", 10):
        seat = state.seat
        if len(RULES.legal_commands(state, seat)) < 2:
            continue
        twin = RULES.clone(state)
        twin.rng = Rng(compared + 99)  # the game's own generator is hidden too
        hidden = Rng(compared + 1)
        hidden.shuffle(twin.pouch)
        stack = [tile for tile in twin.castle if tile != MAGIC_TILE_ID]
        hidden.shuffle(stack)
        twin.castle[len(twin.castle) - len(stack) :] = stack
        other = 1 - seat
        screen = twin.screens[other]
        if screen[0] and twin.pouch.count(1):  # a red behind the screen for a yellow in the pouch
            screen[0] -= 1
            screen[1] += 1
            twin.pouch[twin.pouch.index(1)] = 0
        assert RULES.view(state, seat) == RULES.view(twin, seat)
        choices = [
            HardBot(5, iterations=40).choose(
                RULES.view(game, seat), RULES.legal_commands(game, seat), 0
            )
            for game in (state, twin)
        ]
        assert choices[0] == choices[1]
        compared += 1
    assert compared >= 4


def _obvious() -> CastleState:
    """The last turn of the game: seat 0 may stay beside the three-jewel tile it can pay for,
    behind on jewels, or wander off and lose."""
    state = new_game(seats=2)
    place(state, 9, tile_with((R, Y, G), Spell.NOTHING))
    stand(state, 0, state.table.space_faces.index(9))
    give(state, 0, red=1, yellow=1, green=1)
    state.collected[1].append(state.path[5])
    state.path[5] = -1
    state.last_round, state.start_seat = True, 1
    return state


def test_it_takes_the_obvious_tile() -> None:
    state = _obvious()
    legal = RULES.legal_commands(state, 0)
    assert any(isinstance(c, Recover) for c in legal) and any(isinstance(c, MoveTo) for c in legal)
    choice = HardBot(1, iterations=100).choose(RULES.view(state, 0), legal, 0)
    assert isinstance(choice, Recover)
    assert any(choice is command for command in legal)
    state.phase = Phase.RECOVER
    legal = RULES.legal_commands(state, 0)
    assert EndTurn() in legal
    choice = HardBot(1, iterations=100).choose(RULES.view(state, 0), legal, 0)
    assert isinstance(choice, Recover) and any(choice is command for command in legal)


def test_it_is_deterministic_for_a_seed_and_registered_as_hard() -> None:
    for state in _random_states(3, "gold", 4):
        seat = state.seat
        view, legal = RULES.view(state, seat), RULES.legal_commands(state, seat)
        first = CASTLE.bot("hard", 8)
        assert isinstance(first, HardBot)
        first.iterations = 3  # every command is compared at three seats: few samples will do
        second = HardBot(8, iterations=3)
        choice = first.choose(view, legal, 0)
        assert choice == second.choose(view, legal, 0)
        assert any(choice is command for command in legal)


def test_it_keeps_to_a_small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """It stops at the first sample that ends past its budget. The clock is the bot's own,
    made to advance 0.02 s a reading, so the test does not depend on the machine's speed."""
    readings = iter(n * 0.02 for n in range(10_000))
    monkeypatch.setattr(hard.time, "perf_counter", lambda: next(readings))
    state = _random_states(4, "plain", 1)[0]
    seat = state.seat
    bot = HardBot(2, budget_seconds=0.05)
    choice = bot.choose(RULES.view(state, seat), RULES.legal_commands(state, seat), 1.0)
    assert choice in RULES.legal_commands(state, seat)
    assert bot.last is not None and bot.last.command is choice
    assert bot.last.iterations == 3  # read at 0.02, 0.04, then 0.06: past 0.05, it stops
    bot = HardBot(2, budget_seconds=1.5)
    readings = iter(n * 0.02 for n in range(10_000))
    bot.choose(RULES.view(state, seat), RULES.legal_commands(state, seat), 0.05)
    assert bot.last is not None and bot.last.iterations == 3  # the table's budget is smaller


def test_it_compares_only_normals_best_commands_head_to_head() -> None:
    """At two seats the commands compared are NormalBot's best few, close to its best, best
    first; a command NormalBot values far below its best is never played."""
    for state in _random_states(2, "plain", 8):
        seat = state.seat
        view, legal = RULES.view(state, seat), RULES.legal_commands(state, seat)
        if len(legal) < 2:
            continue
        values = dict(zip(legal, NormalBot(0).values(view, legal), strict=True))
        bot = HardBot(3, iterations=30)
        offered = bot.offered(view, legal)
        assert 1 <= len(offered) <= SEARCHED
        assert values[offered[0]] == max(values.values())
        assert all(values[c] >= values[offered[0]] - CLOSE for c in offered)
        assert [values[c] for c in offered] == sorted((values[c] for c in offered), reverse=True)
        choice = bot.choose(view, legal, 0)
        assert choice in offered and any(choice is command for command in legal)
        assert bot.last is not None
        assert bot.last.iterations == (30 if len(offered) > 1 else 0)


@pytest.mark.parametrize("seats", [3, 4])
def test_it_compares_every_command_at_three_seats_or_more(seats: int) -> None:
    """With two rivals or more, every legal command is played out, NormalBot's best first
    (ties in `legal`'s order), and the choice is one of them."""
    assert EVERY_COMMAND_FROM == 3
    checked = 0
    for state in _random_states(seats, "plain", 6):
        seat = state.seat
        view, legal = RULES.view(state, seat), RULES.legal_commands(state, seat)
        if len(legal) < 2:
            continue
        values = NormalBot(0).values(view, legal)
        bot = HardBot(3, iterations=4)
        offered = bot.offered(view, legal)
        expected = sorted(range(len(legal)), key=lambda n: (-values[n], n))
        assert [legal.index(command) for command in offered] == expected
        choice = bot.choose(view, legal, 0)
        assert any(choice is command for command in legal)
        samples = 4 * ENDGAME_SAMPLES if view.castle_count <= ENDGAME else 4
        assert bot.last is not None and bot.last.iterations == samples
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("seats", "endgame_samples"), [(2, 1), (3, ENDGAME_SAMPLES)])
def test_the_endgame_gets_more_samples_from_three_seats(seats: int, endgame_samples: int) -> None:
    """With the castle nearly empty, playouts end in a won or lost game, and at three seats or
    more such a decision is played on `ENDGAME_SAMPLES` times as many samples; before that,
    and at two seats, on `iterations`."""
    assert ENDGAME_SAMPLES > 1
    state = RULES.new_state({}, seats, 11)
    players = [NormalBot(seat) for seat in range(seats)]
    checked: dict[bool, int] = {}
    while len(checked) < 2 and not RULES.is_over(state):
        seat = state.seat
        view, legal = RULES.view(state, seat), RULES.legal_commands(state, seat)
        endgame = view.castle_count <= ENDGAME
        if len(legal) > 1 and endgame not in checked:
            bot = HardBot(2, iterations=2)
            bot.choose(view, legal, 0)
            assert bot.last is not None
            checked[endgame] = bot.last.iterations
        RULES.advance(state, seat, players[seat].choose(view, legal, 0))
    assert checked == {False: 2, True: 2 * endgame_samples}


def test_it_departs_from_normal_only_on_a_reliable_gain() -> None:
    assert _clearly_best([[0.0] * 5, [0.1, -0.1, 0.1, -0.1, 0.0]]) == 0  # luck
    assert _clearly_best([[0.0] * 5, [0.2, 0.1, 0.3, 0.2, 0.1], [0.1] * 5]) == 1
    assert _clearly_best([[0.0], [0.5]]) == 0  # one sample says nothing


def test_the_win_chance_grows_with_the_lead_and_counts_more_as_the_castle_empties() -> None:
    level = win_chance([10.0, 10.0], 0, 10, False)
    assert 0.5 < level < 1.0  # the seat about to play has the edge of playing next
    assert win_chance([8.0, 10.0], 0, 10, False) < level < win_chance([12.0, 10.0], 0, 10, False)
    assert win_chance([12.0, 10.0], 0, 2, False) > win_chance([12.0, 10.0], 0, 15, False)
    assert win_chance([12.0, 10.0], 0, 30, False) == win_chance([12.0, 10.0], 0, FULL, False)
    assert win_chance([12.0, 10.0], 0, 0, False) == win_chance([12.0, 10.0], 0, 1, False)
    assert win_chance([12.0, 10.0], 0, 3, True) != win_chance([12.0, 10.0], 0, 3, False)
    assert win_chance([10.0, 10.0, 10.0], 0, 10, False) < level  # one more rival to beat
    assert win_chance([10.0, 40.0, 10.0, 10.0], 0, 1, True) < 1e-6
    assert win_chance([60.0, 0.0, 0.0, 0.0], 0, 1, True) == pytest.approx(1.0)


def test_a_playout_stops_at_the_second_turn_ahead_and_is_judged_by_the_win_chance() -> None:
    judged = 0
    for state in _random_states(2, "plain", 12):
        if len(state.castle) <= ENDGAME or state.phase is not Phase.HIDE:
            continue
        me, start = state.seat, state.turns
        judge = Judge(me, start, NormalBot(0), 2)
        seen: list[tuple[int, int, Phase]] = []

        def standing(view: Any, seen: list[tuple[int, int, Phase]] = seen) -> float:
            seen.append((view.turns, view.seat, view.phase))
            return NormalBot(0).standing(view)

        # Compiled with mypyc (scripts/test.sh's second pass), a bot's methods cannot be
        # replaced: there the playout's end is checked, and the plain pass spies as well.
        spying = not hasattr(NormalBot, "__mypyc_attrs__")
        if spying:
            judge.normal.standing = standing  # type: ignore[method-assign]
        playout = RULES.clone(state)
        reward = judge.reward(playout, 7)
        assert 0.0 < reward < 1.0
        assert playout.seat == me and playout.phase is Phase.HIDE
        if spying:
            assert seen == [(playout.turns, me, Phase.HIDE)] * 2  # one standing per seat, there
        assert playout.turns >= start + 2  # two of its turns began (an extra turn counts)
        standings = [NormalBot(0).standing(RULES.view(playout, s)) for s in range(2)]
        assert reward == win_chance(standings, me, len(playout.castle), playout.last_round)
        judged += 1
    assert judged >= 3  # the sample holds enough mid-game turn starts to mean something


def test_a_playout_that_reaches_the_end_scores_the_win() -> None:
    """The last round's last turn: the game ends before any next turn, so the verdict is who
    won (the three-jewel tile wins it, ending the turn loses it)."""
    state = _obvious()
    for command, won in ((Recover(), 1.0), (EndTurn(), 0.0)):
        playout = RULES.clone(state)
        playout.phase = Phase.RECOVER
        RULES.advance(playout, 0, command)
        judge = Judge(0, state.turns, NormalBot(0), 2)
        assert judge.reward(playout, 3) == won
        assert RULES.is_over(playout)
