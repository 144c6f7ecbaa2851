"""Moonlight Market's setup description: one to five players, Dirk and Beate as the rulebook
seats them (shown as players who are no seats, after the real players), random seating and who
starts by seating; every table it shows starts, and remembered setups are repaired."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.engine import GameRecord, Match, OptionsError
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.market.ui.setup import (
    AUTOMATON_LOOKS,
    BEATE,
    DIRK,
    MARKET_SETUP,
    SEAT_LOOK_TITLES,
    SEAT_LOOKS,
)
from moonlight_desktop.games.market.view import MarketView
from moonlight_desktop.ui.table.setup import HINTS, HUMAN, SEATING, STARTER, TableSetup

MARKET = GAMES["market"]
RULES = MARKET.rules
OFFERED = {1: [2], 2: [1], 3: [0, 1, 2], 4: [0, 1], 5: [0]}
"""Automata offered per number of players: solo both, two players Dirk, three or four as the
players like within 5 at the table, five none."""


def _setup(players: int) -> TableSetup:
    setup = TableSetup.default(MARKET_SETUP)
    while len(setup.seats) < players:
        setup.add_seat()
    return setup


def _view(match: Match[Any]) -> MarketView:
    view = match.view(None)
    assert isinstance(view, MarketView)
    return view


def _automata_choices(setup: TableSetup) -> list[Any]:
    row = next(row for row in setup.rows() if row.key == "automata")
    return [choice.value for choice in row.choices]


def test_the_default_is_the_solo_game_against_dirk_and_beate() -> None:
    setup = TableSetup.default(MARKET_SETUP)
    assert [(s.kind, s.name, s.look) for s in setup.seats] == [(HUMAN, "Player 1", "saffron")]
    assert setup.options == {"automata": 2}
    assert setup.extras() == (DIRK, BEATE)
    assert [(e.look, e.name) for e in setup.extras()] == [("dirk", "Dirk"), ("beate", "Beate")]
    assert all("rulebook's fixed procedure" in extra.note for extra in setup.extras())
    row, hints = setup.rows()  # one player: no seating to choose, nobody else to start
    assert hints.key == HINTS and hints.value is True
    assert row.key == "automata" and row.fixed and row.chosen is not None
    assert row.chosen.label == "Dirk and Beate"
    match = setup.to_match(RULES, seed=4)
    assert [s.name for s in match.seats] == ["Player 1"]
    assert _view(match).table.positions == 3 and match.to_act() == (0,)


def test_the_looks_are_the_crests_of_the_brief() -> None:
    assert MARKET_SETUP.looks == SEAT_LOOKS == ("saffron", "indigo", "coral", "mint", "plum")
    assert SEAT_LOOK_TITLES == ("Saffron", "Indigo", "Coral", "Mint", "Plum")
    assert AUTOMATON_LOOKS == ("dirk", "beate") and not set(AUTOMATON_LOOKS) & set(SEAT_LOOKS)
    assert (MARKET_SETUP.min_seats, MARKET_SETUP.max_seats) == (1, 5)
    assert MARKET_SETUP.levels == tuple(MARKET.bots) == ("easy", "normal", "hard")
    assert MARKET_SETUP.random_seating and MARKET_SETUP.start is not None
    assert MARKET_SETUP.start.option is None  # never start_seat (ruling MM5)
    assert MARKET_SETUP.most_at_table() == 5


def test_the_automata_offered_are_the_rulebooks_and_every_one_starts() -> None:
    for players in range(1, 6):
        setup = _setup(players)
        assert _automata_choices(setup) == OFFERED[players], players
        for automata in OFFERED[players]:
            setup.set_option("automata", automata)
            assert [e.name for e in setup.extras()] == ["Dirk", "Beate"][:automata]
            match = setup.to_match(RULES, seed=players * 10 + automata)
            table = _view(match).table
            assert (table.seats, table.positions) == (players, players + automata)
            assert match.record.options == {"automata": automata, "start_seat": None}
            assert match.to_act() == (0,) and match.legal(0)


def test_the_tables_left_out_are_the_rules_refusals_and_the_two_player_beate() -> None:
    for players in range(1, 6):
        for automata in range(3):
            try:
                RULES.normalize_options({"automata": automata}, players)
                allowed = (players, automata) != (2, 2)  # the rulebook: two play with Dirk
            except OptionsError:
                allowed = False
            assert (automata in OFFERED[players]) == allowed, (players, automata)
            assert (automata in _automata_choices(_setup(players))) == allowed


def test_the_automata_follow_the_number_of_players() -> None:
    setup = TableSetup.default(MARKET_SETUP)
    counts = []
    for _ in range(4):
        setup.add_seat()
        counts.append(setup.options["automata"])
    assert counts == [1, 1, 1, 0]  # Dirk stays until a fifth player takes his cushion
    setup.remove_seat(4)
    setup.remove_seat(3)
    assert setup.options["automata"] == 0
    setup.set_option("automata", 2)
    setup.add_seat()
    assert setup.options["automata"] == 1  # four players and both would make six
    setup.remove_seat(3)
    setup.remove_seat(2)
    assert setup.options["automata"] == 1  # two players: Dirk
    setup.remove_seat(1)
    assert setup.options["automata"] == 2 and setup.extras() == (DIRK, BEATE)


def test_dirk_and_beate_sit_after_the_real_players_whoever_starts() -> None:
    setup = _setup(3)
    setup.set_option("automata", 2)
    setup.set_name(0, "Ana")
    setup.set_name(1, "Ben")
    setup.set_name(2, "Cy")
    setup.choose(STARTER, 1)
    match = setup.to_match(RULES, seed=8)
    assert [s.name for s in match.seats] == ["Ben", "Cy", "Ana"]
    assert match.record.options["start_seat"] is None  # Ben starts from seat 0 (M4)
    view = _view(match)
    assert [view.table.is_automaton(p) for p in range(5)] == [False] * 3 + [True] * 2
    assert match.to_act() == (0,)
    setup.choose(SEATING, True)
    for seed in range(6):
        assert setup.to_match(RULES, seed=seed).seats[0].name == "Ben"


def test_random_seating_is_decided_by_the_seed_and_the_record_replays() -> None:
    setup = _setup(4)
    setup.set_option("automata", 1)
    setup.set_kind(1, HUMAN)
    setup.choose(SEATING, True)
    listed = [(s.name, s.kind, s.look) for s in setup.seats]
    orders = {tuple(s.name for s in setup.to_match(RULES, seed=n).seats) for n in range(24)}
    assert len(orders) > 6
    match = setup.to_match(RULES, seed=31)
    assert setup.to_match(RULES, seed=31).seats == match.seats
    seated = sorted((s.name, s.level or HUMAN, s.look) for s in match.seats)
    assert seated == sorted(listed)
    roll = random.Random(3)
    for _ in range(120):
        seat = match.to_act()[0]
        match.submit(seat, roll.choice(list(match.legal(seat))))
    data = json.loads(json.dumps(match.record.to_json()))
    replayed = Match(RULES, GameRecord.from_json(data, lambda _: MARKET.codec))
    assert replayed.seats == match.seats
    assert replayed.state_json() == match.state_json()


def test_a_player_may_not_be_called_dirk_while_dirk_plays() -> None:
    setup = _setup(2)
    setup.set_name(1, "dirk")
    assert setup.problem() == "Dirk plays at this table: choose another name."
    setup.add_seat()
    setup.set_option("automata", 0)
    assert setup.problem() is None


def test_a_remembered_setup_with_automata_no_longer_valid_is_repaired() -> None:
    solo: dict[str, Any] = TableSetup.default(MARKET_SETUP).to_json()
    for wrong in (0, 1, None, True, "2", 3):
        restored = TableSetup.restore(MARKET_SETUP, solo | {"options": {"automata": wrong}})
        assert restored.options == {"automata": 2}, wrong
    two = _setup(2).to_json() | {"options": {"automata": 2}}
    assert TableSetup.restore(MARKET_SETUP, two).options == {"automata": 1}
    five = _setup(5).to_json() | {"options": {"automata": 1}}
    assert TableSetup.restore(MARKET_SETUP, five).options == {"automata": 0}
    three = _setup(3)
    three.set_option("automata", 2)
    three.set_name(0, "Beate")  # remembered from a table without her
    data = three.to_json()
    restored = TableSetup.restore(MARKET_SETUP, data)
    assert restored.options == {"automata": 2} and restored.seats[0].name == "Player 1"
    kept = _setup(4)
    kept.choose(SEATING, True)
    kept.choose(STARTER, 3)
    kept.set_name(0, "Ana")
    assert TableSetup.restore(MARKET_SETUP, kept.to_json()) == kept


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
        "kind": st.sampled_from([HUMAN, "easy", "normal", "hard", 1]),
        "name": st.sampled_from(["Ana", "ana", "Dirk", "Beate", "", " ", "\x00", "x" * 30]) | JSON,
        "look": st.sampled_from([*SEAT_LOOKS, "dirk", "beate", None]),
    },
)


@given(
    seats=st.lists(SEAT | JSON, min_size=0, max_size=6),
    automata=st.sampled_from([0, 1, 2, 3, None, True, 2.0, "1"]),
    seating=JSON,
    starter=st.integers(-1, 6) | JSON,
    other=JSON,
)
def test_fuzzed_remembered_market_setups_always_start(
    seats: list[Any], automata: Any, seating: Any, starter: Any, other: Any
) -> None:
    remembered = {
        "version": 1,
        "seats": seats,
        "options": {"automata": automata, "start_seat": 2},
        "random_seating": seating,
        "starter": starter,
    }
    for data in (remembered, other):
        setup = TableSetup.restore(MARKET_SETUP, data)
        assert setup.problem() is None
        assert setup.options["automata"] in OFFERED[len(setup.seats)]
        assert set(setup.options) == {"automata"}  # start_seat is never taken (MM5)
        match = setup.to_match(RULES, seed=random.randrange(10**6))
        table = _view(match).table
        assert table.positions == len(setup.seats) + len(setup.extras())
        assert match.to_act() == (0,)
