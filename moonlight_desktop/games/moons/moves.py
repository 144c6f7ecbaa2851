"""Moons' commands (what a seat may do) and events (what happened, precise enough to animate).

Cards are numbered as in components.py. Mini-asteroid commands name no card id: every copy of
a kind is the same, so the rules spend the holder's lowest-numbered copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from moonlight_desktop.engine import Command, CommandCodec, Event
from moonlight_desktop.i18n import N_

HIDDEN = -1
"""What a seat that may not see a card sees instead of its number."""

# Commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceInTableau(Command):
    """Secretly lay one Moon card of the hand face down in the tableau (three per round)."""

    kind = "tableau"
    card: int


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    """Play a Moon card, or a full-size Asteroid in lieu of one, to the trick."""

    kind = "play"
    card: int


@dataclass(frozen=True, slots=True)
class PlayBlock(Command):
    """Mini-asteroid Block: take the Block token, wherever it is."""

    kind = "block"


@dataclass(frozen=True, slots=True)
class TradeToken(Command):
    """Mini-asteroid Trade Token: give one of your `give` tokens for one of `target`'s `take`."""

    kind = "trade_token"
    give: int
    target: int
    take: int


@dataclass(frozen=True, slots=True)
class TradeCard(Command):
    """Mini-asteroid Trade Card: swap Moon card `give` of your hand with `take` of `target`'s
    tableau (your own included)."""

    kind = "trade_card"
    give: int
    target: int
    take: int


@dataclass(frozen=True, slots=True)
class TakeToken(Command):
    """Choose the planet token an award gives (trick won, low off-suit, bonus, no tricks)."""

    kind = "take_token"
    planet: int


CODEC: CommandCodec[Command] = CommandCodec(
    [PlaceInTableau, PlayCard, PlayBlock, TradeToken, TradeCard, TakeToken]
)


class Award(IntEnum):
    """Why a seat takes a token."""

    TRICK = 0  # won the trick: a planet of its tableau
    LOW_OFF_SUIT = 1  # the lowest off-suit card: its own suit
    MOST_TRICKS = 2  # round end: any planet
    NO_TRICKS = 3  # round end: a planet of its tableau


# Events -----------------------------------------------------------------------------------
# A `reveal_note` is marked here and translated where the undo button tells it.


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """`dealer` dealt `seat` its hand; only that seat sees the cards."""

    kind = "hand_dealt"
    reveals = True  # a shuffled deck dealt
    reveal_note = N_("New hands were dealt since")
    round: int
    dealer: int
    seat: int
    cards: tuple[int, ...]

    def seen_by(self, seat: int | None) -> Event:
        if seat == self.seat:
            return self
        return HandDealt(self.round, self.dealer, self.seat, (HIDDEN,) * len(self.cards))


@dataclass(frozen=True, slots=True)
class MiniDrawn(Event):
    """`seat` drew a mini-asteroid (at setup, or after playing an Asteroid); private."""

    kind = "mini_drawn"
    reveals = True  # drawn from the shuffled mini-asteroid deck
    reveal_note = N_("A mini-asteroid was drawn since")
    seat: int
    mini: int

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else MiniDrawn(self.seat, HIDDEN)


@dataclass(frozen=True, slots=True)
class TableauCardPlaced(Event):
    """A card laid face down in a tableau; only its owner sees which."""

    kind = "tableau_card_placed"
    seat: int
    card: int

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else TableauCardPlaced(self.seat, HIDDEN)


@dataclass(frozen=True, slots=True)
class TableauxRevealed(Event):
    kind = "tableaux_revealed"
    reveals = True  # everyone's secret tableau turned up
    reveal_note = N_("The tableaux were revealed since")
    tableaux: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class FirstPlayer(Event):
    """Round 1: the highest tableau card takes the Earth and Earth's Moon tokens."""

    kind = "first_player"
    seat: int


@dataclass(frozen=True, slots=True)
class LeadPassed(Event):
    """A leader holding only Asteroids passed the lead on and plays last (O3)."""

    kind = "lead_passed"
    shows_secret_of = "seat"  # shows the passer holds only Asteroids
    reveal_note = N_("{who} has passed the lead since, showing their hand")
    seat: int
    to_seat: int


@dataclass(frozen=True, slots=True)
class BlockTaken(Event):
    kind = "block_taken"
    shows_secret_of = "seat"  # shows a mini-asteroid the seat held
    reveal_note = N_("{who} has played a mini-asteroid since")
    seat: int
    from_seat: int  # -1: from the side of the table


@dataclass(frozen=True, slots=True)
class TokensTraded(Event):
    kind = "tokens_traded"
    shows_secret_of = "seat"  # shows a mini-asteroid the seat held
    reveal_note = N_("{who} has played a mini-asteroid since")
    seat: int
    target: int
    gave: int
    took: int


@dataclass(frozen=True, slots=True)
class CardsTraded(Event):
    """`gave` left the seat's hand for `target`'s tableau; `took` came from it to the hand."""

    kind = "cards_traded"
    shows_secret_of = "seat"  # a mini-asteroid and a hand card shown
    reveal_note = N_("{who} has played a mini-asteroid since")
    seat: int
    target: int
    gave: int
    took: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    kind = "card_played"
    shows_secret_of = "seat"  # a card from the hand
    reveal_note = N_("{who} has played a card since")
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """`winner` is -1 for a trick of Asteroids only, which nobody wins."""

    kind = "trick_won"
    winner: int
    plays: tuple[tuple[int, int], ...]  # (seat, card) in playing order
    low_off_suit: int  # the seat, or -1 (none, or a tie)


@dataclass(frozen=True, slots=True)
class TokenTaken(Event):
    """`planet` is -1 when the award found no token of any allowed planet left."""

    kind = "token_taken"
    seat: int
    planet: int
    award: Award


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    kind = "round_ended"
    round: int
    tricks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EarthsMoonPassed(Event):
    kind = "earths_moon_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind = "game_over"
    reveals = True  # the mini-asteroids held are scored
    reveal_note = N_("The game is over")
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tokens_ran_out: bool
