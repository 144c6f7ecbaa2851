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
        width = (936.0 - (self.seats - 1) * 8) / self.seats
        return pygame.FRect(12 + seat * (width + 8), 300, width, 288)

    def sale(self, seat: int) -> pygame.FRect:
        panel = self.panel(seat)
        return pygame.FRect(panel.right - 52, panel.top + 8, 42, 60)

    def purse(self, seat: int) -> pygame.FRect:
        panel = self.panel(seat)
        return pygame.FRect(panel.left + 8, panel.top + 74, panel.width - 16, 52)

    def goods(self, seat: int) -> pygame.FRect:
        panel = self.panel(seat)
        return pygame.FRect(panel.left + 8, panel.top + 134, panel.width - 16, 70)

    def hand_row(self, seat: int) -> pygame.FRect:
        """The row of cards a merchant still has to sell."""
        panel = self.panel(seat)
        return pygame.FRect(panel.left + 8, panel.top + 214, panel.width - 16, 42)

    def hand(self, seat: int, index: int, count: int) -> pygame.FRect:
        panel = self.panel(seat)
        room = panel.width - 16
        step = min(34.0, (room - 30) / max(1, count - 1)) if count > 1 else 0.0
        return pygame.FRect(panel.left + 8 + index * step, panel.top + 214, 30, 42)


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

    def draw_goods(self, surface: pygame.Surface, card: int, rect: pygame.Rect) -> None:
        if rect.width >= 4:
            theme.blit_layer(surface, goods_face(card, rect.width, rect.height), rect.topleft)

    def draw_camel(self, surface: pygame.Surface, capacity: int, rect: pygame.Rect) -> None:
        if rect.width >= 4:
            theme.blit_layer(surface, camel_face(capacity, rect.width, rect.height), rect.topleft)

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
                surface.blit(coin, coin.get_rect(center=rect.center))
                theme.blit_text(
                    surface,
                    str(what.amount),
                    theme.BOLD_FONT,
                    self.px(15),
                    theme.GOLD,
                    "midtop",
                    (rect.centerx, rect.centery + self.px(16)),
                )


def goods_type(card: int) -> int:
    return card // CARDS_PER_TYPE


def goods_value(card: int) -> int:
    return GOODS_VALUES[card % CARDS_PER_TYPE]


@lru_cache(maxsize=512)
def goods_face(card: int, width: int, height: int) -> pygame.Surface:
    """A goods card with its value, or its back (card < 0)."""
    if card < 0:
        return assets.image("samarkand/card_back.svg", width, height)
    face = assets.image(f"samarkand/goods_{TYPE_NAMES[goods_type(card)]}.svg", width, height)
    face = face.copy()
    theme.blit_text(
        face,
        str(goods_value(card)),
        theme.HEADING_FONT,
        max(8, round(height * 0.3)),
        theme.TEXT_ON_LIGHT,
        "center",
        (width // 2, round(height * 0.82)),
    )
    return face


@lru_cache(maxsize=64)
def camel_face(capacity: int, width: int, height: int) -> pygame.Surface:
    face = assets.image("samarkand/camel.svg", width, height).copy()
    theme.blit_text(
        face,
        str(capacity),
        theme.HEADING_FONT,
        max(8, round(height * 0.3)),
        theme.TEXT_ON_LIGHT,
        "center",
        (width // 2, round(height * 0.82)),
    )
    return face


theme.forget_with_fonts(goods_face)
theme.forget_with_fonts(camel_face)
