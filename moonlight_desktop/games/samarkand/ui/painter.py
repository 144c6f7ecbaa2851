"""Draws a Samarkand souk: the Dean's countdown clock, the lots in the market (the goods put up
for sale and the camel), the camel deck, the bank and the discards along the top; a panel per
merchant below (crest and name, the Dean's token, the card put up for sale, the screen with
the dirhams and camels, the goods bought, the cards still to sell); the pieces in flight.

Geometry is in board units (BOARD_W x BOARD_H), scaled to the board's rect; art is rasterized
at the size it is drawn."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.board import BoardUnits
from moonlight_desktop.ui.table.looks import Look, draw_badge
from moonlight_desktop.ui.table.presenter import Anchor

from ..components import CARDS_PER_TYPE, GOODS_VALUES
from .presenter import CamelPiece, CoinPiece, GoodsPiece, SamarkandPresenter

Color = tuple[int, int, int]
BOARD_W, BOARD_H = 960.0, 600.0
ASPECT = BOARD_W / BOARD_H
TYPE_NAMES = ("fruits", "jewels", "spices", "textiles", "clothing")
CARD = (70.0, 100.0)
SALE_CARD = (42.0, 60.0)
GOODS_CARD = (36.0, 54.0)
HAND_CARD = (40.0, 60.0)
"""Board units of a lot, the card put up for sale, a card bought and one in hand."""
CARD_CREAM: Color = (248, 241, 222)
"""The cards' paper, behind a fanned card's value."""
LOTS_LEFT, LOTS_TOP, LOT_STEP = 232.0, 40.0, 92.0
MAX_LOTS = 5
"""Up to five goods lots: four sellers and the bank, or five sellers."""

LOOKS = (
    Look("amber", "Amber", (232, 168, 64)),
    Look("teal", "Teal", (52, 184, 164)),
    Look("rose", "Rose", (224, 86, 110)),
    Look("azure", "Azure", (77, 157, 232)),
    Look("violet", "Violet", (160, 124, 226)),
)
LOOK_BY_ID = {look.id: look for look in LOOKS}


def look_color(look: str) -> Color:
    return LOOK_BY_ID[look].color if look in LOOK_BY_ID else theme.SILVER


def draw_look(surface: pygame.Surface, look: str, centre: tuple[float, float], size: int) -> None:
    """A merchant's crest: a round badge of its colour with its initial."""
    draw_badge(surface, LOOK_BY_ID.get(look), centre, size)


