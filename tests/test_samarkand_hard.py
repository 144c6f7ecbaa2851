"""Samarkand's Hard bot: samples that agree with the view (and with the payments it watched),
decisions that never depend on hidden facts, and the obvious purchase in a won position."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from moonlight_desktop.engine import Bot, Rng
from moonlight_desktop.games.samarkand.components import cards_of
from moonlight_desktop.games.samarkand.hard import (
    HardBot,
    SamarkandCandidates,
    SamarkandDeterminizer,
    SamarkandMemory,
    heuristic,
)
from moonlight_desktop.games.samarkand.moves import Stop, Wait
from moonlight_desktop.games.samarkand.spec import SAMARKAND
from moonlight_desktop.games.samarkand.state import Phase, SamarkandState
from moonlight_desktop.games.samarkand.view import SamarkandView

from .samarkand_helpers import RULES, card, new_game


def _walk(
    state: SamarkandState, seed: int, steps: int, memories: list[SamarkandMemory]
) -> Iterator[tuple[int, SamarkandView]]:
    """Plays `steps` commands as the arena asks them (every seat to act, in turn), half
    random, half NormalBot's rule, each seat's memory following its views; yields (seat,
    view) at each question."""
    walker = Rng(seed)
    for _ in range(steps):
        if RULES.is_over(state):
            return
        for seat in RULES.to_act(state):
            if seat not in RULES.to_act(state):
                continue
            view = RULES.view(state, seat)
            memories[seat].follow(view)
            yield seat, view
            legal = RULES.legal_commands(state, seat)
            random = walker.below(2) == 0
            command = legal[walker.below(len(legal))] if random else heuristic(state, seat, legal)
            RULES.apply(state, seat, command)


@pytest.mark.parametrize("mode", ["live", "sealed"])
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_samples_agree_with_the_view(seats: int, mode: str) -> None:
    rng = Rng(seats)
    for hidden in (False, True):
        for game in range(2):
            state = RULES.new_state({"mode": mode, "hidden_goods": hidden}, seats, 10 * game)
            memories = [SamarkandMemory() for _ in range(seats)]
            for n, (seat, view) in enumerate(_walk(state, game, 400, memories)):
                if n % 7:
                    continue
                for memory in (memories[seat], None):
                    sample = SamarkandDeterminizer(memory).sample(view, rng)
                    assert RULES.view(sample, seat).to_json() == view.to_json()
                    data = RULES.state_to_json(sample)
                    assert RULES.state_to_json(RULES.state_from_json(data)) == data
                    assert RULES.legal_commands(sample, seat) == RULES.legal_commands(state, seat)
                    for asked in RULES.to_act(sample):  # the tree is offered legal commands only
                        legal = RULES.legal_commands(sample, asked)
                        offered = SamarkandCandidates(seat)(sample, asked, legal)
                        assert offered and all(command in legal for command in offered)


def test_the_memory_knows_what_the_payments_showed() -> None:
    """A seat that watched every view knows each rival's money and, in the variant, goods."""
    for seats, mode in ((3, "live"), (4, "sealed"), (5, "live")):
        state = RULES.new_state({"mode": mode, "hidden_goods": True}, seats, 3)
        memories = [SamarkandMemory() for _ in range(seats)]
        checked = 0
        for n, (seat, view) in enumerate(_walk(state, 5, 300, memories)):
            if n % 5:
                continue
            sample = SamarkandDeterminizer(memories[seat]).sample(view, Rng(n))
            assert sample.money == state.money
            assert [sorted(g) for g in sample.goods] == [sorted(g) for g in state.goods]
            checked += 1
        assert checked > 10


def test_hidden_facts_vary_between_samples() -> None:
    for mode in ("live", "sealed"):
        state = new_game(4, mode, hidden_goods=True)
        memories = [SamarkandMemory() for _ in range(4)]
        for seat, view in _walk(state, 2, 90, memories):
            last = (seat, view)
        seat, view = last
        determinizer = SamarkandDeterminizer()  # no memory: money, camels, goods all drawn
        samples = [determinizer.sample(view, Rng(n)) for n in range(12)]
        for hidden in ("money", "camels", "camel_deck", "goods", "rng"):
            seen = {str(RULES.state_to_json(s)[hidden]) for s in samples}
            assert len(seen) > 1, hidden
        truth = RULES.state_to_json(state)
        assert all(RULES.state_to_json(s) != truth for s in samples)


