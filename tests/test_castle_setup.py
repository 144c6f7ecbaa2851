"""Moonlight Castle's table as the setup shell sets it: seats, figures, the garden, the Full
Moon, the fountains (no ritual twice), who plays without a screen, checking, remembering (a
setup Castle's own setup screen remembered too) and building a match. No window."""

from __future__ import annotations

import json
from typing import Any

import pytest

from moonlight_desktop.engine import SeatSpec
from moonlight_desktop.games.castle.board import available_levels, board_named
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.table import DEFAULT_LEVEL
from moonlight_desktop.games.castle.ui.setup import CASTLE_SETUP, FIGURES, GARDEN_TITLES, WHITE
from moonlight_desktop.ui.table.setup import HUMAN, SetupError, TableSetup

RULES = CastleRules()
NAME_LENGTH = CASTLE_SETUP.name_length


def default() -> TableSetup:
    return TableSetup.default(CASTLE_SETUP)


def restore(data: Any) -> TableSetup:
    return TableSetup.restore(CASTLE_SETUP, data)


def fountains(setup: TableSetup) -> list[Any]:
    return [setup.options[f"fountain_{n}"] for n in range(1, 5)]


def test_default_setup_is_valid_and_builds_a_match() -> None:
    setup = default()
    assert setup.problem() is None
    match = setup.to_match(RULES, seed=5)
    assert match.record.seed == 5
    assert match.seats == (
        SeatSpec("Player 1", "human", None, look="squirrel"),
        SeatSpec("Wolf (normal)", "bot", "normal", look="wolf"),
    )
    assert match.record.options == {
        "level": DEFAULT_LEVEL,
        "full_moon": False,
        "fountains": [
            {"ritual": "return_two", "side": "white"},
            {"ritual": "return_one", "side": "white"},
        ],
        "start_seat": None,
        "open_screens": [],
    }


def test_typed_seed_is_used_and_empty_seed_is_random() -> None:
    setup = default()
    assert setup.set_seed_text("4a2 ") == "42"
    assert setup.to_match(RULES).record.seed == 42
    setup.set_seed_text("")
    assert len({setup.to_match(RULES).record.seed for _ in range(5)}) > 1


def test_adding_and_removing_seats() -> None:
    setup = default()
    setup.add_seat()
    assert [seat.look for seat in setup.seats] == ["squirrel", "wolf", "fox"]
    assert setup.seats[2].name == "Player 3" and setup.seats[2].kind == HUMAN
    setup.add_seat()
    assert len(setup.seats) == 4 and not setup.can_add_seat()
    setup.add_seat()
    assert len(setup.seats) == 4
    assert [row.key for row in setup.rows()].count("fountain_4") == 1
    setup.set_starter(3)
    setup.remove_seat(1)
    assert setup.starter == 2  # the same player still starts
    setup.remove_seat(2)
    assert setup.starter is None  # the starting player left: random again
    setup.remove_seat(0)
    assert len(setup.seats) == 2  # never fewer than two
    assert "fountain_3" not in [row.key for row in setup.rows()]
    assert len(setup.to_match(RULES, seed=1).record.options["fountains"]) == 2


def test_new_player_names_never_clash() -> None:
    setup = default()
    setup.set_name(0, "Player 3")
    setup.add_seat()
    names = [seat.name for seat in setup.seats]
    assert len({name.casefold() for name in names}) == 3
    assert setup.problem() is None


def test_taking_a_figure_swaps_it_and_renames_bots() -> None:
    setup = default()
    setup.set_look(0, "wolf")
    assert [seat.look for seat in setup.seats] == ["wolf", "squirrel"]
    assert setup.seats[1].name == "Squirrel (normal)"
    setup.set_look(1, "raccoon")
    assert [seat.look for seat in setup.seats] == ["wolf", "raccoon"]
    assert setup.owner_of("raccoon") == 1 and setup.owner_of("fox") is None
    setup.set_look(0, "dragon")
    assert setup.seats[0].look == "wolf"


