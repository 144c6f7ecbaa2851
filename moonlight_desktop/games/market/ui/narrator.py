"""Moonlight Market in words: the game's log, event by event, with the reasons of Dirk and Beate.

No pygame. A `MarketNarrator` (the kit's `Narrator`) keeps its own record of the public table
(bids and bidders per cushion, displaced cards, seals, received links, chains, the start coin,
pass and round), started from the game's first view and advanced by every event it tells. So
it can say why Dirk and Beate do what they do, and it tells a saved game's log exactly as it
told it live.

The log says public facts only, even about the viewer's own private events: the log stays on
the screen when the next player sits down, so a drawn card or a card put under a pile is never
named. Sentences never make a possessive of a name ("Ana's"): a name may be anything. Dirk is
"he", Beate "she"; a player is always named.
"""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.narration import Narrator
from moonlight_desktop.ui.table.phrasing import counted, joined, sentences
from moonlight_desktop.ui.table.presenter import LogLine

from ..automata import automaton_cushion, automaton_gem, placement_order
from ..components import (
    GEMS,
    HAMMER,
    HAND_DRAW,
    IS_DOUBLING,
    LINK_TARGETS,
    LINK_VALUE,
    PASSES,
    ROUNDS,
    SEAL,
    SEAL_WORTHY_CHAIN,
    WORTHLESS,
    chain_value,
)
from ..moves import (
    BidPlaced,
    CardPutUnder,
    CardsDrawn,
    ChainDiscarded,
    CushionsFilled,
    GameOver,
    HammerUsed,
    LinkPlaced,
    LinksHandedOut,
    PassScored,
    SealTaken,
    StartCoinLaid,
)
from ..state import Phase
from ..table import AUTOMATON_NAMES, MIN_POSITIONS, Table
from ..view import MarketView

GEM_NAMES = ("Blue", "Red", "White", "Green", "Yellow")
"""The gems as the tableau names its chains, left to right (M1): "at Red"."""
COLOUR_WORDS = ("blue", "red", "white", "green", "yellow")
"""A gem's colour on a link: "the red 8"."""
COLUMN_WORDS = ("left", "middle", "right")
"""The column of links each round takes from the cushions (M2)."""
PRONOUNS = ("he", "she")
POSSESSIVES = ("his", "her")
"""Dirk's and Beate's, by automaton number."""
_ORDINALS = ("first", "second", "third", "fourth")
LOG_ICONS: dict[type[Event], str] = {
    CushionsFilled: "reveal",
    CardsDrawn: "draw",
    StartCoinLaid: "turn",
    BidPlaced: "play",
    LinksHandedOut: "draw",
    HammerUsed: "conflict",
    SealTaken: "coins",
    ChainDiscarded: "discard",
    LinkPlaced: "move",
    CardPutUnder: "discard",
    PassScored: "points",
    GameOver: "win",
}
"""Each event's icon in the log (ui/table/log_icons.py names them; tested there)."""


def a_card(card: int) -> str:
    """A card's value with its article: "a 9", "an 8", "an 11"."""
    return f"{'an' if str(card).startswith('8') or card in (11, 18) else 'a'} {card}"


def link_words(code: int) -> str:
    """A link without an article: "blue 7", "red doubling", "blue-white 7", "hammer",
    "seal link", "worthless link"."""
    if code == HAMMER:
        return "hammer"
    if code == SEAL:
        return "seal link"
    if code == WORTHLESS:
        return "worthless link"
    targets = LINK_TARGETS[code]
    if IS_DOUBLING[code]:
        return f"{COLOUR_WORDS[targets[0]]} doubling"
    colours = "-".join(COLOUR_WORDS[gem] for gem in targets)
    return f"{colours} {LINK_VALUE[code]}"


