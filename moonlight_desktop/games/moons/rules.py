"""Moons' rules: setup, legality, what each command does, scoring.

Rules come from the rulebook; where it is silent, the rulings decide (O1-O6 of the shared
rulings, MO1-MO10 of docs/RULINGS.md, cited in comments). `legal_commands` is the one
source of legality: `apply` refuses anything else, before changing anything.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Mapping, Sequence
from operator import itemgetter
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
from moonlight_desktop.engine.schema import Entry, Int, ListOf, Object
from moonlight_desktop.i18n import N_, _

from .components import (
    CARD_COUNT,
    MINI_COUNT,
    MINI_KIND,
    MINIS_AT_SETUP,
    MODIFIERS,
    MOON_CARDS,
    NO_SUIT,
    RANK_OF,
    RANKS_PER_SUIT,
    SUIT_OF,
    TABLEAU_SIZE,
    TOKENS_PER_PLANET,
    Mini,
    hand_size,
)
from .moves import (
    CODEC,
    Award,
    BlockTaken,
    CardPlayed,
    CardsTraded,
    EarthsMoonPassed,
    FirstPlayer,
    GameOver,
    HandDealt,
    LeadPassed,
    MiniDrawn,
    PlaceInTableau,
    PlayBlock,
    PlayCard,
    RoundEnded,
    TableauCardPlaced,
    TableauxRevealed,
    TakeToken,
    TokensTraded,
    TokenTaken,
    TradeCard,
    TradeToken,
    TrickWon,
)
from .scoring import best_score
from .state import AWARD_PHASE, OVER_PHASE, PLAY_PHASE, TABLEAU_PHASE, MoonsState
from .view import MoonsView, make_view

Events = list[Event] | None
"""Where the rules report what happened; None when nobody watches (look-ahead, playouts)."""

ALL_PLANETS = 0b1111
PLANETS_IN = tuple(tuple(p for p in range(4) if mask >> p & 1) for mask in range(ALL_PLANETS + 1))
"""The planets of each bit mask, in order."""
SUIT_BIT = tuple(1 << SUIT_OF[card] for card in range(MOON_CARDS))
"""A Moon card's suit as a bit, looked up rather than shifted for every trick's award."""
# The same command objects every time: building them is the hot path's main cost.
PLACE = tuple(PlaceInTableau(card) for card in range(MOON_CARDS))
PLAY: tuple[Command, ...] = tuple(PlayCard(card) for card in range(CARD_COUNT))
TAKE = tuple(TakeToken(planet) for planet in range(4))
TAKES_IN = tuple(tuple(TAKE[planet] for planet in planets) for planets in PLANETS_IN)
"""The token choices of each award mask while no planet has run out (nearly always)."""
BLOCK = PlayBlock()
KIND_BIT = tuple(1 << kind for kind in MINI_KIND)
"""Each mini-asteroid's kind as a bit: OR-ing them says which kinds a seat holds, in a loop
cheaper than building a set."""
HOLDS_BLOCK, HOLDS_TRADE_TOKEN, HOLDS_TRADE_CARD = (
    1 << Mini.BLOCK,
    1 << Mini.TRADE_TOKEN,
    1 << Mini.TRADE_CARD,
)
TRICK_AWARD, LOW_OFF_SUIT_AWARD = Award.TRICK, Award.LOW_OFF_SUIT
"""Plain names: an enum member costs a class attribute lookup in the playouts' hot path."""
MINI_PLAYED_BY: dict[type[Command], Mini] = {
    PlayBlock: Mini.BLOCK,
    TradeToken: Mini.TRADE_TOKEN,
    TradeCard: Mini.TRADE_CARD,
}
MAX_SEATS = 6
ALONE = tuple((seat,) for seat in range(MAX_SEATS))
"""The answer of `to_act` when one seat acts, built once."""
CLOCKWISE_FROM = tuple(
    tuple((*range(leader, seats), *range(leader)) for leader in range(seats))
    for seats in range(MAX_SEATS + 1)
)
"""CLOCKWISE_FROM[seats][leader]: a trick's playing order, built once."""
# Indexed by plain ints, never keyed by value: a dict keyed by (give, target, take) would hand
# a command built from 5.0 to every later game that asks for 5 (5.0 == 5 as a key).
TRADE_TOKENS = tuple(
    tuple(tuple(TradeToken(give, target, take) for take in range(4)) for target in range(MAX_SEATS))
    for give in range(4)
)
TRADE_TOKEN_OFFERS = tuple(
    tuple(
        tuple(
            tuple(TRADE_TOKENS[give][target][take] for take in PLANETS_IN[mask] if take != give)
            for mask in range(ALL_PLANETS + 1)
        )
        for target in range(MAX_SEATS)
    )
    for give in range(4)
)
"""TRADE_TOKEN_OFFERS[give][target][mask]: the token trades giving `give` to `target` for each
planet of `mask` it holds but `give` (a like-for-like trade is no trade), in planet order."""
OTHER_SEATS = tuple(
    tuple(
        tuple(
            tuple(s for s in range(seats) if s != seat and s != block_holder)
            for block_holder in range(-1, seats)
        )
        for seat in range(seats)
    )
    for seats in range(MAX_SEATS + 1)
)
"""OTHER_SEATS[seats][seat][block_holder + 1]: the seats a trade may target besides the
trader's own, clockwise from seat 0: the Block holder is immune to forced trades (O6)."""
TRADE_CARDS = tuple(
    tuple(
        tuple(TradeCard(give, target, take) for take in range(MOON_CARDS))
        for target in range(MAX_SEATS)
    )
    for give in range(MOON_CARDS)
)
TRADE_CARD_ROWS = tuple(
    tuple(trade for by_take in by_target for trade in by_take) for by_target in TRADE_CARDS
)
"""TRADE_CARDS[give] flattened: the trade for (target, take) at target * MOON_CARDS + take."""


