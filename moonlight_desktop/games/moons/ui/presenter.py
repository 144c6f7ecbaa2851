"""The animated picture of a Moons table, as far as its animations have got. No pygame: the
painter draws it and tests check it headless.

What the painter draws, besides `shown` (the view as of the last command animated):
`hands`, `tableaux` and `reveal`, `trick`, `tricks_won`, `tokens`, `supply`, `minis` and
`minis_reveal`, `mini_deck`, `discard`, `holders` (of the Earth, the Earth's Moon, the Block
and the lead), `round`, and `flights` (things on their way). Every one of these changes in a
step of the timeline, when the animation that shows the change plays, never when the rules'
events arrive.

Anchors, which the painter resolves to pixels in its current layout:

- ("seat", n, 0): seat n's area, where its tokens, won tricks and markers (Block, Earth,
  Earth's Moon, the lead) are;
- ("hand", n, i): card i of seat n's hand: the viewer's spread face up in `hands` order (sorted
  by suit and value, Asteroids last), another seat's as a fan of backs;
- ("tableau", n, k): slot k (0, 1, 2) of seat n's tableau;
- ("trick", k, 0): the k-th card of the trick in playing order, in the centre;
- ("centre", 0, 0): the middle of the table, where cards are dealt from and gathered to;
- ("supply", p, 0): the supply's tokens of planet p;
- ("minis", n, i): mini-asteroid i of seat n;
- ("mini_deck", 0, 0) and ("discard", 0, 0): the mini-asteroid deck and the spent ones;
- ("side", 0, 0): the side of the table, where the Block token starts.
- ("tokens", n, p), ("score", n, 0), ("marker", n, k): seat n's tokens of planet p and its
  score now in the side panel, and its spot for marker k (in the painter's MARKERS order) on
  the board (pointed at by lessons only).

A flight's `what` is a `CardPiece`, `TokenPiece`, `MiniPiece` or a `Marker`. Its two anchors
may be of different kinds (hand to trick): resolve both and place it at `progress` between them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from moonlight_desktop.engine import Event
from moonlight_desktop.i18n import _, format_list, ngettext
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.presenter import (
    Anchor,
    Flight,
    PresenterBase,
    anchor,
    seat_anchor,
)
from moonlight_desktop.ui.tween import Easing, Step, ease_in, ease_in_out, ease_out

from .. import moves
from ..components import MINI_KIND, Mini
from ..moves import HIDDEN
from ..state import Phase
from ..view import MoonsView
from .narrator import MoonsNarrator

CENTRE = anchor("centre", 0)
MINI_DECK = anchor("mini_deck", 0)
DISCARD = anchor("discard", 0)
SIDE = anchor("side", 0)


@dataclass(frozen=True, slots=True)
class CardPiece:
    card: int
    """HIDDEN: its back."""


@dataclass(frozen=True, slots=True)
class TokenPiece:
    planet: int


@dataclass(frozen=True, slots=True)
class MiniPiece:
    mini: int
    """HIDDEN: its back. Copies of a kind look alike, so a card spent by a seat whose
    mini-asteroids the viewer cannot see shows as the first card of its kind."""


class Marker(Enum):
    EARTH = "earth"
    EARTHS_MOON = "earths_moon"
    BLOCK = "block"
    LEAD = "lead"


Piece = CardPiece | TokenPiece | MiniPiece | Marker
Trip = tuple[Piece, Anchor, Anchor]
"""What flies, from where, to where."""

# Durations in seconds (STYLE.md: 150-400 ms a move); things arriving ease out, things leaving
# ease in, things changing places ease in and out.
DEAL = 0.3
LAY = 0.3
PLAY = 0.3
GATHER = 0.35
TOKEN = 0.35
TRADE = 0.4
MINI = 0.3
MARKER = 0.4
FLIP = 0.4
TRICK_PAUSE = 0.6
"""The whole trick stays in the centre this long before it goes to its winner."""
REVEAL_PAUSE = 0.3
"""A beat to look at the tableaux once they are face up."""
BANNER = 1.2

# The collection's sounds that fit best, until Moons has its own (assets/sounds).
SOUND_DEAL = "tile_slid"
SOUND_CARD = "pebble_paid"
SOUND_TRICK = "jewels_recovered"
SOUND_TOKEN = "pebble_drawn"
SOUND_ROUND = "extra_turn"
SOUND_LAST_ROUND = "last_round"
SOUND_GAME_OVER = "game_over"

_FIRST_OF_KIND = {kind: MINI_KIND.index(kind) for kind in Mini}


def lead_of(view: MoonsView) -> int:
    """Who leads the trick being played, or the next one (-1: not known yet, round 1's
    tableaux)."""
    if view.order:
        return view.order[0]
    if view.phase == Phase.TABLEAU:
        return view.earths_moon
    return view.leader


def _nothing() -> None:
    pass


class MoonsPresenter(PresenterBase[MoonsView]):
    def __init__(
        self,
        view: MoonsView,
        names: Sequence[str],
        sound: Callable[[str], None] = lambda _name: None,
    ) -> None:
        super().__init__(view, sound, narrator=MoonsNarrator(names))
        self.names = tuple(names)
        self._after = view
        """The view after the command being queued (game over reveals from it)."""
        self._next_round = view.round + 1
        """The round the next Earth's Moon pass starts: counted as passes are queued, since
        the banner's words are fixed then."""
        self._load(view)

    def _load(self, view: MoonsView) -> None:
        """Everything at once from `view` (at the start, or when another seat sits down)."""
        seats = range(view.seats)
        self.viewer = view.viewer
        self.round = view.round
        self.hands: list[list[int]] = [
            list(view.hand)
            if s == view.viewer and view.hand is not None
            else [HIDDEN] * view.hand_sizes[s]
            for s in seats
        ]
        """Each seat's cards as the viewer may see them: its own, others' as HIDDEN."""
        self.tableaux: list[list[int | None]] = [
            list(tableau) if tableau is not None else [HIDDEN] * view.tableau_sizes[s]
            for s, tableau in enumerate(view.tableaux)
        ]
        """Slot by slot; HIDDEN when the viewer may not know the card, None while the slot's
        card is on its way (Trade Card)."""
        self.reveal = 0.0 if view.phase == Phase.TABLEAU else 1.0
        """How far every tableau has turned over: 0 face down, 1 face up. Draw each card at
        horizontal scale |2 * reveal - 1|, its face from 0.5 on (the viewer may peek at its
        own face-down cards before that)."""
        self.trick: list[tuple[int, int]] = list(zip(view.order, view.trick, strict=False))
        """(seat, card) in playing order."""
        self.tricks_won = list(view.tricks_won)
        self.tokens = [list(tokens) for tokens in view.tokens]
        """Per seat, per planet."""
        self.supply = list(view.supply)
        self.minis: list[list[int]] = [
            list(minis) if minis is not None else [HIDDEN] * view.mini_counts[s]
            for s, minis in enumerate(view.minis)
        ]
        """Each seat's mini-asteroids; another's are HIDDEN until the game is over (MO10)."""
        self.minis_reveal = 1.0 if view.phase == Phase.OVER else 0.0
        """Others' mini-asteroids turning over at game over, as `reveal`."""
        self.mini_deck = view.mini_deck_count
        self.discard: list[int] = [_FIRST_OF_KIND[MINI_KIND[mini]] for mini in view.mini_discard]
        """Spent mini-asteroids, oldest first (each as the first card of its kind: copies
        look alike)."""
        self.holders: dict[Marker, int | None] = {
            Marker.EARTHS_MOON: view.earths_moon,
            Marker.EARTH: view.earth,
            Marker.BLOCK: view.block_holder,
            Marker.LEAD: lead_of(view),
        }
        """Who holds each marker (the lead: who leads the trick, or the next one); -1:
        nobody yet (the Block: at the side of the table); None: on its way."""

    def show_view(self, view: MoonsView) -> None:
        """Another seat at the screen (or nobody): what it may see replaces what the last one
        could. Queued animations have all played by now, so nothing else changes."""
        if view.viewer != self.viewer:
            self._load(view)

    def present(self, played: Played) -> None:
        self._after = self.accept(played.view)
        super().present(played)

    # Events to animation ---------------------------------------------------------------------

    def animate(self, event: Event) -> None:
        match event:
            case moves.HandDealt():
                self._hand_dealt(event)
            case moves.MiniDrawn():
                self._mini_drawn(event)
            case moves.TableauCardPlaced():
                self._tableau_card_placed(event)
            case moves.TableauxRevealed():
                self._tableaux_revealed(event)
            case moves.FirstPlayer(seat=seat):
                self._pass_markers(
                    seat, Marker.EARTH, Marker.EARTHS_MOON, easing=ease_out, leads=True
                )
            case moves.LeadPassed(to_seat=seat):
                self._pass_markers(seat, Marker.LEAD)
            case moves.BlockTaken():
                self._block_taken(event)
            case moves.TokensTraded():
                self._tokens_traded(event)
            case moves.CardsTraded():
                self._cards_traded(event)
            case moves.CardPlayed():
                self._card_played(event)
            case moves.TrickWon():
                self._trick_won(event)
            case moves.TokenTaken():
                self._token_taken(event)
            case moves.RoundEnded():
                self.show_banner(_("End of round {round}").format(round=event.round), hold=BANNER)
            case moves.EarthsMoonPassed():
                self._earths_moon_passed(event)
            case moves.GameOver():
                self._game_over(event)
        super().animate(event)  # its log lines

    def _move(
        self,
        duration: float,
        easing: Easing,
        take_off: Callable[[], list[Trip]],
        land: Callable[[], None] = _nothing,
        sound: str = "",
    ) -> None:
        """Things flying together. `take_off` runs when the step starts: it changes what they
        leave and says what flies where, from the picture as it is then (a hand's order, a
        trick's cards); `land` changes what they reach."""
        sprites: list[Flight] = []

        def begin() -> None:
            sprites[:] = [Flight(what, start, end) for what, start, end in take_off()]
            self.flights.extend(sprites)
            if sound:
                self.sound(sound)

        def move(progress: float) -> None:
            for sprite in sprites:
                sprite.progress = progress

        def end() -> None:
            for sprite in sprites:
                if sprite in self.flights:
                    self.flights.remove(sprite)
            land()

        self.timeline.add(Step(duration, move, easing, on_start=begin, on_end=end))

    def _turn_over(self, set_progress: Callable[[float], None], begin: Callable[[], None]) -> None:
        self.timeline.add(Step(FLIP, set_progress, ease_in_out, on_start=begin))

    def _pull(self, seat: int, card: int) -> int:
        """Takes `card` out of the seat's hand (a back from another's) and says where it was."""
        hand = self.hands[seat]
        index = hand.index(card) if card in hand else len(hand) - 1
        del hand[index]
        return index

    @staticmethod
    def _slot_for(cards: list[int], card: int) -> int:
        """Where `card` goes among a seat's cards: in order among the viewer's own (as the
        view sorts them), at the end of another's backs."""
        return len(cards) if card == HIDDEN else bisect_left(cards, card)

    def _hand_dealt(self, event: moves.HandDealt) -> None:
        seat, cards = event.seat, sorted(event.cards)

        def take_off() -> list[Trip]:
            return [(CardPiece(HIDDEN), CENTRE, anchor("hand", seat, i)) for i in range(len(cards))]

        def land() -> None:
            self.hands[seat] = cards
            self.round = event.round

        self._move(DEAL, ease_out, take_off, land, SOUND_DEAL)

    def _mini_drawn(self, event: moves.MiniDrawn) -> None:
        seat = event.seat
        into: list[int] = []

        def take_off() -> list[Trip]:
            self.mini_deck -= 1
            into[:] = [self._slot_for(self.minis[seat], event.mini)]
            return [(MiniPiece(HIDDEN), MINI_DECK, anchor("minis", seat, into[0]))]

        def land() -> None:
            self.minis[seat].insert(into[0], event.mini)

        self._move(MINI, ease_out, take_off, land)

    def _spend(self, seat: int, kind: Mini) -> None:
        """A mini-asteroid played: the rules spend the holder's first card of the kind."""
        spent: list[int] = []

        def take_off() -> list[Trip]:
            minis = self.minis[seat]
            mine = [m for m in minis if m != HIDDEN and MINI_KIND[m] == kind]
            mini = mine[0] if mine else _FIRST_OF_KIND[kind]
            index = minis.index(mini) if mine else len(minis) - 1
            del minis[index]
            spent.append(mini)
            return [(MiniPiece(mini), anchor("minis", seat, index), DISCARD)]

        self._move(MINI, ease_in, take_off, lambda: self.discard.extend(spent))

    def _tableau_card_placed(self, event: moves.TableauCardPlaced) -> None:
        seat = event.seat

        def take_off() -> list[Trip]:
            index = self._pull(seat, event.card)
            slot = len(self.tableaux[seat])
            return [(CardPiece(HIDDEN), anchor("hand", seat, index), anchor("tableau", seat, slot))]

        self._move(LAY, ease_out, take_off, lambda: self.tableaux[seat].append(event.card))

    def _tableaux_revealed(self, event: moves.TableauxRevealed) -> None:
        def begin() -> None:
            self.tableaux = [list(tableau) for tableau in event.tableaux]
            self.sound(SOUND_DEAL)

        def turn(progress: float) -> None:
            self.reveal = progress

        self._turn_over(turn, begin)
        self.pause(REVEAL_PAUSE)

    def _pass_markers(
        self, seat: int, *markers: Marker, easing: Easing = ease_in_out, leads: bool = False
    ) -> None:
        """`markers` fly from their holders to `seat` (from the centre while nobody holds
        them, the Block from the side of the table); `leads`: the seat leads once they land."""
        to = seat_anchor(seat)

        def take_off() -> list[Trip]:
            trips: list[Trip] = []
            for marker in markers:
                held = self.holders[marker]
                start = SIDE if marker is Marker.BLOCK else CENTRE
                trips.append((marker, start if held is None or held < 0 else seat_anchor(held), to))
                self.holders[marker] = None
            return trips

        def land() -> None:
            for marker in (*markers, Marker.LEAD) if leads else markers:
                self.holders[marker] = seat

        self._move(MARKER, easing, take_off, land)

    def _block_taken(self, event: moves.BlockTaken) -> None:
        self._spend(event.seat, Mini.BLOCK)
        if event.from_seat != event.seat:  # played while holding it (MO9), the token stays
            self._pass_markers(event.seat, Marker.BLOCK)

    def _tokens_traded(self, event: moves.TokensTraded) -> None:
        seat, target, gave, took = event.seat, event.target, event.gave, event.took
        self._spend(seat, Mini.TRADE_TOKEN)

        def take_off() -> list[Trip]:
            self.tokens[seat][gave] -= 1
            self.tokens[target][took] -= 1
            return [
                (TokenPiece(gave), seat_anchor(seat), seat_anchor(target)),
                (TokenPiece(took), seat_anchor(target), seat_anchor(seat)),
            ]

        def land() -> None:
            self.tokens[target][gave] += 1
            self.tokens[seat][took] += 1

        self._move(TRADE, ease_in_out, take_off, land, SOUND_TOKEN)

    def _cards_traded(self, event: moves.CardsTraded) -> None:
        seat, target, gave, took = event.seat, event.target, event.gave, event.took
        self._spend(seat, Mini.TRADE_CARD)
        landing = took if seat == self.viewer else HIDDEN  # in another's hand, a back
        places: list[int] = []

        def take_off() -> list[Trip]:
            tableau = self.tableaux[target]
            index = self._pull(seat, gave)
            slot = tableau.index(took)
            tableau[slot] = None
            into = self._slot_for(self.hands[seat], landing)
            places[:] = [slot, into]
            return [
                (CardPiece(gave), anchor("hand", seat, index), anchor("tableau", target, slot)),
                (CardPiece(took), anchor("tableau", target, slot), anchor("hand", seat, into)),
            ]

        def land() -> None:
            slot, into = places
            self.tableaux[target][slot] = gave
            self.hands[seat].insert(into, landing)

        self._move(TRADE, ease_in_out, take_off, land, SOUND_CARD)

    def _card_played(self, event: moves.CardPlayed) -> None:
        seat, card = event.seat, event.card

        def take_off() -> list[Trip]:
            index = self._pull(seat, card)
            return [
                (CardPiece(card), anchor("hand", seat, index), anchor("trick", len(self.trick)))
            ]

        self._move(PLAY, ease_out, take_off, lambda: self.trick.append((seat, card)), SOUND_CARD)

    def _trick_won(self, event: moves.TrickWon) -> None:
        winner = event.winner
        # Nobody wins a trick of Asteroids alone (MO3): it is put aside in the centre.
        to = seat_anchor(winner) if winner >= 0 else CENTRE
        self.pause(TRICK_PAUSE)

        def take_off() -> list[Trip]:
            trick, self.trick = self.trick, []
            return [(CardPiece(card), anchor("trick", k), to) for k, (_, card) in enumerate(trick)]

        def land() -> None:
            if winner >= 0:
                self.tricks_won[winner] += 1
                self.holders[Marker.LEAD] = winner

        self._move(GATHER, ease_in, take_off, land, SOUND_TRICK if winner >= 0 else "")

    def _token_taken(self, event: moves.TokenTaken) -> None:
        seat, planet = event.seat, event.planet
        if planet < 0:  # none of the allowed planets left: nothing to show but the log
            return

        def take_off() -> list[Trip]:
            self.supply[planet] -= 1
            return [(TokenPiece(planet), anchor("supply", planet), seat_anchor(seat))]

        def land() -> None:
            self.tokens[seat][planet] += 1

        self._move(TOKEN, ease_out, take_off, land, SOUND_TOKEN)

    def _earths_moon_passed(self, event: moves.EarthsMoonPassed) -> None:
        """The round's cards leave the table, the Earth's Moon goes to the next dealer."""
        seat = event.seat

        def clear() -> list[Trip]:
            trips: list[Trip] = [
                (CardPiece(HIDDEN if card is None else card), anchor("tableau", s, k), CENTRE)
                for s, tableau in enumerate(self.tableaux)
                for k, card in enumerate(tableau)
            ]
            trips += [
                (CardPiece(HIDDEN), seat_anchor(s), CENTRE)
                for s, won in enumerate(self.tricks_won)
                if won
            ]
            self.tableaux = [[] for _ in self.tableaux]
            self.tricks_won = [0] * len(self.tricks_won)
            self.reveal = 0.0
            return trips

        self._move(GATHER, ease_in, clear)
        self._pass_markers(seat, Marker.EARTHS_MOON, leads=True)
        number, seats = self._next_round, len(self.hands)
        self._next_round += 1
        last = number == seats  # one round per seat (O2)
        if last:
            banner = _("Round {round} of {rounds}: the last round")
        else:
            banner = _("Round {round} of {rounds}")
        self.show_banner(
            banner.format(round=number, rounds=seats),
            SOUND_LAST_ROUND if last else SOUND_ROUND,
            BANNER,
        )

    def _game_over(self, event: moves.GameOver) -> None:
        final = self._after

        def begin() -> None:
            # Everyone's mini-asteroids are shown, for the Score Modifiers (MO10).
            self.minis = [
                list(minis) if minis is not None else mine
                for minis, mine in zip(final.minis, self.minis, strict=True)
            ]

        def turn(progress: float) -> None:
            self.minis_reveal = progress

        self._turn_over(turn, begin)
        winners = [self.names[s] for s in event.winners]
        # Translators: {players} is one name or a list of names ("Ana and Ben").
        label = ngettext("Winner: {players}", "Winners: {players}", len(winners))
        self.show_banner(label.format(players=format_list(winners)), SOUND_GAME_OVER, BANNER * 1.5)
