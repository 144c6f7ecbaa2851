"""Draws Moonlight Castle's board: the garden from its level file, the castle and slider, the
path and its tiles, Zirroz's pile, the figures and what flies between them and the side panel.

Layout is relative to the window; art is rasterized at the size it is drawn (cached), and the
parts that do not move are composed once per size, so a frame is a few blits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import _, current_language, ngettext, pgettext
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.sizes import new_surface, surface_size
from moonlight_desktop.ui.table.glow import draw_glow_frame, draw_hint_marker, draw_nested_frames
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.presenter import Anchor, Flight
from moonlight_desktop.ui.table.rows import draw_seat_frame
from moonlight_desktop.ui.tween import ease_out

from ..board import Board
from ..components import Spell
from ..moves import MoveTo, Recover
from ..table import Table
from ..view import MAGIC
from .looks import CREST_COLORS
from .narrator import COLOR_NAMES, RITUAL_SHORT
from .presenter import (
    PILE_SCALE,
    CastlePresenter,
    Splash,
    TileSprite,
    pile_pose,
    pile_spot,
    space_round,
)

PEBBLE_COLORS = ((214, 72, 72), (236, 196, 70), (76, 176, 110))
DIM = (8, 10, 30)
"""The night that veils the spaces a player may not choose."""
VEIL_STEPS, VEIL_ALPHA = 5, 185
"""The veil is that many discs, the innermost (over the space itself) that opaque, fading out
beyond the pebbles drawn beside it."""
COST = "\N{MINUS SIGN}1"
"""A coloured space's cost badge: one pebble of its colour."""
BADGE_SIDES = (-90, 90, 180, 0, -135, -45, 135, 45)
"""Where a cost badge may sit around its space (degrees, clockwise from the right), the first
of equals preferred."""
SPELL_ART = {
    Spell.NOTHING: "castle/spell_nothing.svg",
    Spell.ONE_ARROW: "castle/spell_one_arrow.svg",
    Spell.TWO_ARROWS: "castle/spell_two_arrows.svg",
    Spell.MAGICIAN: "castle/spell_magician.svg",
    Spell.SPECIAL: "castle/spell_special.svg",
}


COUNT_ROOM = "888"
"""Room for a three-digit count in the panel."""
REACH = 1.15
"""A click or a hover this far from a space's centre (in its radii) is on it."""


@dataclass(frozen=True, slots=True)
class Offer:
    """What the board offers the player at the screen, from one snapshot's legal commands."""

    spaces: frozenset[int] = frozenset()
    """The spaces they may hide in: ringed, every other one veiled."""
    tile: int | None = None
    """The path position of the tile they may recover: lit."""
    asked: bool = False
    """They choose now (a gold fountain's draw is shown while they do)."""


@dataclass(frozen=True, slots=True)
class SupplyPlaces:
    """The supply row's parts; the counts' rects are the room each count may fill."""

    pouch: pygame.Rect
    pouch_count: pygame.Rect
    label: pygame.Rect
    pebbles: tuple[pygame.Rect, ...]
    counts: tuple[pygame.Rect, ...]
    castle: pygame.Rect
    fallen: pygame.Rect


def _pebble_dots(count: int, centre: tuple[float, float], radius: float) -> list[pygame.Rect]:
    """Where the small grey pebbles beside a space go, one per pebble it draws."""
    dot = max(3.0, radius * 0.3)
    dots = []
    for n in range(count):
        angle = math.radians(-50 + n * 34)
        pebble = pygame.Rect(0, 0, dot * 2, dot * 1.6)
        pebble.center = (
            round(centre[0] + math.cos(angle) * (radius + dot * 1.5)),
            round(centre[1] + math.sin(angle) * (radius + dot * 1.5)),
        )
        dots.append(pebble)
    return dots


def _centre(rect: pygame.Rect) -> tuple[float, float]:
    return (float(rect.centerx), float(rect.centery))


def square(centre: tuple[float, float], reach: int) -> pygame.Rect:
    """The square `reach` pixels round `centre` each way."""
    x, y = round(centre[0]), round(centre[1])
    return pygame.Rect(x - reach, y - reach, 2 * reach, 2 * reach)


def _part_way(
    start: tuple[float, float], end: tuple[float, float], t: float
) -> tuple[float, float]:
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)


def _nearest(rect: pygame.Rect, point: pygame.Vector2) -> pygame.Vector2:
    """The point of `rect` nearest to `point`."""
    return pygame.Vector2(
        min(max(point.x, rect.left), rect.right), min(max(point.y, rect.top), rect.bottom)
    )


