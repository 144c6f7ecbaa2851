"""Fuzz: a view read back from JSON, as a bot playing a seat through the network receives it,
is either a view (that reads back the same from its own JSON) or refused with RecordError,
whatever the JSON holds: a value of the wrong type or an absurd size anywhere, a field
missing or added, an item dropped, or no view at all. Never another exception: the data
comes from another process.

The views come from random play of every registered game at its fewest and most seats, seen
from every seat and by the spectator. Hypothesis runs the quick profile by default
(tests/fuzzing.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.engine import JsonDict, RecordError
from moonlight_desktop.game_list import GAMES
from tests.fuzzing import json_places, json_replaced

STEPS_BETWEEN_VIEWS = 7


def _views(game_id: str) -> list[JsonDict]:
    """Views of one random game at each end of the game's seat range, every few commands."""
    rules = GAMES[game_id].rules
    rng = random.Random(game_id)
    views: list[JsonDict] = []
    for seats in sorted({rules.min_seats, rules.max_seats}):
        state = rules.new_state(rules.normalize_options({}, seats), seats, rng.randrange(1000))
        steps = 0
        while not rules.is_over(state):
            if steps % STEPS_BETWEEN_VIEWS == 0:
                views += [rules.view(state, viewer).to_json() for viewer in [*range(seats), None]]
            seat = rng.choice(rules.to_act(state))
            rules.apply(state, seat, rng.choice(list(rules.legal_commands(state, seat))))
            steps += 1
        views += [rules.view(state, viewer).to_json() for viewer in [*range(seats), None]]
    return json.loads(json.dumps(views))  # as sent: plain JSON values, no enums


VIEWS = {game_id: _views(game_id) for game_id in sorted(GAMES)}

ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([-1, 2**31, 2**63, -(2**63), 10**30]),
    st.sampled_from([4400, 5000]).map(lambda digits: 10**digits),  # too long to print
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(["magic", "over", "B7", "hammer", "x" * 10_000]),
)
JSON = st.recursive(
    ODD,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def _dropped(data: Any, place: tuple[Any, ...]) -> Any:
    """A copy of `data` without the field or item at `place` (not the whole)."""
    copy = json.loads(json.dumps(data))
    parent = copy
    for step in place[:-1]:
        parent = parent[step]
    del parent[place[-1]]
    return copy


def _assert_read_or_refused(game_id: str, data: Any) -> None:
    rules = GAMES[game_id].rules
    try:
        view = rules.view_from_json(data)
    except RecordError:
        return
    assert rules.view_from_json(json.loads(json.dumps(view.to_json()))) == view


@pytest.mark.parametrize("game_id", sorted(GAMES))
@given(data=st.data())
def test_a_view_with_an_odd_value_anywhere_is_read_or_refused(game_id: str, data: Any) -> None:
    view = data.draw(st.sampled_from(VIEWS[game_id]))
    place = data.draw(st.sampled_from(json_places(view)))
    _assert_read_or_refused(game_id, json_replaced(view, place, data.draw(JSON)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@given(data=st.data())
def test_a_view_missing_a_field_or_an_item_is_read_or_refused(game_id: str, data: Any) -> None:
    view = data.draw(st.sampled_from(VIEWS[game_id]))
    place = data.draw(st.sampled_from(json_places(view)[1:]))
    _assert_read_or_refused(game_id, _dropped(view, place))


@pytest.mark.parametrize("game_id", sorted(GAMES))
@given(data=st.data())
def test_a_view_with_a_field_added_is_refused(game_id: str, data: Any) -> None:
    view = data.draw(st.sampled_from(VIEWS[game_id]))
    name = data.draw(st.text(max_size=12).filter(lambda text: text not in view))
    with pytest.raises(RecordError):
        GAMES[game_id].rules.view_from_json(view | {name: data.draw(JSON)})


@pytest.mark.parametrize("game_id", sorted(GAMES))
@given(data=JSON)
def test_any_json_at_all_is_refused_or_read(game_id: str, data: Any) -> None:
    _assert_read_or_refused(game_id, data)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_field_is_needed(game_id: str) -> None:
    """A view without any one of its top-level fields is refused, and says which."""
    view = VIEWS[game_id][0]
    for name in view:
        with pytest.raises(RecordError, match=name):
            GAMES[game_id].rules.view_from_json({k: v for k, v in view.items() if k != name})
