"""The 27 jewel path tiles and the magic tile: the game's fixed tile set, as data.

Each tile shows 1-3 jewels on its front; its back carries a spell that is revealed only when a
player recovers it. docs/castle.md lists the set as a table. 51 jewels in all, 17 of each colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import Color, Spell

R, Y, G = Color.RED, Color.YELLOW, Color.GREEN


@dataclass(frozen=True, slots=True)
class Tile:
    jewels: tuple[Color, ...]
    spell: Spell

    @property
    def cost(self) -> tuple[int, int, int]:
        """Pebbles needed to recover it, per colour (red, yellow, green)."""
        return (self.jewels.count(R), self.jewels.count(Y), self.jewels.count(G))


_N, _A1, _A2, _M, _S = (
    Spell.NOTHING,
    Spell.ONE_ARROW,
    Spell.TWO_ARROWS,
    Spell.MAGICIAN,
    Spell.SPECIAL,
)

JEWEL_TILES: tuple[Tile, ...] = (
    # One jewel: nine tiles, the cheap ones carry the better spells.
    Tile((R,), _N), Tile((R,), _A1), Tile((R,), _S),
    Tile((Y,), _N), Tile((Y,), _A2), Tile((Y,), _S),
    Tile((G,), _N), Tile((G,), _A1), Tile((G,), _M),
    # Two jewels: twelve tiles, each pair of colours and each double twice.
    Tile((R, Y), _N), Tile((R, Y), _A1),
    Tile((R, G), _N), Tile((R, G), _M),
    Tile((Y, G), _N), Tile((Y, G), _S),
    Tile((R, R), _N), Tile((R, R), _A1),
    Tile((Y, Y), _N), Tile((Y, Y), _A1),
    Tile((G, G), _N), Tile((G, G), _A2),
    # Three jewels: six tiles.
    Tile((R, Y, G), _N), Tile((R, Y, G), _A1), Tile((R, Y, G), _M),
    Tile((R, R, G), _N), Tile((Y, Y, R), _A2), Tile((G, G, Y), _N),
)  # fmt: skip

MAGIC_TILE_ID = len(JEWEL_TILES)
"""The magic tile shows no jewels and can never be recovered; it leaves the castle last."""

TILE_COUNT = MAGIC_TILE_ID + 1
TILE_COSTS: tuple[tuple[int, int, int], ...] = tuple(tile.cost for tile in JEWEL_TILES)
TILE_JEWELS: tuple[int, ...] = tuple(len(tile.jewels) for tile in JEWEL_TILES)
