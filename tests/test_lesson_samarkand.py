"""Le Marché de Samarkand's guided first game: the topics it must meet occur while its script is
played, every board part its notes point at is on the screen, and every taught command is given
by clicks on the table as it stands, leading where the script goes."""

from __future__ import annotations

from typing import Any

import pytest

from moonlight_desktop.engine import Event
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.samarkand.components import BANK, CAMEL, card_type, half_rounded_up
from moonlight_desktop.games.samarkand.moves import (
    Bought,
    CamelFlipped,
    Countdown,
    Disputed,
    GameOver,
    SaleChosen,
    Sell,
    Stop,
    Stops,
    TurnEnded,
    Wait,
)
from moonlight_desktop.games.samarkand.ui.description import SAMARKAND_UI
from moonlight_desktop.games.samarkand.ui.lesson import CAMELS, SAMARKAND_LESSON, TYPES, YOU
from moonlight_desktop.games.samarkand.ui.screen import SamarkandScreen
from moonlight_desktop.games.samarkand.ui.setup import SAMARKAND_SETUP
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.lesson_script import (
    Do,
    Note,
    play_to,
)
from tests.lesson_driver import (
    check_taught_move,
    played_events,
    pointing,
    table_as_shown,
)

RULES = GAMES["samarkand"].rules
LESSON = SAMARKAND_LESSON
STEPS = LESSON.steps


EVENTS = played_events(LESSON, RULES)


def _of(kind: type[Event]) -> list[tuple[int, Any]]:
    return [(index, event) for index, event in EVENTS if isinstance(event, kind)]


def test_the_game_offers_this_lesson() -> None:
    assert SAMARKAND_UI.lesson is SAMARKAND_LESSON
    assert LESSON.seats[YOU].player == "human"
    assert LESSON.options["mode"] == "live"


def test_the_seats_are_named_and_dressed_as_the_setup_would() -> None:
    looks = SAMARKAND_SETUP.looks
    assert [seat.look for seat in LESSON.seats] == list(looks[: len(LESSON.seats)])
    for seat in LESSON.seats[1:]:
        title = SAMARKAND_SETUP.look_titles[looks.index(seat.look)]
        assert (seat.player, seat.level, seat.name) == ("bot", "normal", f"{title} (normal)")


def test_topic_the_sell_choice_is_the_learners_every_turn() -> None:
    mine = [event for _, event in _of(SaleChosen) if event.seat == YOU]
    assert len(mine) == 10  # one card a turn, all ten of them
    assert sorted(event.card for event in mine) == list(range(10))  # the learner's fruits
    taught = [step.command for step in STEPS if isinstance(step, Do)]
    assert [Sell(event.card) for event in mine] == [c for c in taught if isinstance(c, Sell)]


def test_topic_the_countdown_and_the_learners_stops() -> None:
    values = [event.value for _, event in _of(Countdown)]
    assert values[:7] == [10, 9, 8, 7, 6, 5, 4]  # the first turn, counted down from 10
    first_pass = next(
        i for i, step in enumerate(STEPS) if isinstance(step, Do) and step.command == Wait()
    )
    clock_notes = [
        i
        for i, step in enumerate(STEPS[:first_pass])
        if isinstance(step, Note) and any(anchor[0] == "clock" for anchor in step.point_at)
    ]
    assert clock_notes, "a note shows the Dean's clock before the first price is let pass"
    bought = [event for _, event in _of(Bought) if event.buyer == YOU and event.lot != CAMEL]
    assert len(bought) == 9  # every Stop of the learner's bought a lot but the disputed one
    assert all(event.payee not in (YOU, BANK) for event in bought)  # paid to its seller
    stops = [
        step.command for step in STEPS if isinstance(step, Do) and isinstance(step.command, Stop)
    ]
    claimed = [lot for _, event in _of(Stops) for seat, lot in event.claims if seat == YOU]
    assert [stop.lot for stop in stops] == claimed  # each taught Stop is called, in order


def test_topic_a_dispute_nobody_wins_and_the_deans_right() -> None:
    disputes = [event for _, event in _of(Disputed)]
    assert len(disputes) == 1
    (dispute,) = disputes
    assert YOU in dispute.claimants and len(dispute.claimants) == 2
    assert dispute.each == half_rounded_up(7) == 4
    deans = [event for _, event in _of(Bought) if event.dean_right]
    assert [(event.buyer, event.price) for event in deans] == [(YOU, 4)]


def test_topic_camels_are_bought_and_turned_up() -> None:
    camels = [event for _, event in _of(Bought) if event.lot == CAMEL]
    assert [event.capacity for event in camels if event.buyer == YOU] == [5, 4]
    assert all(event.payee == BANK for event in camels)
    # One camel bought each turn, with the last goods (SP8): the next is turned up at the start
    # of the next turn, in the pinned deck's order (the first lies face up from the setup).
    assert len(camels) == 10
    flipped = [event.capacity for _, event in _of(CamelFlipped)]
    assert [event.capacity for event in camels] == list(CAMELS[:10])
    assert flipped == list(CAMELS[1:10])


def test_topic_the_final_scoring_ends_the_lesson() -> None:
    (over,) = _of(GameOver)
    index, game_over = over
    assert len(_of(TurnEnded)) == 10
    after = STEPS[index + 1 :]
    assert after and all(isinstance(step, Note) for step in after)  # the count, read out
    assert game_over.winners == (YOU,)  # the learner wins this one
    assert game_over.discarded[1] and sum(map(len, game_over.discarded)) == 1
    assert RULES.is_over(play_to(LESSON, RULES).snapshot())


POINTING = pointing(LESSON)


@pytest.mark.parametrize("index", POINTING, ids=[f"step-{i + 1:03d}" for i in POINTING])
def test_every_board_part_a_step_points_at_is_on_the_screen(app: App, index: int) -> None:
    """On the screen as the step shows it: a note after its step, a move before it."""
    step = STEPS[index]
    assert isinstance(step, Note | Do)
    scene = table_as_shown(app, SAMARKAND_UI, LESSON, RULES, index)
    window = app.window.get_rect()
    screen = scene.screen
    assert isinstance(screen, SamarkandScreen)
    for anchor in step.point_at:
        x, y = screen.resolve(anchor)
        assert window.collidepoint(x, y), (anchor, (x, y), window)
        if anchor[0] == "lot":  # a seat's lot is the card it put up for sale (or its place)
            shown = screen.presenter.offers[int(anchor[1])]
            assert shown < 0 or card_type(shown) == TYPES[int(anchor[1])], (anchor, shown)


DOS = [index for index, step in enumerate(STEPS) if isinstance(step, Do)]


@pytest.mark.parametrize("index", DOS, ids=[f"step-{i + 1:03d}" for i in DOS])
def test_every_taught_command_is_given_by_clicks(app: App, index: int) -> None:
    check_taught_move(app, "samarkand", SAMARKAND_UI, LESSON, RULES, index)
