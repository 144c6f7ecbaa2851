"""The shared setup model: seats, looks, names, options (and choices that depend on the number
of seats, with the players who are no seats they bring), random seating, who starts,
remembering, starting; and the setup shell drawing and editing them."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.engine import GameRecord, Match
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.setup import (
    HINTS,
    HUMAN,
    SEAT_FLAG,
    SEATING,
    STARTER,
    Choice,
    Extra,
    OptionSpec,
    SeatFlag,
    SetupError,
    SetupSpec,
    StartSpec,
    TableSetup,
)
from moonlight_desktop.userdata import UserData

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
    setup.set_kind(1, "grandmaster")  # no such kind: nothing changes
    assert setup.seats[1].kind == "normal"


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
    assert setup.problem() == "Player 1 needs a name."
    setup.set_name(0, "teal (NORMAL)")
    assert setup.problem() == "Two players are called “Teal (normal)”: give each their own name."
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


# Choices by the number of seats, players who are no seats, seating, who starts --------------

GHOST = Extra("ghost", "Ghost", "Haunts the bazaar by the rules' own procedure.")
GUESTS = SetupSpec(
    game_id="samarkand",
    min_seats=3,
    max_seats=5,
    default_seats=3,
    looks=SPEC.looks,
    look_titles=SPEC.look_titles,
    options=(
        SPEC.options[0],
        OptionSpec(
            "hidden_goods",
            "Hidden goods",
            "Goods bought stay behind the screen.",
            (
                Choice(False, "Off", "Everyone sees them.", frozenset({4, 5})),
                Choice(True, "On", "A ghost keeps watch.", frozenset({3, 4}), (GHOST,)),
            ),
        ),
    ),
    random_seating=True,
    start=StartSpec("Who is the first dean.", "Random", option="dean"),
)
"""A made-up table: hidden goods are forced on for three, offered for four and off for five;
on, they seat a ghost who is no seat. Who starts is Samarkand's option `dean`."""

ROTATING = SetupSpec(
    game_id="moons",
    min_seats=3,
    max_seats=6,
    default_seats=4,
    looks=("lark", "otter", "heron", "moth", "fox", "newt"),
    look_titles=("Lark", "Otter", "Heron", "Moth", "Fox", "Newt"),
    random_seating=True,
    start=StartSpec("The first seat leads.", "The first seat"),
)
"""Who starts chosen by seating that player first."""


def _values(setup: TableSetup, key: str) -> list[Any]:
    row = next(row for row in setup.rows() if row.key == key)
    return [choice.value for choice in row.choices]


def _play(match: Match[Any], moves: int, seed: int) -> None:
    roll = random.Random(seed)
    for _ in range(moves):
        if match.is_over():
            return
        seat = roll.choice(match.to_act())
        match.submit(seat, roll.choice(list(match.legal(seat))))


def test_an_option_offers_its_choices_by_the_number_of_seats_and_stays_valid() -> None:
    setup = TableSetup.default(GUESTS)
    assert setup.options == {"mode": "live", "hidden_goods": True}  # the one offered for 3
    assert _values(setup, "hidden_goods") == [True] and setup.rows()[1].fixed
    assert setup.extras() == (GHOST,)
    setup.set_option("hidden_goods", False)  # not offered for three
    assert setup.options["hidden_goods"] is True
    setup.add_seat()
    assert setup.options["hidden_goods"] is True and _values(setup, "hidden_goods") == [False, True]
    setup.set_option("hidden_goods", False)
    assert setup.extras() == ()
    setup.set_option("hidden_goods", True)
    setup.add_seat()  # five: off is all there is
    assert setup.options["hidden_goods"] is False and setup.extras() == ()
    setup.remove_seat(4)
    assert setup.options["hidden_goods"] is False  # still offered: kept
    setup.remove_seat(3)
    assert setup.options["hidden_goods"] is True and setup.extras() == (GHOST,)


def test_a_value_no_longer_offered_becomes_the_nearest_offered_choice() -> None:
    option = OptionSpec(
        "size",
        "Size",
        "",
        (
            Choice(0, "small", seats=frozenset({3, 4})),
            Choice(1, "medium", seats=frozenset({2, 4})),
            Choice(2, "large", seats=frozenset({1, 2, 3})),
        ),
    )
    assert [option.default_at(n) for n in (1, 2, 3, 4)] == [2, 1, 0, 0]
    assert option.kept(2, 4) == 1 and option.kept(0, 2) == 1 and option.kept(1, 3) == 0
    assert option.kept(1, 1) == 2 and option.kept(1, 2) == 1
    assert option.kept("odd", 1) == 2 and option.kept(True, 3) == 0  # unknown: from the first
    assert option.offers(1) and not option.offers(1, 3) and not option.offers(True)


