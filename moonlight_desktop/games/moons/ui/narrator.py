"""Moons' log in words: what each event says, the same live, in a resumed game's log and in a
replay. No pygame. Public facts only, even of the viewer's own private events: the log stays on
the screen when the next player sits down."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.phrasing import counted, joined, sentences, whose
from moonlight_desktop.ui.table.presenter import LogLine

from .. import moves
from ..components import MOON_CARDS, RANK_OF, SUIT_OF
from ..moves import Award
from ..view import MoonsView
from .terms import PLANET_NAMES, card_words, win_words

LOG_ICONS: dict[type[Event], str] = {
    moves.HandDealt: "draw",
    moves.MiniDrawn: "draw",
    moves.TableauCardPlaced: "play",
    moves.TableauxRevealed: "reveal",
    moves.FirstPlayer: "turn",
    moves.LeadPassed: "turn",
    moves.BlockTaken: "conflict",
    moves.TokensTraded: "trade",
    moves.CardsTraded: "trade",
    moves.CardPlayed: "play",
    moves.TrickWon: "points",
    moves.TokenTaken: "points",
    moves.RoundEnded: "turn",
    moves.EarthsMoonPassed: "turn",
    moves.GameOver: "win",
}
"""Each event's icon in the log (ui/table/log_icons.py names them; tested there)."""

AWARD_REASONS = {
    Award.TRICK: "for winning the trick",
    Award.LOW_OFF_SUIT: "for the lowest off-suit card",
    Award.MOST_TRICKS: "for the most tricks this round",
    Award.NO_TRICKS: "for winning no trick this round",
}


