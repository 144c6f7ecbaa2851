"""Moonlight Market's rules: setup, legality, what each command does, scoring.

Where the rulebook is silent the rulings decide: R0-R2 and M1-M8 shared, MM1-MM9 ours
(docs/RULINGS.md).
`legal_commands` is the one source of legality; `apply` refuses anything else, naming the rule.
Dirk and Beate act inside the rules (automata.py) whenever their turn comes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import or_
from typing import Any

from moonlight_desktop.engine import (
    Command,
    Event,
    IllegalCommand,
    JsonDict,
    OptionsError,
    Reason,
    RecordError,
    Rng,
)
from moonlight_desktop.engine.data import refuse_mistyped
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.engine.ranking import top_seats
from moonlight_desktop.engine.schema import Entry, Int, ListOf, Object, OneOf
from moonlight_desktop.i18n import N_, _

from .automata import automaton_cushion, automaton_gem, placement_order
from .components import (
    ALL_LINKS,
    CARDS_PER_SEAT,
    CHAIN_LIMIT,
    GEMS,
    HAMMER,
    HAND_DRAW,
    LINK_BY_NAME,
    LINK_KINDS,
    LINK_TARGETS,
    PASSES,
    ROUNDS,
    SEAL,
    SEAL_WORTHY_CHAIN,
    SEALS_IN_BOX,
    SOLE_GEM,
    START_SEALS,
    chain_value,
    link_name,
    places,
    values_by_gem,
)
from .moves import (
    CODEC,
    Bid,
    BidPlaced,
    CardPutUnder,
    CardsDrawn,
    ChainDiscarded,
    CushionsFilled,
    DiscardHammer,
    GameOver,
    HammerUsed,
    LinkPlaced,
    LinksHandedOut,
    PassScored,
    PlaceLink,
    PlayDisplaced,
    SealTaken,
    StartCoinLaid,
    UseHammer,
)
from .state import MarketState, Phase
from .table import (
    COLUMNS,
    CUSHION_ROWS,
    MAX_POSITIONS,
    MIN_POSITIONS,
    Table,
    normalize_options,
    table_for,
)
from .view import MarketView, make_view

BIDDING, HAMMERING, PLACING, OVER = Phase.BID, Phase.HAMMER, Phase.PLACE, Phase.OVER
"""The phases by plain names: looking a member up on its enum class costs 0.1 µs in Python 3.11,
more than some whole steps of the rules."""

Events = list[Event] | None
"""Where the rules report what happened; None when nobody watches (look-ahead, playouts)."""

# Every command exists once, so legal_commands builds lists without constructing anything.
BIDS = tuple(
    tuple(Bid(card, cushion) for cushion in range(MAX_POSITIONS))
    for card in range(CARDS_PER_SEAT + 1)
)
ALONE = tuple((position,) for position in range(MAX_POSITIONS))
"""`to_act`'s answer while a game runs, built once rather than on every action."""
PLAY_DISPLACED = tuple(PlayDisplaced(cushion) for cushion in range(MAX_POSITIONS))
CUSHION_MASKS = range(1 << MAX_POSITIONS)
"""Sets of cushions as bit masks (bit c: cushion c), to look the bids at them up in one step."""
BIDS_AT = tuple(
    tuple(tuple(row[c] for c in range(MAX_POSITIONS) if mask >> c & 1) for mask in CUSHION_MASKS)
    for row in BIDS
)
"""`BIDS_AT[card][mask]`: the bids of `card` at the cushions in `mask`, lowest cushion first."""
PLAY_DISPLACED_AT = tuple(
    tuple(PLAY_DISPLACED[c] for c in range(MAX_POSITIONS) if mask >> c & 1)
    for mask in CUSHION_MASKS
)
USE_HAMMER = tuple(tuple(UseHammer(gem, slot) for slot in range(CHAIN_LIMIT)) for gem in GEMS)
DISCARD_HAMMER = DiscardHammer()
PLACE_LINK = tuple(
    tuple(PlaceLink(code, gem) for gem in LINK_TARGETS[code]) for code in range(LINK_KINDS)
)


