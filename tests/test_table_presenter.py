"""The presenter base, headless: the shown view, the log and banners follow the animation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from moonlight_desktop.engine import Command, Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.presenter import LogLine, PresenterBase, between, seat_anchor


@dataclass(frozen=True)
class CountView:
    count: int

    def to_json(self) -> dict[str, int]:
        return {"count": self.count}


@dataclass(frozen=True)
class Counted(Event):
    kind = "counted"
    by: int


class CountNarrator:
    def describe(self, event: Event) -> list[LogLine]:
        assert isinstance(event, Counted)
        return [LogLine(f"seat {event.by} counted", event.by, "count")]

    def summarize(self, played: Played) -> list[LogLine]:
        return []


class CountPresenter(PresenterBase[CountView]):
    def __init__(self, view: CountView, sound: Callable[[str], None] = lambda _: None) -> None:
        super().__init__(view, sound, narrator=CountNarrator())

    def animate(self, event: Event) -> None:
        assert isinstance(event, Counted)
        self.fly("bead", seat_anchor(event.by), ("centre", 0.0, 0.0), duration=0.4)
        super().animate(event)


def _played(by: int, count: int) -> Played:
    return Played(by, Command(), (Counted(by),), None, CountView(count))


def test_the_shown_view_and_the_log_change_when_the_animation_gets_there() -> None:
    presenter = CountPresenter(CountView(0))
    presenter.present(_played(1, 1))
    presenter.present(_played(2, 2))
    assert presenter.shown == CountView(0) and presenter.log == []  # nothing has played yet
    presenter.update(0.1, speed=1.0)
    assert presenter.shown == CountView(0) and len(presenter.flights) == 1
    assert presenter.flights[0].at[0] == "seat"  # still on the first half of its way
    presenter.update(0.35, speed=1.0)
    assert presenter.shown == CountView(1) and [line.text for line in presenter.log] == [
        "seat 1 counted"
    ]
    presenter.update(1.0, speed=1.0)
    assert presenter.shown == CountView(2) and not presenter.busy and not presenter.flights


def test_skip_and_instant_speed_finish_everything_with_its_final_state() -> None:
    presenter = CountPresenter(CountView(0))
    presenter.present(_played(1, 5))
    presenter.skip()
    assert presenter.shown == CountView(5) and len(presenter.log) == 1 and not presenter.flights
    presenter.present(_played(0, 6))
    presenter.update(0.0, speed=0.0)
    assert presenter.shown == CountView(6) and len(presenter.log) == 2


def test_a_banner_fades_in_and_out_and_is_gone_after() -> None:
    sounds: list[str] = []
    presenter = CountPresenter(CountView(0), sounds.append)
    presenter.show_banner("Last round!", "last_round", hold=1.0)
    presenter.update(0.5, speed=1.0)
    assert presenter.banner is not None and presenter.banner.alpha == 1.0
    assert sounds == ["last_round"]
    presenter.update(0.6, speed=1.0)
    assert presenter.banner is None


def test_a_resumed_log_is_rebuilt_without_animating() -> None:
    presenter = CountPresenter(CountView(0))
    presenter.restore_log([_played(0, 1), _played(1, 2)])
    assert [line.seat for line in presenter.log] == [0, 1] and not presenter.busy


def test_a_view_of_another_game_is_refused() -> None:
    presenter = CountPresenter(CountView(0))
    with pytest.raises(TypeError):
        presenter.present(Played(0, Command(), (), None, object()))  # type: ignore[arg-type]


def test_between_interpolates_points_of_one_kind_and_jumps_between_kinds() -> None:
    assert between(("board", 0, 0), ("board", 10, 20), 0.5) == ("board", 5, 10)
    assert between(("seat", 1, 0), ("board", 10, 20), 0.4) == ("seat", 1, 0)
    assert between(("seat", 1, 0), ("board", 10, 20), 0.6) == ("board", 10, 20)


def test_reseating_waits_for_what_is_queued() -> None:
    presenter = CountPresenter(CountView(0))
    presenter.present(_played(1, 1))
    presenter.reseat(CountView(-1))  # e.g. the player is done: hide their things
    assert presenter.shown == CountView(0)
    presenter.update(0.2, speed=1.0)
    assert presenter.shown == CountView(0)
    presenter.update(1.0, speed=1.0)
    assert presenter.shown == CountView(-1)


def test_a_command_that_shows_nothing_is_shown_at_once_unless_something_is_queued() -> None:
    presenter = CountPresenter(CountView(0))
    presenter.present(Played(1, Command(), (), None, CountView(1)))
    assert presenter.shown == CountView(1) and not presenter.busy  # the board never stopped
    presenter.present(_played(2, 2))
    presenter.present(Played(1, Command(), (), None, CountView(3)))
    assert presenter.shown == CountView(1)  # after what is queued, in order
    presenter.update(1.0, speed=1.0)
    assert presenter.shown == CountView(3) and not presenter.busy
