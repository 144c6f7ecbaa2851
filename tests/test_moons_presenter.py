"""Moons' presenter, headless: random games played through a Match and fed to it as `Played`
entries. Once idle its picture is what the view says; while it animates nothing is counted
before it arrives; instant speed and skip end in the same picture; the log tells every seat
the same public facts and reads right whatever the names."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from moonlight_desktop.engine import Event, Match
from moonlight_desktop.games.moons.components import MINI_KIND, TOKENS_PER_PLANET, Planet
from moonlight_desktop.games.moons.moves import (
    HIDDEN,
    Award,
    CardPlayed,
    CardsTraded,
    MiniDrawn,
    PlayCard,
    TableauCardPlaced,
    TokenTaken,
    TrickWon,
)
from moonlight_desktop.games.moons.state import Phase
from moonlight_desktop.games.moons.ui.presenter import (
    CardPiece,
    Marker,
    MoonsPresenter,
    TokenPiece,
    lead_of,
)
from moonlight_desktop.games.moons.ui.screen import seats_to_act
from moonlight_desktop.games.moons.ui.terms import card_words
from moonlight_desktop.games.moons.view import MoonsView
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.presenter import anchor, seat_anchor

from .moons_ui_helpers import NAMES, Step, new_match, random_steps

FRAME = 0.05


def _picture(presenter: MoonsPresenter) -> dict[str, Any]:
    """What the painter draws from the presenter's own state (a copy)."""
    return copy.deepcopy(
        {
            "hands": presenter.hands,
            "tableaux": presenter.tableaux,
            "reveal": presenter.reveal,
            "trick": presenter.trick,
            "tricks_won": presenter.tricks_won,
            "tokens": presenter.tokens,
            "supply": presenter.supply,
            "minis": presenter.minis,
            "minis_reveal": presenter.minis_reveal,
            "mini_deck": presenter.mini_deck,
            "discard": [MINI_KIND[m] for m in presenter.discard],
            "block_holder": presenter.holders[Marker.BLOCK],
            "earth": presenter.holders[Marker.EARTH],
            "earths_moon": presenter.holders[Marker.EARTHS_MOON],
            "leader": presenter.holders[Marker.LEAD],
            "round": presenter.round,
        }
    )


def _expected(view: MoonsView) -> dict[str, Any]:
    """The same picture as the view gives it."""
    seats = range(view.seats)
    return {
        "hands": [
            list(view.hand)
            if s == view.viewer and view.hand is not None
            else [HIDDEN] * view.hand_sizes[s]
            for s in seats
        ],
        "tableaux": [
            list(t) if t is not None else [HIDDEN] * view.tableau_sizes[s]
            for s, t in enumerate(view.tableaux)
        ],
        "reveal": 0.0 if view.phase == Phase.TABLEAU else 1.0,
        "trick": list(zip(view.order, view.trick, strict=False)),
        "tricks_won": list(view.tricks_won),
        "tokens": [list(t) for t in view.tokens],
        "supply": list(view.supply),
        "minis": [
            list(m) if m is not None else [HIDDEN] * view.mini_counts[s]
            for s, m in enumerate(view.minis)
        ],
        "minis_reveal": 1.0 if view.phase == Phase.OVER else 0.0,
        "mini_deck": view.mini_deck_count,
        "discard": [MINI_KIND[m] for m in view.mini_discard],
        "block_holder": view.block_holder,
        "earth": view.earth,
        "earths_moon": view.earths_moon,
        "leader": lead_of(view),
        "round": view.round,
    }


def _played(step: Step, viewer: int | None) -> Played:
    events = tuple(event.seen_by(viewer) for event in step.events)
    return Played(step.seat, step.command, events, viewer, step.view(viewer))


def _view(match: Match[Any], viewer: int | None) -> MoonsView:
    view = match.view(viewer)
    assert isinstance(view, MoonsView)
    return view


