"""Fuzz: options and pinned setups are checked by type and range (each game's schema, declared
once in its package and reached through the registry) before a game reads them. Whatever they
hold, a game either starts or refuses with an OptionsError that names the field.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.engine import Match, OptionsError, RecordError, SeatSpec
from moonlight_desktop.engine.schema import Object
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.market.rules import dealt_setup
from moonlight_desktop.games.samarkand.components import CAMEL_CAPACITIES, cards_of
from tests.fuzzing import json_places, json_replaced, scaled

SAMPLE_SEATS = {"castle": 3, "market": 2, "moons": 3, "samarkand": 3}
"""The seat counts the valid setups and options below are made for (Market's deal is for two,
Samarkand pins its bank's deck, which only three seats have): part of each sample."""

VALID_SETUPS: dict[str, dict[str, Any]] = {
    "castle": {"stack": list(range(27)), "pouch": "RYG" * 20, "start_seat": 1},
    "market": dealt_setup({}, 2, 4),
    "moons": {"minis": list(range(38)), "decks": [list(range(60))]},
    "samarkand": {
        "types": [0, 1, 2, 3],
        "camels": list(CAMEL_CAPACITIES),
        "bank": cards_of(3),
        "dean": 2,
    },
}
VALID_OPTIONS: dict[str, dict[str, Any]] = {
    "castle": {
        "full_moon": True,
        "fountains": [
            {"ritual": "return_two", "side": "gold"},
            {"ritual": "one_color", "side": "white"},
            {"ritual": "one_of_each", "side": "gold"},
        ],
        "start_seat": 2,
        "open_screens": [1],
    },
    "market": {"automata": 1, "start_seat": 2},
    "moons": {},
    "samarkand": {"mode": "sealed", "hidden_goods": True, "dean": 1},
}


def _start(game_id: str, options: Any = None, setup: Any = None) -> Match[Any]:
    seats = [SeatSpec(f"p{n}") for n in range(SAMPLE_SEATS[game_id])]
    return Match.new(GAMES[game_id].rules, seats, 1, options or {}, setup)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_valid_options_and_setups_start_a_game(game_id: str) -> None:
    """The corpora below start from these; each must be good, or the fuzzing proves little."""
    match = _start(game_id, VALID_OPTIONS[game_id], VALID_SETUPS[game_id])
    assert match.to_act()


WRONG_TYPES: list[Any] = [1.0, 0.0, True, False, None, "1", [], [1], {}, {"a": 1}, 10**5000]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("part", ["options", "setup"])
def test_a_wrong_type_anywhere_is_refused_naming_the_field(game_id: str, part: str) -> None:
    """Every place of the valid options and setup, replaced by each wrong type: OptionsError
    (nothing else) naming the top-level field, unless the value happens to be allowed there."""
    valid = VALID_OPTIONS[game_id] if part == "options" else VALID_SETUPS[game_id]
    rng = random.Random(f"{game_id}-{part}")
    places = json_places(valid)[1:]
    if not places:
        pytest.skip(f"{game_id} has no {part} fields")
    for place in rng.sample(places, min(len(places), scaled(40, 400))):
        for wrong in WRONG_TYPES:
            mutated = json_replaced(valid, place, wrong)
            options = mutated if part == "options" else VALID_OPTIONS[game_id]
            setup = mutated if part == "setup" else VALID_SETUPS[game_id]
            try:
                _start(game_id, options, setup)
            except OptionsError as error:
                assert f"{part}.{place[0]}" in str(error) or str(place[0]) in str(error), (
                    place,
                    wrong,
                    error,
                )
                assert len(str(error)) < 200


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@given(game_index=st.integers(0, 3), options=JSON_VALUES, setup=JSON_VALUES)
def test_any_json_as_options_or_setup_starts_a_game_or_is_refused(
    game_index: int, options: Any, setup: Any
) -> None:
    game_id = sorted(GAMES)[game_index]
    for opts, pinned in ((options, None), ({}, setup)):
        if not isinstance(opts, dict) or (pinned is not None and not isinstance(pinned, dict)):
            opts, pinned = {"x": opts}, pinned if isinstance(pinned, dict) else {"x": pinned}
        with contextlib.suppress(OptionsError, RecordError):
            _start(game_id, opts, pinned or None)


@given(
    game_index=st.integers(0, 3),
    field=st.sampled_from(["automata", "start_seat", "level", "full_moon", "mode", "dean"]),
    value=JSON_VALUES,
)
def test_any_value_of_a_known_option(game_index: int, field: str, value: Any) -> None:
    game_id = sorted(GAMES)[game_index]
    with contextlib.suppress(OptionsError):
        _start(game_id, {field: value})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_salvage_keeps_the_good_fields_and_defaults_the_bad(game_id: str) -> None:
    """Remembered choices fall back field by field: one bad field costs only itself."""
    schema: Object = GAMES[game_id].options
    valid = VALID_OPTIONS[game_id]
    for name in valid:
        broken = {**valid, name: [["not", "this"]], "stray": 1}
        kept, problems = schema.salvage(broken, "options")
        assert kept[name] == schema.fields[name].default
        assert all(kept[other] == valid[other] for other in valid if other != name)
        assert any(name in problem for problem in problems)
        assert any("stray" in problem for problem in problems)
    kept, problems = schema.salvage([1, 2], "options")
    assert problems and kept == {n: e.default for n, e in schema.fields.items()}


def test_the_issue_examples_are_refused_by_name() -> None:
    with pytest.raises(OptionsError, match=r"options.fountains\[0\].ritual"):
        _start(
            "castle",
            {
                "fountains": [
                    {"ritual": ["return_two"], "side": "gold"},
                    {"ritual": "one_color", "side": "white"},
                    {"ritual": "one_of_each", "side": "gold"},
                ]
            },
        )
    with pytest.raises(OptionsError, match=r"setup.supply\[0\]"):
        _start("market", None, {**VALID_SETUPS["market"], "supply": [["B7"]] * 150})
    with pytest.raises(OptionsError, match=r"setup.types\[0\]"):
        _start("samarkand", None, {**VALID_SETUPS["samarkand"], "types": [[0], [1], [2], [3]]})
    with pytest.raises(OptionsError, match=r"setup.minis\[1\]"):
        _start("moons", None, {**VALID_SETUPS["moons"], "minis": [0, "1", 2.0, *range(3, 38)]})
    with pytest.raises(OptionsError, match=r"options\.automata"):
        _start("market", {"automata": 1.0})
    with pytest.raises(OptionsError, match=r"options\.full_moon"):
        _start("castle", {"full_moon": 1})
