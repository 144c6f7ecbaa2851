"""What one seat may know of a Castle game: no pouch order, no tile backs still face down,
and no pebbles behind another player's screen (the Full Moon, or a player who plays without a
screen, shows them)."""

from __future__ import annotations

from dataclasses import dataclass

from moonlight_desktop.engine import JsonDict
from moonlight_desktop.engine.data import to_jsonable
from moonlight_desktop.engine.pickling import pickle_by_fields

from .components import Spell
from .moves import Jewels, PebbleCounts
from .state import CastleState, Phase
from .table import Table
from .tiles import JEWEL_TILES, MAGIC_TILE_ID

MAGIC = "magic"


@dataclass(frozen=True, slots=True)
class RecoveredTile:
    jewels: Jewels
    spell: Spell


@dataclass(frozen=True, slots=True)
class CastleView:
    viewer: int | None
    table: Table
    seat: int  # whose turn it is
    start_seat: int
    phase: Phase
    last_round: bool
    turns: int
    spots: tuple[int, ...]
    path: tuple[Jewels | str | None, ...]  # a front, MAGIC, or None for an empty position
    castle_count: int
    fallen: tuple[Jewels, ...]
    collected: tuple[tuple[RecoveredTile, ...], ...]
    screens: tuple[PebbleCounts | None, ...]  # None where the viewer cannot see behind it
    screen_sizes: tuple[int, ...]
    paid: PebbleCounts
    pouch_count: int
    drawn: PebbleCounts | None  # a gold fountain's draw, for the drawer only

    @property
    def full_moon(self) -> bool:
        return self.table.full_moon

    def to_json(self) -> JsonDict:
        return {
            "viewer": self.viewer,
            "level": self.table.board.name,
            "full_moon": self.table.full_moon,
            "fountains": [fountain.to_json() for fountain in self.table.fountains],
            "seat": self.seat,
            "start_seat": self.start_seat,
            "phase": self.phase.name.lower(),
            "last_round": self.last_round,
            "turns": self.turns,
            "spots": list(self.spots),
            "path": to_jsonable(self.path),
            "castle_count": self.castle_count,
            "fallen": to_jsonable(self.fallen),
            "collected": [
                [{"jewels": list(t.jewels), "spell": t.spell.name.lower()} for t in tiles]
                for tiles in self.collected
            ],
            "screens": to_jsonable(self.screens),
            "screen_sizes": list(self.screen_sizes),
            "paid": list(self.paid),
            "pouch_count": self.pouch_count,
            "drawn": to_jsonable(self.drawn),
        }


def _counts(pebbles: list[int]) -> PebbleCounts:
    return (pebbles[0], pebbles[1], pebbles[2])


def _face(tile: int) -> Jewels | str | None:
    if tile < 0:
        return None
    return MAGIC if tile == MAGIC_TILE_ID else tuple(JEWEL_TILES[tile].jewels)


def make_view(state: CastleState, viewer: int | None) -> CastleView:
    public = state.table.open_screens
    return CastleView(
        viewer=viewer,
        table=state.table,
        seat=state.seat,
        start_seat=state.start_seat,
        phase=state.phase,
        last_round=state.last_round,
        turns=state.turns,
        spots=tuple(state.spots),
        path=tuple(_face(tile) for tile in state.path),
        castle_count=len(state.castle),
        fallen=tuple(tuple(JEWEL_TILES[tile].jewels) for tile in state.fallen),
        # Everyone watched each recovered tile being turned over, so its spell is public.
        collected=tuple(
            tuple(RecoveredTile(JEWEL_TILES[t].jewels, JEWEL_TILES[t].spell) for t in tiles)
            for tiles in state.collected
        ),
        screens=tuple(
            _counts(screen) if seat in public or seat == viewer else None
            for seat, screen in enumerate(state.screens)
        ),
        screen_sizes=tuple(sum(screen) for screen in state.screens),
        paid=_counts(state.paid),
        pouch_count=len(state.pouch),
        drawn=_counts(state.drawn)
        if state.phase == Phase.FOUNTAIN and (state.seat in public or viewer == state.seat)
        else None,
    )


pickle_by_fields(RecoveredTile, CastleView)
