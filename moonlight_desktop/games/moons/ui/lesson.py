"""Moons' guided first game: three seats, round 1 dealt so that six tricks teach following
suit (and being unable to), Asteroids, planet tokens for tricks and for the lowest off-suit
card, and how tokens score in sets. Checked against the rulebook
(../shared/rules/003_1231cd168588c628.txt) and docs/RULINGS.md (O1-O6, MO1, MO4, MO5, MO7);
docs/moons.md "Learn to play" lists the steps. No pygame: the script is checked headless."""

from __future__ import annotations

from collections.abc import Callable

from moonlight_desktop.engine import SeatSpec
from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.lesson_script import LEARNER, Check, Do, Lesson, Note, Reply
from moonlight_desktop.ui.table.presenter import anchor, seat_anchor

from ..components import MINI_COUNT, MINI_KIND, MOON_CARDS, SUIT_OF, Mini, Planet, moon_card
from ..moves import PlaceInTableau, PlayCard, TakeToken
from ..scoring import best_score
from ..state import MoonsState, Phase

YOU, OTTER, HERON = LEARNER, 1, 2
J, S, N, U = Planet.JUPITER, Planet.SATURN, Planet.NEPTUNE, Planet.URANUS
EROS, CERES, GASPRA, VESTA = range(MOON_CARDS, MOON_CARDS + 4)
"""The Asteroid cards: Otter plays 433 Eros, the learner 1 Ceres."""


def _cards(planet: Planet, *ranks: int) -> list[int]:
    return [moon_card(planet, rank) for rank in ranks]


# Round 1's deal, every card placed (20 each): the learner's only Uranus goes to the tableau
# (so later the learner cannot follow Uranus), Otter holds no Jupiter (so it plays off-suit).
HANDS = (
    _cards(J, 1, 2, 8, 9, 11, 12, 14)
    + _cards(S, 2, 3, 4, 5, 13)
    + _cards(N, 1, 4, 8, 10, 11, 13)
    + _cards(U, 5)
    + [CERES],
    _cards(S, 1, 6, 10, 11, 14)
    + _cards(N, 2, 5, 6, 12)
    + _cards(U, 1, 2, 4, 6, 9, 10, 11, 12, 14)
    + [EROS, GASPRA],
    _cards(J, 3, 4, 5, 6, 7, 10, 13)
    + _cards(S, 7, 8, 9, 12)
    + _cards(N, 3, 7, 9, 14)
    + _cards(U, 3, 7, 8, 13)
    + [VESTA],
)
ROUND_ONE = [card for hand in HANDS for card in hand]


def _minis(kind: Mini) -> list[int]:
    return [mini for mini in range(MINI_COUNT) if MINI_KIND[mini] is kind]


# A Trade Card and a Trade Token each, then the deck: two Blocks on top (Otter's and the
# learner's Asteroids draw them), so no Score Modifier changes the scores shown.
DEALT_MINIS = [
    mini
    for pair in zip(_minis(Mini.TRADE_CARD)[:3], _minis(Mini.TRADE_TOKEN)[:3], strict=True)
    for mini in pair
]
FIRST_MINIS = DEALT_MINIS + _minis(Mini.BLOCK)[:2]
MINIS = FIRST_MINIS + [m for m in range(MINI_COUNT) if m not in FIRST_MINIS]

SETUP = {"minis": MINIS, "decks": [ROUND_ONE]}


def _state(state: object) -> MoonsState:
    assert isinstance(state, MoonsState)
    return state


def _holds(claim: str, test: Callable[[MoonsState], bool]) -> Check:
    return Check(claim, lambda state: test(_state(state)))


def _tokens(seat: int, counts: tuple[int, int, int, int]) -> Check:
    return _holds(
        f"seat {seat} holds planet tokens {counts} (Jupiter, Saturn, Neptune, Uranus)",
        lambda state: tuple(state.tokens[seat]) == counts,
    )


def _score(seat: int, points: int) -> Check:
    return _holds(
        f"seat {seat} would score {points} now",
        lambda state: best_score(state.tokens[seat], state.minis[seat]) == points,
    )


def _tricks(seat: int, won: int) -> Check:
    return _holds(
        f"seat {seat} has won {won} tricks this round",
        lambda state: state.tricks_won[seat] == won,
    )


def _suit_count(state: MoonsState, seat: int, planet: Planet) -> int:
    return sum(1 for card in state.hands[seat] if SUIT_OF[card] == planet)


def _your_turn_to_play() -> Check:
    return _holds(
        "the learner is to play a card",
        lambda state: state.phase is Phase.PLAY and state.to_play == YOU,
    )


FOLLOW = N_("Follow the suit led when you can: the arrow shows the card for this lesson.")
TAKE = N_("Take the token the arrow points at.")