class MoonsNarrator:
    """The log lines of Moons' events, naming each seat by `names`."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)

    def summarize(self, played: Played) -> list[LogLine]:
        return []  # every command's events tell all it did

    def describe(self, event: Event) -> list[LogLine]:
        names = self.names
        icon = LOG_ICONS.get(type(event), "info")
        match event:
            case moves.HandDealt(round=number, dealer=dealer, seat=seat, cards=cards):
                if seat != dealer:  # one line per deal: the dealer's own hand
                    return []
                text = f"Round {number}: {names[dealer]} deals {len(cards)} cards to each player"
                return [LogLine(text, dealer, icon)]
            case moves.MiniDrawn(seat=seat):
                return [LogLine(f"{names[seat]} draws a mini-asteroid", seat, icon)]
            case moves.TableauCardPlaced(seat=seat):
                return [LogLine(f"{names[seat]} lays a card face down", seat, icon)]
            case moves.TableauxRevealed(tableaux=tableaux):
                shown = [
                    LogLine(f"{names[s]} shows {joined([card_words(c) for c in t])}", s, icon)
                    for s, t in enumerate(tableaux)
                ]
                return [LogLine("The tableaux are turned face up", None, icon), *shown]
            case moves.FirstPlayer(seat=seat):
                text = (
                    f"{names[seat]} has the highest tableau card, takes the Earth and the "
                    "Earth's Moon, and leads"
                )
                return [LogLine(text, seat, icon)]
            case moves.LeadPassed(seat=seat, to_seat=to_seat):
                text = (
                    f"{names[seat]} holds only Asteroids, which may not lead: the lead passes "
                    f"to {names[to_seat]}"
                )
                return [LogLine(text, seat, icon)]
            case moves.BlockTaken(seat=seat, from_seat=source):
                if source == seat:
                    where = "keeps the Block token"
                elif source < 0:
                    where = "takes the Block token from the side of the table"
                else:
                    where = f"takes the Block token from {names[source]}"
                return [LogLine(f"{names[seat]} plays a Block and {where}", seat, icon)]
            case moves.TokensTraded(seat=seat, target=target, gave=gave, took=took):
                text = (
                    f"{names[seat]} plays a Trade Token with {names[target]}: a "
                    f"{PLANET_NAMES[gave]} token for a {PLANET_NAMES[took]} token"
                )
                return [LogLine(text, seat, icon)]
            case moves.CardsTraded(seat=seat, target=target, gave=gave, took=took):
                where = "the tableau" if target == seat else f"the tableau of {names[target]}"
                text = (
                    f"{names[seat]} plays a Trade Card: {card_words(gave)} goes from hand to "
                    f"{where}, and {card_words(took)} comes to hand"
                )
                return [LogLine(text, seat, icon)]
            case moves.CardPlayed(seat=seat, card=card):
                return [LogLine(f"{names[seat]} plays {card_words(card)}", seat, icon)]
            case moves.TrickWon(winner=winner, plays=plays):
                if winner < 0:
                    return [LogLine("Nobody wins a trick of Asteroids alone", None, icon)]
                card = next(c for s, c in plays if s == winner)
                text = f"{names[winner]} wins the trick with {card_words(card)}"
                if _low_off_suit_tied(plays):
                    text += "; the lowest off-suit cards tie, so nobody takes the off-suit token"
                return [LogLine(text, winner, icon)]
            case moves.TokenTaken(seat=seat, planet=planet, award=award):
                reason = AWARD_REASONS[award]
                if planet < 0:
                    text = f"No token is left of a planet {names[seat]} may take {reason}"
                else:
                    text = f"{names[seat]} takes a {PLANET_NAMES[planet]} token {reason}"
                return [LogLine(text, seat, icon)]
            case moves.RoundEnded(round=number, tricks=tricks):
                won = ", ".join(f"{names[s]} {counted(n, 'trick')}" for s, n in enumerate(tricks))
                return [LogLine(f"Round {number} is over. Tricks won: {won}", None, icon)]
            case moves.EarthsMoonPassed(seat=seat):
                text = f"The Earth's Moon passes to {names[seat]}, who deals and leads"
                return [LogLine(text, seat, icon)]
            case moves.GameOver(scores=scores, winners=winners, tokens_ran_out=ran_out):
                why = "the planet tokens ran out" if ran_out else "every player has dealt once"
                result = win_words(names, winners, scores[winners[0]])
                return [
                    LogLine(f"The game is over: {why}", None, icon),
                    LogLine(result, winners[0] if len(winners) == 1 else None, icon),
                ]
        return []


def _low_off_suit_tied(plays: tuple[tuple[int, int], ...]) -> bool:
    """Off-suit Moon cards were played and the lowest number among them is shared."""
    led = SUIT_OF[plays[0][1]]
    ranks = [RANK_OF[c] for _, c in plays if c < MOON_CARDS and SUIT_OF[c] != led]
    return bool(ranks) and ranks.count(min(ranks)) > 1


def position_summary(view: MoonsView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): the round, everyone's planet
    tokens and tricks won, the seat's own hand (the others' only counted), the tableaux shown
    to it and the trick on the table."""

    def tokens(counts: Sequence[int]) -> str:
        held = [f"{count} {PLANET_NAMES[planet]}" for planet, count in enumerate(counts) if count]
        return joined(held) or "no planet token"

    standing = [
        f"{names[seat]}: {tokens(view.tokens[seat])}, {counted(won, 'trick')} won"
        for seat, won in enumerate(view.tricks_won)
    ]
    hands = [
        f"{names[seat]} holds {counted(count, 'card')}"
        for seat, count in enumerate(view.hand_sizes)
        if seat != view.viewer
    ]
    tableaux = [
        f"{whose(names, seat, view.viewer)}: {joined([card_words(c) for c in cards])}"
        for seat, cards in enumerate(view.tableaux)
        if cards
    ]
    trick = [
        f"{names[seat]} played {card_words(card)}"
        for seat, card in zip(view.order, view.trick, strict=False)
    ]
    own = "" if view.hand is None else f"Your hand: {joined([card_words(c) for c in view.hand])}"
    return sentences(
        f"Round {view.round}",
        joined(standing),
        own,
        joined(hands),
        f"Tableaux: {joined(tableaux)}" if tableaux else "",
        f"On the table: {joined(trick)}" if trick else "No card on the table",
    )
