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
from moonlight_desktop.i18n import N_, _, format_list, ngettext, pgettext
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.narration import Narrator
from moonlight_desktop.ui.table.phrasing import sentences
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

COLOUR_WORDS = ("blue", "red", "white", "green", "yellow")
"""A gem's colour as the art's file names spell it (assets/market/gem_blue.svg)."""
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


def gem_name(gem: int) -> str:
    """A gem of the tableau by name, left to right (M1), in the active language: "Red"."""
    return (
        pgettext("a gem of the tableau", "Blue"),
        pgettext("a gem of the tableau", "Red"),
        pgettext("a gem of the tableau", "White"),
        pgettext("a gem of the tableau", "Green"),
        pgettext("a gem of the tableau", "Yellow"),
    )[gem]


def colour_word(gem: int) -> str:
    """A gem's colour on a link, in the active language: "red" (of "the red 8")."""
    return (
        pgettext("the colour of a link", "blue"),
        pgettext("the colour of a link", "red"),
        pgettext("the colour of a link", "white"),
        pgettext("the colour of a link", "green"),
        pgettext("the colour of a link", "yellow"),
    )[gem]


def link_words(code: int) -> str:
    """A link as a label, without an article (the sentence gives it): "blue 7", "red
    doubling", "blue-white 7", "hammer", "seal link", "worthless link"."""
    if code == HAMMER:
        return pgettext("a link", "hammer")
    if code == SEAL:
        return pgettext("a link", "seal link")
    if code == WORTHLESS:
        return pgettext("a link", "worthless link")
    targets = LINK_TARGETS[code]
    if IS_DOUBLING[code]:
        # Translators: a link that doubles its chain; {colour} is its colour ("red").
        return _("{colour} doubling").format(colour=colour_word(targets[0]))
    colours = "-".join(colour_word(gem) for gem in targets)
    # Translators: a link by its colours and value: "red 8", "blue-white 7".
    return pgettext("a link", "{colours} {value}").format(colours=colours, value=LINK_VALUE[code])


def cushion_names(positions: int) -> tuple[str, ...]:
    """The cushions by number as labels without an article (the sentence gives it: "at the
    {cushion}"), which is the order Dirk checks them (ruling MM3) and the order the screen
    stacks them from the top down: the moon cushion first (marked "1-5 moon" in
    CUSHION_MARKINGS), then the two other "1-5" cushions, then "4-5" and "5" as the table
    grows. Three cushions are the moon, the middle and the bottom cushion, as the rulebook's
    examples name them; four or five count down from the moon cushion to the bottom one."""
    # Translators: the cushions' names are put into sentences ("at the {cushion}") that give
    # the article, case and preposition: translate them without an article.
    moon = _("moon cushion")
    bottom = _("bottom cushion")
    if positions <= MIN_POSITIONS:
        return (moon, _("middle cushion"), bottom)[:positions]
    between = (
        _("second cushion"),
        _("third cushion"),
        _("fourth cushion"),
    )
    return (moon, *between[: positions - 2], bottom)


def clauses(*parts: str) -> str:
    """Clauses of one log line one after another, split by semicolons ("" parts left out)."""
    told = [part for part in parts if part]
    line = told[0] if told else ""
    for part in told[1:]:
        # Translators: two clauses of one log line, split by a semicolon.
        line = pgettext("Moonlight Market's log", "{earlier}; {later}").format(
            earlier=line, later=part
        )
    return line


