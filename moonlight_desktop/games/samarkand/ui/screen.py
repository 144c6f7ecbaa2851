"""Le Marché de Samarkand on the table kit: the header, what a click or hover means, the action
strip, and the sealed sheet.

- Choosing: click a card of your own to put it up for sale (in private: hand-offs between
  humans; bots choose at the same time).
- Live countdown: the Dean's clock counts down; click a lot to say "Stop!" at the value shown;
  a lot you cannot pay for, or may not buy, says why. Doing nothing lets the value pass when
  the clock runs out (the kit's clock submits Wait).
- Sealed orders: a sheet lists every lot you may buy with a stop price to set (never above
  what you can pay); "Stop at 7" places the order, earlier orders first; "Seal my orders"
  ends your turn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.game_ui import Action, Hover, TableContext
from moonlight_desktop.ui.table.glow import draw_glow_frame, draw_hint_arrow
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.phrasing import joined
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.rows import draw_seat_frame

from ..components import CAMEL, TOP_PRICE, TURNS
from ..moves import Order, Seal, Sell, Stop, Wait
from ..state import Phase
from ..view import SamarkandView
from .narrator import goods_words
from .painter import (
    ASPECT,
    GOODS_CARD,
    TYPE_NAMES,
    SamarkandPainter,
    draw_look,
    fanned,
    goods_type,
    goods_value,
    look_color,
)
from .presenter import SamarkandPresenter

Color = tuple[int, int, int]
CLOCK_ARC: Color = (200, 72, 60)
"""The time left at the value called, and the clock's hand, on the cream dial."""
DIAL: Color = (246, 238, 214)
"""The dial's cream, under the value called."""


@dataclass(frozen=True, slots=True)
class Spot:
    rect: pygame.Rect
    text: str
    command: Command | None = None
    select: Callable[[], None] | None = None


