"""The chance that the seat about to play wins, from where each seat stands: a value learnt
from NormalBot's self-play, for HardBot's playouts to end on.

A seat's standing is NormalBot's: its jewels plus the judged worth of its screen
(`NormalBot.standing`). The chance that the seat to play wins is a softmax over the seats'
standings, with a bonus for being the one about to play:

    chance = 1 / (1 + sum over rivals of exp(slope * (rival - mine) - edge))

`slope` (how much a jewel of lead counts) and `edge` (the worth of playing next) were fitted by
maximum likelihood to who won thousands of games of NormalBots, separately for each number of
seats and each number of tiles left in the castle: a lead counts for more as the castle
empties. `scripts/castle_win_odds.py` plays the games and prints this table again.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

FULL = 18
"""Castle counts above this share its row: the game's first turns, where a lead says least."""

ODDS: dict[int, tuple[tuple[float, float], ...]] = {
    # seats: (slope, edge) with 1, 2, ... FULL tiles left in the castle (0 reads 1's row)
    2: (
        (1.156, 0.871), (0.932, 0.648), (0.882, 0.696), (0.955, 0.656), (0.722, 0.472),
        (0.802, 0.545), (0.724, 0.480), (0.656, 0.406), (0.690, 0.434), (0.578, 0.352),
        (0.558, 0.360), (0.539, 0.335), (0.442, 0.295), (0.456, 0.288), (0.381, 0.242),
        (0.381, 0.261), (0.325, 0.246), (0.255, 0.162),
    ),
    3: (
        (1.371, 1.090), (1.098, 0.872), (1.079, 0.844), (1.180, 0.804), (1.061, 0.701),
        (1.053, 0.658), (0.862, 0.531), (0.833, 0.526), (0.755, 0.511), (0.705, 0.444),
        (0.657, 0.401), (0.696, 0.451), (0.689, 0.466), (0.624, 0.420), (0.613, 0.376),
        (0.533, 0.390), (0.544, 0.402), (0.434, 0.299),
    ),
    4: (
        (1.513, 1.285), (1.259, 1.113), (1.084, 0.936), (1.202, 0.725), (1.140, 0.734),
        (1.149, 0.722), (0.993, 0.645), (0.896, 0.595), (0.901, 0.573), (0.850, 0.544),
        (0.793, 0.482), (0.782, 0.506), (0.717, 0.453), (0.645, 0.404), (0.636, 0.411),
        (0.600, 0.443), (0.482, 0.379), (0.428, 0.318),
    ),
}  # fmt: skip
LAST_ROUND: dict[int, tuple[float, float]] = {
    2: (1.413, 2.799),
    3: (1.317, 2.218),
    4: (1.447, 2.172),
}
"""In the last round (the magic tile is out): (slope, edge) for each number of seats."""


def win_chance(standings: Sequence[float], me: int, castle_count: int, last_round: bool) -> float:
    """The chance that `me`, about to play, wins from these standings (one per seat)."""
    seats = len(standings)
    if last_round:
        slope, edge = LAST_ROUND[seats]
    else:
        slope, edge = ODDS[seats][min(max(castle_count, 1), FULL) - 1]
    mine = standings[me]
    odds = 1.0
    for seat, standing in enumerate(standings):
        if seat != me:
            odds += exp(slope * (standing - mine) - edge)
    return 1.0 / odds
