"""Draws a Moonlight Market table: the cushions with their links and the cards bid beside them,
one row per position (its chains at the five gems and the links it received), the viewer's
hand, the supply, the seals and the casket; and the pieces in flight.

Geometry is worked out in board units (BOARD_W x BOARD_H) and scaled to the board's rect; art
is rasterized at the size it is drawn (cached by ui.assets)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.board import BoardUnits
from moonlight_desktop.ui.table.looks import Look, draw_badge
from moonlight_desktop.ui.table.presenter import Anchor

from ..components import (
    HAMMER,
    IS_DOUBLING,
    LINK_TARGETS,
    LINK_VALUE,
    SEAL,
    TWO_GEM_4,
    WORTHLESS,
)
from ..table import COLUMNS, Table
from .presenter import CardPiece, CoinPiece, LinkPiece, MarketPresenter, SealPiece

Color = tuple[int, int, int]
BOARD_W, BOARD_H = 960.0, 720.0
ASPECT = BOARD_W / BOARD_H
GEM_NAMES = ("blue", "red", "white", "green", "yellow")
GEM_INK: tuple[Color, ...] = (
    (86, 150, 240),
    (226, 84, 96),
    (236, 236, 244),
    (84, 196, 126),
    (244, 204, 72),
)
DIM = (8, 10, 30)
FIELDS = {False: (32 / 180, 148 / 180), True: (60 / 240, 208 / 240)}
"""Where links lie on a cushion's art (its stitched field, top and bottom as fractions of its
height; across, 16% to 84%): the other cushions, the moon cushion."""
ROW_PITCH = 31.0
"""A row of links on a cushion, in board units."""
CUSHION_W = 200.0
"""A cushion's width, in board units: three links across, each wide enough for its value."""
ROWS_LEFT = 280.0
"""Where the positions' rows begin, right of the cushions and their bids."""
DISCARD_CARD = (24.0, 34.0)
"""Board units of a card of a plate's discard pile (up to four side by side)."""


PLATE_COUNTS = {"seals": 40.0, "pile": 40.0, "coin_at": 22.0}
"""The plate's counts a lesson may point at: the board units from its icon's left to its
count's end (the start coin has no count)."""

ANCHOR_KINDS = frozenset(
    {
        *("cushion", "slot", "bid", "coin"),  # the cushions
        *("plate", "seals", "pile", "discard", "displaced", "coin_at"),  # a position's plate
        *("gem", "chain", "tray", "hand", "track"),  # its tableau, hand and prestige
        *("supply", "seal_supply", "casket"),  # the strip below the rows
    }
)
"""The anchors `MarketPainter.point` resolves, each (kind, first, second): a cushion's box,
slot (index row by row) or bid; a position's plate and the things on it; its gem column
(`gem`: position, gem), a link of its chains (`chain`: position, gem * 3 + slot), a received
link (`tray`), the viewer's hand card, its prestige row; the supply, seals and casket. Any
other kind falls back to the position's plate."""


LOOKS = (
    Look("saffron", "Saffron", (240, 170, 60)),
    Look("indigo", "Indigo", (96, 110, 220)),
    Look("coral", "Coral", (236, 112, 96)),
    Look("mint", "Mint", (96, 200, 160)),
    Look("plum", "Plum", (176, 104, 196)),
)
LOOK_BY_ID = {look.id: look for look in LOOKS}
AUTOMATON_LOOKS = ("dirk", "beate")
AUTOMATON_COLORS: dict[str, Color] = {"dirk": (201, 209, 230), "beate": (226, 181, 74)}


def look_color(look: str) -> Color:
    if look in LOOK_BY_ID:
        return LOOK_BY_ID[look].color
    return AUTOMATON_COLORS.get(look, theme.SILVER)


def draw_look(surface: pygame.Surface, look: str, centre: tuple[float, float], size: int) -> None:
    """A crest (a real player) or a portrait (Dirk, Beate)."""
    x, y = round(centre[0]), round(centre[1])
    if look in AUTOMATON_LOOKS:
        art = assets.image(f"market/{look}.svg", size, size)
        theme.blit_picture(surface, art, art.get_rect(center=(x, y)))
        return
    draw_badge(surface, LOOK_BY_ID.get(look), centre, size)


