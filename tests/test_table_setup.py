"""The shared setup model, headless: seats, looks, names, options, remembering, starting."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.games.registry import GAMES
from moonlight_desktop.ui.table.setup import (
    HUMAN,
    Choice,
    OptionSpec,
    SetupError,
    SetupSpec,
    TableSetup,
)

SPEC = SetupSpec(
    game_id="samarkand",
    min_seats=3,
    max_seats=5,
    default_seats=4,
    looks=("rose", "teal", "amber", "azure", "violet"),
    look_titles=("Rose", "Teal", "Amber", "Azure", "Violet"),
    options=(
        OptionSpec(
            "mode",
            "Countdown",
            "Live: stop the clock. Sealed: set stop prices in private.",
            (Choice("live", "Live"), Choice("sealed", "Sealed")),
        ),
        OptionSpec(
            "hidden_goods",
            "Hidden goods",
            "Goods bought stay behind the screen.",
            (Choice(False, "Off"), Choice(True, "On")),
        ),
    ),
)


def test_the_default_table_is_one_human_and_bots_with_distinct_looks_and_names() -> None:
    setup = TableSetup.default(SPEC)
    assert [s.kind for s in setup.seats] == [HUMAN, "normal", "normal", "normal"]
    assert [s.name for s in setup.seats] == [
        "Player 1",
        "Teal (normal)",
        "Amber (normal)",
        "Azure (normal)",
    ]
    assert setup.options == {"mode": "live", "hidden_goods": False}
    assert setup.problem() is None


def test_seats_are_added_and_removed_within_the_range() -> None:
    setup = TableSetup.default(SPEC)
    setup.add_seat()
    assert len(setup.seats) == 5 and setup.seats[-1].look == "violet"
    setup.add_seat()
    assert len(setup.seats) == 5
    for _ in range(5):
        setup.remove_seat(0)
    assert len(setup.seats) == 3


def test_a_default_name_follows_its_seat_and_a_typed_one_stays() -> None:
    setup = TableSetup.default(SPEC)
    setup.set_kind(1, "easy")
    assert setup.seats[1].name == "Teal (easy)"
    setup.set_kind(1, HUMAN)
    assert setup.seats[1].name == "Player 2"
    setup.set_name(1, "Ana")
    setup.set_kind(1, "normal")
    assert setup.seats[1].name == "Ana"


def test_names_stop_at_the_visible_limit() -> None:
    setup = TableSetup.default(SPEC)
    setup.set_name(0, "x" * 40)
    assert setup.seats[0].name == "x" * SPEC.name_length


def test_taking_another_seats_look_swaps_them() -> None:
    setup = TableSetup.default(SPEC)
    setup.set_look(0, "teal")
    assert [s.look for s in setup.seats[:2]] == ["teal", "rose"]
    assert setup.seats[1].name == "Rose (normal)"  # a default name follows the new look


def test_empty_or_equal_names_stop_the_start_with_a_reason() -> None:
    setup = TableSetup.default(SPEC)
    setup.set_name(0, "  ")
    assert setup.problem() == "Every player needs a name."
    setup.set_name(0, "teal (NORMAL)")
    assert setup.problem() == "Two players have the same name."
    with pytest.raises(SetupError):
        setup.to_match(GAMES["samarkand"].rules, seed=1)


def test_options_take_only_offered_values_of_the_same_type() -> None:
    setup = TableSetup.default(SPEC)
    setup.set_option("hidden_goods", 1)  # JSON's 1 is not True
    setup.set_option("mode", "auction")
    assert setup.options == {"mode": "live", "hidden_goods": False}
    setup.set_option("mode", "sealed")
    assert setup.options["mode"] == "sealed"


def test_the_setup_starts_the_game_it_shows() -> None:
    setup = TableSetup.default(SPEC)
    setup.set_option("mode", "sealed")
    setup.set_seed_text("12a3")
    assert setup.seed_text == "123"
    match = setup.to_match(GAMES["samarkand"].rules)
    assert match.record.seed == 123 and match.record.options["mode"] == "sealed"
    assert [seat.look for seat in match.seats] == ["rose", "teal", "amber", "azure"]
    assert [seat.level for seat in match.seats] == [None, "normal", "normal", "normal"]


def test_a_remembered_setup_comes_back_whole() -> None:
    setup = TableSetup.default(SPEC)
    setup.set_name(0, "Ana")
    setup.set_look(0, "violet")
    setup.set_option("hidden_goods", True)
    setup.remove_seat(3)
    assert TableSetup.restore(SPEC, setup.to_json()) == setup


def test_a_damaged_remembered_setup_keeps_what_is_good() -> None:
    data: dict[str, Any] = TableSetup.default(SPEC).to_json()
    data["seats"][0]["name"] = "Ana"
    data["seats"][1] = {"kind": ["normal"], "name": "\x00", "look": "rose"}  # all of it bad
    data["seats"][2]["name"] = "ANA"  # taken by seat 1 already
    data["options"] = {"mode": 5, "hidden_goods": True, "stray": 1}
    restored = TableSetup.restore(SPEC, data)
    assert restored.seats[0].name == "Ana"
    assert restored.seats[1].kind == "normal" and restored.seats[1].look == "teal"
    assert restored.seats[1].name == "Teal (normal)"
    assert restored.seats[2].name == "Amber (normal)"
    assert restored.options == {"mode": "live", "hidden_goods": True}
    assert restored.problem() is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=30,
)


@given(data=JSON, seats=st.lists(JSON, min_size=0, max_size=7))
def test_any_remembered_setup_can_start_a_game(data: Any, seats: list[Any]) -> None:
    for candidate in (data, {"version": 1, "seats": seats, "options": data}):
        setup = TableSetup.restore(SPEC, candidate)
        assert setup.problem() is None
        setup.to_match(GAMES["samarkand"].rules, seed=random.randrange(1000))
