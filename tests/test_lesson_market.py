"""Moonlight Market's guided first game: it meets every topic a first game must (bidding at a
cushion, displacing, the chain phase with its links and the hammer, a pass's scoring, Dirk and
Beate), every board part a step points at is on the screen, and every taught move is made by
clicking what the board shows, leading to the script's position."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Event, Match
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.games.market.components import (
    HAMMER,
    IS_DOUBLING,
    LINK_BY_NAME,
    LINK_TARGETS,
    WORTHLESS,
)
from moonlight_desktop.games.market.moves import (
    BidPlaced,
    HammerUsed,
    LinkPlaced,
    LinksHandedOut,
    PassScored,
    PlaceLink,
    SealTaken,
)
from moonlight_desktop.games.market.state import MarketState
from moonlight_desktop.games.market.table import COLUMNS, CUSHION_ROWS
from moonlight_desktop.games.market.ui.description import MARKET_UI
from moonlight_desktop.games.market.ui.lesson import BEATE, DIRK, MARKET_LESSON
from moonlight_desktop.games.market.ui.painter import ANCHOR_KINDS
from moonlight_desktop.games.market.ui.screen import MarketScreen
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.lesson_script import LEARNER, Do, Note, Step, play_to
from moonlight_desktop.ui.table.presenter import Anchor
from tests.lesson_driver import give_by_clicks, scripted_table

RULES = game_spec("market").rules
LESSON = MARKET_LESSON
WINDOW = (1280, 720)


def played_events() -> list[tuple[int, Event]]:
    """Every event of the script played with `Match.submit`, with the step that caused it."""
    match = LESSON.new_match(RULES)
    events: list[tuple[int, Event]] = []
    for index, step in enumerate(LESSON.steps):
        if isinstance(step, Do):
            events += [(index, event) for event in match.submit(LEARNER, step.command)]
    return events


EVENTS = played_events()


def of_kind(kind: type[Event]) -> list[Any]:
    return [event for _, event in EVENTS if isinstance(event, kind)]


# The topics ----------------------------------------------------------------------------------


def test_the_lesson_is_the_solo_table_against_dirk_and_beate() -> None:
    match = LESSON.new_match(RULES)
    table = match.snapshot().table
    assert (table.seats, table.positions) == (1, 3)
    assert [table.name(p) for p in (DIRK, BEATE)] == ["Dirk", "Beate"]


def test_the_learner_bids_a_card_at_a_free_cushion() -> None:
    bids = [e for e in of_kind(BidPlaced) if e.position == LEARNER and not e.revealed]
    assert any(e.displaced == -1 for e in bids), bids


def test_displacing_goes_both_ways_and_pays_a_seal() -> None:
    displacing = [e for e in of_kind(BidPlaced) if e.displaced >= 0]
    pairs = {(e.position, e.displaced) for e in displacing}
    assert (DIRK, LEARNER) in pairs  # Dirk pushes the learner's 8 out
    assert (LEARNER, DIRK) in pairs  # the learner pushes Dirk's 7 out
    assert (DIRK, BEATE) in pairs  # and Dirk, laying it again, pushes Beate's 4 out
    assert all(e.card > e.displaced_card for e in displacing)
    pushed_out = next(
        n
        for n, e in EVENTS
        if isinstance(e, BidPlaced) and (e.position, e.displaced) == (DIRK, LEARNER)
    )
    before, after = board_before(pushed_out), play_to(LESSON, RULES, pushed_out)
    assert before.snapshot().seals[LEARNER] + 1 == after.snapshot().seals[LEARNER]


def test_a_displaced_card_is_played_again() -> None:
    again = [e for e in of_kind(BidPlaced) if e.position == LEARNER and e.card == 8]
    assert [e.cushion for e in again] == [0, 2]  # the moon cushion, then the third


def test_the_chain_phase_lays_links_and_uses_a_hammer() -> None:
    laid = [e for e in of_kind(LinkPlaced) if e.position == LEARNER]
    taught = [s.command for s in LESSON.steps if isinstance(s, Do)]
    assert [PlaceLink(e.link, e.gem) for e in laid] == [
        c for c in taught if isinstance(c, PlaceLink)
    ]
    assert {e.gem for e in laid} == {0, 2, 3, 4}  # Blue (a doubling among them), White, ...
    assert any(IS_DOUBLING[e.link] for e in laid)
    assert any(len(LINK_TARGETS[e.link]) == 2 for e in laid)  # a two-gem link's choice
    hammers = [e for e in of_kind(HammerUsed) if e.position == LEARNER]
    assert len(hammers) == 1 and hammers[0].removed >= 0 and hammers[0].removed != HAMMER
    assert any(e.position == LEARNER and e.got for e in of_kind(SealTaken))  # a seal link
    handed = of_kind(LinksHandedOut)
    assert [e.column for e in handed] == [0, 1, 2, 0]  # three rounds, then the next pass's


def test_the_first_pass_is_scored() -> None:
    scored = of_kind(PassScored)
    assert [e.pass_number for e in scored] == [1]
    assert scored[0].prestige == (14, 11, 9)
    assert [points[LEARNER] for points in scored[0].points] == [4, 0, 2, 4, 4]


def test_dirk_and_beate_turn_up_their_cards_and_build_by_the_rulebook() -> None:
    assert LESSON.setup is not None
    piles = LESSON.setup["piles"]
    for automaton in (DIRK, BEATE):
        turned = [e.card for e in of_kind(BidPlaced) if e.position == automaton and e.revealed]
        assert len(turned) >= 4  # one a round, from the top of their piles (MM6)
        assert turned == piles[automaton][: len(turned)]
        assert any(e.position == automaton for e in of_kind(LinkPlaced))
    first_build = [e for e in of_kind(LinkPlaced) if e.position == DIRK][:3]
    # M8: ascending value, the worthless link at the leftmost of the emptiest gems (Blue)
    assert [(e.link, e.gem) for e in first_build] == [
        (WORTHLESS, 0),
        (LINK_BY_NAME["W3"], 2),
        (LINK_BY_NAME["R8"], 1),
    ]


# The board parts the notes point at -------------------------------------------------------


def board_before(index: int) -> Match[Any]:
    """The match as the board shows it while step `index` waits: a note after the steps
    before it, a taught move before it is made."""
    return play_to(LESSON, RULES, index - 1) if index else LESSON.new_match(RULES)


def screen_for(match: Match[Any]) -> MarketScreen:
    screen = MARKET_UI.screen(match, LEARNER, lambda sound: None)
    screen.relayout(
        TableLayout.for_window(WINDOW, screen.rows, screen.board_aspect, screen.extra_height)
    )
    return screen


def there_is_something_at(anchor: Anchor, match: Match[Any]) -> bool:
    """An anchor names a part that holds what the text points at: a card in the hand, a
    received link, a link on a cushion, a card bid, a gem of the table."""
    kind, first, second = anchor[0], int(anchor[1]), int(anchor[2])
    state = match.snapshot()
    assert isinstance(state, MarketState)
    positions = state.table.positions
    if kind == "hand":
        return first == LEARNER and second < len(state.hands[LEARNER])
    if kind == "tray":
        return first == LEARNER and second < len(state.pending[LEARNER])
    if kind == "slot":
        return second < CUSHION_ROWS[first] * COLUMNS and state.cushions[first][second] >= 0
    if kind == "bid":
        return state.bids[first] >= 0
    if kind == "gem":
        return first < positions and 0 <= second < 5
    if kind == "coin_at":
        return state.coin == first
    return first < positions  # a cushion, a position's seals, pile or prestige


POINTED = [
    pytest.param(index, step, id=f"{index + 1:02d}")
    for index, step in enumerate(LESSON.steps)
    if isinstance(step, Note | Do) and step.point_at
]


@pytest.mark.parametrize(("index", "step"), POINTED)
def test_what_a_step_points_at_is_on_the_screen(index: int, step: Step) -> None:
    assert isinstance(step, Note | Do)
    match = board_before(index + 1 if isinstance(step, Note) else index)
    screen = screen_for(match)
    window = pygame.Rect((0, 0), WINDOW)
    for anchor in step.point_at:
        assert anchor[0] in ANCHOR_KINDS, anchor
        assert there_is_something_at(anchor, match), anchor
        x, y = screen.resolve(anchor)
        assert window.collidepoint(x, y), (anchor, x, y)


# The taught moves, clicked --------------------------------------------------------------------


TAUGHT = [
    pytest.param(index, step, id=f"{index + 1:02d}")
    for index, step in enumerate(LESSON.steps)
    if isinstance(step, Do)
]


@pytest.mark.parametrize(("index", "step"), TAUGHT)
def test_a_taught_move_is_made_by_clicking_the_board(app: App, index: int, step: Do) -> None:
    match = board_before(index)
    scene, router = scripted_table(app, MARKET_UI, LESSON, match)
    moves = len(match.record.moves)
    give_by_clicks(app, "market", scene, router, step.command, dt=1.0)
    assert [m.command for m in match.record.moves[moves:]] == [step.command]
    assert match.state_json() == play_to(LESSON, RULES, index).state_json()