def test_a_seat_may_not_take_the_name_of_a_player_who_is_no_seat() -> None:
    setup = TableSetup.default(GUESTS)
    setup.set_name(0, " ghost ")
    assert setup.problem() == "Ghost plays at this table: choose another name."
    with pytest.raises(SetupError, match="Ghost plays"):
        setup.to_match(GAMES["samarkand"].rules, seed=1)
    setup.add_seat()
    setup.set_option("hidden_goods", False)  # no ghost at the table
    assert setup.problem() is None


def test_the_options_panel_offers_seating_and_who_starts_by_name() -> None:
    setup = TableSetup.default(GUESTS)
    setup.set_name(1, "Ana")
    rows = {row.key: row for row in setup.rows()}
    assert list(rows) == ["mode", "hidden_goods", SEATING, STARTER, HINTS]
    starts = rows[STARTER].choices
    assert [(c.value, c.label) for c in starts] == [
        (None, "Random"),
        (0, "Player 1"),
        (1, "Ana"),
        (2, "Amber (normal)"),
    ]
    assert rows["hidden_goods"].help_line() == (
        "Goods bought stay behind the screen. A ghost keeps watch."
    )
    for key, wrong in ((STARTER, 3), (STARTER, True), (STARTER, "0"), (SEATING, 1)):
        setup.choose(key, wrong)
    assert setup.starter is None and setup.random_seating is False
    setup.choose(STARTER, 1)
    setup.choose(SEATING, True)
    assert setup.starter == 1 and setup.random_seating is True
    assert {row.key: row.value for row in setup.rows()}[STARTER] == 1
    assert [row.key for row in TableSetup.default(SPEC).rows()] == ["mode", "hidden_goods", HINTS]


def test_random_seating_is_drawn_from_the_seed_and_recorded_so_the_record_replays() -> None:
    rules = GAMES["samarkand"].rules
    setup = TableSetup.default(GUESTS)
    setup.add_seat()
    setup.add_seat()
    listed = [seat.name for seat in setup.seats]
    assert [s.name for s in setup.to_match(rules, seed=3).seats] == listed  # as listed
    setup.set_random_seating(True)
    orders = {tuple(s.name for s in setup.to_match(rules, seed=n).seats) for n in range(20)}
    assert len(orders) > 5 and all(sorted(order) == sorted(listed) for order in orders)
    assert [seat.name for seat in setup.seats] == listed  # the setup itself stays as listed
    match = setup.to_match(rules, seed=77)
    again = setup.to_match(rules, seed=77)
    assert again.seats == match.seats  # the seed decides
    by_name = {seat.name: seat for seat in setup.seats}
    for spec in match.seats:  # each player keeps their kind and look
        assert spec.look == by_name[spec.name].look
        assert (spec.level or HUMAN) == by_name[spec.name].kind
    _play(match, 40, seed=2)
    text = json.dumps(match.record.to_json())
    codec = GAMES["samarkand"].codec
    replayed = Match(rules, GameRecord.from_json(json.loads(text), lambda _: codec))
    assert replayed.seats == match.seats
    assert replayed.state_json() == match.state_json()


def test_who_starts_goes_to_the_games_option_at_the_chosen_players_seat() -> None:
    rules = GAMES["samarkand"].rules
    setup = TableSetup.default(GUESTS)
    setup.add_seat()
    setup.set_random_seating(True)
    assert setup.to_match(rules, seed=1).record.options["dean"] is None  # the rules' own way
    setup.set_starter(2)
    chosen = setup.seats[2].name
    for seed in range(8):
        match = setup.to_match(rules, seed=seed)
        assert match.seats[match.record.options["dean"]].name == chosen


def test_who_starts_by_seating_puts_the_chosen_player_first() -> None:
    rules = GAMES["moons"].rules
    setup = TableSetup.default(ROTATING)
    names = [seat.name for seat in setup.seats]
    setup.set_starter(2)
    match = setup.to_match(rules, seed=5)
    assert [s.name for s in match.seats] == [names[2], names[3], names[0], names[1]]
    assert match.record.options == rules.normalize_options({}, 4)  # no option for it
    setup.set_random_seating(True)
    orders = {tuple(s.name for s in setup.to_match(rules, seed=n).seats) for n in range(12)}
    assert {order[0] for order in orders} == {names[2]} and len(orders) > 1