@dataclass(frozen=True, slots=True)
class Places:
    """Where everything is, in board units, for a table of `positions`."""

    cushions: tuple[pygame.FRect, ...]
    rows: tuple[pygame.FRect, ...]
    hand_top: float
    strip: pygame.FRect

    def slot(self, table: Table, cushion: int, index: int) -> pygame.FRect:
        """A link's place in the stitched field of a cushion's art (fractions of its box)."""
        box = self.cushions[cushion]
        top, bottom = FIELDS[cushion == 0]
        rows = table.rows[cushion]
        row, column = divmod(index, COLUMNS)
        pitch_x = box.width * 0.68 / COLUMNS
        pitch_y = box.height * (bottom - top) / rows
        height = min(pitch_y - 5, (pitch_x - 4) / 1.5)
        rect = pygame.FRect(0, 0, height * 1.5, height)
        rect.center = (
            box.left + box.width * 0.16 + pitch_x * (column + 0.5),
            box.top + box.height * top + pitch_y * (row + 0.5),
        )
        return rect

    def bid(self, cushion: int) -> pygame.FRect:
        box = self.cushions[cushion]
        rect = pygame.FRect(0, 0, 50, 72)
        rect.center = (box.right + 32, box.centery + (10 if cushion == 0 else 0))
        return rect

    def coin(self) -> tuple[float, float]:
        box = self.cushions[0]
        return (box.right + 32, box.top + 16)

    def plate(self, position: int) -> pygame.FRect:
        """A position's plate: crest and name along the top, the last cards played and the
        card displaced under them, the seals, hand and pile counts along the bottom."""
        row = self.rows[position]
        return pygame.FRect(row.left, row.top, 150, row.height)

    def discard(self, position: int, order: int) -> pygame.FRect:
        """The `order`th of the last four cards played (the newest last), side by side."""
        plate = self.plate(position)
        rect = pygame.FRect(0, 0, *DISCARD_CARD)
        rect.midleft = (plate.left + 8 + order * (DISCARD_CARD[0] + 3), plate.top + 52)
        return rect

    def chain(self, position: int, gem: int, index: int) -> pygame.FRect:
        column = self.column(position, gem)
        height = min(26.0, (column.height - 24) / 3 - 1)
        rect = pygame.FRect(0, 0, height * 1.5, height)
        rect.midtop = (column.centerx, column.top + 20 + index * (height + 1))
        return rect

    def column(self, position: int, gem: int) -> pygame.FRect:
        row = self.rows[position]
        return pygame.FRect(row.left + 156 + gem * 74, row.top + 2, 72, row.height - 4)

    def tray(self, position: int, index: int) -> pygame.FRect:
        row = self.rows[position]
        left = row.left + 156 + 5 * 74 + 8
        line, column = divmod(index, 3)
        height = min(28.0, (row.height - 12) / 2)
        pitch = (row.right - left) / 3
        rect = pygame.FRect(0, 0, min(pitch - 4, height * 1.5), height)
        rect.topleft = (left + column * pitch, row.top + 6 + line * (height + 2))
        return rect

    def hand(self, index: int, count: int) -> pygame.FRect:
        step = 62.0
        return pygame.FRect(self.strip.left + 8 + index * step, self.hand_top, 56, 80)


def places_for(positions: int, rows_per_cushion: tuple[int, ...]) -> Places:
    cushions = []
    top = 12.0
    for cushion, lines in enumerate(rows_per_cushion):
        field = FIELDS[cushion == 0]
        height = lines * ROW_PITCH / (field[1] - field[0])
        cushions.append(pygame.FRect(12, top, CUSHION_W, height))
        top += height + 6
    rows_top, rows_bottom = 12.0, 604.0
    row_height = min(118.0, (rows_bottom - rows_top - (positions - 1) * 6) / positions)
    rows = tuple(
        pygame.FRect(ROWS_LEFT, rows_top + p * (row_height + 6), 948 - ROWS_LEFT, row_height)
        for p in range(positions)
    )
    strip = pygame.FRect(ROWS_LEFT, 612, 948 - ROWS_LEFT, 100)
    return Places(tuple(cushions), rows, 624.0, strip)


