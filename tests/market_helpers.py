"""Building Market positions for tests: pinned setups and small state surgery."""

from __future__ import annotations

from typing import Any

from moonlight_desktop.games.market.components import ALL_LINKS, HAMMER, LINK_BY_NAME, link_name
from moonlight_desktop.games.market.rules import MarketRules
from moonlight_desktop.games.market.state import MarketState

RULES = MarketRules()
B, R, W, G, Y = range(5)


def supply_starting(*first: str) -> list[str]:
    """All 150 links by name: `first` in that order, then the rest with the hammers last (so
    no hammer is revealed while the cushions are filled unless a test asks for one)."""
    rest = list(ALL_LINKS)
    for name in first:
        rest.remove(LINK_BY_NAME[name])
    rest.sort(key=lambda code: code == HAMMER)
    return [*first, *(link_name(code) for code in rest)]


def cushion_fill(*cushions: list[str]) -> list[str]:
    """Supply names that fill the cushions with the given links, each cushion row by row."""
    return supply_starting(*(name for cushion in cushions for name in cushion))


def new_game(
    seats: int = 3,
    automata: int | None = None,
    supply: list[str] | None = None,
    tops: dict[int, list[int]] | None = None,
    start_seat: int = 0,
) -> MarketState:
    """A pinned game: piles 1..13 in order from the top unless `tops` puts cards on top."""
    options: dict[str, Any] = {} if automata is None else {"automata": automata}
    positions = seats + RULES.normalize_options(options, seats)["automata"]
    piles = []
    for position in range(positions):
        top = (tops or {}).get(position, [])
        piles.append([*top, *(card for card in range(1, 14) if card not in top)])
    setup = {"supply": supply or supply_starting(), "piles": piles, "start_seat": start_seat}
    return RULES.new_state(options, seats, 1, setup)


def links(*names: str) -> list[int]:
    return [LINK_BY_NAME[name] for name in names]


def set_chains(state: MarketState, position: int, chains: dict[int, list[str]]) -> None:
    for gem, names in chains.items():
        state.chains[position][gem] = links(*names)


def all_links(state: MarketState) -> list[int]:
    """Every link wherever it is: supply, cushions, received, tableaux, casket."""
    found = state.supply + state.casket
    found += [link for slots in state.cushions for link in slots if link >= 0]
    found += [link for pending in state.pending for link in pending]
    found += [link for chains in state.chains for chain in chains for link in chain]
    return sorted(found)


def all_cards(state: MarketState, position: int) -> list[int]:
    cards = state.piles[position] + state.hands[position] + state.discards[position]
    cards += [state.bids[c] for c in range(len(state.bids)) if state.bidders[c] == position]
    if state.displaced[position] >= 0:
        cards.append(state.displaced[position])
    return sorted(cards)
