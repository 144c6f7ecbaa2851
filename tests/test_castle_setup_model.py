"""The Castle setup model: seats, figures, rituals, checking, remembering and building a match.
No window: these run headless."""

from __future__ import annotations

import json
from typing import Any

import pytest

from moonlight_desktop.engine import SeatSpec
from moonlight_desktop.games.castle.board import available_levels
from moonlight_desktop.games.castle.table import DEFAULT_LEVEL, RITUALS, Ritual
from moonlight_desktop.games.castle.ui.setup_model import (
    FIGURES,
    NAME_LENGTH,
    CastleSetup,
    SetupError,
    bot_name,
    finished_demo_match,
    is_default_name,
    rematch,
)


def test_default_setup_is_valid_and_builds_a_match() -> None:
    setup = CastleSetup.default()
    assert setup.problem() is None
    match = setup.to_match(seed=5)
    assert match.record.seed == 5
    assert match.seats == (
        SeatSpec("Player 1", "human", None, look="squirrel"),
        SeatSpec("Wolf (normal)", "bot", "normal", look="wolf"),
    )
    assert match.record.options["level"] == DEFAULT_LEVEL
    assert match.record.options["start_seat"] is None
    assert len(match.record.options["fountains"]) == 2


def test_typed_seed_is_used_and_empty_seed_is_random() -> None:
    setup = CastleSetup.default()
    assert setup.set_seed_text("4a2 ") == "42"
    assert setup.to_match().record.seed == 42
    setup.set_seed_text("")
    assert setup.seed() is None
    seeds = {setup.to_match().record.seed for _ in range(5)}
    assert len(seeds) > 1


def test_adding_and_removing_seats() -> None:
    setup = CastleSetup.default()
    setup.add_seat()
    assert [seat.figure for seat in setup.seats] == ["squirrel", "wolf", "fox"]
    assert setup.seats[2].name == "Player 3" and setup.seats[2].kind == "human"
    setup.add_seat()
    assert len(setup.seats) == 4 and not setup.can_add_seat()
    setup.add_seat()
    assert len(setup.seats) == 4
    assert len(setup.fountains_in_play) == 4
    setup.set_start_seat(3)
    setup.remove_seat(1)
    assert setup.start_seat == 2  # the same player still starts
    setup.remove_seat(2)
    assert setup.start_seat is None  # the starting player left: random again
    setup.remove_seat(0)
    assert len(setup.seats) == 2  # never fewer than two
    assert len(setup.fountains_in_play) == 2


def test_new_player_names_never_clash() -> None:
    setup = CastleSetup.default()
    setup.set_name(0, "Player 3")
    setup.add_seat()
    names = [seat.name for seat in setup.seats]
    assert len({name.casefold() for name in names}) == 3
    assert setup.problem() is None


def test_kind_changes_rename_default_names_only() -> None:
    setup = CastleSetup.default()
    setup.set_kind(0, "easy")
    assert setup.seats[0].name == bot_name("squirrel", "easy") == "Squirrel (easy)"
    setup.set_kind(0, "human")
    assert setup.seats[0].name == "Player 1"
    setup.set_name(0, "Ana")
    setup.set_kind(0, "normal")
    assert setup.seats[0].name == "Ana"
    with pytest.raises(SetupError):
        setup.set_kind(0, "grandmaster")


def test_taking_a_figure_swaps_it_and_renames_bots() -> None:
    setup = CastleSetup.default()
    setup.set_figure(0, "wolf")
    assert [seat.figure for seat in setup.seats] == ["wolf", "squirrel"]
    assert setup.seats[1].name == "Squirrel (normal)"
    setup.set_figure(1, "raccoon")
    assert [seat.figure for seat in setup.seats] == ["wolf", "raccoon"]
    assert setup.owner_of("raccoon") == 1 and setup.owner_of("fox") is None
    with pytest.raises(SetupError):
        setup.set_figure(0, "dragon")


def test_rituals_stay_distinct() -> None:
    setup = CastleSetup.default()
    setup.set_ritual(0, Ritual.ONE_OF_EACH)
    rituals = [fountain.ritual for fountain in setup.fountains]
    assert rituals[0] == Ritual.ONE_OF_EACH
    assert sorted(r.value for r in rituals) == sorted(r.value for r in RITUALS)
    setup.set_gold(0, True)
    options = setup.validate()
    assert options["fountains"][0] == {"ritual": "one_of_each", "side": "gold"}


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda s: s.set_name(0, "   "), "needs a name"),
        (lambda s: s.set_name(1, "player 1"), "give each their own name"),
        (lambda s: setattr(s, "seed_text", "12x"), "whole number"),
        (lambda s: setattr(s, "seed_text", "9" * 13), "whole number"),
        (lambda s: setattr(s, "level", "no_such_garden"), "garden"),
        (lambda s: setattr(s.seats[1], "figure", "squirrel"), "figure of their own"),
    ],
)
def test_problems_are_explained(edit: Any, words: str) -> None:
    setup = CastleSetup.default()
    edit(setup)
    problem = setup.problem()
    assert problem is not None and words in problem
    with pytest.raises(SetupError):
        setup.to_match(seed=1)


