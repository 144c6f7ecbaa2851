"""Market's presenter, headless: random games played through a Match and fed to it as `Played`
entries, as the table does. Once idle its picture is what the view says; while it animates
nothing is counted before it arrives (prestige only rises, counts never go negative, the shown
view waits for the end); instant speed and skip end in the same picture; the log rebuilt from
the record is the log told live."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from moonlight_desktop.engine import Match, Rng, SeatSpec
from moonlight_desktop.games.market.rules import MarketRules
from moonlight_desktop.games.market.table import AUTOMATON_NAMES
from moonlight_desktop.games.market.ui.presenter import MarketPresenter
from moonlight_desktop.games.market.view import MarketView
from moonlight_desktop.ui.table.controller import Played, replay_log

FRAME = 0.05
TABLES = [(1, None), (2, None), (3, 0), (3, 2), (5, 0)]


def new_match(seats: int, automata: int | None, seed: int) -> Match[Any]:
    specs = [SeatSpec(f"P{n}", "bot", "easy", None) for n in range(seats)]
    options: dict[str, Any] = {} if automata is None else {"automata": automata}
    return Match.new(MarketRules(), specs, seed, options)


def names_of(match: Match[Any]) -> list[str]:
    view = match.view(None)
    assert isinstance(view, MarketView)
    automata = view.table.positions - view.table.seats
    return [seat.name for seat in match.seats] + list(AUTOMATON_NAMES[:automata])


def presenter_for(match: Match[Any], viewer: int | None) -> MarketPresenter:
    view, opening = match.view(viewer), match.replayed(0).view(None)
    assert isinstance(view, MarketView) and isinstance(opening, MarketView)
    return MarketPresenter(view, opening, names_of(match))


def picture(presenter: MarketPresenter) -> dict[str, Any]:
    return copy.deepcopy(
        {
            name: getattr(presenter, name)
            for name in (
                "cushions",
                "bids",
                "bidders",
                "displaced",
                "pending",
                "chains",
                "seals",
                "seal_supply",
                "prestige",
                "discards",
                "casket",
                "supply_count",
                "hand",
                "hand_sizes",
                "pile_sizes",
                "coin",
            )
        }
    )


def snapped(view: MarketView, match: Match[Any]) -> dict[str, Any]:
    fresh = presenter_for(match, view.viewer)
    fresh.show_view(view)
    return picture(fresh)


def play(match: Match[Any], viewer: int | None, rng: Rng) -> Played:
    seat = match.to_act()[0]
    legal = match.legal(seat)
    command = legal[rng.below(len(legal))]
    events = match.submit(seat, command)
    return Played(
        seat, command, tuple(e.seen_by(viewer) for e in events), viewer, match.view(viewer)
    )


@pytest.mark.parametrize(("seats", "automata"), TABLES)
def test_once_idle_the_picture_is_the_view_and_nothing_runs_ahead(
    seats: int, automata: int | None
) -> None:
    for seed in range(3):
        match = new_match(seats, automata, seed)
        viewer = 0
        presenter = presenter_for(match, viewer)
        rng = Rng(seed)
        while not match.is_over():
            before = presenter.shown
            played = play(match, viewer, rng)
            presenter.present(played)
            last = picture(presenter)
            while presenter.busy:
                assert presenter.shown is before  # the panel waits for the animation
                presenter.update(FRAME, 1.0)
                now = picture(presenter)
                assert all(n >= 0 for n in now["seals"] + now["hand_sizes"] + now["pile_sizes"])
                assert all(a <= b for a, b in zip(last["prestige"], now["prestige"], strict=True))
                last = now
            assert presenter.shown is played.view
            assert picture(presenter) == snapped(played.view, match)
            assert not presenter.flights and not presenter.gains


@pytest.mark.parametrize("speed", [0.0, 1.0])
def test_instant_speed_and_skip_end_in_the_same_picture(speed: float) -> None:
    match = new_match(2, None, 7)
    presenter = presenter_for(match, 0)
    rng = Rng(7)
    for _ in range(120):
        if match.is_over():
            break
        presenter.present(play(match, 0, rng))
        if speed == 0.0:
            presenter.update(FRAME, 0.0)
        else:
            presenter.update(FRAME, 1.0)
            presenter.skip()
        assert not presenter.busy
        assert picture(presenter) == snapped(presenter.shown, match)


def test_the_log_rebuilt_from_the_record_is_the_log_told_live() -> None:
    match = new_match(1, None, 4)
    live = presenter_for(match, None)
    live.restore_log([])  # as the table does for a new game
    rng = Rng(4)
    while not match.is_over():
        live.present(play(match, None, rng))
        live.skip()
    rebuilt = presenter_for(match, None)
    rebuilt.restore_log(replay_log(match, None))
    assert [line.text for line in rebuilt.log] == [line.text for line in live.log]
    assert rebuilt.log[0].text.startswith("Pass 1 of 4")
    assert any("Dirk" in line.text for line in live.log)


@pytest.mark.parametrize(("seats", "automata"), [(1, None), (3, 2)])
def test_many_games_end_every_command_in_the_views_picture(
    seats: int, automata: int | None
) -> None:
    """Several events for one position in one command (Dirk laying a seal link and then a
    fourth link that earns a seal, say) are each animated from where the one before left
    things."""
    for seed in range(40):
        match = new_match(seats, automata, 100 + seed)
        presenter = presenter_for(match, 0)
        rng = Rng(seed)
        while not match.is_over():
            played = play(match, 0, rng)
            presenter.present(played)
            presenter.skip()
            assert picture(presenter) == snapped(played.view, match)