class MarketRules:
    game_id = "market"
    title = "Moonlight Market"
    min_seats = 1
    max_seats = MAX_POSITIONS

    # Setting up ---------------------------------------------------------------------------

    def normalize_options(self, options: Mapping[str, Any], seats: int) -> JsonDict:
        return normalize_options(dict(options), seats)

    def new_state(
        self,
        options: Mapping[str, Any],
        seats: int,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> MarketState:
        normalized = normalize_options(dict(options), seats)
        table = table_for(seats, normalized["automata"])
        rng = Rng(seed)
        supply, piles, start = _setup_from(setup, table) if setup else _random_setup(rng, table)
        if normalized["start_seat"] is not None:
            start = normalized["start_seat"]
        state = MarketState(table, normalized, rng, supply)
        state.piles = piles
        state.seals = [START_SEALS] * table.positions
        state.seal_supply = SEALS_IN_BOX - START_SEALS * table.positions
        state.coin = start
        _start_pass(state, None)
        return state

    def command_from_json(self, data: Any) -> Command:
        return CODEC.decode(data)

    # Asking ------------------------------------------------------------------------------

    def to_act(self, state: MarketState) -> tuple[int, ...]:
        return () if state.phase is OVER else ALONE[state.seat]

    def is_over(self, state: MarketState) -> bool:
        return state.phase == OVER

    def scores(self, state: MarketState) -> tuple[int, ...]:
        """Prestige per position: the record's seats, then Dirk and Beate."""
        return tuple(state.prestige)

    def winners(self, state: MarketState) -> tuple[int, ...]:
        """Most prestige; a tie is a shared win (rulebook, R1). May name Dirk or Beate."""
        return _most_prestige(state)

    def view(self, state: MarketState, seat: int | None) -> MarketView:
        return make_view(state, seat)

    def view_from_json(self, data: Any) -> MarketView:
        return MarketView.from_json(data)

    def clone(self, state: MarketState) -> MarketState:
        return state.clone()

    def state_to_json(self, state: MarketState) -> JsonDict:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> MarketState:
        try:
            options = normalize_options(data["options"], int(data["seats"]))
            return MarketState.from_json(dict(data), options)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(
                _("not a Moonlight Market state: {error}").format(error=error)
            ) from None

    # Legality -----------------------------------------------------------------------------

    def legal_commands(self, state: MarketState, seat: int) -> Sequence[Command]:
        if seat != state.seat:
            return ()
        phase = state.phase
        if phase is PLACING:
            pending = state.pending[seat]
            # Each kind once, in the order received, as shared tuples joined (nobody may change
            # them): cheaper than `dict.fromkeys` and a list, and a column has three links at most.
            first = pending[0]
            placements = PLACE_LINK[first]
            if len(pending) > 1:
                second = pending[1]
                if second != first:
                    placements += PLACE_LINK[second]
                if len(pending) > 2:
                    third = pending[2]
                    if third != first and third != second:
                        placements += PLACE_LINK[third]
                    if len(pending) > 3:  # never in play; set up by hand, still answered right
                        return [c for code in dict.fromkeys(pending) for c in PLACE_LINK[code]]
            return placements
        if phase is BIDDING:
            open_to = cushions_open_to(tuple(state.bids), state.seals[seat] > 0)
            displaced = state.displaced[seat]
            if displaced >= 0:
                return list(PLAY_DISPLACED_AT[open_to[displaced]])
            bids: tuple[Bid, ...] = ()  # shared tuples joined, as for links
            for card in state.hands[seat]:
                bids += BIDS_AT[card][open_to[card]]
            return bids
        if phase is HAMMERING:
            commands: list[Command] = [DISCARD_HAMMER]
            for gem, chain in enumerate(state.chains[seat]):
                commands += USE_HAMMER[gem][: len(chain)]
            return commands
        return ()

    def apply(self, state: MarketState, seat: Any, command: Any) -> list[Event]:
        # `Any`: anything may come in here, and is refused with a reason. Compiled (mypyc),
        # a parameter typed `int` would refuse a float itself, with a bare TypeError.
        refuse_mistyped(seat, command)
        if command not in self.legal_commands(state, seat):
            refusal = _refusal(state, seat, command)
            raise IllegalCommand.because(refusal, command)
        events: list[Event] = []
        self.advance(state, seat, command, events)
        return events

    def advance(
        self, state: MarketState, seat: int, command: Command, events: Events = None
    ) -> None:
        """`apply` for a command taken from `legal_commands`: no check, and events only into
        `events` when given."""
        if type(command) is PlaceLink:  # most actions lay a link: laid here, a call fewer
            pending = state.pending[seat]
            code, gem = command.link, command.gem
            pending.remove(code)
            # `_lay_link` written out, for the same reason
            chain = state.chains[seat][gem]
            if len(chain) == CHAIN_LIMIT:
                _discard_chain(state, seat, gem, events)
            chain.append(code)
            if events is not None:
                events.append(LinkPlaced(seat, code, gem))
            if not pending:  # else the same seat lays its next link (hammers and seals are done)
                state.chain_queue.pop()  # this seat is done: no need to look at it again
                _next_builder(state, events)
        elif type(command) is Bid:  # and a bid here too
            state.hands[seat].remove(command.card)
            _continue_bidding(state, seat, events, command.card, command.cushion)
        else:
            CARRY_OUT[type(command)](state, seat, command, events)


@lru_cache(maxsize=8192)
def cushions_open_to(bids: tuple[int, ...], can_pay: bool) -> tuple[int, ...]:
    """Per card (index 0-13), the mask of cushions it may be laid at: a free one, or one
    where a lower card lies when its bidder has a seal to give (M5).

    It depends on the cards at the cushions only, not on the hand, so a few thousand
    entries cover every three-position game (15 ** 3 * 2) and nearly every bid is a hit;
    a miss joins one row of a table per cushion."""
    masks = NOWHERE
    rows = OPEN_IF_PAYING if can_pay else OPEN_IF_FREE  # a row for every cushion of the box
    for cushion_open, bid in zip(rows, bids, strict=False):
        masks = tuple(map(or_, masks, cushion_open[bid]))
    return masks


ALL_CARDS = range(CARDS_PER_SEAT + 1)
NOWHERE = (0,) * len(ALL_CARDS)
OPEN_IF_PAYING = tuple(
    tuple(
        tuple(1 << cushion if card > bid else 0 for card in ALL_CARDS)
        for bid in (*ALL_CARDS, -1)  # -1 (free) is the row's last entry, so a bid indexes it
    )
    for cushion in range(MAX_POSITIONS)
)
"""`OPEN_IF_PAYING[cushion][bid][card]`: `cushion`'s bit if `card` may be laid there where
`bid` lies (-1: none) by a bidder with a seal to give: any card at a free cushion, else a
higher card (M5)."""
OPEN_IF_FREE = tuple(
    tuple(tuple(1 << cushion if bid < 0 else 0 for card in ALL_CARDS) for bid in (*ALL_CARDS, -1))
    for cushion in range(MAX_POSITIONS)
)
"""The same for a bidder without a seal: free cushions only."""


EMPTY_COLUMNS = tuple((-1,) * rows for rows in CUSHION_ROWS)
"""Per cushion, a column of empty slots (built once, not every round)."""
BUILD_QUEUES = tuple(
    tuple(tuple([*range(coin, positions), *range(coin)][::-1]) for coin in range(positions))
    for positions in range(MAX_POSITIONS + 1)
)
"""`BUILD_QUEUES[positions][coin]`: the chain phase's builders, next last. Where order matters
(the seal supply), they build from the start coin clockwise."""


# Refusals -----------------------------------------------------------------------------------


def _refusal(state: MarketState, seat: int, command: Command) -> Reason:
    """Why `command` is not legal now, naming the rule (only asked once it is not legal)."""
    phase = state.phase
    if phase == OVER:
        return Reason(N_("the game is over"))
    if seat != state.seat:
        if state.seat < state.table.seats:
            return Reason(
                N_("it is the turn of seat {position}, not of seat {seat}"),
                {"position": state.seat, "seat": seat},
            )
        return Reason(
            N_("it is the turn of {automaton}, not of seat {seat}"),
            {"automaton": state.table.name(state.seat), "seat": seat},
        )
    if isinstance(command, Bid | PlayDisplaced):
        if phase != BIDDING:
            return Reason(N_("cards are played only in the bidding phase"))
        if isinstance(command, Bid):
            if state.displaced[seat] >= 0:
                return Reason(N_("your displaced card must be played on this turn (M5)"))
            if command.card not in state.hands[seat]:
                return Reason(N_("card {card} is not in your hand"), {"card": brief(command.card)})
        elif state.displaced[seat] < 0:
            return Reason(N_("you have no displaced card to play"))
        return _cushion_refusal(state, seat, command.cushion)
    if isinstance(command, UseHammer | DiscardHammer):
        if phase != HAMMERING:
            return Reason(N_("a hammer is used (or discarded) only when you received one"))
        return Reason(
            N_("a hammer removes a link already on your tableau: there is none at that place")
        )
    if isinstance(command, PlaceLink):
        if phase == HAMMERING:
            return Reason(N_("hammers come first, before any link is laid (M6)"))
        if phase != PLACING:
            return Reason(N_("links are laid only in the chain phase"))
        if command.link not in state.pending[seat]:
            return Reason(N_("you did not receive that link (or it is laid already)"))
        return Reason(N_("a link is laid at a gem it shows (a worthless link at any gem)"))
    return Reason(N_("Moonlight Market has no such command"))


def _cushion_refusal(state: MarketState, seat: int, cushion: object) -> Reason:
    if type(cushion) is not int or not 0 <= cushion < state.table.cushions:
        return Reason(N_("there is no cushion {cushion}"), {"cushion": brief(cushion)})
    if state.seals[seat] == 0:
        return Reason(N_("displacing a card means giving its owner a seal, and you have none (M5)"))
    return Reason(N_("only a higher card may displace the card lying at a cushion"))


# Setup --------------------------------------------------------------------------------------


def _random_setup(rng: Rng, table: Table) -> tuple[list[int], list[list[int]], int]:
    supply = list(ALL_LINKS)
    rng.shuffle(supply)
    piles = []
    for _position in range(table.positions):
        pile = list(range(1, CARDS_PER_SEAT + 1))
        rng.shuffle(pile)
        piles.append(pile)
    # M4: the first start coin lies before seat 0, so Dirk and Beate (seated after the real
    # players) act after every real player in the first round of the first pass.
    return supply, piles, 0


LINK_COUNT = len(ALL_LINKS)
PINNED_SETUP = Object(
    {
        "supply": Entry(ListOf(OneOf(tuple(LINK_BY_NAME)), LINK_COUNT, LINK_COUNT), required=True),
        "piles": Entry(
            ListOf(
                ListOf(Int(1, CARDS_PER_SEAT), CARDS_PER_SEAT, CARDS_PER_SEAT),
                MIN_POSITIONS,
                MAX_POSITIONS,
            ),
            required=True,
        ),
        "start_seat": Entry(Int(0, MAX_POSITIONS - 1), required=True),
    }
)
"""A pinned setup: `supply` names the 150 links in drawing order (B7, Rx2, BW4, hammer...),
`piles` each position's 13 cards from the top down, `start_seat` the start coin."""


def _setup_from(setup: Mapping[str, Any], table: Table) -> tuple[list[int], list[list[int]], int]:
    checked = PINNED_SETUP.check(setup, "setup")
    supply, piles, start = checked["supply"], checked["piles"], checked["start_seat"]
    links = [LINK_BY_NAME[name] for name in supply]
    if sorted(links) != sorted(ALL_LINKS):
        raise OptionsError(_("a pinned supply holds every link of the box exactly once"))
    cards = list(range(1, CARDS_PER_SEAT + 1))
    if len(piles) != table.positions or any(sorted(pile) != cards for pile in piles):
        raise OptionsError(
            _("pinned piles: {count} lists of the cards 1-13 each").format(count=table.positions)
        )
    if start >= table.positions:
        raise OptionsError(
            _("a pinned start_seat is a position from 0 to {last}").format(last=table.positions - 1)
        )
    return links[::-1], [pile[::-1] for pile in piles], start


def dealt_setup(options: Mapping[str, Any], seats: int, seed: int) -> JsonDict:
    """What `seed` deals, in the form a record's `setup` takes: the supply in drawing order,
    each pile from the top down, the start coin. Pinning it replays the same deal."""
    normalized = normalize_options(dict(options), seats)
    table = table_for(seats, normalized["automata"])
    supply, piles, start = _random_setup(Rng(seed), table)
    return {
        "supply": [link_name(code) for code in reversed(supply)],
        "piles": [pile[::-1] for pile in piles],
        "start_seat": start,
    }


# A pass -------------------------------------------------------------------------------------


def _start_pass(state: MarketState, events: Events) -> None:
    table = state.table
    for position in range(table.seats):  # Dirk and Beate turn up cards as they bid
        pile = state.piles[position]
        drawn = pile[-HAND_DRAW:]
        del pile[-HAND_DRAW:]
        state.hands[position] = sorted(drawn)
        state.under[position] = min(state.under[position], len(pile))
        if events is not None:
            events.append(CardsDrawn(position, tuple(reversed(drawn))))
    _fill_cushions(state, events)
    state.round_index = 0
    _start_round(state, events)


def _fill_cushions(state: MarketState, events: Events) -> None:
    """Every slot takes the supply's next link: they are all empty when a pass begins."""
    supply = state.supply
    needed = sum(map(len, state.cushions))
    drawn = supply[-needed:]  # taken in one slice rather than link by link
    del supply[-needed:]
    drawn.reverse()  # in drawing order: the supply's last link comes first
    set_aside = 0
    if state.pass_index == 0 and HAMMER in drawn:  # M3: set aside, replaced from the supply
        set_aside = drawn.count(HAMMER)
        drawn = [link for link in drawn if link != HAMMER]
        while len(drawn) < needed:
            link = supply.pop()
            if link == HAMMER:
                set_aside += 1
            else:
                drawn.append(link)
        supply.extend([HAMMER] * set_aside)
        state.rng.shuffle(supply)
    start = 0
    for slots in state.cushions:  # cushion by cushion, each row by row
        end = start + len(slots)
        slots[:] = drawn[start:end]
        start = end
    if events is not None:
        events.append(CushionsFilled(tuple(tuple(s) for s in state.cushions), set_aside))


def _start_round(state: MarketState, events: Events) -> None:
    state.phase = BIDDING
    first = state.coin
    if events is not None:
        events.append(StartCoinLaid(first))
    state.coin = -1
    _continue_bidding(state, first, events)


def _continue_bidding(
    state: MarketState, seat: int, events: Events, card: int = -1, cushion: int = 0
) -> None:
    """`seat` lays `card` at `cushion` when one is given; then clockwise from `seat`, skipping
    positions whose card lies at a cushion, Dirk and Beate bid at once. Ends the bidding when
    every cushion has a card. Every card is laid in this one loop: a call fewer a bid."""
    table, bids, bidders = state.table, state.bids, state.bidders
    revealed = False
    while True:
        if card >= 0:
            owner = bidders[cushion]
            old = bids[cushion]
            if owner >= 0:  # M5: the lower card goes back to its owner, with a seal
                state.displaced[owner] = old
                state.seals[seat] -= 1
                state.seals[owner] += 1
            bids[cushion] = card
            bidders[cushion] = seat
            if events is not None:
                events.append(BidPlaced(seat, card, cushion, owner, old, revealed))
            if -1 not in bidders:
                break
        while seat in bidders:
            seat = (seat + 1) % table.positions
        if seat < table.seats:  # a player: wait for its command
            state.seat = seat
            return
        card = state.displaced[seat]
        revealed = card < 0
        if revealed:
            card = state.piles[seat].pop()
        else:
            state.displaced[seat] = -1
        cushion = automaton_cushion(card, bids, state.seals[seat])
    _hand_out(state, events)


def _hand_out(state: MarketState, events: Events) -> None:
    column = state.round_index
    bidders, bids, pending = state.bidders, state.bids, state.pending
    for cushion, slots in enumerate(state.cushions):
        owner = bidders[cushion]
        pending[owner] = slots[column::COLUMNS]
        slots[column::COLUMNS] = EMPTY_COLUMNS[cushion]
        state.discards[owner].append(bids[cushion])
    state.coin = bidders[0]  # the moon cushion's bidder takes the start coin
    if events is not None:
        taken = tuple(tuple(state.pending[owner]) for owner in bidders)  # per cushion
        events.append(LinksHandedOut(column, tuple(bidders), taken, state.coin))
    positions = state.table.positions
    state.bids = [-1] * positions
    state.bidders = [-1] * positions
    state.chain_queue = list(BUILD_QUEUES[positions][state.coin])
    _next_builder(state, events)


# The chain phase ----------------------------------------------------------------------------


def _next_builder(state: MarketState, events: Events) -> None:
    queue = state.chain_queue
    seats = state.table.seats  # positions from here on are Dirk and Beate
    while queue:
        position = queue[-1]
        pending = state.pending[position]
        if position >= seats:
            _automaton_builds(state, position, events)
        elif HAMMER in pending:
            state.phase, state.seat = HAMMERING, position
            return
        else:
            if SEAL in pending:
                _take_seal_links(state, position, events)
            if pending:
                state.phase, state.seat = PLACING, position
                return
        queue.pop()
    state.round_index += 1  # every chain is built: the round is over
    if state.round_index < ROUNDS:
        _start_round(state, events)
    else:
        _end_pass(state, events)


def _automaton_builds(state: MarketState, position: int, events: Events) -> None:
    pending = state.pending[position]
    if HAMMER in pending:
        for _ in range(pending.count(HAMMER)):  # discarded unused
            state.casket.append(HAMMER)
            if events is not None:
                events.append(HammerUsed(position, -1, -1, -1))
    if SEAL in pending:
        _take_seal_links(state, position, events)
    chains = state.chains[position]
    for code in placement_order(pending):
        gem = SOLE_GEM[code]  # most links show one gem: Dirk has no choice to make
        if gem < 0:
            gem = automaton_gem(code, chains)
        _lay_link(state, position, code, gem, events)
    pending.clear()


def _take_seal_links(state: MarketState, position: int, events: Events) -> None:
    pending = state.pending[position]
    while SEAL in pending:
        pending.remove(SEAL)
        state.casket.append(SEAL)
        _give_seal(state, position, events)


def _give_seal(state: MarketState, position: int, events: Events) -> None:
    got = state.seal_supply > 0
    if got:
        state.seal_supply -= 1
        state.seals[position] += 1
    if events is not None:
        events.append(SealTaken(position, got))


def _lay_link(state: MarketState, position: int, code: int, gem: int, events: Events) -> None:
    chain = state.chains[position][gem]
    if len(chain) == CHAIN_LIMIT:
        _discard_chain(state, position, gem, events)
    chain.append(code)
    if events is not None:
        events.append(LinkPlaced(position, code, gem))


def _discard_chain(state: MarketState, position: int, gem: int, events: Events) -> None:
    """M6: a full chain goes to the casket before a link is laid there; 20 or more earns a
    seal."""
    chain = state.chains[position][gem]
    value = chain_value(chain)
    state.casket += chain
    if events is not None:
        events.append(ChainDiscarded(position, gem, tuple(chain), value))
    chain.clear()
    if value >= SEAL_WORTHY_CHAIN:
        _give_seal(state, position, events)


def _play_displaced(state: MarketState, seat: int, command: PlayDisplaced, events: Events) -> None:
    card = state.displaced[seat]
    state.displaced[seat] = -1
    _continue_bidding(state, seat, events, card, command.cushion)


def _hammer(
    state: MarketState, seat: int, command: UseHammer | DiscardHammer, events: Events
) -> None:
    state.pending[seat].remove(HAMMER)
    state.casket.append(HAMMER)
    removed = -1
    if isinstance(command, UseHammer):
        removed = state.chains[seat][command.gem].pop(command.slot)
        state.casket.append(removed)
    if events is not None:
        gem, slot = (command.gem, command.slot) if isinstance(command, UseHammer) else (-1, -1)
        events.append(HammerUsed(seat, gem, slot, removed))
    _next_builder(state, events)


CARRY_OUT: dict[type[Command], Callable[[MarketState, int, Any, Events], None]] = {
    PlayDisplaced: _play_displaced,
    UseHammer: _hammer,
    DiscardHammer: _hammer,
}
"""What each (legal) command but `PlaceLink` and `Bid` (carried out in `advance`) does, by its
type: one look-up instead of a chain of isinstance."""


# End of a pass, the game --------------------------------------------------------------------


def _end_pass(state: MarketState, events: Events) -> None:
    last_pass = state.pass_index == PASSES - 1
    if not last_pass:  # the last card goes under the pile; in the fourth pass it is kept
        for position in range(state.table.seats):
            card = state.hands[position].pop()
            state.piles[position].insert(0, card)
            state.under[position] += 1
            if events is not None:
                events.append(CardPutUnder(position, card))
    points = pass_points(state)
    prestige = state.prestige
    # Per position, per gem; no `strict=`: every gem has a point per position, and parsing a
    # keyword costs Python 3.11 more than the loop it would check.
    for position, gained in enumerate(zip(*points)):  # noqa: B905
        prestige[position] += sum(gained)
    state.pass_index += 1
    if events is not None:
        events.append(PassScored(state.pass_index, points, tuple(state.prestige)))
    if last_pass:
        _final_scoring(state, events)
    else:
        _start_pass(state, events)


def pass_points(state: MarketState) -> tuple[tuple[int, ...], ...]:
    """Per gem, per position: 4/2/1 by distinct chain values, only with a real gem (M7, R0)."""
    # A chain without a real gem is worth 0 (see components), which takes no place.
    points = []  # a plain loop: a comprehension is a call of its own
    for gem_values in values_by_gem(state.chains):
        points.append(tuple(places(gem_values)))
    return tuple(points)


def last_cards(state: MarketState) -> tuple[int, ...]:
    """Each player's kept hand card; Dirk's and Beate's the one card left in their pile."""
    return tuple(
        (state.piles[p] if state.table.is_automaton(p) else state.hands[p])[-1]
        for p in range(state.table.positions)
    )


def _final_scoring(state: MarketState, events: Events) -> None:
    seal_points = places(state.seals)  # no seal, no place
    cards = last_cards(state)
    card_points = places(list(cards))  # cards run 1-13: every one places
    for p in range(state.table.positions):
        state.prestige[p] += seal_points[p] + card_points[p]
    state.phase = OVER
    if events is not None:
        events.append(
            GameOver(
                tuple(seal_points),
                tuple(card_points),
                cards,
                tuple(state.prestige),
                _most_prestige(state),
            )
        )


def _most_prestige(state: MarketState) -> tuple[int, ...]:
    return top_seats(state.prestige)


def market_stats(state: MarketState) -> dict[str, float]:
    """Figures of a finished game, for the arena's report."""
    return {
        "winning prestige": max(state.prestige),
        "links discarded": len(state.casket),
        "seals left in the supply": state.seal_supply,
    }