def test_rituals_stay_distinct() -> None:
    setup = default()
    setup.set_option("fountain_1", "one_of_each")
    setup.set_option("fountain_2", "one_color")
    setup.set_option("fountain_1", "one_color")  # fountain 2 takes fountain 1's old ritual
    assert fountains(setup)[:2] == ["one_color", "one_of_each"]
    setup.set_option("fountain_2", WHITE)
    setup.set_option("fountain_2", "one_color")  # fountain 1 was white: the first one free
    assert fountains(setup)[:2] == ["return_two", "one_color"]
    options = setup.to_match(RULES, seed=1).record.options
    assert options["fountains"] == [
        {"ritual": "return_two", "side": "gold"},
        {"ritual": "one_color", "side": "gold"},
    ]


def test_white_fountains_show_the_rituals_no_gold_one_shows() -> None:
    setup = default()
    setup.add_seat()
    setup.set_option("fountain_2", "return_two")
    options = setup.to_match(RULES, seed=1).record.options
    rituals = [fountain["ritual"] for fountain in options["fountains"]]
    assert [fountain["side"] for fountain in options["fountains"]] == ["white", "gold", "white"]
    assert rituals == ["return_one", "return_two", "one_color"]


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda s: s.set_name(0, "   "), "Player 1 needs a name"),
        (lambda s: s.set_name(1, "player 1"), "give each their own name"),
        (lambda s: s.options.update(level="no_such_garden"), "garden"),
    ],
)
def test_problems_are_explained(edit: Any, words: str) -> None:
    setup = default()
    edit(setup)
    with pytest.raises(SetupError, match=words):
        setup.to_match(RULES, seed=1)


def test_remembered_setup_round_trips_without_the_seed() -> None:
    setup = default()
    setup.add_seat()
    setup.set_kind(2, "easy")
    setup.set_name(0, "Ana")
    setup.set_option("fountain_2", "one_color")
    setup.set_option("full_moon", True)
    setup.set_option("level", available_levels()[-1])
    setup.set_starter(2)
    setup.set_flag(0, True)
    setup.hints = False
    setup.set_seed_text("77")
    restored = restore(json.loads(json.dumps(setup.to_json())))
    setup.seed_text = ""
    assert restored == setup


EARLIER = {
    "version": 1,
    "seats": [
        {"kind": "human", "name": "Ana", "figure": "fox", "open_screen": True},
        {"kind": "easy", "name": "Basil", "figure": "raccoon"},
        {"kind": "human", "name": "Cleo", "figure": "wolf"},
    ],
    "fountains": [
        {"ritual": "one_color", "side": "gold"},
        {"ritual": "return_two", "side": "white"},
        {"ritual": "one_of_each", "side": "gold"},
        {"ritual": "return_one", "side": "white"},
    ],
    "level": DEFAULT_LEVEL,
    "full_moon": True,
    "start_seat": 2,
    "hints": False,
}
"""A setup as Castle's own setup screen remembered it."""


def test_a_setup_castles_own_screen_remembered_is_read_whole() -> None:
    restored = restore(json.loads(json.dumps(EARLIER)))
    assert [(s.kind, s.name, s.look, s.flagged) for s in restored.seats] == [
        ("human", "Ana", "fox", True),
        ("easy", "Basil", "raccoon", False),
        ("human", "Cleo", "wolf", False),
    ]
    assert fountains(restored) == ["one_color", WHITE, "one_of_each", WHITE]
    assert restored.options["full_moon"] is True and restored.options["level"] == DEFAULT_LEVEL
    assert restored.starter == 2 and restored.hints is False
    assert restored.problem() is None


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
        {**EARLIER, "seats": [{"kind": 3}]},
    ],
)
def test_remembered_setups_with_nothing_usable_give_the_default(data: Any) -> None:
    restored = restore(data)
    assert [(s.kind, s.name, s.look) for s in restored.seats] == [
        (s.kind, s.name, s.look) for s in default().seats
    ]
    assert restored.problem() is None


@pytest.mark.parametrize(
    "changes",
    [
        {"full_moon": "yes"},
        {"start_seat": 7},
        {"start_seat": True},
        {"fountains": [[], {"ritual": ["return_two"]}]},
        {"level": "demolished_garden"},
    ],
)
def test_a_bad_field_of_an_earlier_setup_keeps_the_rest(changes: dict[str, Any]) -> None:
    restored = restore({**EARLIER, **changes})
    assert [seat.name for seat in restored.seats] == ["Ana", "Basil", "Cleo"]
    assert restored.to_match(RULES, seed=1).seats[0].look == "fox"


