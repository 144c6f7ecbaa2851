"""Draws a Samarkand souk: the Dean's countdown clock, the lots in the market (the goods put up
for sale and the camel), the camel deck, the bank and the discards along the top; a panel per
merchant below (crest and name, the Dean's token, the card put up for sale, the screen with
the dirhams and camels, the goods bought, the cards still to sell); the pieces in flight.

Geometry is in board units (BOARD_W x BOARD_H), scaled to the board's rect; art is rasterized
at the size it is drawn."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import N_, _, format_list, ngettext, pgettext
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.board import BoardUnits
from moonlight_desktop.ui.table.game_ui import TableContext
from moonlight_desktop.ui.table.glow import draw_glow_frame, draw_hint_arrow, draw_nested_frames
from moonlight_desktop.ui.table.looks import Look, draw_badge
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.rows import SeatRow, draw_seat_frame, draw_seat_row
from moonlight_desktop.ui.table.ui_defaults import LookArt

from ..components import CAMEL, card_type, card_value
from ..moves import Order, Sell, Stop
from ..state import Phase
from .narrator import GOODS_NAMES, lot_label
from .presenter import SamarkandPresenter
from .setup import SEAT_LOOK_TITLES, SEAT_LOOKS

Color = tuple[int, int, int]
BOARD_W, BOARD_H = 960.0, 600.0
ASPECT = BOARD_W / BOARD_H
BOLD, HEADING = theme.BOLD_FONT, theme.HEADING_FONT
CARD = (70.0, 100.0)
SALE_CARD = (42.0, 60.0)
GOODS_CARD = (36.0, 54.0)
HAND_CARD = (40.0, 60.0)
"""Board units of a lot, the card put up for sale, a card bought and one in hand."""
CARD_CREAM: Color = (248, 241, 222)
"""The cards' paper, behind a fanned card's value."""
CLOCK_ARC: Color = (200, 72, 60)
"""The time left at the value called, and the clock's hand, on the cream dial."""
DIAL: Color = (246, 238, 214)
"""The dial's cream, under the value called."""
LOTS_LEFT, LOTS_TOP, LOT_STEP = 232.0, 40.0, 92.0
MAX_LOTS = 5
"""Up to five goods lots: four sellers and the bank, or five sellers."""
SELLS_WORDS = (
    N_("sells fruits"),
    N_("sells jewels"),
    N_("sells spices"),
    N_("sells textiles"),
    N_("sells clothing"),
)
"""What a merchant sells, on their panel, by goods type."""

CREST_COLORS = ((232, 168, 64), (59, 186, 165), (224, 86, 110), (51, 149, 190), (164, 119, 250))
"""Each crest's colour, in the order of the setup's looks."""
LOOKS = tuple(
    Look(look, title, color)
    for look, title, color in zip(SEAT_LOOKS, SEAT_LOOK_TITLES, CREST_COLORS, strict=True)
)
LOOK_BY_ID = {look.id: look for look in LOOKS}


def look_color(look: str) -> Color:
    return LOOK_BY_ID[look].color if look in LOOK_BY_ID else theme.SILVER


def draw_look(surface: pygame.Surface, look: str, centre: tuple[float, float], size: int) -> None:
    """A merchant's crest: a round badge of its colour with its initial."""
    draw_badge(surface, LOOK_BY_ID.get(look), centre, size)


LOOK_ART = LookArt(draw_look, look_color)


@dataclass(frozen=True, slots=True)
class Places:
    """Where everything is, in board units, for `seats` merchants."""

    seats: int

    @staticmethod
    def clock() -> tuple[tuple[float, float], float]:
        return (112.0, 150.0), 92.0

    @staticmethod
    def dial() -> pygame.FRect:
        """The clock's face, whole."""
        (x, y), radius = Places.clock()
        return pygame.FRect(x - radius, y - radius, 2 * radius, 2 * radius)

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

    @staticmethod
    def sheet() -> pygame.FRect:
        """The sealed sheet, laid over the merchants' panels, all of them (none shows in
        part)."""
        return pygame.FRect(12, 300, 936, 288)


