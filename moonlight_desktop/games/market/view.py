"""What one seat may know of a Market game. Public: cushions, bids, displaced cards, chains,
seals, prestige, discard piles, the casket, counts. Private: a seat's own hand, and of its own
draw pile only which cards are in it and the ones it put under itself (in order). Nobody sees
the order of the supply, of the rest of any pile, or Dirk's and Beate's next card."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import JsonDict, OptionsError, RecordError
from moonlight_desktop.engine.data import to_jsonable
from moonlight_desktop.engine.schema import (
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
from moonlight_desktop.i18n import _

from .components import (
    ALL_LINKS,
    CARDS_PER_SEAT,
    GEMS,
    LINK_BY_NAME,
    PASSES,
    ROUNDS,
    SEALS_IN_BOX,
    link_name,
)
from .state import MarketState, Phase
from .table import (
    COLUMNS,
    CUSHION_ROWS,
    MAX_POSITIONS,
    MIN_POSITIONS,
    Table,
    normalize_options,
    table_for,
)

PRESTIGE_LIMIT = 10_000
"""More prestige than a game can bring: a view's totals are checked against it when read."""

Cards = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MarketView:
    viewer: int | None
    table: Table
    phase: Phase
    seat: int  # who acts
    pass_index: int
    round_index: int
    coin: int  # -1: next to the moon cushion
    cushions: tuple[tuple[int, ...], ...]  # link codes, -1 empty, row-major
    bids: Cards  # card per cushion, -1 none
    bidders: tuple[int, ...]
    displaced: Cards
    pending: tuple[tuple[int, ...], ...]  # links received and not yet built in (face up)
    chains: tuple[tuple[tuple[int, ...], ...], ...]
    seals: tuple[int, ...]
    seal_supply: int
    prestige: tuple[int, ...]
    discards: tuple[Cards, ...]
    casket: tuple[int, ...]
    supply_count: int
    hand: Cards | None  # the viewer's own hand
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    pile_unknown: Cards | None  # the viewer's pile cards whose order it does not know, sorted
    pile_bottom: Cards | None  # cards the viewer put under its pile, bottom card first

    @property
    def markers(self) -> tuple[int, ...]:
        """The 30/60 markers: only a display of the prestige total (0, 30 or 60 side up)."""
        return tuple(60 if p >= 60 else 30 if p >= 30 else 0 for p in self.prestige)

    def to_json(self) -> JsonDict:
        data: JsonDict = {
            name: to_jsonable(getattr(self, name))
            for name in self.__slots__
            if name not in ("table", "phase", "cushions", "pending", "chains", "casket")
        }
        data["phase"] = self.phase.name.lower()
        data["seats"] = self.table.seats
        data["positions"] = self.table.positions
        data["cushions"] = [[_name(link) for link in slots] for slots in self.cushions]
        data["pending"] = [[link_name(link) for link in links] for links in self.pending]
        data["chains"] = [[[link_name(link) for link in chain] for chain in c] for c in self.chains]
        data["casket"] = [link_name(link) for link in self.casket]
        return data

    @staticmethod
    def from_json(data: Any) -> MarketView:
        """A view read back from `to_json`; RecordError for anything else."""
        checked = read_view(
            data, Int(MIN_POSITIONS, MAX_POSITIONS), _schema, "Moonlight Market", "positions"
        )
        seats, positions = checked.pop("seats"), checked.pop("positions")
        try:
            options = normalize_options({"automata": positions - seats}, seats)
        except OptionsError as error:
            raise RecordError(
                _("not a Moonlight Market view: {error}").format(error=error)
            ) from None
        table = table_for(seats, options["automata"])
        cushions = checked.pop("cushions")
        if tuple(map(len, cushions)) != tuple(rows * COLUMNS for rows in table.rows):
            raise RecordError(_("not a Moonlight Market view: its cushions have the wrong sizes"))
        codes = tuple(tuple(-1 if link is None else link for link in slots) for slots in cushions)
        return MarketView(table=table, cushions=codes, **checked)


@lru_cache(maxsize=8)
def _schema(positions: int) -> Object:
    """What a Market view's JSON holds at `positions` positions (automata included), each
    field by type and range; how many of them are players is checked with the options."""
    position, card = Int(0, positions - 1), Int(0, CARDS_PER_SEAT)
    none_or_card, none_or_position = Int(-1, CARDS_PER_SEAT), Int(-1, positions - 1)
    link, links = NameOf(LINK_BY_NAME), len(ALL_LINKS)
    cards = ListOf(card, 0, CARDS_PER_SEAT)

    return all_required(
        {
            "seats": Int(1, positions),
            "viewer": Nullable(position),
            "phase": NameOf(lower_names(Phase)),
            "seat": position,
            "pass_index": Int(0, PASSES),
            "round_index": Int(0, ROUNDS),
            "coin": none_or_position,
            "cushions": per_seat(ListOf(Nullable(link), 0, max(CUSHION_ROWS) * COLUMNS), positions),
            "bids": per_seat(none_or_card, positions),
            "bidders": per_seat(none_or_position, positions),
            "displaced": per_seat(none_or_card, positions),
            "pending": per_seat(ListOf(link, 0, links), positions),
            "chains": per_seat(ListOf(ListOf(link, 0, links), len(GEMS), len(GEMS)), positions),
            "seals": per_seat(Int(0, SEALS_IN_BOX), positions),
            "seal_supply": Int(0, SEALS_IN_BOX),
            "prestige": per_seat(Int(0, PRESTIGE_LIMIT), positions),
            "discards": per_seat(cards, positions),
            "casket": ListOf(link, 0, links),
            "supply_count": Int(0, links),
            "hand": Nullable(cards),
            "hand_sizes": per_seat(Int(0, CARDS_PER_SEAT), positions),
            "pile_sizes": per_seat(Int(0, CARDS_PER_SEAT), positions),
            "pile_unknown": Nullable(cards),
            "pile_bottom": Nullable(cards),
        }
    )


def _name(link: int) -> str | None:
    return None if link < 0 else link_name(link)


def make_view(state: MarketState, viewer: int | None) -> MarketView:
    own = viewer is not None and 0 <= viewer < state.table.seats
    pile = state.piles[viewer] if own and viewer is not None else []
    under = state.under[viewer] if own and viewer is not None else 0
    return MarketView(
        viewer=viewer,
        table=state.table,
        phase=state.phase,
        seat=state.seat,
        pass_index=state.pass_index,
        round_index=state.round_index,
        coin=state.coin,
        cushions=tuple(tuple(slots) for slots in state.cushions),
        bids=tuple(state.bids),
        bidders=tuple(state.bidders),
        displaced=tuple(state.displaced),
        pending=tuple(tuple(links) for links in state.pending),
        chains=tuple(tuple(tuple(chain) for chain in chains) for chains in state.chains),
        seals=tuple(state.seals),
        seal_supply=state.seal_supply,
        prestige=tuple(state.prestige),
        discards=tuple(tuple(cards) for cards in state.discards),
        casket=tuple(sorted(state.casket)),  # which links, not in which order they went
        supply_count=len(state.supply),
        hand=tuple(state.hands[viewer]) if own and viewer is not None else None,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        pile_sizes=tuple(len(pile) for pile in state.piles),
        pile_unknown=tuple(sorted(pile[under:])) if own else None,
        pile_bottom=tuple(pile[:under]) if own else None,
    )
