"""Draws a Moonlight Market table: the cushions with their links and the cards bid beside them,
one row per position (its chains at the five gems and the links it received), the viewer's
hand, the supply, the seals and the casket; the pieces in flight; and in the side panel each
position's row (Dirk's and Beate's too) and the prestige track. What is lit for the seat at the
screen comes from the screen (`Marks`), worked out once a frame.

Geometry is worked out in board units (BOARD_W x BOARD_H) and scaled to the board's rect; art
is rasterized at the size it is drawn (cached by ui.assets)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import N_, _, pgettext
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.board import BoardUnits
from moonlight_desktop.ui.table.glow import draw_glow_frame, draw_nested_frames
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.looks import Look, draw_badge
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.rows import SeatRow, draw_seat_row
from moonlight_desktop.ui.table.ui_defaults import LookArt

from ..components import (
    GEMS,
    HAMMER,
    IS_DOUBLING,
    LINK_TARGETS,
    LINK_VALUE,
    SEAL,
    TWO_GEM_4,
    WORTHLESS,
    chain_value,
    scores_chain,
)
from ..moves import Bid, PlaceLink, PlayDisplaced, UseHammer
from ..state import Phase
from ..table import COLUMNS, Table
from .narrator import COLOUR_WORDS, gem_name, stage_words
from .presenter import COIN_TOKEN, Gain, MarketPresenter, Piece
from .setup import AUTOMATON_LOOKS

Color = tuple[int, int, int]
BOARD_W, BOARD_H = 960.0, 720.0
ASPECT = BOARD_W / BOARD_H
GEM_INK: tuple[Color, ...] = (
    (86, 150, 240),
    (226, 84, 96),
    (236, 236, 244),
    (84, 196, 126),
    (244, 204, 72),
)
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
GAIN_WORDS = {"seals": N_("seal majority"), "card": N_("last card")}
"""What points are counted for, besides a gem (marked: translate where shown)."""
OWN_ART = {HAMMER: "hammer", SEAL: "seal", WORTHLESS: "worthless"}
"""The links drawn by art of their own, not a gem's."""
TOKEN_SIZES = {"seal": 26, "start_coin": 28}
"""A seal's and the start coin's size in flight, in board units."""
PIECE_SIZES = {"link": (46, 30), "card": (50, 72)}
"""A link's and a card's size in flight or dragged, in board units."""


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
    Look("saffron", N_("Saffron"), (212, 145, 17)),
    Look("indigo", N_("Indigo"), (96, 102, 249)),
    Look("coral", N_("Coral"), (239, 107, 91)),
    Look("mint", N_("Mint"), (96, 200, 160)),
    Look("plum", N_("Plum"), (173, 108, 188)),
)
LOOK_BY_ID = {look.id: look for look in LOOKS}
AUTOMATON_COLORS: dict[str, Color] = {"dirk": (201, 209, 230), "beate": (226, 181, 74)}


def look_color(look: str) -> Color:
    if look in LOOK_BY_ID:
        return LOOK_BY_ID[look].color
    return AUTOMATON_COLORS.get(look, theme.SILVER)


def draw_look(surface: pygame.Surface, look: str, centre: tuple[float, float], size: int) -> None:
    """A crest (a real player) or a portrait (Dirk, Beate)."""
    if look in AUTOMATON_LOOKS:
        blit_art(surface, look, size, centre)
    else:
        draw_badge(surface, LOOK_BY_ID.get(look), centre, size)


LOOK_ART = LookArt(draw_look, look_color)
"""A seat's crest, or Dirk's and Beate's portraits."""


def blit_art(surface: pygame.Surface, name: str, size: int, centre: tuple[float, float]) -> None:
    """The square picture assets/market/<name>.svg, `size` pixels wide, centred on `centre`."""
    art = assets.image(f"market/{name}.svg", size, size)
    theme.blit_picture(surface, art, art.get_rect(center=(round(centre[0]), round(centre[1]))))