def because(event: str, reasons: str) -> str:
    """An event and what explains it, after a colon."""
    # Translators: a log line's event, then why it happened (or what it brought).
    return pgettext("Moonlight Market's log", "{event}: {reasons}").format(
        event=event, reasons=reasons
    )


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
            ngettext(
                "Pass 1 of {passes} begins: every player draws {count} card, and links are laid"
                " on every space of the cushions",
                "Pass 1 of {passes} begins: every player draws {count} cards, and links are laid"
                " on every space of the cushions",
                HAND_DRAW,
            ).format(passes=PASSES, count=HAND_DRAW)
        ]
        laid = [c for c, bidder in enumerate(self.bidders) if bidder >= 0]
        if not laid:
            lines.append(self._coin_line(self._first_bidder))
            return lines
        lines.append(
            _(
                "Pass {pass_number}, round {round_number} of {rounds}: the start coin lies next"
                " to the moon cushion"
            ).format(**self._round_numbers())
        )
        lines += [
            _("{player} has bid {card} at the {cushion}").format(
                player=self.names[self.bidders[c]], card=self.bids[c], cushion=self.cushions[c]
            )
            for c in laid
        ]
        return lines

    def narrate(self, event: Event) -> list[str]:
        """The log lines for `event`, and the record advanced past it."""
        match event:
            case CardsDrawn():
                count = len(event.cards) or HAND_DRAW
                drawn = ngettext(
                    "{player} draws {count} card", "{player} draws {count} cards", count
                ).format(player=self.names[event.position], count=count)
                return [*self._pass_header(), drawn]
            case CushionsFilled():
                hammers = event.hammers_set_aside
                text = (
                    ngettext(
                        "New links are laid on every space of the cushions; {count} hammer"
                        " revealed went back into the supply, shuffled",
                        "New links are laid on every space of the cushions; {count} hammers"
                        " revealed went back into the supply, shuffled",
                        hammers,
                    ).format(count=hammers)
                    if hammers
                    else _("New links are laid on every space of the cushions")
                )
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
                return [
                    _("{player} puts the last hand card under the draw pile").format(player=name)
                ]
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
        return [
            _("Pass {pass_number} of {passes} begins").format(
                pass_number=self.pass_index + 1, passes=PASSES
            )
        ]

    def _start_coin_laid(self, event: StartCoinLaid) -> str:
        self.coin = -1
        self.round_index = self._next_round
        return self._coin_line(event.position)

    def _round_numbers(self) -> dict[str, int]:
        return {
            "pass_number": self.pass_index + 1,
            "round_number": self.round_index + 1,
            "rounds": ROUNDS,
        }

    def _coin_line(self, position: int) -> str:
        return _(
            "Pass {pass_number}, round {round_number} of {rounds}: {player} lays the start coin"
            " next to the moon cushion and bids first"
        ).format(player=self.names[position], **self._round_numbers())

    def _bid_placed(self, event: BidPlaced) -> str:
        position, card, cushion = event.position, event.card, event.cushion
        again = not event.revealed and self.displaced[position] >= 0
        if self.table.is_automaton(position):
            text = self._automaton_bid(event, again)
        else:
            words = {
                "player": self.names[position],
                "card": card,
                "cushion": self.cushions[cushion],
            }
            if event.displaced < 0:
                text = (
                    _("{player} plays the displaced {card} at the {cushion}")
                    if again
                    else _("{player} bids {card} at the {cushion}")
                ).format(**words)
            else:
                displacing = (
                    _(
                        "{player} plays the displaced {card} at the {cushion}, displaces the"
                        " {displaced} of {owner} and pays {owner} a seal"
                    )
                    if again
                    else _(
                        "{player} bids {card} at the {cushion}, displaces the {displaced} of"
                        " {owner} and pays {owner} a seal"
                    )
                )
                owner = event.displaced
                text = clauses(
                    displacing.format(
                        displaced=event.displaced_card, owner=self.names[owner], **words
                    ),
                    self._must_replay(owner, event.displaced_card),
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
            return self._gendered(
                owner,
                N_("{player} must play it again on his next turn"),
                N_("{player} must play it again on her next turn"),
            ).format(player=name)
        return _("{player} must play that {card} on the next turn").format(player=name, card=card)

    def _automaton_bid(self, event: BidPlaced, again: bool) -> str:
        """Rulebook, Dirk's bidding: from the moon cushion down, the first cushion that is free
        or holds a lower card while he has a seal to give. Each cushion passed over, with why."""
        position, card, cushion = event.position, event.card, event.cushion
        if again:
            head = self._gendered(
                position,
                N_("{player} plays his displaced {card} again"),
                N_("{player} plays her displaced {card} again"),
            )
        else:
            head = self._gendered(
                position, N_("{player} reveals his {card}"), N_("{player} reveals her {card}")
            )
        seals = self.seals[position]
        checks: list[str] = []
        if -1 in self.bids and automaton_cushion(card, self.bids, seals) == cushion:
            for passed in range(cushion):
                bid, where = self.bids[passed], self.cushions[passed]
                if bid > card:
                    check = _("the {bid} on the {cushion} is higher")
                elif bid == card:
                    check = _("the {bid} on the {cushion} is just as high")
                else:
                    check = self._gendered(
                        position,
                        N_("he has no seal to displace the {bid} on the {cushion}"),
                        N_("she has no seal to displace the {bid} on the {cushion}"),
                    )
                checks.append(check.format(bid=bid, cushion=where))
        if event.displaced >= 0:
            outbids = self._gendered(
                position,
                N_(
                    "he outbids the {displaced} of {owner} at the {cushion} and pays {owner} a seal"
                ),
                N_(
                    "she outbids the {displaced} of {owner} at the {cushion} and pays {owner}"
                    " a seal"
                ),
            ).format(
                displaced=event.displaced_card,
                owner=self.names[event.displaced],
                cushion=self.cushions[cushion],
            )
            checks += [outbids, self._must_replay(event.displaced, event.displaced_card)]
        else:
            lays = self._gendered(
                position, N_("he lays it at the {cushion}"), N_("she lays it at the {cushion}")
            )
            checks.append(lays.format(cushion=self.cushions[cushion]))
        return because(head.format(player=self.names[position], card=card), clauses(*checks))

    # The chain phase ----------------------------------------------------------------------

    def _links_handed_out(self, event: LinksHandedOut) -> list[str]:
        lines = [
            (
                _("Chain phase: the left column of links on each cushion goes to its bidder"),
                _("Chain phase: the middle column of links on each cushion goes to its bidder"),
                _("Chain phase: the right column of links on each cushion goes to its bidder"),
            )[event.column]
        ]
        for cushion, (taker, links) in enumerate(zip(event.takers, event.links, strict=True)):
            received = [link for link in links if link >= 0]
            count = len(received)
            if cushion == 0:
                takes = ngettext(
                    "{player} takes the start coin and {count} link from the {cushion}",
                    "{player} takes the start coin and {count} links from the {cushion}",
                    count,
                )
            else:
                takes = ngettext(
                    "{player} takes {count} link from the {cushion}",
                    "{player} takes {count} links from the {cushion}",
                    count,
                )
            text = takes.format(
                player=self.names[taker], count=count, cushion=self.cushions[cushion]
            )
            if received:
                text = because(text, format_list([link_words(link) for link in received]))
            lines.append(text)
            self.pending[taker] = received
        lines.append(
            _("{player} builds first, then the others clockwise").format(
                player=self.names[event.start_coin]
            )
        )
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
                return self._gendered(
                    position,
                    N_("{player} discards the hammer unused: he never uses one"),
                    N_("{player} discards the hammer unused: she never uses one"),
                ).format(player=name)
            return _("{player} discards a hammer unused").format(player=name)
        chain = self.chains[position][event.gem]
        if 0 <= event.slot < len(chain):
            del chain[event.slot]
        gem = gem_name(event.gem)
        if event.removed < 0:
            return _("{player} uses a hammer on a link at {gem}: both go to the casket").format(
                player=name, gem=gem
            )
        return _("{player} uses a hammer on the {link} at {gem}: both go to the casket").format(
            player=name, link=link_words(event.removed), gem=gem
        )

    def _seal_taken(self, event: SealTaken) -> str:
        position = event.position
        name = self.names[position]
        if event.got:
            self.seals[position] += 1
            self.seal_supply -= 1
        if position in self._chain_seal:  # ruling M6: a discarded chain worth 20 or more
            self._chain_seal.discard(position)
            if event.got:
                return _("{player} takes a seal from the supply for that chain").format(player=name)
            return _("No seal is left in the supply for {player}").format(player=name)
        if SEAL in self.pending[position]:
            self.pending[position].remove(SEAL)
        if event.got:
            told = _("{player} turns in the seal link and takes a seal from the supply")
        else:
            told = _("{player} turns in the seal link, but no seal is left in the supply")
        return told.format(player=name)

    def _chain_discarded(self, event: ChainDiscarded) -> list[str]:
        position, gem = event.position, event.gem
        lines = self._automaton_order(position)
        if event.value >= SEAL_WORTHY_CHAIN:
            # Translators: {links} lists the chain's links; {limit} is 20.
            told = _(
                "{player} must clear the full {gem} chain first: {links}, worth {value}, go to"
                " the casket; {limit} or more earns a seal"
            )
        else:
            told = _(
                "{player} must clear the full {gem} chain first: {links}, worth {value}, go to"
                " the casket; under {limit}, so no seal"
            )
        lines.append(
            told.format(
                player=self.names[position],
                gem=gem_name(gem),
                links=format_list([link_words(link) for link in event.links]),
                value=event.value,
                limit=SEAL_WORTHY_CHAIN,
            )
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
        laid = (
            _("{player} lays the {link} at {gem}")
            if cleared is None
            else _("{player} lays the {link} at {gem}, starting a new chain there")
        )
        text = laid.format(player=self.names[position], link=link_words(link), gem=gem_name(gem))
        reason = self._gem_reason(link, gem, counts) if self.table.is_automaton(position) else ""
        lines.append(because(text, reason) if reason else text)
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
        values = [LINK_VALUE[link] for link in order if not IS_DOUBLING[link]]
        equal = len(set(values)) < len(values)
        doubling = any(IS_DOUBLING[link] for link in order)
        rules = (
            (
                _("from the lowest value up"),
                _("from the lowest value up, doubling links last"),
            ),
            (
                _("from the lowest value up, equal values from left to right"),
                _("from the lowest value up, equal values from left to right, doubling links last"),
            ),
        )[equal][doubling]
        # Translators: one link of a list the automaton lays in order ("the red 8").
        links = format_list(
            [
                pgettext("a link in a list", "the {link}").format(link=link_words(link))
                for link in order
            ]
        )
        lays = self._gendered(
            position,
            # Translators: {rules} is the order ("from the lowest value up..."), {links} a list.
            N_("{player} lays his links {rules}: {links}"),
            N_("{player} lays her links {rules}: {links}"),
        )
        return [lays.format(player=self.names[position], rules=rules, links=links)]

    def _gem_reason(self, link: int, gem: int, counts: list[int]) -> str:
        """Why Dirk lays a worthless or two-gem link where he does (ruling M8): the gem with
        the fewest links, leftmost on ties. Nothing to say for a link with one gem."""
        targets = LINK_TARGETS[link]
        if len(targets) < 2 or automaton_gem(link, [[0] * n for n in counts]) != gem:
            return ""
        if len(targets) == 2:
            first, second = targets
            if counts[first] == counts[second]:
                return _(
                    "{first} and {second} have as many links, and {first} is further left"
                ).format(first=gem_name(first), second=gem_name(second))
            other = second if gem == first else first
            return _("{gem} has fewer links than {other}").format(
                gem=gem_name(gem), other=gem_name(other)
            )
        fewest = min(counts)
        tied = [gem_name(g) for g in GEMS if counts[g] == fewest]
        if len(tied) == 1:
            return _("{gem} has the fewest links").format(gem=gem_name(gem))
        if len(tied) == len(GEMS):
            return _("every gem has as many links, and {gem} is furthest left").format(
                gem=gem_name(gem)
            )
        further = (
            _("{gems} have the fewest links, and {gem} is further left")
            if len(tied) == 2
            else _("{gems} have the fewest links, and {gem} is furthest left")
        )
        return further.format(gems=format_list(tied), gem=gem_name(gem))

    # Scoring ------------------------------------------------------------------------------

    def _pass_scored(self, event: PassScored) -> list[str]:
        lines = [
            _("Pass {pass_number} of {passes} is scored").format(
                pass_number=event.pass_number, passes=PASSES
            )
        ]
        positions = range(self.table.positions)
        for gem, points in enumerate(event.points):
            values = [str(chain_value(self.chains[p][gem])) for p in positions]
            awards = self._awards(points, values)
            # Translators: a gem's scoring: "Red: 4 to Ana (11), 2 to Bo (7)".
            scored = pgettext("Moonlight Market's log", "{gem}: {awards}").format(
                gem=gem_name(gem), awards=awards
            )
            lines.append(scored if awards else nobody_has(gem))
        gained = [sum(points[p] for points in event.points) for p in positions]
        lines.append(
            _("Prestige this pass: {gains}").format(
                gains=", ".join(
                    # Translators: prestige a position gained this pass: "Ana +4".
                    pgettext("Moonlight Market's log", "{player} +{points}").format(
                        player=self.names[p], points=gained[p]
                    )
                    for p in positions
                )
            )
        )
        self.prestige = list(event.prestige)
        self.pass_index = event.pass_number
        self._next_round = 0
        self._pass_opening = event.pass_number < PASSES
        best = max(self.prestige)
        leaders = [self.names[p] for p in positions if self.prestige[p] == best]
        lines.append(
            ngettext(
                "{players} leads with {points} prestige",
                "{players} lead with {points} prestige",
                len(leaders),
            ).format(players=format_list(leaders), points=best)
        )
        return lines

    def _game_over(self, event: GameOver) -> list[str]:
        positions = range(self.table.positions)
        held = [ngettext("{count} seal", "{count} seals", n).format(count=n) for n in self.seals]
        seals = self._awards(event.seal_points, held)
        cards = self._awards(event.card_points, [str(card) for card in event.last_cards])
        self.prestige = list(event.prestige)
        final = ", ".join(
            # Translators: a position's final prestige in a list: "Ana 31".
            pgettext("Moonlight Market's log", "{player} {points}").format(
                player=self.names[p], points=event.prestige[p]
            )
            for p in positions
        )
        winners = [self.names[p] for p in event.winners]
        best = max(event.prestige) if event.prestige else 0
        if len(winners) == 1:
            result = _("{player} wins with {points} prestige").format(
                player=winners[0], points=best
            )
        else:
            result = _("{players} share the win with {points} prestige").format(
                players=format_list(winners), points=best
            )
        return [
            _("The game is over: the seals and the last cards are scored"),
            _("Seals: {awards}").format(awards=seals) if seals else _("Seals: nobody holds a seal"),
            _("Last cards: {awards}").format(awards=cards),
            _("Final prestige: {scores}").format(scores=final),
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
            names = format_list([self.names[p] for p in who])
            # Translators: points of a place and who scores them for what: "4 to Ana (11)".
            award = _("{points} to {players} ({amount})")
            parts.append(award.format(points=gained, players=names, amount=amounts[who[0]]))
        return ", ".join(parts)

    # Dirk and Beate -----------------------------------------------------------------------

    def _gendered(self, position: int, his: str, hers: str) -> str:
        """Of two messages (marked with N_) about an automaton, Dirk's (`his`) or Beate's
        (`hers`), translated: the words that refer to them differ."""
        beate = (position - self.table.seats) % len(AUTOMATON_NAMES) == 1
        return _(hers if beate else his)


def nobody_has(gem: int) -> str:
    """A gem's scoring when no chain holds a real gem of its colour."""
    return (
        _("Blue: nobody has a blue gem"),
        _("Red: nobody has a red gem"),
        _("White: nobody has a white gem"),
        _("Green: nobody has a green gem"),
        _("Yellow: nobody has a yellow gem"),
    )[gem]


def stage_words(view: MarketView) -> str:
    """Where the game stands: its pass and round, or at game over that every pass is played."""
    if view.phase == Phase.OVER:
        return ngettext("All {count} pass played", "All {count} passes played", PASSES).format(
            count=PASSES
        )
    return _(
        "Pass {pass_number} of {passes} \N{MIDDLE DOT} round {round_number} of {rounds}"
    ).format(
        pass_number=view.pass_index + 1,
        passes=PASSES,
        round_number=view.round_index + 1,
        rounds=ROUNDS,
    )


def position_summary(view: MarketView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): where the game stands, everyone's
    prestige, seals and links built (Dirk and Beate too), the seat's own hand (the others'
    only counted) and the bids on the cushions."""
    table = view.table
    everyone = (*names, *AUTOMATON_NAMES[: table.positions - table.seats])
    if view.phase == Phase.OVER:
        stage = stage_words(view)
    else:
        stage = _("Pass {pass_number} of {passes}, round {round_number} of {rounds}").format(
            pass_number=view.pass_index + 1,
            passes=PASSES,
            round_number=view.round_index + 1,
            rounds=ROUNDS,
        )
    standing = []
    for position, points in enumerate(view.prestige):
        built = sum(len(chain) for chain in view.chains[position])
        seals = view.seals[position]
        # Translators: a position's standing: "Ana 5 prestige points, 3 seals, 2 links built".
        standing.append(
            pgettext("Moonlight Market's log", "{player} {prestige}, {seals}, {links}").format(
                player=everyone[position],
                prestige=ngettext(
                    "{count} prestige point", "{count} prestige points", points
                ).format(count=points),
                seals=ngettext("{count} seal", "{count} seals", seals).format(count=seals),
                links=ngettext("{count} link built", "{count} links built", built).format(
                    count=built
                ),
            )
        )
    hands = [
        ngettext("{player} holds {count} card", "{player} holds {count} cards", count).format(
            player=everyone[seat], count=count
        )
        for seat, count in enumerate(view.hand_sizes[: table.seats])
        if seat != view.viewer
    ]
    bids = [
        _("{card} from {player} on the {cushion}").format(
            card=card, player=everyone[bidder], cushion=cushion
        )
        for cushion, card, bidder in zip(
            cushion_names(table.positions), view.bids, view.bidders, strict=True
        )
        if card >= 0 and bidder >= 0
    ]
    if view.hand is None:
        own = ""
    elif view.hand:
        own = _("Your hand: {cards}").format(cards=format_list([str(c) for c in view.hand]))
    else:
        own = _("Your hand: empty")
    return sentences(
        stage,
        format_list(standing),
        own,
        format_list(hands),
        _("Bids: {bids}").format(bids=format_list(bids)) if bids else _("No bid on the cushions"),
    )
