"""Positions reached by random play in every game, for the explained hint's tests: the hint
must be NormalBot's own choice, and adding the explanation must not change that choice."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.game_list import game_spec

SEATS = {"castle": (2, 3, 4), "market": (1, 2, 3), "moons": (3, 4), "samarkand": (3, 4, 5)}


def positions(game_id: str, games: int, steps: int = 200) -> Iterator[tuple[Any, int, int]]:
    """(state, seat, number) at decisions of random games with more than one legal command
    (a few per game, spread from the start to late in the game)."""
    rules = game_spec(game_id).rules
    number = 0
    for game in range(games):
        seats = SEATS[game_id][game % len(SEATS[game_id])]
        state = rules.new_state({}, seats, 1000 + game)
        walker = Rng(7 * game + 3)
        for step in range(walker.below(8) + steps):
            if rules.is_over(state):
                break
            to_act = rules.to_act(state)
            seat = to_act[walker.below(len(to_act))]
            legal = rules.legal_commands(state, seat)
            if len(legal) > 1 and step % 9 == 0:
                number += 1
                yield state, seat, number
            rules.advance(state, seat, legal[walker.below(len(legal))])


def walked(game_id: str, seats: int, seed: int, walk: int, step: int) -> tuple[Any, int]:
    """The state of a new game (`seats`, `seed`) at its `step`-th decision of random play
    (the walker seeded `walk` picks the seat and the command), and the seat to decide there:
    how a test pins a position that random play found."""
    rules = game_spec(game_id).rules
    state = rules.new_state({}, seats, seed)
    walker = Rng(walk)
    for number in range(1, step + 1):
        to_act = rules.to_act(state)
        seat = to_act[walker.below(len(to_act))]
        if number == step:
            break
        legal = rules.legal_commands(state, seat)
        rules.advance(state, seat, legal[walker.below(len(legal))])
    return state, seat


def normal_choices_digest(game_id: str, games: int = 6) -> tuple[str, int]:
    """A digest of NormalBot's choices (a fresh bot seeded by the position's number) over
    random positions, and how many positions it covers."""
    spec = game_spec(game_id)
    rules = spec.rules
    digest = hashlib.sha256()
    count = 0
    for state, seat, number in positions(game_id, games):
        legal = rules.legal_commands(state, seat)
        bot = spec.bot("normal", number, None)
        command: Command = bot.choose(rules.view(state, seat), legal, 0.0)
        digest.update(f"{number}:{legal.index(command)};".encode())
        count += 1
    return digest.hexdigest()[:16], count


if __name__ == "__main__":  # prints the digests the tests pin
    for game_id in SEATS:
        print(game_id, normal_choices_digest(game_id))
