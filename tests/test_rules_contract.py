"""The rules contract every registered game keeps, checked by random legal play over thousands
of games: components conserved, states round-trip through JSON, replays and records reproduce
the game, views never leak hidden facts, finished games have winners with the best score,
illegal commands are refused without changing anything, and `advance` plays as `apply`; views
read back from their JSON (as a bot playing through the network gets them) are the same views.

Each game's tables, game counts and own invariants come from its probe (tests/probes/); a game
without one is held to the generic checks. The check functions take a game id, so a game
registered by a fixture (tests/test_fifth_game.py) is held to the same contract."""

from __future__ import annotations

import json
from typing import Any

import pytest

from moonlight_desktop.engine import Command, GameRecord, IllegalCommand, Match, Rng, SeatSpec
from moonlight_desktop.engine.bench import random_game
from moonlight_desktop.engine.data import Event
from moonlight_desktop.game_list import GAMES
from tests.probes import Plays, RulesProbe, Table, probe_for

EARLIER_COMMANDS = 8
"""Commands played earlier in the game tried again at each illegal-command sweep."""


def _params(plays: str) -> list[Any]:
    """(game id, table, games) for each table of each registered game's probe."""
    params = []
    for game_id, spec in GAMES.items():
        chosen: Plays = getattr(probe_for(game_id), plays)(spec.rules)
        params += [
            pytest.param(game_id, table, chosen.games, id=f"{game_id}-{table}")
            for table in chosen.tables
        ]
    return params


def _seed(table: Table, salt: int) -> int:
    return salt * 1000 + table.seats * 10 + len(str(table))


def _check_round_trip(rules: Any, state: Any) -> None:
    data = json.loads(json.dumps(rules.state_to_json(state)))
    assert rules.state_to_json(rules.state_from_json(data)) == rules.state_to_json(state)


def _check_views(rules: Any, probe: RulesProbe, state: Any, seats: int, rng: Rng) -> None:
    for viewer in [*range(seats), None]:
        view = rules.view(state, viewer)
        sent = json.loads(json.dumps(view.to_json()))
        assert rules.view_from_json(sent) == view, "the view read back from its JSON differs"
        twin = probe.hidden_facts_changed(state, viewer, rng)
        if twin is not None:
            assert rules.view(twin, viewer).to_json() == view.to_json()
        probe.view_shows(state, view, viewer)


def check_random_play(game_id: str, table: Table, games: int) -> None:
    """Games through a Match: the probe's invariants after every command, JSON round trips
    and views as often as the probe says, then the replay and the record read back."""
    spec = GAMES[game_id]
    rules, probe = spec.rules, probe_for(game_id)
    rng = Rng(_seed(table, 1))
    for game in range(games):
        seats = [SeatSpec(f"p{n}") for n in range(table.seats)]
        match: Match[Any] = Match.new(rules, seats, 7919 * game + table.seats, dict(table.options))
        steps = 0
        events: list[Event] = []
        while not match.is_over():
            state = match.snapshot()
            probe.conserved(state)
            if steps % probe.round_trip_every == game % probe.round_trip_every:
                _check_round_trip(rules, state)
            if steps % probe.views_every == game % probe.views_every:
                _check_views(rules, probe, state, table.seats, rng)
            acting = match.to_act()
            legal = {seat: match.legal(seat) for seat in acting}
            assert all(legal.values())  # every seat of a simultaneous choice may act
            seat = acting[rng.below(len(acting))]
            events += match.submit(seat, legal[seat][rng.below(len(legal[seat]))])
            steps += 1
            assert steps < probe.step_limit
        final = match.snapshot()
        probe.conserved(final)
        probe.finished(final)
        _check_round_trip(rules, final)
        probe.played(match, events)
        replayed = match.replayed()
        assert replayed.state_json() == match.state_json()
        assert replayed.winners() == match.winners()
        record = json.loads(match.record.dumps())
        again = Match(rules, GameRecord.from_json(record, lambda _game_id: spec.codec))
        assert again.state_json() == match.state_json()
        assert again.winners() == match.winners()


