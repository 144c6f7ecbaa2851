"""A game as an online seat knows it (net/remote.py): every event of every game reads back from
its JSON into its own class, and anything else a server might send (an odd value anywhere, an
unknown kind, not an event at all) is refused with RecordError and nothing else."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.engine import Event, Match, RecordError, SeatSpec
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.net.client import SeatTable
from moonlight_desktop.net.protocol import SeatInfo, TableState, Update
from moonlight_desktop.net.remote import RemoteMatch, event_from_json
from tests.fuzzing import json_places, json_replaced
from tests.test_fuzz_views import JSON


def _played(game: str, seed: int) -> tuple[Match[Any], list[Event]]:
    rules = GAMES[game].rules
    rng = random.Random(seed)
    seats = [SeatSpec(f"P{n}") for n in range(rules.min_seats)]
    match = Match.new(rules, seats, seed)
    events: list[Event] = []
    while not match.is_over():
        seat = rng.choice(match.to_act())
        for event in match.submit(seat, rng.choice(list(match.legal(seat)))):
            events += [event.seen_by(viewer) for viewer in (None, *range(len(seats)))]
    return match, events


PLAYED = {game: _played(game, 3) for game in sorted(GAMES)}
EVENTS = {game: [json.loads(json.dumps(e.to_json())) for e in PLAYED[game][1]] for game in PLAYED}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_event_reads_back_into_its_own_class(game: str) -> None:
    rules = GAMES[game].rules
    for event in PLAYED[game][1]:
        sent = json.loads(json.dumps(event.to_json()))
        assert event_from_json(rules, sent) == event


@pytest.mark.parametrize("game", sorted(GAMES))
@given(data=st.data())
def test_an_event_with_an_odd_value_anywhere_is_read_or_refused(game: str, data: Any) -> None:
    event = data.draw(st.sampled_from(EVENTS[game]))
    place = data.draw(st.sampled_from(json_places(event)))
    with contextlib.suppress(RecordError):
        event_from_json(GAMES[game].rules, json_replaced(event, place, data.draw(JSON)))


@pytest.mark.parametrize("game", sorted(GAMES))
@given(data=JSON)
def test_any_json_at_all_is_refused_or_read_as_an_event(game: str, data: Any) -> None:
    with contextlib.suppress(RecordError):
        assert isinstance(event_from_json(GAMES[game].rules, data), Event)


def test_another_games_event_is_refused() -> None:
    castle_event = EVENTS["castle"][0]
    with pytest.raises(RecordError, match="no event of this game"):
        event_from_json(GAMES["moons"].rules, castle_event)


def _remote(game: str) -> RemoteMatch:
    match = PLAYED[game][0]
    seats = [SeatInfo(seat.name, "person", None, True, True) for seat in match.seats]
    opening = json.loads(json.dumps(match.replayed(0).view(None).to_json()))
    return RemoteMatch(GAMES[game], "ABC234", match.record.options, seats, 0, opening)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_remote_game_changes_only_on_news_it_can_read_whole(game: str) -> None:
    remote, match = _remote(game), PLAYED[game][0]
    view = json.loads(json.dumps(match.replayed(0).view(0).to_json()))
    legal = [command.to_json() for command in match.replayed(0).legal(0)]
    remote.told(view, [0], legal)
    before = (remote.view(0), remote.to_act(), list(remote.legal(0)))
    for bad in (
        ({"nonsense": 1}, [0], legal),
        (view, [99], legal),
        (view, [0], [{"cmd": "no_such_command"}]),
        (view, [0], legal, {"format": 1, "game": "other"}),
    ):
        with pytest.raises(RecordError):
            remote.told(*bad)
        assert (remote.view(0), remote.to_act(), list(remote.legal(0))) == before
    assert not remote.is_over()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_games_record_makes_it_over_with_the_rules_own_scores(game: str) -> None:
    remote, match = _remote(game), PLAYED[game][0]
    record = json.loads(json.dumps(match.record.to_json()))
    view = json.loads(json.dumps(match.view(0).to_json()))
    remote.told(view, [], [], record)
    assert remote.is_over() and remote.to_act() == ()
    assert remote.scores() == match.scores() and remote.winners() == match.winners()
    unfinished = json.loads(json.dumps(match.replayed(3).record.to_json()))
    with pytest.raises(RecordError, match="not over"):
        _remote(game).told(view, [], [], unfinished)


def test_a_clients_table_grows_its_own_history_never_the_messages() -> None:
    """The window keeps the whole table it was told while the link's thread learns what
    follows: that message must stay as it came."""
    told = TableState("ABC234", "moons", {}, [], 0, 1, {}, [], [], [[{"event": "x"}]], [], 0)
    table = SeatTable("ABC234", 0)
    table.learn(told, 0.0)
    table.learn(Update("ABC234", 2, 1, [{"event": "y"}], {}, [], [], []), 0.0)
    assert len(table.history) == 2 and len(told.history) == 1
