"""What the quick paths of Market's rules take for granted, checked over random games at every
table size: a seat laying links holds no hammer or seal any more (so after a link the same seat
simply goes on while links remain) nor more than three links (a column's), whose commands list
each kind once, and the cushions' columns empty one per round, so every slot is free when a pass
fills them."""

from __future__ import annotations

import pytest

from moonlight_desktop.engine import Rng
from moonlight_desktop.games.market.components import HAMMER, LINK_BY_NAME, LINK_TARGETS, SEAL
from moonlight_desktop.games.market.moves import PlaceLink
from moonlight_desktop.games.market.state import MarketState, Phase
from moonlight_desktop.games.market.table import COLUMNS

from .market_helpers import RULES

CONFIGS = [(1, 2), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (5, 0)]


def _placements(pending: list[int]) -> list[PlaceLink]:
    """The link commands by their definition: each kind once, in the order received."""
    return [PlaceLink(code, gem) for code in dict.fromkeys(pending) for gem in LINK_TARGETS[code]]


def _check(state: MarketState) -> None:
    if state.phase == Phase.OVER:
        return
    if state.phase == Phase.PLACE:
        pending = state.pending[state.seat]
        assert pending and HAMMER not in pending and SEAL not in pending
        assert len(pending) <= 3
        assert list(RULES.legal_commands(state, state.seat)) == _placements(pending)
    # Bidding in round r: columns before r are handed out. Building: column r too.
    handed_out = state.round_index + (state.phase != Phase.BID)
    for slots in state.cushions:
        for index, link in enumerate(slots):
            assert (link < 0) == (index % COLUMNS < handed_out)


@pytest.mark.parametrize(("players", "automata"), CONFIGS)
def test_quick_paths_hold_in_random_games(players, automata):
    options = RULES.normalize_options({"automata": automata}, players)
    for seed in range(15):
        rng = Rng(seed ^ 0x1D)
        state = RULES.new_state(options, players, seed)
        _check(state)
        while acting := RULES.to_act(state):
            seat = acting[0]
            legal = RULES.legal_commands(state, seat)
            RULES.advance(state, seat, legal[rng.below(len(legal))])
            _check(state)


def test_link_commands_list_each_kind_once_however_many_wait():
    """Alike links, and more than a column's three when a state is set up by hand."""
    options = RULES.normalize_options({}, 2)
    state = RULES.new_state(options, 2, 0)
    state.phase, state.seat = Phase.PLACE, 0
    b7, r2, worthless = LINK_BY_NAME["B7"], LINK_BY_NAME["R2"], LINK_BY_NAME["worthless"]
    for pending in ([b7], [b7, b7], [b7, r2, b7], [r2, r2, r2], [b7, r2, worthless, b7, r2]):
        state.pending[0] = pending
        assert list(RULES.legal_commands(state, 0)) == _placements(pending)