class MoonsRules:
    game_id = "moons"
    title = "Moons"
    min_seats = 3
    max_seats = MAX_SEATS

    # Setting up ---------------------------------------------------------------------------

    def normalize_options(self, options: Mapping[str, Any], seats: int) -> JsonDict:
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise OptionsError(
                _("Moons is for 3 to 6 players, not {count}").format(count=brief(seats))
            )
        return OPTIONS.check(options, "options")

    def new_state(
        self,
        options: Mapping[str, Any],
        seats: int,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> MoonsState:
        normalized = self.normalize_options(options, seats)
        rng = Rng(seed)
        if setup is None:
            minis = list(range(MINI_COUNT))
            rng.shuffle(minis)
            decks: list[list[int]] = []
        else:
            minis, decks = _pinned(setup)
        state = MoonsState(seats, normalized, rng, minis[::-1])
        state.decks = decks
        for seat in range(seats):  # two mini-asteroids each, kept across rounds (O1)
            for _dealt in range(MINIS_AT_SETUP):
                insort(state.minis[seat], state.mini_deck.pop())
        _deal(state, None)
        return state

    def command_from_json(self, data: Any) -> Command:
        return CODEC.decode(data)

    # Asking ------------------------------------------------------------------------------

    def to_act(self, state: MoonsState) -> tuple[int, ...]:
        # Identity tests (`is`) for the phases and prebuilt answers: this runs before every
        # action of a playout, and a new tuple costs more than the rest of it.
        phase = state.phase
        if phase is PLAY_PHASE:
            return ALONE[state.order[state.turn]]
        if phase is AWARD_PHASE:
            return ALONE[state.awards[0][0]]
        if phase is TABLEAU_PHASE:
            sizes = tuple(map(len, state.tableaux))
            return _LAYING.get(sizes) or _still_laying(sizes)  # a call only when not yet known
        return ()

    def is_over(self, state: MoonsState) -> bool:
        return state.phase == OVER_PHASE

    def scores(self, state: MoonsState) -> tuple[int, ...]:
        """Victory points of the best partition of each seat's tokens (O4, O5)."""
        return tuple(
            best_score(state.tokens[seat], state.minis[seat]) for seat in range(state.seats)
        )

    def winners(self, state: MoonsState) -> tuple[int, ...]:
        """Most points; ties broken by Jupiter, Saturn, Neptune, Uranus tokens; then shared."""
        scores = self.scores(state)
        return top_seats([(scores[seat], *state.tokens[seat]) for seat in range(state.seats)])

    def view(self, state: MoonsState, seat: int | None) -> MoonsView:
        return make_view(state, seat)

    def view_from_json(self, data: Any) -> MoonsView:
        return MoonsView.from_json(data, Int(self.min_seats, self.max_seats))

    def clone(self, state: MoonsState) -> MoonsState:
        return state.clone()

    def state_to_json(self, state: MoonsState) -> JsonDict:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> MoonsState:
        try:
            return MoonsState.from_json(dict(data))
        except (KeyError, TypeError, ValueError) as error:
            # Translators: {error} is a technical detail, in English.
            raise RecordError(_("not a Moons state: {error}").format(error=error)) from None

    # Legality -----------------------------------------------------------------------------

    def legal_commands(self, state: MoonsState, seat: int) -> Sequence[Command]:
        phase = state.phase  # identity tests, as in `to_act`
        if phase is PLAY_PHASE:
            if seat != state.order[state.turn]:
                return ()
            # The playable cards, found here rather than in a helper (a call fewer an action).
            # Hands are kept sorted: a suit's cards lie together and the Asteroids come last,
            # so bisect finds them in C rather than by testing each card of the hand.
            hand = state.hands[seat]
            # The Moon cards end where the Asteroids begin; the last card says whether there
            # are any, so most hands need no bisect for it.
            moons = bisect_left(hand, MOON_CARDS) if hand and hand[-1] >= MOON_CARDS else len(hand)
            cards = hand
            if state.turn == 0:
                # A full-size Asteroid never leads; only a trick of Asteroids alone starts
                # with one (MO3).
                if 0 < moons < len(hand):
                    cards = hand[:moons]
            elif (led := SUIT_OF[state.trick[0]]) != NO_SUIT:
                first = bisect_left(hand, led * RANKS_PER_SUIT, 0, moons)
                if first < moons and SUIT_OF[hand[first]] == led:
                    # Follow suit if able; an Asteroid may replace any Moon card.
                    end = bisect_left(hand, (led + 1) * RANKS_PER_SUIT, first, moons)
                    cards = hand[first:end] + hand[moons:] if moons < len(hand) else hand[first:end]
            # A loop rather than a comprehension: on Python 3.11 a comprehension makes and
            # calls a function, dearer than the loop itself for a few cards.
            commands: list[Command] = []
            for card in cards:
                commands.append(PLAY[card])
            minis = state.minis[seat]
            # Score Modifiers are never played. They are numbered first and minis are kept
            # sorted, so the last one says whether the seat holds any it may play.
            if not state.mini_played and minis and minis[-1] >= MODIFIERS:
                _add_minis(state, seat, commands)
            return commands
        if phase is AWARD_PHASE:
            pending_seat, mask, _ = state.awards[0]
            if seat != pending_seat:
                return ()
            supply = state.supply
            # Four subscripts say whether a planet ran out, cheaper than `0 in supply`.
            if supply[0] and supply[1] and supply[2] and supply[3]:
                return list(TAKES_IN[mask])
            return [TAKE[p] for p in _still_supplied(PLANETS_IN[mask], supply)]
        if phase is TABLEAU_PHASE:
            if len(state.tableaux[seat]) >= TABLEAU_SIZE:
                return ()
            hand = state.hands[seat]
            layable = hand if hand[-1] < MOON_CARDS else hand[: bisect_left(hand, MOON_CARDS)]
            # One itemgetter picks the commands in C (of a single card it gives no tuple).
            if len(layable) > 1:
                return list(itemgetter(*layable)(PLACE))
            return [PLACE[card] for card in layable]
        return ()

    def apply(self, state: MoonsState, seat: int, command: Command) -> list[Event]:
        refuse_mistyped(seat, command)
        if state.phase == OVER_PHASE:
            raise IllegalCommand(N_("the game is over"), command)
        if seat not in self.to_act(state):
            raise IllegalCommand(N_("it is not the turn of seat {number}"), command, number=seat)
        if command not in self.legal_commands(state, seat):
            refusal = _refusal(state, seat, command)
            raise IllegalCommand.because(refusal, command)
        events: list[Event] = []
        self.advance(state, seat, command, events)
        return events

    def advance(
        self, state: MoonsState, seat: int, command: Command, events: Events = None
    ) -> None:
        """`apply` for a command taken from `legal_commands`: no check, and events only into
        `events` when given. The dispatch is here rather than in a helper of its own: one call
        fewer on every action of a playout."""
        if isinstance(command, PlayCard):  # the most common command, played here: a call fewer
            card = command.card
            state.hands[seat].remove(card)
            state.trick.append(card)
            if events is not None:
                events.append(CardPlayed(seat, card))
            if card >= MOON_CARDS and state.mini_deck:  # an Asteroid draws a mini-asteroid (MO5)
                mini = state.mini_deck.pop()
                insort(state.minis[seat], mini)
                if events is not None:
                    events.append(MiniDrawn(seat, mini))
            state.mini_played = False
            state.turn += 1
            if state.turn == state.seats:
                _finish_trick(state, events)
        elif isinstance(command, PlaceInTableau):
            _place(state, seat, command.card, events)
        elif isinstance(command, TakeToken):
            _, _, award = state.awards.pop(0)
            _take(state, seat, command.planet, award, events)
            _resume(state, events)
        else:
            _play_mini(state, seat, command, events)


def _still_supplied(planets: Sequence[int], supply: list[int]) -> list[int]:
    """The planets whose tokens are not all taken (a loop: on Python 3.11 a comprehension
    makes and calls a function, dearer than the loop itself for four planets)."""
    supplied = []
    for planet in planets:
        if supply[planet]:
            supplied.append(planet)
    return supplied


def _still_laying(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The seats whose tableaux (of these sizes) lack cards, remembered by the sizes: there
    are at most 4**6 of them, and looking one up is cheaper than counting again."""
    laying = _LAYING.get(sizes)
    if laying is None:
        laying = _LAYING[sizes] = tuple(s for s, size in enumerate(sizes) if size < TABLEAU_SIZE)
    return laying


_LAYING: dict[tuple[int, ...], tuple[int, ...]] = {}


# Legal commands ------------------------------------------------------------------------------


def _add_minis(state: MoonsState, seat: int, commands: list[Command]) -> None:
    held = 0
    for mini in state.minis[seat]:
        held |= KIND_BIT[mini]
    if held & HOLDS_BLOCK:
        commands.append(BLOCK)
    if not held & (HOLDS_TRADE_TOKEN | HOLDS_TRADE_CARD):
        return
    # The Block holder is immune to forced trades; it may still trade with others (O6).
    others = OTHER_SEATS[state.seats][seat][state.block_holder + 1]
    if held & HOLDS_TRADE_TOKEN:
        # Each seat's planets as a bit mask: the trades for a (give, target) pair come from
        # one table row rather than a loop over the planets. (A loop, not a comprehension:
        # on Python 3.11 that makes and calls a function, dearer than the loop for a few.)
        planets_held: list[int] = []
        for counts in state.tokens:
            # `+` of distinct bits: Python 3.11 adds small ints faster than it ORs or shifts.
            planets_held.append(
                (1 if counts[0] else 0)
                + (2 if counts[1] else 0)
                + (4 if counts[2] else 0)
                + (8 if counts[3] else 0)
            )
        for give in PLANETS_IN[planets_held[seat]]:
            offers = TRADE_TOKEN_OFFERS[give]
            for target in others:
                commands += offers[target][planets_held[target]]
    if held & HOLDS_TRADE_CARD:
        tableaux = state.tableaux
        # Each Moon card of the hand may go for the same tableau cards (one's own tableau too,
        # O6): one itemgetter lists a give's trades from its flat row in C, not in a loop.
        spots = [
            target * MOON_CARDS + take for target in (seat, *others) for take in tableaux[target]
        ]
        if len(spots) > 1:  # always in play (full tableaux); itemgetter of one gives no tuple
            trades_of = itemgetter(*spots)
            hand = state.hands[seat]
            for give in hand[: bisect_left(hand, MOON_CARDS)]:
                commands += trades_of(TRADE_CARD_ROWS[give])
        else:
            for give in state.hands[seat]:
                if give < MOON_CARDS:
                    commands += [TRADE_CARD_ROWS[give][spot] for spot in spots]


NO_MINI = {
    Mini.BLOCK: N_("you hold no Block mini-asteroid"),
    Mini.TRADE_TOKEN: N_("you hold no Trade Token mini-asteroid"),
    Mini.TRADE_CARD: N_("you hold no Trade Card mini-asteroid"),
}
"""The refusal of a mini-asteroid the seat does not hold (marked here, translated when
read)."""


def _refusal(state: MoonsState, seat: int, command: Command) -> Reason:
    """Why a command that is not among the legal ones is refused, naming the rule."""
    phase, kind = state.phase, type(command)
    if phase == TABLEAU_PHASE:
        if kind is not PlaceInTableau:
            return Reason(N_("first everyone lays three Moon cards face down as a tableau"))
        card = getattr(command, "card", None)
        if card not in state.hands[seat]:
            return Reason(N_("that card is not in your hand"))
        return Reason(N_("a tableau is made of Moon cards only, never Asteroids (O2)"))
    if phase == AWARD_PHASE:
        if kind is not TakeToken:
            return Reason(N_("first take the planet token you were awarded"))
        return Reason(N_("that planet is not one this award allows, or none of it is left"))
    if kind is TakeToken or kind is PlaceInTableau:
        return Reason(
            N_("a trick is being played: play a card (a mini-asteroid first if you wish)")
        )
    if kind is PlayCard:
        card = getattr(command, "card", None)
        if card not in state.hands[seat]:
            return Reason(N_("that card is not in your hand"))
        if state.turn == 0:
            return Reason(N_("a full-size Asteroid may not lead: lead a Moon card"))
        return Reason(N_("you must follow the suit led when you can (or play an Asteroid)"))
    wanted = MINI_PLAYED_BY.get(kind)
    if wanted is None:
        return Reason(N_("Moons has no such command"))
    if state.mini_played:
        return Reason(N_("one mini-asteroid per turn, before your card"))
    if wanted not in {MINI_KIND[mini] for mini in state.minis[seat]}:
        return Reason(NO_MINI[wanted])
    target = getattr(command, "target", None)
    if target == state.block_holder and target != seat:
        return Reason(N_("the Block holder is immune to forced trades (O6)"))
    if kind is TradeToken:
        return Reason(N_("trade a planet token you have for a different one the other player has"))
    return Reason(N_("trade a Moon card of your hand for a card of a tableau"))


# Carrying out --------------------------------------------------------------------------------


def _place(state: MoonsState, seat: int, card: int, events: Events) -> None:
    state.hands[seat].remove(card)
    tableau = state.tableaux[seat]
    tableau.append(card)
    if events is not None:
        events.append(TableauCardPlaced(seat, card))
    # Some tableau still lacks cards (this one first: the cheaper test, and mostly true).
    if len(tableau) < TABLEAU_SIZE or min(map(len, state.tableaux)) < TABLEAU_SIZE:
        return
    if events is not None:
        events.append(TableauxRevealed(tuple(tuple(t) for t in state.tableaux)))
    if state.round == 1:  # the highest tableau card leads and takes the Earth (O2, MO1)
        first = max(range(state.seats), key=lambda s: (_tableau_ranks(state, s), -s))
        state.earth = state.earths_moon = first
        if events is not None:
            events.append(FirstPlayer(first))
    _start_trick(state, state.earths_moon, events)


def _tableau_ranks(state: MoonsState, seat: int) -> list[int]:
    return sorted((RANK_OF[card] for card in state.tableaux[seat]), reverse=True)


LOWEST_CARD = itemgetter(0)
"""A sorted hand's lowest card: mapped over the hands in C, cheaper than a generator."""


def _start_trick(state: MoonsState, leader: int, events: Events) -> None:
    hands = state.hands
    order = list(CLOCKWISE_FROM[state.seats][leader])
    # A leader holding only Asteroids (sorted last, so its lowest card tells) passes the lead
    # on and plays last (O3), unless everyone does: a trick of Asteroids alone (MO3).
    if hands[leader][0] >= MOON_CARDS and min(map(LOWEST_CARD, hands)) < MOON_CARDS:
        while hands[order[0]][0] >= MOON_CARDS:
            passer = order.pop(0)
            order.append(passer)
            if events is not None:
                events.append(LeadPassed(passer, order[0]))
    state.leader = leader
    state.order = order
    state.turn = 0
    state.trick = []
    state.mini_played = False
    state.phase = PLAY_PHASE


def _play_mini(state: MoonsState, seat: int, command: Command, events: Events) -> None:
    kind = type(command)
    wanted = MINI_PLAYED_BY[kind]
    minis = state.minis[seat]
    for mini in minis:  # the lowest-numbered copy (a loop costs less than next() of a generator)
        if MINI_KIND[mini] == wanted:
            break
    minis.remove(mini)
    state.mini_discard.append(mini)
    state.mini_played = True
    if kind is PlayBlock:
        if events is not None:
            events.append(BlockTaken(seat, state.block_holder))
        state.block_holder = seat
    elif kind is TradeToken:
        assert isinstance(command, TradeToken)
        mine, theirs = state.tokens[seat], state.tokens[command.target]
        mine[command.give] -= 1
        theirs[command.give] += 1
        theirs[command.take] -= 1
        mine[command.take] += 1
        if events is not None:
            events.append(TokensTraded(seat, command.target, command.give, command.take))
    else:
        assert isinstance(command, TradeCard)
        hand, tableau = state.hands[seat], state.tableaux[command.target]
        hand.remove(command.give)
        insort(hand, command.take)
        tableau[tableau.index(command.take)] = command.give
        if events is not None:
            events.append(CardsTraded(seat, command.target, command.give, command.take))


def _finish_trick(state: MoonsState, events: Events) -> None:
    order, trick = state.order, state.trick
    led = SUIT_OF[trick[0]]
    winner = -1
    best = 0
    low = -1
    low_rank = 99
    low_tied = False
    plays: list[int] = []  # seat, card, seat, card... built in the same loop
    # A trick has as many seats as cards; strict=True, a keyword argument, would make the
    # call dearer than the loop. A trick of Asteroids alone (led: NO_SUIT) has only rank-0
    # cards of the led "suit": nobody wins it, and there is no off-suit card.
    for seat, card in zip(order, trick):  # noqa: B905
        plays.append(seat)
        plays.append(card)
        suit, rank = SUIT_OF[card], RANK_OF[card]
        if suit == led:
            if rank > best:
                best, winner = rank, seat
        elif suit != NO_SUIT:
            if rank < low_rank:
                low_rank, low, low_tied = rank, seat, False
            elif rank == low_rank:
                low_tied = True
    if low_tied:  # a tie for the lowest off-suit card gives nobody a token
        low = -1
    state.tricks_done.append(plays)
    if events is not None:
        events.append(TrickWon(winner, tuple(zip(order, trick, strict=True)), low))
    if winner >= 0:
        state.tricks_won[winner] += 1
        state.leader = winner
        state.awards.append((winner, _tableau_mask(state, winner), TRICK_AWARD))
    if low >= 0:  # the trick's winner takes first, then the low off-suit (MO4)
        state.awards.append((low, 1 << SUIT_OF[trick[order.index(low)]], LOW_OFF_SUIT_AWARD))
    state.order = []
    state.trick = []
    _resume(state, events)


def _tableau_mask(state: MoonsState, seat: int) -> int:
    mask = 0
    for card in state.tableaux[seat]:
        mask |= SUIT_BIT[card]
    return mask


def _resume(state: MoonsState, events: Events) -> None:
    """Hands out the awards that need no choice, then moves on: a choice, the next trick, the
    round's end awards, or the next round."""
    supply = state.supply
    while True:
        # The planet tokens ran out: the game ends at once (O2). Four subscripts cost less
        # than a call of `any`.
        if not (supply[0] or supply[1] or supply[2] or supply[3]):
            _game_over(state, events, tokens_ran_out=True)
            return
        while state.awards:
            seat, mask, award = state.awards[0]
            planets: Sequence[int] = PLANETS_IN[mask]
            if not (supply[0] and supply[1] and supply[2] and supply[3]):
                planets = _still_supplied(planets, supply)
            if len(planets) > 1:
                state.phase = AWARD_PHASE
                return
            state.awards.pop(0)
            _take(state, seat, planets[0] if planets else -1, award, events)
            if not (supply[0] or supply[1] or supply[2] or supply[3]):
                break
        else:
            if state.closing:
                _next_round(state, events)
                return
            if state.hands[0]:
                _start_trick(state, state.leader, events)
                return
            _end_round(state, events)


def _take(state: MoonsState, seat: int, planet: int, award: int, events: Events) -> None:
    """A token no longer available gives nothing in its place (rulebook tip)."""
    if planet >= 0:
        state.supply[planet] -= 1
        state.tokens[seat][planet] += 1
    if events is not None:  # a pending award read back from JSON is a plain int
        events.append(TokenTaken(seat, planet, Award(award)))


def _end_round(state: MoonsState, events: Events) -> None:
    tricks = state.tricks_won
    if events is not None:
        events.append(RoundEnded(state.round, tuple(tricks)))
    clockwise = [(state.earths_moon + n) % state.seats for n in range(state.seats)]
    most = max(tricks)
    # Most tricks first (every tied seat, any planet), then no tricks (a tableau planet),
    # each clockwise from the Earth's Moon (MO6).
    state.awards += [(s, ALL_PLANETS, Award.MOST_TRICKS) for s in clockwise if tricks[s] == most]
    state.awards += [
        (s, _tableau_mask(state, s), Award.NO_TRICKS) for s in clockwise if tricks[s] == 0
    ]
    state.closing = True


def _next_round(state: MoonsState, events: Events) -> None:
    state.closing = False
    if state.round == state.seats:  # every seat has dealt once (O2)
        _game_over(state, events, tokens_ran_out=False)
        return
    state.round += 1
    state.earths_moon = (state.earths_moon + 1) % state.seats  # passed to the left
    if events is not None:
        events.append(EarthsMoonPassed(state.earths_moon))
    _deal(state, events)


def _deal(state: MoonsState, events: Events) -> None:
    """Deals all 60 cards (O1); tableaux are chosen anew each round (O2)."""
    if state.decks:
        deck, state.decks = state.decks[0], state.decks[1:]
    else:
        deck = list(range(CARD_COUNT))
        state.rng.shuffle(deck)
    size = hand_size(state.seats)
    for seat in range(state.seats):
        state.hands[seat] = sorted(deck[seat * size : (seat + 1) * size])
        if events is not None:
            events.append(HandDealt(state.round, state.earths_moon, seat, tuple(state.hands[seat])))
    state.tableaux = [[] for _ in range(state.seats)]
    state.tricks_won = [0] * state.seats
    state.tricks_done = []
    state.phase = TABLEAU_PHASE


def _game_over(state: MoonsState, events: Events, tokens_ran_out: bool) -> None:
    state.phase = OVER_PHASE
    state.awards = []
    if events is not None:
        rules = MoonsRules()
        events.append(GameOver(rules.scores(state), rules.winners(state), tokens_ran_out))


OPTIONS = Object({})
"""Moons has no options."""

PINNED_DECKS_LIMIT = 32
"""More rounds than any game of Moons plays; later rounds are shuffled from the seed anyway."""

PINNED_SETUP = Object(
    {
        "minis": Entry(ListOf(Int(0, MINI_COUNT - 1), MINI_COUNT, MINI_COUNT), required=True),
        "decks": Entry(
            ListOf(ListOf(Int(0, CARD_COUNT - 1), CARD_COUNT, CARD_COUNT), 1, PINNED_DECKS_LIMIT),
            required=True,
        ),
    }
)
"""A pinned setup: `minis` lists the 38 mini-asteroids in dealing and drawing order (two to
seat 0, two to seat 1, ..., then the deck from the top); `decks` lists one or more deal orders
of the 60 cards (seat 0's hand first), for rounds 1, 2...; later rounds are shuffled from the
seed."""


def _pinned(setup: Mapping[str, Any]) -> tuple[list[int], list[list[int]]]:
    checked = PINNED_SETUP.check(setup, "setup")
    minis, decks = checked["minis"], checked["decks"]
    if sorted(minis) != list(range(MINI_COUNT)):
        raise OptionsError(f"pinned minis list each mini-asteroid 0..{MINI_COUNT - 1} once")
    if any(sorted(deck) != list(range(CARD_COUNT)) for deck in decks):
        raise OptionsError(f"a pinned deck lists each card 0..{CARD_COUNT - 1} once")
    return minis, decks


def moons_stats(state: MoonsState) -> dict[str, float]:
    """Figures of a finished game, for the arena's report."""
    return {"rounds": state.round, "tokens taken": 4 * TOKENS_PER_PLANET - sum(state.supply)}
