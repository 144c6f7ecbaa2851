"""Building Castle positions for tests: pinned setups and small state surgery."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from moonlight_desktop.games.castle.components import Color, Spell
from moonlight_desktop.games.castle.moves import MoveTo
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.state import CastleState, Phase
from moonlight_desktop.games.castle.table import WHITE
from moonlight_desktop.games.castle.tiles import JEWEL_TILES

RULES = CastleRules()
R, Y, G = Color.RED, Color.YELLOW, Color.GREEN


def new_game(
    seats: int = 2, seed: int = 1, options: dict[str, Any] | None = None, **setup: Any
) -> CastleState:
    """A game with a pinned setup: tiles leave the castle as 0, 1, 2..., pebbles are drawn
    R, Y, G, R..., seat 0 starts (each overridable)."""
    pinned = {
        "stack": list(range(len(JEWEL_TILES))),
        "pouch": "RYG" * 20,
        "start_seat": 0,
        **setup,
    }
    return RULES.new_state(options or {}, seats, seed, pinned)


def tile_with(jewels: tuple[Color, ...], spell: Spell) -> int:
    return next(
        n for n, tile in enumerate(JEWEL_TILES) if tile.jewels == jewels and tile.spell == spell
    )


def tiles_with_spell(spell: Spell) -> list[int]:
    return [n for n, tile in enumerate(JEWEL_TILES) if tile.spell == spell]


def space_facing(state: CastleState, position: int, color: Color | None = None) -> int:
    table = state.table
    return next(
        space
        for space in range(table.space_count)
        if table.space_faces[space] == position
        and (color is None or table.space_color[space] == color)
    )


def colored_space(state: CastleState, color: Color) -> tuple[int, int]:
    """Some space of `color` and the path position it faces."""
    table = state.table
    space = table.space_color.index(color)
    return space, table.space_faces[space]


def white_spaces(state: CastleState) -> list[int]:
    table = state.table
    return [
        space
        for space in range(table.space_count)
        if table.space_color[space] == WHITE and table.space_fountain[space] < 0
    ]


def fountain_space(state: CastleState, fountain: int) -> int:
    return state.table.space_fountain.index(fountain)


def give(state: CastleState, seat: int, red: int = 0, yellow: int = 0, green: int = 0) -> None:
    """Sets a seat's screen, taking the pebbles from (or returning them to) the pouch."""
    for color, count in zip((R, Y, G), (red, yellow, green), strict=True):
        while state.screens[seat][color] < count:
            state.pouch.remove(color)
            state.screens[seat][color] += 1
        while state.screens[seat][color] > count:
            state.screens[seat][color] -= 1
            state.pouch.insert(0, color)


def stand(state: CastleState, seat: int, space: int) -> None:
    state.spots[seat] = space


def place(state: CastleState, position: int, tile: int) -> None:
    """Puts `tile` at `position`, swapping it with wherever it was (path, castle or nowhere)."""
    old = state.path[position]
    if tile in state.path:
        state.path[state.path.index(tile)] = old
    elif tile in state.castle:
        if old >= 0:
            state.castle[state.castle.index(tile)] = old
        else:
            state.castle.remove(tile)
    state.path[position] = tile


def total_pebbles(state: CastleState) -> int:
    return (
        len(state.pouch)
        + sum(state.paid)
        + sum(sum(screen) for screen in state.screens)
        + sum(state.drawn)
    )


def all_tiles(state: CastleState) -> list[int]:
    return sorted(
        [t for t in state.path if t >= 0]
        + state.castle
        + state.fallen
        + [t for tiles in state.collected for t in tiles]
    )


__all__ = ["RULES", "G", "Phase", "R", "Spell", "Y"]


def nowhere_to_go(state: CastleState, seat: int) -> None:
    """A garden where every space is red, and `seat` (to hide next) holds no red pebble to
    pay with: it can neither move nor recover, and may only pass."""
    count = state.table.space_count
    moves = [MoveTo(space) for space in range(count)]
    state.table = replace(
        state.table,
        space_color=(R,) * count,
        moves_payable=tuple(list(moves) if mask & 1 else [] for mask in range(8)),
        hiding_choices={},
    )
    give(state, seat, yellow=4)