def fanned(row: pygame.FRect, card: tuple[float, float], index: int, count: int) -> pygame.FRect:
    """The `index`th of `count` cards fanned along `row` from its left, each drawn over the one
    before it: as far apart as they may be (a little apart when there is room), so each card's
    corner (its value) shows."""
    step = min(card[0] + 4, (row.width - card[0]) / max(1, count - 1)) if count > 1 else 0.0
    return pygame.FRect(row.left + index * step, row.top, *card)


def by_kind(goods: Iterable[int]) -> list[int]:
    """Goods cards as a merchant lays them out: type by type, by value."""
    return sorted(goods, key=lambda card: (card_type(card), card_value(card)))


@dataclass(frozen=True, slots=True)
class Choices:
    """What the board lights for the seat at the screen, worked out once a frame from the
    table's legal commands (by the screen, which owns the sheet's prices)."""

    seat: int | None = None
    """The seat at the screen when the board shows its view (None: nothing is lit)."""
    sellable: frozenset[int] = frozenset()
    """The cards of its hand it may put up for sale."""
    stops: frozenset[int] = frozenset()
    """The lots it may say Stop! on."""
    sheet: tuple[tuple[int, int], ...] | None = None
    """The sealed sheet's rows, (lot, stop price set); None: no sheet."""