@dataclass(frozen=True, slots=True)
class Places:
    """Where everything is, in board units, for `seats` merchants."""

    seats: int

    @staticmethod
    def clock() -> tuple[tuple[float, float], float]:
        return (112.0, 150.0), 92.0

    @staticmethod
    def lot(index: int) -> pygame.FRect:
        return pygame.FRect(LOTS_LEFT + index * LOT_STEP, LOTS_TOP, *CARD)

    @staticmethod
    def camel() -> pygame.FRect:
        return pygame.FRect(LOTS_LEFT + MAX_LOTS * LOT_STEP + 24, LOTS_TOP, *CARD)

    @staticmethod
    def camel_deck() -> pygame.FRect:
        return pygame.FRect(LOTS_LEFT + MAX_LOTS * LOT_STEP + 24, LOTS_TOP + 150, 52, 74)

    @staticmethod
    def bank() -> pygame.FRect:
        return pygame.FRect(LOTS_LEFT + 2 * LOT_STEP, LOTS_TOP + 150, 64, 64)

    @staticmethod
    def discard() -> pygame.FRect:
        return pygame.FRect(LOTS_LEFT + 4 * LOT_STEP, LOTS_TOP + 150, 52, 74)

    def panel(self, seat: int) -> pygame.FRect:
        """A merchant's panel: crest and name, what they sell and the Dean's token; the
        screen (or the purse) beside the card put up for sale; the goods bought; the hand."""
        width = (936.0 - (self.seats - 1) * 8) / self.seats
        return pygame.FRect(12 + seat * (width + 8), 300, width, 288)

    def dean(self, seat: int) -> pygame.FRect:
        panel = self.panel(seat)
        return pygame.FRect(panel.right - 36, panel.top + 32, 28, 28)

    def sale(self, seat: int) -> pygame.FRect:
        panel = self.panel(seat)
        return pygame.FRect(panel.right - 50, panel.top + 64, *SALE_CARD)

    def purse(self, seat: int) -> pygame.FRect:
        panel = self.panel(seat)
        return pygame.FRect(panel.left + 8, panel.top + 68, panel.width - 66, 52)

    def goods(self, seat: int) -> pygame.FRect:
        panel = self.panel(seat)
        return pygame.FRect(panel.left + 8, panel.top + 132, panel.width - 16, GOODS_CARD[1])

    def bought(self, seat: int, index: int, count: int) -> pygame.FRect:
        """A card of the goods a merchant has bought, fanned so that each one's value shows."""
        return fanned(self.goods(seat), GOODS_CARD, index, count)

    def hand_row(self, seat: int) -> pygame.FRect:
        """The row of cards a merchant still has to sell."""
        panel = self.panel(seat)
        return pygame.FRect(panel.left + 8, panel.top + 204, panel.width - 16, HAND_CARD[1])

    def hand(self, seat: int, index: int, count: int) -> pygame.FRect:
        return fanned(self.hand_row(seat), HAND_CARD, index, count)


def fanned(row: pygame.FRect, card: tuple[float, float], index: int, count: int) -> pygame.FRect:
    """The `index`th of `count` cards fanned along `row` from its left, each drawn over the one
    before it: as far apart as they may be (a little apart when there is room), so each card's
    corner (its value) shows."""
    step = min(card[0] + 4, (row.width - card[0]) / max(1, count - 1)) if count > 1 else 0.0
    return pygame.FRect(row.left + index * step, row.top, *card)


