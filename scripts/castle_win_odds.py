"""Fits Moonlight Castle's win odds (`games/castle/win_odds.py`) from NormalBot self-play.

    .venv/bin/python scripts/castle_win_odds.py            # the games the table was fitted to
    .venv/bin/python scripts/castle_win_odds.py --games 200 --seats 2   # a quick look

For each number of seats it plays NormalBot games to the end and notes, at the start of every
turn, each seat's standing (`NormalBot.standing` from that seat's view) and how many tiles the
castle holds. Per castle count (above `FULL` together; the last round apart) it fits `slope`
and `edge` of the softmax `win_odds.py` describes by maximum likelihood (Newton's method) to
who won each game, a shared win split between its winners, and prints the rows to paste.
About five minutes of one core for the default 9,000 games.
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from collections.abc import Sequence

from moonlight_desktop.games.castle.bots import NormalBot
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.state import HIDE
from moonlight_desktop.games.castle.win_odds import FULL

RULES = CastleRules()
FIRST_SEED = {2: 100_000, 3: 200_000, 4: 300_000}
GAMES = {2: 4000, 3: 3000, 4: 2000}

Turn = tuple[int, list[float], list[float]]
"""The seat to play, every seat's standing, and every seat's share of the win."""


def turns_of_one_game(seats: int, seed: int, judge: NormalBot) -> list[tuple[int | str, Turn]]:
    """Every turn start of one NormalBot game: (castle count or "last", the turn)."""
    state = RULES.new_state(RULES.normalize_options({}, seats), seats, seed)
    bots = [NormalBot(seed * 31 + seat) for seat in range(seats)]
    noted: list[tuple[int | str, int, list[float]]] = []
    last_turn = -1
    while not RULES.is_over(state):
        if state.phase is HIDE and state.turns != last_turn:
            last_turn = state.turns
            standings = [judge.standing(RULES.view(state, seat)) for seat in range(seats)]
            key: int | str = "last" if state.last_round else min(len(state.castle), FULL)
            noted.append((key, state.seat, standings))
        seat = state.seat
        legal = RULES.legal_commands(state, seat)
        view = RULES.view(state, seat)
        command = legal[0] if len(legal) == 1 else bots[seat].choose(view, legal, 0.0)
        RULES.advance(state, seat, command)
    winners = RULES.winners(state)
    shares = [1 / len(winners) if seat in winners else 0.0 for seat in range(seats)]
    return [(key, (mover, standings, shares)) for key, mover, standings in noted]


def fit(turns: Sequence[Turn]) -> tuple[float, float]:
    """Maximum-likelihood (slope, edge) of P(seat wins) = softmax over seats of
    slope * standing, plus edge for the seat to play."""
    slope, edge = 0.3, 0.3
    for _ in range(12):
        grad_slope = grad_edge = h_ss = h_se = h_ee = 0.0
        for mover, standings, shares in turns:
            mine = standings[mover]
            x = [standing - mine for standing in standings]
            z = [slope * value + (edge if seat == mover else 0.0) for seat, value in enumerate(x)]
            top = max(z)
            weights = [math.exp(value - top) for value in z]
            total = sum(weights)
            p = [weight / total for weight in weights]
            mean_x = sum(ps * value for ps, value in zip(p, x, strict=True))
            mean_x2 = sum(ps * value**2 for ps, value in zip(p, x, strict=True))
            p_mover = p[mover]
            for seat, share in enumerate(shares):
                grad_slope += share * (x[seat] - mean_x)
                grad_edge += share * ((seat == mover) - p_mover)
            weight = sum(shares)
            h_ss += weight * (mean_x2 - mean_x**2)
            h_se += weight * (p_mover * x[mover] - mean_x * p_mover)
            h_ee += weight * (p_mover - p_mover**2)
        det = h_ss * h_ee - h_se**2
        slope += (h_ee * grad_slope - h_se * grad_edge) / det
        edge += (h_ss * grad_edge - h_se * grad_slope) / det
    return slope, edge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--games", type=int, help="games per seat count (default: the table's)")
    arguments = parser.parse_args()
    judge = NormalBot(0)
    for seats in arguments.seats:
        by_key: dict[int | str, list[Turn]] = defaultdict(list)
        first = FIRST_SEED.get(seats, 100_000 * seats)
        for seed in range(first, first + (arguments.games or GAMES.get(seats, 2000))):
            for key, turn in turns_of_one_game(seats, seed, judge):
                by_key[key].append(turn)
        rows = [fit(by_key[count]) for count in range(1, FULL + 1)]
        last = fit(by_key["last"])
        print(f"{seats}: ({', '.join(f'({s:.3f}, {e:.3f})' for s, e in rows)})")
        print(f"last round, {seats} seats: ({last[0]:.3f}, {last[1]:.3f})", flush=True)


if __name__ == "__main__":
    main()
