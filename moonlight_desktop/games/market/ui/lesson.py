"""Moonlight Market's guided first game (no pygame): the solo table, you against Dirk and Beate,
with every link and card pinned, through the first pass and its scoring into the first round of
the second, where the first hammer turns up (ruling M3 keeps hammers off the first pass).

What it meets, in order: the cushions and the round's column, bidding, being displaced (and the
seal it brings), Dirk's and Beate's fixed procedure, a displaced card played again, the chain
phase from the start coin on, a two-gem link's choice, a chain's value and limit, displacing in
turn (and Dirk displacing on from there), a seal link, a doubling, a full chain, a pass's
scoring, the last card under the pile, a new pass and the hammer.

Checked against the rulebook (000_47d2b9a37e23cd67.txt) and rulings R0, M2-M8, MM3, MM4, MM6
(docs/market.md, "Learn to play")."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from moonlight_desktop.engine import SeatSpec
from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.lesson_script import LEARNER, Check, Do, Lesson, Note
from moonlight_desktop.ui.table.presenter import Anchor, anchor

from ..components import (
    ALL_LINKS,
    CARDS_PER_SEAT,
    HAMMER,
    LINK_BY_NAME,
    Gem,
    chain_value,
    link_name,
)
from ..moves import Bid, PlaceLink, PlayDisplaced, UseHammer
from ..rules import pass_points
from ..state import MarketState, Phase
from ..table import COLUMNS
from .setup import SEAT_LOOKS

DIRK, BEATE = 1, 2
"""The automata's positions at the solo table (ruling M4: after the one player)."""
MOON, SECOND, THIRD = 0, 1, 2
"""The cushions, from the moon cushion down (ruling MM3)."""

# The links, cushion by cushion and row by row (three columns a row), as each pass lays them out.
# Columns: round 1 takes the left one, round 2 the middle, round 3 the right (ruling M2).
PASS_ONE = (
    ("R8", "Bx2", "Y4", "W3", "seal", "G3", "worthless", "G7", "R2"),  # Dirk, you, Dirk
    ("Y6", "B5", "G2", "W5", "Y3", "R6"),  # Beate, Dirk, Beate
    ("B6", "B4", "B2", "RW4", "R3", "Y8"),  # you, Beate, you
)
PASS_TWO = (
    ("W7", "R9", "G6", "Y5", "W8", "B4", "G3", "R2", "B5"),
    ("Y9", "G9", "W1", "R5", "Y3", "B1"),
    ("hammer", "W2", "G4", "B9", "R4", "Y8"),
)
TOPS = (
    (8, 11, 3, 12, 5, 9, 1, 10),  # your first two hands
    (10, 7, 9, 6),  # Dirk turns these up, one a bid (MM6)
    (5, 4, 8, 2),  # Beate
)
"""Each position's pile from the top; the rest of each pile follows in ascending order."""


def lesson_supply() -> list[str]:
    """All 150 links by name in drawing order: the two passes' layouts first, then the rest with
    the hammers last. No hammer is among the first pass's links, so none is set aside and the
    supply is never shuffled (M3, MM8): every layout is the one written here."""
    first = [name for cushion in (*PASS_ONE, *PASS_TWO) for name in cushion]
    rest = list(ALL_LINKS)
    for name in first:
        rest.remove(LINK_BY_NAME[name])
    rest.sort(key=lambda code: code == HAMMER)
    return [*first, *(link_name(code) for code in rest)]


def lesson_piles() -> list[list[int]]:
    cards = range(1, CARDS_PER_SEAT + 1)
    return [[*top, *(card for card in cards if card not in top)] for top in TOPS]


LINK = LINK_BY_NAME
BLUE, RED, WHITE, GREEN, YELLOW = (int(gem) for gem in Gem)


# Board parts a note points at (anchors the Market painter resolves).
cushion, bid_spot, slot = (partial(anchor, kind) for kind in ("cushion", "bid", "slot"))
seals, coin_at, prestige = (partial(anchor, kind) for kind in ("seals", "coin_at", "track"))
tray, hand = partial(anchor, "tray", LEARNER), partial(anchor, "hand", LEARNER)


