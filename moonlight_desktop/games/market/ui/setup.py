"""Moonlight Market's table for the setup shell: one to five players, each a human or a bot,
and Dirk and Beate as the rules seat them (no pygame).

Dirk and Beate are no seats: they play inside the rules (docs/market.md), so the setup shows
them as players who are no seats, each with a line on how they play, after the real players
(ruling M4). The option `automata` offers them as the rulebook does: solo, both (Beate is the
solo rule); two players, Dirk ("In the two-player game you play with Dirk"); three or four,
as the players like ("you can also play with Dirk and/or Beate"), as long as players and
automata make 3 to 5 at the table; five, none.

Every text here is marked with N_ and translated where the setup shows it.

The seating may be random, and who starts is chosen by seating that player first: the rules
give the first start coin to seat 0 with the automata after every real player (M4), and the
option `start_seat` is for worked examples only (MM5: a setup never offers it, since it could
let an automaton bid before a real player in the first round).
"""

from __future__ import annotations

from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.setup import Choice, Extra, OptionSpec, SetupSpec, StartSpec

from ..table import AUTOMATON_NAMES, MAX_POSITIONS, MIN_POSITIONS

SEAT_LOOKS = ("saffron", "indigo", "coral", "mint", "plum")
SEAT_LOOK_TITLES = (N_("Saffron"), N_("Indigo"), N_("Coral"), N_("Mint"), N_("Plum"))
AUTOMATON_LOOKS = ("dirk", "beate")
"""Dirk's and Beate's portraits, in the order they sit."""

DIRK = Extra(
    AUTOMATON_LOOKS[0],
    AUTOMATON_NAMES[0],
    N_("Plays by the rulebook's fixed procedure: no choices, no level."),
)
BEATE = Extra(
    AUTOMATON_LOOKS[1],
    AUTOMATON_NAMES[1],
    N_("Plays as Dirk does, by the rulebook's fixed procedure."),
)


def _seat_counts(automata: int) -> frozenset[int]:
    """The numbers of players who may play with `automata` of them: 3 to 5 at the table, and
    the solo and two-player games as the rulebook sets them (both; Dirk alone)."""
    fitting = {
        seats
        for seats in range(1, MAX_POSITIONS + 1)
        if MIN_POSITIONS <= seats + automata <= MAX_POSITIONS
    }
    special = {1: 2, 2: 1}  # solo: Dirk and Beate; two players: Dirk
    return frozenset(s for s in fitting if special.get(s, automata) == automata)


AUTOMATA = OptionSpec(
    "automata",
    N_("Automata"),
    N_("Dirk and Beate play by the rulebook's procedure. Solo: both; two players: Dirk."),
    (
        Choice(0, N_("None"), N_("Only the players."), _seat_counts(0)),
        Choice(
            1,
            "Dirk",
            N_("Dirk sits after the players."),
            _seat_counts(1),
            (DIRK,),
        ),
        Choice(
            2,
            N_("Dirk and Beate"),
            N_("Both sit after the players."),
            _seat_counts(2),
            (DIRK, BEATE),
        ),
    ),
)

MARKET_SETUP = SetupSpec(
    "market",
    min_seats=1,
    max_seats=MAX_POSITIONS,
    default_seats=1,  # the solo game: one human against Dirk and Beate
    looks=SEAT_LOOKS,
    look_titles=SEAT_LOOK_TITLES,
    options=(AUTOMATA,),
    random_seating=True,
    start=StartSpec(
        N_("Whoever sits first takes the start coin; automata bid last in round one."),
        default_label=N_("The first seat"),
    ),
)
