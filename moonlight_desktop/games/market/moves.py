"""Moonlight Market's commands (what a seat may do) and events (what happened, for animation).

Links are named by their kind code (components.py), never by an identity."""

from __future__ import annotations

from dataclasses import dataclass

from moonlight_desktop.engine import Command, CommandCodec, Event

# Commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid(Command):
    """Lay a hand card next to a cushion (displacing a lower card costs a seal)."""

    kind = "bid"
    card: int
    cushion: int


@dataclass(frozen=True, slots=True)
class PlayDisplaced(Command):
    """Lay the card that was displaced (it lies face up) next to a cushion."""

    kind = "play_displaced"
    cushion: int


@dataclass(frozen=True, slots=True)
class UseHammer(Command):
    """Remove the link at `slot` (0 = first laid) of the chain at `gem`."""

    kind = "use_hammer"
    gem: int
    slot: int


@dataclass(frozen=True, slots=True)
class DiscardHammer(Command):
    kind = "discard_hammer"


@dataclass(frozen=True, slots=True)
class PlaceLink(Command):
    """Lay one of the links received at a gem it shows (any gem for a worthless link)."""

    kind = "place_link"
    link: int
    gem: int


CODEC: CommandCodec[Command] = CommandCodec(
    [Bid, PlayDisplaced, UseHammer, DiscardHammer, PlaceLink]
)


# Events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CushionsFilled(Event):
    """Links laid face up on the cushions: per cushion, its slots row by row (-1 empty)."""

    kind = "cushions_filled"
    reveals = True  # links from the shuffled supply turned face up
    reveal_note = "New links were laid out since"
    cushions: tuple[tuple[int, ...], ...]
    hammers_set_aside: int  # pass 1 only (ruling M3); shuffled back into the supply


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Only the drawer sees which cards."""

    kind = "cards_drawn"
    reveals = True  # drawn from a shuffled pile
    reveal_note = "Cards were drawn since: they cannot be put back"
    position: int
    cards: tuple[int, ...]

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.position else CardsDrawn(self.position, ())


@dataclass(frozen=True, slots=True)
class StartCoinLaid(Event):
    """The first bidder lays the start coin next to the moon cushion."""

    kind = "start_coin_laid"
    position: int


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """`displaced` is the position whose card went back (-1: the cushion was free); it got a seal
    from the bidder. `revealed` marks a card an automaton turned up from its pile."""

    kind = "bid_placed"
    shows_secret_of = "position"  # a hand card, or one Dirk or Beate turned up
    reveal_note = "{who} has played a card since"
    position: int
    card: int
    cushion: int
    displaced: int
    displaced_card: int
    revealed: bool


@dataclass(frozen=True, slots=True)
class LinksHandedOut(Event):
    """The column of the round from each cushion to its bidder; bid cards to the discard piles."""

    kind = "links_handed_out"
    column: int
    takers: tuple[int, ...]  # per cushion
    links: tuple[tuple[int, ...], ...]  # per cushion
    start_coin: int


@dataclass(frozen=True, slots=True)
class HammerUsed(Event):
    kind = "hammer_used"
    position: int
    gem: int  # -1: discarded unused
    slot: int
    removed: int  # the link knocked off, -1 if none


@dataclass(frozen=True, slots=True)
class SealTaken(Event):
    """A seal from the supply (a seal link or a discarded chain worth 20+); `got` is False
    when the supply was empty."""

    kind = "seal_taken"
    position: int
    got: bool


@dataclass(frozen=True, slots=True)
class ChainDiscarded(Event):
    kind = "chain_discarded"
    position: int
    gem: int
    links: tuple[int, ...]
    value: int


@dataclass(frozen=True, slots=True)
class LinkPlaced(Event):
    kind = "link_placed"
    position: int
    link: int
    gem: int


@dataclass(frozen=True, slots=True)
class CardPutUnder(Event):
    """The last hand card goes under the draw pile (passes 1 to 3); only its owner sees it."""

    kind = "card_put_under"
    position: int
    card: int

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.position else CardPutUnder(self.position, 0)


@dataclass(frozen=True, slots=True)
class PassScored(Event):
    kind = "pass_scored"
    pass_number: int  # 1..4
    points: tuple[tuple[int, ...], ...]  # per gem, per position
    prestige: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind = "game_over"
    reveals = True  # the kept hand cards are shown
    reveal_note = "The game is over"
    seal_points: tuple[int, ...]
    card_points: tuple[int, ...]
    last_cards: tuple[int, ...]
    prestige: tuple[int, ...]
    winners: tuple[int, ...]
