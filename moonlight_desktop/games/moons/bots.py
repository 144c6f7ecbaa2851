"""Moons' computer players. They decide from the seat's view alone and draw their own
randomness from a seeded `Rng`, so they are deterministic per seed.

- `EasyBot` knows the rules and thinks now and then: about half of its decisions are
  NormalBot's; otherwise a random tableau and a random legal card, now and then a
  mini-asteroid that helps it, and the token that adds most to its score.
- `NormalBot` plays with purpose: a tableau chosen for the tokens its hand can win (high cards,
  short suits for off-suit tokens), cards counted (played, in tableaux, in its hand) and void
  suits noted (from cards played off-suit), tricks won cheaply or ducked, low off-suit cards
  shed for tokens, tokens and trades chosen by what they add to its best final score, a Block
  to protect a lead.

docs/moons_bots.md explains both and gives their arena figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from moonlight_desktop.engine import Bot, Command, Rng
from moonlight_desktop.engine.figures import NamedFigures

from .components import CARD_COUNT, MOON_CARDS, NO_SUIT, RANK_OF, SUIT_OF
from .moves import PlaceInTableau, PlayBlock, PlayCard, TakeToken, TradeCard, TradeToken
from .scoring import best_score
from .view import MoonsView

EASY_MINI_CHANCE = 5
"""EasyBot plays a mini-asteroid (when it may, and one that helps it) about one turn in this
many of those it does not think over."""
EASY_THINK_CHANCE = 55
"""Percent of EasyBot's decisions taken as NormalBot would: enough to win now and then."""


class EasyBot:
    THINK_CHANCE = EASY_THINK_CHANCE

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.thinker = NormalBot(seed ^ 0xEA5)

    def choose(self, view: MoonsView, legal: Sequence[Command], budget_seconds: float) -> Command:
        if len(legal) > 1 and self.rng.below(100) < self.THINK_CHANCE:
            return self.thinker.choose(view, legal, budget_seconds)
        if isinstance(legal[0], TakeToken):  # a token is never taken blindly
            return self.thinker.choose(view, legal, budget_seconds)
        cards = [c for c in legal if isinstance(c, PlayCard)]
        if len(cards) < len(legal) and self.rng.below(EASY_MINI_CHANCE) == 0:
            mini = self.thinker.best_mini(view, legal)  # never one that only hurts it
            if mini is not None:
                return mini
        choices: Sequence[Command] = cards or legal  # a card (minis set aside), or a tableau card
        return choices[self.rng.below(len(choices))]


def _with(tokens: Sequence[int], planet: int, change: int = 1) -> list[int]:
    more = list(tokens)
    more[planet] += change
    return more


Figures = NamedFigures
"""What NormalBot weighed for one decision (the hint's words are made of these)."""


class NormalBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def explain(self, view: MoonsView, legal: Sequence[Command], chosen: Command) -> Figures:
        """The rule and figures behind `chosen` (what `choose` played from `legal`), for the
        hint's words. It follows `choose`'s steps without deciding anything: `choose` is
        unchanged."""
        assert view.viewer is not None
        me = view.viewer
        if isinstance(chosen, TakeToken):
            mine = view.tokens[me]
            gains = sorted(
                ((self._gain(view, _planet(c)), _planet(c)) for c in legal), reverse=True
            )
            before = self._score(view, mine)
            after = self._score(view, _with(mine, chosen.planet))
            others = [(g, planet) for g, planet in gains if planet != chosen.planet]
            numbers = [("before", before), ("after", after)]
            if others:
                other = others[0][1]
                numbers += [("other", other), ("other_gain", round(others[0][0]))]
                # What `_gain` weighs when the points are equal: the planets' order, then
                # how many tokens of each are left.
                numbers += [
                    ("supply", view.supply[chosen.planet]),
                    ("other_supply", view.supply[other]),
                ]
            return Figures(chosen, "token", tuple(numbers))
        if isinstance(chosen, PlaceInTableau):
            return self._explain_tableau(view, chosen)
        if isinstance(chosen, TradeToken):
            mine = view.tokens[me]
            traded = _with(_with(mine, chosen.give, -1), chosen.take)
            gain = self._score(view, traded) - self._score(view, mine)
            theirs = view.tokens[chosen.target]
            lost = best_score(theirs, ()) - best_score(
                _with(_with(theirs, chosen.take, -1), chosen.give), ()
            )
            return Figures(chosen, "trade_token", (("gain", gain), ("lost", lost)))
        if isinstance(chosen, TradeCard):
            return Figures(
                chosen,
                "trade_card",
                (("give", RANK_OF[chosen.give]), ("take", RANK_OF[chosen.take])),
            )
        if isinstance(chosen, PlayBlock):
            return Figures(chosen, "block", (("score", self._score(view, view.tokens[me])),))
        assert isinstance(chosen, PlayCard)
        return self._explain_card(view, legal, chosen.card)

    def _explain_tableau(self, view: MoonsView, chosen: PlaceInTableau) -> Figures:
        assert view.viewer is not None and view.hand is not None
        placed = tuple(view.tableaux[view.viewer] or ())
        moons = [c for c in view.hand if c < MOON_CARDS]
        gains = [max(0.0, self._gain(view, p)) for p in range(4)]
        plans = []
        for chosen_cards in combinations(moons, 3 - len(placed)):
            tableau = placed + chosen_cards
            hand = [c for c in view.hand if c not in chosen_cards]
            plans.append((_tableau_value(tableau, hand, gains, view.seats), tableau, hand))
        plans.sort(key=lambda plan: -plan[0])
        if not plans:
            return Figures(chosen, "tableau")
        value, tableau, hand = plans[0]
        tricks = sum(max(0.0, (RANK_OF[c] - 9) / 5) for c in hand if SUIT_OF[c] != NO_SUIT)
        suits = {SUIT_OF[c] for c in tableau}
        best_planet = max(suits, key=lambda planet: gains[planet])
        numbers = [
            ("value", value),
            ("tricks", tricks),
            ("planet", best_planet),
            ("token_gain", gains[best_planet]),
            ("planets", len(suits)),
        ]
        # The best plan that lays another card now (a plan with this card lays it too), and
        # the ranks each lays: between equal plans the lower ranks win (`_tableau_value`).
        without = [plan for plan in plans if chosen.card not in plan[1]]
        if without:
            numbers += [
                ("other_value", without[0][0]),
                ("ranks", sum(RANK_OF[c] for c in tableau)),
                ("other_ranks", sum(RANK_OF[c] for c in without[0][1])),
            ]
        return Figures(chosen, "tableau", tuple(numbers))

    def _explain_card(self, view: MoonsView, legal: Sequence[Command], card: int) -> Figures:
        unseen = _unseen(view)
        cards = [c.card for c in legal if isinstance(c, PlayCard)]
        moons = [c for c in cards if c < MOON_CARDS]
        rank = RANK_OF[card]
        higher = sum(1 for c in unseen if SUIT_OF[c] == SUIT_OF[card] and RANK_OF[c] > rank)
        base = (("rank", rank), ("higher", higher), ("unseen", len(unseen)))
        if card >= MOON_CARDS:
            lowest = min((RANK_OF[c] for c in moons), default=0)
            return Figures(PlayCard(card), "asteroid", (*base, ("lowest", lowest)))
        if not view.trick:
            if higher == 0:
                return Figures(PlayCard(card), "lead_sure", base)
            length = sum(1 for c in moons if SUIT_OF[c] == SUIT_OF[card])
            return Figures(PlayCard(card), "lead_low", (*base, ("length", length)))
        led = SUIT_OF[view.trick[0]]
        if SUIT_OF[card] == led:
            best = max((RANK_OF[c] for c in view.trick if SUIT_OF[c] == led), default=0)
            later = len(view.order) - len(view.trick) - 1
            if rank > best and higher == 0:
                return Figures(PlayCard(card), "follow_sure", (*base, ("best", best)))
            if rank > best:
                return Figures(
                    PlayCard(card), "follow_safe", (*base, ("best", best), ("later", later))
                )
            return Figures(PlayCard(card), "follow_low", (*base, ("best", best)))
        off = [RANK_OF[c] for c in view.trick if SUIT_OF[c] not in (led, NO_SUIT)]
        lowest_off = min(off, default=99)
        if rank < lowest_off and rank <= 4:
            return Figures(PlayCard(card), "shed_token", base)
        return Figures(PlayCard(card), "shed", base)

    def choose(self, view: MoonsView, legal: Sequence[Command], budget_seconds: float) -> Command:
        first = legal[0]
        if isinstance(first, TakeToken):
            return max(legal, key=lambda c: self._gain(view, _planet(c)))
        if isinstance(first, PlaceInTableau):
            wanted = self._tableau_card(view, legal)
        else:
            wanted = self.best_mini(view, legal) or self._card(view, legal)
        return next(command for command in legal if command == wanted)  # the legal object

    # Values ----------------------------------------------------------------------------------

    def _score(self, view: MoonsView, tokens: Sequence[int]) -> int:
        assert view.viewer is not None
        return best_score(tokens, view.minis[view.viewer] or ())

    def _gain(self, view: MoonsView, planet: int) -> float:
        """What one more token of `planet` adds to this seat's best final score; the
        tie-break order and scarcity decide between equal gains."""
        assert view.viewer is not None
        mine = view.tokens[view.viewer]
        gain = self._score(view, _with(mine, planet)) - self._score(view, mine)
        return gain + (4 - planet) * 0.01 - view.supply[planet] * 0.001

    # The tableau -----------------------------------------------------------------------------

    def _tableau_card(self, view: MoonsView, legal: Sequence[Command]) -> Command:
        """Plans the whole tableau (with any cards already laid) and lays its next card."""
        assert view.viewer is not None and view.hand is not None
        placed = tuple(view.tableaux[view.viewer] or ())
        moons = [c for c in view.hand if c < MOON_CARDS]
        gains = [max(0.0, self._gain(view, p)) for p in range(4)]
        best: tuple[float, tuple[int, ...]] = (-1e9, ())
        for chosen in combinations(moons, 3 - len(placed)):
            tableau = placed + chosen
            hand = [c for c in view.hand if c not in chosen]
            value = _tableau_value(tableau, hand, gains, view.seats)
            if value > best[0]:
                best = (value, chosen)
        return PlaceInTableau(best[1][0]) if best[1] else legal[0]

    # Mini-asteroids --------------------------------------------------------------------------

    def best_mini(self, view: MoonsView, legal: Sequence[Command]) -> Command | None:
        """The mini-asteroid worth playing now, if one is (a trade that adds to its score, a
        Block that protects a lead), else None."""
        assert view.viewer is not None
        me = view.viewer
        best: tuple[float, Command | None] = (0.0, None)
        mine = view.tokens[me]
        base = self._score(view, mine)
        for command in legal:
            value = 0.0
            if isinstance(command, TradeToken):
                after = _with(_with(mine, command.give, -1), command.take)
                theirs = view.tokens[command.target]
                lost = best_score(theirs, ()) - best_score(
                    _with(_with(theirs, command.take, -1), command.give), ()
                )
                value = self._score(view, after) - base + 0.5 * lost - 1.5
            elif isinstance(command, TradeCard):
                value = (RANK_OF[command.take] - RANK_OF[command.give]) / 3 - 2.5
                if command.target == me:  # a new tableau planet: what its tokens are worth
                    value = self._gain(view, SUIT_OF[command.give]) - max(
                        self._gain(view, SUIT_OF[c]) for c in view.tableaux[me] or ()
                    )
                    value -= 1.0
            elif isinstance(command, PlayBlock):
                leading = base >= max(best_score(t, ()) for t in view.tokens)
                value = 1.0 if view.block_holder != me and leading and base >= 6 else 0.0
            if value > best[0]:
                best = (value, command)
        return best[1]

    # Cards -----------------------------------------------------------------------------------

    def _card(self, view: MoonsView, legal: Sequence[Command]) -> Command:
        cards = [c.card for c in legal if isinstance(c, PlayCard)]
        moons = [c for c in cards if c < MOON_CARDS]
        asteroids = [c for c in cards if c >= MOON_CARDS]
        unseen = _unseen(view)
        if not view.trick:  # leading
            return PlayCard(self._lead(view, moons or cards, unseen))
        led = SUIT_OF[view.trick[0]]
        following = [c for c in moons if SUIT_OF[c] == led]
        if following:
            return PlayCard(self._follow(view, following, asteroids, led, unseen))
        return PlayCard(self._shed(view, moons, asteroids))

    def _lead(self, view: MoonsView, cards: list[int], unseen: set[int]) -> int:
        winners = [c for c in cards if _beats_all(c, unseen)]
        if winners:  # a sure trick: take it with the card that wins anyway
            return max(winners, key=lambda c: RANK_OF[c])
        # Otherwise lead low from a long suit that no other seat is known to be void in
        # (a void seat could shed a low card on it for an off-suit token).
        voids = {suit for seat, suit in _voids(view) if seat != view.viewer}
        by_suit: dict[int, list[int]] = {}
        for c in cards:
            by_suit.setdefault(SUIT_OF[c], []).append(c)
        longest = max(by_suit.items(), key=lambda item: (item[0] not in voids, len(item[1])))[1]
        return min(longest, key=lambda c: RANK_OF[c])

    def _follow(
        self,
        view: MoonsView,
        following: list[int],
        asteroids: list[int],
        led: int,
        unseen: set[int],
    ) -> int:
        best = max((RANK_OF[c] for c in view.trick if SUIT_OF[c] == led), default=0)
        later = view.order[len(view.trick) + 1 :]
        voids = _voids(view)
        beating = [c for c in following if RANK_OF[c] > best]
        if beating and all((seat, led) in voids for seat in later):
            return min(beating, key=lambda c: RANK_OF[c])  # nobody after it can follow
        sure = [c for c in beating if _beats_all(c, unseen)]
        if sure:
            return min(sure, key=lambda c: RANK_OF[c])
        lowest = min(following, key=lambda c: RANK_OF[c])
        if asteroids and RANK_OF[lowest] >= 8:  # keep a good card, draw a mini-asteroid
            return asteroids[0]
        return lowest

    def _shed(self, view: MoonsView, moons: list[int], asteroids: list[int]) -> int:
        """Void in the suit led: a low card may take the lowest off-suit token."""
        led = SUIT_OF[view.trick[0]]
        off = [RANK_OF[c] for c in view.trick if SUIT_OF[c] not in (led, NO_SUIT)]
        lowest_off = min(off, default=99)
        if moons:
            low = min(moons, key=lambda c: (RANK_OF[c], -self._gain(view, SUIT_OF[c])))
            if RANK_OF[low] < lowest_off and RANK_OF[low] <= 4:
                return low
            if asteroids:
                return asteroids[0]
            return low
        return asteroids[0]


