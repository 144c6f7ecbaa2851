"""Random-playout actions a second of our games against OpenSpiel's C++ hearts, as a ratio.

Not part of the app: run it from a scratch environment that has open_spiel, e.g.

    python3 -m venv /tmp/osenv && /tmp/osenv/bin/pip install open_spiel -e .
    /tmp/osenv/bin/python scripts/hearts_ratio.py moons:4 market:2

Hearts and one of our games alternate in blocks of `--games` seeded games, each timed in CPU
seconds; every pair of blocks gives a ratio, and the median and quartiles of the pairs are
printed. Pairing the blocks lets the shared machine's drifting speed touch both sides alike.
Our games are played by `engine/bench.py::random_playout`, as `bench` plays them; hearts
plays its chance outcomes too (about 114 actions a game), as OpenSpiel counts them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel  # type: ignore[import-not-found]

from moonlight_desktop.engine.bench import random_playout
from moonlight_desktop.game_list import game_spec


def hearts_actions_per_second(games: int) -> float:
    game = pyspiel.load_game("hearts")
    roll = random.Random(0x5EED).random
    actions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(roll() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(roll() * len(legal))])
            actions += 1
    return actions / (time.process_time() - start)


def our_actions_per_second(game_id: str, seats: int, games: int) -> float:
    rules = game_spec(game_id).rules
    options = rules.normalize_options({}, seats)
    roll = random.Random(0x5EED).random
    start = time.process_time()
    actions = sum(random_playout(rules, seats, options, seed, roll) for seed in range(games))
    return actions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="game:seats, e.g. castle:3 moons:4")
    parser.add_argument("--pairs", type=int, default=41, help="pairs of blocks per game")
    parser.add_argument("--games", dest="block", type=int, default=40, help="games a block")
    arguments = parser.parse_args()
    for entry in arguments.games:
        game_id, seats = entry.split(":")
        ratios = sorted(
            our_actions_per_second(game_id, int(seats), arguments.block)
            / hearts_actions_per_second(arguments.block)
            for _ in range(arguments.pairs)
        )
        low, median, high = statistics.quantiles(ratios, n=4)
        print(f"{entry}: {median:.3f}x of hearts (quartiles {low:.3f}-{high:.3f})", flush=True)


if __name__ == "__main__":
    main()