def _clearance(
    rect: pygame.Rect,
    board: pygame.Rect,
    rounds: list[tuple[pygame.Vector2, float]],
    rects: list[pygame.Rect],
) -> float:
    """How far `rect` keeps from the edges of `board`, from round things (centre, reach) and
    from other rects: the least of those distances, negative where it overlaps one."""
    return min(
        rect.left - board.left,
        rect.top - board.top,
        board.right - rect.right,
        board.bottom - rect.bottom,
        *(centre.distance_to(_nearest(rect, centre)) - reach for centre, reach in rounds),
        *(_apart(rect, other) for other in rects),
    )


def _apart(one: pygame.Rect, other: pygame.Rect) -> float:
    """How far apart two rects are; how deep they overlap, negative, when they do."""
    dx = max(other.left - one.right, one.left - other.right)
    dy = max(other.top - one.bottom, one.top - other.bottom)
    return math.hypot(max(dx, 0), max(dy, 0)) if dx > 0 or dy > 0 else max(dx, dy)


PILE_COUNT = 14
"""The design size of the count on Zirroz's pile."""
SCREEN_ROOM = "88"
"""Room for a count behind a screen: two digits, as the game has 60 pebbles in all."""


SHORT_ROW = 56
"""A seat row shorter than this (design pixels) draws its lines closer to its edges."""


def pebble_row(layout: TableLayout) -> tuple[int, int, int, int]:
    """A row's pebbles: the icon's size, the gap before its count, the space between two
    colours and the room each colour takes (a two-digit count after it)."""
    icon, gap, spacing = layout.px(24), layout.px(2), layout.px(8)
    return (
        icon,
        gap,
        spacing,
        icon + gap + theme.text_width(SCREEN_ROOM, theme.BOLD_FONT, layout.px(16)),
    )


def pebbles_box(layout: TableLayout, row: pygame.Rect) -> pygame.Rect:
    """Where a row's pebbles are (or the screen and how many are behind it): right of the
    jewels, on their line, clear of the name above."""
    _icon, _gap, spacing, group = pebble_row(layout)
    left = min(
        row.right - layout.px(8) - 3 * group - 2 * spacing,
        round(row.left + row.width * 0.58) - layout.px(8),
    )
    box = pygame.Rect(left, 0, row.right - layout.px(4) - left, layout.px(30))
    box.centery = counts_line(layout, row)
    return box


def counts_line(layout: TableLayout, row: pygame.Rect) -> int:
    """The height of a row's line of jewels and pebbles: lower in a row shrunk for the log
    (a long hint), so the name above keeps clear of it."""
    return row.bottom - layout.px(10 if row.height < layout.px(SHORT_ROW) else 17)


def _room(content: str, face: str, pixels: int, **anchor: tuple[int, int]) -> pygame.Rect:
    """The rect `content` takes in `face` at `pixels`, placed by one anchor (e.g. midleft)."""
    font = theme.font(face, pixels)
    return pygame.Rect((0, 0), font.size(content)).move_to(**anchor)


def in_castle(count: str) -> str:
    """The supply strip's count of the tiles still in the castle (`count` is its digits)."""
    # Translators: how many tiles are still in the castle, in a narrow corner of the table.
    return _("{count} in castle").format(count=count)


def fallen_off(count: int) -> str:
    """The supply strip's count of the tiles that fell off the path (a tile: feminine in
    French, so the word agrees with the count)."""
    # Translators: how many tiles fell off the path, in a narrow corner of the table.
    return ngettext("{count} fallen", "{count} fallen", count).format(count=count)