def test_removing_a_seat_keeps_who_starts_with_the_same_player() -> None:
    setup = TableSetup.default(ROTATING)
    setup.set_starter(2)
    setup.remove_seat(0)
    assert setup.starter == 1
    setup.remove_seat(2)
    assert setup.starter == 1
    setup.add_seat()
    setup.remove_seat(1)
    assert setup.starter is None  # the chosen player left: as the rules say


def test_seating_and_who_starts_are_remembered_and_repaired() -> None:
    setup = TableSetup.default(GUESTS)
    setup.add_seat()
    setup.set_option("hidden_goods", False)
    setup.set_random_seating(True)
    setup.set_starter(3)
    assert TableSetup.restore(GUESTS, setup.to_json()) == setup
    data: dict[str, Any] = TableSetup.default(GUESTS).to_json()
    data["options"]["hidden_goods"] = False  # offered for four or five, not for three
    data["random_seating"] = "yes"
    data["starter"] = 3  # no fourth seat
    data["seats"][1]["name"] = "GHOST"  # the ghost sits at this table
    restored = TableSetup.restore(GUESTS, data)
    assert restored.options["hidden_goods"] is True
    assert restored.random_seating is False and restored.starter is None
    assert restored.seats[1].name == "Teal (normal)"
    assert restored.problem() is None
    # What a game does not offer is not taken from a remembered setup.
    plain = TableSetup.default(SPEC).to_json() | {"random_seating": True, "starter": 1}
    assert TableSetup.restore(SPEC, plain) == TableSetup.default(SPEC)
    assert "random_seating" not in TableSetup.default(SPEC).to_json()


def test_a_setup_that_could_not_start_is_refused_when_the_game_describes_it() -> None:
    lonely = OptionSpec("mode", "Countdown", "", (Choice("live", "Live", seats=frozenset({3})),))
    with pytest.raises(ValueError, match="mode offers nothing at 4 seats"):
        SetupSpec("samarkand", 3, 4, 3, SPEC.looks, SPEC.look_titles, (lonely,))
    with pytest.raises(ValueError, match="distinct look"):
        SetupSpec("samarkand", 3, 5, 3, SPEC.looks[:4], SPEC.look_titles[:4])
    with pytest.raises(ValueError, match="its own key"):
        SetupSpec(
            "samarkand", 3, 5, 3, SPEC.looks, SPEC.look_titles, SPEC.options,
            start=StartSpec("", option="mode"),
        )  # fmt: skip
    assert GUESTS.most_at_table() == 5 and ROTATING.most_at_table() == 6


@given(
    data=JSON,
    seats=st.lists(JSON, min_size=0, max_size=7),
    seating=JSON,
    starter=st.none() | st.integers(-2, 6) | JSON,
)
def test_any_remembered_table_with_guests_can_start_a_game(
    data: Any, seats: list[Any], seating: Any, starter: Any
) -> None:
    remembered = {
        "version": 1,
        "seats": seats,
        "options": data,
        "random_seating": seating,
        "starter": starter,
    }
    for candidate in (data, remembered):
        setup = TableSetup.restore(GUESTS, candidate)
        assert setup.problem() is None
        for row in setup.rows():
            assert any(
                type(c.value) is type(row.value) and c.value == row.value for c in row.choices
            )
        setup.to_match(GAMES["samarkand"].rules, seed=random.randrange(1000))


# The setup shell -----------------------------------------------------------------------------


class GuestsUI:
    """A game description for the shell: the made-up table above, looks drawn as recorded."""

    game_id = "samarkand"
    title = "Guests"

    def __init__(self, setup: SetupSpec) -> None:
        self.setup = setup
        self.drawn: dict[str, tuple[float, float]] = {}

    def draw_look(
        self, surface: pygame.Surface, look: str, centre: tuple[float, float], size: int
    ) -> None:
        self.drawn[look] = centre
        pygame.draw.circle(surface, (200, 200, 200), centre, size // 2)

    def look_color(self, look: str) -> tuple[int, int, int]:
        return (90, 90, 90) if look == "ghost" else (200, 120, 60)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0
    yield application
    application.close()


def _click(app: App, point: tuple[int, int]) -> None:
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=())
    )
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))


def _frame(app: App) -> None:
    app.stack.update(0.5)
    app.stack.draw(app.window)