def cushion_names(positions: int) -> tuple[str, ...]:
    """The cushions by number, which is the order Dirk checks them (ruling MM3) and the order
    the screen stacks them from the top down: the moon cushion first (marked "1-5 moon" in
    CUSHION_MARKINGS), then the two other "1-5" cushions, then "4-5" and "5" as the table
    grows. Three cushions are the moon, the middle and the bottom cushion, as the rulebook's
    examples name them; four or five count down from the moon cushion to the bottom one."""
    if positions <= MIN_POSITIONS:
        return ("the moon cushion", "the middle cushion", "the bottom cushion")[:positions]
    between = tuple(f"the {_ORDINALS[n]} cushion" for n in range(1, positions - 1))
    return ("the moon cushion", *between, "the bottom cushion")


class MarketNarrator(Narrator):
    """The log of one game in words, for one viewer.

    Feed it every event of the game in order, as the viewer sees them (`Event.seen_by`), from
    the view it was made with: `opening` is the game's first view (a new match's, or one
    replayed to its start). `names` has one name per position: the seats, then Dirk and Beate.
    `opening_lines()` tells what happened before the first event (the first pass's start);
    `describe` tells an event as log lines, each with its position and icon.

    Its record of the table (read it, never change it) follows the events: `bids` and `bidders`
    per cushion (-1 none), `displaced` cards, `seals` and `seal_supply`, `pending` (links
    received and not yet built in), `chains`, `coin` (the start coin's holder, -1 beside the
    moon cushion), `prestige`, `pass_index` and `round_index` (from 0, as the view counts).
    """

    def __init__(self, opening: MarketView, names: Sequence[str]) -> None:
        table = opening.table
        if len(names) != table.positions:
            raise ValueError(f"one name per position: {table.positions}, not {len(names)}")
        self.table: Table = table
        self.names = tuple(names)
        self.cushions = cushion_names(table.positions)
        self.bids = list(opening.bids)
        self.bidders = list(opening.bidders)
        self.displaced = list(opening.displaced)
        self.seals = list(opening.seals)
        self.seal_supply = opening.seal_supply
        self.pending = [list(links) for links in opening.pending]
        self.chains = [[list(chain) for chain in chains] for chains in opening.chains]
        self.coin = opening.coin
        self.prestige = list(opening.prestige)
        self.pass_index = opening.pass_index
        self.round_index = opening.round_index
        self._first_bidder = opening.seat
        self._next_round = opening.round_index
        self._pass_opening = False  # a pass was scored and the next one not yet announced
        self._chain_seal: set[int] = set()  # positions owed a seal by a chain worth 20 or more
        self._cleared: dict[tuple[int, int], int] = {}  # (position, gem) -> links it had
        self._ordered: set[int] = set()  # automata whose order of laying was told this phase

    # The log ------------------------------------------------------------------------------

    def describe(self, event: Event) -> list[LogLine]:
        """The lines of `narrate`, each about the event's position, with the event's icon (a
        game over's scoring lines with stars, then who won with the crown)."""
        seat = getattr(event, "position", None)
        lines = self.narrate(event)
        icons = [LOG_ICONS.get(type(event), "info")] * len(lines)
        if isinstance(event, GameOver) and lines:
            icons[:-1] = ["points"] * (len(lines) - 1)
        return [
            LogLine(text, seat if isinstance(seat, int) else None, icon)
            for text, icon in zip(lines, icons, strict=True)
        ]

    def summarize(self, played: Played) -> list[LogLine]:
        """Nothing: Market's events tell all a command did."""
        return []

    def opening_log(self) -> list[LogLine]:
        return [LogLine(text, icon="turn") for text in self.opening_lines()]

    def opening_lines(self) -> list[str]:
        """What happened before the first event: the first pass's draw and cushions, who bids
        first (or, in a worked example starting with Dirk or Beate, their bids so far)."""
        lines = [
            f"Pass 1 of {PASSES} begins: every player draws {HAND_DRAW} cards, and links are laid"
            " on every space of the cushions"
        ]
        laid = [c for c, bidder in enumerate(self.bidders) if bidder >= 0]
        if not laid:
            lines.append(self._coin_line(self._first_bidder))
            return lines
        lines.append(f"{self._round_words()}: the start coin lies next to the moon cushion")
        lines += [
            f"{self.names[self.bidders[c]]} has bid {a_card(self.bids[c])} at {self.cushions[c]}"
            for c in laid
        ]
        return lines

    def narrate(self, event: Event) -> list[str]:
        """The log lines for `event`, and the record advanced past it."""
        match event:
            case CardsDrawn():
                count = len(event.cards) or HAND_DRAW
                return [*self._pass_header(), f"{self.names[event.position]} draws {count} cards"]
            case CushionsFilled():
                text = "New links are laid on every space of the cushions"
                if event.hammers_set_aside:
                    hammers = counted(event.hammers_set_aside, "hammer")
                    text += f"; {hammers} revealed went back into the supply, shuffled"
                return [*self._pass_header(), text]
            case StartCoinLaid():
                return [self._start_coin_laid(event)]
            case BidPlaced():
                return [self._bid_placed(event)]
            case LinksHandedOut():
                return self._links_handed_out(event)
            case HammerUsed():
                return [self._hammer_used(event)]
            case SealTaken():
                return [self._seal_taken(event)]
            case ChainDiscarded():
                return self._chain_discarded(event)
            case LinkPlaced():
                return self._link_placed(event)
            case CardPutUnder():
                name = self.names[event.position]
                return [f"{name} puts the last hand card under the draw pile"]
            case PassScored():
                return self._pass_scored(event)
            case GameOver():
                return self._game_over(event)
        return []

    # Bidding ------------------------------------------------------------------------------

    def _pass_header(self) -> list[str]:
        if not self._pass_opening:
            return []
        self._pass_opening = False
        return [f"Pass {self.pass_index + 1} of {PASSES} begins"]

    def _start_coin_laid(self, event: StartCoinLaid) -> str:
        self.coin = -1
        self.round_index = self._next_round
        return self._coin_line(event.position)

    def _round_words(self) -> str:
        return f"Pass {self.pass_index + 1}, round {self.round_index + 1} of {ROUNDS}"

    def _coin_line(self, position: int) -> str:
        name = self.names[position]
        laid = "lays the start coin next to the moon cushion and bids first"
        return f"{self._round_words()}: {name} {laid}"

    def _bid_placed(self, event: BidPlaced) -> str:
        position, card, cushion = event.position, event.card, event.cushion
        name = self.names[position]
        again = not event.revealed and self.displaced[position] >= 0
        if self.table.is_automaton(position):
            text = self._automaton_bid(event, again)
        else:
            head = f"{name} plays the displaced {card}" if again else f"{name} bids {a_card(card)}"
            text = f"{head} at {self.cushions[cushion]}"
            if event.displaced >= 0:
                owner = event.displaced
                text += (
                    f", displaces the {event.displaced_card} of {self.names[owner]} and pays"
                    f" {self.names[owner]} a seal; {self._must_replay(owner, event.displaced_card)}"
                )
        # The record.
        if event.displaced >= 0:
            self.displaced[event.displaced] = event.displaced_card
            self.seals[position] -= 1
            self.seals[event.displaced] += 1
        self.displaced[position] = -1
        self.bids[cushion] = card
        self.bidders[cushion] = position
        return text

    def _must_replay(self, owner: int, card: int) -> str:
        name = self.names[owner]
        if self.table.is_automaton(owner):
            return f"{name} must play it again on {self._his(owner)} next turn"
        return f"{name} must play that {card} on the next turn"

    def _automaton_bid(self, event: BidPlaced, again: bool) -> str:
        """Rulebook, Dirk's bidding: from the moon cushion down, the first cushion that is free
        or holds a lower card while he has a seal to give. Each cushion passed over, with why."""
        position, card, cushion = event.position, event.card, event.cushion
        he = self._he(position)
        if again:
            head = f"{self.names[position]} plays {self._his(position)} displaced {card} again"
        else:
            head = f"{self.names[position]} reveals {a_card(card)}"
        seals = self.seals[position]
        checks: list[str] = []
        if -1 in self.bids and automaton_cushion(card, self.bids, seals) == cushion:
            for passed in range(cushion):
                bid, where = self.bids[passed], self.cushions[passed]
                if bid > card:
                    checks.append(f"the {bid} on {where} is higher")
                elif bid == card:
                    checks.append(f"the {bid} on {where} is just as high")
                else:
                    checks.append(f"{he} has no seal to displace the {bid} on {where}")
        if event.displaced >= 0:
            owner = self.names[event.displaced]
            checks.append(
                f"{he} outbids the {event.displaced_card} of {owner} at {self.cushions[cushion]}"
                f" and pays {owner} a seal; "
                + self._must_replay(event.displaced, event.displaced_card)
            )
        else:
            checks.append(f"{he} lays it at {self.cushions[cushion]}")
        return f"{head}: {'; '.join(checks)}"

    # The chain phase ----------------------------------------------------------------------

    def _links_handed_out(self, event: LinksHandedOut) -> list[str]:
        column = COLUMN_WORDS[event.column]
        lines = [f"Chain phase: the {column} column of links on each cushion goes to its bidder"]
        for cushion, (taker, links) in enumerate(zip(event.takers, event.links, strict=True)):
            received = [link for link in links if link >= 0]
            coin = "the start coin and " if cushion == 0 else ""
            text = f"{self.names[taker]} takes {coin}{counted(len(received), 'link')}"
            text += f" from {self.cushions[cushion]}"
            if received:
                text += ": " + joined([link_words(link) for link in received])
            lines.append(text)
            self.pending[taker] = received
        lines.append(f"{self.names[event.start_coin]} builds first, then the others clockwise")
        positions = self.table.positions
        self.bids = [-1] * positions
        self.bidders = [-1] * positions
        self.coin = event.start_coin
        self._next_round = event.column + 1
        self._ordered.clear()
        self._cleared.clear()
        return lines

    def _hammer_used(self, event: HammerUsed) -> str:
        position = event.position
        name = self.names[position]
        if HAMMER in self.pending[position]:
            self.pending[position].remove(HAMMER)
        if event.gem < 0:
            if self.table.is_automaton(position):
                return f"{name} discards the hammer unused: {self._he(position)} never uses one"
            return f"{name} discards a hammer unused"
        chain = self.chains[position][event.gem]
        if 0 <= event.slot < len(chain):
            del chain[event.slot]
        removed = f"the {link_words(event.removed)}" if event.removed >= 0 else "a link"
        return f"{name} uses a hammer on {removed} at {GEM_NAMES[event.gem]}: both go to the casket"

    def _seal_taken(self, event: SealTaken) -> str:
        position = event.position
        name = self.names[position]
        if event.got:
            self.seals[position] += 1
            self.seal_supply -= 1
        if position in self._chain_seal:  # ruling M6: a discarded chain worth 20 or more
            self._chain_seal.discard(position)
            if event.got:
                return f"{name} takes a seal from the supply for that chain"
            return f"No seal is left in the supply for {name}"
        if SEAL in self.pending[position]:
            self.pending[position].remove(SEAL)
        if event.got:
            return f"{name} turns in the seal link and takes a seal from the supply"
        return f"{name} turns in the seal link, but no seal is left in the supply"

    def _chain_discarded(self, event: ChainDiscarded) -> list[str]:
        position, gem = event.position, event.gem
        lines = self._automaton_order(position)
        words = joined([link_words(link) for link in event.links])
        earns = (
            f"{SEAL_WORTHY_CHAIN} or more earns a seal"
            if event.value >= SEAL_WORTHY_CHAIN
            else f"under {SEAL_WORTHY_CHAIN}, so no seal"
        )
        lines.append(
            f"{self.names[position]} must clear the full {GEM_NAMES[gem]} chain first: {words},"
            f" worth {event.value}, go to the casket; {earns}"
        )
        chain = self.chains[position][gem]
        self._cleared[(position, gem)] = len(chain)
        chain.clear()
        if event.value >= SEAL_WORTHY_CHAIN:
            self._chain_seal.add(position)
        return lines

    def _link_placed(self, event: LinkPlaced) -> list[str]:
        position, link, gem = event.position, event.link, event.gem
        lines = self._automaton_order(position)
        chains = self.chains[position]
        counts = [len(chain) for chain in chains]
        cleared = self._cleared.pop((position, gem), None)
        if cleared is not None:
            counts[gem] = cleared  # Dirk chose the gem before the full chain went
        text = f"{self.names[position]} lays the {link_words(link)} at {GEM_NAMES[gem]}"
        if cleared is not None:
            text += ", starting a new chain there"
        if self.table.is_automaton(position):
            text += self._gem_reason(link, gem, counts)
        lines.append(text)
        if link in self.pending[position]:
            self.pending[position].remove(link)
        chains[gem].append(link)
        return lines

    def _automaton_order(self, position: int) -> list[str]:
        """Before an automaton lays its first link of a chain phase: the order (ruling M8),
        when there is more than one link to lay."""
        if not self.table.is_automaton(position) or position in self._ordered:
            return []
        self._ordered.add(position)
        order = placement_order(self.pending[position])
        if len(order) < 2:
            return []
        rules = "from the lowest value up"
        values = [LINK_VALUE[link] for link in order if not IS_DOUBLING[link]]
        if len(set(values)) < len(values):
            rules += ", equal values from left to right"
        if any(IS_DOUBLING[link] for link in order):
            rules += ", doubling links last"
        links = joined([f"the {link_words(link)}" for link in order])
        return [f"{self.names[position]} lays {self._his(position)} links {rules}: {links}"]

    def _gem_reason(self, link: int, gem: int, counts: list[int]) -> str:
        """Why Dirk lays a worthless or two-gem link where he does (ruling M8): the gem with
        the fewest links, leftmost on ties. Nothing to say for a link with one gem."""
        targets = LINK_TARGETS[link]
        if len(targets) < 2 or automaton_gem(link, [[0] * n for n in counts]) != gem:
            return ""
        if len(targets) == 2:
            first, second = targets
            if counts[first] == counts[second]:
                return (
                    f": {GEM_NAMES[first]} and {GEM_NAMES[second]} have as many links, and"
                    f" {GEM_NAMES[first]} is further left"
                )
            other = second if gem == first else first
            return f": {GEM_NAMES[gem]} has fewer links than {GEM_NAMES[other]}"
        fewest = min(counts)
        tied = [GEM_NAMES[g] for g in GEMS if counts[g] == fewest]
        if len(tied) == 1:
            return f": {GEM_NAMES[gem]} has the fewest links"
        if len(tied) == len(GEMS):
            return f": every gem has as many links, and {GEM_NAMES[gem]} is furthest left"
        further = "further" if len(tied) == 2 else "furthest"
        return f": {joined(tied)} have the fewest links, and {GEM_NAMES[gem]} is {further} left"

    # Scoring ------------------------------------------------------------------------------

    def _pass_scored(self, event: PassScored) -> list[str]:
        lines = [f"Pass {event.pass_number} of {PASSES} is scored"]
        positions = range(self.table.positions)
        for gem, points in enumerate(event.points):
            values = [str(chain_value(self.chains[p][gem])) for p in positions]
            awards = self._awards(points, values)
            colour = COLOUR_WORDS[gem]
            lines.append(f"{GEM_NAMES[gem]}: {awards or f'nobody has a {colour} gem'}")
        gained = [sum(points[p] for points in event.points) for p in positions]
        lines.append(
            "Prestige this pass: " + ", ".join(f"{self.names[p]} +{gained[p]}" for p in positions)
        )
        self.prestige = list(event.prestige)
        self.pass_index = event.pass_number
        self._next_round = 0
        self._pass_opening = event.pass_number < PASSES
        best = max(self.prestige)
        leaders = [self.names[p] for p in positions if self.prestige[p] == best]
        lead = "leads" if len(leaders) == 1 else "lead"
        lines.append(f"{joined(leaders)} {lead} with {best} prestige")
        return lines

    def _game_over(self, event: GameOver) -> list[str]:
        positions = range(self.table.positions)
        seals = self._awards(event.seal_points, [counted(n, "seal") for n in self.seals])
        cards = self._awards(event.card_points, [a_card(card) for card in event.last_cards])
        self.prestige = list(event.prestige)
        final = ", ".join(f"{self.names[p]} {event.prestige[p]}" for p in positions)
        winners = [self.names[p] for p in event.winners]
        best = max(event.prestige) if event.prestige else 0
        if len(winners) == 1:
            result = f"{winners[0]} wins with {best} prestige"
        else:
            result = f"{joined(winners)} share the win with {best} prestige"
        return [
            "The game is over: the seals and the last cards are scored",
            f"Seals: {seals or 'nobody holds a seal'}",
            f"Last cards: {cards}",
            f"Final prestige: {final}",
            result,
        ]

    def _awards(self, points: Sequence[int], amounts: Sequence[str]) -> str:
        """Points by place, best first, each with who and for what: "4 to Ana (11), 2 to Bo
        and Cy (7)". `amounts` says for what, per position (the same on a place, R0)."""
        groups: dict[int, list[int]] = {}
        for position, gained in enumerate(points):
            if gained > 0:
                groups.setdefault(gained, []).append(position)
        parts = []
        for gained in sorted(groups, reverse=True):
            who = groups[gained]
            names = joined([self.names[p] for p in who])
            parts.append(f"{gained} to {names} ({amounts[who[0]]})")
        return ", ".join(parts)

    # Dirk and Beate -----------------------------------------------------------------------

    def _he(self, position: int) -> str:
        return PRONOUNS[(position - self.table.seats) % len(AUTOMATON_NAMES)]

    def _his(self, position: int) -> str:
        return POSSESSIVES[(position - self.table.seats) % len(AUTOMATON_NAMES)]


