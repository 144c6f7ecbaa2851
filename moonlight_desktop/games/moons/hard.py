"""Moons' Hard bot: the shared ISMCTS (`engine/ismcts.py`) with Moons' parts.

- `MoonsDeterminizer` deals the cards a seat has not seen to the other hands (and, before the
  reveal, to the face-down tableaux) at random, keeping every void the round has shown, and
  the unseen mini-asteroids to the other seats and the deck.
- `greedy_rollout` plays the playouts: win a trick cheaply or duck, shed low cards off-suit,
  take the token that adds most; no mini-asteroids.
- `evaluate` judges a playout cut short: each seat's score now, as a chance to win.
- `candidates` leaves out the trades that give nothing.
- `HardBot` lays its tableau by `NormalBot`'s plan and searches every other choice.

docs/moons_bots.md explains the choices and their measured effect.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.engine.ismcts import MARGIN_WEIGHT, IsmctsBot, Searched

from .bots import NormalBot
from .components import CARD_COUNT, MINI_COUNT, MOON_CARDS, NO_SUIT, RANK_OF, SUIT_OF
from .moves import Award, PlayCard, TradeCard, TradeToken
from .rules import PLACE, PLAY, MoonsRules
from .scoring import best_score
from .state import AWARD_PHASE, PLAY_PHASE, TABLEAU_PHASE, MoonsState
from .view import MoonsView

RULES = MoonsRules()
ALL_SUITS = frozenset(range(4))
DEAL_TRIES = 20
"""Random deals tried under the voids before dropping them (a Trade Card can bring a seat a
card of a suit it showed void in, which the view cannot tell)."""


# Sampling -----------------------------------------------------------------------------------


def known_voids(view: MoonsView) -> list[frozenset[int]]:
    """The suits each seat is known to lack this round: it played another Moon suit on that
    lead, or it passed the lead holding only Asteroids (then it lacks every suit)."""
    voids: list[set[int]] = [set() for _ in range(view.seats)]
    tricks = [*view.tricks_done]
    if view.trick:
        tricks.append(tuple(zip(view.order, view.trick, strict=False)))
    leader = view.earths_moon  # the dealer leads the round's first trick
    for number, plays in enumerate(tricks):
        if number == len(view.tricks_done):
            leader = view.leader  # the trick being played names its leader
        first = plays[0][0]
        seat = leader
        while seat != first:  # passed the lead on: held only Asteroids (O3)
            voids[seat].update(ALL_SUITS)
            seat = (seat + 1) % view.seats
        led = SUIT_OF[plays[0][1]]
        if led == NO_SUIT:
            continue
        best, winner = 0, -1
        for seat, card in plays:
            suit = SUIT_OF[card]
            if suit == led:
                if RANK_OF[card] > best:
                    best, winner = RANK_OF[card], seat
            elif suit != NO_SUIT:
                voids[seat].add(led)
        if winner >= 0:
            leader = winner
    return [frozenset(v) for v in voids]


def _deal(
    cards: list[int], bins: list[tuple[int, frozenset[int]]], rng: Rng
) -> list[list[int]] | None:
    """Deals `cards` into bins of (size, suits it may not take; NO_SUIT for Asteroids), the
    most constrained kind of card first, each card to a random free place among the bins
    that may take it. None when this deal runs into a dead end."""
    kinds: dict[int, list[int]] = {}
    for card in cards:
        kinds.setdefault(SUIT_OF[card], []).append(card)
    room = [size for size, _ in bins]
    dealt: list[list[int]] = [[] for _ in bins]
    allowed = {
        suit: [n for n, (_, barred) in enumerate(bins) if suit not in barred] for suit in kinds
    }
    for suit in sorted(kinds, key=lambda s: (len(allowed[s]), -len(kinds[s]))):
        for card in kinds[suit]:
            free = sum(room[n] for n in allowed[suit])
            if not free:
                return None
            place = rng.below(free)
            for n in allowed[suit]:
                if place < room[n]:
                    dealt[n].append(card)
                    room[n] -= 1
                    break
                place -= room[n]
    return dealt


def _deal_all(
    cards: list[int], bins: list[tuple[int, frozenset[int]]], rng: Rng
) -> list[list[int]]:
    for _ in range(DEAL_TRIES):
        dealt = _deal(cards, bins, rng)
        if dealt is not None:
            return dealt
    # The voids cannot all hold (a trade broke one): deal keeping only the tableaux' rule.
    # Asteroids go first, to the hands only, so this deal always fits.
    dealt = _deal(cards, [(size, barred - ALL_SUITS) for size, barred in bins], rng)
    assert dealt is not None, "the public hand sizes do not add up"
    return dealt


class MoonsDeterminizer:
    """Keeps every fact of the view and draws the hidden ones among those that agree with it:
    the unseen cards (all 60 but the seat's hand, the visible tableaux and this round's plays)
    go to the other hands and face-down tableaux, by their public sizes, never a suit a seat
    showed void in nor an Asteroid to a tableau; the unseen mini-asteroids (all 38 but the
    seat's and the discard pile) to the other seats and the deck, by their public counts.
    Earlier rounds say nothing of this round's hands: every round deals all 60 cards anew."""

    def seat(self, view: MoonsView) -> int:
        assert view.viewer is not None  # a bot always plays a seat
        return view.viewer

    def sample(self, view: MoonsView, rng: Rng) -> MoonsState:
        me = self.seat(view)
        assert view.hand is not None
        seen = set(view.hand)
        seen.update(c for tableau in view.tableaux for c in tableau or ())
        seen.update(card for plays in view.tricks_done for _, card in plays)
        seen.update(view.trick)
        unseen = [c for c in range(CARD_COUNT) if c not in seen]
        rng.shuffle(unseen)
        others = [s for s in range(view.seats) if s != me]
        voids = known_voids(view)
        bins = [(view.hand_sizes[s], voids[s]) for s in others]
        hidden = [s for s in others if view.tableaux[s] is None]
        bins += [(view.tableau_sizes[s], frozenset({NO_SUIT})) for s in hidden]
        dealt = _deal_all(unseen, bins, rng)
        state = MoonsState(view.seats, {}, Rng(rng.next64()), [])
        for n, s in enumerate(others):
            state.hands[s] = sorted(dealt[n])
        state.hands[me] = list(view.hand)
        for s in range(view.seats):
            known = view.tableaux[s]
            state.tableaux[s] = list(known) if known is not None else []
        for n, s in enumerate(hidden):
            state.tableaux[s] = dealt[len(others) + n]
        self._deal_minis(view, state, others, rng)
        state.supply = list(view.supply)
        state.tokens = [list(tokens) for tokens in view.tokens]
        state.block_holder = view.block_holder
        state.earth = view.earth
        state.earths_moon = view.earths_moon
        state.round = view.round
        state.phase = view.phase
        state.order = list(view.order)
        state.turn = len(view.trick)
        state.trick = list(view.trick)
        state.mini_played = view.mini_played
        state.leader = view.leader
        state.tricks_won = list(view.tricks_won)
        state.tricks_done = [[x for play in plays for x in play] for plays in view.tricks_done]
        state.awards = list(view.awards)
        # The round's end awards (most and no tricks) are given while the rules are closing.
        state.closing = bool(view.awards) and view.awards[0][2] in (
            Award.MOST_TRICKS,
            Award.NO_TRICKS,
        )
        return state

    def _deal_minis(self, view: MoonsView, state: MoonsState, others: list[int], rng: Rng) -> None:
        me = self.seat(view)
        mine = view.minis[me] or ()
        gone = set(mine) | set(view.mini_discard)
        pool = [m for m in range(MINI_COUNT) if m not in gone]
        rng.shuffle(pool)
        state.minis[me] = list(mine)
        for s in others:
            shown = view.minis[s]
            if shown is not None:  # the game is over: everyone's are shown
                state.minis[s] = list(shown)
                pool = [m for m in pool if m not in shown]
            else:
                count = view.mini_counts[s]
                state.minis[s], pool = sorted(pool[:count]), pool[count:]
        state.mini_deck = pool
        state.mini_discard = list(view.mini_discard)


# Playouts ------------------------------------------------------------------------------------

EPSILON = 10
"""A playout plays a random card about one time in this many (some variety, cheaply)."""
HIGH = 12
"""A card this high is worth playing to win a trick before the last seat."""
SHED = 4
"""The highest card worth shedding off-suit for the lowest off-suit token."""


_SCORES: dict[tuple[int, ...], int] = {}
"""`best_score` by tokens and mini-asteroids held: the playouts ask the same few again and
again, and `best_score` rebuilds the modifier groups on every call."""
SCORES_KEPT = 1 << 17


def score(tokens: Sequence[int], minis: Sequence[int]) -> int:
    key = (*tokens, *minis)
    value = _SCORES.get(key)
    if value is None:
        if len(_SCORES) >= SCORES_KEPT:
            _SCORES.clear()
        value = _SCORES[key] = best_score(tokens, minis)
    return value


def greedy_rollout(state: MoonsState, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    """One playout move, cheaply and from the state: the planet it has fewest of (sets score
    most); tableaux of low cards in different suits; a card as a plain trick-taker plays it;
    no mini-asteroids."""
    phase = state.phase
    if phase == AWARD_PHASE:
        mine = state.tokens[seat]
        return min(legal, key=lambda c: mine[_planet(c)])
    hand = state.hands[seat]
    if phase == TABLEAU_PHASE:
        laid = {SUIT_OF[c] for c in state.tableaux[seat]}
        fresh = [c for c in hand if c < MOON_CARDS and SUIT_OF[c] not in laid]
        card = min(fresh or [c for c in hand if c < MOON_CARDS], key=RANK_OF.__getitem__)
        return PLACE[card]
    if rng.below(EPSILON) == 0:
        command = legal[rng.below(len(legal))]
        if type(command) is PlayCard:
            return command
    return PLAY[_card(state, hand)]


def _card(state: MoonsState, hand: list[int]) -> int:
    """The greedy card of a sorted hand (Asteroids last): always a legal one."""
    trick = state.trick
    moons = [c for c in hand if c < MOON_CARDS]
    asteroids = hand[len(moons) :]
    if not trick:  # lead a top card, else low from the longest suit
        if not moons:
            return hand[0]
        top = max(moons, key=RANK_OF.__getitem__)
        if RANK_OF[top] >= HIGH + 1:
            return top
        lengths = [0, 0, 0, 0]
        for c in moons:
            lengths[SUIT_OF[c]] += 1
        return min(moons, key=lambda c: (-lengths[SUIT_OF[c]], RANK_OF[c]))
    led = SUIT_OF[trick[0]]
    following = [c for c in moons if SUIT_OF[c] == led]
    if following:
        best = max((RANK_OF[c] for c in trick if SUIT_OF[c] == led), default=0)
        beating = [c for c in following if RANK_OF[c] > best]
        if beating:
            if state.turn == state.seats - 1:
                return beating[0]  # hands are sorted: the cheapest winner
            if RANK_OF[beating[-1]] >= HIGH:
                return beating[-1]
        low = following[0]
        return asteroids[0] if asteroids and RANK_OF[low] >= 2 * SHED else low
    if not moons:
        return hand[0]
    low = min(moons, key=RANK_OF.__getitem__)
    return asteroids[0] if asteroids and RANK_OF[low] > SHED else low


def _planet(command: Command) -> int:
    return command.planet  # type: ignore[attr-defined, no-any-return]


# Judging a cut playout -----------------------------------------------------------------------

SPREAD = 3.0
"""How far apart two scores must be (in points) to call the leader a likely winner, with few
tokens left; more tokens left widen it (`SPREAD_PER_TOKEN`)."""
SPREAD_PER_TOKEN = 0.08


def evaluate(state: MoonsState) -> list[float]:
    """Each seat's reward from the scores as they stand: a soft share of the win (more even
    while many tokens are left to take) and the margin, as `rewards_of` weighs them."""
    scores = [score(state.tokens[s], state.minis[s]) for s in range(state.seats)]
    spread = SPREAD + SPREAD_PER_TOKEN * sum(state.supply)
    top = max(scores)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    rewards = []
    for seat, mine in enumerate(scores):
        best_other = max(s for n, s in enumerate(scores) if n != seat)
        margin = (mine - best_other) / (abs(mine) + abs(best_other) + 1)
        share = weights[seat] / total
        rewards.append((1 - MARGIN_WEIGHT) * share + MARGIN_WEIGHT * (margin + 1) / 2)
    return rewards


# What the tree considers ---------------------------------------------------------------------

TRADES_KEPT = 3
"""The most Trade Card commands the tree weighs (the best by the rank they gain)."""


def candidates(state: MoonsState, seat: int, legal: Sequence[Command]) -> Sequence[Command]:
    """Every card and Block, the token trades that raise the seat's score, and the few card
    trades that gain most rank (or bring a new planet into its own tableau)."""
    if state.phase != PLAY_PHASE or type(legal[-1]) is PlayCard:
        return legal
    kept: list[Command] = []
    card_trades: list[tuple[int, int, Command]] = []
    mine, minis = state.tokens[seat], state.minis[seat]
    base = score(mine, minis)
    laid = {SUIT_OF[c] for c in state.tableaux[seat]}
    for n, command in enumerate(legal):
        if type(command) is TradeToken:
            after = list(mine)
            after[command.give] -= 1
            after[command.take] += 1
            if score(after, minis) > base:
                kept.append(command)
        elif type(command) is TradeCard:
            gain = RANK_OF[command.take] - RANK_OF[command.give]
            if command.target == seat:
                gain = 5 if SUIT_OF[command.give] not in laid else -1
            if gain >= 3:
                card_trades.append((-gain, n, command))
        else:
            kept.append(command)
    kept += [command for _, _, command in sorted(card_trades)[:TRADES_KEPT]]
    return kept


# The bot ---------------------------------------------------------------------------------------

ROLLOUT_LIMIT = 20
"""Commands a playout plays before `evaluate` judges it (about four tricks)."""


class HardBot:
    """ISMCTS over sampled deals with greedy playouts cut short and judged, for the tricks
    and tokens. The tableau is Normal's plan: a playout of a few commands cannot judge a
    choice that pays over the whole round (searching it scored a third of the wins, the plan
    half, in our short runs)."""

    def __init__(
        self, seed: int, *, iterations: int | None = None, budget_seconds: float = 1.5
    ) -> None:
        self.search: IsmctsBot[MoonsState] = IsmctsBot(
            RULES,
            MoonsDeterminizer(),
            seed,
            budget_seconds=budget_seconds,
            iterations=iterations,
            rollout=greedy_rollout,
            rollout_limit=ROLLOUT_LIMIT,
            evaluate=evaluate,
            candidates=candidates,
        )
        self.planner = NormalBot(seed)

    @property
    def last(self) -> Searched | None:
        return self.search.last

    def choose(self, view: MoonsView, legal: Sequence[Command], budget_seconds: float) -> Command:
        if view.phase == TABLEAU_PHASE:
            self.search.last = None  # planned, not searched
            return self.planner.choose(view, legal, budget_seconds)
        return self.search.choose(view, legal, budget_seconds)
