"""Samarkand's Hard bot: the shared ISMCTS (`engine/ismcts.py`) with Samarkand's parts.

- `SamarkandMemory` follows the public payments from one view to the next (as NormalBot does):
  each rival's money, the goods each has bought, and how many camels (and which, when seen).
- `SamarkandDeterminizer` samples full states the seat cannot tell from the true one: what the
  memory knows is kept, the rest (deck orders, unseen camels, face-down cards, sealed orders,
  and, without a memory that agrees with the view, money, camels and hidden goods) drawn at
  random among the arrangements that agree with the view.
- `heuristic` is NormalBot's pricing read off the full state: the playouts' policy and the
  rivals' model in the tree (`candidates`), so the search spends its iterations on its own
  choices.

docs/samarkand_bots.md explains the choices and their measured effect.
"""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.engine.ismcts import IsmctsBot, Searched

from .bots import Weights, _LiveDelay
from .components import (
    CAMEL,
    CAMEL_CAPACITIES,
    CARDS_PER_TYPE,
    GOODS_TYPES,
    TOP_PRICE,
    TURNS,
    card_type,
    card_value,
    cards_of,
)
from .moves import Order, Seal, Sell, Wait
from .rules import SamarkandRules, buyable_lots, buyable_types
from .scoring import (
    DISTINCT_VALUES,
    EMPTY_SPACE_PENALTY,
    GROUP_POINTS,
    kept_goods,
)
from .state import NOT_CALLED, WAITED, Phase, SamarkandState
from .table import ORDERS, STOPS, normalize_options
from .view import SamarkandView

RULES = SamarkandRules()
WEIGHTS = Weights()
WAIT = Wait()
SEAL = Seal()


# Following the public payments ------------------------------------------------------------


class SamarkandMemory:
    """What a seat learns by watching every view it is shown, in order: the payments (each
    rival's money, the goods each bought) and the camels bought. `sample` uses it only while it
    agrees with the view (a bot joining a game halfway has seen too little)."""

    def __init__(self) -> None:
        self.money: list[int] = []
        self.paid_lots: list[list[int]] = []  # goods lots each seat paid for (bought or disputed)
        self.camel_counts: list[int] = []
        self.camel_known: list[list[int]] = []  # capacities seen bought, per seat
        self.camels_ok = True  # False once a purchase could not be told from a dispute
        self._seen = (0, 0)  # (turn of the ledger, entries already followed)
        self._camels_left = 0  # camel deck and face-up camel at the last view
        self._camel_offer = 0

    def follow(self, view: SamarkandView) -> None:
        ledger_turn = view.turn - 1 if view.phase == Phase.CHOOSE else view.turn
        left = view.camel_deck_size + (view.camel_offer > 0)
        if not self.money or ledger_turn < self._seen[0]:
            seats = view.seats
            self.money = [view.table.starting_money] * seats
            self.paid_lots = [[] for _ in range(seats)]
            self.camel_counts = [0] * seats
            self.camel_known = [[] for _ in range(seats)]
            self.camels_ok = True
            self._seen = (1, 0)
            self._camels_left = len(CAMEL_CAPACITIES)
        turn, seen = self._seen
        if ledger_turn != turn:
            seen = 0
        camel_payers: list[tuple[int, int]] = []
        for payer, payee, amount, lot in view.ledger[seen:]:
            self.money[payer] -= amount
            if payee >= 0:
                self.money[payee] += amount
            if lot == CAMEL:
                camel_payers.append((payer, amount))
            else:
                self.paid_lots[payer].append(lot)
        self._follow_camels(camel_payers, self._camels_left - left)
        self._seen = (ledger_turn, len(view.ledger))
        self._camels_left = left
        self._camel_offer = view.camel_offer

    def _follow_camels(self, payers: list[tuple[int, int]], bought: int) -> None:
        """Camel payments since the last view: `bought` of them were purchases (the deck
        shrank), the rest disputes (several claimants paying the same half price)."""
        if not payers:
            if bought:
                self.camels_ok = False
            return
        if bought == len(payers):
            buyers = [payer for payer, _ in payers]
        elif bought == 0:
            buyers = []
        else:  # a lone payment between others of other amounts is a purchase
            buyers = [
                payer
                for n, (payer, amount) in enumerate(payers)
                if all(payers[m][1] != amount for m in (n - 1, n + 1) if 0 <= m < len(payers))
            ]
            if len(buyers) != bought:
                self.camels_ok = False
                return
        for buyer in buyers:
            self.camel_counts[buyer] += 1
        if len(payers) == 1 and len(buyers) == 1 and self._camel_offer:
            self.camel_known[buyers[0]].append(self._camel_offer)