class SamarkandPainter(BoardUnits):
    """All of the souk's drawing, from the presenter's picture and the screen's `Choices`."""

    def __init__(self, seats: int, names: Sequence[str], looks: Sequence[str]) -> None:
        super().__init__(BOARD_W)
        self.places = Places(seats)
        self.names = tuple(names)
        self.looks = tuple(looks)

    def point(self, anchor: Anchor) -> tuple[float, float]:
        kind, first = anchor[0], int(anchor[1])
        box = self._box(kind, first)
        if box is None:  # a seat: its panel
            box = self.places.panel(first)
        return self.to_screen(*box.center)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        """The card, row, panel or dial an anchor names, whole."""
        box = self._box(anchor[0], int(anchor[1]))
        return None if box is None else self.rect(box)

    def _box(self, kind: str, seat: int) -> pygame.FRect | None:
        places = self.places
        fixed = {
            "clock": places.dial,
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

    def write(
        self,
        surface: pygame.Surface,
        text: str,
        pixels: int,
        at: tuple[float, float],
        anchor: str = "midleft",
        color: Color | None = None,
        font: str = theme.BODY_FONT,
    ) -> pygame.Rect:
        ink = theme.TEXT if color is None else color  # the theme's, read as it draws
        return theme.blit_text(surface, text, font, pixels, ink, anchor, at)

    def write_within(
        self,
        surface: pygame.Surface,
        text: str,
        pixels: int,
        box: pygame.Rect,
        color: Color | None = None,
        font: str = theme.BODY_FONT,
        centred: bool = False,
    ) -> None:
        """`text` inside `box`, its lines centred on the box's middle: shrunk to fit, else
        wrapped onto the lines the box holds (a longer language's words are not cut where
        they can fit)."""
        lines, size = theme.fit_lines(text, font, pixels, box.width, box.height)
        step = theme.font(font, size).get_linesize() + 1  # an accent clear of a descender
        top = box.centery - step * len(lines) / 2
        x, anchor = (box.centerx, "midtop") if centred else (box.left, "topleft")
        ink = theme.TEXT if color is None else color
        theme.blit_lines_from(surface, lines, font, size, ink, anchor, (x, top), step)

    # The board -----------------------------------------------------------------------------

    def draw_board(
        self,
        surface: pygame.Surface,
        picture: SamarkandPresenter,
        table: TableContext,
        choices: Choices,
    ) -> None:
        layout = self.layout
        assert layout is not None
        theme.panel(surface, layout.board, alpha=120, radius=self.px(18))
        time_left = table.time_left(table.viewer) if table.viewer is not None else None
        self._draw_clock(surface, picture, time_left)
        self._draw_market(surface, picture, choices.stops)
        for seat in range(len(self.names)):
            self._draw_panel(surface, picture, seat, seat in table.waiting, choices)
        if choices.sheet is not None:
            self._draw_sheet(surface, picture, choices.sheet)
        self.draw_flights(surface, picture)

    def _draw_clock(
        self,
        surface: pygame.Surface,
        picture: SamarkandPresenter,
        time_left: tuple[float, float] | None,
    ) -> None:
        (cx, cy), radius = self.places.clock()
        centre = self.to_screen(cx, cy)
        at = (round(centre[0]), round(centre[1]))
        size = self.px(radius * 2)
        dial = assets.image("samarkand/clock_face.svg", size, size)
        theme.blit_picture(surface, dial, dial.get_rect(center=at))
        counting = picture.shown.phase == Phase.COUNTDOWN or picture.claims or picture.dispute
        value = picture.value if counting else 10
        if time_left is not None and time_left[1] > 0:  # the time left at this value, as an arc
            share = time_left[0] / time_left[1]
            rect = pygame.Rect(0, 0, size - self.px(10), size - self.px(10))
            rect.center = at
            start = math.pi / 2
            rect = rect.inflate(-self.px(44), -self.px(44))  # inside the ticks
            end = start + 2 * math.pi * share
            pygame.draw.arc(surface, CLOCK_ARC, rect, start, end, self.px(7))
        # The value called, on a plain disc over the dial's boss, with a hand at its tick.
        self._draw_clock_hand(surface, centre, size, value)
        pygame.draw.circle(surface, DIAL, centre, size * 0.27)
        color = theme.TEXT_ON_LIGHT if counting else (120, 118, 110)
        self.write(surface, str(value), self.px(64), at, "center", color, HEADING)
        words = _("the Dean calls") if counting else _("the countdown starts at")
        # Under the dial, clear of a frame round it, across the clock's column above the panels.
        below = self.rect(pygame.FRect(8, cy + radius + 12, 2 * cx - 16, 300 - cy - radius - 14))
        self.write_within(surface, words, self.text_px(15), below, theme.SILVER, centred=True)

    def _draw_clock_hand(
        self, surface: pygame.Surface, centre: tuple[float, float], size: int, value: int
    ) -> None:
        """The clock's hand on the tick of `value` (the dial's ticks: 10 at the lower left,
        5 at the top, 0 at the lower right)."""
        degrees = (510 - 30 * value) % 360  # clockwise from the top
        angle = math.radians(degrees)
        reach = size * 0.36
        tip = (centre[0] + math.sin(angle) * reach, centre[1] - math.cos(angle) * reach)
        pygame.draw.line(surface, CLOCK_ARC, centre, tip, max(2, self.px(5)))
        pygame.draw.circle(surface, CLOCK_ARC, tip, max(2, self.px(5)))

    def _draw_market(
        self, surface: pygame.Surface, picture: SamarkandPresenter, stops: frozenset[int]
    ) -> None:
        places = self.places
        for rect, lot in self.lots(picture):
            pygame.draw.rect(surface, theme.PANEL_BORDER, rect, width=2, border_radius=8)
            if lot < 0:
                continue
            if lot == CAMEL:
                self.draw_card(surface, "camel", picture.camel_offer, rect)
            else:
                self.draw_card(surface, "goods", lot, rect)
            self._draw_claims(surface, picture, lot, rect)
            if lot in stops:
                self._glow(surface, rect)
        for art, box, count in (
            ("camel_back", places.camel_deck(), picture.camel_deck),
            ("card_back", places.discard(), picture.discards),
        ):
            rect = self.rect(box)
            if count:
                image = assets.image(f"samarkand/{art}.svg", rect.width, rect.height)
                theme.blit_picture(surface, image, rect)
            below = (rect.centerx, rect.bottom + self.px(10))  # clear of a frame round the pile
            self.write(surface, str(count), self.text_px(15), below, "midtop", font=BOLD)
        if len(picture.shown.types) > picture.shown.seats:  # three merchants: the bank sells
            rect = self.rect(places.bank())
            image = assets.image("samarkand/bank.svg", rect.width, rect.height)
            theme.blit_picture(surface, image, rect)
        if picture.dispute:
            self._draw_dispute(surface, picture)

    def lots(self, picture: SamarkandPresenter) -> list[tuple[pygame.Rect, int]]:
        """The market's places and what lies on each: a goods card, CAMEL, or -1 (empty)."""
        lots = [(self.rect(self.places.lot(n)), lot) for n, lot in enumerate(picture.offers)]
        lots.append((self.rect(self.places.camel()), CAMEL if picture.camel_offer >= 0 else -1))
        return lots

    def _draw_claims(
        self, surface: pygame.Surface, picture: SamarkandPresenter, lot: int, rect: pygame.Rect
    ) -> None:
        claimants = [seat for seat, claimed in picture.claims if claimed == lot]
        size = self.px(26)
        for n, seat in enumerate(claimants):
            centre = (rect.left + size // 2 + n * (size - 4), rect.top - size // 2)
            draw_look(surface, self.looks[seat], centre, size)
        if claimants:
            above = (rect.centerx, rect.top - size - self.px(2))
            stop = pgettext("said to buy a lot", "Stop!")
            self.write(surface, stop, self.px(20), above, "midbottom", theme.GOLD, HEADING)

    def _draw_dispute(self, surface: pygame.Surface, picture: SamarkandPresenter) -> None:
        lot, *claimants = picture.dispute
        names = format_list([self.names[s] for s in claimants])
        dean = picture.dean
        what = lot_label(lot, picture.camel_offer)
        if dean in claimants:
            # Translators: {names} lists who said Stop on {lot}; {dean} is one of them.
            told = _(
                "Dispute over {lot}: {names} said Stop together; {dean} is the Dean and takes it"
            )
            text = told.format(lot=what, names=names, dean=self.names[dean])
        else:
            # Translators: {names} lists who said Stop on {lot}.
            told = _(
                "Dispute over {lot}: {names} said Stop together; nobody buys it, and each pays half"
            )
            text = told.format(lot=what, names=names)
        layout = self.layout
        assert layout is not None
        width = layout.board.width
        box = pygame.Rect(0, 0, width - layout.px(60), layout.px(70))
        box.center = self.rect(pygame.FRect(12, 230, 936, 60)).center
        theme.panel(surface, box, alpha=240, border=theme.WARNING, radius=layout.px(10))
        room = box.inflate(-layout.px(20), -layout.px(10))
        self.write_within(surface, text, layout.px(18), room, font=BOLD, centred=True)

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        alphas = [40 + 25 * step for step in range(4)]
        draw_nested_frames(surface, rect.inflate(12, 12), theme.GLOW, alphas, 3, 10)

    # A merchant's panel --------------------------------------------------------------------

    def _draw_panel(
        self,
        surface: pygame.Surface,
        picture: SamarkandPresenter,
        seat: int,
        waiting: bool,
        choices: Choices,
    ) -> None:
        places, px = self.places, self.px
        layout = self.layout
        assert layout is not None
        panel = self.rect(places.panel(seat))
        draw_seat_frame(surface, layout, panel, look_color(self.looks[seat]), waiting)
        draw_look(surface, self.looks[seat], (panel.left + px(24), panel.top + px(24)), px(32))
        left = panel.left + px(46)
        name, size = theme.fit(
            self.names[seat], theme.BOLD_FONT, self.text_px(16), panel.right - px(8) - left
        )
        self.write(surface, name, size, (left, panel.top + px(18)), font=BOLD)
        dean = self.rect(places.dean(seat))
        kind = _(SELLS_WORDS[picture.shown.types[seat]])
        right = dean.left if picture.dean == seat else panel.right - px(8)
        # Between the name and the purse, on two lines if a language needs them.
        room = pygame.Rect(left, panel.top + px(29), right - left, px(35))
        self.write_within(surface, kind, self.text_px(15), room, theme.SILVER)
        if picture.dean == seat:
            token = assets.image("samarkand/dean.svg", dean.width, dean.height)
            theme.blit_picture(surface, token, dean)
        if picture.chosen[seat]:
            card = picture.my_sale if seat == picture.viewer else -1
            self.draw_card(surface, "goods", card, self.rect(places.sale(seat)))
        self._draw_purse(surface, picture, seat)
        self._draw_goods_bought(surface, picture, seat)
        sellable = choices.sellable if seat == choices.seat else frozenset()
        hand = picture.hands[seat]
        for index, card in enumerate(hand):
            rect = self.rect(places.hand(seat, index, len(hand)))
            self.draw_card(surface, "goods", card, rect, fanned=True)
            if card in sellable:
                pygame.draw.rect(surface, theme.GLOW, rect, width=2, border_radius=4)

    def _behind_screen(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        screen = assets.image("samarkand/merchant_screen.svg", box.width, box.height)
        theme.blit_picture(surface, screen, screen.get_rect(center=box.center))

    def _draw_purse(self, surface: pygame.Surface, picture: SamarkandPresenter, seat: int) -> None:
        """Dirhams and camels: open for the seat at the screen, behind the screen otherwise."""
        px = self.px
        box = self.rect(self.places.purse(seat))
        money, camels = picture.money[seat], picture.camels[seat]
        if money is None or camels is None:
            self._behind_screen(surface, box)
            return
        pygame.draw.rect(surface, theme.NIGHT_TOP, box, border_radius=px(6))
        coin = assets.image("samarkand/coin.svg", px(24), px(24))
        theme.blit_picture(surface, coin, coin.get_rect(midleft=(box.left + px(4), box.centery)))
        at = (box.left + px(32), box.centery)
        amount = self.write(surface, f"{money}", self.text_px(18), at, color=theme.GOLD, font=BOLD)
        row = pygame.Rect(amount.right + px(6), box.top + px(4), 0, box.height - px(8))
        row.width = box.right - px(4) - row.left
        camel = (px(30), row.height)
        for n, capacity in enumerate(camels):
            rect = pygame.Rect(fanned(pygame.FRect(row), camel, n, len(camels)))
            self.draw_card(surface, "camel", capacity, rect, fanned=True)

    def _draw_goods_bought(
        self, surface: pygame.Surface, picture: SamarkandPresenter, seat: int
    ) -> None:
        box = self.rect(self.places.goods(seat))
        goods = picture.goods[seat]
        if goods is None:  # the variant: goods behind the screen too
            self._behind_screen(surface, box)
            return
        ordered = by_kind(goods)
        for n, card in enumerate(ordered):
            rect = self.rect(self.places.bought(seat, n, len(ordered)))
            self.draw_card(surface, "goods", card, rect, fanned=True)
        if not ordered:
            room = box.inflate(-self.px(12), 0)
            self.write_within(surface, _("no goods yet"), self.text_px(15), room, theme.SILVER)

    # The sealed sheet ----------------------------------------------------------------------

    def _draw_sheet(
        self,
        surface: pygame.Surface,
        picture: SamarkandPresenter,
        rows: tuple[tuple[int, int], ...],
    ) -> None:
        px = self.px
        sheet = self.rect(self.places.sheet())
        theme.hidden_under(surface, sheet)  # the panels, out of sight while orders are set
        theme.panel(surface, sheet, alpha=255, border=theme.GOLD, radius=px(12))
        me = picture.viewer
        assert me is not None
        money = picture.money[me] or 0
        heading = ngettext(
            "Your stop prices (you have {count} dirham)",
            "Your stop prices (you have {count} dirhams)",
            money,
        ).format(count=money)
        at = (sheet.left + px(14), sheet.top + px(8))
        self.write(surface, heading, px(20), at, "topleft", theme.MOONLIGHT, HEADING)
        for index, (lot, price) in enumerate(rows):
            lower, price_box, raise_, place = self.sheet_row(index)
            label = lot_label(lot, picture.camel_offer)
            room = pygame.Rect(sheet.left + px(14), lower.top, 0, lower.height)
            room.width = lower.left - px(8) - room.left
            self.write_within(surface, label, px(15), room)
            for rect, text in ((lower, "\N{MINUS SIGN}"), (raise_, "+")):
                pygame.draw.rect(surface, theme.MUTED, rect, border_radius=px(6))
                self.write(surface, text, px(18), rect.center, "center", font=BOLD)
            self.write(surface, str(price), px(20), price_box.center, "center", theme.GOLD, BOLD)
            pygame.draw.rect(surface, theme.GOLD, place, border_radius=px(8))
            stop = _("Stop at {price}").format(price=price)
            room = place.inflate(-px(8), 0)
            self.write_within(surface, stop, px(15), room, theme.TEXT_ON_LIGHT, BOLD, centred=True)
        x = sheet.left + px(708)
        column = sheet.right - px(12) - x
        heading = _("Your orders, in order of priority:")
        room = pygame.Rect(x, sheet.top + px(30), column, px(36))
        self.write_within(surface, heading, self.text_px(15), room, theme.SILVER)
        for n, (lot, price) in enumerate(picture.shown.my_orders):
            # Translators: a sealed order in a numbered list: "1. the 5 of spices at 4".
            order = _("{number}. {lot} at {price}").format(
                number=n + 1, lot=lot_label(lot, picture.camel_offer), price=price
            )
            room = pygame.Rect(x, sheet.top + px(66 + n * 20), column, px(20))
            self.write_within(surface, order, self.text_px(15), room)
        self._draw_own_goods(surface, picture, sheet, me)

    def sheet_row(self, index: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """A sheet row's parts: lower the price, the price, raise it, place the order."""
        top = 344 + index * 40
        return (
            self.rect(pygame.FRect(452, top, 32, 32)),
            self.rect(pygame.FRect(488, top, 48, 32)),
            self.rect(pygame.FRect(540, top, 32, 32)),
            self.rect(pygame.FRect(584, top, 120, 32)),
        )

    def _draw_own_goods(
        self, surface: pygame.Surface, picture: SamarkandPresenter, sheet: pygame.Rect, me: int
    ) -> None:
        """At the foot of the sheet's right column, what the merchant setting prices already
        has (the sheet hides the panels): their goods and camels, fanned as on their panel."""
        px = self.px
        goods = by_kind(picture.goods[me] or ())
        camels = picture.camels[me] or []
        words = _("What you have:") if goods or camels else _("You have no goods yet")
        left, top = sheet.left + px(708), sheet.top + px(194)
        # One line above the goods and camels; with none, two lines if a language needs them.
        room = pygame.Rect(left, top - px(6), sheet.right - px(12) - left, px(28))
        if not (goods or camels):
            room.height = self.rect(self.places.sheet()).bottom - px(8) - room.top
        self.write_within(surface, words, self.text_px(15), room, theme.SILVER)
        row = pygame.FRect(left, top + px(24), sheet.right - px(12) - left, px(GOODS_CARD[1]))
        card = (px(GOODS_CARD[0]), px(GOODS_CARD[1]))
        count = len(goods) + len(camels)
        for n, piece in enumerate([*goods, *camels]):
            rect = pygame.Rect(fanned(row, card, n, count))
            kind = "goods" if n < len(goods) else "camel"
            self.draw_card(surface, kind, piece, rect, fanned=True)

    # The side panel and the hint -----------------------------------------------------------

    def draw_seat(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        seat: int,
        picture: SamarkandPresenter,
        waiting: bool,
    ) -> None:
        """A seat's row: the kit's start, then whether the merchant has chosen or sealed."""
        layout = self.layout
        assert layout is not None
        look = self.looks[seat]
        row = SeatRow(self.names[seat], look_color(look), waiting)
        room = draw_seat_row(
            surface, layout, rect, row, lambda at, centre, size: draw_look(at, look, centre, size)
        )
        status = _("chose a card") if picture.chosen[seat] else ""
        if picture.shown.phase == Phase.ORDERS:
            status = _("sealed") if picture.sealed[seat] else _("setting orders")
        at = (room.left, rect.centery + layout.px(12))
        self.write(surface, status, layout.px(theme.MIN_TEXT), at, color=theme.SILVER)

    def draw_hint(
        self,
        surface: pygame.Surface,
        command: Command,
        picture: SamarkandPresenter,
        choices: Choices,
        pulse: float,
    ) -> None:
        """The hinted move, framed in a pulsing glow: the card to sell, the lot to stop on,
        or the sheet's row to order (its price and its button)."""
        places, me = self.places, choices.seat
        if me is None:
            return
        rects: list[pygame.Rect] = []
        if isinstance(command, Sell):
            hand = picture.hands[me]
            if command.card in hand:  # the hand framed, an arrow on the card's corner in sight
                index = hand.index(command.card)
                card = self.rect(places.hand(me, index, len(hand)))
                after = places.hand(me, index + 1, len(hand)) if index + 1 < len(hand) else None
                shown = (self.rect(after).left if after else card.right) - card.left
                draw_glow_frame(surface, self.rect(places.hand_row(me)), pulse, self.px)
                tip = (card.left + shown / 2, card.top - self.px(6 + 3 * pulse))
                draw_hint_arrow(surface, tip, self.px(10), self.px)
        elif isinstance(command, Stop):
            rects += [rect for rect, lot in self.lots(picture) if lot == command.lot]
        elif isinstance(command, Order):
            lots = [lot for lot, _price in choices.sheet or ()]
            if command.lot in lots:
                _lower, price, _raise, place = self.sheet_row(lots.index(command.lot))
                rects.append(price.union(place))
        for rect in rects:
            draw_glow_frame(surface, rect, pulse, self.px, arrow=True)

    # Pieces --------------------------------------------------------------------------------

    def value_px(self, rect: pygame.Rect, fanned: bool) -> int:
        """The size a card's value is written at: large at its foot, or a corner's index when
        other cards cover the rest of it."""
        return self.text_px(16) if fanned else max(self.text_px(18), round(rect.height * 0.3))

    def draw_card(
        self,
        surface: pygame.Surface,
        kind: str,
        value: int,
        rect: pygame.Rect,
        fanned: bool = False,
    ) -> None:
        """A goods card (`value`: the card; its back: -1) or a camel (`value`: its capacity);
        `fanned`: its value in its top left corner, which the card laid over it leaves in
        sight."""
        if rect.width >= 4:
            face = card_face(kind, value, rect.size, self.value_px(rect, fanned), fanned)
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
            if what.kind != "coins":
                self.draw_card(surface, what.kind, what.value, rect)
            else:
                coin = assets.image("samarkand/coins_stack.svg", self.px(34), self.px(34))
                theme.blit_picture(surface, coin, coin.get_rect(center=rect.center))
                theme.blit_text(
                    surface,
                    str(what.value),
                    theme.BOLD_FONT,
                    self.text_px(15),
                    theme.GOLD,
                    "midtop",
                    (rect.centerx, rect.centery + self.px(16)),
                )


@lru_cache(maxsize=576)
def card_face(
    kind: str, value: int, size: tuple[int, int], pixels: int, corner: bool
) -> pygame.Surface:
    """A goods card or a camel (as `draw_card` takes them) with its value written at `pixels`,
    at its foot or in its top left `corner`; or a goods card's back."""
    if kind == "camel":
        art, number = "camel", value
    elif value < 0:
        return assets.image("samarkand/card_back.svg", *size)
    else:
        art, number = f"goods_{GOODS_NAMES[card_type(value)]}", card_value(value)
    face = assets.image(f"samarkand/{art}.svg", *size).copy()
    width, height = face.get_size()
    if not corner:
        at = (width // 2, round(height * 0.82))
        theme.blit_text(
            face, str(number), theme.HEADING_FONT, pixels, theme.TEXT_ON_LIGHT, "center", at
        )
        return face
    # An index on a plate of the card's cream, so the picture never shows through it.
    plate = pygame.Rect(0, 0, round(pixels * 0.8), round(pixels * 1.05))
    plate.topleft = (round(width * 0.06), round(height * 0.05))
    pygame.draw.rect(face, CARD_CREAM, plate, border_radius=max(1, pixels // 5))
    theme.blit_text(
        face, str(number), theme.HEADING_FONT, pixels, theme.TEXT_ON_LIGHT, "center", plate.center
    )
    return face


theme.forget_with_fonts(card_face)
