"""Moons' log in words: what each event says, the same live, in a resumed game's log and in a
replay. No pygame. Public facts only, even of the viewer's own private events: the log stays on
the screen when the next player sits down."""

from __future__ import annotations

from collections.abc import Sequence

from moonlight_desktop.engine import Event
from moonlight_desktop.i18n import _, format_list, ngettext
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.phrasing import sentences
from moonlight_desktop.ui.table.presenter import LogLine

from .. import moves
from ..components import MOON_CARDS, RANK_OF, SUIT_OF
from ..moves import Award
from ..view import MoonsView
from .terms import card_words, cards_words, planet_name, win_words

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


def _token_taken(name: str, planet: int, award: Award) -> str:
    """A seat takes a token (`planet` < 0: none of the planets it may take is left), and why:
    one whole sentence per award, since the reason's words fit each sentence differently."""
    if planet < 0:
        if award == Award.TRICK:
            text = _("No token is left of a planet {player} may take for winning the trick")
        elif award == Award.LOW_OFF_SUIT:
            text = _("No token is left of a planet {player} may take for the lowest off-suit card")
        elif award == Award.MOST_TRICKS:
            text = _(
                "No token is left of a planet {player} may take for the most tricks this round"
            )
        else:
            text = _(
                "No token is left of a planet {player} may take for winning no trick this round"
            )
        return text.format(player=name)
    if award == Award.TRICK:
        # Translators: {planet} is a planet's name (Jupiter, Saturn, Neptune, Uranus).
        text = _("{player} takes a {planet} token for winning the trick")
    elif award == Award.LOW_OFF_SUIT:
        text = _("{player} takes a {planet} token for the lowest off-suit card")
    elif award == Award.MOST_TRICKS:
        text = _("{player} takes a {planet} token for the most tricks this round")
    else:
        text = _("{player} takes a {planet} token for winning no trick this round")
    return text.format(player=name, planet=planet_name(planet))


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
                text = ngettext(
                    "Round {round}: {player} deals {count} card to each player",
                    "Round {round}: {player} deals {count} cards to each player",
                    len(cards),
                ).format(round=number, player=names[dealer], count=len(cards))
                return [LogLine(text, dealer, icon)]
            case moves.MiniDrawn(seat=seat):
                text = _("{player} draws a mini-asteroid").format(player=names[seat])
                return [LogLine(text, seat, icon)]
            case moves.TableauCardPlaced(seat=seat):
                text = _("{player} lays a card face down").format(player=names[seat])
                return [LogLine(text, seat, icon)]
            case moves.TableauxRevealed(tableaux=tableaux):
                shown = [
                    LogLine(
                        # Translators: {cards} lists the three cards of a tableau.
                        _("{player} shows {cards}").format(player=names[s], cards=cards_words(t)),
                        s,
                        icon,
                    )
                    for s, t in enumerate(tableaux)
                ]
                return [LogLine(_("The tableaux are turned face up"), None, icon), *shown]
            case moves.FirstPlayer(seat=seat):
                text = _(
                    "{player} has the highest tableau card, takes the Earth and the "
                    "Earth's Moon, and leads"
                ).format(player=names[seat])
                return [LogLine(text, seat, icon)]
            case moves.LeadPassed(seat=seat, to_seat=to_seat):
                text = _(
                    "{player} holds only Asteroids, which may not lead: the lead passes "
                    "to {next_player}"
                ).format(player=names[seat], next_player=names[to_seat])
                return [LogLine(text, seat, icon)]
            case moves.BlockTaken(seat=seat, from_seat=source):
                if source == seat:
                    text = _("{player} plays a Block and keeps the Block token")
                elif source < 0:
                    text = _(
                        "{player} plays a Block and takes the Block token from the side of "
                        "the table"
                    )
                else:
                    text = _("{player} plays a Block and takes the Block token from {holder}")
                holder = names[source] if source >= 0 else ""
                return [LogLine(text.format(player=names[seat], holder=holder), seat, icon)]
            case moves.TokensTraded(seat=seat, target=target, gave=gave, took=took):
                # Translators: {gave} and {took} are planets' names.
                text = _(
                    "{player} plays a Trade Token with {other}: a {gave} token for a {took} token"
                ).format(
                    player=names[seat],
                    other=names[target],
                    gave=planet_name(gave),
                    took=planet_name(took),
                )
                return [LogLine(text, seat, icon)]
            case moves.CardsTraded(seat=seat, target=target, gave=gave, took=took):
                if target == seat:
                    text = _(
                        "{player} plays a Trade Card: {gave} goes from hand to the tableau, "
                        "and {took} comes to hand"
                    )
                else:
                    text = _(
                        "{player} plays a Trade Card: {gave} goes from hand to the tableau "
                        "of {other}, and {took} comes to hand"
                    )
                text = text.format(
                    player=names[seat],
                    other=names[target],
                    gave=card_words(gave),
                    took=card_words(took),
                )
                return [LogLine(text, seat, icon)]
            case moves.CardPlayed(seat=seat, card=card):
                text = _("{player} plays {card}").format(player=names[seat], card=card_words(card))
                return [LogLine(text, seat, icon)]
            case moves.TrickWon(winner=winner, plays=plays):
                if winner < 0:
                    return [LogLine(_("Nobody wins a trick of Asteroids alone"), None, icon)]
                card = next(c for s, c in plays if s == winner)
                if _low_off_suit_tied(plays):
                    text = _(
                        "{player} wins the trick with {card}; the lowest off-suit cards tie, "
                        "so nobody takes the off-suit token"
                    )
                else:
                    text = _("{player} wins the trick with {card}")
                text = text.format(player=names[winner], card=card_words(card))
                return [LogLine(text, winner, icon)]
            case moves.TokenTaken(seat=seat, planet=planet, award=award):
                return [LogLine(_token_taken(names[seat], planet, award), seat, icon)]
            case moves.RoundEnded(round=number, tricks=tricks):
                won = ", ".join(
                    ngettext("{player} {count} trick", "{player} {count} tricks", n).format(
                        player=names[s], count=n
                    )
                    for s, n in enumerate(tricks)
                )
                # Translators: {tricks} lists each player's tricks ("Ana 2 tricks, Ben 1 trick").
                text = _("Round {round} is over. Tricks won: {tricks}")
                return [LogLine(text.format(round=number, tricks=won), None, icon)]
            case moves.EarthsMoonPassed(seat=seat):
                text = _("The Earth's Moon passes to {player}, who deals and leads")
                return [LogLine(text.format(player=names[seat]), seat, icon)]
            case moves.GameOver(scores=scores, winners=winners, tokens_ran_out=ran_out):
                if ran_out:
                    over = _("The game is over: the planet tokens ran out")
                else:
                    over = _("The game is over: every player has dealt once")
                result = win_words(names, winners, scores[winners[0]])
                return [
                    LogLine(over, None, icon),
                    LogLine(result, winners[0] if len(winners) == 1 else None, icon),
                ]
        return []