class MarketPainter(BoardUnits):
    def __init__(self, table: Table, looks: tuple[str, ...]) -> None:
        super().__init__(BOARD_W)
        self.table = table
        self.looks = looks
        self.places = places_for(table.positions, table.rows)

    def seat_point(self, position: int) -> tuple[float, float]:
        """A seat's row in the side panel (where a prestige gain points)."""
        assert self.layout is not None
        if position < len(self.layout.seats):
            row = self.layout.seats[position]
            return (row.centerx, row.centery)
        return self.to_screen(*self.places.plate(position).center)

    def point(self, anchor: Anchor, viewer: int | None, hand: int) -> tuple[float, float]:
        kind, first, second = anchor[0], int(anchor[1]), int(anchor[2])
        places = self.places
        if kind == "cushion":
            return self.to_screen(*places.cushions[first].center)
        if kind == "gem":  # a position's chain at a gem: its column on the tableau
            return self.to_screen(*places.column(first, second).center)
        if kind == "slot":
            return self.to_screen(*places.slot(self.table, first, second).center)
        if kind == "bid":
            return self.to_screen(*places.bid(first).center)
        if kind == "coin":
            return self.to_screen(*places.coin())
        if kind == "hand" and first == viewer:
            return self.to_screen(*places.hand(second, hand).center)
        if kind == "tray":
            return self.to_screen(*places.tray(first, second).center)
        if kind == "chain":
            return self.to_screen(*places.chain(first, second // 3, second % 3).center)
        if kind == "supply":
            return self.to_screen(places.strip.right - 230, places.strip.top + 52)
        if kind == "seal_supply":
            return self.to_screen(places.strip.right - 140, places.strip.top + 52)
        if kind == "casket":
            return self.to_screen(places.strip.right - 50, places.strip.top + 52)
        if kind == "track":
            return self.seat_point(first)
        plate = places.plate(first)
        offsets = {
            "pile": (92, plate.height - 16),
            "discard": (50, 52),
            "displaced": (132, 56),
            "seals": (14, plate.height - 16),
            "coin_at": (141, plate.height - 16),
        }
        dx, dy = offsets.get(kind, (60, plate.height - 16))
        return self.to_screen(plate.left + dx, plate.top + dy)

    def outline(self, anchor: Anchor, viewer: int | None, hand: int) -> pygame.Rect | None:
        """What a lesson frames for an anchor: a cushion, a link or its slot, a bid, a gem's
        column, a hand's card, a row of the side panel; None for a point of a plate or the
        strip."""
        kind, first, second = anchor[0], int(anchor[1]), int(anchor[2])
        places = self.places
        boxes = {
            "cushion": lambda: places.cushions[first],
            "gem": lambda: places.column(first, second),
            "slot": lambda: places.slot(self.table, first, second),
            "bid": lambda: places.bid(first),
            "tray": lambda: places.tray(first, second),
            "chain": lambda: places.chain(first, second // 3, second % 3),
        }
        if kind in boxes:
            return self.rect(boxes[kind]())
        if kind == "hand" and first == viewer:
            return self.rect(places.hand(second, hand))
        if kind == "discard":  # the last cards played, all four places
            return self.rect(places.discard(first, 0).union(places.discard(first, 3)))
        if kind in PLATE_COUNTS:  # an icon on a plate with its count after it
            x, y = self.point(anchor, viewer, hand)
            rect = pygame.Rect(0, 0, self.px(PLATE_COUNTS[kind]), self.px(22))
            rect.midleft = (round(x) - self.px(10), round(y))
            return rect
        if kind == "track" and self.layout is not None and first < len(self.layout.seats):
            return pygame.Rect(self.layout.seats[first])
        return None

    # Pieces --------------------------------------------------------------------------------

    def draw_link(self, surface: pygame.Surface, link: int, rect: pygame.Rect) -> None:
        """A chain link: its gem's art (two halves for a two-gem link), the value printed on
        its right; tools and worthless links their own art; a doubling its mark."""
        if rect.width < 4 or rect.height < 3:
            return
        value = theme.legible(round(rect.height * 0.55))
        theme.blit_picture(surface, link_face(link, rect.width, rect.height, value), rect.topleft)

    def draw_card(
        self, surface: pygame.Surface, card: int, rect: pygame.Rect, lifted: bool = False
    ) -> None:
        """A Market card face up with its number, or its back (card < 0)."""
        if rect.width < 4:
            return
        number = theme.legible(round(rect.height * 0.42))
        theme.blit_picture(surface, card_face(card, rect.width, rect.height, number), rect.topleft)
        if lifted:
            pygame.draw.rect(
                surface,
                theme.GLOW,
                rect.inflate(4, 4),
                width=max(2, rect.width // 18),
                border_radius=max(2, rect.width // 8),
            )

    def draw_piece(
        self, surface: pygame.Surface, what: object, centre: tuple[float, float]
    ) -> None:
        if isinstance(what, LinkPiece):
            rect = pygame.Rect(0, 0, self.px(46), self.px(30))
            rect.center = (round(centre[0]), round(centre[1]))
            self.draw_link(surface, what.link, rect)
        elif isinstance(what, CardPiece):
            rect = pygame.Rect(0, 0, self.px(50), self.px(72))
            rect.center = (round(centre[0]), round(centre[1]))
            self.draw_card(surface, what.card, rect)
        elif isinstance(what, SealPiece):
            art = assets.image("market/seal.svg", self.px(26), self.px(26))
            theme.blit_picture(
                surface, art, art.get_rect(center=(round(centre[0]), round(centre[1])))
            )
        elif isinstance(what, CoinPiece):
            art = assets.image("market/start_coin.svg", self.px(28), self.px(28))
            theme.blit_picture(
                surface, art, art.get_rect(center=(round(centre[0]), round(centre[1])))
            )

    def draw_flights(
        self, surface: pygame.Surface, picture: MarketPresenter, viewer: int | None
    ) -> None:
        hand = len(picture.hand or ())
        for flight in picture.flights:
            start = self.point(flight.start, viewer, hand)
            end = self.point(flight.end, viewer, hand)
            t = flight.progress
            centre = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            self.draw_piece(surface, flight.what, centre)


@lru_cache(maxsize=16)
def stretched(name: str, width: int, height: int) -> pygame.Surface:
    """Art drawn to fill (width, height) exactly: a cushion's box is set by the links it holds."""
    natural = assets.image(name, width, 10 * height)
    return pygame.transform.smoothscale(natural, (max(1, width), max(1, height)))


@lru_cache(maxsize=512)
def link_face(link: int, width: int, height: int, value_px: int) -> pygame.Surface:
    """A link's face, its value written at `value_px`."""
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    if link == HAMMER:
        face.blit(assets.image("market/link_hammer.svg", width, height), (0, 0))
        return face
    if link == SEAL:
        face.blit(assets.image("market/link_seal.svg", width, height), (0, 0))
        return face
    if link == WORTHLESS:
        face.blit(assets.image("market/link_worthless.svg", width, height), (0, 0))
        return face
    gems = LINK_TARGETS[link]
    left = assets.image(f"market/link_{GEM_NAMES[gems[0]]}.svg", width, height)
    face.blit(left, (0, 0))
    ink = (26, 26, 46)
    if TWO_GEM_4 <= link < HAMMER:  # two gems: the right half is the other gem's left half
        # The other gem's link mirrored, so its gem sits on the right and the outline joins.
        other = assets.image(f"market/link_{GEM_NAMES[gems[1]]}.svg", width, height)
        other = pygame.transform.flip(other, True, False)
        half = width // 2
        face.blit(other, (half, 0), pygame.Rect(half, 0, width - half, height))
        side = min(height, max(round(height * 0.5), round(value_px * 1.1)))
        badge = pygame.Rect(0, 0, side, side)
        badge.center = (half, height // 2)
        pygame.draw.ellipse(face, theme.MOONLIGHT, badge)
        theme.blit_text(
            face, str(LINK_VALUE[link]), theme.BOLD_FONT, value_px, ink, "center", badge.center
        )
    elif IS_DOUBLING[link]:
        side = round(height * 0.55)
        mark = assets.image("market/link_doubling_overlay.svg", side, side)
        face.blit(mark, mark.get_rect(center=(round(width * 0.68), round(height * 0.49))))
    elif LINK_VALUE[link]:
        centre = (round(width * 0.68), round(height * 0.49))
        theme.blit_text(
            face, str(LINK_VALUE[link]), theme.BOLD_FONT, value_px, ink, "center", centre
        )
    return face


@lru_cache(maxsize=256)
def card_face(card: int, width: int, height: int, number_px: int) -> pygame.Surface:
    """A card's face with its number written at `number_px`, or its back (card < 0)."""
    if card < 0:
        return assets.image("market/card_back.svg", width, height)
    face = assets.image("market/card_front.svg", width, height).copy()
    theme.blit_text(
        face,
        str(card),
        theme.HEADING_FONT,
        number_px,
        theme.TEXT_ON_LIGHT,
        "center",
        (width // 2, height // 2),
    )
    return face


theme.forget_with_fonts(link_face)
theme.forget_with_fonts(card_face)
