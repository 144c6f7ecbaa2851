"""Every worked example of the Moons rulebook, with its exact figures."""

from __future__ import annotations

from moonlight_desktop.games.moons.moves import (
    Award,
    PlayCard,
    TakeToken,
    TokenTaken,
    TrickWon,
)
from moonlight_desktop.games.moons.state import Phase

from .moons_helpers import RULES, J, N, S, U, card, lay_tableaux, new_game, play


def _four_seat_trick(off_suit_cards: tuple[int, int]):
    """Seat 0 (tableau Neptune 14, Uranus 1, Uranus 2: the highest card, so it leads) leads
    Jupiter 14, seat 1 follows with Jupiter 12, seats 2 and 3 hold no Jupiter."""
    state = new_game(
        4,
        hands=[
            [card(N, 14), card(U, 1), card(U, 2), card(J, 14)],
            [card(J, 12), card(S, 5), card(S, 6), card(S, 7)],
            [off_suit_cards[0], card(N, 8), card(N, 9), card(N, 10)],
            [off_suit_cards[1], card(S, 8), card(S, 9), card(S, 10)],
        ],
        voids={2: {J}, 3: {J}},
    )
    lay_tableaux(
        state,
        [
            [card(N, 14), card(U, 1), card(U, 2)],
            [card(S, 5), card(S, 6), card(S, 7)],
            [card(N, 8), card(N, 9), card(N, 10)],
            [card(S, 8), card(S, 9), card(S, 10)],
        ],
    )
    assert RULES.to_act(state) == (0,)
    events: list = []
    for seat, played in enumerate((card(J, 14), card(J, 12), *off_suit_cards)):
        events += play(state, seat, PlayCard(played))
    return state, events


def test_jupiter_14_wins_and_saturn_2_takes_the_low_off_suit_token():
    """Jupiter 14, Jupiter 12, Neptune 4, Saturn 2: the 14 wins and picks a planet of its
    tableau; the Saturn 2 takes a Saturn token for being the lowest off-suit card."""
    state, events = _four_seat_trick((card(N, 4), card(S, 2)))
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.winner == 0 and won.low_off_suit == 3
    assert state.phase == Phase.AWARD
    assert RULES.legal_commands(state, 0) == [TakeToken(N), TakeToken(U)]
    events = play(state, 0, TakeToken(U))
    assert events[0] == TokenTaken(0, U, Award.TRICK)
    assert events[1] == TokenTaken(3, S, Award.LOW_OFF_SUIT)
    assert state.tokens[0] == [0, 0, 0, 1] and state.tokens[3] == [0, 1, 0, 0]
    assert state.tricks_won == [1, 0, 0, 0]
    assert RULES.to_act(state) == (0,)  # the winner leads the next trick


def test_a_tie_for_the_lowest_off_suit_card_gives_nobody_a_token():
    """Two off-suit cards of the same number (Neptune 4, Saturn 4): no off-suit token."""
    state, events = _four_seat_trick((card(N, 4), card(S, 4)))
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.winner == 0 and won.low_off_suit == -1
    play(state, 0, TakeToken(N))
    assert state.tokens[2] == [0, 0, 0, 0] and state.tokens[3] == [0, 0, 0, 0]


def test_zero_tricks_takes_a_token_of_its_tableau():
    """Bobby took no tricks and his tableau has 2 Jupiter cards and 1 Uranus card: he may
    take 1 Jupiter token or 1 Uranus token."""
    state = new_game(3)
    bobby = 2
    lay_tableaux(state, [[], [], []])
    state.tableaux[bobby] = [card(J, 3), card(J, 4), card(U, 5)]
    # The round's last trick: Bobby's Saturn 1 cannot win it.
    state.hands = [[card(S, 14)], [card(S, 13)], [card(S, 1)]]
    state.tricks_won = [5, 11, 0]
    state.order, state.turn, state.trick, state.leader = [0, 1, 2], 0, [], 0
    for seat, played in enumerate((card(S, 14), card(S, 13), card(S, 1))):
        play(state, seat, PlayCard(played))
    # Seat 0 takes its trick token, seat 1 (most tricks) its bonus; then it is Bobby's turn.
    while RULES.to_act(state) and RULES.to_act(state)[0] != bobby:
        seat = RULES.to_act(state)[0]
        play(state, seat, RULES.legal_commands(state, seat)[0])
    assert state.awards[0] == (bobby, 1 << J | 1 << U, Award.NO_TRICKS)
    assert RULES.legal_commands(state, bobby) == [TakeToken(J), TakeToken(U)]