def test_the_shell_shows_the_choices_offered_and_the_players_who_are_no_seats(app: App) -> None:
    ui = GuestsUI(GUESTS)
    opened: list[Match[Any]] = []
    scene = TableSetupScene(app, ui, opened.append, lambda: scene)
    app.stack.push(scene)
    _frame(app)
    hidden = scene.option_choices["hidden_goods"]
    assert [label for _value, label in hidden.options] == ["On"] and not hidden.enabled
    ghost_y = ui.drawn["ghost"][1]
    assert scene.rows[2].look.rect.bottom < ghost_y < scene.add_button.rect.top  # after seats
    _click(app, scene.add_button.rect.center)
    _frame(app)
    assert hidden.enabled and [label for _value, label in hidden.options] == ["Off", "On"]
    assert hidden.value is True
    assert scene.rows[3].look.rect.bottom < ui.drawn["ghost"][1] < scene.add_button.rect.top
    seating = scene.option_choices[SEATING]
    _click(app, (seating.rect.right - 4, seating.rect.centery))
    assert scene.setup.random_seating is True
    _click(app, scene.start_button.rect.center)
    assert scene.hint() == "Start the game with 4 players and Ghost (Enter)"
    assert len(opened) == 1 and opened[0].record.options["hidden_goods"] is True
    _click(app, (hidden.rect.left + 4, hidden.rect.centery))  # -> Off: the ghost leaves
    _frame(app)
    assert scene.setup.extras() == () and scene.hint() == "Change to On"
    for size in ((800, 450), (1280, 720)):
        app.set_window_size(size)
        ui.drawn.clear()
        _frame(app)
        assert "ghost" not in ui.drawn and len(ui.drawn) == 4


def test_the_shell_keeps_the_choice_shown_when_seats_go(app: App) -> None:
    ui = GuestsUI(GUESTS)
    scene = TableSetupScene(app, ui, lambda match: None, lambda: scene)
    app.stack.push(scene)
    _frame(app)
    scene.add_seat()
    scene.add_seat()
    _frame(app)
    hidden = scene.option_choices["hidden_goods"]
    assert [label for _value, label in hidden.options] == ["Off"] and hidden.value is False
    starter = scene.option_choices[STARTER]
    _click(app, (starter.rect.left + 4, starter.rect.centery))  # the last player starts
    assert scene.setup.starter == 4 and starter.value == 4
    scene.remove_seat(4)
    _frame(app)
    assert scene.setup.starter is None and starter.value is None
    assert starter.options[0][1] == "Random"
    assert len(starter.options) == 5


# Choices by the number of humans ---------------------------------------------------------------

SHARED = SetupSpec(
    game_id="samarkand",
    min_seats=3,
    max_seats=5,
    default_seats=3,
    looks=SPEC.looks,
    look_titles=SPEC.look_titles,
    options=(
        OptionSpec(
            "mode",
            "Countdown",
            "Live needs at most one human at the screen.",
            (
                Choice("live", "Live", "A clock.", when=lambda _seats, humans: humans <= 1),
                Choice("sealed", "Sealed", "Stop prices in private."),
            ),
        ),
        OptionSpec(
            "hidden_goods",
            "Hidden goods",
            "Only for a table of humans.",
            (
                Choice(False, "Off"),
                Choice(
                    True, "On", seats=frozenset({3, 4}), when=lambda seats, humans: humans == seats
                ),
            ),
        ),
    ),
    start=StartSpec("Who is the first dean.", "Random", option="dean"),
)
"""A made-up table whose choices depend on how many seats are human: live with one human at
most; hidden goods only when every one of three or four seats is human."""


def test_a_choice_may_depend_on_the_number_of_humans() -> None:
    live, sealed = SHARED.options[0].choices
    assert live.offered_at(3) and live.offered_at(3, 1) and live.offered_at(5, 0)
    assert not live.offered_at(3, 2) and sealed.offered_at(3, 3)
    mode = SHARED.options[0]
    assert [c.value for c in mode.offered(4, 2)] == ["sealed"]
    assert [c.value for c in mode.offered(4)] == ["live", "sealed"]  # humans not considered
    assert mode.default_at(4, 2) == "sealed" and mode.default_at(4, 1) == "live"
    assert mode.kept("live", 4, 3) == "sealed" and mode.kept("live", 4, 1) == "live"
    assert mode.offers("live", 4) and not mode.offers("live", 4, 2) and mode.offers("live")


