"""Dirk and Beate (rulebook, special rules for two and one players): automata with no choices.

They are positions inside the rules, not bots: when it is their turn the rules carry out these
steps themselves, so records hold only the commands of real seats and replays stay exact.
"""

from __future__ import annotations

from .components import HAMMER, IS_DOUBLING, LINK_KINDS, LINK_TARGETS, LINK_VALUE, SEAL


def automaton_cushion(card: int, bids: list[int], seals: int) -> int:
    """From the moon cushion down: the first free cushion, or the first with a lower card when
    Dirk still has a seal to give."""
    for cushion, bid in enumerate(bids):
        if bid < 0 or (card > bid and seals > 0):
            return cushion
    raise AssertionError("a free cushion always exists while someone still has to bid (M5)")


def _placement_key(code: int) -> tuple[int, int, int]:
    """Ruling M8: ascending value, equal values by (leftmost) gem, doubling links last."""
    targets = LINK_TARGETS[code]
    return (1 if IS_DOUBLING[code] else 0, LINK_VALUE[code], targets[0] if len(targets) < 5 else -1)


PLACEMENT_KEY = tuple(
    _placement_key(code) if LINK_TARGETS[code] else (0, 0, 0) for code in range(LINK_KINDS)
)
"""`_placement_key` of every link kind, worked out once (hammers and seals are never laid)."""
_KEYS_IN_ORDER = sorted(set(PLACEMENT_KEY))
PLACEMENT_RANK: list[int] = [_KEYS_IN_ORDER.index(key) for key in PLACEMENT_KEY]
"""`PLACEMENT_KEY` as ranks, equal keys equal ranks: ints compare quicker than tuples, and a
list's bound `__getitem__` is a quicker key than a tuple's (a slot wrapper)."""
_RANK_OF = PLACEMENT_RANK.__getitem__  # bound once, not on every sort


def placement_order(links: list[int]) -> list[int]:
    """The links to lay (no hammers or seals), in the order Dirk lays them."""
    if HAMMER in links or SEAL in links:
        links = [code for code in links if code != HAMMER and code != SEAL]
    return sorted(links, key=_RANK_OF)


def automaton_gem(code: int, chains: list[list[int]]) -> int:
    """Where Dirk lays a link: its gem, or for worthless and two-gem links the target with the
    fewest links, leftmost on ties (ruling M8: `min` keeps the first of equals, and targets
    run left to right)."""
    targets = LINK_TARGETS[code]
    if len(targets) == 1:
        return targets[0]
    # The chain lengths in a list: its bound `__getitem__` is a quick key, a lambda a call a gem.
    return min(targets, key=list(map(len, chains)).__getitem__)