def test_sealed_orders_and_face_down_cards_are_drawn() -> None:
    state = new_game(4, "sealed")
    for seat in range(4):
        RULES.apply(state, seat, RULES.legal_commands(state, seat)[0])
    for seat in (1, 2, 3):  # the rivals seal first: their orders are behind screens
        legal = RULES.legal_commands(state, seat)
        RULES.apply(state, seat, legal[len(legal) // 2])
        RULES.apply(state, seat, RULES.legal_commands(state, seat)[-1])
    view = RULES.view(state, 0)
    orders = {str(SamarkandDeterminizer().sample(view, Rng(n)).orders[1:]) for n in range(10)}
    assert len(orders) > 1
    chosen = new_game(4, "live")
    RULES.apply(chosen, 1, RULES.legal_commands(chosen, 1)[0])
    drawn = {
        SamarkandDeterminizer().sample(RULES.view(chosen, 0), Rng(n)).chosen[1] for n in range(10)
    }
    assert len(drawn) > 1 and all(c in chosen.hands[1] for c in drawn)


def _twin(state: SamarkandState, seat: int, rng: Rng) -> SamarkandState:
    """The same position but for facts the seat cannot see."""
    twin = RULES.clone(state)
    rivals = [s for s in range(state.table.seats) if s != seat]
    a, b = rivals[0], rivals[1]
    twin.money[a], twin.money[b] = twin.money[b], twin.money[a]
    twin.camels[a], twin.camels[b] = twin.camels[b], twin.camels[a]
    rng.shuffle(twin.camel_deck)
    rng.shuffle(twin.bank_deck)
    twin.rng = Rng(rng.next64())
    if state.phase == Phase.CHOOSE:
        for rival in rivals:
            if twin.chosen[rival] >= 0:
                twin.chosen[rival] = twin.hands[rival][rng.below(len(twin.hands[rival]))]
    return twin


def test_it_never_cheats() -> None:
    rng = Rng(9)
    compared = 0
    for game in range(6):
        seats, mode = 3 + game % 3, ("live", "sealed")[game % 2]
        state = RULES.new_state({"mode": mode}, seats, 40 + game)
        walker = Rng(game)
        for _ in range(30 + 11 * game):
            seat = RULES.to_act(state)[0]
            legal = RULES.legal_commands(state, seat)
            RULES.apply(state, seat, legal[walker.below(len(legal))])
        seat = RULES.to_act(state)[-1]
        twin = _twin(state, seat, rng)
        assert RULES.view(state, seat) == RULES.view(twin, seat)
        legal = RULES.legal_commands(state, seat)
        choices = [
            HardBot(3, iterations=12).choose(RULES.view(game_, seat), legal, 1.0)
            for game_ in (state, twin)
        ]
        assert choices[0] == choices[1]
        compared += len(legal) > 1
    assert compared >= 3


def _last_chance() -> tuple[SamarkandState, Stop]:
    """Turn 10, value 1, live: seat 0 alone has money (the rivals' is all at the bank: the
    money is public by subtraction). Buying the 7 of its missing type wins; waiting loses."""
    state = new_game(4, "live")
    missing = card(3, 7)
    mine = [card(1, 5), card(2, 5)]
    theirs = [card(0, 6), card(2, 6), card(3, 6), card(0, 1), card(2, 1), card(3, 1)]
    state.turn, state.phase, state.value = 10, Phase.COUNTDOWN, 1
    state.hands = [[] for _ in range(4)]
    state.offers = [missing, card(1, 1)]
    state.goods = [mine, theirs, [], []]
    state.camels = [[3], [6], [], []]
    state.camel_deck, state.camel_offer = [], 0
    used = set(state.offers) | set(mine) | set(theirs)
    state.discards = [c for t in range(4) for c in cards_of(t) if c not in used]
    state.money = [10, 0, 0, 0]
    state.bank_takings = 50
    state.calls = [-2, -1, -1, -1]  # the rivals cannot pay: only seat 0 is still asked
    return state, Stop(missing)


def test_it_buys_the_winning_lot() -> None:
    state, winning = _last_chance()
    after = RULES.clone(state)
    RULES.apply(after, 0, winning)
    assert RULES.winners(after) == (0,)
    waited = RULES.clone(state)
    RULES.apply(waited, 0, Wait())
    assert 0 not in RULES.winners(waited)
    legal = RULES.legal_commands(state, 0)
    choice = HardBot(1, iterations=40).choose(RULES.view(state, 0), legal, 1.0)
    assert choice == winning
    assert any(choice is command for command in legal)


def test_it_is_deterministic_quick_and_registered() -> None:
    state = new_game(4, "sealed")
    for seat in range(4):
        RULES.apply(state, seat, RULES.legal_commands(state, seat)[-1])
    view, legal = RULES.view(state, 0), RULES.legal_commands(state, 0)
    first = HardBot(5, iterations=20).choose(view, legal, 1.0)
    assert first == HardBot(5, iterations=20).choose(view, legal, 1.0)
    assert any(first is command for command in legal)
    bot = SAMARKAND.bot("hard", 5, iterations=20)
    assert isinstance(bot, HardBot) and bot.iterations == 20
    quick = HardBot(5)
    started = time.perf_counter()
    quick.choose(view, legal, 0.05)
    assert time.perf_counter() - started < 0.5
    assert quick.last is not None and quick.last.iterations >= 1


def test_a_whole_game_against_normal_is_legal() -> None:
    from moonlight_desktop.engine.arena import play_game

    def make(level: str, seed: int) -> Bot:
        return HardBot(seed, iterations=4) if level == "hard" else SAMARKAND.bot(level, seed)

    match = play_game(RULES, ["hard", "normal", "easy"], 2, make, {"mode": "sealed"})
    assert match.is_over()