class SamarkandScreen:
    def __init__(
        self,
        view: SamarkandView,
        opening: SamarkandView,
        names: Sequence[str],
        looks: Sequence[str],
        sound: Callable[[str], None],
    ) -> None:
        self._presenter = SamarkandPresenter(view, opening, names, sound)
        self.names = tuple(names)
        self.looks = tuple(looks)
        self.painter = SamarkandPainter(view.seats, view.types)
        self._sheets: dict[int, tuple[int, dict[int, int]]] = {}
        """Each seat's sealed sheet being filled in: the turn it is for and the stop price set
        on each lot. A seat's prices are its own, never on another merchant's sheet, and last
        as long as its sheet."""

    @property
    def presenter(self) -> SamarkandPresenter:
        return self._presenter

    @property
    def rows(self) -> int:
        return len(self.names)

    @property
    def board_aspect(self) -> float:
        return ASPECT

    @property
    def extra_height(self) -> float:
        return 0.0

    def relayout(self, layout: TableLayout) -> None:
        self.painter.relayout(layout)

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.point(anchor)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        return self.painter.outline(anchor)

    def seat_color(self, seat: int) -> Color:
        return look_color(self.looks[seat]) if 0 <= seat < len(self.looks) else theme.SILVER

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None:
        draw_look(surface, self.looks[seat], centre, size)

    # Whose turn ------------------------------------------------------------------------------

    table_title = "The souk"

    def result(self, view: SamarkandView) -> str | None:
        if view.phase != Phase.OVER:
            return None
        return "The souk closes: every merchant's goods are counted."

    def stage(self, view: SamarkandView) -> str:
        return f"Turn {min(view.turn + 1, TURNS)} of {TURNS}; {self.names[view.dean]} is the Dean"

    def waiting(self, view: SamarkandView) -> list[int]:
        if view.phase == Phase.CHOOSE:
            return [s for s in range(view.seats) if not view.has_chosen[s]]
        if view.phase == Phase.ORDERS:
            return [s for s in range(view.seats) if not view.sealed[s]]
        return []

    def prompt(self, view: SamarkandView, table: TableContext) -> str:
        if view.phase == Phase.CHOOSE:
            return "Choose a card of yours to put up for sale."
        if view.phase == Phase.COUNTDOWN:
            if list(table.legal()) == [Wait()]:
                return f"The Dean calls {view.value}: you cannot buy at this price."
            return f"The Dean calls {view.value}: click a lot to say Stop!"
        return "Set a stop price on each lot you want, in order of priority, then seal."

    # Choices ---------------------------------------------------------------------------------

    def actions(self, table: TableContext) -> list[Action]:
        legal = table.legal()
        if Seal() in legal:
            return [Action("Seal my orders", Seal(), primary=True)]
        if Wait() in legal:
            return [Action("Let this price pass", Wait())]
        return []

    def spots(self, table: TableContext) -> list[Spot]:
        view = self._presenter.shown
        legal = table.legal()
        me = table.viewer
        spots: list[Spot] = []
        if me is not None and view.viewer == me:
            if view.phase == Phase.CHOOSE:
                spots += self._hand_spots(me, legal)
            elif view.phase == Phase.ORDERS and legal:
                spots += self._sheet_spots(me, legal, view)
            elif view.phase == Phase.COUNTDOWN:
                spots += self._lot_spots(me, legal, view)
        return spots

    def _hand_spots(self, me: int, legal: Sequence[Command]) -> list[Spot]:
        hand = self._presenter.hands[me]
        spots = []
        for index, card in enumerate(hand):
            rect = self.painter.rect(self.painter.places.hand(me, index, len(hand)))
            command = Sell(card)
            if command in legal:
                spots.append(Spot(rect, f"Put {goods_words(card)} up for sale", command))
        return list(reversed(spots))  # the card drawn on top first

    def _lot_spots(self, me: int, legal: Sequence[Command], view: SamarkandView) -> list[Spot]:
        picture, places = self._presenter, self.painter.places
        lots = [(self.painter.rect(places.lot(i)), lot) for i, lot in enumerate(picture.offers)]
        if picture.camel_offer >= 0:
            lots.append((self.painter.rect(places.camel()), CAMEL))
        spots = []
        money = picture.money[me]
        for rect, lot in lots:
            if lot < 0:
                continue
            name = self._lot_words(lot)
            if Stop(lot) in legal:
                text = f"Stop! Buy {name} for {view.value} dirhams"
                spots.append(Spot(rect, text, Stop(lot)))
            elif money is not None and money < view.value:
                spots.append(Spot(rect, f"{name}: you have {money} dirhams, not {view.value}"))
            elif lot != CAMEL and goods_type(lot) == view.types[me]:
                spots.append(Spot(rect, f"{name}: merchants never buy their own goods"))
            else:
                spots.append(Spot(rect, f"{name}: not for you at this value"))
        return spots

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        """The hinted move, framed in a pulsing glow: the card to sell, the lot to stop on,
        or the sheet's row to order (its price and its button)."""
        painter, places, picture = self.painter, self.painter.places, self._presenter
        me = table.viewer
        if me is None:
            return
        rects: list[pygame.Rect] = []
        if isinstance(command, Sell):
            hand = picture.hands[me]
            if command.card in hand:  # the hand framed, an arrow on the card's corner in sight
                index = hand.index(command.card)
                card = painter.rect(places.hand(me, index, len(hand)))
                after = places.hand(me, index + 1, len(hand)) if index + 1 < len(hand) else None
                shown = (painter.rect(after).left if after else card.right) - card.left
                draw_glow_frame(surface, painter.rect(places.hand_row(me)), pulse, painter.px)
                tip = (card.left + shown / 2, card.top - painter.px(6 + 3 * pulse))
                draw_hint_arrow(surface, tip, painter.px(10), painter.px)
        elif isinstance(command, Stop):
            if command.lot == CAMEL:
                rects.append(painter.rect(places.camel()))
            elif command.lot in picture.offers:
                rects.append(painter.rect(places.lot(picture.offers.index(command.lot))))
        elif isinstance(command, Order):
            rows = self.sheet_rows(table.legal())[:6]
            if command.lot in rows:
                _lower, price, _raise, place = self._row_rects(rows.index(command.lot))
                rects.append(price.union(place))
        for rect in rects:
            draw_glow_frame(surface, rect, pulse, painter.px, arrow=True)

    def _lot_words(self, lot: int) -> str:
        if lot == CAMEL:
            return f"the camel for {self._presenter.camel_offer} goods"
        return goods_words(lot)

    # The sealed sheet ------------------------------------------------------------------------

    def sheet_rows(self, legal: Sequence[Command]) -> list[int]:
        """The lots the seat may still order, in the market's order."""
        orderable = {c.lot for c in legal if isinstance(c, Order)}
        picture = self._presenter
        lots = [lot for lot in picture.offers if lot in orderable]
        if CAMEL in orderable:
            lots.append(CAMEL)
        return lots

    def sheet_rect(self) -> pygame.Rect:
        """A sheet laid over the merchants' panels, all of them (none shows in part)."""
        return self.painter.rect(pygame.FRect(12, 300, 936, 288))

    def _row_rects(self, index: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """A sheet row's parts: lower the price, the price, raise it, place the order."""
        top = 344 + index * 40
        rect = self.painter.rect
        return (
            rect(pygame.FRect(452, top, 32, 32)),
            rect(pygame.FRect(488, top, 48, 32)),
            rect(pygame.FRect(540, top, 32, 32)),
            rect(pygame.FRect(584, top, 120, 32)),
        )

    def _top_price(self, legal: Sequence[Command], lot: int) -> int:
        return max((c.price for c in legal if isinstance(c, Order) and c.lot == lot), default=0)

    def _prices(self, seat: int) -> dict[int, int]:
        """The stop prices `seat` has set on this turn's sheet (each turn brings a new one)."""
        turn = self._presenter.shown.turn
        sheet = self._sheets.get(seat)
        if sheet is None or sheet[0] != turn:
            sheet = self._sheets[seat] = (turn, {})
        return sheet[1]

    def price_of(self, seat: int, legal: Sequence[Command], lot: int) -> int:
        """The stop price on `seat`'s sheet for `lot`: the top it may pay until it sets one."""
        top = self._top_price(legal, lot)
        return max(1, min(self._prices(seat).get(lot, top), top))

    def _sheet_spots(self, me: int, legal: Sequence[Command], view: SamarkandView) -> list[Spot]:
        spots = []
        for index, lot in enumerate(self.sheet_rows(legal)[:6]):
            lower, _price, raise_, place = self._row_rects(index)
            price, top = self.price_of(me, legal, lot), self._top_price(legal, lot)
            name = self._lot_words(lot)
            spots.append(Spot(lower, "A lower stop price", select=self._setter(me, lot, price - 1)))
            spots.append(
                Spot(
                    raise_,
                    f"A higher stop price (you can pay up to {top})",
                    select=self._setter(me, lot, min(top, price + 1)),
                )
            )
            spots.append(Spot(place, f"Order {name}: Stop! at {price} dirhams", Order(lot, price)))
        return spots

    def _setter(self, seat: int, lot: int, price: int) -> Callable[[], None]:
        def set_price() -> None:
            self._prices(seat)[lot] = max(1, min(TOP_PRICE, price))

        return set_price

    # Input -----------------------------------------------------------------------------------

    def command_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        for spot in self.spots(table):
            if spot.rect.collidepoint(point):
                if spot.select is not None:
                    spot.select()
                    return None
                return spot.command
        return None

    def dropped_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        return None  # every choice here is a click

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        for spot in self.spots(table):
            if spot.rect.collidepoint(point):
                return Hover(spot.text, spot.rect)
        return None

    # Drawing ---------------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        painter, picture = self.painter, self._presenter
        layout = painter.layout
        assert layout is not None
        theme.panel(surface, layout.board, alpha=120, radius=painter.px(18))
        self._draw_clock(surface, table)
        self._draw_market(surface, table)
        for seat in range(len(self.names)):
            self._draw_panel(surface, seat, table)
        view = picture.shown
        legal = table.legal()
        if view.phase == Phase.ORDERS and view.viewer == table.viewer and legal:
            self._draw_sheet(surface, legal, view)
        painter.draw_flights(surface, picture)

    def _draw_clock(self, surface: pygame.Surface, table: TableContext) -> None:
        painter, picture = self.painter, self._presenter
        (cx, cy), radius = painter.places.clock()
        centre = painter.to_screen(cx, cy)
        size = painter.px(radius * 2)
        dial = assets.image("samarkand/clock_face.svg", size, size)
        theme.blit_picture(
            surface, dial, dial.get_rect(center=(round(centre[0]), round(centre[1])))
        )
        view = picture.shown
        counting = view.phase == Phase.COUNTDOWN or picture.claims or picture.dispute
        value = picture.value if counting else 10
        if table.viewer is not None:
            left = table.controller.time_left(table.viewer)
            if left is not None and left[1] > 0:  # the time left at this value, as an arc
                share = left[0] / left[1]
                rect = pygame.Rect(0, 0, size - painter.px(10), size - painter.px(10))
                rect.center = (round(centre[0]), round(centre[1]))
                start = math.pi / 2
                rect = rect.inflate(-painter.px(44), -painter.px(44))  # inside the ticks
                pygame.draw.arc(
                    surface, CLOCK_ARC, rect, start, start + 2 * math.pi * share, painter.px(7)
                )
        # The value called, on a plain disc over the dial's boss, with a hand at its tick.
        self._draw_clock_hand(surface, centre, size, value)
        pygame.draw.circle(surface, DIAL, centre, size * 0.27)
        theme.blit_text(
            surface,
            str(value),
            theme.HEADING_FONT,
            painter.px(64),
            theme.TEXT_ON_LIGHT if counting else (120, 118, 110),
            "center",
            (round(centre[0]), round(centre[1])),
        )
        theme.blit_text(
            surface,
            "the Dean calls" if counting else "the countdown starts at",
            theme.BODY_FONT,
            painter.text_px(15),
            theme.SILVER,
            "midtop",
            (round(centre[0]), round(centre[1] + painter.px(radius + 16))),  # clear of a frame
        )

    def _draw_clock_hand(
        self, surface: pygame.Surface, centre: tuple[float, float], size: int, value: int
    ) -> None:
        """The clock's hand on the tick of `value` (the dial's ticks: 10 at the lower left,
        5 at the top, 0 at the lower right)."""
        degrees = (510 - 30 * value) % 360  # clockwise from the top
        angle = math.radians(degrees)
        reach = size * 0.36
        tip = (centre[0] + math.sin(angle) * reach, centre[1] - math.cos(angle) * reach)
        pygame.draw.line(surface, CLOCK_ARC, centre, tip, max(2, self.painter.px(5)))
        pygame.draw.circle(surface, CLOCK_ARC, tip, max(2, self.painter.px(5)))

    def _draw_market(self, surface: pygame.Surface, table: TableContext) -> None:
        painter, picture, places = self.painter, self._presenter, self.painter.places
        stops = {spot.command.lot for spot in self.spots(table) if isinstance(spot.command, Stop)}
        for index, lot in enumerate(picture.offers):
            rect = painter.rect(places.lot(index))
            pygame.draw.rect(surface, theme.PANEL_BORDER, rect, width=2, border_radius=8)
            if lot >= 0:
                painter.draw_goods(surface, lot, rect)
                self._draw_claims(surface, lot, rect)
                if lot in stops:
                    self._glow(surface, rect)
        camel = painter.rect(places.camel())
        pygame.draw.rect(surface, theme.PANEL_BORDER, camel, width=2, border_radius=8)
        if picture.camel_offer >= 0:
            painter.draw_camel(surface, picture.camel_offer, camel)
            self._draw_claims(surface, CAMEL, camel)
            if CAMEL in stops:
                self._glow(surface, camel)
        for art, box, count in (
            ("camel_back", places.camel_deck(), picture.camel_deck),
            ("card_back", places.discard(), picture.discards),
        ):
            rect = painter.rect(box)
            if count:
                image = assets.image(f"samarkand/{art}.svg", rect.width, rect.height)
                theme.blit_picture(surface, image, rect)
            theme.blit_text(
                surface,
                str(count),
                theme.BOLD_FONT,
                painter.text_px(15),
                theme.TEXT,
                "midtop",
                (rect.centerx, rect.bottom + painter.px(10)),  # clear of a frame round the pile
            )
        if len(picture.shown.types) > picture.shown.seats:  # three merchants: the bank sells
            rect = painter.rect(places.bank())
            image = assets.image("samarkand/bank.svg", rect.width, rect.height)
            theme.blit_picture(surface, image, rect)
        if picture.dispute:
            self._draw_dispute(surface)

    def _draw_claims(self, surface: pygame.Surface, lot: int, rect: pygame.Rect) -> None:
        claimants = [claim.seat for claim in self._presenter.claims if claim.lot == lot]
        size = self.painter.px(26)
        for n, seat in enumerate(claimants):
            centre = (rect.left + size // 2 + n * (size - 4), rect.top - size // 2)
            draw_look(surface, self.looks[seat], centre, size)
        if claimants:
            theme.blit_text(
                surface,
                "Stop!",
                theme.HEADING_FONT,
                self.painter.px(20),
                theme.GOLD,
                "midbottom",
                (rect.centerx, rect.top - size - self.painter.px(2)),
            )

    def _draw_dispute(self, surface: pygame.Surface) -> None:
        picture = self._presenter
        lot, *claimants = picture.dispute
        names = joined([self.names[s] for s in claimants])
        dean = picture.dean
        text = f"Dispute over {self._lot_words(lot)}: {names} said Stop together"
        if dean in claimants:
            text += f"; {self.names[dean]} is the Dean and takes it"
        else:
            text += "; nobody buys it, and each pays half"
        layout = self.painter.layout
        assert layout is not None
        lines, size = theme.fit_lines(
            text, theme.BOLD_FONT, layout.px(18), layout.board.width - layout.px(80), layout.px(60)
        )
        box = pygame.Rect(0, 0, layout.board.width - layout.px(60), layout.px(70))
        box.center = self.painter.rect(pygame.FRect(12, 230, 936, 60)).center
        theme.panel(surface, box, alpha=240, border=theme.WARNING, radius=layout.px(10))
        y = box.centery - len(lines) * size * 0.6
        for line in lines:
            theme.blit_text(
                surface, line, theme.BOLD_FONT, size, theme.TEXT, "midtop", (box.centerx, y)
            )
            y += round(size * 1.2)

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        layer = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
        for step in range(4):
            pygame.draw.rect(
                layer,
                (*theme.GLOW, 40 + 25 * step),
                layer.get_rect().inflate(-step * 3, -step * 3),
                width=3,
                border_radius=10,
            )
        surface.blit(layer, rect.inflate(12, 12))

    def _draw_panel(self, surface: pygame.Surface, seat: int, table: TableContext) -> None:
        painter, picture, places = self.painter, self._presenter, self.painter.places
        layout = painter.layout
        assert layout is not None
        panel = painter.rect(places.panel(seat))
        waiting = seat in self.waiting(picture.shown)
        draw_seat_frame(surface, layout, panel, self.seat_color(seat), waiting)
        px = painter.px
        draw_look(surface, self.looks[seat], (panel.left + px(24), panel.top + px(24)), px(32))
        left = panel.left + px(46)
        name, size = theme.fit(
            self.names[seat], theme.BOLD_FONT, painter.text_px(16), panel.right - px(8) - left
        )
        theme.blit_text(
            surface, name, theme.BOLD_FONT, size, theme.TEXT, "midleft", (left, panel.top + px(18))
        )
        dean = painter.rect(places.dean(seat))
        kind = f"sells {TYPE_NAMES[picture.shown.types[seat]]}"
        words, size = theme.fit(kind, theme.BODY_FONT, painter.text_px(15), dean.left - left)
        theme.blit_text(
            surface, words, theme.BODY_FONT, size, theme.SILVER, "midleft", (left, dean.centery)
        )
        if picture.dean == seat:
            token = assets.image("samarkand/dean.svg", dean.width, dean.height)
            theme.blit_picture(surface, token, dean)
        sale = painter.rect(places.sale(seat))
        if picture.chosen[seat]:
            card = picture.my_sale if seat == picture.viewer else -1
            painter.draw_goods(surface, card, sale)
        self._draw_screen(surface, seat)
        self._draw_goods(surface, seat)
        self._draw_hand(surface, seat, table)

    def _draw_screen(self, surface: pygame.Surface, seat: int) -> None:
        """Dirhams and camels: open for the seat at the screen, behind the screen otherwise."""
        painter, picture = self.painter, self._presenter
        px = painter.px
        box = painter.rect(painter.places.purse(seat))
        money, camels = picture.money[seat], picture.camels[seat]
        if money is None or camels is None:
            screen = assets.image("samarkand/merchant_screen.svg", box.width, box.height)
            theme.blit_picture(surface, screen, screen.get_rect(center=box.center))
            return
        pygame.draw.rect(surface, theme.NIGHT_TOP, box, border_radius=px(6))
        coin = assets.image("samarkand/coin.svg", px(24), px(24))
        theme.blit_picture(surface, coin, coin.get_rect(midleft=(box.left + px(4), box.centery)))
        amount = theme.blit_text(
            surface,
            f"{money}",
            theme.BOLD_FONT,
            painter.text_px(18),
            theme.GOLD,
            "midleft",
            (box.left + px(32), box.centery),
        )
        row = pygame.Rect(amount.right + px(6), box.top + px(4), 0, box.height - px(8))
        row.width = box.right - px(4) - row.left
        camel = (px(30), row.height)
        for n, capacity in enumerate(camels):
            rect = pygame.Rect(fanned(pygame.FRect(row), camel, n, len(camels)))
            painter.draw_camel(surface, capacity, rect, fanned=True)

    def _draw_goods(self, surface: pygame.Surface, seat: int) -> None:
        painter, picture = self.painter, self._presenter
        box = painter.rect(painter.places.goods(seat))
        goods = picture.goods[seat]
        if goods is None:  # the variant: goods behind the screen too
            screen = assets.image("samarkand/merchant_screen.svg", box.width, box.height)
            theme.blit_picture(surface, screen, screen.get_rect(center=box.center))
            return
        ordered = sorted(goods, key=lambda card: (goods_type(card), goods_value(card)))
        for n, card in enumerate(ordered):
            rect = painter.rect(painter.places.bought(seat, n, len(ordered)))
            painter.draw_goods(surface, card, rect, fanned=True)
        if not ordered:
            theme.blit_text(
                surface,
                "no goods yet",
                theme.BODY_FONT,
                painter.text_px(15),
                theme.SILVER,
                "midleft",
                (box.left + painter.px(6), box.centery),
            )

    def _draw_hand(self, surface: pygame.Surface, seat: int, table: TableContext) -> None:
        painter, picture = self.painter, self._presenter
        hand = picture.hands[seat]
        sellable = {c.card for c in table.legal() if isinstance(c, Sell)}
        mine = seat == table.viewer and picture.shown.viewer == seat
        for index, card in enumerate(hand):
            rect = painter.rect(painter.places.hand(seat, index, len(hand)))
            painter.draw_goods(surface, card, rect, fanned=True)
            if mine and card in sellable:
                pygame.draw.rect(surface, theme.GLOW, rect, width=2, border_radius=4)

    def _draw_sheet(
        self, surface: pygame.Surface, legal: Sequence[Command], view: SamarkandView
    ) -> None:
        painter, picture = self.painter, self._presenter
        px = painter.px
        sheet = self.sheet_rect()
        theme.hidden_under(surface, sheet)  # the panels, out of sight while orders are set
        theme.panel(surface, sheet, alpha=255, border=theme.GOLD, radius=px(12))
        me = view.viewer
        assert me is not None
        money = picture.money[me]
        theme.blit_text(
            surface,
            f"Your stop prices (you have {money} dirhams)",
            theme.HEADING_FONT,
            px(20),
            theme.MOONLIGHT,
            "topleft",
            (sheet.left + px(14), sheet.top + px(8)),
        )
        for index, lot in enumerate(self.sheet_rows(legal)[:6]):
            lower, price_box, raise_, place = self._row_rects(index)
            label = self._lot_words(lot)
            theme.blit_text(
                surface,
                label,
                theme.BODY_FONT,
                px(15),
                theme.TEXT,
                "midleft",
                (sheet.left + px(14), price_box.centery),
            )
            price = self.price_of(me, legal, lot)
            for rect, text in ((lower, "\N{MINUS SIGN}"), (raise_, "+")):
                pygame.draw.rect(surface, theme.PANEL_BORDER, rect, border_radius=px(6))
                theme.blit_text(
                    surface, text, theme.BOLD_FONT, px(18), theme.TEXT, "center", rect.center
                )
            theme.blit_text(
                surface,
                str(price),
                theme.BOLD_FONT,
                px(20),
                theme.GOLD,
                "center",
                price_box.center,
            )
            pygame.draw.rect(surface, theme.GOLD, place, border_radius=px(8))
            theme.blit_text(
                surface,
                f"Stop at {price}",
                theme.BOLD_FONT,
                px(15),
                theme.TEXT_ON_LIGHT,
                "center",
                place.center,
            )
        orders = view.my_orders
        x = sheet.left + px(708)
        theme.blit_text(
            surface,
            "Your orders, in order of priority:",
            theme.BODY_FONT,
            painter.text_px(15),
            theme.SILVER,
            "topleft",
            (x, sheet.top + px(44)),
        )
        for n, (lot, price) in enumerate(orders):
            theme.blit_text(
                surface,
                f"{n + 1}. {self._lot_words(lot)} at {price}",
                theme.BODY_FONT,
                painter.text_px(15),
                theme.TEXT,
                "topleft",
                (x, sheet.top + px(66 + n * 20)),
            )
        self._draw_own_goods(surface, sheet, me)

    def _draw_own_goods(self, surface: pygame.Surface, sheet: pygame.Rect, me: int) -> None:
        """At the foot of the sheet's right column, what the merchant setting prices already
        has (the sheet hides the panels): their goods and camels, fanned as on their panel."""
        painter, picture = self.painter, self._presenter
        px = painter.px
        goods = sorted(picture.goods[me] or (), key=lambda c: (goods_type(c), goods_value(c)))
        camels = picture.camels[me] or []
        words = "What you have:" if goods or camels else "You have no goods yet"
        left, top = sheet.left + px(708), sheet.top + px(194)
        theme.blit_text(
            surface, words, theme.BODY_FONT, painter.text_px(15), theme.SILVER, "topleft",
            (left, top),
        )  # fmt: skip
        row = pygame.FRect(left, top + px(24), sheet.right - px(12) - left, px(GOODS_CARD[1]))
        card = (px(GOODS_CARD[0]), px(GOODS_CARD[1]))
        count = len(goods) + len(camels)
        for n, piece in enumerate([*goods, *camels]):
            rect = pygame.Rect(fanned(row, card, n, count))
            if n < len(goods):
                painter.draw_goods(surface, piece, rect, fanned=True)
            else:
                painter.draw_camel(surface, piece, rect, fanned=True)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        layout = self.painter.layout
        assert layout is not None
        picture = self._presenter
        waiting = seat in self.waiting(picture.shown)
        draw_seat_frame(surface, layout, rect, self.seat_color(seat), waiting)
        size = min(layout.px(44), rect.height - layout.px(10))
        draw_look(surface, self.looks[seat], (rect.left + layout.px(30), rect.centery), size)
        name, fitted = theme.fit(
            self.names[seat], theme.BOLD_FONT, layout.px(17), rect.width - layout.px(66)
        )
        theme.blit_text(
            surface,
            name,
            theme.BOLD_FONT,
            fitted,
            theme.TEXT,
            "midleft",
            (rect.left + layout.px(58), rect.centery - layout.px(8)),
        )
        status = "chose a card" if picture.chosen[seat] else ""
        if picture.shown.phase == Phase.ORDERS:
            status = "sealed" if picture.sealed[seat] else "setting orders"
        theme.blit_text(
            surface,
            status,
            theme.BODY_FONT,
            layout.px(theme.MIN_TEXT),
            theme.SILVER,
            "midleft",
            (rect.left + layout.px(58), rect.centery + layout.px(12)),
        )

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        return None  # no strip of its own: the souk is on the board