def stage_words(view: MarketView) -> str:
    """Where the game stands: its pass and round, or at game over that every pass is played."""
    if view.phase == Phase.OVER:
        return f"All {PASSES} passes played"
    return (
        f"Pass {view.pass_index + 1} of {PASSES} \N{MIDDLE DOT} "
        f"round {view.round_index + 1} of {ROUNDS}"
    )


def position_summary(view: MarketView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): where the game stands, everyone's
    prestige, seals and links built (Dirk and Beate too), the seat's own hand (the others'
    only counted) and the bids on the cushions."""
    table = view.table
    everyone = (*names, *AUTOMATON_NAMES[: table.positions - table.seats])
    standing = [
        f"{everyone[position]} {counted(points, 'prestige point')}, "
        f"{counted(view.seals[position], 'seal')}, "
        f"{counted(sum(len(chain) for chain in view.chains[position]), 'link')} built"
        for position, points in enumerate(view.prestige)
    ]
    hands = [
        f"{everyone[seat]} holds {counted(count, 'card')}"
        for seat, count in enumerate(view.hand_sizes[: table.seats])
        if seat != view.viewer
    ]
    bids = [
        f"{a_card(card)} from {everyone[bidder]} on {cushion}"
        for cushion, card, bidder in zip(
            cushion_names(table.positions), view.bids, view.bidders, strict=True
        )
        if card >= 0 and bidder >= 0
    ]
    own = (
        "" if view.hand is None else f"Your hand: {joined([str(c) for c in view.hand]) or 'empty'}"
    )
    return sentences(
        stage_words(view).replace(" \N{MIDDLE DOT}", ","),
        joined(standing),
        own,
        joined(hands),
        f"Bids: {joined(bids)}" if bids else "No bid on the cushions",
    )