def gem(number: int, position: int = LEARNER) -> Anchor:
    return anchor("gem", position, number)


# Claims a step's text makes (tested on the full state after the step).
def _check(claim: str, holds: Callable[[MarketState], bool]) -> Check:
    def checked(state: Any) -> bool:
        assert isinstance(state, MarketState)
        return holds(state)

    return Check(claim, checked)


def seals_are(you: int, dirk: int, beate: int) -> Check:
    claim = f"you, Dirk and Beate hold {you}, {dirk} and {beate} seals"
    return _check(claim, lambda s: s.seals == [you, dirk, beate])


def bids_are(*cards: int) -> Check:
    """The cards at the cushions from the moon down (-1 none), and whose they are follows."""
    return _check(f"the cushions hold {cards}", lambda s: s.bids == list(cards))


def bidders_are(*positions: int) -> Check:
    return _check(
        f"the cards at the cushions are {positions}'s", lambda s: s.bidders == list(positions)
    )


def hand_is(*cards: int) -> Check:
    return _check(f"you hold {cards}", lambda s: s.hands[LEARNER] == list(cards))


def displaced_is(card: int) -> Check:
    return _check(f"your {card} lies displaced", lambda s: s.displaced[LEARNER] == card)


def received_is(*names: str) -> Check:
    links = [LINK[name] for name in names]
    return _check(f"you received {names}", lambda s: s.pending[LEARNER] == links)


def coin_with(position: int) -> Check:
    return _check(f"position {position} holds the start coin", lambda s: s.coin == position)


def round_is(pass_number: int, round_number: int) -> Check:
    return _check(
        f"it is pass {pass_number}, round {round_number}",
        lambda s: (s.pass_index, s.round_index) == (pass_number - 1, round_number - 1),
    )


def chain_is(at: int, *names: str, worth: int) -> Check:
    links = [LINK[name] for name in names]
    return _check(
        f"your chain at gem {at} is {names}, worth {worth}",
        lambda s: s.chains[LEARNER][at] == links and chain_value(links) == worth,
    )


def their_chain_is(position: int, at: int, *names: str) -> Check:
    links = [LINK[name] for name in names]
    return _check(
        f"position {position}'s chain at gem {at} is {names}",
        lambda s: s.chains[position][at] == links,
    )


def last_bids_are(dirk: int, beate: int) -> Check:
    """The cards Dirk and Beate bid last (on their discard piles once the links went out)."""
    return _check(
        f"Dirk's last bid was {dirk} and Beate's {beate}",
        lambda s: (s.discards[DIRK][-1], s.discards[BEATE][-1]) == (dirk, beate),
    )


def prestige_is(you: int, dirk: int, beate: int) -> Check:
    claim = f"you, Dirk and Beate have {you}, {dirk} and {beate} prestige"
    return _check(claim, lambda s: s.prestige == [you, dirk, beate])


def column_is(number: int, column: int, *names: str) -> Check:
    """A cushion's column of links, top to bottom (rows of three: ruling M2)."""
    links = [LINK[name] for name in names]
    return _check(
        f"cushion {number}'s column {column} holds {names}",
        lambda s: s.cushions[number][column::COLUMNS] == links,
    )


def cushion_holds(number: int, index: int, name: str) -> Check:
    claim = f"cushion {number} holds the {name} at {index}"
    return _check(claim, lambda s: s.cushions[number][index] == LINK[name])