@dataclass(frozen=True, slots=True)
class Marks:
    """What the board marks for the seat at the screen, from one snapshot of the table."""

    waiting: tuple[int, ...] = ()
    """The positions whose rows are lit gold (the table waits for them)."""
    legal: Sequence[Command] = ()
    """What the seat at the screen may do now: their choices glow."""
    card: int | None = None
    """The hand card picked for a bid (lifted), whose cushions glow."""
    link: int | None = None
    """The received link picked (framed), whose gems glow."""
    dragged: Piece | None = None
    """The piece held under the pointer (a card or a link being dragged)."""
    glow: float = 1.0


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
    def __init__(
        self,
        table: Table,
        names: tuple[str, ...],
        looks: tuple[str, ...],
        picture: MarketPresenter,
    ) -> None:
        super().__init__(BOARD_W)
        self.table = table
        self.names = names
        self.looks = looks
        self.picture = picture
        self.places = places_for(table.positions, table.rows)

    def seat_point(self, position: int) -> tuple[float, float]:
        """A seat's row in the side panel (where a prestige gain points)."""
        assert self.layout is not None
        if position < len(self.layout.seats):
            row = self.layout.seats[position]
            return (row.centerx, row.centery)
        return self.to_screen(*self.places.plate(position).center)

    def box(self, anchor: Anchor, viewer: int | None, hand: int) -> pygame.FRect | None:
        """The box of a piece's place, in board units: a cushion, a gem's column (`gem`:
        position, gem), a link's slot, a bid, a received link, a link of a chain, the viewer's
        hand card; None for a point of a plate or the strip."""
        kind, first, second = anchor[0], int(anchor[1]), int(anchor[2])
        places = self.places
        if kind == "cushion":
            return places.cushions[first]
        if kind == "gem":
            return places.column(first, second)
        if kind == "slot":
            return places.slot(self.table, first, second)
        if kind == "bid":
            return places.bid(first)
        if kind == "tray":
            return places.tray(first, second)
        if kind == "chain":
            return places.chain(first, second // 3, second % 3)
        if kind == "hand" and first == viewer:
            return places.hand(second, hand)
        return None

    def point(self, anchor: Anchor, viewer: int | None, hand: int) -> tuple[float, float]:
        kind, first = anchor[0], int(anchor[1])
        places = self.places
        box = self.box(anchor, viewer, hand)
        if box is not None:
            return self.to_screen(*box.center)
        if kind == "coin":
            return self.to_screen(*places.coin())
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
        kind, first = anchor[0], int(anchor[1])
        places = self.places
        box = self.box(anchor, viewer, hand)
        if box is not None:
            return self.rect(box)
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

    def draw_piece(self, surface: pygame.Surface, what: Piece, centre: tuple[float, float]) -> None:
        if what.kind in TOKEN_SIZES:
            blit_art(surface, what.kind, self.px(TOKEN_SIZES[what.kind]), centre)
            return
        width, height = PIECE_SIZES[what.kind]
        rect = pygame.Rect(0, 0, self.px(width), self.px(height))
        rect.center = (round(centre[0]), round(centre[1]))
        draw = self.draw_link if what.kind == "link" else self.draw_card
        draw(surface, what.number, rect)

    def draw_flights(self, surface: pygame.Surface) -> None:
        picture = self.picture
        hand = len(picture.hand or ())
        for flight in picture.flights:
            start = self.point(flight.start, picture.viewer, hand)
            end = self.point(flight.end, picture.viewer, hand)
            t = flight.progress
            centre = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            self.draw_piece(surface, flight.what, centre)

    # The board -----------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, marks: Marks) -> None:
        assert self.layout is not None
        theme.panel(surface, self.layout.board, alpha=120, radius=self.px(18))
        self._draw_cushions(surface, marks)
        for position in range(len(self.names)):
            self._draw_row(surface, position, marks)
        self._draw_strip(surface, marks)
        self.draw_flights(surface)
        if marks.dragged is not None:
            self.draw_piece(surface, marks.dragged, pygame.mouse.get_pos())

    def draw_hint(self, surface: pygame.Surface, command: Command, me: int, pulse: float) -> None:
        """The hinted move on the board, framed in a pulsing glow: the card to bid and its
        cushion, the link to lay and its gem's column, or the link for the hammer."""
        places, picture = self.places, self.picture
        rects: list[pygame.Rect] = []
        if isinstance(command, Bid | PlayDisplaced):
            cushion = command.cushion
            rects.append(self.rect(places.cushions[cushion]).union(self.rect(places.bid(cushion))))
            hand = picture.hand or []
            if isinstance(command, Bid) and command.card in hand:
                rects.append(self.rect(places.hand(hand.index(command.card), len(hand))))
        elif isinstance(command, PlaceLink):
            rects.append(self.rect(places.column(me, command.gem)))
            pending = picture.pending[me]
            if command.link in pending:
                rects.append(self.rect(places.tray(me, pending.index(command.link))))
        elif isinstance(command, UseHammer):
            rects.append(self.rect(places.chain(me, command.gem, command.slot)))
        for rect in rects:
            draw_glow_frame(surface, rect, pulse, self.px, arrow=True)

    def _glow(
        self, surface: pygame.Surface, rect: pygame.Rect, pulse: float, strength: float = 1.0
    ) -> None:
        alphas = [round(70 * strength * pulse * (step + 1) / 4) for step in range(4)]
        draw_nested_frames(surface, rect.inflate(12, 12), theme.GLOW, alphas, 3, 8)

    def _write(
        self,
        surface: pygame.Surface,
        text: str,
        size: float,
        color: Color,
        anchor: str,
        position: tuple[float, float],
        face: str = theme.BOLD_FONT,
    ) -> None:
        """Text on the board, `size` board units high (never below the least legible)."""
        theme.blit_text(surface, text, face, self.text_px(size), color, anchor, position)

    def _draw_cushions(self, surface: pygame.Surface, marks: Marks) -> None:
        places, picture = self.places, self.picture
        view = picture.shown
        lit = {c.cushion for c in marks.legal if isinstance(c, PlayDisplaced)}
        if marks.card is not None:
            lit |= {c.cushion for c in marks.legal if isinstance(c, Bid) and c.card == marks.card}
        column = view.round_index if view.phase != Phase.OVER else -1
        for cushion, box in enumerate(places.cushions):
            rect = self.rect(box)
            name = "market/cushion_moon.svg" if cushion == 0 else "market/cushion.svg"
            theme.blit_picture(surface, stretched(name, rect.width, rect.height), rect)
            if 0 <= column < COLUMNS:  # the round's column of links, outlined
                first = self.rect(places.slot(self.table, cushion, column))
                rows = len(picture.cushions[cushion]) // COLUMNS
                last = self.rect(places.slot(self.table, cushion, (rows - 1) * COLUMNS + column))
                pygame.draw.rect(
                    surface, theme.GOLD, first.union(last).inflate(6, 6), width=2, border_radius=6
                )
            for index, link in enumerate(picture.cushions[cushion]):
                if link >= 0:
                    self.draw_link(
                        surface, link, self.rect(places.slot(self.table, cushion, index))
                    )
            spot = self.rect(places.bid(cushion))
            pygame.draw.rect(surface, theme.PANEL_BORDER, spot, width=2, border_radius=6)
            if picture.bids[cushion] >= 0:
                self.draw_card(surface, picture.bids[cushion], spot)
                bidder = picture.bidders[cushion]
                if bidder >= 0:
                    draw_look(surface, self.looks[bidder], (spot.right, spot.top), self.px(20))
            if cushion in lit:
                self._glow(surface, rect.union(spot), marks.glow)
        if picture.coin < 0 and not any(f.what == COIN_TOKEN for f in picture.flights):
            blit_art(surface, "start_coin", self.px(28), self.to_screen(*places.coin()))

    def _draw_row(self, surface: pygame.Surface, position: int, marks: Marks) -> None:
        """A position's row on the board: its plate (crest, name, last cards played, counts),
        its chains at the five gems and the links it received."""
        places, picture = self.places, self.picture
        row = self.rect(places.rows[position])
        border, width = (theme.GOLD, 3) if position in marks.waiting else (theme.PANEL_BORDER, 1.5)
        theme.panel(
            surface, row, alpha=200, border=border, width=self.px(width), radius=self.px(10)
        )
        self._draw_plate(surface, position)
        mine = picture.shown.viewer == position
        lit_gems: set[int] = set()
        if mine and marks.link is not None:
            lit_gems = {
                c.gem for c in marks.legal if isinstance(c, PlaceLink) and c.link == marks.link
            }
        strikes = {(c.gem, c.slot) for c in marks.legal if isinstance(c, UseHammer) and mine}
        for gem in GEMS:
            column = self.rect(places.column(position, gem))
            if picture.scoring == str(int(gem)):  # this gem is being counted: the chain's value
                pygame.draw.rect(
                    surface, GEM_INK[gem], column, width=self.px(2), border_radius=self.px(6)
                )
                chain = picture.chains[position][gem]
                worth = str(chain_value(chain)) if scores_chain(chain) else "\N{EM DASH}"
                top_right = (column.right - self.px(3), column.top + self.px(9))
                self._write(surface, worth, 15, theme.GOLD, "midright", top_right)
            mark = assets.image(f"market/gem_{COLOUR_WORDS[gem]}.svg", self.px(16), self.px(16))
            theme.blit_picture(
                surface, mark, mark.get_rect(midtop=(column.centerx, column.top + self.px(1)))
            )
            for slot, link in enumerate(picture.chains[position][gem]):
                rect = self.rect(places.chain(position, gem, slot))
                self.draw_link(surface, link, rect)
                if (gem, slot) in strikes:
                    self._glow(surface, rect, marks.glow, 0.8)
            if gem in lit_gems:
                self._glow(surface, column, marks.glow)
        for index, link in enumerate(picture.pending[position]):
            rect = self.rect(places.tray(position, index))
            self.draw_link(surface, link, rect)
            if mine and link == marks.link:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(4, 4), width=2, border_radius=5)
        for gain in picture.gains:
            if gain.position == position:
                self._draw_gain(surface, row, gain)

    def _draw_plate(self, surface: pygame.Surface, position: int) -> None:
        places, picture = self.places, self.picture
        plate = self.rect(places.plate(position))
        crest = (plate.left + self.px(20), plate.top + self.px(20))
        draw_look(surface, self.looks[position], crest, self.px(30))
        left = plate.left + self.px(40)
        name, size = theme.fit(
            self.names[position],
            theme.BOLD_FONT,
            self.text_px(15),
            plate.right - self.px(4) - left,
        )
        theme.blit_text(
            surface, name, theme.BOLD_FONT, size, theme.TEXT, "midleft", (left, crest[1])
        )
        y = plate.bottom - self.px(16)
        counts = (
            ("market/seal.svg", (18, 18), 14, picture.seals[position]),
            ("market/card_back.svg", (13, 18), 50, picture.hand_sizes[position]),
            ("market/card_back.svg", (16, 22), 92, picture.pile_sizes[position]),
        )
        for art, (width, height), left, count in counts:
            image = assets.image(art, self.px(width), self.px(height))
            theme.blit_picture(
                surface, image, image.get_rect(center=(plate.left + self.px(left), y))
            )
            at = (plate.left + self.px(left + 12), y)
            self._write(surface, str(count), 14, theme.TEXT, "midleft", at)
        # The discard pile, face up: its last few cards side by side, the newest last.
        for order, played in enumerate(picture.discards[position][-4:]):
            self.draw_card(surface, played, self.rect(places.discard(position, order)))
        if picture.coin == position:
            blit_art(
                surface, "start_coin", self.px(22), self.point(("coin_at", position, 0), None, 0)
            )
        if picture.displaced[position] >= 0:
            card = pygame.Rect(0, 0, self.px(30), self.px(42))
            dx, dy = self.point(("displaced", position, 0), None, 0)
            card.center = (round(dx), round(dy))
            self.draw_card(surface, picture.displaced[position], card)
            # Translators: under a displaced card, which must be played next.
            self._write(
                surface,
                pgettext("a displaced card", "next"),
                13,
                theme.GOLD,
                "midtop",
                card.midbottom,
            )

    def _draw_gain(self, surface: pygame.Surface, row: pygame.Rect, gain: Gain) -> None:
        """Points being awarded, over the right end of the row, with what for."""
        if gain.what in GAIN_WORDS:
            what = _(GAIN_WORDS[gain.what])
        else:
            what = gem_name(int(gain.what)) if gain.what.isdigit() else ""
        right = row.right - self.px(10)
        theme.blit_text(
            surface,
            f"+{gain.points}",
            theme.HEADING_FONT,
            self.px(28),
            theme.GOLD,
            "midright",
            (right, row.centery - self.px(6)),
        )
        at = (right, row.centery + self.px(16))
        self._write(surface, what, 14, theme.GOLD, "midright", at, theme.BODY_FONT)

    def _draw_strip(self, surface: pygame.Surface, marks: Marks) -> None:
        """Below the rows: the hand of the seat at the screen, the supply, the seals not yet
        won and the casket, and where the game stands."""
        places, picture = self.places, self.picture
        view = picture.shown
        strip = self.rect(places.strip)
        hand = picture.hand
        if hand is not None and view.viewer is not None:
            playable = {c.card for c in marks.legal if isinstance(c, Bid)}
            for index, card in enumerate(hand):
                rect = self.rect(places.hand(index, len(hand)))
                if card == marks.card:
                    rect = rect.move(0, -self.px(10))
                self.draw_card(surface, card, rect, lifted=card in playable)
            # Whose hand this is, between the cards and the supply (on two lines if need be).
            right = self.rect(places.hand(max(len(hand), 1) - 1, len(hand))).right
            room = pygame.Rect(right + self.px(12), strip.top, 0, strip.height)
            room.width = round(self.point(("supply", 0, 0), None, 0)[0]) - self.px(30)
            room.width -= room.left
            lines, size = theme.fit_lines(
                _("The hand of {player}").format(player=self.names[view.viewer]),
                theme.BODY_FONT,
                self.text_px(15),
                room.width,
                room.height,
            )
            # A fifth more than the line size: room for accents over capitals (Ä, É).
            line_height = round(theme.body(size).get_linesize() * 1.2)
            for n, line in enumerate(lines):
                y = room.centery + (n - (len(lines) - 1) / 2) * line_height
                theme.blit_text(
                    surface, line, theme.BODY_FONT, size, theme.SILVER, "midleft", (room.left, y)
                )
        icon = self.px(34)
        for kind, art, count in (
            ("supply", "supply_bag", picture.supply_count),
            ("seal_supply", "seal", picture.seal_supply),
            ("casket", "casket", picture.casket),
        ):
            cx, cy = self.point((kind, 0, 0), None, 0)
            blit_art(surface, art, icon, (cx, cy))
            self._write(surface, str(count), 15, theme.TEXT, "midtop", (cx, cy + icon / 2))
        at = (strip.right - self.px(10), strip.top + self.px(4))
        self._write(surface, stage_words(view), 15, theme.MOONLIGHT, "topright", at)

    # The side panel ------------------------------------------------------------------------

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, position: int, acting: bool
    ) -> None:
        """A position's row in the side panel, started as every game starts it: its prestige
        at the right, the word for it beside the name (which leaves it room), and under the
        name, for Dirk and Beate, how they play."""
        layout = self.layout
        assert layout is not None
        look = self.looks[position]
        figure, word = (
            str(self.picture.prestige[position]),
            pgettext("points beside a seat", "prestige"),
        )
        figure_left = (
            rect.right - layout.px(12) - theme.text_width(figure, theme.HEADING_FONT, layout.px(26))
        )
        word_left = (
            figure_left
            - layout.px(6)
            - theme.text_width(word, theme.BODY_FONT, layout.px(theme.MIN_TEXT))
        )
        name_room = math.ceil((rect.right - word_left + layout.px(6)) / layout.scale)
        row = SeatRow(self.names[position], look_color(look), acting, name_room=name_room)
        room = draw_seat_row(
            surface, layout, rect, row, lambda s, centre, size: draw_look(s, look, centre, size)
        )
        if self.table.is_automaton(position):
            note, size = theme.fit(
                _("plays by the rulebook"),
                theme.BODY_FONT,
                layout.px(theme.MIN_TEXT),
                figure_left - layout.px(6) - room.left,
            )
            at = (room.left, rect.centery + layout.px(11))
            theme.blit_text(surface, note, theme.BODY_FONT, size, theme.SILVER, "midleft", at)
        theme.blit_text(
            surface,
            figure,
            theme.HEADING_FONT,
            layout.px(26),
            theme.MOONLIGHT,
            "midright",
            (rect.right - layout.px(12), rect.centery),
        )
        blit_small(
            surface,
            layout,
            word,
            "midright",
            (figure_left - layout.px(6), rect.centery - layout.px(8)),
        )

    def draw_track(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The prestige track: every position's marker along it."""
        layout = self.layout
        assert layout is not None
        theme.panel(surface, rect, alpha=200)
        prestige = self.picture.prestige
        top = max(60, max(prestige, default=0))
        span = 30 * ((top + 29) // 30)
        left, right = rect.left + layout.px(16), rect.right - layout.px(16)
        y = rect.centery + layout.px(6)
        pygame.draw.line(surface, theme.SILVER, (left, y), (right, y), layout.px(2))
        for mark in range(0, span + 1, 10):
            x = left + (right - left) * mark / span
            pygame.draw.line(surface, theme.SILVER, (x, y - layout.px(4)), (x, y + layout.px(4)), 1)
            if mark % 30 == 0:
                blit_small(surface, layout, str(mark), "midtop", (x, y + layout.px(5)))
        badge = layout.px(24)
        points = [left + (right - left) * min(p, span) / span for p in prestige]
        for position, x in side_by_side(points, badge + layout.px(2), right + badge // 2):
            draw_look(surface, self.looks[position], (x, y - layout.px(16)), badge)


def blit_small(
    surface: pygame.Surface,
    layout: TableLayout,
    text: str,
    anchor: str,
    position: tuple[float, float],
) -> None:
    """A side-panel note in the smallest text (a seat's "prestige", the track's marks)."""
    theme.blit_text(
        surface, text, theme.BODY_FONT, layout.px(theme.MIN_TEXT), theme.SILVER, anchor, position
    )


def side_by_side(centres: Sequence[float], width: float, limit: float) -> list[tuple[int, float]]:
    """Markers at `centres` along a line, each at its place or, where markers would overlap,
    pushed along just far enough (`width` apart), never past `limit`: (its index, its
    centre), leftmost first."""
    order = sorted(range(len(centres)), key=lambda n: centres[n])
    placed: list[tuple[int, float]] = []
    for n in order:
        x = centres[n] if not placed else max(centres[n], placed[-1][1] + width)
        placed.append((n, x))
    overshoot = max(0.0, placed[-1][1] - limit) if placed else 0.0
    return [(n, x - overshoot) for n, x in placed]


@lru_cache(maxsize=16)
def stretched(name: str, width: int, height: int) -> pygame.Surface:
    """Art drawn to fill (width, height) exactly: a cushion's box is set by the links it holds."""
    natural = assets.image(name, width, 10 * height)
    return pygame.transform.smoothscale(natural, (max(1, width), max(1, height)))


@lru_cache(maxsize=512)
def link_face(link: int, width: int, height: int, value_px: int) -> pygame.Surface:
    """A link's face, its value written at `value_px`."""
    face = pygame.Surface((width, height), pygame.SRCALPHA)
    if link in OWN_ART:
        face.blit(assets.image(f"market/link_{OWN_ART[link]}.svg", width, height), (0, 0))
        return face
    gems = LINK_TARGETS[link]
    left = assets.image(f"market/link_{COLOUR_WORDS[gems[0]]}.svg", width, height)
    face.blit(left, (0, 0))
    ink = (26, 26, 46)
    if TWO_GEM_4 <= link < HAMMER:  # two gems: the right half is the other gem's left half
        # The other gem's link mirrored, so its gem sits on the right and the outline joins.
        other = assets.image(f"market/link_{COLOUR_WORDS[gems[1]]}.svg", width, height)
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
