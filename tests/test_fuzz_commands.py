"""Fuzz: mistyped commands and seats in every game are refused with IllegalCommand, name the
field, change nothing, and leave the game playable to its end.

Commands compare equal across types (`Bid(5.0, 0.0) == Bid(5, 0)`), so a float, a bool or an
int subclass slipping through `command in legal` was the way in. Quick by default;
MOONLIGHT_FUZZ=long plays many more games (tests/fuzzing.py).
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.engine import Command, IllegalCommand, Match, RecordError, SeatSpec
from moonlight_desktop.engine.bench import sample_seats
from moonlight_desktop.engine.data import mistyped_field
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.moons.moves import PlayCard, TradeCard, TradeToken
from moonlight_desktop.games.samarkand.moves import Sell
from tests.fuzzing import scaled

VARIANTS: dict[str, dict[str, Any]] = {
    "castle": {},
    "castle-gold": {  # the fountains whose rituals take ReturnPebbles and KeepColor
        "full_moon": True,
        "fountains": [
            {"ritual": "return_two", "side": "gold"},
            {"ritual": "one_color", "side": "gold"},
            {"ritual": "one_of_each", "side": "gold"},
        ],
    },
    "market": {},
    "moons": {},
    "samarkand": {},
    "samarkand-sealed": {"mode": "sealed"},  # Order commands: a lot and a price
}


def _new_match(game_id: str, seed: int, options: dict[str, Any] | None = None) -> Match[Any]:
    seats = [SeatSpec(f"p{n}") for n in range(sample_seats(GAMES[game_id].rules))]
    return Match.new(GAMES[game_id].rules, seats, seed, options)


def _int_fields(command: Command) -> list[str]:
    return [
        f.name for f in dataclasses.fields(command) if isinstance(getattr(command, f.name), int)
    ]


MISTYPED_VALUES: list[Any] = [
    0.0,
    1.0,
    5.0,
    True,
    False,
    "1",
    None,
    [1],
    (1,),
    {"a": 1},
    10**5000,
    -(10**400),
    float("nan"),
    float("inf"),
]


def _mistyped(command: Command, rng: random.Random) -> Command | None:
    """`command` with one int field replaced by an equal float, a bool or another wrong type."""
    names = _int_fields(command)
    if not names:
        return None
    name = rng.choice(names)
    value = getattr(command, name)
    wrong = rng.choice([float(value), bool(value % 2), *MISTYPED_VALUES])
    return dataclasses.replace(command, **{name: wrong})


def _refused_unchanged(match: Match[Any], seat: Any, command: Any, field: str | None) -> None:
    before_state, before_moves = match.state_json(), len(match.record.moves)
    with pytest.raises(IllegalCommand) as refusal:
        match.submit(seat, command)
    if field is not None:
        assert f".{field} must be" in str(refusal.value)
    assert len(str(refusal.value)) < 400
    assert match.state_json() == before_state
    assert len(match.record.moves) == before_moves


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_mistyped_commands_and_seats_are_refused_in_every_game(variant: str) -> None:
    """Random games; before every legal move, a mistyped copy of a legal command and the right
    command from a mistyped seat are refused, naming the field, and nothing changes. The game
    then plays on to its end (a float let in used to crash tens of commands later)."""
    tried, kinds = 0, set()
    for game in range(scaled(4, 60)):
        rng = random.Random(game)
        match = _new_match(variant.split("-")[0], game, VARIANTS[variant])
        while not match.is_over():
            seat = rng.choice(match.to_act())
            command = rng.choice(list(match.legal(seat)))
            kinds.add(type(command).__name__)
            wrong = _mistyped(command, rng)
            if wrong is not None:
                field = next(
                    f.name
                    for f in dataclasses.fields(wrong)
                    if getattr(wrong, f.name) is not getattr(command, f.name)
                )
                _refused_unchanged(match, seat, wrong, field)
                tried += 1
            wrong_seat = rng.choice([float(seat), bool(seat), str(seat), None, [seat]])
            _refused_unchanged(match, wrong_seat, command, None)
            assert match.legal(wrong_seat) == ()
            match.submit(seat, command)
        assert json.loads(match.record.dumps())  # the record is still plain, canonical JSON
    assert tried > 50
    expected = {"castle-gold": {"ReturnPebbles", "KeepColor"}, "samarkand-sealed": {"Order"}}
    assert expected.get(variant, set()) <= kinds  # the variant reached its own commands


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_refuse_mistyped_commands_without_the_match(game_id: str) -> None:
    """`apply` is total on its own: the same checks guard a caller that skips the Match."""
    spec = GAMES[game_id]
    match = _new_match(game_id, seed=7)
    state = match.snapshot()
    seat = match.to_act()[0]
    command = next(c for c in match.legal(seat) if _int_fields(c))
    for wrong in (float(seat), True, "0"):
        with pytest.raises(IllegalCommand, match="seat is a whole number"):
            spec.rules.apply(state, wrong, command)
    field = _int_fields(command)[0]
    with pytest.raises(IllegalCommand, match=f".{field} must be a whole number"):
        spec.rules.apply(state, seat, dataclasses.replace(command, **{field: 1.0}))
    assert spec.rules.state_to_json(state) == match.state_json()


def test_the_examples_of_the_issue_are_refused() -> None:
    """The cases found by the first fuzzing, one by one."""
    market = _new_match("market", seed=3)
    seat = market.to_act()[0]
    bid = next(c for c in market.legal(seat) if type(c).__name__ == "Bid")
    _refused_unchanged(
        market, seat, dataclasses.replace(bid, card=float(bid.card), cushion=0.0), "card"
    )
    moons = _new_match("moons", seed=3)
    _refused_unchanged(moons, moons.to_act()[0], PlayCard(0.0), "card")  # type: ignore[arg-type]
    samarkand = _new_match("samarkand", seed=3)
    _refused_unchanged(samarkand, samarkand.to_act()[0], Sell(48.0), "card")  # type: ignore[arg-type]
    castle = _new_match("castle", seed=3)
    command = castle.legal(castle.to_act()[0])[0]
    _refused_unchanged(castle, float(castle.to_act()[0]), command, None)


def test_no_moons_game_hands_another_a_float_trade() -> None:
    """Moons used to remember trade commands process-wide keyed by value (5.0 == 5): one game
    that took a float trade poisoned every later game. Every command offered in a clean game
    holds exact ints, whatever was tried before."""
    for wrong in (TradeToken(0.0, 1.0, 2.0), TradeCard(5.0, 1.0, 7.0)):  # type: ignore[arg-type]
        match = _new_match("moons", seed=11)
        with pytest.raises(IllegalCommand):
            match.submit(match.to_act()[0], wrong)
    for game in range(scaled(6, 60)):
        rng = random.Random(game)
        match = _new_match("moons", seed=game)
        while not match.is_over():
            seat = rng.choice(match.to_act())
            legal = list(match.legal(seat))
            assert all(mistyped_field(command) is None for command in legal)
            assert all(
                type(getattr(c, f.name)) is int for c in legal for f in dataclasses.fields(c)
            )
            match.submit(seat, rng.choice(legal))


@given(value=st.one_of(st.floats(), st.booleans(), st.text(max_size=5), st.none()))
def test_the_codec_refuses_any_non_int_field(value: Any) -> None:
    """A record's command whose int field holds anything but a whole number is a RecordError
    naming the field, never a command that compares equal to a legal one."""
    for spec in GAMES.values():
        legal = [c for c in _first_legal(spec) if _int_fields(c)]
        for command in legal[:3]:
            data = command.to_json()
            field = _int_fields(command)[0]
            data[field] = value
            with pytest.raises(RecordError, match=f"{field} must be"):
                spec.codec.decode(data)


def _first_legal(spec: Any) -> list[Command]:
    match = Match.new(spec.rules, [SeatSpec(f"p{n}") for n in range(sample_seats(spec.rules))], 1)
    return list(match.legal(match.to_act()[0]))


def test_a_record_of_a_game_played_with_enum_fields_is_canonical() -> None:
    """Rules may build commands from IntEnum members (gems, colours): the record still holds
    plain ints and reads back to equal commands, bools never appear."""
    for game_id in sorted(GAMES):
        rng = random.Random(5)
        match = _new_match(game_id, seed=5)
        for _ in range(40):
            if match.is_over():
                break
            seat = rng.choice(match.to_act())
            match.submit(seat, rng.choice(list(match.legal(seat))))
        text = match.record.dumps()
        assert "true" not in text.split('"commands"')[1]
        data = json.loads(text)
        codec = GAMES[game_id].codec
        decoded = [
            codec.decode({k: v for k, v in c.items() if k != "seat"}) for c in data["commands"]
        ]
        assert decoded == [move.command for move in match.record.moves]
