"""What one seat may know of a Moons game: the table (revealed tableaux, tricks, tokens, the
Block, discarded mini-asteroids, how many cards everyone holds) plus its own hand, its own
face-down tableau and its own mini-asteroids. Never another hand, a tableau before the reveal,
another's mini-asteroids (until the game ends and they are scored) or the mini-asteroid deck."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import JsonDict
from moonlight_desktop.engine.data import to_jsonable
from moonlight_desktop.engine.schema import (
    Bool,
    Int,
    ListOf,
    NameOf,
    Nullable,
    Object,
    all_required,
    lower_names,
    per_seat,
    read_view,
)

from .components import CARD_COUNT, MINI_COUNT, TABLEAU_SIZE, TOKENS_PER_PLANET
from .state import MoonsState, Pending, Phase

Cards = tuple[int, ...]
PLANETS = 4


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

    @staticmethod
    def from_json(data: Any, seats: Int) -> MoonsView:
        """A view read back from `to_json`, at a seat count in `seats`; RecordError for
        anything else."""
        checked = read_view(data, seats, _schema, "Moons")
        return MoonsView(**checked)


@lru_cache(maxsize=8)
def _schema(seats: int) -> Object:
    """What a Moons view's JSON holds at `seats` seats, each field by type and range."""
    seat, seat_or_none = Int(0, seats - 1), Int(-1, seats - 1)
    card, mini = Int(0, CARD_COUNT - 1), Int(0, MINI_COUNT - 1)

    return all_required(
        {
            "viewer": Nullable(seat),
            "round": Int(1, CARD_COUNT * TOKENS_PER_PLANET),
            "phase": NameOf(lower_names(Phase)),
            "earth": seat_or_none,
            "earths_moon": seat_or_none,
            "block_holder": seat_or_none,
            "hand": Nullable(ListOf(card, 0, CARD_COUNT)),
            "hand_sizes": per_seat(Int(0, CARD_COUNT), seats),
            "tableaux": per_seat(Nullable(ListOf(card, 0, TABLEAU_SIZE)), seats),
            "tableau_sizes": per_seat(Int(0, TABLEAU_SIZE), seats),
            "minis": per_seat(Nullable(ListOf(mini, 0, MINI_COUNT)), seats),
            "mini_counts": per_seat(Int(0, MINI_COUNT), seats),
            "mini_deck_count": Int(0, MINI_COUNT),
            "mini_discard": ListOf(mini, 0, MINI_COUNT),
            "supply": ListOf(Int(0, TOKENS_PER_PLANET), PLANETS, PLANETS),
            "tokens": per_seat(ListOf(Int(0, TOKENS_PER_PLANET), PLANETS, PLANETS), seats),
            "order": ListOf(seat, 0, seats),
            "trick": ListOf(card, 0, seats),
            "mini_played": Bool(),
            "leader": seat_or_none,
            "tricks_won": per_seat(Int(0, CARD_COUNT), seats),
            # (seat, card) per play of each trick done this round
            "tricks_done": ListOf(ListOf(ListOf(card, 2, 2), 0, seats), 0, CARD_COUNT),
            # (seat, planets allowed as a bit mask, award)
            "awards": ListOf(ListOf(Int(0, (1 << PLANETS) - 1), 3, 3), 0, CARD_COUNT),
        }
    )


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