def check_quick_play(game_id: str, table: Table, games: int) -> None:
    """Games through `advance`, unchecked: they end, the probe's invariants hold at the end,
    and the winners have the best score."""
    rules, probe = GAMES[game_id].rules, probe_for(game_id)
    options = rules.normalize_options(dict(table.options), table.seats)
    rng = Rng(_seed(table, 2))
    for game in range(games):
        state = rules.new_state(options, table.seats, game + 10_000 * table.seats)
        steps = 0
        while acting := rules.to_act(state):
            seat = acting[0]
            legal = rules.legal_commands(state, seat)
            rules.advance(state, seat, legal[rng.below(len(legal))])
            steps += 1
            assert steps < probe.step_limit
        probe.conserved(state)
        probe.finished(state)
        scores, winners = rules.scores(state), rules.winners(state)
        assert winners and all(scores[w] == max(scores) for w in winners)


def _sweep(rules: Any, probe: RulesProbe, state: Any, seats: int, earlier: list[Command]) -> None:
    """Every command of the probe's universe and a few played earlier, from every seat:
    accepted (on a copy) only where legal, else refused with nothing changed; and what the
    acting seats may do, refused from seats that do not exist."""
    before = rules.state_to_json(state)
    acting = rules.to_act(state)
    universe = [*probe.universe(state), *earlier]
    acting_may = [command for seat in acting for command in rules.legal_commands(state, seat)]
    for who in [-1, *range(seats), seats]:
        legal = rules.legal_commands(state, who) if 0 <= who < seats else []
        for command in universe if 0 <= who < seats else acting_may:
            if command in legal:
                assert who in acting
                rules.apply(rules.clone(state), who, command)  # legal: accepted
                continue
            with pytest.raises(IllegalCommand):
                rules.apply(state, who, command)
        assert rules.state_to_json(state) == before, f"a refusal to seat {who} changed the state"


def check_illegal_commands(game_id: str, table: Table, games: int) -> None:
    rules, probe = GAMES[game_id].rules, probe_for(game_id)
    options = rules.normalize_options(dict(table.options), table.seats)
    rng = Rng(_seed(table, 3))
    for game in range(games):
        state = rules.new_state(options, table.seats, game)
        played: list[Command] = []
        while not rules.is_over(state):
            if rng.below(probe.illegal_one_in) == 0:
                earlier = sorted(set(played), key=played.index)
                rng.shuffle(earlier)
                _sweep(rules, probe, state, table.seats, earlier[:EARLIER_COMMANDS])
            seat = rules.to_act(state)[0]
            legal = rules.legal_commands(state, seat)
            played.append(legal[rng.below(len(legal))])
            rules.apply(state, seat, played[-1])
        for seat in range(table.seats):
            with pytest.raises(IllegalCommand, match="over"):
                rules.apply(state, seat, played[-1])


def check_advance_plays_as_apply(game_id: str, table: Table, seeds: int) -> None:
    """The unchecked, silent path (playouts, bots' look-ahead) changes states just as
    `apply`."""
    rules = GAMES[game_id].rules
    options = rules.normalize_options(dict(table.options), table.seats)
    for seed in range(seeds):
        checked = random_game(rules, table.seats, seed, options, checked=True)
        quick = random_game(rules, table.seats, seed, options, checked=False)
        assert rules.state_to_json(quick) == rules.state_to_json(checked)


@pytest.mark.parametrize(("game_id", "table", "games"), _params("checked"))
def test_random_play_checked_along_the_way(game_id: str, table: Table, games: int) -> None:
    check_random_play(game_id, table, games)


@pytest.mark.parametrize(("game_id", "table", "games"), _params("quick"))
def test_thousands_of_random_games_end_with_everything_conserved(
    game_id: str, table: Table, games: int
) -> None:
    check_quick_play(game_id, table, games)


@pytest.mark.parametrize(("game_id", "table", "games"), _params("illegal"))
def test_illegal_commands_are_refused_and_change_nothing(
    game_id: str, table: Table, games: int
) -> None:
    check_illegal_commands(game_id, table, games)


@pytest.mark.parametrize(("game_id", "table", "seeds"), _params("advance"))
def test_advance_plays_exactly_the_games_apply_plays(
    game_id: str, table: Table, seeds: int
) -> None:
    check_advance_plays_as_apply(game_id, table, seeds)
