"""Le Marché de Samarkand's setup description: three to five merchants, humans or bots, the
crests of the brief, the countdown's mode as the table allows it (rulings S2 and S3: live with
one human at the screen at most, sealed for several humans, and a single human may choose
sealed), the hidden-goods variant and the first Dean; every table it shows starts, and
remembered setups are repaired."""

from __future__ import annotations

import json
import random
from itertools import product
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.engine import GameRecord, Match
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.samarkand.state import Phase
from moonlight_desktop.games.samarkand.ui.setup import (
    SAMARKAND_SETUP,
    SEAT_LOOK_TITLES,
    SEAT_LOOKS,
)
from moonlight_desktop.games.samarkand.view import SamarkandView
from moonlight_desktop.ui.table.setup import HINTS, HUMAN, SEATING, STARTER, TableSetup

SAMARKAND = GAMES["samarkand"]
RULES = SAMARKAND.rules
KINDS = (HUMAN, "easy", "normal")


def _setup(kinds: tuple[str, ...]) -> TableSetup:
    setup = TableSetup.default(SAMARKAND_SETUP)
    while len(setup.seats) < len(kinds):
        setup.add_seat()
    while len(setup.seats) > len(kinds):
        setup.remove_seat(len(setup.seats) - 1)
    for index, kind in enumerate(kinds):
        setup.set_kind(index, kind)
    return setup


def _values(setup: TableSetup, key: str) -> list[Any]:
    row = next(row for row in setup.rows() if row.key == key)
    return [choice.value for choice in row.choices]


def _view(match: Match[Any]) -> SamarkandView:
    view = match.view(None)
    assert isinstance(view, SamarkandView)
    return view


def test_the_default_is_one_human_against_three_bots_in_the_live_countdown() -> None:
    setup = TableSetup.default(SAMARKAND_SETUP)
    assert [(s.kind, s.name, s.look) for s in setup.seats] == [
        (HUMAN, "Player 1", "amber"),
        ("normal", "Teal (normal)", "teal"),
        ("normal", "Rose (normal)", "rose"),
        ("normal", "Azure (normal)", "azure"),
    ]
    assert setup.options == {"mode": "live", "hidden_goods": False, "clock": "normal"}
    assert [row.key for row in setup.rows()] == [
        "mode",
        "hidden_goods",
        "clock",
        SEATING,
        STARTER,
        HINTS,
    ]
    assert _values(setup, "mode") == ["live", "sealed"]
    assert _values(setup, "hidden_goods") == [False, True]
    rows = {row.key: row for row in setup.rows()}
    assert rows[STARTER].label == "First Dean" and rows[STARTER].choices[0].label == (
        "Drawn at random"
    )
    for row in rows.values():  # labels and a line of help for every row and choice
        assert row.label and row.help and all(choice.label for choice in row.choices)
        if row.key in ("mode", "hidden_goods"):
            assert all(choice.help for choice in row.choices)
    match = setup.to_match(RULES, seed=5)
    assert match.record.options == {
        "mode": "live",
        "hidden_goods": False,
        "dean": None,
        "clock": "normal",
    }
    view = _view(match)
    assert view.seats == 4 and not view.table.sealed and view.phase == Phase.CHOOSE
    assert match.to_act() == (0, 1, 2, 3)


def test_the_looks_are_the_crests_of_the_brief() -> None:
    assert SAMARKAND_SETUP.looks == SEAT_LOOKS == ("amber", "teal", "rose", "azure", "violet")
    assert SEAT_LOOK_TITLES == ("Amber", "Teal", "Rose", "Azure", "Violet")
    assert (SAMARKAND_SETUP.min_seats, SAMARKAND_SETUP.max_seats) == (3, 5)
    assert (RULES.min_seats, RULES.max_seats) == (3, 5)
    assert SAMARKAND_SETUP.levels == tuple(SAMARKAND.bots) == ("easy", "normal", "hard")
    assert SAMARKAND_SETUP.random_seating and SAMARKAND_SETUP.start is not None
    assert SAMARKAND_SETUP.start.option == "dean"
    assert SAMARKAND_SETUP.most_at_table() == 5


