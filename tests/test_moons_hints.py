"""Hints for the seat at the screen: the playable cards are exactly the legal ones, every other
card says why in words, and the score shown on hover is the rules' best score."""

from __future__ import annotations

from moonlight_desktop.games.moons.components import SUIT_OF
from moonlight_desktop.games.moons.moves import PlaceInTableau, PlayCard
from moonlight_desktop.games.moons.rules import PLAY
from moonlight_desktop.games.moons.scoring import best_score
from moonlight_desktop.games.moons.state import Phase
from moonlight_desktop.games.moons.ui.hints import card_hints, score_now
from moonlight_desktop.games.moons.ui.terms import PLANET_NAMES

from .moons_helpers import EROS, J, N, S, U, card, lay_tableaux, new_game
from .moons_ui_helpers import RULES, new_match, random_steps


def test_the_playable_cards_are_the_legal_ones_and_every_other_card_says_why() -> None:
    for seed in range(10):
        seats = 3 + seed % 4
        match = new_match(seats, seed)
        for step in random_steps(match, seed):
            to_act = match.to_act()
            for seat in range(seats):
                view = step.view(seat)
                legal = match.legal(seat)
                hints = card_hints(view, legal)
                cards = {c.card for c in legal if isinstance(c, PlayCard | PlaceInTableau)}
                assert hints.playable == cards
                assert set(hints.reasons) == set(view.hand or ()) - cards
                assert all(hints.reasons.values())
                if seat not in to_act and view.phase == Phase.PLAY:
                    assert set(hints.reasons.values()) <= {"wait for your turn"}
                if seat in to_act and view.phase == Phase.PLAY and view.trick:
                    led = SUIT_OF[view.trick[0]]
                    for reason in hints.reasons.values():
                        assert reason.startswith(f"you must follow {PLANET_NAMES[led]}")


def test_following_suit_and_the_asteroid_lead_are_explained() -> None:
    ceres = EROS + 1
    hands = [
        [card(J, 12), card(U, 14), card(U, 2), card(U, 3), ceres],
        [card(J, 5), card(S, 9), EROS, card(N, 10), card(N, 11), card(N, 12)],
    ]
    state = new_game(3, hands=hands, voids={1: {J}})
    lay_tableaux(state, [hands[0][1:4], hands[1][3:6]])
    assert state.order[0] == 0  # the Uranus 14 leads
    hints = card_hints(RULES.view(state, 0), RULES.legal_commands(state, 0))
    assert hints.reasons[ceres] == "an Asteroid never leads: lead a Moon card"  # O3
    RULES.apply(state, 0, PLAY[card(J, 12)])
    hints = card_hints(RULES.view(state, 1), RULES.legal_commands(state, 1))
    assert hints.playable == {card(J, 5), EROS}  # an Asteroid may replace any card
    assert set(hints.reasons) == set(state.hands[1]) - {card(J, 5), EROS}
    assert set(hints.reasons.values()) == {"you must follow Jupiter while you hold a Jupiter card"}
    waiting = card_hints(RULES.view(state, 2), RULES.legal_commands(state, 2))
    assert not waiting.playable and set(waiting.reasons.values()) == {"wait for your turn"}


def test_an_asteroid_never_goes_into_a_tableau() -> None:
    state = new_game(3, hands=[[EROS, card(J, 1), card(S, 4)]])
    hints = card_hints(RULES.view(state, 0), RULES.legal_commands(state, 0))
    assert hints.reasons[EROS].startswith("an Asteroid never goes into a tableau")
    assert {card(J, 1), card(S, 4)} <= hints.playable


def test_a_seat_that_has_laid_its_tableau_waits_for_the_others() -> None:
    state = new_game(3, hands=[[card(J, 1), card(J, 2), card(J, 3), card(S, 4)]])
    for c in (card(J, 1), card(J, 2), card(J, 3)):
        RULES.apply(state, 0, PlaceInTableau(c))
    hints = card_hints(RULES.view(state, 0), RULES.legal_commands(state, 0))
    assert not hints.playable
    assert hints.reasons[card(S, 4)].startswith("your tableau is complete")


def test_the_score_now_is_the_best_score_with_its_parts() -> None:
    state = new_game(4, minis=[1])  # seat 0 holds the Jupiter pair Score Modifier
    state.tokens[0] = [3, 2, 1, 1]
    view = RULES.view(state, 0)
    hint = score_now(view)
    assert hint is not None
    assert (
        hint.total == best_score(state.tokens[0], state.minis[0]) == sum(p for _, p in hint.lines)
    )
    assert [label for label, _ in hint.lines] == [
        "1 complete set of all four planets",
        "1 Jupiter pair (Score Modifier)",
        "1 other token",
    ]
    assert score_now(RULES.view(state, None)) is None