def _presenter(match: Match[Any], viewer: int | None) -> MoonsPresenter:
    return MoonsPresenter(_view(match, viewer), NAMES[: len(match.seats)])


def _check_nothing_counted_early(presenter: MoonsPresenter, after: MoonsView) -> None:
    """Mid-animation: every token is in the supply, at a seat or in flight, once; the Block
    and the Earth's Moon are in one place; nothing is counted beyond what the command brings."""
    flying = [flight.what for flight in presenter.flights]
    for planet in Planet:
        held = sum(tokens[planet] for tokens in presenter.tokens)
        in_flight = flying.count(TokenPiece(planet))
        assert presenter.supply[planet] + held + in_flight == TOKENS_PER_PLANET
        assert presenter.supply[planet] >= after.supply[planet]
    for marker in (Marker.BLOCK, Marker.EARTHS_MOON):
        assert (presenter.holders[marker] is None) == (marker in flying)
    if presenter.round == after.round:
        assert all(a <= b for a, b in zip(presenter.tricks_won, after.tricks_won, strict=True))
    assert presenter.mini_deck >= after.mini_deck_count
    assert len(presenter.discard) <= len(after.mini_discard)
    assert len(presenter.trick) <= after.seats
    # A card leaves one place as it takes off: never shown twice (backs are not told apart).
    cards = [c for hand in presenter.hands for c in hand]
    cards += [c for tableau in presenter.tableaux for c in tableau if c is not None]
    cards += [c for _, c in presenter.trick]
    cards += [f.what.card for f in presenter.flights if isinstance(f.what, CardPiece)]
    known = [c for c in cards if c != HIDDEN]
    assert len(known) == len(set(known))


def _play_through(presenter: MoonsPresenter, played: Played) -> None:
    """Animates one command frame by frame, checking each frame; then the picture is the view."""
    before = _picture(presenter)
    presenter.present(played)
    assert _picture(presenter) == before  # queued, not shown
    after = presenter.accept(played.view)
    frames = 0
    while presenter.busy:
        presenter.update(FRAME, speed=1.0)
        _check_nothing_counted_early(presenter, after)
        frames += 1
        assert frames < 400, "an animation that never ends"
    assert not presenter.flights and presenter.banner is None
    assert _picture(presenter) == _expected(after)
    assert presenter.shown is after


@pytest.mark.parametrize("seed", range(12))
def test_frame_by_frame_the_picture_follows_the_view_and_never_runs_ahead(seed: int) -> None:
    seats = 3 + seed % 4
    viewer = None if seed == 5 else seed % seats
    match = new_match(seats, seed)
    presenter = _presenter(match, viewer)
    assert _picture(presenter) == _expected(presenter.shown)
    for step in random_steps(match, seed):
        _play_through(presenter, _played(step, viewer))
        assert seats_to_act(presenter.shown) == match.to_act()
    assert presenter.shown.phase == Phase.OVER


@pytest.mark.parametrize("how", ["instant", "skip"])
def test_instant_speed_and_skip_end_in_the_same_picture(how: str) -> None:
    for seats, seed in ((3, 11), (4, 12), (6, 13)):
        match = new_match(seats, seed)
        presenter = _presenter(match, 1)
        for step in random_steps(match, seed):
            presenter.present(_played(step, 1))
            if how == "skip":
                presenter.skip()
            else:
                presenter.update(0.016, speed=0.0)
            assert not presenter.busy and not presenter.flights
            assert _picture(presenter) == _expected(presenter.shown)


def test_a_spectator_sees_backs_and_everything_public() -> None:
    match = new_match(4, 21)
    presenter = _presenter(match, None)
    for step in random_steps(match, 21):
        presenter.present(_played(step, None))
        presenter.skip()
        assert _picture(presenter) == _expected(presenter.shown)
        assert all(card == HIDDEN for hand in presenter.hands for card in hand)