def test_options_follow_as_seats_change_hands() -> None:
    setup = TableSetup.default(SHARED)
    assert setup.humans() == 1 and setup.options == {"mode": "live", "hidden_goods": False}
    assert _values(setup, "mode") == ["live", "sealed"]
    assert _values(setup, "hidden_goods") == [False]
    setup.set_kind(1, HUMAN)
    assert setup.humans() == 2 and setup.options["mode"] == "sealed"
    assert _values(setup, "mode") == ["sealed"] and setup.rows()[0].fixed
    setup.set_option("mode", "live")  # not offered with two humans
    assert setup.options["mode"] == "sealed"
    setup.set_kind(2, HUMAN)
    setup.set_option("hidden_goods", True)
    assert setup.options == {"mode": "sealed", "hidden_goods": True}
    setup.add_seat()  # a bot joins: four seats, three humans, hidden goods no longer offered
    assert setup.options["hidden_goods"] is False
    setup.set_kind(3, HUMAN)  # four humans of four
    setup.set_option("hidden_goods", True)
    assert setup.options == {"mode": "sealed", "hidden_goods": True}
    setup.set_kind(0, "easy")  # no longer a table of humans only
    assert setup.options == {"mode": "sealed", "hidden_goods": False}
    setup.set_kind(1, "easy")
    setup.set_kind(2, "easy")
    assert setup.humans() == 1 and setup.options["mode"] == "sealed"  # still offered: kept
    assert _values(setup, "mode") == ["live", "sealed"]
    setup.set_option("mode", "live")
    setup.set_kind(3, "normal")  # bots only: live is still offered
    assert setup.options["mode"] == "live" and setup.humans() == 0
    setup.remove_seat(0)
    setup.set_kind(0, HUMAN)
    setup.set_kind(1, HUMAN)
    assert setup.options["mode"] == "sealed"
    for kinds in ((HUMAN, HUMAN, HUMAN), ("easy", HUMAN, "normal"), ("easy", "easy", "easy")):
        for index, kind in enumerate(kinds):
            setup.set_kind(index, kind)
        for row in setup.rows():
            assert any(
                type(c.value) is type(row.value) and c.value == row.value for c in row.choices
            )
        match = setup.to_match(GAMES["samarkand"].rules, seed=4)
        assert match.record.options["mode"] == setup.options["mode"]


def test_a_remembered_option_is_checked_against_the_remembered_humans() -> None:
    setup = TableSetup.default(SHARED)
    setup.set_kind(1, HUMAN)
    data: dict[str, Any] = setup.to_json()
    data["options"] = {"mode": "live", "hidden_goods": True}  # neither fits two humans of three
    restored = TableSetup.restore(SHARED, data)
    assert restored.options == {"mode": "sealed", "hidden_goods": False}
    data["seats"][2]["kind"] = HUMAN
    assert TableSetup.restore(SHARED, data).options == {"mode": "sealed", "hidden_goods": True}
    data["seats"][1]["kind"] = data["seats"][2]["kind"] = "normal"
    data["options"] = {"mode": "live"}
    assert TableSetup.restore(SHARED, data).options == {"mode": "live", "hidden_goods": False}


def test_a_spec_must_offer_something_at_every_number_of_humans() -> None:
    solo = OptionSpec(
        "mode", "Countdown", "", (Choice("live", "Live", when=lambda _s, humans: humans == 1),)
    )
    with pytest.raises(ValueError, match="mode offers nothing at 3 seats with 0 humans"):
        SetupSpec("samarkand", 3, 4, 3, SPEC.looks, SPEC.look_titles, (solo,))
    crowd = OptionSpec(
        "mode", "Countdown", "", (Choice("sealed", "Sealed", when=lambda _s, humans: humans != 1),)
    )
    with pytest.raises(ValueError, match="offers nothing at 3 seats with 1 human;"):
        SetupSpec("samarkand", 3, 4, 3, SPEC.looks, SPEC.look_titles, (crowd,))


@given(
    data=JSON,
    kinds=st.lists(st.sampled_from([HUMAN, "easy", "normal", "hard", 0]), min_size=3, max_size=5),
    mode=st.sampled_from(["live", "sealed", "auction", None, 1]),
    hidden=st.sampled_from([True, False, 1, None]),
)
def test_any_remembered_table_of_humans_and_bots_starts_with_choices_that_fit(
    data: Any, kinds: list[Any], mode: Any, hidden: Any
) -> None:
    remembered = {
        "version": 1,
        "seats": [{"kind": kind, "name": f"P{n}", "look": "x"} for n, kind in enumerate(kinds)],
        "options": {"mode": mode, "hidden_goods": hidden},
    }
    for candidate in (data, remembered):
        setup = TableSetup.restore(SHARED, candidate)
        humans, seats = setup.humans(), len(setup.seats)
        assert setup.problem() is None
        assert setup.options["mode"] == ("sealed" if humans > 1 else setup.options["mode"])
        assert setup.options["hidden_goods"] is (
            hidden is True and humans == seats and seats in (3, 4) and candidate is remembered
        )
        match = setup.to_match(GAMES["samarkand"].rules, seed=random.randrange(1000))
        assert match.record.options["mode"] == setup.options["mode"]