# Sampling -----------------------------------------------------------------------------------


class SamarkandDeterminizer:
    """Keeps every fact of the view and of the memory (while it agrees with the view) and draws
    the rest at random among the arrangements that agree with both."""

    def __init__(self, memory: SamarkandMemory | None = None) -> None:
        self.memory = memory

    def seat(self, view: SamarkandView) -> int:
        assert view.viewer is not None  # a bot always plays a seat
        return view.viewer

    def sample(self, view: SamarkandView, rng: Rng) -> SamarkandState:
        me = self.seat(view)
        table = view.table
        seats = table.seats
        options = normalize_options(
            {"mode": "sealed" if table.sealed else "live", "hidden_goods": table.hidden_goods},
            seats,
        )
        state = SamarkandState(
            table, options, Rng(rng.next64()), list(view.types), [], [], view.dean
        )
        state.hands = [list(hand) for hand in view.hands]
        state.camel_offer = view.camel_offer
        state.offers = list(view.offers)
        state.bank_takings = view.bank_takings
        state.discards = list(view.discards)
        state.turn = view.turn
        state.phase = view.phase
        state.value = view.value
        state.sealed = list(view.sealed)
        state.ledger = list(view.ledger)
        state.goods[me] = list(view.goods[me] or ())
        state.camels[me] = list(view.camels[me] or ())
        state.money[me] = view.money[me] or 0
        others = [seat for seat in range(seats) if seat != me]
        memory = self.memory if self._memory_agrees(view) else None
        self._deal_money(view, state, others, memory, rng)
        self._deal_goods(view, state, others, memory, rng)
        self._deal_camels(view, state, others, memory, rng)
        self._deal_choices(view, state, me, others, rng)
        return state

    def _memory_agrees(self, view: SamarkandView) -> bool:
        memory = self.memory
        me = self.seat(view)
        if memory is None or len(memory.money) != view.seats:
            return False
        return memory.money[me] == view.money[me] and min(memory.money) >= 0

    def _deal_money(
        self,
        view: SamarkandView,
        state: SamarkandState,
        others: list[int],
        memory: SamarkandMemory | None,
        rng: Rng,
    ) -> None:
        total = view.seats * view.table.starting_money - view.bank_takings
        total -= state.money[self.seat(view)]  # what the rivals hold together
        if memory is not None and sum(memory.money[s] for s in others) == total:
            for seat in others:
                state.money[seat] = memory.money[seat]
            return
        cuts = sorted(rng.below(total + 1) for _ in others[1:])
        for seat, low, high in zip(others, [0, *cuts], [*cuts, total], strict=True):
            state.money[seat] = high - low

    def _deal_goods(
        self,
        view: SamarkandView,
        state: SamarkandState,
        others: list[int],
        memory: SamarkandMemory | None,
        rng: Rng,
    ) -> None:
        """Rivals' goods (the variant hides them) and the bank's deck (3 seats): the cards of
        the types in play that are nowhere in sight."""
        seats = view.seats
        seen = set(view.offers) | set(view.discards)
        for seat in range(seats):
            seen.update(view.hands[seat])
            seen.update(view.goods[seat] or ())
        # The rest are the rivals' hidden goods and the bank's deck.
        unseen = [c for t in view.types for c in cards_of(t) if c not in seen]
        bank_type = view.types[seats] if seats == 3 else -1
        if view.table.hidden_goods:
            tracked = self._tracked_goods(view, others, memory, set(unseen))
            if tracked is not None:
                for seat in others:
                    state.goods[seat] = tracked[seat]
                placed = {c for seat in others for c in tracked[seat]}
                unseen = [c for c in unseen if c not in placed]
            else:
                unseen = self._deal_hidden_goods(view, state, others, unseen, bank_type, rng)
        else:
            for seat in others:
                state.goods[seat] = list(view.goods[seat] or ())
        deck = [c for c in unseen if card_type(c) == bank_type]
        rng.shuffle(deck)
        state.bank_deck = deck

    def _tracked_goods(
        self,
        view: SamarkandView,
        others: list[int],
        memory: SamarkandMemory | None,
        unseen: set[int],
    ) -> dict[int, list[int]] | None:
        if memory is None:
            return None
        discards = set(view.discards)
        tracked = {
            seat: [c for c in memory.paid_lots[seat] if c not in discards] for seat in others
        }
        placed = [c for seat in others for c in tracked[seat]]
        bank_left = view.bank_deck_size
        if len(set(placed)) != len(placed) or not set(placed) <= unseen:
            return None
        if len(unseen) - len(placed) != bank_left:
            return None
        return tracked

    def _deal_hidden_goods(
        self,
        view: SamarkandView,
        state: SamarkandState,
        others: list[int],
        unseen: list[int],
        bank_type: int,
        rng: Rng,
    ) -> list[int]:
        """Without a memory: the sellers' unseen cards go to rivals who may buy them, the
        bank's to rivals or its deck (its size kept). Returns the cards left for the deck."""
        bank_cards = [c for c in unseen if card_type(c) == bank_type]
        rng.shuffle(bank_cards)
        deck = bank_cards[: view.bank_deck_size]
        sold = [c for c in unseen if card_type(c) != bank_type]
        sold += bank_cards[view.bank_deck_size :]
        for card in sold:
            owners = [s for s in others if view.types[s] != card_type(card)]
            state.goods[owners[rng.below(len(owners))]].append(card)
        return deck

    def _deal_camels(
        self,
        view: SamarkandView,
        state: SamarkandState,
        others: list[int],
        memory: SamarkandMemory | None,
        rng: Rng,
    ) -> None:
        pool = self._pool(view)
        held = len(pool) - view.camel_deck_size  # camels behind the rivals' screens
        counts = {seat: 0 for seat in others}
        known: dict[int, list[int]] = {seat: [] for seat in others}
        if (
            memory is not None
            and memory.camels_ok
            and sum(memory.camel_counts[s] for s in others) == held
        ):
            counts = {seat: memory.camel_counts[seat] for seat in others}
            seen = sorted(c for seat in others for c in memory.camel_known[seat])
            rest = pool[:]
            for capacity in seen:
                if capacity in rest:
                    rest.remove(capacity)
            if len(rest) == len(pool) - len(seen):  # what it saw bought is still unaccounted
                known = {seat: memory.camel_known[seat][:] for seat in others}
                pool = rest
        else:
            for _ in range(held):
                counts[others[rng.below(len(others))]] += 1
        rng.shuffle(pool)
        for seat in others:
            for _ in range(counts[seat] - len(known[seat])):
                known[seat].append(pool.pop())
            state.camels[seat] = known[seat]
        state.camel_deck = pool

    def _pool(self, view: SamarkandView) -> list[int]:
        """The camels the seat has not seen: the deck and the rivals' (any order)."""
        pool = list(CAMEL_CAPACITIES)
        for capacity in [*(view.camels[self.seat(view)] or ()), view.camel_offer]:
            if capacity:
                pool.remove(capacity)
        return pool

    def _deal_choices(
        self, view: SamarkandView, state: SamarkandState, me: int, others: list[int], rng: Rng
    ) -> None:
        """The secret choices of this step: face-down cards, sealed orders. A rival who has not
        chosen yet chooses in the search; a live countdown's calls are all still to come."""
        if view.phase == Phase.CHOOSE:
            state.chosen[me] = view.my_sale
            for seat in others:
                if view.has_chosen[seat]:
                    hand = view.hands[seat]
                    state.chosen[seat] = hand[rng.below(len(hand))]
        elif view.phase == Phase.COUNTDOWN:
            sellers = state.seller_of_type
            kinds = {sellers[card // CARDS_PER_TYPE] for card in state.offers}
            state.calls = [
                NOT_CALLED if state.camel_offer or kinds - {seat} else WAITED
                for seat in range(view.seats)
            ]
        elif view.phase == Phase.ORDERS:
            state.orders[me] = list(view.my_orders)
            for seat in others:
                if view.sealed[seat]:
                    state.sealed[seat] = False
                    while True:
                        command = rollout(state, seat, RULES.legal_commands(state, seat), rng)
                        if not isinstance(command, Order):
                            break
                        state.orders[seat].append((command.lot, command.price))
                    state.sealed[seat] = True


# The heuristic: NormalBot's pricing on the full state --------------------------------------


_TYPE = tuple(card_type(card) for card in range(CAMEL))
_VALUE = tuple(card_value(card) for card in range(CAMEL))
_VALUE_INDEX = tuple(DISTINCT_VALUES.index(card_value(card)) for card in range(CAMEL))


def _prospect(state: SamarkandState, seat: int, goods: list[int], types: list[int]) -> float:
    """As NormalBot's: goods points as they stand, a missing least type counted in proportion
    to the types started; only what fits once no camel can come. One pass over the cards:
    this is the playouts' hot spot."""
    if not (state.camel_offer or state.camel_deck):
        capacity = sum(state.camels[seat])
        if len(goods) > capacity:
            goods = kept_goods(goods, capacity, types)
    count, total, same = _tally(goods)
    return sum(GROUP_POINTS[min(n, 6)] for n in same) + _least(count, total, types)


def _tally(goods: list[int]) -> tuple[list[int], list[int], list[int]]:
    """What `_prospect` scores a holding by: per type its cards and their total value, per
    distinct value its cards."""
    count = [0] * len(GOODS_TYPES)
    total = [0] * len(GOODS_TYPES)
    same = [0] * len(DISTINCT_VALUES)
    for card in goods:
        kind = _TYPE[card]
        count[kind] += 1
        total[kind] += _VALUE[card]
        same[_VALUE_INDEX[card]] += 1
    return count, total, same


def _least(count: list[int], total: list[int], types: list[int]) -> float:
    """The least type's part of `_prospect` (a missing type counted in proportion)."""
    started = [t for t in types if count[t]]
    if not started:
        return 0.0
    fewest = min(count[t] for t in started)
    least = max(total[t] for t in started if count[t] == fewest)
    return least * len(started) / len(types)


def _goods_gains(state: SamarkandState, seat: int, cards: list[int]) -> list[float]:
    """What each card would add to the seat's `_prospect`: one card changes one type and one
    value, so each is scored from the holding's counts rather than from scratch."""
    types = buyable_types(state, seat)
    goods = state.goods[seat]
    if not (state.camel_offer or state.camel_deck):  # what fits counts: score each holding
        base = _prospect(state, seat, goods, types)
        return [_prospect(state, seat, [*goods, card], types) - base for card in cards]
    count, total, same = _tally(goods)
    base = _least(count, total, types)
    gains = []
    for card in cards:
        kind, value, index = _TYPE[card], _VALUE[card], _VALUE_INDEX[card]
        groups = GROUP_POINTS[min(same[index] + 1, 6)] - GROUP_POINTS[min(same[index], 6)]
        count[kind] += 1
        total[kind] += value
        gains.append(groups + _least(count, total, types) - base)
        count[kind] -= 1
        total[kind] -= value
    return gains


def _camel_gain(state: SamarkandState, seat: int) -> float:
    capacity = sum(state.camels[seat])
    expected = len(state.goods[seat]) + (TURNS - state.turn) * WEIGHTS.purchases_per_turn
    offer = state.camel_offer
    filled = min(offer, max(0.0, expected - capacity))
    return filled * WEIGHTS.slot - EMPTY_SPACE_PENALTY * (offer - filled)


_PRICES: dict[int, tuple[SamarkandState, tuple[int, int, int], list[tuple[int, float]]]] = {}
"""Prices by seat and state, while no payment has changed them (a countdown asks at every
value): the state itself is kept so a new state at a reused id is never confused with it."""


def prices(state: SamarkandState, seat: int) -> list[tuple[int, float]]:
    """The most `seat` would pay for each lot it may buy (NormalBot's rule), remembered."""
    key = id(state) * 8 + seat
    stamp = (state.turn, state.phase, len(state.ledger))
    known = _PRICES.get(key)
    if known is not None and known[0] is state and known[1] == stamp:
        return known[2]
    if len(_PRICES) > 4096:
        _PRICES.clear()
    priced = _prices(state, seat)
    _PRICES[key] = (state, stamp, priced)
    return priced


def _prices(state: SamarkandState, seat: int) -> list[tuple[int, float]]:
    lots = buyable_lots(state, seat)
    if not lots:
        return []
    money = state.money[seat]
    cap = money if state.turn == TURNS else money * WEIGHTS.spend_share
    seats = state.table.seats
    richest = max(m for s, m in enumerate(state.money) if s != seat)
    limit = min(cap, richest + 1)
    shade = (seats - 1) / seats * WEIGHTS.dirhams_per_point
    cards = [lot for lot in lots if lot != CAMEL]
    points = dict(zip(cards, _goods_gains(state, seat, cards), strict=True))
    if cards and not state.table.hidden_goods:  # denial: what the best placed rival gains
        denied = dict.fromkeys(cards, 0.0)
        sellers = state.seller_of_type
        for rival in range(seats):
            if rival == seat:
                continue
            theirs = [card for card in cards if sellers[_TYPE[card]] != rival]
            for card, gain in zip(theirs, _goods_gains(state, rival, theirs), strict=True):
                denied[card] = max(denied[card], gain)
        for card in cards:
            points[card] += WEIGHTS.denial * denied[card]
    if state.camel_offer:
        points[CAMEL] = _camel_gain(state, seat)
    return [(lot, min(points[lot] * shade, limit)) for lot in lots]


def heuristic(state: SamarkandState, seat: int, legal: Sequence[Command]) -> Command:
    """NormalBot's choice: sell the best card; stop on the lot with the most surplus at this
    value; order every lot at its price, dearest first, then seal."""
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == Phase.COUNTDOWN:
        value = state.value
        money = state.money[seat]
        if value > (money if state.turn == TURNS else money * WEIGHTS.spend_share):
            return WAIT  # no price reaches the value: spare the valuation
        best: Command = WAIT
        margin = -1.0
        for lot, price in prices(state, seat):
            if price >= value and price - value > margin:
                best, margin = STOPS[lot], price - value
        return best
    if phase == Phase.CHOOSE:
        return max(legal, key=lambda c: card_value(c.card) if isinstance(c, Sell) else -1)
    ordered = {lot for lot, _ in state.orders[seat]}
    top = min(TOP_PRICE, state.money[seat])
    for lot, price in sorted(prices(state, seat), key=lambda item: -item[1]):
        if lot not in ordered and price >= 1:
            return ORDERS[lot][min(int(price), top) - 1]
    return SEAL


def rollout(state: SamarkandState, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    """The heuristic, with a random sale one time in three (rivals' sales vary)."""
    if state.phase == Phase.CHOOSE and rng.below(3) == 0:
        return legal[rng.below(len(legal))]
    return heuristic(state, seat, legal)


class SamarkandCandidates:
    """The commands the tree tries for each seat: the rivals play as NormalBot would; the
    seat itself tries one card of each value and, in its orders, prices near its own.
    A class rather than a closure so that the bot can be sent to a searching process."""

    def __init__(self, me: int) -> None:
        self.me = me

    def __call__(
        self, state: SamarkandState, seat: int, legal: Sequence[Command]
    ) -> Sequence[Command]:
        if len(legal) == 1:
            return legal
        if seat != self.me:
            return (heuristic(state, seat, legal),)
        if state.phase == Phase.CHOOSE:
            by_value: dict[int, Command] = {}
            for command in legal:
                if isinstance(command, Sell):
                    by_value.setdefault(card_value(command.card), command)
            return list(by_value.values())  # cards of one value are alike
        if state.phase == Phase.ORDERS:
            top = min(TOP_PRICE, state.money[seat])
            ordered = {lot for lot, _ in state.orders[seat]}
            chosen: list[Command] = []
            for lot, price in prices(state, seat):
                if lot in ordered:
                    continue
                near = round(price)
                for asked in sorted({min(max(p, 1), top) for p in range(near - 2, near + 2)}):
                    chosen.append(ORDERS[lot][asked - 1])
            chosen.append(SEAL)
            return chosen
        return legal


# The bot ------------------------------------------------------------------------------------


class HardBot(_LiveDelay):
    """ISMCTS over sampled states, the rivals modelled by NormalBot's rule."""

    def __init__(
        self, seed: int, *, iterations: int | None = None, budget_seconds: float = 1.5
    ) -> None:
        super().__init__(seed)
        self.memory = SamarkandMemory()
        self.seed = seed
        self.iterations = iterations
        self.budget_seconds = budget_seconds
        self.search: IsmctsBot[SamarkandState] | None = None
        self.last: Searched | None = None

    def choose(
        self, view: SamarkandView, legal: Sequence[Command], budget_seconds: float
    ) -> Command:
        self.memory.follow(view)  # every view, even with one command: no payment is missed
        if len(legal) == 1:
            return legal[0]
        me = SamarkandDeterminizer().seat(view)
        if self.search is None:  # the seat is known from the first view
            self.search = IsmctsBot(
                RULES,
                SamarkandDeterminizer(self.memory),
                self.seed,
                budget_seconds=self.budget_seconds,
                iterations=self.iterations,
                rollout=rollout,
                candidates=SamarkandCandidates(me),
            )
        choice = self.search.choose(view, self._offered(view, legal, me), budget_seconds)
        self.last = self.search.last
        return next(command for command in legal if command == choice)

    def _offered(self, view: SamarkandView, legal: Sequence[Command], me: int) -> list[Command]:
        """The root's commands: the tree prunes below the root, and the root takes what
        `choose` is offered, so the same candidates are offered here (read off one sample:
        the prices depend on nothing hidden but the richest rival's money)."""
        rng = Rng(self.seed ^ (view.turn << 8) ^ len(view.my_orders))
        sample = SamarkandDeterminizer(self.memory).sample(view, rng)
        kept = set(SamarkandCandidates(me)(sample, me, legal))
        return [command for command in legal if command in kept]