def test_every_seat_count_and_kind_mix_starts_in_a_mode_its_table_allows() -> None:
    """Live needs at most one human at the screen (S2); several humans play sealed (S3); one
    human (or bots alone) may choose either. Every table and mode offered starts a game."""
    tables = 0
    for seats in (3, 4, 5):
        for kinds in product(KINDS, repeat=seats):
            setup = _setup(kinds)
            humans = kinds.count(HUMAN)
            assert setup.humans() == humans and [s.kind for s in setup.seats] == list(kinds)
            offered = ["live", "sealed"] if humans <= 1 else ["sealed"]
            assert _values(setup, "mode") == offered, kinds
            assert setup.options["mode"] == ("sealed" if humans > 1 else setup.options["mode"])
            for mode, hidden in product(offered, (False, True)):
                setup.set_option("mode", mode)
                setup.set_option("hidden_goods", hidden)
                assert setup.options == {"mode": mode, "hidden_goods": hidden, "clock": "normal"}
                match = setup.to_match(RULES, seed=tables)
                tables += 1
                assert match.record.options["mode"] == mode
                table = _view(match).table
                assert (table.seats, table.sealed, table.hidden_goods) == (
                    seats,
                    mode == "sealed",
                    hidden,
                )
                assert [spec.level or HUMAN for spec in match.seats] == list(kinds)
                assert match.to_act() == tuple(range(seats))
                assert all(match.legal(seat) for seat in match.to_act())
    assert tables > 600


def test_the_mode_follows_as_seats_change_hands_and_a_single_human_may_choose_sealed() -> None:
    setup = TableSetup.default(SAMARKAND_SETUP)
    setup.set_option("mode", "sealed")  # one human against bots: sealed is allowed
    assert setup.options["mode"] == "sealed"
    setup.set_option("mode", "live")
    setup.set_kind(2, HUMAN)  # a second human at the screen: live is impossible
    assert setup.options["mode"] == "sealed" and _values(setup, "mode") == ["sealed"]
    row = next(row for row in setup.rows() if row.key == "mode")
    assert row.fixed and "at most one human" in row.help_line()
    setup.set_option("mode", "live")
    assert setup.options["mode"] == "sealed"
    setup.add_seat()
    setup.set_kind(4, HUMAN)
    assert setup.humans() == 3 and setup.options["mode"] == "sealed"
    setup.remove_seat(2)
    setup.remove_seat(3)
    assert setup.humans() == 1 and _values(setup, "mode") == ["live", "sealed"]
    assert setup.options["mode"] == "sealed"  # still offered: kept as it was
    setup.set_option("mode", "live")
    for index in range(len(setup.seats)):
        setup.set_kind(index, "easy")  # bots alone: the live countdown needs no human
    assert setup.humans() == 0 and setup.options["mode"] == "live"
    match = setup.to_match(RULES, seed=1)
    assert all(spec.player == "bot" for spec in match.seats)


def test_the_first_dean_goes_to_the_option_at_the_chosen_players_seat() -> None:
    setup = _setup((HUMAN, "normal", "easy", "normal", HUMAN))
    setup.set_name(2, "Cyrus")
    setup.choose(SEATING, True)
    assert setup.to_match(RULES, seed=2).record.options["dean"] is None  # the rules' own draw
    setup.choose(STARTER, 2)
    seated = set()
    for seed in range(10):
        match = setup.to_match(RULES, seed=seed)
        dean = match.record.options["dean"]
        assert match.seats[dean].name == "Cyrus" and _view(match).dean == dean
        seated.add(dean)
    assert len(seated) > 1  # the seating was random, the Dean followed the player