def test_the_shell_updates_the_choices_as_seats_change_hands(app: App) -> None:
    ui = GuestsUI(SHARED)
    opened: list[Match[Any]] = []
    scene = TableSetupScene(app, ui, opened.append, lambda: scene)
    app.stack.push(scene)
    _frame(app)
    mode = scene.option_choices["mode"]
    assert [label for _value, label in mode.options] == ["Live", "Sealed"] and mode.enabled
    kind = scene.rows[1].kind
    hover = (kind.rect.left + 4, kind.rect.centery)
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=hover, rel=(0, 0), buttons=())
    )
    # What the level is like, and nothing else changes.
    assert scene.hint() == "Change to Bot — easy: plays simply and makes mistakes, for a first game"
    _click(app, hover)
    assert scene.hint() == "Change to Human; Countdown becomes Sealed"  # says what follows
    _click(app, (kind.rect.left + 4, kind.rect.centery))
    assert scene.setup.seats[1].kind == HUMAN  # normal -> easy -> human: backwards
    _frame(app)
    assert [label for _value, label in mode.options] == ["Sealed"] and not mode.enabled
    assert mode.value == "sealed"
    _click(app, (mode.rect.left + 4, mode.rect.centery))  # fixed: nothing happens
    assert scene.setup.options["mode"] == "sealed"
    _click(app, scene.start_button.rect.center)
    assert len(opened) == 1 and opened[0].record.options["mode"] == "sealed"
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=scene.add_button.rect.center, rel=(0, 0))
    )
    assert scene.hint() == "Add a seat for one more player (up to 5)"  # a bot: no change
    _click(app, (kind.rect.right - 4, kind.rect.centery))  # human -> easy
    _frame(app)
    assert mode.enabled and [label for _value, label in mode.options] == ["Live", "Sealed"]
    _click(app, (mode.rect.left + 4, mode.rect.centery))
    assert scene.setup.options["mode"] == "live" and mode.value == "live"


def test_the_shell_says_which_option_adding_or_removing_a_seat_changes(app: App) -> None:
    ui = GuestsUI(GUESTS)
    scene = TableSetupScene(app, ui, lambda match: None, lambda: scene)
    app.stack.push(scene)
    scene.add_seat()  # four seats: hidden goods may be on or off, on is kept
    _frame(app)

    def hint_at(point: tuple[int, int]) -> str | None:
        app.stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0)))
        return scene.hint()

    assert hint_at(scene.add_button.rect.center) == (
        "Add a seat for one more player (up to 5); Hidden goods becomes Off"
    )
    scene.change(lambda: scene.setup.set_option("hidden_goods", False))
    assert hint_at(scene.add_button.rect.center) == "Add a seat for one more player (up to 5)"
    name = scene.setup.seats[3].name
    assert hint_at(scene.rows[3].remove.rect.center) == (
        f"Remove {name} from the table; Hidden goods becomes On"
    )
    assert scene.setup.options["hidden_goods"] is False and len(scene.setup.seats) == 4


def test_every_game_offers_each_of_its_bot_levels_and_new_bots_are_normal() -> None:
    """The setups offer exactly the levels the games have (Hard included); a new bot seat is
    Normal, so Hard is chosen, never met by surprise."""
    from moonlight_desktop.game_list import TABLE_GAMES

    for game_id, ui in TABLE_GAMES.items():
        levels = ui.setup.levels
        assert set(levels) == set(GAMES[game_id].bots) == {"easy", "normal", "hard"}, game_id
    assert SPEC.default_level == "normal"
    setup = TableSetup.default(SPEC)
    assert [seat.kind for seat in setup.seats][1:] == ["normal"] * (len(setup.seats) - 1)
    setup.add_seat()
    assert setup.seats[-1].kind == "normal"


# Options on the table from some number of seats on, options kept apart, a seat flag -----------


def _tile(number: int) -> OptionSpec:
    return OptionSpec(
        f"tile_{number}",
        f"Tile {number}",
        "One per player.",
        (Choice("plain", "Plain"), Choice("a", "A"), Choice("b", "B"), Choice("c", "C")),
        min_seats=number,
        apart="tiles",
    )


def _as_rules_take_them(options: dict[str, Any], seats: int) -> dict[str, Any]:
    tiles = [options.pop(f"tile_{n}") for n in range(1, 4) if f"tile_{n}" in options]
    return {**options, "tiles": tiles, "seats": seats}


def _earlier(data: dict[str, Any]) -> dict[str, Any]:
    seats = [{"kind": "human", "name": name, "look": "rose"} for name in data["players"]]
    return {"version": 1, "seats": seats, "options": {"tile_1": data["tile"]}}


