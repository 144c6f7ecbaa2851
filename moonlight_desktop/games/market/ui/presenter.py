"""The animated picture of a Moonlight Market table, as far as its animations have got. No
pygame: the painter draws it and tests check it headless.

The picture holds what the board shows — the links on the cushions, the cards bid beside them,
the start coin, each position's cards, seals, chains, received links and prestige — copied from
the view and then changed step by step as each event's animation plays (never when the events
arrive); once a command's events have played it snaps to the rules' view again.

Anchors, resolved to pixels by the painter:

- ("supply", 0, 0), ("seal_supply", 0, 0), ("casket", 0, 0): the supply bag of links, the
  seals not yet won, the casket of discarded links;
- ("slot", c, i): slot i (row-major, three columns) of cushion c; ("bid", c, 0): the card
  beside cushion c; ("coin", 0, 0): the start coin's place beside the moon cushion;
- ("hand", p, i): card i of position p's hand (the viewer's hand face up below the board;
  anyone else's at its row); ("pile", p, 0), ("discard", p, 0), ("displaced", p, 0),
  ("seals", p, 0), ("coin_at", p, 0): those things of position p, at its row;
- ("tray", p, i): the i-th link position p received and has not built in yet;
- ("chain", p, gem * 3 + k): the k-th link of the chain at `gem` of position p;
- ("track", p, points): position p's marker on the prestige track.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.presenter import Anchor, LogLine, PresenterBase, anchor
from moonlight_desktop.ui.tween import Step, ease_in_out, ease_out

from .. import moves
from ..components import GEMS, HAMMER, SEAL
from ..table import COLUMNS
from ..view import MarketView
from .narrator import MarketNarrator

SUPPLY: Anchor = ("supply", 0.0, 0.0)
SEAL_SUPPLY: Anchor = ("seal_supply", 0.0, 0.0)
CASKET: Anchor = ("casket", 0.0, 0.0)
COIN: Anchor = ("coin", 0.0, 0.0)
HAND_SIZE = 4
"""Cards in hand at the start of a pass."""


@dataclass(frozen=True, slots=True)
class Piece:
    """What flies: a "link" (`number`: its code), a "card" (its value, -1 its back), or a
    "seal" or the "start_coin" (drawn from assets/market/<kind>.svg)."""

    kind: str
    number: int = 0


SEAL_TOKEN, COIN_TOKEN = Piece("seal"), Piece("start_coin")


@dataclass(frozen=True, slots=True)
class Gain:
    """Points a position is being awarded, shown over its row while they are counted."""

    position: int
    points: int
    what: str
    """The gem's index ("0".."4"), "seals" or "card"."""