MOON_HAS_THREE_ROWS = _check(
    "the moon cushion holds three rows of links, the others two",
    lambda s: [len(slots) // COLUMNS for slots in s.cushions] == [3, 2, 2],
)
SECOND_PASS = _check("the first pass is over", lambda s: s.pass_index == 1)
HAMMER_UP = _check("a hammer waits to be used", lambda s: s.phase == Phase.HAMMER)
B2_IN_THE_CASKET = _check("the blue 2 is in the casket", lambda s: LINK["B2"] in s.casket)
TWELVE_UNDER_THE_PILE = _check(
    "your 12 lies at the bottom of your draw pile", lambda s: s.piles[LEARNER][0] == 12
)
PASS_ONE_POINTS = _check(
    "your chains as scored give you 4 at Blue, Green and Yellow, 2 at White and none at Red",
    lambda s: tuple(points[LEARNER] for points in pass_points(s)) == (4, 0, 2, 4, 4),
)
"""Read after the scoring, before anyone builds in pass two: the chains are the ones scored."""


STEPS = (
    # Pass 1, round 1: the left columns.
    Note(
        N_(
            "Welcome to the Moonlight Market! Bid for links on the velvet cushions and build chains"
            " at five gems: they score after each of four passes of three rounds. Dirk and Beate"
            " play against you."
        ),
        (cushion(MOON), cushion(SECOND), cushion(THIRD)),
    ),
    Note(
        N_(
            "A round takes one column of links from every cushion: first the left one, outlined in"
            " gold. The moon cushion gives three links and the start coin, the others two each."
        ),
        (slot(MOON, 0), slot(SECOND, 0), slot(THIRD, 0)),
        (round_is(1, 1), MOON_HAS_THREE_ROWS),
    ),
    Note(
        N_(
            "These are your four cards. To bid you lay one beside a cushion; once every cushion has"
            " a card, each card's owner takes the round's column of links from its cushion."
        ),
        (hand(0), hand(1), hand(2), hand(3)),
        (hand_is(3, 8, 11, 12),),
    ),
    Do(
        N_(
            "Bid your 8 at the moon cushion for its red 8, white 3 and worthless link, and the"
            " start coin: click the 8, then the moon cushion."
        ),
        Bid(8, MOON),
        N_("Bid your 8 at the moon cushion: click the 8, then the moon cushion."),
        checks=(column_is(MOON, 0, "R8", "W3", "worthless"),),
    ),
    Note(
        N_(
            "Dirk turned up a 10, higher than your 8, so he displaced it and paid you one of his"
            " seals. To push a card out you need a higher card and a seal for its owner."
        ),
        (bid_spot(MOON), seals(LEARNER), seals(DIRK)),
        (bids_are(10, 5, -1), displaced_is(8), seals_are(4, 2, 3)),
    ),
    Note(
        N_(
            "Dirk and Beate never choose: each turns up the top card of their pile and lays it at "
            "the first cushion, from the moon down, that is free or holds a lower card they can "
            "pay a seal for. Beate's 5 went to the middle one."
        ),
        (bid_spot(SECOND),),
        (bidders_are(DIRK, BEATE, -1),),
    ),
    Do(
        N_(
            "Your 8 lies face up and must be played on this turn. It could displace again, but the"
            " bottom cushion is free: lay it there for its blue 6 and red-white 4."
        ),
        PlayDisplaced(THIRD),
        N_("Lay your displaced 8 at the bottom cushion."),
        (cushion(THIRD),),
    ),
    Note(
        N_(
            "Every cushion has a card, so each of you took the left column where your card lay; "
            "the cards went to the discard piles. Dirk took the moon cushion and the start coin, "
            "so he built first, then Beate: now you."
        ),
        (tray(0), tray(1), coin_at(DIRK)),
        (received_is("B6", "RW4"), coin_with(DIRK)),
    ),
    Do(
        N_(
            "Every link you take must be laid on your tableau, at its gem. Click the blue 6, then"
            " your Blue column."
        ),
        PlaceLink(LINK["B6"], BLUE),
        N_("Lay the blue 6 at Blue: click the link, then your Blue column."),
        checks=(chain_is(BLUE, "B6", worth=6),),
    ),
    Do(
        N_(
            "A two-gem link goes at either of its gems. Red faces Dirk's 8, White only his 3 and"
            " Beate's 5: lay the red-white 4 at White."
        ),
        PlaceLink(LINK["RW4"], WHITE),
        N_("Lay the red-white 4 at White: click the link, then your White column."),
        (gem(RED, DIRK), gem(WHITE, DIRK), gem(WHITE, BEATE)),
        (
            their_chain_is(DIRK, RED, "R8"),
            their_chain_is(DIRK, WHITE, "W3"),
            their_chain_is(BEATE, WHITE, "W5"),
        ),
    ),
    Note(
        N_(
            "A chain is worth the sum of its values and holds three links at most. After each pass"
            " every gem pays 4, 2 and 1 prestige to its highest, second and third chain, if they"
            " hold a real gem."
        ),
        (gem(BLUE), gem(WHITE)),
        (chain_is(BLUE, "B6", worth=6), chain_is(WHITE, "RW4", worth=4)),
    ),
    # Round 2: the middle columns.
    Note(
        N_(
            "Round two, the middle columns. Dirk held the start coin, so he bid first: his 7 at the"
            " free moon cushion. Beate's 4 was not higher, so it went to the middle cushion."
        ),
        (bid_spot(MOON), bid_spot(SECOND)),
        (
            round_is(1, 2),
            bids_are(7, 4, -1),
            bidders_are(DIRK, BEATE, -1),
            column_is(MOON, 1, "Bx2", "seal", "G7"),  # what the next step's text names
        ),
    ),
    Do(
        N_(
            "The moon's middle column holds a blue doubling, a seal and a green 7. Bid your 11"
            " there: it displaces Dirk's 7, and one of your seals goes to him."
        ),
        Bid(11, MOON),
        N_("Bid your 11 at the moon cushion: click the 11, then the moon cushion."),
        (slot(MOON, 1), slot(MOON, 4), slot(MOON, 7)),
    ),
    Note(
        N_(
            "Dirk had to lay his 7 again: your 11 is higher, but Beate's 4 at the middle cushion is"
            " lower, so he displaced her (paying her a seal) and her 4 went to the bottom one."
        ),
        (seals(DIRK), seals(BEATE)),
        (last_bids_are(7, 4), seals_are(4, 2, 4)),
    ),
    Note(
        N_(
            "The moon cushion brought you the start coin, so you build first. A seal link is not"
            " laid: it gave you a seal from the supply at once, and you hold four again."
        ),
        (coin_at(LEARNER), seals(LEARNER)),
        (coin_with(LEARNER), seals_are(4, 2, 4), received_is("Bx2", "G7")),
    ),
    Do(
        N_(
            "A doubling doubles the value of its whole chain. Lay the blue doubling at Blue, and"
            " your blue 6 is worth 12."
        ),
        PlaceLink(LINK["Bx2"], BLUE),
        N_("Lay the blue doubling at Blue: click the link, then your Blue column."),
        checks=(chain_is(BLUE, "B6", "Bx2", worth=12),),
    ),
    Do(
        N_("Lay the green 7 at Green: a new chain, and the first green one at the table."),
        PlaceLink(LINK["G7"], GREEN),
        N_("Lay the green 7 at Green: click the link, then your Green column."),
        checks=(
            their_chain_is(DIRK, GREEN),
            their_chain_is(BEATE, GREEN),
            column_is(THIRD, 2, "B2", "Y8"),  # what the next step's text names
        ),
    ),
    # Round 3: the right columns.
    Do(
        N_(
            "Round three takes the right columns, and with the start coin you bid first. Bid your 3"
            " at the bottom cushion for its blue 2 and yellow 8."
        ),
        Bid(3, THIRD),
        N_("Bid your 3 at the bottom cushion: click the 3, then that cushion."),
        (slot(THIRD, 2), slot(THIRD, 5)),
    ),
    Note(
        N_(
            "Dirk's 9 took the free moon cushion and Beate's 8 the middle one, so your 3 held. "
            "Dirk has the start coin again and built first; now lay your two links."
        ),
        (coin_at(DIRK), tray(0), tray(1)),
        (round_is(1, 3), last_bids_are(9, 8), coin_with(DIRK), received_is("B2", "Y8")),
    ),
    Do(
        N_(
            "The blue 2 only goes at Blue. With it your blue chain is full, three links: (6 + 2)"
            " doubled makes 16."
        ),
        PlaceLink(LINK["B2"], BLUE),
        N_("Lay the blue 2 at Blue: click the link, then your Blue column."),
        checks=(chain_is(BLUE, "B6", "Bx2", "B2", worth=16),),
    ),
    Do(
        N_("Lay the yellow 8 at Yellow. It is the pass's last link, so the scoring follows."),
        PlaceLink(LINK["Y8"], YELLOW),
        N_("Lay the yellow 8 at Yellow: click the link, then your Yellow column."),
        checks=(SECOND_PASS,),
    ),
    # The first pass's scoring, and the second pass.
    Note(
        N_(
            "Pass one is scored: Blue, Green and Yellow give you 4 each, White 2 behind Beate's 5,"
            " Red nothing, as you have no red gem. You lead with 14; Dirk has 11, Beate 9."
        ),
        (prestige(LEARNER), prestige(DIRK), prestige(BEATE)),
        (PASS_ONE_POINTS, prestige_is(14, 11, 9)),
    ),
    Note(
        N_(
            "Your last card, the 12, went under your draw pile: it comes back in pass four, where"
            " the highest card kept scores. Pass two began with four new cards and fresh links."
        ),
        (anchor("pile", LEARNER), hand(0), hand(1), hand(2), hand(3)),
        (TWELVE_UNDER_THE_PILE, round_is(2, 1), hand_is(1, 5, 9, 10)),
    ),
    Note(
        N_(
            "Dirk bid his 6 at the moon cushion and Beate her 2 at the middle one. From this pass "
            "on a hammer may turn up: the bottom cushion holds one, with a blue 9."
        ),
        (slot(THIRD, 0), slot(THIRD, 3)),
        (
            bids_are(6, 2, -1),
            bidders_are(DIRK, BEATE, -1),
            cushion_holds(THIRD, 0, "hammer"),
            cushion_holds(THIRD, 3, "B9"),
        ),
    ),
    Do(
        N_(
            "A fourth blue link would send your full blue chain to the casket (at 20 or more, for a"
            " seal). Bid your 1 at the free bottom cushion for the hammer and the blue 9."
        ),
        Bid(1, THIRD),
        N_("Bid your 1 at the bottom cushion: click the 1, then that cushion."),
        (gem(BLUE),),
        (HAMMER_UP, received_is("hammer", "B9")),
    ),
    Do(
        N_(
            "A hammer is used before any link is laid: it knocks one link off your tableau, or is"
            " discarded. Click your blue 2 to knock it off and make room."
        ),
        UseHammer(BLUE, 2),
        N_("Click the blue 2 at the bottom of your Blue chain: the hammer knocks it off."),
        checks=(B2_IN_THE_CASKET, chain_is(BLUE, "B6", "Bx2", worth=12)),
    ),
    Do(
        N_("Now lay the blue 9 at Blue: (6 + 9) doubled, your blue chain is worth 30."),
        PlaceLink(LINK["B9"], BLUE),
        N_("Lay the blue 9 at Blue: click the link, then your Blue column."),
        checks=(chain_is(BLUE, "B6", "Bx2", "B9", worth=30),),
    ),
)

MARKET_LESSON = Lesson(
    N_("Learn Moonlight Market"),
    (SeatSpec(N_("You"), "human", look=SEAT_LOOKS[0]),),
    2026,
    STEPS,
    options={"automata": 2},
    setup={"supply": lesson_supply(), "piles": lesson_piles(), "start_seat": 0},
    farewell=(
        N_(
            "You have met the whole market: bids and displacing, Dirk's and Beate's fixed rules,"
            " links, doublings, seals, a full chain, the hammer and a pass's scoring. Three passes"
            " remain: play on, and may your chains outshine theirs!"
        )
    ),
)
"""Solo against Dirk and Beate, the table the setup offers first (one player: both automata)."""
