"""What one seat may know of a Castle game: no pouch order, no tile backs still face down,
and no pebbles behind another player's screen (the Full Moon, or a player who plays without a
screen, shows them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from moonlight_desktop.engine import JsonDict, OptionsError, RecordError
from moonlight_desktop.engine.data import to_jsonable
from moonlight_desktop.engine.pickling import pickle_by_fields
from moonlight_desktop.engine.schema import (
    AnyOf,
    Bool,
    Int,
    ListOf,
    NameOf,
    Nullable,
    Object,
    OneOf,
    all_required,
    lower_names,
    per_seat,
    read_view,
)

from .components import COLORS, PEBBLES_PER_COLOR, Spell
from .moves import Jewels, PebbleCounts
from .state import CastleState, Phase
from .table import OPTIONS, Table, normalize_options, table_for
from .tiles import JEWEL_TILES, MAGIC_TILE_ID

MAGIC = "magic"
GAME = "Moonlight Castle"


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
            "seats": self.table.seats,
            "level": self.table.board.name,
            "full_moon": self.table.full_moon,
            "fountains": [fountain.to_json() for fountain in self.table.fountains],
            "open_screens": sorted(self.table.open_screens),
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

    @staticmethod
    def from_json(data: Any, seats: Int) -> CastleView:
        """A view read back from `to_json`, at a seat count in `seats`; RecordError for
        anything else."""
        checked = read_view(data, seats, _schema, GAME)
        table = _table(checked)
        if len(checked["path"]) != table.path_length or any(
            spot >= table.space_count for spot in checked["spots"]
        ):
            raise RecordError(f"not a {GAME} view: its path or figures do not fit its garden")
        return CastleView(
            viewer=checked["viewer"],
            table=table,
            seat=checked["seat"],
            start_seat=checked["start_seat"],
            phase=checked["phase"],
            last_round=checked["last_round"],
            turns=checked["turns"],
            spots=checked["spots"],
            path=checked["path"],
            castle_count=checked["castle_count"],
            fallen=checked["fallen"],
            collected=tuple(
                tuple(RecoveredTile(tuple(tile["jewels"]), tile["spell"]) for tile in tiles)
                for tiles in checked["collected"]
            ),
            screens=checked["screens"],
            screen_sizes=checked["screen_sizes"],
            paid=checked["paid"],
            pouch_count=checked["pouch_count"],
            drawn=checked["drawn"],
        )


TILES = len(JEWEL_TILES)
POUCH = PEBBLES_PER_COLOR * len(COLORS)
SPACE_LIMIT = 255
"""More spaces than a garden has: a figure's space is checked against its garden after."""


def _table(checked: dict[str, Any]) -> Table:
    """The table a view names, checked as options are (its garden, its fountains)."""
    seats: int = checked["seats"]
    options = {name: checked[name] for name in ("level", "full_moon", "fountains")}
    # The options' schema again: lists, not the tuples a view is read into.
    options["open_screens"] = list(checked["open_screens"])
    if options["fountains"] is not None:
        options["fountains"] = list(options["fountains"])
    try:
        return table_for(normalize_options(options, seats), seats)
    except OptionsError as error:
        raise RecordError(f"not a {GAME} view: {error}") from None


@lru_cache(maxsize=4)
def _schema(seats: int) -> Object:
    """What a Castle view's JSON holds at `seats` seats, each field by type and range; its
    path and figures are checked against its garden after."""
    seat = Int(0, seats - 1)
    jewels = ListOf(Int(0, len(COLORS) - 1), 1, len(COLORS))
    pebbles = ListOf(Int(0, POUCH), len(COLORS), len(COLORS))
    tile = all_required({"jewels": jewels, "spell": NameOf(lower_names(Spell))})
    return all_required(
        {
            "viewer": Nullable(seat),
            "level": OPTIONS.fields["level"].schema,
            "full_moon": Bool(),
            "fountains": OPTIONS.fields["fountains"].schema,
            "open_screens": ListOf(seat, 0, seats),
            "seat": seat,
            "start_seat": seat,
            "phase": NameOf(lower_names(Phase)),
            "last_round": Bool(),
            "turns": Int(1, TILES * POUCH),
            "spots": per_seat(Int(-1, SPACE_LIMIT), seats),
            "path": ListOf(
                Nullable(AnyOf((jewels, OneOf((MAGIC,))), "jewels or the magic tile")),
                1,
                SPACE_LIMIT,
            ),
            "castle_count": Int(0, TILES),
            "fallen": ListOf(jewels, 0, TILES),
            "collected": per_seat(ListOf(tile, 0, TILES), seats),
            "screens": per_seat(Nullable(pebbles), seats),
            "screen_sizes": per_seat(Int(0, POUCH), seats),
            "paid": pebbles,
            "pouch_count": Int(0, POUCH),
            "drawn": Nullable(pebbles),
        }
    )


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