def test_a_bad_seat_keeps_the_other_seats_names() -> None:
    data = json.loads(json.dumps(EARLIER))
    data["seats"][1] = {"kind": ["easy"], "name": {"x": 1}, "figure": "dragon", "open_screen": 2}
    restored = restore(data)
    assert [(seat.kind, seat.name, seat.look) for seat in restored.seats] == [
        ("human", "Ana", "fox"),
        ("normal", "Squirrel (normal)", "squirrel"),  # the first free figure
        ("human", "Cleo", "wolf"),
    ]
    assert restored.seats[0].flagged and restored.problem() is None


@pytest.mark.parametrize(
    ("seats", "names"),
    [
        ([{"name": "Ana"}, {"name": "ana "}], ["Ana", "Wolf (normal)"]),  # names stay unique
        ([{"name": "A\x00na"}, {"name": "\ud800"}], ["Player 1", "Wolf (normal)"]),  # undrawable
        ([{"name": "   "}, {}], ["Player 1", "Wolf (normal)"]),
        ([{"name": "x" * 300}, {}], ["Player 1", "Wolf (normal)"]),  # longer than the field
    ],
)
def test_seat_names_are_kept_unless_they_cannot_be_used(
    seats: list[dict[str, Any]], names: list[str]
) -> None:
    restored = restore({"version": 1, "seats": seats})
    assert [seat.name for seat in restored.seats] == names
    assert restored.problem() is None


def test_fountains_are_repaired_one_by_one_and_stay_distinct() -> None:
    earlier = [
        {"ritual": "one_color", "side": "gold"},
        {"ritual": "one_color", "side": "gold"},  # taken: white
        {"ritual": {"a": 1}, "side": "gold"},  # wrong: white
        {"ritual": "return_one", "side": "gold"},
    ]
    restored = restore({**EARLIER, "fountains": earlier})
    assert fountains(restored) == ["one_color", WHITE, WHITE, "return_one"]
    assert [seat.name for seat in restored.seats] == ["Ana", "Basil", "Cleo"]


def test_default_names() -> None:
    setup = default()
    for name, chosen in (("Player 12", True), ("", True), ("Wolf (easy)", True), ("Ana", False)):
        setup.set_name(1, name)
        assert setup.is_default_name(1) is chosen, name
    assert all(len(f"{figure.title()} (normal)") <= NAME_LENGTH for figure in FIGURES)


def test_players_without_a_screen_become_the_open_screens_option() -> None:
    setup = default()
    setup.add_seat()
    setup.set_flag(2, True)
    setup.set_flag(1, True)  # a bot: a screen of its own does not matter to anyone
    again = restore(setup.to_json())
    assert [seat.flagged for seat in again.seats] == [False, False, True]
    assert setup.to_match(RULES, seed=4).record.options["open_screens"] == [2]
    setup.set_option("full_moon", True)  # every screen is open anyway
    assert setup.to_match(RULES, seed=4).record.options["open_screens"] == []


def test_a_white_fountain_says_how_many_pebbles_it_draws_in_the_garden() -> None:
    setup = default()
    board = board_named(DEFAULT_LEVEL)
    rows = {row.key: row for row in setup.rows()}
    pebbles = board.recesses_for(2)[1].pebbles
    assert rows["fountain_2"].help_line() == (
        f"One per player. White: draws {pebbles} pebble{'' if pebbles == 1 else 's'}, no ritual."
    )
    assert rows["fountain_2"].help_for("return_one") == "One per player. Draw 4, put back 1."
    setup.options["level"] = "demolished_garden"  # no such garden: the choice's own line
    rows = {row.key: row for row in setup.rows()}
    assert rows["fountain_2"].help_line() == "One per player. White: draw the pebbles shown."


def test_every_shipped_gardens_title_is_marked_for_translation() -> None:
    """A level file's title reaches the catalogues only through GARDEN_TITLES."""
    titles = {board_named(name).title for name in available_levels()}
    assert titles and titles <= set(GARDEN_TITLES)
