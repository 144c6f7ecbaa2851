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

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import N_, _, ngettext
from moonlight_desktop.ui.table.board_screen import BoardScreen
from moonlight_desktop.ui.table.game_ui import Action, TableContext
from moonlight_desktop.ui.table.keymap import KeyHelp
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.spots import Spot

from ..components import CAMEL, TOP_PRICE, TURNS, card_type
from ..moves import Order, Seal, Sell, Stop, Wait
from ..state import Phase
from ..view import SamarkandView
from .narrator import goods_words, lot_label
from .painter import ASPECT, LOOK_ART, Choices, SamarkandPainter
from .presenter import SamarkandPresenter

STOP_KEY = KeyHelp(
    "S",
    N_("Stop! while the Dean counts down: on the focused lot, else the first you may buy"),
    pygame.K_s,
)


class SamarkandScreen(BoardScreen[SamarkandPresenter, SamarkandPainter]):
    board_aspect = ASPECT
    look_art = LOOK_ART
    keys = (STOP_KEY,)

    def __init__(
        self,
        view: SamarkandView,
        opening: SamarkandView,
        names: Sequence[str],
        looks: Sequence[str],
        sound: Callable[[str], None],
    ) -> None:
        painter = SamarkandPainter(view.seats, names, looks)
        super().__init__(SamarkandPresenter(view, opening, names, sound), painter, names, looks)
        self._sheets: dict[int, tuple[int, dict[int, int]]] = {}
        """Each seat's sealed sheet being filled in: the turn it is for and the stop price set
        on each lot. A seat's prices are its own, never on another merchant's sheet, and last
        as long as its sheet."""

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.point(anchor)

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        return self.painter.outline(anchor)

    # Whose turn ------------------------------------------------------------------------------

    @property
    def table_title(self) -> str:
        return _("The souk")

    def result(self, view: SamarkandView) -> str | None:
        if view.phase != Phase.OVER:
            return None
        return _("The souk closes: every merchant's goods are counted.")

    def stage(self, view: SamarkandView) -> str:
        return _("Turn {turn} of {turns}; {dean} is the Dean").format(
            turn=min(view.turn + 1, TURNS), turns=TURNS, dean=self.names[view.dean]
        )

    def waiting(self, view: SamarkandView) -> list[int]:
        if view.phase == Phase.CHOOSE:
            return [s for s in range(view.seats) if not view.has_chosen[s]]
        if view.phase == Phase.ORDERS:
            return [s for s in range(view.seats) if not view.sealed[s]]
        return []

    def prompt(self, view: SamarkandView, table: TableContext) -> str:
        if view.phase == Phase.CHOOSE:
            return _("Choose a card of yours to put up for sale.")
        if view.phase == Phase.COUNTDOWN:
            if list(table.legal()) == [Wait()]:
                told = _("The Dean calls {value}: you cannot buy at this price.")
            else:
                told = _("The Dean calls {value}: click a lot to say Stop!")
            return told.format(value=view.value)
        return _("Set stop prices on the lots you want, by priority, then seal.")

    # Choices ---------------------------------------------------------------------------------

    def actions(self, table: TableContext) -> list[Action]:
        legal = table.legal()
        if Seal() in legal:
            return [Action(_("Seal my orders"), Seal(), primary=True)]
        if Wait() in legal:
            return [Action(_("Let this price pass"), Wait())]
        return []

    def spots(self, table: TableContext) -> list[Spot]:
        """The cards of the hand (left to right, each drawn over the one before), the lots
        and the camel, or the sheet's rows: what the seat at the screen may use now."""
        view: SamarkandView = table.view
        legal, me = table.legal(), table.viewer
        if me is None or view.viewer != me:
            return []
        if view.phase == Phase.CHOOSE:
            return self._hand_spots(me, legal)
        if view.phase == Phase.ORDERS and legal:
            return self._sheet_spots(me, legal)
        if view.phase == Phase.COUNTDOWN:
            return self._lot_spots(me, legal, view)
        return []

    def _hand_spots(self, me: int, legal: Sequence[Command]) -> list[Spot]:
        hand, places = self._presenter.hands[me], self.painter.places
        return [
            Spot(
                self.painter.rect(places.hand(me, index, len(hand))),
                _("Put {card} up for sale").format(card=goods_words(card)),
                Sell(card),
            )
            for index, card in enumerate(hand)
            if Sell(card) in legal
        ]

    def _lot_spots(self, me: int, legal: Sequence[Command], view: SamarkandView) -> list[Spot]:
        picture = self._presenter
        spots = []
        money = picture.money[me]
        for rect, lot in self.painter.lots(picture):
            if lot < 0:
                continue
            name = lot_label(lot, picture.camel_offer)
            if Stop(lot) in legal:
                text = ngettext(
                    "Stop! Buy {lot} for {count} dirham",
                    "Stop! Buy {lot} for {count} dirhams",
                    view.value,
                ).format(lot=name, count=view.value)
                spots.append(Spot(rect, text, Stop(lot)))
            elif money is not None and money < view.value:
                # Translators: {lot} is out of reach: {count} is the player's money.
                told = ngettext(
                    "{lot}: you have {count} dirham, not {value}",
                    "{lot}: you have {count} dirhams, not {value}",
                    money,
                )
                spots.append(Spot(rect, told.format(lot=name, count=money, value=view.value)))
            elif lot != CAMEL and card_type(lot) == view.types[me]:
                told = _("{lot}: merchants never buy their own goods")
                spots.append(Spot(rect, told.format(lot=name)))
            else:
                spots.append(Spot(rect, _("{lot}: not for you at this value").format(lot=name)))
        return spots

    def key_command(self, key: int, table: TableContext) -> Command | None:
        """S in the live countdown: Stop! on the focused lot when it may be bought at the value
        called, else on the first lot that may (one key, quick enough for the fastest clock)."""
        legal = table.legal()
        stops = [spot.command for spot in self.focus_ring(table) if isinstance(spot.command, Stop)]
        stops = [command for command in stops if command in legal]
        if key != STOP_KEY.key or not stops:
            return None
        here = self.focused(table)
        return here.command if here is not None and here.command in stops else stops[0]

    # The sealed sheet ------------------------------------------------------------------------

    def sheet_rows(self, legal: Sequence[Command]) -> list[int]:
        """The lots the seat may still order, in the market's order."""
        orderable = {c.lot for c in legal if isinstance(c, Order)}
        lots = [lot for lot in self._presenter.offers if lot in orderable]
        if CAMEL in orderable:
            lots.append(CAMEL)
        return lots

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

    def _sheet(self, me: int, legal: Sequence[Command]) -> tuple[tuple[int, int], ...]:
        """The sheet's rows as shown: each lot and its stop price, six at most."""
        return tuple((lot, self.price_of(me, legal, lot)) for lot in self.sheet_rows(legal)[:6])

    def _sheet_spots(self, me: int, legal: Sequence[Command]) -> list[Spot]:
        spots: list[Spot] = []
        for index, (lot, price) in enumerate(self._sheet(me, legal)):
            lower, _price, raise_, place = self.painter.sheet_row(index)
            top = self._top_price(legal, lot)
            name = lot_label(lot, self._presenter.camel_offer)
            set_to = partial(self._set_price, me, lot)
            higher = _(
                "A higher stop price for {lot} (it is {price}; you can pay up to {top})"
            ).format(lot=name, price=price, top=top)
            lower_text = _("A lower stop price for {lot} (it is {price})").format(
                lot=name, price=price
            )
            order = ngettext(
                "Order {lot}: Stop! at {count} dirham",
                "Order {lot}: Stop! at {count} dirhams",
                price,
            ).format(lot=name, count=price)
            spots += [
                Spot(lower, lower_text, select=partial(set_to, price - 1)),
                Spot(raise_, higher, select=partial(set_to, min(top, price + 1))),
                Spot(place, order, Order(lot, price)),
            ]
        return spots

    def _set_price(self, seat: int, lot: int, price: int) -> None:
        self._prices(seat)[lot] = max(1, min(TOP_PRICE, price))

    # Drawing: the painter's ------------------------------------------------------------------

    def choices(self, table: TableContext) -> Choices:
        """What the board lights for the seat at the screen, from the table's legal commands."""
        legal, me = table.legal(), table.viewer
        if me is None or table.view.viewer != me:
            return Choices()
        sheet = self._sheet(me, legal) if table.view.phase == Phase.ORDERS and legal else None
        return Choices(
            me,
            frozenset(c.card for c in legal if isinstance(c, Sell)),
            frozenset(c.lot for c in legal if isinstance(c, Stop)),
            sheet,
        )

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        self.painter.draw_board(surface, self._presenter, table, self.choices(table))

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        self.painter.draw_hint(surface, command, self._presenter, self.choices(table), pulse)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        self.painter.draw_seat(surface, rect, seat, self._presenter, seat in table.waiting)