class MarketPresenter(PresenterBase[MarketView]):
    narrator: MarketNarrator
    """The log's narrator, whose record of the table is as of the last event queued."""

    def __init__(
        self,
        view: MarketView,
        opening: MarketView,
        names: Sequence[str],
        sound: Callable[[str], None] = lambda _name: None,
    ) -> None:
        """`names`: one per position (the seats', then Dirk's and Beate's). `opening`: the
        game's first view, from which the log is told (a resumed game's too)."""
        self.names = tuple(names)
        self.opening = opening
        super().__init__(view, sound, narrator=MarketNarrator(opening, names))
        self.cushions: list[list[int]] = []
        self.bids: list[int] = []
        self.bidders: list[int] = []
        self.displaced: list[int] = []
        self.pending: list[list[int]] = []
        self.chains: list[list[list[int]]] = []
        self.seals: list[int] = []
        self.seal_supply = 0
        self.prestige: list[int] = []
        self.discards: list[list[int]] = []
        self.casket = 0
        self.supply_count = 0
        self.hand: list[int] | None = None
        self.hand_sizes: list[int] = []
        self.pile_sizes: list[int] = []
        self.coin = -1
        self.gains: list[Gain] = []
        self._tray: list[list[int]] = []
        self._displaced: list[int] = []
        self._chain_sizes: list[list[int]] = []
        """The narrator's record just before the event being queued (see `animate`)."""
        self.scoring: str = ""
        """What is being counted now (a gem's index, "seals", "card"), lit on the board."""
        self.last_cards: tuple[int, ...] = ()
        self.show_view(view)

    @property
    def viewer(self) -> int | None:
        return self.shown.viewer

    def show_view(self, view: MarketView) -> None:
        self.cushions = [list(slots) for slots in view.cushions]
        self.bids = list(view.bids)
        self.bidders = list(view.bidders)
        self.displaced = list(view.displaced)
        self.pending = [list(links) for links in view.pending]
        self.chains = [[list(chain) for chain in chains] for chains in view.chains]
        self.seals = list(view.seals)
        self.seal_supply = view.seal_supply
        self.prestige = list(view.prestige)
        self.discards = [list(cards) for cards in view.discards]
        self.casket = len(view.casket)
        self.supply_count = view.supply_count
        self.hand = sorted(view.hand) if view.hand is not None else None
        self.hand_sizes = list(view.hand_sizes)
        self.pile_sizes = list(view.pile_sizes)
        self.coin = view.coin
        self.flights.clear()

    def restore_log(self, history: Sequence[Played | LogLine]) -> None:
        self.narrator = MarketNarrator(self.opening, self.names)  # told from the game's start
        opening = self.narrator.opening_log()
        super().restore_log(history)
        self.log[0:0] = opening

    # Events to animation ---------------------------------------------------------------------

    def animate(self, event: Event) -> None:
        # The narrator's record is the table as of this event in the queue (the picture
        # changes only as steps play): where a piece starts from is read from it.
        record = self.narrator
        self._tray = [list(links) for links in record.pending]
        self._displaced = list(record.displaced)
        self._chain_sizes = [[len(chain) for chain in chains] for chains in record.chains]
        self.say(*self.narrator.describe(event))
        animation = ANIMATIONS.get(type(event))
        if animation is not None:
            animation(self, event)

    def _start_coin_laid(self, event: moves.StartCoinLaid) -> None:
        self._coin_to(anchor("coin_at", event.position), -1, 0.3)

    def _cushions_filled(self, event: moves.CushionsFilled) -> None:
        flights = [
            (Piece("link", link), SUPPLY, anchor("slot", cushion, index))
            for cushion, slots in enumerate(event.cushions)
            for index, link in enumerate(slots)
            if link >= 0
        ]

        def laid() -> None:
            self.cushions = [list(slots) for slots in event.cushions]
            self.supply_count = max(0, self.supply_count - len(flights))

        self.timeline.add(Step(0.0, on_start=lambda: self.sound("tile_slid")))
        self.fly_together(flights, 0.5, ease_out, laid)

    def _cards_drawn(self, event: moves.CardsDrawn) -> None:
        position = event.position
        count = len(event.cards) or max(0, HAND_SIZE - self.hand_sizes[position])
        if not count:
            return
        first = self.hand_sizes[position]
        flights = [
            (
                Piece("card", event.cards[n] if event.cards else -1),
                anchor("pile", position),
                anchor("hand", position, first + n),
            )
            for n in range(count)
        ]

        def drawn() -> None:
            self.hand_sizes[position] += count
            self.pile_sizes[position] = max(0, self.pile_sizes[position] - count)
            if event.cards and self.hand is not None and position == self.viewer:
                self.hand = sorted([*self.hand, *event.cards])

        self.fly_together(flights, 0.35, ease_out, drawn)

    def _bid_placed(self, event: moves.BidPlaced) -> None:
        position, cushion = event.position, event.cushion
        replayed = not event.revealed and self._displaced[position] >= 0
        if replayed:
            start = anchor("displaced", position)
        elif position == self.viewer and self.hand is not None and event.card in self.hand:
            start = anchor("hand", position, self.hand.index(event.card))
        elif event.revealed:
            start = anchor("pile", position)
        else:
            start = anchor("hand", position, 0)
        flights: list[tuple[object, Anchor, Anchor]] = [
            (Piece("card", event.card), start, anchor("bid", cushion))
        ]
        if event.displaced >= 0:
            flights.append(
                (
                    Piece("card", event.displaced_card),
                    anchor("bid", cushion),
                    anchor("displaced", event.displaced),
                )
            )
            flights.append(
                (SEAL_TOKEN, anchor("seals", position), anchor("seals", event.displaced))
            )

        def leave() -> None:
            if replayed:
                self.displaced[position] = -1
            elif event.revealed:
                self.pile_sizes[position] = max(0, self.pile_sizes[position] - 1)
            else:
                self.hand_sizes[position] = max(0, self.hand_sizes[position] - 1)
                if self.hand is not None and position == self.viewer and event.card in self.hand:
                    self.hand.remove(event.card)
            self.bids[cushion], self.bidders[cushion] = -1, -1
            if event.displaced >= 0:
                self.seals[position] = max(0, self.seals[position] - 1)

        def laid() -> None:
            self.bids[cushion], self.bidders[cushion] = event.card, position
            if event.displaced >= 0:
                self.displaced[event.displaced] = event.displaced_card
                self.seals[event.displaced] += 1

        self.timeline.add(Step(0.0, on_start=leave))
        self.fly_together(flights, 0.4, ease_in_out, laid)
        self.timeline.add(Step(0.0, on_start=lambda: self.sound("pebble_paid")))

    def _links_handed_out(self, event: moves.LinksHandedOut) -> None:
        column = event.column
        flights: list[tuple[object, Anchor, Anchor]] = []
        for cushion, (taker, links) in enumerate(zip(event.takers, event.links, strict=True)):
            tray = len(self._tray[taker])
            self._tray[taker].extend(links)
            slots = [
                row * COLUMNS + column
                for row in range(len(self.cushions[cushion]) // COLUMNS)
                if self.cushions[cushion][row * COLUMNS + column] >= 0
            ]
            for k, (slot, link) in enumerate(zip(slots, links, strict=False)):
                flights.append(
                    (
                        Piece("link", link),
                        anchor("slot", cushion, slot),
                        anchor("tray", taker, tray + k),
                    )
                )
            bidder, card = self.bidders[cushion], self.bids[cushion]
            if bidder >= 0 and card >= 0:
                flights.append(
                    (Piece("card", card), anchor("bid", cushion), anchor("discard", bidder))
                )

        def lift() -> None:
            for slots in self.cushions:
                for row in range(len(slots) // COLUMNS):
                    slots[row * COLUMNS + column] = -1

        def landed() -> None:
            for cushion, (taker, links) in enumerate(zip(event.takers, event.links, strict=True)):
                self.pending[taker].extend(links)
                bidder, card = self.bidders[cushion], self.bids[cushion]
                if bidder >= 0 and card >= 0:
                    self.discards[bidder].append(card)
                self.bids[cushion], self.bidders[cushion] = -1, -1

        self.timeline.add(Step(0.0, on_start=lift))
        self.fly_together(flights, 0.55, ease_in_out, landed)
        self.timeline.add(Step(0.0, on_start=lambda: self.sound("pebble_drawn")))
        if event.start_coin != self.coin:
            start = COIN if self.coin < 0 else anchor("coin_at", self.coin)
            self._coin_to(start, event.start_coin, 0.35)

    def _coin_to(self, start: Anchor, holder: int, duration: float) -> None:
        """The start coin flies from `start` to `holder` (-1: beside the moon cushion)."""

        def moved() -> None:
            self.coin = holder

        end = COIN if holder < 0 else anchor("coin_at", holder)
        self.fly(COIN_TOKEN, start, end, duration, ease_in_out, moved)

    def _take_from_tray(self, position: int, link: int) -> Anchor:
        """Where `link` lies in the tray of `position` when this step plays (its first copy)."""
        tray = self._tray[position]
        return anchor("tray", position, tray.index(link) if link in tray else 0)

    def _hammer_used(self, event: moves.HammerUsed) -> None:
        position = event.position
        flights: list[tuple[object, Anchor, Anchor]] = [
            (Piece("link", HAMMER), self._take_from_tray(position, HAMMER), CASKET)
        ]
        if event.removed >= 0:
            flights.append(
                (
                    Piece("link", event.removed),
                    anchor("chain", position, event.gem * 3 + event.slot),
                    CASKET,
                )
            )

        def lift() -> None:
            if HAMMER in self.pending[position]:
                self.pending[position].remove(HAMMER)
            if event.removed >= 0:
                chain = self.chains[position][event.gem]
                if event.slot < len(chain):
                    del chain[event.slot]

        self._to_casket(lift, flights, 0.4)

    def _seal_taken(self, event: moves.SealTaken) -> None:
        position = event.position
        if self._tray[position].count(SEAL) > self.narrator.pending[position].count(SEAL):
            tray = self._take_from_tray(position, SEAL)  # a seal link gave it

            def spent() -> None:
                if SEAL in self.pending[position]:
                    self.pending[position].remove(SEAL)

            self._to_casket(spent, [(Piece("link", SEAL), tray, CASKET)], 0.3)
        if not event.got:
            return

        def won() -> None:
            self.seals[position] += 1
            self.seal_supply = max(0, self.seal_supply - 1)

        self.fly(SEAL_TOKEN, SEAL_SUPPLY, anchor("seals", position), 0.35, ease_out, won)

    def _chain_discarded(self, event: moves.ChainDiscarded) -> None:
        position, gem = event.position, event.gem
        flights: list[tuple[object, Anchor, Anchor]] = [
            (Piece("link", link), anchor("chain", position, gem * 3 + k), CASKET)
            for k, link in enumerate(event.links)
        ]

        def lift() -> None:
            self.chains[position][gem] = []

        self._to_casket(lift, flights, 0.45)

    def _to_casket(
        self,
        lift: Callable[[], None],
        flights: list[tuple[object, Anchor, Anchor]],
        duration: float,
    ) -> None:
        """`lift` takes the links off where they lie, then they fly into the casket together."""

        def gone() -> None:
            self.casket += len(flights)

        self.timeline.add(Step(0.0, on_start=lift))
        self.fly_together(flights, duration, ease_in_out, gone)

    def _link_placed(self, event: moves.LinkPlaced) -> None:
        position, gem = event.position, event.gem
        start = self._take_from_tray(position, event.link)
        end = anchor("chain", position, gem * 3 + self._chain_sizes[position][gem] % 3)

        def lift() -> None:
            if event.link in self.pending[position]:
                self.pending[position].remove(event.link)

        def laid() -> None:
            self.chains[position][gem].append(event.link)

        self.timeline.add(Step(0.0, on_start=lift))
        self.fly(Piece("link", event.link), start, end, 0.3, ease_out, laid)

    def _card_put_under(self, event: moves.CardPutUnder) -> None:
        position = event.position
        hand = self.hand if position == self.viewer and self.hand is not None else []
        viewer_card = event.card in hand
        start = anchor("hand", position, hand.index(event.card) if viewer_card else 0)

        def lift() -> None:
            self.hand_sizes[position] = max(0, self.hand_sizes[position] - 1)
            if viewer_card and self.hand is not None:
                self.hand.remove(event.card)

        def under() -> None:
            self.pile_sizes[position] += 1

        self.timeline.add(Step(0.0, on_start=lift))
        shown = event.card if viewer_card else -1
        self.fly(Piece("card", shown), start, anchor("pile", position), 0.3, ease_in_out, under)

    def _count(self, what: str, points: Sequence[int]) -> None:
        """One scoring: the points rise over each row, then the markers move along the
        prestige track."""
        gains = [Gain(p, n, what) for p, n in enumerate(points) if n]
        start: list[int] = []

        def show() -> None:
            start[:] = self.prestige
            self.scoring = what
            self.gains = gains
            if gains:
                self.sound("pebble_drawn")

        def move(progress: float) -> None:
            for p, n in enumerate(points):
                if p < len(self.prestige):
                    self.prestige[p] = start[p] + round(n * progress)

        def done() -> None:
            self.gains = []
            self.scoring = ""

        self.timeline.add(Step(0.55 if gains else 0.2, on_start=show))
        self.timeline.add(Step(0.35, move, ease_in_out, on_end=done))

    def _pass_scored(self, event: moves.PassScored) -> None:
        for gem in GEMS:
            self._count(str(int(gem)), event.points[gem])

        def settle() -> None:
            self.prestige = list(event.prestige)

        self.timeline.add(Step(0.0, on_end=settle))

    def _game_over(self, event: moves.GameOver) -> None:
        def reveal() -> None:
            self.last_cards = event.last_cards

        self.timeline.add(Step(0.0, on_start=reveal))
        self._count("seals", event.seal_points)
        self._count("card", event.card_points)

        def settle() -> None:
            self.prestige = list(event.prestige)
            self.sound("game_over")

        self.timeline.add(Step(0.0, on_end=settle))


ANIMATIONS: dict[type[Event], Callable[[MarketPresenter, Any], None]] = {
    moves.CushionsFilled: MarketPresenter._cushions_filled,
    moves.CardsDrawn: MarketPresenter._cards_drawn,
    moves.StartCoinLaid: MarketPresenter._start_coin_laid,
    moves.BidPlaced: MarketPresenter._bid_placed,
    moves.LinksHandedOut: MarketPresenter._links_handed_out,
    moves.HammerUsed: MarketPresenter._hammer_used,
    moves.SealTaken: MarketPresenter._seal_taken,
    moves.ChainDiscarded: MarketPresenter._chain_discarded,
    moves.LinkPlaced: MarketPresenter._link_placed,
    moves.CardPutUnder: MarketPresenter._card_put_under,
    moves.PassScored: MarketPresenter._pass_scored,
    moves.GameOver: MarketPresenter._game_over,
}
"""How each event plays on the board (its log lines are said first, for every event)."""
