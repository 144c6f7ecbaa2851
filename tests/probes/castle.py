"""Moonlight Castle's probe for the rules contract: every level, variant and seat count; 60
pebbles and every tile conserved; screens, the pouch, the castle's order and tiles' backs
hidden."""

from __future__ import annotations

from typing import Any

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.engine.rules import Rules
from moonlight_desktop.games.castle.board import available_levels
from moonlight_desktop.games.castle.moves import (
    EndTurn,
    KeepColor,
    MoveTo,
    Pass,
    Recover,
    ReturnPebbles,
)
from moonlight_desktop.games.castle.state import CastleState
from moonlight_desktop.games.castle.tiles import JEWEL_TILES, TILE_COUNT
from moonlight_desktop.games.castle.view import CastleView
from tests.castle_helpers import all_tiles, total_pebbles

from . import Plays, RulesProbe, Table

GOLD_MIX = {
    2: [{"ritual": "return_two", "side": "gold"}, {"ritual": "one_color", "side": "gold"}],
    3: [
        {"ritual": "return_one", "side": "gold"},
        {"ritual": "one_of_each", "side": "gold"},
        {"ritual": "return_two", "side": "white"},
    ],
    4: [
        {"ritual": "return_two", "side": "gold"},
        {"ritual": "return_one", "side": "gold"},
        {"ritual": "one_color", "side": "gold"},
        {"ritual": "one_of_each", "side": "gold"},
    ],
}
VARIANTS = ("plain", "full_moon", "gold", "unscreened")
SEATS = (2, 3, 4)


def _table(seats: int, variant: str, level: str) -> Table:
    options: dict[str, Any] = {"level": level}
    if variant == "full_moon":
        options["full_moon"] = True
    if variant == "gold":
        options["fountains"] = GOLD_MIX[seats]
    if variant == "unscreened":
        options["open_screens"] = [1]
    return Table(seats, options)


def _tables(levels: tuple[str, ...]) -> tuple[Table, ...]:
    return tuple(_table(s, v, level) for s in SEATS for v in VARIANTS for level in levels)


_SAME_FRONT = {
    tile: [other for other, t in enumerate(JEWEL_TILES) if t.jewels == JEWEL_TILES[tile].jewels]
    for tile in range(len(JEWEL_TILES))
}


class CastleProbe(RulesProbe):
    illegal_one_in = 3

    def checked(self, rules: Rules[Any]) -> Plays:
        return Plays(_tables(available_levels()), 20)

    def quick(self, rules: Rules[Any]) -> Plays:
        levels = available_levels()
        return Plays(_tables(levels), 200 // len(levels))

    def illegal(self, rules: Rules[Any]) -> Plays:
        return Plays(_tables(("moonlit_garden",)), 14)

    def advance(self, rules: Rules[Any]) -> Plays:
        return Plays(_tables(("moonlit_garden",)), 15)

    def conserved(self, state: CastleState) -> None:
        assert total_pebbles(state) == 60
        per_color = [state.pouch.count(c) + state.paid[c] + state.drawn[c] for c in range(3)]
        for screen in state.screens:
            for c in range(3):
                assert screen[c] >= 0
                per_color[c] += screen[c]
        assert per_color == [20, 20, 20]
        assert all_tiles(state) == list(range(TILE_COUNT))

    def hidden_facts_changed(self, state: CastleState, viewer: int | None, rng: Rng) -> Any:
        other = state.clone()
        rng.shuffle(other.pouch)
        rng.shuffle(other.castle)  # order unknown (the magic tile's place is known, but harmless)
        for position, tile in enumerate(other.path):  # a same-looking tile with another back
            if 0 <= tile < len(JEWEL_TILES):
                twins = _SAME_FRONT[tile]
                other.path[position] = twins[rng.below(len(twins))]
        for fallen, tile in enumerate(other.fallen):
            twins = _SAME_FRONT[tile]
            other.fallen[fallen] = twins[rng.below(len(twins))]
        for seat, screen in enumerate(other.screens):
            if seat != viewer and seat not in state.table.open_screens:  # same count, new colours
                total = sum(screen)
                first = rng.below(total + 1)
                second = rng.below(total - first + 1)
                other.screens[seat] = [first, second, total - first - second]
        other.rng = Rng(rng.next64())
        return other

    def view_shows(self, state: CastleState, view: CastleView, viewer: int | None) -> None:
        for seat, screen in enumerate(view.screens):
            if seat in state.table.open_screens or seat == viewer:
                assert screen == tuple(state.screens[seat])
            else:
                assert screen is None

    def universe(self, state: CastleState) -> list[Command]:
        spaces = state.table.space_count
        commands: list[Command] = [MoveTo(space) for space in range(-1, spaces + 1)]
        commands += [MoveTo("3"), Recover(), EndTurn(), Pass(), KeepColor(3), KeepColor(-1)]  # type: ignore[arg-type]
        commands += [KeepColor(color) for color in range(3)]
        commands += [ReturnPebbles(r, y, g) for r in range(3) for y in range(3) for g in range(3)]
        commands.append(ReturnPebbles(-1, 2, 0))
        return commands


PROBE = CastleProbe()
