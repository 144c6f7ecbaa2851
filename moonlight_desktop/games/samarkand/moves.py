"""Samarkand's commands (what a seat may do) and events (what happened, for animation)."""

from __future__ import annotations

from dataclasses import dataclass

from moonlight_desktop.engine import Command, CommandCodec, Event
from moonlight_desktop.i18n import N_

# Commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sell(Command):
    """Put this card of one's hand face down for sale (a simultaneous choice)."""

    kind = "sell"
    card: int


@dataclass(frozen=True, slots=True)
class Stop(Command):
    """Live mode: "Stop!" at the current countdown value, pointing at a lot (card id or CAMEL)."""

    kind = "stop"
    lot: int


@dataclass(frozen=True, slots=True)
class Wait(Command):
    """Live mode: let the clock pass this value. The clock submits it for a human who did not
    click during the tick; a bot-runner for its bot. Once every seat has called, the value's
    Stops resolve together and the countdown moves one value down."""

    kind = "wait"


@dataclass(frozen=True, slots=True)
class Order(Command):
    """Sealed mode: a stop order for `lot` at `price`; earlier orders have priority."""

    kind = "order"
    lot: int
    price: int


@dataclass(frozen=True, slots=True)
class Seal(Command):
    """Sealed mode: this seat's orders are complete."""

    kind = "seal"


CODEC: CommandCodec[Command] = CommandCodec([Sell, Stop, Wait, Order, Seal])


# Events -----------------------------------------------------------------------------------
# A `reveal_note` is marked here and translated where the undo button tells it.


@dataclass(frozen=True, slots=True)
class SaleChosen(Event):
    """`seat` put a card face down; only that seat sees which (`card` -1 for the others)."""

    kind = "sale_chosen"
    seat: int
    card: int

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else SaleChosen(self.seat, -1)


@dataclass(frozen=True, slots=True)
class CamelFlipped(Event):
    """The camel deck's top card turned face up (`capacity`); `left` cards remain below."""

    kind = "camel_flipped"
    reveals = True  # the top of the shuffled camel deck
    reveal_note = N_("A camel was turned up since")
    capacity: int
    left: int


@dataclass(frozen=True, slots=True)
class GoodsRevealed(Event):
    """The cards for sale this turn, sellers' cards in seat order then the bank's."""

    kind = "goods_revealed"
    reveals = True  # the secret sales, and the bank's next card
    reveal_note = N_("The goods for sale were revealed since")
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OrderPlaced(Event):
    """A sealed order; the others see only that `seat` placed one."""

    kind = "order_placed"
    seat: int
    lot: int
    price: int

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else OrderPlaced(self.seat, -1, 0)


@dataclass(frozen=True, slots=True)
class OrdersSealed(Event):
    kind = "orders_sealed"
    seat: int


@dataclass(frozen=True, slots=True)
class Countdown(Event):
    """The Dean calls `value`."""

    kind = "countdown"
    reveals = True  # the value passed: nobody's secret call was a Stop there
    reveal_note = N_("The countdown has moved on since")
    value: int


@dataclass(frozen=True, slots=True)
class Stops(Event):
    """Every Stop made at `value`, as (seat, lot): they resolve together."""

    kind = "stops"
    reveals = True  # the simultaneous calls or the sealed orders shown
    reveal_note = N_("The Stops were shown since")
    value: int
    claims: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Bought(Event):
    """`buyer` took `lot` (a goods card, or the camel of `capacity`) paying `price` to
    `payee` (a seat, or BANK). `dean_right` when the Dean won a dispute."""

    kind = "bought"
    reveals = True  # a secret call or order fired
    reveal_note = N_("Goods were bought since")
    buyer: int
    lot: int
    capacity: int
    price: int
    payee: int
    dean_right: bool


@dataclass(frozen=True, slots=True)
class Disputed(Event):
    """Nobody gets `lot`: each claimant paid `each` to `payee`; a card is discarded, a camel
    goes back under the deck, which is reshuffled."""

    kind = "disputed"
    reveals = True  # secret calls or orders shown
    reveal_note = N_("A lot was disputed since")
    lot: int
    claimants: tuple[int, ...]
    each: int
    payee: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """Unsold goods were discarded; `dean` is the next turn's Dean."""

    kind = "turn_ended"
    discarded: tuple[int, ...]
    dean: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The screens are lifted. `discarded`: per seat, the goods its camels cannot carry (S5),
    as the final scoring chose them, so no one need search for them again."""

    kind = "game_over"
    reveals = True  # the screens are lifted
    reveal_note = N_("The game is over")
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    discarded: tuple[tuple[int, ...], ...]