def test_a_random_seating_replays_from_the_record() -> None:
    setup = _setup((HUMAN, "easy", "normal", "normal"))
    setup.choose(SEATING, True)
    setup.set_option("mode", "sealed")
    orders = {tuple(s.name for s in setup.to_match(RULES, seed=n).seats) for n in range(24)}
    assert len(orders) > 6
    match = setup.to_match(RULES, seed=17)
    roll = random.Random(4)
    for _ in range(150):
        seat = match.to_act()[0]
        match.submit(seat, roll.choice(list(match.legal(seat))))
    data = json.loads(json.dumps(match.record.to_json()))
    replayed = Match(RULES, GameRecord.from_json(data, lambda _: SAMARKAND.codec))
    assert replayed.seats == match.seats
    assert replayed.state_json() == match.state_json()


def test_remembered_setups_are_repaired_to_a_mode_the_table_allows() -> None:
    two_humans = _setup((HUMAN, HUMAN, "normal"))
    data: dict[str, Any] = two_humans.to_json()
    assert data["options"] == {"mode": "sealed", "hidden_goods": False, "clock": "normal"}
    data["options"]["mode"] = "live"  # edited by hand: not for two humans
    restored = TableSetup.restore(SAMARKAND_SETUP, data)
    assert restored.options["mode"] == "sealed"
    alone = _setup((HUMAN, "normal", "easy", "normal"))
    alone.set_option("mode", "sealed")
    alone.set_option("hidden_goods", True)
    alone.choose(STARTER, 3)
    alone.choose(SEATING, True)
    alone.set_name(0, "Ana")
    assert TableSetup.restore(SAMARKAND_SETUP, alone.to_json()) == alone
    for mode, hidden in (("auction", 1), (None, "yes"), (True, None), (["live"], 0.0)):
        damaged = alone.to_json() | {"options": {"mode": mode, "hidden_goods": hidden}}
        repaired = TableSetup.restore(SAMARKAND_SETUP, damaged)
        assert repaired.options == {"mode": "live", "hidden_goods": False, "clock": "normal"}
        assert repaired.seats == alone.seats and repaired.starter == 3
    wrong_dean = alone.to_json() | {"starter": 4}  # four seats: no fifth player
    assert TableSetup.restore(SAMARKAND_SETUP, wrong_dean).starter is None
    stray = alone.to_json() | {"options": {"mode": "sealed", "dean": 2}}
    assert "dean" not in TableSetup.restore(SAMARKAND_SETUP, stray).options  # a row, no option


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 6) | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=25,
)
SEAT = st.fixed_dictionaries(
    {},
    optional={
        "kind": st.sampled_from([HUMAN, HUMAN, "easy", "normal", "hard", 1]),
        "name": st.sampled_from(["Ana", "ana", "", " ", "\x00", "x" * 30, "Teal (easy)"]) | JSON,
        "look": st.sampled_from([*SEAT_LOOKS, "saffron", None]),
    },
)


@given(
    seats=st.lists(SEAT | JSON, min_size=0, max_size=7),
    mode=st.sampled_from(["live", "sealed", "Live", None, True, 1]) | JSON,
    hidden=st.sampled_from([True, False, 1, 0, None, "true"]),
    seating=JSON,
    starter=st.integers(-1, 6) | JSON,
    other=JSON,
)
def test_fuzzed_remembered_samarkand_setups_always_start_in_a_mode_that_fits(
    seats: list[Any], mode: Any, hidden: Any, seating: Any, starter: Any, other: Any
) -> None:
    remembered = {
        "version": 1,
        "seats": seats,
        "options": {"mode": mode, "hidden_goods": hidden},
        "random_seating": seating,
        "starter": starter,
    }
    for data in (remembered, other):
        setup = TableSetup.restore(SAMARKAND_SETUP, data)
        assert setup.problem() is None
        assert 3 <= len(setup.seats) <= 5
        assert setup.options["mode"] in (["live", "sealed"] if setup.humans() <= 1 else ["sealed"])
        assert setup.options["hidden_goods"] in (True, False)
        match = setup.to_match(RULES, seed=random.randrange(10**6))
        options = match.record.options
        assert options["mode"] == setup.options["mode"]
        assert options["dean"] is None or match.seats[options["dean"]].name == (
            setup.seats[setup.starter].name if setup.starter is not None else None
        )
        assert match.to_act() == tuple(range(len(setup.seats)))