def _planet(command: Command) -> int:
    assert isinstance(command, TakeToken)
    return command.planet


def _unseen(view: MoonsView) -> set[int]:
    """Moon cards this seat has not seen: not in its hand, a tableau, or played this round."""
    seen = set(view.hand or ())
    for tableau in view.tableaux:
        seen.update(tableau or ())
    for trick in view.tricks_done:
        seen.update(card for _, card in trick)
    seen.update(view.trick)
    return {c for c in range(MOON_CARDS) if c not in seen}


def _voids(view: MoonsView) -> set[tuple[int, int]]:
    """(seat, suit) pairs known this round: the seat played another Moon suit on that lead."""
    voids = set()
    plays = [*view.tricks_done, tuple(zip(view.order, view.trick, strict=False))]
    for trick in plays:
        if not trick:
            continue
        led = SUIT_OF[trick[0][1]]
        for seat, card in trick:
            if SUIT_OF[card] not in (led, NO_SUIT):
                voids.add((seat, led))
    return voids


def _beats_all(card: int, unseen: set[int]) -> bool:
    suit, rank = SUIT_OF[card], RANK_OF[card]
    return not any(SUIT_OF[c] == suit and RANK_OF[c] > rank for c in unseen)


def _tableau_value(
    tableau: tuple[int, ...], hand: list[int], gains: list[float], seats: int
) -> float:
    """Expected tricks times the best token the tableau lets it take, plus short suits."""
    suits = {SUIT_OF[c] for c in tableau}
    per_trick = max(gains[s] for s in suits) + 0.2 * len(suits)
    lengths = [0, 0, 0, 0]
    tricks = 0.0
    for card in hand:
        suit = SUIT_OF[card]
        if suit == NO_SUIT:
            continue
        lengths[suit] += 1
        tricks += max(0.0, (RANK_OF[card] - 9) / 5)
    tricks += sum(max(0, n - 5) * 0.3 for n in lengths)
    lows = sum(1 for c in hand if SUIT_OF[c] != NO_SUIT and RANK_OF[c] <= 3)
    short = sum(1 for n in lengths if n <= 1) * 0.4 * min(lows, 3) / max(1, seats - 2)
    if tricks < 0.5:  # the no-tricks token is the tableau's
        tricks = 0.5
    return tricks * per_trick + short - 0.1 * sum(RANK_OF[c] for c in tableau) / CARD_COUNT


MOONS_BOTS: dict[str, Callable[[int], Bot]] = {"easy": EasyBot, "normal": NormalBot}