class SamarkandPainter(BoardUnits):
    def __init__(self, seats: int, types: tuple[int, ...]) -> None:
        super().__init__(BOARD_W)
        self.places = Places(seats)
        self.types = types

    def point(self, anchor: Anchor) -> tuple[float, float]:
        kind, first = anchor[0], int(anchor[1])
        places = self.places
        box = self._box(kind, first)
        if box is not None:
            return self.to_screen(*box.center)
        if kind == "clock":
            return self.to_screen(*places.clock()[0])
        return self.to_screen(*places.panel(first).center)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        """The card, row, panel or dial an anchor names, whole."""
        kind, first = anchor[0], int(anchor[1])
        box = self._box(kind, first)
        if box is not None:
            return self.rect(box)
        if kind == "clock":
            (x, y), radius = self.places.clock()
            return self.rect(pygame.FRect(x - radius, y - radius, 2 * radius, 2 * radius))
        return None

    def _box(self, kind: str, seat: int) -> pygame.FRect | None:
        places = self.places
        fixed = {
            "camel": places.camel,
            "camel_deck": places.camel_deck,
            "bank": places.bank,
            "discard": places.discard,
        }
        if kind in fixed:
            return fixed[kind]()
        by_seat = {
            "lot": places.lot,
            "sale": places.sale,
            "purse": places.purse,
            "camels": places.purse,
            "goods": places.goods,
            "hand": places.hand_row,
            "panel": places.panel,
        }
        return by_seat[kind](seat) if kind in by_seat else None

    # Pieces --------------------------------------------------------------------------------

    def value_px(self, rect: pygame.Rect, fanned: bool) -> int:
        """The size a card's value is written at: large at its foot, or a corner's index when
        other cards cover the rest of it."""
        return self.text_px(16) if fanned else max(self.text_px(18), round(rect.height * 0.3))

    def draw_goods(
        self, surface: pygame.Surface, card: int, rect: pygame.Rect, fanned: bool = False
    ) -> None:
        """A goods card (its back: card < 0); `fanned`: its value in its top left corner, which
        the card laid over it leaves in sight."""
        if rect.width >= 4:
            face = goods_face(card, rect.width, rect.height, self.value_px(rect, fanned), fanned)
            theme.holds_text(surface, rect)
            theme.blit_picture(surface, face, rect.topleft)

    def draw_camel(
        self, surface: pygame.Surface, capacity: int, rect: pygame.Rect, fanned: bool = False
    ) -> None:
        if rect.width >= 4:
            face = camel_face(
                capacity, rect.width, rect.height, self.value_px(rect, fanned), fanned
            )
            theme.holds_text(surface, rect)
            theme.blit_picture(surface, face, rect.topleft)

    def draw_flights(self, surface: pygame.Surface, picture: SamarkandPresenter) -> None:
        for flight in picture.flights:
            start, end = self.point(flight.start), self.point(flight.end)
            t = flight.progress
            centre = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
            what = flight.what
            rect = pygame.Rect(0, 0, self.px(56), self.px(80))
            rect.center = (round(centre[0]), round(centre[1]))
            if isinstance(what, GoodsPiece):
                self.draw_goods(surface, what.card, rect)
            elif isinstance(what, CamelPiece):
                self.draw_camel(surface, what.capacity, rect)
            elif isinstance(what, CoinPiece):
                coin = assets.image("samarkand/coins_stack.svg", self.px(34), self.px(34))
                theme.blit_picture(surface, coin, coin.get_rect(center=rect.center))
                theme.blit_text(
                    surface,
                    str(what.amount),
                    theme.BOLD_FONT,
                    self.text_px(15),
                    theme.GOLD,
                    "midtop",
                    (rect.centerx, rect.centery + self.px(16)),
                )


def goods_type(card: int) -> int:
    return card // CARDS_PER_TYPE


def goods_value(card: int) -> int:
    return GOODS_VALUES[card % CARDS_PER_TYPE]


@lru_cache(maxsize=512)
def goods_face(card: int, width: int, height: int, value_px: int, corner: bool) -> pygame.Surface:
    """A goods card with its value written at `value_px`, at its foot or in its top left
    `corner`; or its back (card < 0)."""
    if card < 0:
        return assets.image("samarkand/card_back.svg", width, height)
    face = assets.image(f"samarkand/goods_{TYPE_NAMES[goods_type(card)]}.svg", width, height)
    return _valued(face, goods_value(card), value_px, corner)


@lru_cache(maxsize=64)
def camel_face(
    capacity: int, width: int, height: int, value_px: int, corner: bool
) -> pygame.Surface:
    face = assets.image("samarkand/camel.svg", width, height)
    return _valued(face, capacity, value_px, corner)


def _valued(art: pygame.Surface, value: int, pixels: int, corner: bool) -> pygame.Surface:
    """A copy of a card's `art` with `value` written on it."""
    face = art.copy()
    width, height = face.get_size()
    if not corner:
        at = (width // 2, round(height * 0.82))
        theme.blit_text(
            face, str(value), theme.HEADING_FONT, pixels, theme.TEXT_ON_LIGHT, "center", at
        )
        return face
    # An index on a plate of the card's cream, so the picture never shows through it.
    plate = pygame.Rect(0, 0, round(pixels * 0.8), round(pixels * 1.05))
    plate.topleft = (round(width * 0.06), round(height * 0.05))
    pygame.draw.rect(face, CARD_CREAM, plate, border_radius=max(1, pixels // 5))
    theme.blit_text(
        face, str(value), theme.HEADING_FONT, pixels, theme.TEXT_ON_LIGHT, "center", plate.center
    )
    return face


theme.forget_with_fonts(goods_face)
theme.forget_with_fonts(camel_face)
