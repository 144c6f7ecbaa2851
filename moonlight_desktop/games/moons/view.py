"""What one seat may know of a Moons game: the table (revealed tableaux, tricks, tokens, the
Block, discarded mini-asteroids, how many cards everyone holds) plus its own hand, its own
face-down tableau and its own mini-asteroids. Never another hand, a tableau before the reveal,
another's mini-asteroids (until the game ends and they are scored) or the mini-asteroid deck."""

from __future__ import annotations

from dataclasses import dataclass

from moonlight_desktop.engine import JsonDict
from moonlight_desktop.engine.data import to_jsonable

from .state import MoonsState, Pending, Phase

Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MoonsView:
    viewer: int | None
    seats: int
    round: int
    phase: Phase
    earth: int
    earths_moon: int
    block_holder: int
    hand: Cards | None
    hand_sizes: tuple[int, ...]
    tableaux: tuple[Cards | None, ...]  # None: still face down to this viewer
    tableau_sizes: tuple[int, ...]
    minis: tuple[Cards | None, ...]  # None: hidden from this viewer
    mini_counts: tuple[int, ...]
    mini_deck_count: int
    mini_discard: Cards
    supply: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]
    order: Cards  # this trick's seats in playing order
    trick: Cards  # the cards played to it so far
    mini_played: bool
    leader: int
    tricks_won: tuple[int, ...]
    tricks_done: tuple[tuple[tuple[int, int], ...], ...]  # this round's (seat, card) plays
    awards: tuple[Pending, ...]

    def to_json(self) -> JsonDict:
        return {
            "viewer": self.viewer,
            "seats": self.seats,
            "round": self.round,
            "phase": self.phase.name.lower(),
            "earth": self.earth,
            "earths_moon": self.earths_moon,
            "block_holder": self.block_holder,
            "hand": to_jsonable(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "tableaux": to_jsonable(self.tableaux),
            "tableau_sizes": list(self.tableau_sizes),
            "minis": to_jsonable(self.minis),
            "mini_counts": list(self.mini_counts),
            "mini_deck_count": self.mini_deck_count,
            "mini_discard": list(self.mini_discard),
            "supply": list(self.supply),
            "tokens": to_jsonable(self.tokens),
            "order": list(self.order),
            "trick": list(self.trick),
            "mini_played": self.mini_played,
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
            "tricks_done": to_jsonable(self.tricks_done),
            "awards": to_jsonable(self.awards),
        }


def make_view(state: MoonsState, viewer: int | None) -> MoonsView:
    revealed = state.phase != Phase.TABLEAU
    over = state.phase == Phase.OVER
    seats = range(state.seats)
    return MoonsView(
        viewer=viewer,
        seats=state.seats,
        round=state.round,
        phase=state.phase,
        earth=state.earth,
        earths_moon=state.earths_moon,
        block_holder=state.block_holder,
        hand=None if viewer is None else tuple(state.hands[viewer]),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        tableaux=tuple(
            tuple(state.tableaux[s]) if revealed or s == viewer else None for s in seats
        ),
        tableau_sizes=tuple(len(tableau) for tableau in state.tableaux),
        minis=tuple(tuple(state.minis[s]) if over or s == viewer else None for s in seats),
        mini_counts=tuple(len(minis) for minis in state.minis),
        mini_deck_count=len(state.mini_deck),
        mini_discard=tuple(state.mini_discard),
        supply=tuple(state.supply),
        tokens=tuple(tuple(tokens) for tokens in state.tokens),
        order=tuple(state.order),
        trick=tuple(state.trick),
        mini_played=state.mini_played,
        leader=state.leader,
        tricks_won=tuple(state.tricks_won),
        tricks_done=tuple(
            tuple((done[i], done[i + 1]) for i in range(0, len(done), 2))
            for done in state.tricks_done
        ),
        awards=tuple(state.awards),
    )