TILES = SetupSpec(
    game_id="castle",
    min_seats=2,
    max_seats=3,
    default_seats=2,
    looks=("rose", "teal", "amber"),
    look_titles=("Rose", "Teal", "Amber"),
    options=(
        OptionSpec("dark", "Dark", "Lights out.", (Choice(False, "Off"), Choice(True, "On"))),
        *(_tile(n) for n in range(1, 4)),
    ),
    seat_flag=SeatFlag(
        "helped",
        "Helped",
        "Who gets a hand.",
        "{name} gets a hand",
        "{name} plays alone again",
        after="dark",
        moot=("dark", True),
        moot_line="Nobody, in the dark.",
    ),
    new_seats_human=True,
    to_rules=_as_rules_take_them,
    earlier=_earlier,
)


def test_an_option_is_on_the_table_from_its_number_of_seats_on() -> None:
    setup = TableSetup.default(TILES)
    assert [row.key for row in setup.rows()][:5] == ["dark", SEAT_FLAG, "tile_1", "tile_2", HINTS]
    setup.set_option("tile_3", "c")  # kept while off the table, and not passed
    assert setup.match_options([0, 1])["tiles"] == ["plain", "plain"]
    setup.add_seat()
    assert "tile_3" in [row.key for row in setup.rows()]
    assert setup.match_options([0, 1, 2]) == {
        "dark": False,
        "helped": [],
        "tiles": ["plain", "plain", "c"],
        "seats": 3,
    }


def test_options_kept_apart_never_hold_the_same_choice_but_their_first() -> None:
    setup = TableSetup.default(TILES)
    setup.set_option("tile_1", "a")
    setup.set_option("tile_2", "b")
    setup.set_option("tile_2", "a")  # tile 1 takes tile 2's old choice
    assert [setup.options[f"tile_{n}"] for n in (1, 2, 3)] == ["b", "a", "plain"]
    setup.set_option("tile_3", "a")  # tile 3 was plain: tile 2 takes the first one free
    assert [setup.options[f"tile_{n}"] for n in (1, 2, 3)] == ["b", "c", "a"]
    setup.set_option("tile_1", "plain")
    setup.set_option("tile_2", "plain")  # the first choice may repeat
    assert [setup.options[f"tile_{n}"] for n in (1, 2, 3)] == ["plain", "plain", "a"]
    data = setup.to_json()
    data["options"]["tile_1"] = "a"  # remembered twice: the later one is repaired
    restored = TableSetup.restore(TILES, data)
    assert [restored.options[f"tile_{n}"] for n in (1, 2, 3)] == ["a", "plain", "plain"]


def test_humans_set_the_seat_flag_passed_as_their_seats_unless_it_is_moot() -> None:
    setup = TableSetup.default(TILES)
    setup.add_seat()  # a human (`new_seats_human`)
    assert setup.seats[2].kind == HUMAN
    setup.set_flag(2, True)
    setup.set_flag(1, True)  # a bot: never
    assert [seat.flagged for seat in setup.seats] == [False, False, True]
    flags = next(row for row in setup.rows() if row.key == SEAT_FLAG)
    assert [choice.value for choice in flags.choices] == [0, 2] and flags.value == (2,)
    assert setup.match_options([2, 0, 1])["helped"] == [0]  # where that player sits
    restored = TableSetup.restore(TILES, json.loads(json.dumps(setup.to_json())))
    assert [seat.flagged for seat in restored.seats] == [False, False, True]
    setup.set_option("dark", True)
    flags = next(row for row in setup.rows() if row.key == SEAT_FLAG)
    assert flags.choices == () and flags.help_line() == "Nobody, in the dark."
    assert setup.match_options([0, 1, 2])["helped"] == []
    data = setup.to_json()
    data["seats"][2]["flagged"] = "yes"
    assert not TableSetup.restore(TILES, data).seats[2].flagged


def test_a_setup_remembered_in_the_games_earlier_form_is_read() -> None:
    restored = TableSetup.restore(TILES, {"players": ["Ana", "ana "], "tile": "b"})
    assert [(seat.name, seat.look) for seat in restored.seats] == [
        ("Ana", "rose"),
        ("Player 2", "teal"),  # the same name twice, and a look taken: repaired
    ]
    assert restored.options["tile_1"] == "b" and restored.problem() is None


def test_a_humans_default_name_is_one_nobody_has() -> None:
    setup = TableSetup.default(TILES)
    setup.set_name(0, "Player 3")
    setup.add_seat()
    assert [seat.name for seat in setup.seats] == ["Player 3", "Teal (normal)", "Player 1"]
    assert setup.problem() is None and setup.is_default_name(0)