class Painter:
    def __init__(self, table: Table, names: list[str], looks: list[str]) -> None:
        self.table = table
        self.board: Board = table.board
        self.names = names
        self.looks = looks
        self._layout: TableLayout | None = None
        self._static: pygame.Surface | None = None
        self._veil: tuple[frozenset[int], pygame.Surface] | None = None
        self._badges: list[pygame.Rect] = []
        self._language = current_language()

    # Geometry ----------------------------------------------------------------------------

    @property
    def aspect(self) -> float:
        return self.board.width / self.board.height

    @property
    def layout(self) -> TableLayout:
        assert self._layout is not None, "relayout first"
        return self._layout

    def relayout(self, layout: TableLayout) -> None:
        self._layout = layout
        self._static = self._veil = None
        self._badges = []

    def _forget_old_words(self) -> None:
        """Drops what was composed with the words of a language no longer in use."""
        if self._language != current_language():
            self._language = current_language()
            self._static = None
            self._badges = []

    def crest(self, seat: int) -> tuple[int, int, int]:
        return CREST_COLORS[self.looks[seat]]

    @property
    def map_scale(self) -> float:
        board = self.layout.board
        return min(board.width / self.board.width, board.height / self.board.height)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        board = self.layout.board
        return (board.left + x * self.map_scale, board.top + y * self.map_scale)

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        kind = anchor[0]
        if kind == "map":
            return self.to_screen(anchor[1], anchor[2])
        if kind == "seat":
            row = self.layout.seats[int(anchor[1])]
            return (row.left + row.width * 0.68, row.centery)
        if kind == "pouch":
            return self.pouch_centre()
        if kind == "space":  # a garden space or a fountain, by space number
            return self.space_centre(int(anchor[1]))
        if kind == "path":  # a path position (0 = the bridge)
            return _centre(self.tile_rect(int(anchor[1])))
        if kind in ("castle", "gate"):
            part = self.board.castle if kind == "castle" else self.board.gate
            return self.to_screen(part.centre.x, part.centre.y)
        if kind == "fallen":  # the supply strip's count of the tiles that fell off the path
            return _centre(self.supply_places().fallen)
        if kind == "zirroz":  # the magician's pile, where fallen tiles lie
            return self.resolve(pile_spot(self.board))
        places = self.supply_places()
        if kind == "paid":  # the pebbles of one colour beside the board, by colour
            colour = int(anchor[1])
            return _centre(places.pebbles[colour].union(places.counts[colour]))
        return (places.label.centerx, places.pebbles[1].centery)  # the pile beside the board

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        """What a lesson frames for an anchor: a seat's pebbles with their count, a count of
        the supply strip with its picture, a space, a tile, Zirroz's pile with its count; None
        for a point of the garden."""
        kind = anchor[0]
        if kind == "seat":
            return pebbles_box(self.layout, self.layout.seats[int(anchor[1])])
        places = self.supply_places()
        if kind == "pouch":
            return places.pouch.union(places.pouch_count)
        if kind == "paid":
            colour = int(anchor[1])
            return places.pebbles[colour].union(places.counts[colour])
        if kind == "fallen":
            return places.fallen.inflate(self.layout.px(4), self.layout.px(4))
        if kind == "space":
            space = int(anchor[1])
            return square(self.space_centre(space), round(self.space_radius(space) * 1.08))
        if kind == "path":
            return self.tile_rect(int(anchor[1]))
        if kind == "zirroz":
            x, y = self.resolve(anchor)
            side = round(self.tile_pixels() * PILE_SCALE * 1.6)
            pile = pygame.Rect(round(x - side / 2), round(y - side / 2), side, side)
            return self._pile_badge(pile_spot(self.board), SCREEN_ROOM).union(pile)
        return None

    def pouch_centre(self) -> tuple[float, float]:
        supply = self.layout.extra
        return (supply.left + self.layout.px(34), supply.centery)

    def supply_places(self) -> SupplyPlaces:
        """Where the supply row's icons and counts go: the pouch and its count, the pebbles
        beside the board (a pebble and its count for each colour) and the castle and fallen
        counts at the right. Every count has room for COUNT_ROOM, so no count, however
        many digits it grows to, runs into the next icon."""
        px, supply = self.layout.px, self.layout.extra
        centre = (round(self.pouch_centre()[0]), supply.centery)
        pouch = pygame.Rect(0, 0, px(40), px(44))
        pouch.center = centre
        pouch_count = _room(
            COUNT_ROOM, theme.BOLD_FONT, px(17), midleft=(pouch.right + px(4), centre[1])
        )
        right, small = supply.right - px(10), (theme.BODY_FONT, px(theme.MIN_TEXT))
        # The counts at the right stand below the label's line, which a longer language may
        # stretch above them.
        label_top = supply.top + px(4)
        castle = _room(
            in_castle(COUNT_ROOM),
            *small,
            topright=(right, label_top + theme.font(*small).get_linesize()),
        )
        fallen = _room(
            fallen_off(int(COUNT_ROOM)), *small, bottomright=(right, supply.bottom - px(4))
        )
        middle = (pouch_count.right + min(castle.left, fallen.left)) // 2
        pebble, gap = px(18), px(3)
        count_width = theme.text_width(COUNT_ROOM, theme.BOLD_FONT, px(14))
        group = pebble + gap + count_width
        spacing = px(5)
        left = middle - (3 * group + 2 * spacing) // 2
        row = centre[1] + px(8)
        pebbles = tuple(
            pygame.Rect(left + n * (group + spacing), row - pebble // 2, pebble, pebble)
            for n in range(3)
        )
        counts = tuple(
            _room(COUNT_ROOM, theme.BOLD_FONT, px(14), midleft=(icon.right + gap, row))
            for icon in pebbles
        )
        label = _room(_("beside the board"), *small, midtop=(middle, label_top))
        label.right = min(label.right, right)
        return SupplyPlaces(pouch, pouch_count, label, pebbles, counts, castle, fallen)

    def tile_pixels(self) -> int:
        return max(8, round(self.board.tile_size * self.map_scale))

    def space_centre(self, space: int) -> tuple[float, float]:
        centre = space_round(self.table, space).centre
        return self.to_screen(centre.x, centre.y)

    def space_radius(self, space: int) -> float:
        return space_round(self.table, space).radius * self.map_scale

    def space_at(self, point: tuple[int, int]) -> int | None:
        for space in range(self.table.space_count):
            if math.dist(self.space_centre(space), point) <= self.space_radius(space) * REACH:
                return space
        return None

    def tile_rect(self, position: int) -> pygame.Rect:
        spot = self.board.path[position]
        x, y = self.to_screen(spot.x, spot.y)
        size = self.tile_pixels()
        return pygame.Rect(0, 0, size, size).move_to(center=(round(x), round(y)))

    # The parts that never move ---------------------------------------------------------------

    def static_layer(self) -> pygame.Surface:
        """Garden, path slots, bridge, castle, spaces and fountains: composed once per size
        and language (the rituals' labels are written on it)."""
        self._forget_old_words()
        if self._static is not None:
            return self._static
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
        castle, scale = self.board.castle, self.map_scale
        left, top = self.to_screen(castle.x, castle.y)
        width, height = castle.width * scale, castle.height * scale
        art = assets.image("castle/castle.svg", round(width), round(height))
        bottom = (left - board.left + width / 2, top - board.top + height)
        layer.blit(art, art.get_rect(midbottom=bottom))
        for space in range(len(self.board.spaces)):
            self._draw_space(layer, space, offset)
        for fountain in range(self.table.seats):  # recesses no fountain fills stay bare ground
            self._draw_fountain(layer, fountain, offset)
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
        for pebble in _pebble_dots(count, centre, radius):
            pygame.draw.ellipse(layer, (20, 20, 40), pebble.inflate(3, 3))
            pygame.draw.ellipse(layer, (214, 210, 226), pebble)

    def _draw_fountain(self, layer: pygame.Surface, fountain: int, offset: tuple[int, int]) -> None:
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
            ritual = _(RITUAL_SHORT[side.ritual.value])
            at = self._ritual_label(fountain).move(offset)
            pixels = self.layout.px(theme.MIN_TEXT)
            theme.blit_text(
                layer, ritual, theme.BOLD_FONT, pixels, theme.GOLD, "topleft", at.topleft
            )
        else:
            pebbles = self.table.space_pebbles[space]
            self._draw_pebble_count(layer, pebbles, (x + offset[0], y + offset[1]), radius)

    def _ritual_label(self, fountain: int) -> pygame.Rect:
        """Where a gold fountain's ritual is written: under it."""
        space = len(self.board.spaces) + fountain
        x, y = self.space_centre(space)
        label = _(RITUAL_SHORT[self.table.fountains[fountain].ritual.value])
        below = (round(x), round(y + self.space_radius(space) * 1.15))
        return _room(label, theme.BOLD_FONT, self.layout.px(theme.MIN_TEXT), midtop=below)

    def badge_places(self) -> list[pygame.Rect]:
        """Where each space's cost badge goes: just outside the space and its glowing ring,
        on whichever side keeps clearest of the path's tiles, the other spaces, Zirroz's
        pile, the pebbles drawn beside it or a ritual's label, the badges placed before it
        and the board's edges. Worked out for every space at once (any may be offered), once
        per window size and language."""
        self._forget_old_words()
        if self._badges:
            return self._badges
        board = self.layout.board
        tiles = [
            (pygame.Vector2(self.tile_rect(position).center), self.tile_pixels() * 0.6)
            for position in range(self.board.path_length)
        ]
        pile = pygame.Vector2(self.resolve(pile_spot(self.board)))
        tiles.append((pile, self.tile_pixels() * PILE_SCALE * 0.8))
        spaces = [
            (pygame.Vector2(self.space_centre(space)), self.space_radius(space) * 1.05)
            for space in range(self.table.space_count)
        ]
        for space in range(self.table.space_count):
            x, y = self.space_centre(space)
            radius = self.space_radius(space)
            fountain = self._fountain_of(space)
            if fountain is not None and self.table.fountains[fountain].gold:
                beside = [self._ritual_label(fountain)]
            else:
                beside = _pebble_dots(self.table.space_pebbles[space], (x, y), radius)
            near = [(pygame.Vector2(rect.center), max(rect.size) / 2) for rect in beside]
            near += tiles + spaces[:space] + spaces[space + 1 :]
            gap = self.choice_ring(space)[1] + self.layout.px(4)
            width, height = self._badge_size(self.table.space_color[space] < 0)
            spots = [pygame.Rect(0, 0, width, height) for _side in BADGE_SIDES]
            for spot, degrees in zip(spots, BADGE_SIDES, strict=True):
                angle = math.radians(degrees)
                spot.center = (
                    round(x + math.cos(angle) * (radius + width / 2 + gap)),
                    round(y + math.sin(angle) * (radius + height / 2 + gap)),
                )
            room = [_clearance(spot, board, near, self._badges) for spot in spots]
            self._badges.append(spots[room.index(max(room))])
        return self._badges

    def _badge_size(self, free: bool) -> tuple[int, int]:
        """The size of a cost badge: room for "-1" and a pebble, and a free space's for
        "free" too (longer in some languages: only those badges grow)."""
        px = self.layout.px
        widest = theme.text_width(COST, theme.BOLD_FONT, px(13)) + px(18)
        if free:
            free_width = theme.text_width(
                pgettext("costs nothing", "free"), theme.BOLD_FONT, px(13)
            )
            widest = max(widest, free_width)
        return widest + px(12), max(px(20), theme.font(theme.BOLD_FONT, px(13)).get_height())

    def _fountain_of(self, space: int) -> int | None:
        """Which fountain in play `space` is, if it is one."""
        garden = len(self.board.spaces)
        return space - garden if space >= garden else None

    # Every frame ---------------------------------------------------------------------------

    def draw_board(
        self,
        surface: pygame.Surface,
        picture: CastlePresenter,
        offer: Offer,
        pulse: float,
        hovered: int | None,
    ) -> None:
        """The garden as `picture` has it. While the player at the screen chooses, the spaces
        `offer`ed glow (the `hovered` one brightest, with the tile it would hide beside) and
        every other space is dimmed (figures stay bright: they are drawn after), and the tile
        they may recover glows by `pulse`."""
        theme.blit_picture(surface, self.static_layer(), self.layout.board.topleft)
        if offer.spaces:
            surface.blit(self._dimmed_except(offer.spaces), self.layout.board)
        self._draw_pile(surface, picture)
        self._draw_slider(surface, picture.slider)
        for tile in picture.path:
            if tile is not None:
                self.draw_tile(surface, tile)
        for seat, anchor in enumerate(picture.figures):
            if anchor is not None:
                self.draw_figure(surface, seat, self.resolve(anchor))
        for space in offer.spaces:
            lit = 1.0 if space == hovered else (pulse - 0.75) * 2
            self.draw_choice(surface, space, self.table.space_color[space], lit)
        if offer.tile is not None:
            self.draw_tile_glow(surface, offer.tile, pulse)
        if hovered is not None and hovered in offer.spaces:
            beside = self.table.space_faces[hovered]
            if beside > 0 and picture.path[beside] is not None:
                self.draw_tile_glow(surface, beside, 0.45)  # the tile you would hide beside
        for splash in picture.splashes:  # what flies above everything
            self._draw_splash(surface, splash)
        for tile in picture.loose:
            self.draw_tile(surface, tile)
        for pebble in picture.flights:
            self.draw_flying_pebble(surface, pebble)
        drawn = picture.shown.drawn
        if drawn is not None and offer.asked:
            self._draw_fountain_draw(surface, drawn)

    def draw_hint(
        self, surface: pygame.Surface, command: Command, offer: Offer, pulse: float
    ) -> None:
        """The hinted move on the garden: the space to hide in ringed in a pulsing glow, or
        the tile to recover framed in it."""
        if self._layout is None:
            return
        layout = self.layout
        if isinstance(command, MoveTo):
            # Round the space's rim, so that as it pulses it stays inside the choice's ring,
            # clear of the cost badge beside it.
            ring, width = self.choice_ring(command.space)
            rim = ring - width - layout.px(2)
            draw_hint_marker(surface, self.space_centre(command.space), rim, pulse, layout.px)
        elif isinstance(command, Recover) and offer.tile is not None:
            draw_glow_frame(surface, self.tile_rect(offer.tile), pulse, layout.px, arrow=True)

    def _draw_fountain_draw(self, surface: pygame.Surface, drawn: tuple[int, int, int]) -> None:
        """During a gold fountain's choice: the pebbles just `drawn`, on a card at the top of
        the garden, so the choice on the action strip can be weighed against them."""
        px = self.layout.px
        icon, gap = px(24), px(6)
        label, pixels = _("The fountain gave you:"), px(16)
        label_width = theme.text_width(label, theme.BODY_FONT, pixels)
        colors = [c for c in range(3) for _ in range(drawn[c])]
        width = label_width + gap * 2 + len(colors) * (icon + gap)
        card = pygame.Rect(0, 0, width + px(24), icon + px(18))
        card.midtop = (self.layout.board.centerx, self.layout.board.top + px(12))
        theme.panel(surface, card, alpha=235, border=theme.GOLD, radius=px(10))
        left = card.left + px(12)
        theme.blit_text(
            surface, label, theme.BODY_FONT, pixels, theme.TEXT, "midleft", (left, card.centery)
        )
        left += label_width + gap * 2
        for n, color in enumerate(colors):
            pebble_icon(surface, color, (left + n * (icon + gap) + icon / 2, card.centery), icon)

    def _dimmed_except(self, choices: frozenset[int]) -> pygame.Surface:
        """A veil over every space but `choices` (with the pebbles drawn beside them), made
        once per choice and size: the same choice is drawn every frame."""
        if self._veil is not None and self._veil[0] == choices:
            return self._veil[1]
        board = self.layout.board
        veil = new_surface(board.size, pygame.SRCALPHA)
        veiled = [space for space in range(self.table.space_count) if space not in choices]
        # Drawing replaces alpha rather than adding it: every space's outer, fainter disc
        # goes down before any inner one, so neighbours' veils never lighten each other.
        for step in range(VEIL_STEPS):
            for space in veiled:
                x, y = self.space_centre(space)
                reach = self.space_radius(space) * (
                    1.75 if self._fountain_of(space) is None else 1.3
                )
                radius = reach * (1 - 0.4 * step / VEIL_STEPS)
                alpha = VEIL_ALPHA * (step + 1) // VEIL_STEPS
                pygame.draw.circle(veil, (*DIM, alpha), (x - board.left, y - board.top), radius)
        self._veil = (choices, veil)
        return veil

    def draw_choice(self, surface: pygame.Surface, space: int, cost: int, lit: float) -> None:
        """A space the player may hide in, unmistakably: a ring of the legal-target glow and
        a badge with what moving there costs (a pebble of `cost`'s colour, or free: -1).
        `lit` (0..1) brightens the ring's halo, fully when hovered."""
        ring, width = self.choice_ring(space)
        theme.glow_ring(
            surface, self.space_centre(space), ring, width=width, strength=0.6 + 0.4 * lit
        )
        self._cost_badge(surface, space, cost)

    def choice_ring(self, space: int) -> tuple[float, int]:
        """The glowing ring round a space the player may choose: its outer radius and width,
        just outside the space's rim, or hugging a fountain's art."""
        rim = self.space_radius(space) * (1.0 if self._fountain_of(space) is None else 0.95)
        width = max(3, self.layout.px(5))
        return rim + self.layout.px(2) + width, width

    def _cost_badge(self, surface: pygame.Surface, space: int, cost: int) -> None:
        """A little pill beside the space: "free", or "-1" and the pebble it takes (with its
        colour's mark)."""
        px = self.layout.px
        badge = self.badge_places()[space]
        words = pgettext("costs nothing", "free") if cost < 0 else COST
        _pill(surface, badge, theme.GLOW, DIM, max(1, px(1.5)))
        if cost < 0:
            theme.blit_text(
                surface, words, theme.BOLD_FONT, px(13), theme.TEXT_ON_LIGHT, "center", badge.center
            )
            return
        pebble = px(16)
        left = (
            badge.centerx - (pebble + px(2) + theme.text_width(words, theme.BOLD_FONT, px(13))) // 2
        )
        pebble_icon(surface, cost, (left + pebble / 2, badge.centery), pebble)
        at = (left + pebble + px(2), badge.centery)
        theme.blit_text(surface, words, theme.BOLD_FONT, px(13), theme.TEXT_ON_LIGHT, "midleft", at)

    def _draw_pile(self, surface: pygame.Surface, picture: CastlePresenter) -> None:
        """Zirroz's pile: the tiles that fell off the path as they landed, the magician
        keeping them from behind, and how many there are."""
        if not picture.fallen:
            return
        size = self.board.tile_size
        x, y = picture.pile[1], picture.pile[2]
        feet = self.to_screen(x + size * 0.2, y - size * 0.05)
        self._draw_magician(surface, 0.7, (round(feet[0]), round(feet[1])))
        for index, front in enumerate(picture.fallen):
            dx, dy, angle = pile_pose(index)
            at: Anchor = ("map", x + dx * size, y + dy * size)
            self.draw_tile(surface, TileSprite(front, at, angle=angle, scale=PILE_SCALE))
        fallen = str(len(picture.fallen))
        badge = self._pile_badge(picture.pile, fallen)
        _pill(surface, badge, DIM, theme.SILVER, self.layout.px(1))
        pixels = self.layout.px(PILE_COUNT)
        theme.blit_text(
            surface, fallen, theme.BOLD_FONT, pixels, theme.TEXT, "center", badge.center
        )

    def _pile_badge(self, pile: Anchor, count: str) -> pygame.Rect:
        """The pill with how many tiles lie on Zirroz's `pile` (`count`), at its lower left
        corner."""
        size = self.board.tile_size
        x, y = pile[1], pile[2]
        corner = self.to_screen(x - size * PILE_SCALE * 0.5, y + size * PILE_SCALE * 0.45)
        badge = pygame.Rect((0, 0), theme.bold(self.layout.px(PILE_COUNT)).size(count))
        badge = badge.inflate(self.layout.px(10), self.layout.px(2))
        badge.width = max(badge.width, badge.height)
        badge.center = (round(corner[0]), round(corner[1]))
        return badge

    def _draw_splash(self, surface: pygame.Surface, splash: Splash) -> None:
        """Dust thrown up where a tile lands: two rings spreading and fading."""
        x, y = self.resolve(splash.at)
        radius = self.tile_pixels() * PILE_SCALE * 0.5
        fade = 1 - splash.progress
        layer = new_surface((radius * 5, radius * 3), pygame.SRCALPHA)
        middle = (layer.get_width() / 2, layer.get_height() / 2)
        for ring, reach in ((0, 1.0), (1, 0.7)):
            spread = radius * (0.8 + reach * 1.4 * ease_out(splash.progress))
            oval = pygame.Rect(0, 0, spread * 2, spread * 1.1)
            oval.center = (round(middle[0]), round(middle[1]))
            alpha = round(200 * fade * (1 - 0.4 * ring))
            pygame.draw.ellipse(layer, (*theme.MOONLIGHT, alpha), oval, width=self.layout.px(3))
        surface.blit(layer, layer.get_rect(center=(round(x), round(y + radius * 0.4))))

    def _draw_slider(self, surface: pygame.Surface, pushed: float) -> None:
        slider = self.board.slider
        castle = self.board.castle
        width, height = round(slider.width * self.map_scale), round(slider.height * self.map_scale)
        x, y = self.to_screen(slider.x, slider.y)
        travel = (castle.y + castle.height * 0.35 - slider.y) * self.map_scale * pushed
        art = assets.image("castle/slider.svg", width, height)
        theme.blit_picture(surface, art, art.get_rect(topleft=(x, y + travel)))
        self._draw_magician(surface, 0.9, (x + width / 2, y + travel + height * 0.8))

    def _draw_magician(
        self, surface: pygame.Surface, tall: float, feet: tuple[float, float]
    ) -> None:
        """Zirroz, `tall` tiles tall, standing at `feet`."""
        height = round(self.tile_pixels() * tall)
        wizard = assets.image("castle/magician.svg", round(height * 0.72), height)
        theme.blit_picture(surface, wizard, wizard.get_rect(midbottom=feet))

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
        x, y = self.resolve(tile.at)
        if tile.target is not None:
            x, y = _part_way((x, y), self.resolve(tile.target), tile.progress)
        theme.blit_picture(surface, face, face.get_rect(center=(round(x), round(y))))

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        centre: tuple[float, float],
        size: int | None = None,
    ) -> None:
        height = size or round(self.board.tile_size * self.map_scale * 0.95)
        art = assets.image(f"castle/figure_{self.looks[seat]}.svg", round(height * 0.83), height)
        theme.blit_picture(
            surface,
            art,
            art.get_rect(midbottom=(round(centre[0]), round(centre[1] + height * 0.3))),
        )

    def draw_flying_pebble(self, surface: pygame.Surface, pebble: Flight) -> None:
        t = pebble.progress
        x, y = _part_way(self.resolve(pebble.start), self.resolve(pebble.end), t)
        y -= math.sin(math.pi * t) * self.layout.px(60)  # an arc
        pebble_icon(surface, pebble.what, (x, y), self.layout.px(22))

    def draw_tile_glow(self, surface: pygame.Surface, position: int, strength: float) -> None:
        rect = self.tile_rect(position).inflate(
            self.tile_pixels() * 0.16, self.tile_pixels() * 0.16
        )
        alphas = [round(60 * strength * (step + 1) / 4) for step in range(4)]
        draw_nested_frames(surface, rect, theme.GOLD, alphas, 4, rect.width // 5)

    # The side panel ----------------------------------------------------------------------------

    def draw_seat(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        seat: int,
        picture: CastlePresenter,
        acting: bool,
    ) -> None:
        """A player's row: the kit's frame, the figure and name, the start token, the jewels
        and tiles recovered, and the pebbles behind the screen (or only how many, when the
        viewer may not look). The name stands at the top (not where the kit's `draw_seat_row`
        puts it): the pebbles' line under it is framed whole by the lesson."""
        layout, px = self.layout, self.layout.px
        draw_seat_frame(surface, layout, rect, self.crest(seat), acting)
        self.draw_figure(surface, seat, (rect.left + px(30), rect.centery - px(4)), px(50))
        left = rect.left + px(56)
        width = rect.right - px(36) - left  # up to the start token
        short = rect.height < px(SHORT_ROW)  # its name a little smaller, clear of the line
        largest = px(15 if short else 17)
        name, size = theme.fit(self.names[seat], theme.BOLD_FONT, largest, width, px(13))
        top = (left, rect.top + px(3 if short else 8))
        theme.blit_text(surface, name, theme.BOLD_FONT, size, theme.TEXT, "topleft", top)
        if seat == picture.shown.start_seat:
            token = assets.image("castle/start_token.svg", px(20), px(20))
            topright = (rect.right - px(8), rect.top + px(6))
            theme.blit_picture(surface, token, token.get_rect(topright=topright))
        shown = picture.seats[seat] if seat < len(picture.seats) else None
        if shown is None:
            return
        jewels = sum(len(jewels) for jewels, _spell in shown.recovered)
        gem = assets.image("castle/jewel_yellow.svg", px(18), px(18))
        line = counts_line(layout, rect)
        theme.blit_picture(surface, gem, gem.get_rect(midleft=(left, line)))
        # The tiles recovered as a small tile and how many (no word: the row has no room for
        # one in every language).
        tile = tile_face((1,), None, px(18))
        theme.blit_picture(surface, tile, tile.get_rect(midleft=(left + px(46), line)))
        for text, face, pixels, ink, at in (
            (f"{jewels}", theme.BOLD_FONT, 17, theme.MOONLIGHT, left + px(22)),
            (str(len(shown.recovered)), theme.BODY_FONT, 15, theme.SILVER, left + px(65)),
        ):
            theme.blit_text(surface, text, face, px(pixels), ink, "midleft", (at, line))
        box = pebbles_box(layout, rect)
        x, y = rect.left + rect.width * 0.58, box.centery
        icon, gap, spacing, group = pebble_row(layout)
        if shown.screen is None:  # the screen, and how many pebbles behind it, colours unseen
            high = px(30 if rect.height >= px(SHORT_ROW) else 20)  # clear of the name above
            screen = assets.image("castle/screen.svg", round(high * 46 / 30), high)
            theme.blit_picture(surface, screen, screen.get_rect(midleft=(x - px(8), y)))
            pebble_icon(surface, None, (x + px(46) + icon / 2, y), icon)
            count, where = str(shown.pebbles), (x + px(46) + icon + gap, y)
            theme.blit_text(surface, count, theme.BOLD_FONT, px(16), theme.TEXT, "midleft", where)
            return
        left = rect.right - px(8) - 3 * group - 2 * spacing
        for color in range(3):
            cx = left + color * (group + spacing) + icon / 2
            pebble_icon(surface, color, (cx, y), icon)
            count, where = str(shown.screen[color]), (cx + icon / 2 + gap, y)
            theme.blit_text(surface, count, theme.BOLD_FONT, px(16), theme.TEXT, "midleft", where)

    def draw_supply(self, surface: pygame.Surface, picture: CastlePresenter) -> None:
        """The supply strip: the pouch, the pebbles beside the board, the tiles in the castle
        and on Zirroz's pile, each with its count."""
        theme.panel(surface, self.layout.extra, alpha=200)
        places = self.supply_places()
        pouch = assets.image("castle/pouch.svg", places.pouch.width, places.pouch.height)
        theme.blit_picture(surface, pouch, places.pouch)
        for color, icon in enumerate(places.pebbles):
            pebble_icon(surface, color, icon.center, icon.width)
        bold, body, silver = theme.BOLD_FONT, theme.BODY_FONT, theme.SILVER
        # (room, text, face, design size, ink, where in its room)
        texts = [
            (places.pouch_count, str(picture.pouch_count), bold, 17, theme.TEXT, "midleft"),
            (places.label, _("beside the board"), body, theme.MIN_TEXT, silver, "center"),
            (places.castle, in_castle(str(picture.castle_count)), body, 13, silver, "midright"),
            (places.fallen, fallen_off(len(picture.fallen)), body, 13, silver, "midright"),
        ] + [
            (room, str(picture.paid[color]), bold, 14, theme.TEXT, "midleft")
            for color, room in enumerate(places.counts)
        ]
        for room, content, face, size, ink, anchor in texts:
            point = getattr(room, anchor)
            theme.blit_text(surface, content, face, self.layout.px(size), ink, anchor, point)


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
        oval = pygame.Rect(0, 0, size, size * 0.8)
        at = (centre[0] - size / 2, centre[1] - size * 0.4)
        pygame.draw.ellipse(surface, (30, 30, 48), oval.move(at[0] + 1, at[1] + 2))
        pygame.draw.ellipse(surface, (150, 154, 176), oval.move(at))
        return
    art = assets.image(f"castle/pebble_{COLOR_NAMES[color]}.svg", size, size)
    theme.blit_picture(surface, art, art.get_rect(center=(round(centre[0]), round(centre[1]))))


def _pill(
    surface: pygame.Surface, rect: pygame.Rect, fill: theme.Color, rim: theme.Color, width: int
) -> None:
    """A badge's pill, which text is written on."""
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, rim, rect, width=width, border_radius=rect.height // 2)
    theme.holds_text(surface, rect)


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
        tips = (x - radius * 0.6, y + radius * 0.6), (x + radius * 0.6, y - radius * 0.6)
        pygame.draw.line(surface, ink, *tips, max(1, width // 2))
