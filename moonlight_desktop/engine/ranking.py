"""The shared rulings on ranking players, used by every game that ranks them."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)


def top_seats(ranks: Sequence[Any]) -> tuple[int, ...]:
    """The seats with the best rank (tuples compare tie-break by tie-break); several on a
    tie that nothing breaks, which is a shared win (ruling R1)."""
    best = max(ranks)
    return tuple(seat for seat, rank in enumerate(ranks) if rank == best)


def place_points(values: Mapping[K, int], points: Sequence[int]) -> dict[K, int]:
    """Ruling R0: places are counted by distinct values. Everyone on the highest value gets the
    first place's points, everyone on the next lower value the second's, and so on; values
    past the last place get nothing. E.g. 9, 9, 7, 5 with 4/2/1 give 4, 4, 2, 1."""
    distinct = sorted(set(values.values()), reverse=True)[: len(points)]
    by_value = dict(zip(distinct, points, strict=False))
    return {who: by_value.get(value, 0) for who, value in values.items()}
