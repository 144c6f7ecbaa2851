"""Moons' guided first game: it meets every topic it must teach, its pointers land on the
board, and each taught move is made by clicks on the table as a learner would."""

from __future__ import annotations

import pygame
import pytest

from moonlight_desktop.engine import Command, Event
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.moons.components import MOON_CARDS, NO_SUIT, SUIT_OF
from moonlight_desktop.games.moons.moves import (
    Award,
    CardPlayed,
    MiniDrawn,
    PlayCard,
    TokenTaken,
    TrickWon,
)
from moonlight_desktop.games.moons.scoring import best_score
from moonlight_desktop.games.moons.state import MoonsState
from moonlight_desktop.games.moons.ui.description import MOONS_UI
from moonlight_desktop.games.moons.ui.hints import score_now
from moonlight_desktop.games.moons.ui.lesson import MOONS_LESSON
from moonlight_desktop.games.moons.view import MoonsView
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.lesson_script import LEARNER, Do, Note, Reply, play_to

from .lesson_driver import give_by_clicks, scripted_table

RULES = GAMES["moons"].rules
LESSON = MOONS_LESSON
KNOWN_ANCHORS = {"seat", "hand", "tableau", "trick", "minis", "side", "supply", "mini_deck"}
KNOWN_ANCHORS |= {"discard", "tokens", "score", "marker"}
"""The anchors the painter resolves (any other falls back to the centre of the table)."""


def _played() -> list[tuple[int, Command, list[Event], MoonsState, list[Command]]]:
    """Every scripted command: who gave it, its events, the state before it and the learner's
    legal commands there."""
    match = LESSON.new_match(RULES)
    played = []
    for step in LESSON.steps:
        if isinstance(step, Do | Reply):
            seat = LEARNER if isinstance(step, Do) else step.seat
            before = match.snapshot()
            legal = list(match.legal(LEARNER)) if LEARNER in match.to_act() else []
            played.append((seat, step.command, match.submit(seat, step.command), before, legal))
    return played


def _learner_plays() -> list[tuple[PlayCard, MoonsState, list[Command]]]:
    return [
        (command, before, legal)
        for seat, command, _, before, legal in _played()
        if seat == LEARNER and isinstance(command, PlayCard) and before.trick
    ]


# Topics --------------------------------------------------------------------------------------


def test_the_learner_follows_suit_when_the_rules_make_them() -> None:
    forced = [
        command
        for command, before, legal in _learner_plays()
        if SUIT_OF[command.card] == SUIT_OF[before.trick[0]]
        # every Moon card the learner may play is of the suit led, though others are held
        and all(
            SUIT_OF[c.card] == SUIT_OF[before.trick[0]]
            for c in legal
            if isinstance(c, PlayCard) and c.card < MOON_CARDS
        )
        and any(
            card < MOON_CARDS and SUIT_OF[card] != SUIT_OF[before.trick[0]]
            for card in before.hands[LEARNER]
        )
    ]
    assert forced, "no trick where the learner holds other suits but must follow"


def test_the_learner_meets_a_suit_they_cannot_follow() -> None:
    void = [
        command
        for command, before, _ in _learner_plays()
        if not any(SUIT_OF[card] == SUIT_OF[before.trick[0]] for card in before.hands[LEARNER])
        and SUIT_OF[command.card] not in (SUIT_OF[before.trick[0]], NO_SUIT)
    ]
    assert void, "the learner never plays off-suit for want of the suit led"


def test_asteroids_are_played_and_draw_mini_asteroids() -> None:
    asteroid_plays = [
        (seat, events)
        for seat, _, events, _, _ in _played()
        if any(isinstance(e, CardPlayed) and e.card >= MOON_CARDS for e in events)
    ]
    assert {seat for seat, _ in asteroid_plays} >= {LEARNER}, "the learner plays an Asteroid"
    for seat, events in asteroid_plays:
        assert any(isinstance(e, MiniDrawn) and e.seat == seat for e in events)
    # An Asteroid never wins: every trick with one is won by a Moon card.
    for _, _, events, _, _ in _played():
        for won in (e for e in events if isinstance(e, TrickWon)):
            assert dict(won.plays)[won.winner] < MOON_CARDS


def test_planet_tokens_are_taken_for_tricks_and_the_lowest_off_suit_card() -> None:
    taken = [e for _, _, events, _, _ in _played() for e in events if isinstance(e, TokenTaken)]
    assert any(e.seat == LEARNER and e.award is Award.TRICK for e in taken)
    assert any(e.seat != LEARNER and e.award is Award.TRICK for e in taken)
    assert any(e.seat == LEARNER and e.award is Award.LOW_OFF_SUIT for e in taken)


def test_sets_are_scored_and_shown_to_the_learner() -> None:
    """A full game is three rounds of 17 tricks: the lesson shows set scoring as the score now
    in the learner's row (the same best partition the game's end scores)."""
    match = play_to(LESSON, RULES)
    state = match.snapshot()
    tokens = state.tokens[LEARNER]
    assert tokens == [1, 1, 1, 1]
    assert best_score(tokens, state.minis[LEARNER]) == 10 > sum(tokens)
    view = match.view(LEARNER)
    assert isinstance(view, MoonsView)
    shown = score_now(view)
    assert shown is not None and shown.total == 10
    pointed = {a for step in LESSON.steps if isinstance(step, Note) for a in step.point_at}
    assert ("score", float(LEARNER), 0.0) in pointed


# Pointers ------------------------------------------------------------------------------------

POINTING = [
    n for n, step in enumerate(LESSON.steps) if isinstance(step, Note | Do) and step.point_at
]


@pytest.mark.parametrize("size", [MIN_WINDOW_SIZE, (1920, 1080)])
@pytest.mark.parametrize("index", POINTING)
def test_every_pointer_lands_in_the_window(index: int, size: tuple[int, int]) -> None:
    """On the board as the step shows it: a note's after the moves before it, a move's before
    the move is made."""
    step = LESSON.steps[index]
    assert isinstance(step, Note | Do)
    match = play_to(LESSON, RULES, index if isinstance(step, Note) else index - 1)
    screen = MOONS_UI.screen(match, LEARNER, lambda name: None)
    seats = len(match.seats)
    screen.relayout(TableLayout.for_window(size, seats, screen.board_aspect, screen.extra_height))
    window = pygame.Rect((0, 0), size)
    for anchor in step.point_at:
        x, y = screen.resolve(anchor)
        assert window.collidepoint(x, y), anchor
    assert not {anchor[0] for anchor in step.point_at} - KNOWN_ANCHORS, (
        "an anchor the painter does not name"
    )


# Clicks --------------------------------------------------------------------------------------


DOS = [n for n, step in enumerate(LESSON.steps) if isinstance(step, Do)]


@pytest.mark.parametrize("index", DOS)
def test_each_taught_move_is_made_by_clicks(app: App, index: int) -> None:
    step = LESSON.steps[index]
    assert isinstance(step, Do)
    before = LESSON.moves_before(index)
    scene, router = scripted_table(app, MOONS_UI, LESSON, play_to(LESSON, RULES, index - 1))
    give_by_clicks(app, "moons", scene, router, step.command, 0.05)
    moves = scene.match.record.moves
    assert (moves[before].seat, moves[before].command) == (LEARNER, step.command)
    clicked = scene.match.replayed(before + 1)
    assert clicked.state_json() == play_to(LESSON, RULES, index).state_json()
