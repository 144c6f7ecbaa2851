"""Le Marché de Samarkand's rules: setup, legality, the countdown in both modes, scoring.

Every rule follows the rulebook; where it is silent, the rulings decide (S1-S5, and ours in
docs/RULINGS.md). `apply` checks a command completely before changing anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from moonlight_desktop.engine import (
    Command,
    Event,
    IllegalCommand,
    JsonDict,
    OptionsError,
    RecordError,
    Rng,
)
from moonlight_desktop.engine.data import refuse_mistyped
from moonlight_desktop.engine.errors import Reason, brief
from moonlight_desktop.engine.schema import Entry, Int, ListOf, Object
from moonlight_desktop.i18n import N_, _

from .components import (
    BANK,
    CAMEL,
    CAMEL_CAPACITIES,
    CARDS_PER_TYPE,
    GOODS_TYPES,
    NOT_IN_PLAY,
    TOP_PRICE,
    TURNS,
    card_type,
    cards_of,
    half_rounded_up,
)
from .moves import (
    CODEC,
    Bought,
    CamelFlipped,
    Countdown,
    Disputed,
    GameOver,
    GoodsRevealed,
    Order,
    OrderPlaced,
    OrdersSealed,
    SaleChosen,
    Seal,
    Sell,
    Stop,
    Stops,
    TurnEnded,
    Wait,
)
from .scoring import Breakdown, breakdown, money_places
from .state import NOT_CALLED, WAITED, Phase, SamarkandState
from .table import MAX_SEATS, ORDERS, STOPS, normalize_options, table_for
from .view import SamarkandView, make_view

Events = list[Event] | None
"""Where the rules report what happened; None when nobody watches (look-ahead, playouts)."""
WAIT = Wait()
WAIT_ONLY: tuple[Command, ...] = (WAIT,)
SEAL = Seal()
SELLS: tuple[Sell, ...] = tuple(Sell(card) for card in range(CAMEL))


class SamarkandRules:
    game_id = "samarkand"
    title = "Le Marché de Samarkand"
    min_seats = 3
    max_seats = 5

    # Setting up ---------------------------------------------------------------------------

    def normalize_options(self, options: Mapping[str, Any], seats: int) -> JsonDict:
        return normalize_options(dict(options), seats)

    def new_state(
        self,
        options: Mapping[str, Any],
        seats: int,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> SamarkandState:
        normalized = normalize_options(dict(options), seats)
        table = table_for(seats, normalized["mode"], normalized["hidden_goods"])
        rng = Rng(seed)
        types, camels, bank, dean = (
            _setup_from(setup, seats) if setup else _random_setup(rng, seats)
        )
        if normalized["dean"] is not None:  # the players named the oldest (rulebook setup)
            dean = normalized["dean"]
        state = SamarkandState(table, normalized, rng, types, camels, bank, dean)
        _flip_camel(state, None)
        return state

    def command_from_json(self, data: Any) -> Command:
        return CODEC.decode(data)

    # Asking ------------------------------------------------------------------------------

    def to_act(self, state: SamarkandState) -> tuple[int, ...]:
        phase = state.phase
        if phase == Phase.COUNTDOWN:  # the hot path of live play: checked first
            calls = state.calls
            return tuple(seat for seat in state.table.seat_numbers if calls[seat] == NOT_CALLED)
        if phase == Phase.CHOOSE:
            return tuple(seat for seat, card in enumerate(state.chosen) if card < 0)
        if phase == Phase.ORDERS:
            return tuple(seat for seat, done in enumerate(state.sealed) if not done)
        return ()

    def is_over(self, state: SamarkandState) -> bool:
        return state.phase == Phase.OVER

    def breakdowns(self, state: SamarkandState) -> tuple[Breakdown, ...]:
        places = money_places(state.money, state.table.place_points)
        return tuple(
            breakdown(state.goods[seat], state.camels[seat], buyable_types(state, seat), points)
            for seat, points in enumerate(places)
        )

    def scores(self, state: SamarkandState) -> tuple[int, ...]:
        return tuple(part.total for part in self.breakdowns(state))

    def winners(self, state: SamarkandState) -> tuple[int, ...]:
        return winners_of(self.scores(state))

    def view(self, state: SamarkandState, seat: int | None) -> SamarkandView:
        return make_view(state, seat)

    def view_from_json(self, data: Any) -> SamarkandView:
        return SamarkandView.from_json(data, Int(self.min_seats, self.max_seats))

    def clone(self, state: SamarkandState) -> SamarkandState:
        return state.clone()

    def state_to_json(self, state: SamarkandState) -> JsonDict:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> SamarkandState:
        try:
            seats = int(data["seats"])
            options = normalize_options(data["options"], seats)
            table = table_for(seats, options["mode"], options["hidden_goods"])
            return SamarkandState.from_json(dict(data), table)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(_("not a Samarkand state: {error}").format(error=error)) from None

    # Legality -----------------------------------------------------------------------------

    def legal_commands(self, state: SamarkandState, seat: int) -> Sequence[Command]:
        phase = state.phase
        if not 0 <= seat < state.table.seats:
            return ()
        if phase == Phase.COUNTDOWN:
            if state.calls[seat] != NOT_CALLED:
                return ()
            if state.money[seat] < state.value:
                return WAIT_ONLY
            commands: list[Command] = [STOPS[lot] for lot in buyable_lots(state, seat)]
            commands.append(WAIT)
            return commands
        if phase == Phase.CHOOSE:
            if state.chosen[seat] >= 0:
                return ()
            return [SELLS[card] for card in state.hands[seat]]
        if phase == Phase.ORDERS:
            if state.sealed[seat]:
                return ()
            top = min(TOP_PRICE, state.money[seat])
            ordered = [lot for lot, _price in state.orders[seat]]
            orders: list[Command] = []
            for lot in buyable_lots(state, seat):
                if lot not in ordered:
                    orders.extend(ORDERS[lot][:top])
            orders.append(SEAL)
            return orders
        return ()

    def apply(self, state: SamarkandState, seat: int, command: Command) -> list[Event]:
        refuse_mistyped(seat, command)
        problem = _problem(state, seat, command)
        if problem is not None:
            raise IllegalCommand.because(problem, command)
        events: list[Event] = []
        _carry_out(state, seat, command, events)
        return events

    def advance(self, state: SamarkandState, seat: int, command: Command) -> None:
        """`apply` for a command taken from `legal_commands`: no check, no events."""
        _carry_out(state, seat, command, None)


def buyable_types(state: SamarkandState, seat: int) -> list[int]:
    """The types a seat could buy: every type in play but its own (S5)."""
    return [t for t in GOODS_TYPES if state.seller_of_type[t] not in (seat, NOT_IN_PLAY)]


def buyable_lots(state: SamarkandState, seat: int) -> list[int]:
    """Lots on offer that `seat` may buy: never its own goods."""
    sellers = state.seller_of_type
    lots = [card for card in state.offers if sellers[card // CARDS_PER_TYPE] != seat]
    if state.camel_offer:
        lots.append(CAMEL)
    return lots


def _lot_on_offer(state: SamarkandState, lot: object) -> bool:
    if type(lot) is not int:
        return False
    return lot in state.offers or (lot == CAMEL and state.camel_offer > 0)


def _problem(state: SamarkandState, seat: int, command: Command) -> Reason | None:
    """Why `command` is not legal now (naming the rule), in no language (its English msgid
    and what fills it: a hosted table's guests each read it in theirs), or None when it is."""
    phase = state.phase
    if phase == Phase.OVER:
        return Reason(N_("the game is over"))
    if type(seat) is not int or not 0 <= seat < state.table.seats:
        return Reason(N_("there is no seat {seat}"), {"seat": brief(seat)})
    kind = type(command)
    if kind is Sell:
        assert isinstance(command, Sell)
        if phase != Phase.CHOOSE:
            return Reason(N_("goods are put up for sale only at the start of a turn"))
        if state.chosen[seat] >= 0:
            return Reason(N_("each merchant sells one card per turn: yours is already chosen"))
        if command.card not in state.hands[seat]:
            return Reason(N_("you can only sell a card from your own hand"))
        return None
    if kind is Stop or kind is Wait:
        if phase != Phase.COUNTDOWN:
            return Reason(N_("Stop and Wait belong to the live countdown"))
        if state.calls[seat] != NOT_CALLED:
            return Reason(
                N_("you have already called at {value}: one purchase per value"),
                {"value": state.value},
            )
        if kind is Wait:
            return None
        assert isinstance(command, Stop)
        return _lot_problem(state, seat, command.lot) or (
            None
            if state.money[seat] >= state.value
            else Reason(
                N_("a Stop at {value} needs more money than you have: {money} (S2)"),
                {"value": state.value, "money": state.money[seat]},
            )
        )
    if kind is Order or kind is Seal:
        if phase != Phase.ORDERS:
            return Reason(N_("stop orders are placed only before a sealed countdown"))
        if state.sealed[seat]:
            return Reason(N_("your orders are already sealed"))
        if kind is Seal:
            return None
        assert isinstance(command, Order)
        problem = _lot_problem(state, seat, command.lot)
        if problem is not None:
            return problem
        if any(lot == command.lot for lot, _price in state.orders[seat]):
            return Reason(N_("one order per lot"))
        price = command.price
        if type(price) is not int or not 1 <= price <= TOP_PRICE:
            return Reason(
                N_("an order's price is a countdown value from 1 to {top}"), {"top": TOP_PRICE}
            )
        if price > state.money[seat]:
            return Reason(
                N_("an order at {price} needs more money than you have: {money}"),
                {"price": price, "money": state.money[seat]},
            )
        return None
    return Reason(N_("Le Marché de Samarkand has no such command"))


def _lot_problem(state: SamarkandState, seat: int, lot: object) -> Reason | None:
    if not _lot_on_offer(state, lot):
        return Reason(N_("lot {lot} is not on offer"), {"lot": brief(lot)})
    assert isinstance(lot, int)
    if lot != CAMEL and state.seller_of_type[card_type(lot)] == seat:
        return Reason(N_("a merchant cannot buy his own goods"))
    return None


def _carry_out(state: SamarkandState, seat: int, command: Command, events: Events) -> None:
    kind = type(command)
    if kind is Wait or kind is Stop:
        state.calls[seat] = command.lot if isinstance(command, Stop) else WAITED
        if NOT_CALLED not in state.calls:
            claims = [(s, call) for s, call in enumerate(state.calls) if call >= 0]
            _resolve(state, state.value, claims, events)
            _next_value(state, events)
    elif kind is Sell:
        assert isinstance(command, Sell)
        state.chosen[seat] = command.card
        if events is not None:
            events.append(SaleChosen(seat, command.card))
        if min(state.chosen) >= 0:
            _reveal(state, events)
    elif kind is Order:
        assert isinstance(command, Order)
        state.orders[seat].append((command.lot, command.price))
        if events is not None:
            events.append(OrderPlaced(seat, command.lot, command.price))
    else:
        state.sealed[seat] = True
        if events is not None:
            events.append(OrdersSealed(seat))
        if all(state.sealed):
            _run_sealed_countdown(state, events)


# Setup --------------------------------------------------------------------------------------


def _random_setup(rng: Rng, seats: int) -> tuple[list[int], list[int], list[int], int]:
    types = [int(t) for t in GOODS_TYPES]
    rng.shuffle(types)
    camels = list(CAMEL_CAPACITIES)
    rng.shuffle(camels)
    bank: list[int] = []
    if seats == 3:  # the bank sells a fourth type from a shuffled deck
        bank = cards_of(types[3])
        rng.shuffle(bank)
    return types[: seats + (seats == 3)], camels, bank, rng.below(seats)


PINNED_SETUP = Object(
    {
        "types": Entry(ListOf(Int(0, len(GOODS_TYPES) - 1), 4, MAX_SEATS), required=True),
        "camels": Entry(
            ListOf(
                Int(min(CAMEL_CAPACITIES), max(CAMEL_CAPACITIES)),
                len(CAMEL_CAPACITIES),
                len(CAMEL_CAPACITIES),
            ),
            required=True,
        ),
        "bank": Entry(ListOf(Int(0, CAMEL - 1), 0, CARDS_PER_TYPE), []),
        "dean": Entry(Int(0, MAX_SEATS - 1), required=True),
    }
)
"""A pinned setup: `types` per seat (then the bank's at 3 seats), `camels` (capacities, top
card first), `bank` (its 10 card ids, top first; 3 seats only) and `dean`."""


def _setup_from(
    setup: Mapping[str, Any], seats: int
) -> tuple[list[int], list[int], list[int], int]:
    checked = PINNED_SETUP.check(setup, "setup")
    types, camels, bank, dean = (checked[k] for k in ("types", "camels", "bank", "dean"))
    sellers = seats + (seats == 3)
    if len(types) != sellers or len(set(types)) != sellers:
        raise OptionsError(f"a pinned setup names {sellers} different goods types (0-4)")
    if sorted(camels) != sorted(CAMEL_CAPACITIES):
        raise OptionsError("pinned camels list the 16 capacities: four each of 3, 4, 5, 6")
    expected = sorted(cards_of(types[3])) if seats == 3 else []
    if sorted(bank) != expected:
        raise OptionsError("a pinned bank deck lists the bank type's 10 cards (3 seats only)")
    if dean >= seats:
        raise OptionsError(f"a pinned dean is a seat from 0 to {seats - 1}")
    return types, camels[::-1], bank[::-1], dean


# A turn -------------------------------------------------------------------------------------


def _flip_camel(state: SamarkandState, events: Events) -> None:
    state.camel_due = False
    if state.camel_deck:
        state.camel_offer = state.camel_deck.pop()
        if events is not None:
            events.append(CamelFlipped(state.camel_offer, len(state.camel_deck)))


def _reveal(state: SamarkandState, events: Events) -> None:
    offers = state.chosen[:]
    for seat, card in enumerate(offers):
        state.hands[seat].remove(card)
    if state.bank_deck:
        offers.append(state.bank_deck.pop())
    state.offers = offers
    state.chosen = [-1] * state.table.seats
    state.ledger = []
    if events is not None:
        events.append(GoodsRevealed(tuple(offers)))
    if state.table.sealed:
        state.phase = Phase.ORDERS
    else:
        state.phase = Phase.COUNTDOWN
        state.value = TOP_PRICE
        _open_value(state, events)


def _open_value(state: SamarkandState, events: Events) -> None:
    """Calls the current value (lots are on offer): every seat with a lot it may buy calls Stop
    or Wait. Money does not decide who is asked: that would show who can pay."""
    if events is not None:
        events.append(Countdown(state.value))
    if state.camel_offer:
        state.calls = [NOT_CALLED] * state.table.seats
        return
    sellers = state.seller_of_type
    kinds = {sellers[card // CARDS_PER_TYPE] for card in state.offers}
    state.calls = [NOT_CALLED if kinds - {seat} else WAITED for seat in range(state.table.seats)]


def _next_value(state: SamarkandState, events: Events) -> None:
    state.value -= 1
    if state.value == 0 or not (state.offers or state.camel_offer):
        if events is not None and state.value == 0:
            events.append(Countdown(0))
        _end_turn(state, events)
    else:
        _open_value(state, events)


def _run_sealed_countdown(state: SamarkandState, events: Events) -> None:
    """The same countdown, each order firing at its price if the lot is still there and the
    buyer can pay; a seat's first such order in priority order is its one Stop (S3)."""
    for value in range(TOP_PRICE, 0, -1):
        if not (state.offers or state.camel_offer):
            break
        if events is not None:
            events.append(Countdown(value))
        claims = []
        for seat, orders in enumerate(state.orders):
            if state.money[seat] < value:
                continue
            for lot, price in orders:
                if price == value and _lot_on_offer(state, lot):
                    claims.append((seat, lot))
                    break
        if claims:
            _resolve(state, value, claims, events)
    else:
        if events is not None:
            events.append(Countdown(0))
    _end_turn(state, events)


def _resolve(
    state: SamarkandState, value: int, claims: list[tuple[int, int]], events: Events
) -> None:
    """Every Stop made at `value`, together: a lone claimant buys; several for one lot is a
    dispute (S4): the Dean takes it if involved, else nobody does and each pays half."""
    if not claims:
        return
    if events is not None:
        events.append(Stops(value, tuple(claims)))
    camel_sold = False
    for lot in sorted({lot for _seat, lot in claims}):
        claimants = [seat for seat, claimed in claims if claimed == lot]
        payee = BANK if lot == CAMEL else state.seller_of_type[card_type(lot)]
        if len(claimants) == 1 or state.dean in claimants:
            buyer = claimants[0] if len(claimants) == 1 else state.dean
            _pay(state, buyer, payee, value, lot)
            capacity = state.camel_offer if lot == CAMEL else 0
            if lot == CAMEL:
                state.camels[buyer].append(capacity)
                state.camel_offer = 0
                camel_sold = True
            else:
                state.offers.remove(lot)
                state.goods[buyer].append(lot)
            if events is not None:
                events.append(Bought(buyer, lot, capacity, value, payee, len(claimants) > 1))
            continue
        each = half_rounded_up(value)
        for seat in claimants:
            _pay(state, seat, payee, each, lot)
        if events is not None:
            events.append(Disputed(lot, tuple(claimants), each, payee))
        if lot == CAMEL:  # under the deck, the deck reshuffled, the next camel turned up
            state.camel_deck.insert(0, state.camel_offer)
            state.camel_offer = 0
            state.rng.shuffle(state.camel_deck)
            _flip_camel(state, events)
        else:
            state.offers.remove(lot)
            state.discards.append(lot)
    if camel_sold:
        if state.offers:
            _flip_camel(state, events)
        else:
            state.camel_due = True


def _pay(state: SamarkandState, payer: int, payee: int, amount: int, lot: int) -> None:
    state.money[payer] -= amount
    if payee == BANK:
        state.bank_takings += amount
    else:
        state.money[payee] += amount
    state.ledger.append((payer, payee, amount, lot))


def winners_of(scores: tuple[int, ...]) -> tuple[int, ...]:
    """The most points; a tie is a shared win (R1)."""
    return tuple(seat for seat, score in enumerate(scores) if score == max(scores))


def _end_turn(state: SamarkandState, events: Events) -> None:
    discarded = state.offers
    state.discards.extend(discarded)
    state.offers = []
    state.dean = (state.dean + 1) % state.table.seats  # the Dean passes to the left
    if events is not None:
        events.append(TurnEnded(tuple(discarded), state.dean))
    state.turn += 1
    state.orders = [[] for _seat in range(state.table.seats)]
    state.sealed = [False] * state.table.seats
    state.value = 0
    if state.turn > TURNS:
        state.phase = Phase.OVER
        if events is not None:
            parts = SamarkandRules().breakdowns(state)
            scores = tuple(part.total for part in parts)
            left = tuple(part.discarded for part in parts)  # what the camels cannot carry
            events.append(GameOver(scores, winners_of(scores), left))
        return
    state.phase = Phase.CHOOSE
    if state.camel_due:
        _flip_camel(state, events)


def samarkand_stats(state: SamarkandState) -> dict[str, float]:
    """Figures of a finished game for the arena's report."""
    return {
        "goods bought": sum(len(goods) for goods in state.goods),
        "camels bought": sum(len(camels) for camels in state.camels),
        "goods discarded": len(state.discards),
    }