def test_remembered_setup_round_trips_without_the_seed() -> None:
    setup = CastleSetup.default()
    setup.add_seat()
    setup.set_kind(2, "easy")
    setup.set_name(0, "Ana")
    setup.set_gold(1, True)
    setup.set_ritual(1, Ritual.ONE_COLOR)
    setup.full_moon = True
    setup.level = available_levels()[-1]
    setup.set_start_seat(2)
    setup.set_seed_text("77")
    data = json.loads(json.dumps(setup.to_json()))
    restored = CastleSetup.restore(data)
    setup.seed_text = ""
    assert restored == setup


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "setup",
        {},
        {"version": 99},
        {"version": True},
        {"version": 1, "seats": "many"},
        {"version": 1, "seats": [{"kind": 3}]},
        {**CastleSetup.default().to_json(), "full_moon": "yes"},
        {**CastleSetup.default().to_json(), "start_seat": 7},
        {**CastleSetup.default().to_json(), "start_seat": True},
        {**CastleSetup.default().to_json(), "seats": [{"kind": "alien"}, 3]},
        {**CastleSetup.default().to_json(), "fountains": [[], {"ritual": ["return_two"]}]},
    ],
)
def test_remembered_setups_with_nothing_usable_give_the_default(data: Any) -> None:
    assert CastleSetup.restore(data) == CastleSetup.default()


def _remembered(**changes: Any) -> dict[str, Any]:
    seats = [
        {"kind": "human", "name": "Ana", "figure": "fox", "open_screen": True},
        {"kind": "easy", "name": "Basil", "figure": "raccoon"},
        {"kind": "human", "name": "Cleo", "figure": "wolf"},
    ]
    return {**CastleSetup.default().to_json(), "seats": seats, **changes}


def test_a_bad_seat_keeps_the_other_seats_names() -> None:
    data = _remembered()
    data["seats"][1] = {"kind": ["easy"], "name": {"x": 1}, "figure": "dragon", "open_screen": 2}
    restored = CastleSetup.restore(data)
    assert [(seat.kind, seat.name, seat.figure) for seat in restored.seats] == [
        ("human", "Ana", "fox"),
        ("normal", "Squirrel (normal)", "squirrel"),  # its place's default kind; the wolf...
        ("human", "Cleo", "wolf"),  # ...stays Cleo's, so the first free figure
    ]
    assert restored.seats[0].open_screen and restored.problem() is None


@pytest.mark.parametrize(
    ("seats", "names"),
    [
        ([{"name": "Ana"}, {"name": "ana "}], ["Ana", "Wolf (normal)"]),  # names stay unique
        ([{"name": "A\x00na"}, {"name": "\ud800"}], ["Player 1", "Wolf (normal)"]),  # undrawable
        ([{"name": "   "}], ["Player 1", "Wolf (normal)"]),
        ([{"name": "x" * 300}], ["x" * NAME_LENGTH, "Wolf (normal)"]),
        ([{"name": f"P{n}"} for n in range(9)], ["P0", "P1", "P2", "P3"]),
    ],
)
def test_seat_names_are_kept_unless_they_cannot_be_used(
    seats: list[dict[str, Any]], names: list[str]
) -> None:
    restored = CastleSetup.restore({"version": 1, "seats": seats})
    assert [seat.name for seat in restored.seats] == names
    assert restored.problem() is None


def test_fountains_are_repaired_one_by_one_and_stay_distinct() -> None:
    fountains = [
        {"ritual": "one_color", "side": "gold"},
        {"ritual": "one_color", "side": "gold"},  # taken: this place's default, return_one
        {"ritual": {"a": 1}, "side": 7},  # wrong: its default (one_color) is taken, so free
    ]
    restored = CastleSetup.restore(_remembered(fountains=fountains))
    assert [(f.ritual, f.gold) for f in restored.fountains] == [
        (Ritual.ONE_COLOR, True),
        (Ritual.RETURN_ONE, True),
        (Ritual.RETURN_TWO, False),
        (Ritual.ONE_OF_EACH, False),
    ]
    assert [seat.name for seat in restored.seats] == ["Ana", "Basil", "Cleo"]


def test_a_garden_that_is_gone_keeps_the_rest_of_the_setup() -> None:
    data = CastleSetup.default().to_json()
    data["level"] = "demolished_garden"
    data["full_moon"] = True
    restored = CastleSetup.restore(data)
    assert restored.level == DEFAULT_LEVEL and restored.full_moon


def test_default_names() -> None:
    assert is_default_name("Player 12") and is_default_name("") and is_default_name("Fox (easy)")
    assert not is_default_name("Ana") and not is_default_name("Fox (great)")
    assert all(len(bot_name(figure, "normal")) <= NAME_LENGTH for figure in FIGURES)


def test_rematch_keeps_seats_and_options_with_a_new_seed() -> None:
    finished = finished_demo_match(seed=3, seats=3)
    assert finished.is_over()
    again = rematch(finished)
    assert again.seats == finished.seats
    assert again.record.options == finished.record.options
    assert not again.record.moves and not again.is_over()
    assert rematch(finished, seed=11).record.seed == 11


def test_players_without_a_screen_become_the_open_screens_option() -> None:
    setup = CastleSetup.default()
    setup.add_seat()
    setup.set_kind(2, "human")
    setup.set_open_screen(2, True)
    setup.set_open_screen(1, True)  # a bot: a screen of its own does not matter to anyone
    assert setup.options()["open_screens"] == [2]
    again = CastleSetup.restore(setup.to_json())
    assert [seat.open_screen for seat in again.seats] == [False, True, True]
    match = setup.to_match(seed=4)
    assert match.record.options["open_screens"] == [2]
