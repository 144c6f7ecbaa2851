"""Building Moons positions for tests: pinned deals and small state surgery."""

from __future__ import annotations

from moonlight_desktop.engine import Command
from moonlight_desktop.games.moons.components import (
    CARD_COUNT,
    MINI_COUNT,
    SUIT_OF,
    Planet,
    hand_size,
    moon_card,
)
from moonlight_desktop.games.moons.moves import PlaceInTableau
from moonlight_desktop.games.moons.rules import MoonsRules
from moonlight_desktop.games.moons.state import MoonsState

RULES = MoonsRules()
J, S, N, U = Planet.JUPITER, Planet.SATURN, Planet.NEPTUNE, Planet.URANUS
EROS = 56  # the first Asteroid card


def card(planet: Planet, rank: int) -> int:
    return moon_card(planet, rank)


def deck_for(seats: int, hands: list[list[int]], voids: dict[int, set[int]] | None = None) -> list:
    """A deal order giving each seat the cards listed (filled up with others; a seat in
    `voids` gets no filler of those suits, nor Asteroids)."""
    voids = voids or {}
    size = hand_size(seats)
    full = [list(hand) for hand in hands] + [[] for _ in range(seats - len(hands))]
    spare = [c for c in range(CARD_COUNT) if not any(c in hand for hand in full)]
    for seat in sorted(range(seats), key=lambda s: -len(voids.get(s, ()))):
        avoid = voids.get(seat, set())
        while len(full[seat]) < size:
            pick = next(c for c in spare if not avoid or (SUIT_OF[c] not in avoid and c < 56))
            spare.remove(pick)
            full[seat].append(pick)
    return [c for hand in full for c in hand]


def new_game(
    seats: int,
    hands: list[list[int]] | None = None,
    voids: dict[int, set[int]] | None = None,
    minis: list[int] | None = None,
    seed: int = 1,
) -> MoonsState:
    """A game whose round 1 deal is pinned; mini-asteroids dealt in the order 0, 1, 2...
    unless `minis` gives the first ones."""
    first = list(minis or [])
    order = first + [m for m in range(MINI_COUNT) if m not in first]
    setup = {"minis": order, "decks": [deck_for(seats, hands or [], voids)]}
    return RULES.new_state({}, seats, seed, setup)


def lay_tableaux(state: MoonsState, tableaux: list[list[int]]) -> list:
    """Every seat lays the given three cards (first three Moon cards of the hand if empty)."""
    events: list = []
    for seat in range(state.seats):
        cards = tableaux[seat] if seat < len(tableaux) and tableaux[seat] else None
        chosen = cards or [c for c in state.hands[seat] if c < 56][:3]
        for c in chosen:
            events += RULES.apply(state, seat, PlaceInTableau(c))
    return events


def play(state: MoonsState, seat: int, command: Command) -> list:
    return RULES.apply(state, seat, command)


def total_cards(state: MoonsState) -> list[int]:
    cards = [c for hand in state.hands for c in hand]
    cards += [c for tableau in state.tableaux for c in tableau] + state.trick
    cards += [trick[i] for trick in state.tricks_done for i in range(1, len(trick), 2)]
    return sorted(cards)