def test_reseating_shows_the_next_player_what_they_may_see() -> None:
    match = new_match(4, 5)
    presenter = _presenter(match, 0)
    steps = random_steps(match, 5)
    for _ in range(30):
        presenter.present(_played(next(steps), 0))
    presenter.reseat(_view(match, 2))
    assert presenter.viewer == 0  # not before what is queued has played
    presenter.skip()
    assert presenter.viewer == 2
    assert _picture(presenter) == _expected(presenter.shown)
    for step in steps:
        presenter.present(_played(step, 2))
        presenter.skip()
    assert _picture(presenter) == _expected(presenter.shown)


def _up_to(
    match: Match[Any], viewer: int, wanted: Callable[[Sequence[Event]], bool]
) -> tuple[MoonsPresenter, Played]:
    """Plays a random game up to the first command whose events are `wanted`; returns the
    presenter, idle just before that command, and the command."""
    presenter = _presenter(match, viewer)
    for step in random_steps(match, 8):
        played = _played(step, viewer)
        if wanted(step.events):
            return presenter, played
        presenter.present(played)
        presenter.skip()
    raise AssertionError("no such command in the game")


def _won_trick_without_asteroid(events: Sequence[Event]) -> bool:
    """A trick won by its last card, a Moon card (an Asteroid would draw a mini first)."""
    won = any(isinstance(e, TrickWon) and e.winner >= 0 for e in events)
    return won and not any(isinstance(e, MiniDrawn) for e in events)


def _token_from_supply(events: Sequence[Event]) -> bool:
    return any(isinstance(e, TokenTaken) and e.planet >= 0 for e in events)


def test_a_won_trick_pauses_then_gathers_to_its_winner_before_anything_is_counted() -> None:
    match = new_match(4, 8)
    presenter, played = _up_to(match, 0, _won_trick_without_asteroid)
    won = next(e for e in played.events if isinstance(e, TrickWon))
    last = next(e for e in played.events if isinstance(e, CardPlayed))
    tricks_before = list(presenter.tricks_won)
    presenter.present(played)
    presenter.update(0.1, speed=1.0)  # the last card is on its way to the centre
    (card,) = presenter.flights
    assert card.what == CardPiece(last.card) and card.end == anchor("trick", 3)
    assert len(presenter.trick) == 3 and presenter.tricks_won == tricks_before
    presenter.update(0.5, speed=1.0)  # the pause: the whole trick in the centre, not yet won
    assert len(presenter.trick) == 4 and not presenter.flights
    assert presenter.tricks_won == tricks_before
    presenter.update(0.4, speed=1.0)  # gathering
    assert not presenter.trick and presenter.flights
    assert all(f.end == seat_anchor(won.winner) for f in presenter.flights)
    assert presenter.tricks_won == tricks_before
    presenter.skip()
    assert presenter.tricks_won[won.winner] == tricks_before[won.winner] + 1
    assert presenter.holders[Marker.LEAD] == won.winner


def test_a_token_is_counted_when_it_arrives_from_the_supply() -> None:
    match = new_match(4, 8)
    presenter, played = _up_to(match, 0, _token_from_supply)
    first = next(e for e in played.events if isinstance(e, TokenTaken) and e.planet >= 0)
    presenter.present(played)
    while not any(isinstance(f.what, TokenPiece) for f in presenter.flights):
        presenter.update(0.02, speed=1.0)
    (token,) = presenter.flights
    assert token.what == TokenPiece(first.planet)
    assert (token.start, token.end) == (anchor("supply", first.planet), seat_anchor(first.seat))
    supply = presenter.supply[first.planet]
    held = presenter.tokens[first.seat][first.planet]
    presenter.update(0.1, speed=1.0)  # still on its way: taken from the supply, not yet held
    assert presenter.tokens[first.seat][first.planet] == held
    presenter.update(0.3, speed=1.0)
    assert presenter.tokens[first.seat][first.planet] == held + 1
    assert presenter.supply[first.planet] == supply


