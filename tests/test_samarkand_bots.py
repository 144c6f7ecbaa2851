"""Samarkand's bots: always legal, deterministic, deciding from the view alone, following the
public payments, and normal beats easy in both modes."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import Match, Rng, SeatSpec
from moonlight_desktop.engine.arena import run_arena
from moonlight_desktop.games.samarkand.bots import SAMARKAND_BOTS, EasyBot, NormalBot
from moonlight_desktop.games.samarkand.moves import Order, Seal, Stop, Wait
from moonlight_desktop.games.samarkand.spec import SAMARKAND
from moonlight_desktop.games.samarkand.state import Phase, SamarkandState

from .samarkand_helpers import CAMEL, RULES, card, clock_to, new_game, sell

MAX_COMMANDS = 3000  # far above any real game: a bot stuck in a loop fails here


def _play(levels: list[str], seed: int, options: dict, watch=None) -> Match[SamarkandState]:
    """A whole game, checking every choice is one of the legal commands (the same object)."""
    seats = [SeatSpec(level, "bot", level) for level in levels]
    match: Match[SamarkandState] = Match.new(RULES, seats, seed, options)
    bots = [SAMARKAND_BOTS[level](seed * 10 + n) for n, level in enumerate(levels)]
    for _ in range(MAX_COMMANDS):
        if match.is_over():
            return match
        for seat in match.to_act():
            legal = match.legal(seat)
            command = bots[seat].choose(match.view(seat), legal, 1.0)
            assert any(command is option for option in legal), (command, legal)
            if watch is not None:
                watch(match, seat, bots[seat])
            match.submit(seat, command)
    raise AssertionError(f"no end after {MAX_COMMANDS} commands: {levels} {options}")


@pytest.mark.parametrize("mode", ["live", "sealed"])
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_bots_always_choose_a_legal_command(seats: int, mode: str) -> None:
    line_ups = [["easy"] * seats, ["normal"] * seats, ["normal", *["easy"] * (seats - 1)]]
    for number, levels in enumerate(line_ups):
        for hidden in (False, True):
            options = {"mode": mode, "hidden_goods": hidden}
            assert _play(levels, 100 * seats + 10 * number + hidden, options).is_over()


@pytest.mark.parametrize("level", sorted(SAMARKAND_BOTS))
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    for mode in ("live", "sealed"):
        first = _play([level] * 4, 7, {"mode": mode})
        again = _play([level] * 4, 7, {"mode": mode})
        assert first.record.moves == again.record.moves


@pytest.mark.parametrize("level", sorted(SAMARKAND_BOTS))
def test_bots_decide_from_the_view_alone(level: str) -> None:
    """Hidden facts (rivals' money and camels, deck orders) changed: same view, same choice."""
    hidden = Rng(3)
    compared = 0
    for seed in range(10):
        state = RULES.new_state({"mode": ("live", "sealed")[seed % 2]}, 3 + seed % 3, seed)
        walker = Rng(seed)
        for _ in range(10 + 7 * seed):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            RULES.apply(state, seat, legal[walker.below(len(legal))])
        seat = RULES.to_act(state)[0]
        twin = RULES.clone(state)
        hidden.shuffle(twin.camel_deck)
        for other in range(state.table.seats):
            if other != seat:
                twin.money[other] += 1 + hidden.below(9)
                twin.camels[other].append(6)
        assert RULES.view(state, seat) == RULES.view(twin, seat)
        choices = [
            SAMARKAND_BOTS[level](5).choose(
                RULES.view(game, seat), RULES.legal_commands(game, seat), 1.0
            )
            for game in (state, twin)
        ]
        assert choices[0] == choices[1]
        compared += 1
    assert compared == 10


@pytest.mark.parametrize("mode", ["live", "sealed"])
def test_normal_beats_easy(mode: str) -> None:
    result = run_arena(
        SAMARKAND.rules,
        ["normal", "easy", "easy", "easy"],
        24,
        11,
        lambda level, seed: SAMARKAND.bots[level](seed),
        {"mode": mode},
    )
    # Measured (docs/samarkand_bots.md): normal wins most games; a fair share would be 25%.
    assert result.tallies["normal"].win_rate > 0.45


def test_normal_knows_its_rivals_money_from_the_public_payments() -> None:
    checked = []

    def watch(match: Match[SamarkandState], seat: int, bot) -> None:
        if seat == 0 and match.view(0).phase == Phase.CHOOSE:
            money = match.snapshot().money
            assert bot.rival_money(match.view(0)) == money[1:]
            checked.append(seat)

    _play(["normal", "easy", "easy", "normal"], 5, {"mode": "live"}, watch)
    _play(["normal", "easy", "normal"], 6, {"mode": "sealed"}, watch)
    assert len(checked) >= 18


def test_normal_never_stops_above_what_the_richest_rival_could_pay() -> None:
    state = new_game(seats=4)
    for seat in (1, 2, 3):
        state.money[seat] = 3
    state.bank_takings = 36  # where the rivals' money went, as far as the totals go
    sell(state, card(0, 1), card(1, 7), card(2, 7), card(3, 7))
    bot = NormalBot(1)
    bot._money = [15, 3, 3, 3]  # what it followed of the payments (none shown in this setup)
    bot._ledger_seen = (1, 0)
    chosen = []
    while state.phase == Phase.COUNTDOWN and state.value > 4:
        chosen.append(bot.choose(RULES.view(state, 0), RULES.legal_commands(state, 0), 1.0))
        clock_to(state, state.value - 1)
    assert all(isinstance(command, Wait) for command in chosen)
    assert state.value == 4
    assert isinstance(bot.choose(RULES.view(state, 0), RULES.legal_commands(state, 0), 1.0), Stop)


def test_normal_wants_the_card_that_completes_its_weakest_type() -> None:
    state = new_game(seats=4)
    state.goods[0] = [card(1, 7), card(2, 7)]
    state.camels[0] = [5]
    state.camel_offer, state.camel_deck = 0, []  # only goods on offer
    sell(state, card(0, 1), card(1, 1), card(2, 1), card(3, 7))
    clock_to(state, 4)
    legal = RULES.legal_commands(state, 0)
    command = NormalBot(1).choose(RULES.view(state, 0), legal, 1.0)
    assert command == Stop(card(3, 7))  # a third 7 and a first card of type 3


def test_sealed_bots_place_orders_then_seal() -> None:
    state = new_game(seats=4, mode="sealed")
    sell(state, card(0, 1), card(1, 7), card(2, 7), card(3, 7))
    for bot in (EasyBot(2), NormalBot(2)):
        trial = RULES.clone(state)
        commands = []
        while not trial.sealed[0]:
            command = bot.choose(RULES.view(trial, 0), RULES.legal_commands(trial, 0), 1.0)
            commands.append(command)
            RULES.apply(trial, 0, command)
        assert isinstance(commands[-1], Seal)
        assert all(isinstance(c, Order) for c in commands[:-1])


def test_live_stops_come_after_a_short_human_like_delay() -> None:
    for bot in (EasyBot(4), NormalBot(4)):
        delays = [bot.stop_delay_seconds() for _ in range(50)]
        assert all(0.25 <= delay <= 0.85 for delay in delays)
        assert len(set(delays)) > 5
    assert CAMEL == 50


def test_easy_never_buys_a_camel_it_cannot_fill() -> None:
    """Its camels already carry every card it can still buy (one a turn): no more camels."""
    for mode in ("live", "sealed"):
        state = new_game(seats=4, mode=mode)
        state.turn = 8
        state.camels[0] = [6]
        state.goods[0] = [card(1, 1), card(2, 1), card(3, 1)]  # 3 + 3 turns to come = 6
        sell(state, card(0, 1), card(1, 7), card(2, 7), card(3, 7))
        if mode == "live":
            clock_to(state, 1)
        for seed in range(20):
            bot, trial = EasyBot(seed), RULES.clone(state)
            command = bot.choose(RULES.view(trial, 0), RULES.legal_commands(trial, 0), 1.0)
            while isinstance(command, Order):
                RULES.apply(trial, 0, command)
                assert command.lot != CAMEL
                command = bot.choose(RULES.view(trial, 0), RULES.legal_commands(trial, 0), 1.0)
            assert command != Stop(CAMEL)


@pytest.mark.parametrize("mode", ["live", "sealed"])
def test_easys_thinking_turns_are_normals_own(mode: str) -> None:
    """The turns Easy plays as NormalBot are NormalBot's own decisions: a twin NormalBot that
    sees every view agrees with each of them (half its turns think here)."""
    match = Match.new(SAMARKAND.rules, [SeatSpec(n) for n in "abc"], 8, {"mode": mode})
    easy = EasyBot(5)
    easy.THINK_CHANCE = 50
    twin = NormalBot(5 ^ 0xEA5)
    rivals = {1: NormalBot(1), 2: EasyBot(2)}
    thought = own = 0
    while not match.is_over():
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal(seat)
        if seat == 0:
            command = easy.choose(view, legal, 1.0)
            normal = twin.choose(view, legal, 1.0)
            if len(legal) > 1 and easy._turn == (view.turn, True):
                assert command == normal
                thought += 1
            elif len(legal) > 1:
                own += 1
        else:
            command = rivals[seat].choose(view, legal, 1.0)
        match.submit(seat, command)
    assert thought > 5 and own > 5


def test_easy_plays_some_turns_by_its_own_rule() -> None:
    """By default most of its turns are its own (random sales), so it differs from NormalBot."""
    match = Match.new(SAMARKAND.rules, [SeatSpec(n) for n in "abc"], 8, {"mode": "live"})
    easy, twin = EasyBot(5), NormalBot(5 ^ 0xEA5)
    differ = 0
    while not match.is_over():
        seat = match.to_act()[0]
        view, legal = match.view(seat), match.legal(seat)
        command = easy.choose(view, legal, 1.0) if seat == 0 else legal[0]
        if seat == 0:
            differ += command != twin.choose(view, legal, 1.0)
        match.submit(seat, command)
    assert differ > 3
