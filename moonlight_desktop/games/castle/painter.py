"""Draws Moonlight Castle: the garden from its level file, the castle and slider, the path and its
tiles, the figures, and the side panel with the players, the pouch and the log.

Layout is relative to the window; art is rasterized at the size it is drawn (cached), and the
parts that do not move are composed once per size, so a frame is a few blits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.sizes import new_surface, surface_size

from .board import Board
from .components import Spell
from .display import Anchor, CastleDisplay, PebbleSprite, TileSprite
from .table import Table
from .view import MAGIC

PEBBLE_COLORS = ((214, 72, 72), (236, 196, 70), (76, 176, 110))
COLOR_NAMES = ("red", "yellow", "green")
FIGURES = ("squirrel", "wolf", "fox", "raccoon")
CREST_COLORS = {
    "squirrel": (52, 184, 164),
    "wolf": (224, 86, 110),
    "fox": (77, 157, 232),
    "raccoon": (240, 154, 58),
}
SPELL_ART = {
    Spell.NOTHING: "castle/spell_nothing.svg",
    Spell.ONE_ARROW: "castle/spell_one_arrow.svg",
    Spell.TWO_ARROWS: "castle/spell_two_arrows.svg",
    Spell.MAGICIAN: "castle/spell_magician.svg",
    Spell.SPECIAL: "castle/spell_special.svg",
}
RITUAL_SHORT = {
    "return_two": "draw 4, put 2 back",
    "return_one": "draw 4, put 1 back",
    "one_color": "draw 4, keep one colour",
    "one_of_each": "draw 4, keep one of each",
}


@dataclass(slots=True)
class Layout:
    """Where everything goes for one window size."""

    size: tuple[int, int]
    scale: float
    board: pygame.Rect
    panel: pygame.Rect
    header: pygame.Rect
    actions: pygame.Rect
    players: list[pygame.Rect]
    supply: pygame.Rect
    log: pygame.Rect
    pause_button: pygame.Rect

    @staticmethod
    def for_window(size: tuple[int, int], seats: int, aspect: float) -> Layout:
        """The garden keeps its map's proportions (`aspect` = width / height) in what the
        panel leaves. Each margin is the design's 27 px scaled, and at least 2% of its side,
        so nothing comes near an edge and the panel's parts fit its height at any shape of
        window. However small the window, no rect gets a negative size."""
        width, height = size
        scale = theme.ui_scale(size)
        margin = max(8, round(27 * scale))
        margin_x, margin_y = (
            max(margin, math.ceil(width * 0.02)),
            max(margin, math.ceil(height * 0.02)),
        )
        panel_width = round(320 * scale)
        board_width = max(
            1, min(width - panel_width - 3 * margin_x, round((height - 2 * margin_y) * aspect))
        )
        board_height = max(1, round(board_width / aspect))
        board = pygame.Rect(margin_x, (height - board_height) // 2, board_width, board_height)
        panel = pygame.Rect(
            board.right + margin_x,
            margin_y,
            max(0, width - board.right - 2 * margin_x),
            max(0, height - 2 * margin_y),
        )
        gap = round(8 * scale)
        # 84: room under the title for two lines of prompt, clear of the border at any scale.
        header = pygame.Rect(panel.left, panel.top, panel.width, round(84 * scale))
        # 108: a gold fountain's choices, two rows under the drawn pebbles, still take two
        # lines of text each at the smallest window.
        actions = pygame.Rect(panel.left, header.bottom + gap, panel.width, round(108 * scale))
        row = round(66 * scale)
        players = [
            pygame.Rect(panel.left, actions.bottom + gap + n * (row + gap // 2), panel.width, row)
            for n in range(seats)
        ]
        supply = pygame.Rect(panel.left, players[-1].bottom + gap, panel.width, round(64 * scale))
        log = pygame.Rect(
            panel.left, supply.bottom + gap, panel.width, max(0, panel.bottom - supply.bottom - gap)
        )
        pause = pygame.Rect(0, 0, round(40 * scale), round(40 * scale))
        pause.topright = (header.right - round(10 * scale), header.top + round(10 * scale))
        return Layout(size, scale, board, panel, header, actions, players, supply, log, pause)

    def px(self, size: float) -> int:
        return max(1, round(size * self.scale))


class Painter:
    def __init__(self, table: Table, names: list[str], looks: list[str]) -> None:
        self.table = table
        self.board: Board = table.board
        self.names = names
        self.looks = looks
        self.layout: Layout | None = None
        self._static: pygame.Surface | None = None

    # Geometry ----------------------------------------------------------------------------

    def relayout(self, size: tuple[int, int]) -> Layout:
        self.layout = Layout.for_window(size, len(self.names), self.board.width / self.board.height)
        self._static = None
        return self.layout

    @property
    def map_scale(self) -> float:
        assert self.layout is not None
        board = self.layout.board
        return min(board.width / self.board.width, board.height / self.board.height)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        assert self.layout is not None
        board = self.layout.board
        return (board.left + x * self.map_scale, board.top + y * self.map_scale)

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        assert self.layout is not None
        kind = anchor[0]
        if kind == "map":
            return self.to_screen(anchor[1], anchor[2])
        if kind == "seat":
            row = self.layout.players[int(anchor[1])]
            return (row.left + row.width * 0.68, row.centery)
        if kind == "pouch":
            return self.pouch_centre()
        return self.pile_centre()

    def pouch_centre(self) -> tuple[float, float]:
        assert self.layout is not None
        supply = self.layout.supply
        return (supply.left + self.layout.px(34), supply.centery)

    def pile_centre(self) -> tuple[float, float]:
        assert self.layout is not None
        supply = self.layout.supply
        return (supply.left + supply.width * 0.55, supply.centery)

    def tile_pixels(self) -> int:
        return max(8, round(self.board.tile_size * self.map_scale))

    def space_centre(self, space: int) -> tuple[float, float]:
        garden = self.board.spaces
        if space < len(garden):
            centre = garden[space].centre
        else:
            centre = self.board.recesses_for(self.table.seats)[space - len(garden)].centre
        return self.to_screen(centre.x, centre.y)

    def space_radius(self, space: int) -> float:
        garden = self.board.spaces
        if space < len(garden):
            radius = garden[space].radius
        else:
            radius = self.board.recesses_for(self.table.seats)[space - len(garden)].radius
        return radius * self.map_scale

    def space_at(self, point: tuple[int, int]) -> int | None:
        for space in range(self.table.space_count):
            x, y = self.space_centre(space)
            if math.dist((x, y), point) <= self.space_radius(space) * 1.15:
                return space
        return None

    def tile_rect(self, position: int) -> pygame.Rect:
        spot = self.board.path[position]
        size = self.tile_pixels()
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (
            round(self.to_screen(spot.x, spot.y)[0]),
            round(self.to_screen(spot.x, spot.y)[1]),
        )
        return rect

    # The parts that never move ---------------------------------------------------------------

    def static_layer(self) -> pygame.Surface:
        """Garden, path slots, bridge, castle, spaces and fountains: composed once per size."""
        if self._static is not None:
            return self._static
        assert self.layout is not None
        board = self.layout.board
        layer = new_surface(board.size)
        if pygame.display.get_surface():
            layer = layer.convert()
        layer.blit(assets.image("castle/garden_background.svg", board.width, board.height), (0, 0))
        offset = (-board.left, -board.top)
        size = self.tile_pixels()
        for position in range(self.board.path_length):
            rect = self.tile_rect(position).move(offset).inflate(size * 0.12, size * 0.12)
            shade = new_surface(rect.size, pygame.SRCALPHA)
            fill = (92, 70, 48, 235) if position == 0 else (10, 14, 36, 120)
            pygame.draw.rect(shade, fill, shade.get_rect(), border_radius=rect.width // 6)
            pygame.draw.rect(
                shade, (*theme.SILVER, 90), shade.get_rect(), width=2, border_radius=rect.width // 6
            )
            layer.blit(shade, rect)
        castle = self.board.castle
        left, top = self.to_screen(castle.x, castle.y)
        art = assets.image(
            "castle/castle.svg",
            round(castle.width * self.map_scale),
            round(castle.height * self.map_scale),
        )
        layer.blit(
            art,
            art.get_rect(
                midbottom=(
                    left - board.left + castle.width * self.map_scale / 2,
                    top - board.top + castle.height * self.map_scale,
                )
            ),
        )
        for space in range(len(self.board.spaces)):
            self._draw_space(layer, space, offset)
        for fountain in range(self.table.seats):
            self._draw_fountain(layer, fountain, offset)
        used = {recess.index for recess in self.board.recesses_for(self.table.seats)}
        for recess in self.board.recesses:
            if recess.index not in used:
                x, y = self.to_screen(recess.centre.x, recess.centre.y)
                pygame.draw.circle(
                    layer,
                    (20, 26, 58),
                    (x + offset[0], y + offset[1]),
                    recess.radius * self.map_scale * 0.8,
                    width=self.layout.px(2),
                )
        self._static = layer
        return layer

    def _draw_space(self, layer: pygame.Surface, space: int, offset: tuple[int, int]) -> None:
        spec = self.board.spaces[space]
        x, y = self.space_centre(space)
        x, y = x + offset[0], y + offset[1]
        radius = self.space_radius(space)
        if spec.color is None:
            fill, ink = (222, 226, 238), (120, 128, 160)
        else:
            fill, ink = PEBBLE_COLORS[spec.color], theme.MOONLIGHT
        pygame.draw.circle(layer, (8, 10, 28), (x + 2, y + 3), radius)
        pygame.draw.circle(layer, fill, (x, y), radius)
        pygame.draw.circle(
            layer, theme.MOONLIGHT, (x, y), radius, width=max(1, round(radius * 0.09))
        )
        if spec.color is not None:
            draw_mark(layer, spec.color, (x, y), radius * 0.5, ink)
        self._draw_pebble_count(layer, spec.pebbles, (x, y), radius)

    def _draw_pebble_count(
        self, layer: pygame.Surface, count: int, centre: tuple[float, float], radius: float
    ) -> None:
        """Small pouch-grey pebbles beside a space: how many it lets you draw."""
        dot = max(3.0, radius * 0.3)
        for n in range(count):
            angle = math.radians(-50 + n * 34)
            px = centre[0] + math.cos(angle) * (radius + dot * 1.5)
            py = centre[1] + math.sin(angle) * (radius + dot * 1.5)
            pebble = pygame.Rect(0, 0, dot * 2, dot * 1.6)
            pebble.center = (round(px), round(py))
            pygame.draw.ellipse(layer, (20, 20, 40), pebble.inflate(3, 3))
            pygame.draw.ellipse(layer, (214, 210, 226), pebble)

    def _draw_fountain(self, layer: pygame.Surface, fountain: int, offset: tuple[int, int]) -> None:
        assert self.layout is not None
        space = len(self.board.spaces) + fountain
        x, y = self.space_centre(space)
        radius = self.space_radius(space)
        side = self.table.fountains[fountain]
        art = assets.image(
            "castle/fountain_gold.svg" if side.gold else "castle/fountain_white.svg",
            round(radius * 2.2),
            round(radius * 2.2),
        )
        layer.blit(art, art.get_rect(center=(x + offset[0], y + offset[1])))
        if side.gold:
            label = RITUAL_SHORT[side.ritual.value]
            theme.blit_text(
                layer,
                label,
                theme.BOLD_FONT,
                self.layout.px(12),
                theme.GOLD,
                "midtop",
                (x + offset[0], y + offset[1] + radius * 1.15),
            )
        else:
            pebbles = self.table.space_pebbles[space]
            self._draw_pebble_count(layer, pebbles, (x + offset[0], y + offset[1]), radius)

    # Every frame ---------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, display: CastleDisplay) -> None:
        assert self.layout is not None
        surface.blit(self.static_layer(), self.layout.board)
        self._draw_slider(surface, display.slider)
        for tile in display.path:
            if tile is not None:
                self.draw_tile(surface, tile)
        for seat, anchor in enumerate(display.figures):
            if anchor is not None:
                self.draw_figure(surface, seat, self.resolve(anchor))

    def draw_loose(self, surface: pygame.Surface, display: CastleDisplay) -> None:
        """What flies above everything: tiles in flight and pebbles."""
        for tile in display.loose:
            self.draw_tile(surface, tile)
        for pebble in display.pebbles:
            self.draw_flying_pebble(surface, pebble)

    def _draw_slider(self, surface: pygame.Surface, pushed: float) -> None:
        slider = self.board.slider
        castle = self.board.castle
        width, height = round(slider.width * self.map_scale), round(slider.height * self.map_scale)
        x, y = self.to_screen(slider.x, slider.y)
        travel = (castle.y + castle.height * 0.35 - slider.y) * self.map_scale * pushed
        art = assets.image("castle/slider.svg", width, height)
        surface.blit(art, art.get_rect(topleft=(x, y + travel)))
        tall = round(self.tile_pixels() * 0.9)
        wizard = assets.image("castle/magician.svg", round(tall * 0.72), tall)
        surface.blit(wizard, wizard.get_rect(midbottom=(x + width / 2, y + travel + height * 0.8)))

    def draw_tile(self, surface: pygame.Surface, tile: TileSprite) -> None:
        size = round(self.tile_pixels() * tile.scale)
        if size < 4 or tile.alpha <= 0.02:
            return
        face = tile_face(tile.front, tile.spell, size)
        if tile.flip < 0.999:
            face = pygame.transform.smoothscale(face, surface_size(size * tile.flip, size))
        if tile.angle:
            face = pygame.transform.rotate(face, tile.angle)
        if tile.alpha < 0.999:
            face = face.copy()
            face.set_alpha(round(255 * tile.alpha))
        if tile.target is not None:
            start = self.resolve(tile.at)
            end = self.resolve(tile.target)
            centre = (
                start[0] + (end[0] - start[0]) * tile.progress,
                start[1] + (end[1] - start[1]) * tile.progress,
            )
        else:
            centre = self.resolve(tile.at)
        surface.blit(face, face.get_rect(center=(round(centre[0]), round(centre[1]))))

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        centre: tuple[float, float],
        size: int | None = None,
    ) -> None:
        height = size or round(self.board.tile_size * self.map_scale * 0.95)
        art = assets.image(f"castle/figure_{self.looks[seat]}.svg", round(height * 0.83), height)
        surface.blit(
            art, art.get_rect(midbottom=(round(centre[0]), round(centre[1] + height * 0.3)))
        )

    def draw_flying_pebble(self, surface: pygame.Surface, pebble: PebbleSprite) -> None:
        assert self.layout is not None
        start, end = self.resolve(pebble.start), self.resolve(pebble.end)
        t = pebble.progress
        x = start[0] + (end[0] - start[0]) * t
        y = start[1] + (end[1] - start[1]) * t - math.sin(math.pi * t) * self.layout.px(60)
        pebble_icon(surface, pebble.color, (x, y), self.layout.px(22))

    def draw_glow(self, surface: pygame.Surface, space: int, strength: float) -> None:
        x, y = self.space_centre(space)
        theme.glow_ring(surface, (x, y), self.space_radius(space) * 1.12, strength=strength)

    def draw_tile_glow(self, surface: pygame.Surface, position: int, strength: float) -> None:
        rect = self.tile_rect(position).inflate(
            self.tile_pixels() * 0.16, self.tile_pixels() * 0.16
        )
        layer = new_surface(rect.size, pygame.SRCALPHA)
        for step in range(4):
            pygame.draw.rect(
                layer,
                (*theme.GOLD, round(60 * strength * (step + 1) / 4)),
                layer.get_rect().inflate(-step * 4, -step * 4),
                width=3,
                border_radius=rect.width // 5,
            )
        surface.blit(layer, rect)


# Art pieces shared by the board and the panel --------------------------------------------------


@lru_cache(maxsize=256)
def tile_face(front: tuple[int, ...] | str, spell: Spell | None, size: int) -> pygame.Surface:
    """A path tile: its jewels, the magic tile, or (once turned over) its spell."""
    if spell is not None:
        return assets.image(SPELL_ART[spell], size, size)
    if front == MAGIC:
        return assets.image("castle/tile_magic.svg", size, size)
    face = assets.image("castle/tile_front.svg", size, size).copy()
    jewels = [int(color) for color in front]
    jewel = round(size * (0.42 if len(jewels) == 1 else 0.34))
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.32, 0.5), (0.68, 0.5)],
        3: [(0.5, 0.3), (0.3, 0.68), (0.7, 0.68)],
    }[len(jewels)]
    for color, (fx, fy) in zip(jewels, spots, strict=True):
        art = assets.image(f"castle/jewel_{COLOR_NAMES[color]}.svg", jewel, jewel)
        face.blit(art, art.get_rect(center=(round(size * fx), round(size * fy))))
    return face


def pebble_icon(
    surface: pygame.Surface, color: int | None, centre: tuple[float, float], size: int
) -> None:
    """A pebble (with its colour's mark), or a plain grey one whose colour is hidden."""
    if color is None:
        pygame.draw.ellipse(
            surface,
            (30, 30, 48),
            pygame.Rect(0, 0, size, size * 0.8).move(
                centre[0] - size / 2 + 1, centre[1] - size * 0.4 + 2
            ),
        )
        pygame.draw.ellipse(
            surface,
            (150, 154, 176),
            pygame.Rect(0, 0, size, size * 0.8).move(centre[0] - size / 2, centre[1] - size * 0.4),
        )
        return
    art = assets.image(f"castle/pebble_{COLOR_NAMES[color]}.svg", size, size)
    surface.blit(art, art.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_mark(
    surface: pygame.Surface,
    color: int,
    centre: tuple[float, float],
    radius: float,
    ink: tuple[int, int, int],
) -> None:
    """The shape that goes with each colour (for colour-blind players): triangle, circle, leaf."""
    x, y = centre
    width = max(1, round(radius * 0.28))
    if color == 0:
        points = [
            (x, y - radius),
            (x + radius * 0.9, y + radius * 0.65),
            (x - radius * 0.9, y + radius * 0.65),
        ]
        pygame.draw.polygon(surface, ink, points, width)
    elif color == 1:
        pygame.draw.circle(surface, ink, (x, y), radius * 0.8, width)
    else:
        # A pointed leaf (two arcs meeting at the tips), tilted 45 degrees, with its midrib.
        half = [(-1 + i / 6, 0.0) for i in range(13)]
        outline = [(t, -0.5 * (1 - t * t)) for t, _ in half] + [
            (t, 0.5 * (1 - t * t)) for t, _ in reversed(half)
        ]
        rotated = [(x + (u - v) * radius * 0.7, y + (u + v) * radius * 0.7) for u, v in outline]
        pygame.draw.polygon(surface, ink, rotated, width)
        pygame.draw.line(
            surface,
            ink,
            (x - radius * 0.6, y + radius * 0.6),
            (x + radius * 0.6, y - radius * 0.6),
            max(1, width // 2),
        )