def test_a_card_flies_from_its_place_in_the_viewers_sorted_hand() -> None:
    match = new_match(3, 4)
    presenter = _presenter(match, 0)
    for step in random_steps(match, 4):
        played = _played(step, 0)
        if step.seat == 0 and isinstance(step.command, PlayCard):
            index = presenter.hands[0].index(step.command.card)
            presenter.present(played)
            presenter.update(0.05, speed=1.0)
            flight = presenter.flights[0]
            assert flight.start == anchor("hand", 0, index)
            assert flight.what == CardPiece(step.command.card)
            return
        presenter.present(played)
        presenter.skip()
    raise AssertionError("seat 0 never played a card")


def test_the_log_tells_every_seat_the_same_public_facts() -> None:
    """For each event as each seat sees it, the log lines are the spectator's: nobody's log
    names a hidden card, the viewer's own included (the log stays on screen at a hand-off)."""
    for seats, seed in ((3, 31), (5, 32), (6, 33)):
        match = new_match(seats, seed)
        describe = _presenter(match, None).narrator.describe
        possessives = [f"{name}'s" for name in NAMES]
        for step in random_steps(match, seed):
            for event in step.events:
                public = describe(event.seen_by(None))
                for viewer in range(seats):
                    assert describe(event.seen_by(viewer)) == public, event
                for line in public:
                    assert line.text and not any(p in line.text for p in possessives)
                if isinstance(event, TableauCardPlaced):
                    own = describe(event)
                    assert card_words(event.card) not in own[0].text


def test_the_log_says_why_a_token_was_taken_and_names_the_cards_played() -> None:
    narrator = _presenter(new_match(4, 1), 0).narrator
    text = [
        line.text for line in narrator.describe(TokenTaken(2, Planet.SATURN, Award.LOW_OFF_SUIT))
    ]
    assert text == ["Ben takes a Saturn token for the lowest off-suit card"]
    bonus = narrator.describe(TokenTaken(0, -1, Award.MOST_TRICKS))[0].text
    assert bonus == "No token is left of a planet You may take for the most tricks this round"
    assert narrator.describe(CardPlayed(1, 6))[0].text == "Ana plays the 7 of Jupiter"
    assert narrator.describe(CardPlayed(3, 57))[0].text == "Cy plays the Asteroid 1 Ceres"
    trade = narrator.describe(CardsTraded(0, 1, 6, 20))[0].text
    assert trade == (
        "You plays a Trade Card: the 7 of Jupiter goes from hand to the tableau of Ana, "
        "and the 7 of Saturn comes to hand"
    )
    tied = TrickWon(0, ((0, 13), (1, 16), (2, 30), (3, 0)), -1)  # Jupiter 14; Saturn 3, Neptune 3
    assert "tie" in narrator.describe(tied)[0].text


def test_a_resumed_log_matches_the_live_one() -> None:
    match = new_match(3, 41)
    presenter = _presenter(match, 0)
    history = []
    for step in random_steps(match, 41):
        played = _played(step, 0)
        history.append(played)
        presenter.present(played)
        presenter.skip()
    resumed = _presenter(new_match(3, 41), 0)
    resumed.restore_log(history)
    assert resumed.log == presenter.log and not resumed.busy
    assert presenter.log[-1].icon == "win"


def test_the_dealer_is_named_once_a_round_and_the_rounds_are_announced() -> None:
    match = new_match(3, 7)
    presenter = _presenter(match, 0)
    banners = []
    for step in random_steps(match, 7):
        presenter.present(_played(step, 0))
        while presenter.busy:
            presenter.update(FRAME, speed=1.0)
            if presenter.banner is not None and presenter.banner.text not in banners:
                banners.append(presenter.banner.text)
    rounds = [b for b in banners if b.startswith("Round ")]
    deals = [line for line in presenter.log if line.icon == "draw" and " deals " in line.text]
    assert len(deals) == len(rounds) == presenter.round - 1
    if presenter.round == 3:
        assert rounds == ["Round 2 of 3", "Round 3 of 3: the last round"]
    assert banners[-1].startswith("Winner")