def _low_off_suit_tied(plays: tuple[tuple[int, int], ...]) -> bool:
    """Off-suit Moon cards were played and the lowest number among them is shared."""
    led = SUIT_OF[plays[0][1]]
    ranks = [RANK_OF[c] for _, c in plays if c < MOON_CARDS and SUIT_OF[c] != led]
    return bool(ranks) and ranks.count(min(ranks)) > 1


def _standing(won: int) -> str:
    """A seat's tokens and tricks in the position said on I."""
    # Translators: {tokens} lists a player's planet tokens ("2 Jupiter and 1 Uranus").
    return ngettext(
        "{player}: {tokens}, {count} trick won", "{player}: {tokens}, {count} tricks won", won
    )


def position_summary(view: MoonsView, names: Sequence[str]) -> str:
    """The position as `view`'s seat knows it (said on I): the round, everyone's planet
    tokens and tricks won, the seat's own hand (the others' only counted), the tableaux shown
    to it and the trick on the table."""

    def tokens(counts: Sequence[int]) -> str:
        # Translators: a number of tokens of a planet in a list ("2 Jupiter, 1 Uranus").
        some = _("{count} {planet}")
        held = [
            some.format(count=count, planet=planet_name(planet))
            for planet, count in enumerate(counts)
            if count
        ]
        return format_list(held) if held else _("no planet token")

    standing = [
        _standing(won).format(player=names[seat], tokens=tokens(view.tokens[seat]), count=won)
        for seat, won in enumerate(view.tricks_won)
    ]
    hands = [
        ngettext("{player} holds {count} card", "{player} holds {count} cards", count).format(
            player=names[seat], count=count
        )
        for seat, count in enumerate(view.hand_sizes)
        if seat != view.viewer
    ]
    tableaux = [
        _("Yours: {cards}").format(cards=cards_words(cards))
        if seat == view.viewer
        else _("{player}: {cards}").format(player=names[seat], cards=cards_words(cards))
        for seat, cards in enumerate(view.tableaux)
        if cards
    ]
    trick = [
        _("{player} played {card}").format(player=names[seat], card=card_words(card))
        for seat, card in zip(view.order, view.trick, strict=False)
    ]
    own = "" if view.hand is None else _("Your hand: {cards}").format(cards=cards_words(view.hand))
    return sentences(
        _("Round {round}").format(round=view.round),
        format_list(standing),
        own,
        format_list(hands),
        _("Tableaux: {tableaux}").format(tableaux=format_list(tableaux)) if tableaux else "",
        _("On the table: {cards}").format(cards=format_list(trick))
        if trick
        else _("No card on the table"),
    )
