"""Building Samarkand positions for tests: pinned setups and driving the countdown."""

from __future__ import annotations

from typing import Any

import pytest

from moonlight_desktop.engine import Command, Event, IllegalCommand
from moonlight_desktop.games.samarkand.components import CAMEL, GOODS_VALUES, cards_of
from moonlight_desktop.games.samarkand.moves import Sell, Stop, Wait
from moonlight_desktop.games.samarkand.rules import SamarkandRules
from moonlight_desktop.games.samarkand.state import Phase, SamarkandState

RULES = SamarkandRules()
CAMELS_TOP_FIRST = [3, 4, 5, 6] * 4


def new_game(
    seats: int = 4, mode: str = "live", hidden_goods: bool = False, **setup: Any
) -> SamarkandState:
    """A pinned game: seat n sells type n (the bank type 3 at three seats, its deck in card
    order), camels come up 3, 4, 5, 6, 3..., seat 0 is the Dean (each overridable)."""
    types = setup.pop("types", list(range(seats + (seats == 3))))
    pinned: dict[str, Any] = {
        "types": types,
        "camels": CAMELS_TOP_FIRST,
        "bank": cards_of(types[3]) if seats == 3 else [],
        "dean": 0,
        **setup,
    }
    return RULES.new_state({"mode": mode, "hidden_goods": hidden_goods}, seats, 1, pinned)


def card(goods_type: int, value: int, copy: int = 0) -> int:
    """The card of `goods_type` showing `value` (the second of a pair with copy=1)."""
    index = [n for n, v in enumerate(GOODS_VALUES) if v == value][copy]
    return goods_type * 10 + index


def sell(state: SamarkandState, *cards: int) -> list[Event]:
    """Every seat (in seat order) puts up the given card."""
    events: list[Event] = []
    for seat, sold in enumerate(cards):
        events += RULES.apply(state, seat, Sell(sold))
    return events


def clock_to(state: SamarkandState, value: int) -> list[Event]:
    """Live mode: everyone waits until the countdown shows `value`."""
    events: list[Event] = []
    while state.phase == Phase.COUNTDOWN and state.value > value:
        for seat in RULES.to_act(state):
            events += RULES.apply(state, seat, Wait())
    return events


def stops_at(state: SamarkandState, value: int, **claims: int) -> list[Event]:
    """Live mode: at `value`, seat `sN=lot` calls Stop on lot; everyone else waits."""
    events = clock_to(state, value)
    assert state.phase == Phase.COUNTDOWN and state.value == value
    wanted = {int(name[1:]): lot for name, lot in claims.items()}
    for seat in RULES.to_act(state):
        command: Command = Stop(wanted[seat]) if seat in wanted else Wait()
        events += RULES.apply(state, seat, command)
    return events


def refused(state: SamarkandState, seat: int, command: Command) -> str:
    """Applies a command that must be refused; checks nothing changed; returns the reason."""
    before = RULES.state_to_json(state)
    with pytest.raises(IllegalCommand) as refusal:
        RULES.apply(state, seat, command)
    assert RULES.state_to_json(state) == before
    return str(refusal.value)


def total_money(state: SamarkandState) -> int:
    return sum(state.money) + state.bank_takings


__all__ = ["CAMEL", "RULES", "Phase"]