STEPS = (
    Note(
        N_(
            "Welcome to Moons! Win tricks to collect planet tokens, then score them in sets of "
            "different planets. This short game shows you how."
        ),
        (anchor("hand", YOU, 0), anchor("score", YOU)),
    ),
    # The tableau (O2): everyone lays three Moon cards face down at once.
    Note(
        N_(
            "Each round starts with a tableau: everyone lays three Moon cards from their hand face "
            "down. Your tableau's planets are the tokens you may take when you win a trick."
        ),
        (anchor("tableau", YOU, 0), anchor("tableau", YOU, 1), anchor("tableau", YOU, 2)),
    ),
    Reply(OTTER, PlaceInTableau(moon_card(U, 14))),
    Reply(OTTER, PlaceInTableau(moon_card(S, 6))),
    Reply(OTTER, PlaceInTableau(moon_card(N, 2))),
    Reply(HERON, PlaceInTableau(moon_card(J, 4))),
    Reply(HERON, PlaceInTableau(moon_card(N, 3))),
    Reply(HERON, PlaceInTableau(moon_card(U, 3))),
    Do(
        N_(
            "Lay Jupiter 2 in your tableau: a low card you will not miss, and it lets you take "
            "Jupiter tokens."
        ),
        PlaceInTableau(moon_card(J, 2)),
        N_("Lay the card the arrow points at."),
    ),
    Do(
        N_("Now lay Saturn 3, for Saturn tokens."),
        PlaceInTableau(moon_card(S, 3)),
        N_("Lay the card the arrow points at."),
    ),
    Do(
        N_(
            "Last, lay Uranus 5, your only Uranus: with none left in your hand you can play "
            "off-suit when Uranus is led."
        ),
        PlaceInTableau(moon_card(U, 5)),
        N_("Lay the card the arrow points at."),
        checks=(
            _holds("the tableaux are turned up", lambda state: state.phase is Phase.PLAY),
            _holds("Otter took the Earth", lambda state: state.earth == OTTER),
            _holds("Otter leads", lambda state: state.to_play == OTTER),
        ),
    ),
    Note(
        N_(
            "The tableaux are turned up. Otter laid the highest card, Uranus 14, so Otter takes "
            "the Earth and the Earth's Moon and leads the first trick."
        ),
        (anchor("tableau", OTTER, 0), anchor("marker", OTTER, 0), anchor("marker", OTTER, 1)),
    ),
    # Trick 1: following suit, the highest card of the suit led wins, a token for the trick.
    Reply(OTTER, PlayCard(moon_card(S, 10))),
    Reply(HERON, PlayCard(moon_card(S, 7)), checks=(_your_turn_to_play(),)),
    Do(
        N_(
            "Saturn was led, and you hold Saturns, so you must follow suit. Play Saturn 13: the "
            "highest card of the suit led wins the trick."
        ),
        PlayCard(moon_card(S, 13)),
        FOLLOW,
        point_at=(anchor("trick", 0),),
        checks=(_holds("the learner won a trick", lambda state: state.tricks_won[YOU] == 1),),
    ),
    Do(
        N_("You won the trick! Take a token of a planet in your tableau: Jupiter."),
        TakeToken(J),
        TAKE,
        point_at=(anchor("tableau", YOU, 0),),
        checks=(_tokens(YOU, (1, 0, 0, 0)),),
    ),
    # Trick 2: the winner leads; a seat that cannot follow plays off-suit.
    Note(
        N_(
            "Your Jupiter token is in your row. The winner leads the next trick, so it is your "
            "lead."
        ),
        (anchor("tokens", YOU, J),),
    ),
    Do(
        N_("Lead Jupiter 14, the highest Jupiter: nobody can beat it."),
        PlayCard(moon_card(J, 14)),
        N_("Lead the card the arrow points at."),
    ),
    Reply(OTTER, PlayCard(moon_card(N, 5))),
    Note(
        N_(
            "Otter has no Jupiter, so Otter may play any card and chose Neptune 5, an off-suit "
            "card."
        ),
        (anchor("trick", 1),),
        checks=(_holds("Otter holds no Jupiter", lambda state: _suit_count(state, OTTER, J) == 0),),
    ),
    Reply(HERON, PlayCard(moon_card(J, 6))),
    Do(
        N_("Your 14 wins. Take Saturn this time: tokens of different planets score best together."),
        TakeToken(S),
        TAKE,
        checks=(_tokens(YOU, (1, 1, 0, 0)), _tokens(OTTER, (0, 0, 1, 0))),
    ),
    Note(
        N_(
            "Otter took a Neptune token too: the lowest off-suit card of a trick takes a token of "
            "its own planet."
        ),
        (anchor("tokens", OTTER, N),),
        checks=(_tokens(OTTER, (0, 0, 1, 0)),),
    ),
    # Trick 3: an Asteroid from a bot, and a trick lost.
    Do(
        N_("Lead Jupiter 12, your next best Jupiter: only the 13 can beat it."),
        PlayCard(moon_card(J, 12)),
        N_("Lead the card the arrow points at."),
    ),
    Reply(OTTER, PlayCard(EROS)),
    Note(
        N_(
            "Otter played an Asteroid. It belongs to no suit and never wins, but its player draws "
            "a mini-asteroid at once."
        ),
        (anchor("trick", 1), seat_anchor(OTTER)),
        checks=(_holds("Otter drew a mini-asteroid", lambda state: len(state.minis[OTTER]) == 3),),
    ),
    Reply(HERON, PlayCard(moon_card(J, 13))),
    Reply(HERON, TakeToken(N), checks=(_tokens(HERON, (0, 0, 1, 0)),)),
    Note(
        N_(
            "Heron's Jupiter 13 beat your 12 and won the trick. Heron took a Neptune token from "
            "its tableau and leads next."
        ),
        (anchor("tokens", HERON, N),),
        checks=(_tricks(HERON, 1), _holds("Heron leads", lambda state: state.to_play == HERON)),
    ),
    # Trick 4: unable to follow suit, the lowest off-suit card takes its planet.
    Reply(HERON, PlayCard(moon_card(U, 8)), checks=(_your_turn_to_play(),)),
    Do(
        N_(
            "Uranus was led and you have none, so you may play any card. Play Neptune 1: the "
            "lowest off-suit card takes a token of its planet."
        ),
        PlayCard(moon_card(N, 1)),
        N_("You cannot follow Uranus: play the card the arrow points at."),
        point_at=(anchor("trick", 0),),
    ),
    Reply(OTTER, PlayCard(moon_card(U, 10))),
    Reply(OTTER, TakeToken(U)),
    Note(
        N_(
            "Otter's Uranus 10 won the trick, and your Neptune 1 was the lowest off-suit card, so "
            "you took a Neptune token."
        ),
        (anchor("tokens", YOU, N),),
        checks=(_tokens(YOU, (1, 1, 1, 0)), _tricks(OTTER, 1)),
    ),
    # Set scoring (O5), shown as the score now: a set of three.
    Note(
        N_(
            "Jupiter, Saturn and Neptune make a set of three different planets: 2 points a token, "
            "6 in all. Your score now is shown in your row."
        ),
        (anchor("score", YOU),),
        checks=(_score(YOU, 6),),
    ),
    # Trick 5: the learner's Asteroid, played although it could follow suit.
    Reply(OTTER, PlayCard(moon_card(S, 11))),
    Reply(HERON, PlayCard(moon_card(S, 8)), checks=(_your_turn_to_play(),)),
    Do(
        N_(
            "You could follow Saturn, but an Asteroid may be played instead on any turn. Play 1 "
            "Ceres: it cannot win, but you draw a mini-asteroid."
        ),
        PlayCard(CERES),
        N_("Play the Asteroid the arrow points at."),
        checks=(
            _holds("the learner drew a mini-asteroid", lambda state: len(state.minis[YOU]) == 3),
        ),
    ),
    Reply(OTTER, TakeToken(S)),
    Note(
        N_(
            "Otter won with Saturn 11. Your new mini-asteroid is a Block; the rules tell what each "
            "kind of mini-asteroid does."
        ),
        (anchor("minis", YOU, 2),),
        checks=(
            _tricks(OTTER, 2),
            _holds(
                "the learner's new mini-asteroid is a Block",
                lambda state: MINI_KIND[state.minis[YOU][-1]] is Mini.BLOCK,
            ),
        ),
    ),
    # Trick 6: a complete set of four.
    Reply(OTTER, PlayCard(moon_card(N, 6))),
    Reply(HERON, PlayCard(moon_card(N, 7)), checks=(_your_turn_to_play(),)),
    Do(
        N_("Neptune was led: follow with Neptune 13 to win the trick."),
        PlayCard(moon_card(N, 13)),
        FOLLOW,
    ),
    Do(
        N_("Take Uranus, the one planet you are missing."),
        TakeToken(U),
        TAKE,
        checks=(_tokens(YOU, (1, 1, 1, 1)), _score(YOU, 10)),
    ),
    Note(
        N_(
            "A complete set of all four planets scores 10 points. Other tokens score 1 point each, "
            "unless a Score Modifier mini-asteroid counts them in groups."
        ),
        (anchor("score", YOU), anchor("tokens", YOU, U)),
        checks=(_score(YOU, 10),),
    ),
    Note(
        N_(
            "The game has one round per player, three here. It ends then, or at once when the last "
            "planet token is taken. The best score wins."
        ),
        (anchor("supply", J),),
    ),
)

MOONS_LESSON = Lesson(
    title=N_("Learn Moons"),
    seats=(
        SeatSpec(N_("You"), "human", look="lark"),
        SeatSpec(N_("Otter (normal)"), "bot", "normal", "otter"),
        SeatSpec(N_("Heron (normal)"), "bot", "normal", "heron"),
    ),
    seed=2026,
    steps=STEPS,
    options={},
    setup=SETUP,
    farewell=(
        N_(
            "You have met tableaux, following suit, Asteroids, tokens for tricks and for the "
            "lowest off-suit card, and sets. Play on to finish the game against Otter and Heron."
        )
    ),
)
