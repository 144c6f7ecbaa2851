"""What each seat sees of a Moons game, and what private events show to the others."""

from __future__ import annotations

from moonlight_desktop.games.moons.moves import (
    HIDDEN,
    HandDealt,
    MiniDrawn,
    PlaceInTableau,
    TableauCardPlaced,
)
from moonlight_desktop.games.moons.state import Phase

from .moons_helpers import RULES, lay_tableaux, new_game


def test_a_seat_sees_its_own_hand_and_minis_but_nobody_elses() -> None:
    state = new_game(4)
    view = RULES.view(state, 1)
    assert view.hand == tuple(state.hands[1])
    assert view.minis == (None, tuple(state.minis[1]), None, None)
    assert view.hand_sizes == (15, 15, 15, 15) and view.mini_counts == (2, 2, 2, 2)
    assert view.mini_deck_count == len(state.mini_deck)
    assert "mini_deck" not in view.to_json()
    spectator = RULES.view(state, None)
    assert spectator.hand is None and spectator.minis == (None,) * 4


def test_tableaux_are_face_down_until_everyone_has_laid_three() -> None:
    state = new_game(3)
    card = next(c for c in state.hands[0] if c < 56)
    RULES.apply(state, 0, PlaceInTableau(card))
    assert RULES.view(state, 0).tableaux == ((card,), None, None)
    assert RULES.view(state, 1).tableaux == (None, (), None)
    assert RULES.view(state, 1).tableau_sizes == (1, 0, 0)
    lay_tableaux(state, [[c for c in state.hands[0] if c < 56][:2]])
    assert state.phase == Phase.PLAY
    assert RULES.view(state, 1).tableaux == tuple(tuple(t) for t in state.tableaux)


def test_mo10_mini_asteroids_are_shown_when_the_game_is_over() -> None:
    state = new_game(3)
    state.phase = Phase.OVER
    assert RULES.view(state, 0).minis == tuple(tuple(m) for m in state.minis)
    assert RULES.view(state, 0).hand == tuple(state.hands[0])
    assert RULES.view(state, 1).hand == tuple(state.hands[1])  # hands stay private


def test_private_events_are_redacted_for_the_others() -> None:
    dealt = HandDealt(1, 0, 2, (3, 4, 5))
    assert dealt.seen_by(2) is dealt
    assert dealt.seen_by(0) == HandDealt(1, 0, 2, (HIDDEN,) * 3)
    assert MiniDrawn(1, 7).seen_by(None) == MiniDrawn(1, HIDDEN)
    assert TableauCardPlaced(0, 9).seen_by(1) == TableauCardPlaced(0, HIDDEN)
    assert TableauCardPlaced(0, 9).seen_by(0) == TableauCardPlaced(0, 9)