def test_the_shell_shows_the_seat_flag_as_a_tick_box_per_human(app: App) -> None:
    ui = GuestsUI(TILES)
    opened: list[Match[Any]] = []
    scene = TableSetupScene(app, ui, opened.append, lambda: scene)
    app.stack.push(scene)
    scene.add_seat()
    _frame(app)
    assert scene.ui.setup.options_title == "Options"
    box = scene.flags[2]
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=box.rect.center, rel=(0, 0), buttons=())
    )
    assert scene.hint() == "Player 3 gets a hand"
    _click(app, box.rect.center)
    assert scene.setup.seats[2].flagged and scene.hint() == "Player 3 plays alone again"
    assert scene.flags[1] not in scene.widgets  # a bot's
    scene.change(lambda: scene.setup.set_option("dark", True))
    _frame(app)
    assert not any(flag in scene.widgets for flag in scene.flags)


def test_the_shell_says_who_swaps_looks_and_when_a_field_is_full(app: App) -> None:
    ui = GuestsUI(TILES)
    scene = TableSetupScene(app, ui, lambda match: None, lambda: scene)
    app.stack.push(scene)
    _frame(app)
    look = scene.rows[0].look

    def hint_at(point: tuple[int, int]) -> str | None:
        app.stack.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0)))
        return scene.hint()

    assert hint_at((look.rect.right - 4, look.rect.centery)) == (
        "Take the Teal (swaps with Teal (normal))"
    )
    assert hint_at((look.rect.left + 4, look.rect.centery)) == "Take the Amber"
    assert scene.limit_note() is None
    _click(app, scene.seed.rect.center)
    for _ in range(13):
        app.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="9"))
    assert scene.limit_note() == "A seed has 12 digits at most"
    _click(app, scene.rows[0].name.rect.center)
    for _ in range(TILES.name_length + 1):
        app.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    assert scene.limit_note() == f"A name has {TILES.name_length} characters at most"


def test_the_shell_outlines_the_names_that_stop_the_start(app: App) -> None:
    ui = GuestsUI(TILES)
    scene = TableSetupScene(app, ui, lambda match: None, lambda: scene)
    app.stack.push(scene)
    scene.change(lambda: scene.setup.set_name(1, "player 1"))
    _click(app, scene.start_button.rect.center)
    assert scene.message == "Two players are called “player 1”: give each their own name."
    _frame(app)
    field = scene.rows[1].name.rect
    assert app.window.get_at((field.left + 1, field.centery))[:3] == theme.WARNING
    scene.change(lambda: scene.setup.set_name(1, "Basil"))
    _frame(app)
    assert app.window.get_at((field.left + 1, field.centery))[:3] != theme.WARNING


def test_a_seat_remembered_without_a_kind_takes_the_default_tables() -> None:
    restored = TableSetup.restore(
        TILES, {"version": 1, "seats": [{}, {"kind": 7}, {}], "options": {}}
    )
    assert [seat.kind for seat in restored.seats] == [HUMAN, "normal", "normal"]
    assert [seat.name for seat in restored.seats][:2] == ["Player 1", "Teal (normal)"]


def test_a_bad_seat_never_costs_a_later_one_its_look_or_name() -> None:
    data = {
        "version": 1,
        "seats": [
            {"kind": "easy", "look": "dragon", "name": 7},
            {"kind": "human", "look": "rose", "name": "Ana"},
            {"kind": "human", "look": "teal", "name": "Rose (easy)"},
        ],
        "options": {},
    }
    restored = TableSetup.restore(TILES, data)
    assert [(seat.look, seat.name) for seat in restored.seats] == [
        ("amber", "Amber (easy)"),  # its place's look is free: the third seat holds teal
        ("rose", "Ana"),
        ("teal", "Rose (easy)"),
    ]
    data["seats"][0]["look"] = "amber"
    data["seats"][2]["name"] = "Amber (easy)"  # its default name is taken: a player's name
    restored = TableSetup.restore(TILES, data)
    assert [seat.name for seat in restored.seats] == ["Player 1", "Ana", "Amber (easy)"]
    assert restored.problem() is None


def test_a_choice_may_have_a_line_that_depends_on_the_table() -> None:
    def line(value: Any, options: dict[str, Any], seats: int) -> str:
        return f"{seats} seats, dark {options['dark']}" if value == "plain" else ""

    spec = replace(TILES, options=(TILES.options[0], replace(TILES.options[1], note=line)))
    setup = TableSetup.default(spec)
    row = setup.rows()[2]  # after the dark and the seat flag
    assert row.help_line() == "One per player. 2 seats, dark False"
    assert row.help_for("a") == "One per player."  # no line of its own: the option's alone
