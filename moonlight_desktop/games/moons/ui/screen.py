"""Moons on the table kit: what the header says, what a click or a hover means, what the
action strip offers, and the small choice in progress of a trade.

Everything the screen offers comes from the legal commands of the seat at the screen (asked
only while the board is idle, so they are for the position it shows): a card is lifted, a
token or tableau card lit, only when a click on it can lead to a legal command; anything else
says why not when hovered. A trade is chosen in steps — Trade Token: your token, then (if you
like) a seat, then their token; Trade Card: your hand card, then a tableau card — and each
step lights only what can still complete it (a trade in progress is what the kit's
`SpotScreen` calls holding a piece).

What the seat at the screen may do (`Options`: its legal commands, the trade in progress, what
is lit, who is doing what) is worked out once per snapshot of the table (`TableContext`), for
the header, the drawing, the action strip and the spots alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import N_, _, ngettext
from moonlight_desktop.ui.table.board_screen import BoardScreen
from moonlight_desktop.ui.table.game_ui import Action, TableContext
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.spots import Spot

from ..components import (
    MINI_KIND,
    MODIFIER_VALUE,
    MOON_CARDS,
    NO_SUIT,
    SUIT_OF,
    TABLEAU_SIZE,
    Mini,
    modifier_group,
)
from ..moves import (
    HIDDEN,
    Award,
    PlaceInTableau,
    PlayBlock,
    PlayCard,
    TakeToken,
    TradeCard,
    TradeToken,
)
from ..state import Phase
from ..view import MoonsView
from .hints import CardHints, ScoreHint, card_hints, score_now
from .painter import Lit, MoonsPainter, Seating
from .panel import draw_row, draw_supply
from .pieces import LOOK_ART
from .places import ASPECT, MARKERS, Places, row_places, supply_places
from .presenter import Marker, MoonsPresenter
from .standings import final_standings
from .terms import card_words, planet_name, win_words

EXTRA_HEIGHT = 62.0
"""The supply strip, in design pixels."""
BLOCK = PlayBlock()

MINI_WORDS = {
    Mini.BLOCK: N_("Block: take the Block token; while you hold it nobody may trade with you"),
    Mini.TRADE_TOKEN: N_(
        "Trade Token: give one of your planet tokens for another player's token "
        "of a different planet"
    ),
    Mini.TRADE_CARD: N_(
        "Trade Card: swap a Moon card of your hand with a card of a tableau (yours too)"
    ),
}
"""What each mini-asteroid does (marked here, translated where shown)."""
AWARDS = {
    Award.TRICK: (N_("You won the trick: take a token."), N_("Taking a token for the trick.")),
    Award.LOW_OFF_SUIT: (
        N_("Low off-suit card: take a token."),
        N_("Taking a token: low off-suit."),
    ),
    Award.MOST_TRICKS: (N_("Most tricks: take any token."), N_("Taking a token: most tricks.")),
    Award.NO_TRICKS: (N_("You won no trick: take a token."), N_("Taking a token: no trick won.")),
}
"""Why a seat takes a token, as the header says it to that seat and to the others (short:
the log says it at length)."""
MINI_COMMANDS: dict[Mini, type[Command]] = {
    Mini.BLOCK: PlayBlock,
    Mini.TRADE_TOKEN: TradeToken,
    Mini.TRADE_CARD: TradeCard,
}


MARKER_WORDS = {
    Marker.EARTHS_MOON: N_("The Earth's Moon: {player} dealt this round and leads its first trick"),
    Marker.EARTH: N_("The Earth: {player} had the highest tableau card in round 1"),
    Marker.BLOCK: N_("The Block token: nobody may trade with {player}"),
    Marker.LEAD: N_("{player} leads this trick"),
}
"""What each marker on a seat's place says of its holder (marked here, translated where
shown)."""


def _take_label(planet: int) -> str:
    """The action strip's button that takes a token of `planet`."""
    # Translators: a button: take a token of the planet ({planet}: Jupiter, Saturn...).
    return _("Take {planet}").format(planet=planet_name(planet))


def _won_words(name: str, won: int) -> str:
    return ngettext(
        "{player} has won {count} trick this round",
        "{player} has won {count} tricks this round",
        won,
    ).format(player=name, count=won)


def _holds_words(name: str, held: int) -> str:
    return ngettext("{player} holds {count} card", "{player} holds {count} cards", held).format(
        player=name, count=held
    )


def _block_words(name: str) -> str:
    return _("{player} holds the Block: nobody may trade with {player}").format(player=name)


def _score_words(hint: ScoreHint) -> str:
    """The viewer's score if the game ended now, part by part."""
    if not hint.lines:
        return ngettext(
            "If the game ended now: {count} point",
            "If the game ended now: {count} points",
            hint.total,
        ).format(count=hint.total)
    # Translators: one part of a score: what it is, and its points ("2 sets of three: ...: 12").
    part = _("{part}: {points}")
    parts = "; ".join(part.format(part=label, points=points) for label, points in hint.lines)
    # Translators: {parts} lists the score's parts, separated by semicolons.
    return ngettext(
        "If the game ended now: {count} point ({parts})",
        "If the game ended now: {count} points ({parts})",
        hint.total,
    ).format(count=hint.total, parts=parts)


def seats_to_act(view: MoonsView) -> tuple[int, ...]:
    """Who the shown view waits for (the header follows the animation, not the rules)."""
    if view.phase == Phase.PLAY:
        return (view.order[len(view.trick)],)
    if view.phase == Phase.AWARD:
        return (view.awards[0][0],)
    if view.phase == Phase.TABLEAU:
        return tuple(s for s in range(view.seats) if view.tableau_sizes[s] < TABLEAU_SIZE)
    return ()


@dataclass(frozen=True, slots=True)
class Trade:
    """A trade being chosen by `seat`: what it gives and, for a Trade Token, with whom."""

    seat: int
    kind: type[TradeToken] | type[TradeCard]
    give: int | None = None
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Options:
    """What the seat at the screen may do now, and what the board shows of it: worked out
    once per snapshot of the table."""

    view: MoonsView
    legal: Sequence[Command]
    asked: bool
    hints: CardHints
    trade: Trade | None
    trades: tuple[TradeToken | TradeCard, ...]
    """The legal commands the trade in progress can still become."""
    score: ScoreHint | None
    """The viewer's best score if the game ended now (None for a spectator)."""
    seating: Seating
    lit: Lit = field(default_factory=Lit)
    """What a click may use, lit on the board (worked out from the rest)."""

    def minis(self, kind: Mini) -> bool:
        """A mini-asteroid of `kind` may be played now."""
        return any(isinstance(c, MINI_COMMANDS[kind]) for c in self.legal)


class MoonsScreen(BoardScreen[MoonsPresenter, MoonsPainter]):
    board_aspect = ASPECT
    extra_height = EXTRA_HEIGHT
    look_art = LOOK_ART

    def __init__(
        self,
        view: MoonsView,
        names: Sequence[str],
        looks: Sequence[str],
        sound: Callable[[str], None],
        bottom: int,
    ) -> None:
        """`looks`: each seat's crest (LOOKS ids); `bottom`: the painter's."""
        presenter = MoonsPresenter(view, names, sound)
        super().__init__(presenter, MoonsPainter(presenter, bottom), names, looks)
        self._trade: Trade | None = None
        self._worked_out: tuple[TableContext, Options] | None = None
        """The last snapshot of the table and the options worked out from it."""

    @property
    def layout(self) -> TableLayout:
        assert self.painter.layout is not None, "relayout first"
        return self.painter.layout

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.rect_at(anchor).center

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        return self.painter.outline(anchor)

    # Whose turn ------------------------------------------------------------------------------

    table_title = "Moons"

    def waiting(self, view: MoonsView) -> tuple[int, ...]:
        return seats_to_act(view)

    def prompt(self, view: MoonsView, table: TableContext) -> str:
        """A short prompt (the header keeps it on one line at full size)."""
        options = self._options(table)
        if options.trade is not None:
            return self._trade_step(options.trade)
        if view.phase == Phase.TABLEAU and view.viewer is not None:
            left = TABLEAU_SIZE - view.tableau_sizes[view.viewer]
            return ngettext(
                "Choose your tableau: lay {count} Moon card face down.",
                "Choose your tableau: lay {count} Moon cards face down.",
                left,
            ).format(count=left)
        if view.phase == Phase.AWARD:
            return _(AWARDS[Award(view.awards[0][2])][0])
        if not view.trick:
            return _("Lead a Moon card.")
        led = SUIT_OF[view.trick[0]]
        if led != NO_SUIT and any(SUIT_OF[c] == led for c in view.hand or ()):
            # Translators: {planet}: the suit led (Jupiter, Saturn, Neptune, Uranus).
            return _("Follow {planet} (or an Asteroid).").format(planet=planet_name(led))
        return _("Play any card.")

    def stage(self, view: MoonsView) -> str:
        """What the seats the table waits for are doing, in words."""
        waiting = seats_to_act(view)
        if view.phase == Phase.TABLEAU:
            if len(waiting) == 1:
                return _("Choosing a tableau.")
            return ngettext(
                "{count} player is choosing a tableau.",
                "{count} players are choosing tableaux.",
                len(waiting),
            ).format(count=len(waiting))
        if view.phase == Phase.AWARD:
            return _(AWARDS[Award(view.awards[0][2])][1])
        if view.phase != Phase.PLAY:
            return ""
        if not view.trick:
            return _("To lead the next trick.")
        played = len(view.trick)
        if SUIT_OF[view.trick[0]] == NO_SUIT:
            return ngettext(
                "{count} card of this trick played.", "{count} cards of this trick played.", played
            ).format(count=played)
        return ngettext(
            "{planet} led; {count} card played.", "{planet} led; {count} cards played.", played
        ).format(planet=planet_name(SUIT_OF[view.trick[0]]), count=played)

    def result(self, view: MoonsView) -> str | None:
        if view.phase != Phase.OVER:
            return None
        standings = final_standings(view, self.names)
        return win_words(self.names, standings.winners, standings.rows[0].total) + "."

    # Drawing -----------------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        options = self._options(table)
        self.painter.draw_board(surface, options.seating, options.lit)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        options = self._options(table)
        draw_row(surface, self.layout, rect, seat, self._presenter, options.seating, options.lit)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        draw_supply(surface, self.layout, rect, self._presenter, self._options(table).lit)
        # The last of the screen's parts the table draws: things in flight pass over the
        # board and the panel alike (a token flies from the supply to a seat row).
        self.painter.draw_flights(surface)

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        self.painter.draw_hint(surface, self._options(table).lit, command, pulse)

    # What the seat at the screen may do --------------------------------------------------------

    def _options(self, table: TableContext) -> Options:
        """The options for this snapshot of the table, worked out on its first question."""
        if self._worked_out is None or self._worked_out[0] is not table:
            self._worked_out = (table, self._work_out(table))
        return self._worked_out[1]

    def _work_out(self, table: TableContext) -> Options:
        view: MoonsView = table.view
        legal: Sequence[Command] = table.legal()
        # The shown view must be the asked seat's: right after a hand-off it may still be
        # the last player's for a moment.
        asked = bool(legal) and view.viewer == table.viewer
        if not asked:
            legal = ()
        trade = self._trade
        trades: tuple[TradeToken | TradeCard, ...] = ()
        if trade is not None:
            trades = tuple(
                c
                for c in legal
                if isinstance(c, trade.kind)
                and (trade.give is None or c.give == trade.give)
                and (trade.target is None or c.target == trade.target)
            )
            if table.idle and (not trades or trade.seat != table.viewer):
                self._trade = trade = None  # the turn is over, or the choice no longer fits
        score = score_now(view)
        acting = frozenset(table.waiting)
        seating = Seating(
            self.names,
            self.looks,
            acting=acting,
            # Bots may think ahead of the animation: only those the board waits for show it.
            thinking=acting & frozenset(table.thinking()),
            time=table.clock,
            score=None if score is None else score.total,
        )
        options = Options(
            view, legal, asked, card_hints(view, legal), trade, trades, score, seating
        )
        return replace(options, lit=self._lit(options))

    def _lit(self, options: Options) -> Lit:
        view, trade = options.view, options.trade
        if not options.asked:
            return Lit()
        seat = view.viewer
        assert seat is not None
        minis = self._presenter.minis[seat]
        if trade is None:
            playable = {kind for kind in MINI_COMMANDS if options.minis(kind)}
            return Lit(
                asked=True,
                cards=options.hints.playable,
                supply=frozenset(c.planet for c in options.legal if isinstance(c, TakeToken)),
                minis=frozenset(
                    n for n, m in enumerate(minis) if m != HIDDEN and MINI_KIND[m] in playable
                ),
            )
        kind = Mini.TRADE_TOKEN if trade.kind is TradeToken else Mini.TRADE_CARD
        chosen_mini = next(
            (n for n, m in enumerate(minis) if m != HIDDEN and MINI_KIND[m] == kind), None
        )
        lit = Lit(
            asked=True,
            minis=frozenset() if chosen_mini is None else frozenset({chosen_mini}),
            chosen_mini=chosen_mini,
            prompt=self._trade_prompt(options),
        )
        if trade.kind is TradeCard:
            if trade.give is None:
                return replace(lit, cards=frozenset(c.give for c in options.trades))
            tableaux = self._presenter.tableaux
            return replace(
                lit,
                chosen_card=trade.give,
                tableau=frozenset(
                    (c.target, tableaux[c.target].index(c.take)) for c in options.trades
                ),
            )
        if trade.give is None:
            return replace(lit, tokens=frozenset((seat, c.give) for c in options.trades))
        return replace(
            lit,
            chosen_token=(seat, trade.give),
            tokens=frozenset((c.target, c.take) for c in options.trades),
            seats=frozenset(c.target for c in options.trades)
            if trade.target is None
            else frozenset(),
            chosen_seat=trade.target,
        )

    @staticmethod
    def _trade_step(trade: Trade) -> str:
        """A trade's next step, short (the board says it at length)."""
        if trade.kind is TradeCard:
            if trade.give is None:
                return _("Click your card to give.")
            return _("Click a card to take.")
        if trade.give is None:
            return _("Click your token to give.")
        return _("Click the token you want.")

    def _trade_prompt(self, options: Options) -> str:
        trade = options.trade
        assert trade is not None
        if trade.kind is TradeCard:
            if trade.give is None:
                return _("Trade Card: click the Moon card of your hand to give.")
            return _("Give {card}: now click the tableau card to take.").format(
                card=card_words(trade.give)
            )
        if trade.give is None:
            return _("Trade Token: click your planet token to give (your row, at the right).")
        planet = planet_name(trade.give)
        if trade.target is None:
            return _(
                "Give a {planet} token: now click the token you want of another player."
            ).format(planet=planet)
        return _("Give a {planet} token to {player}: click the token you want.").format(
            planet=planet, player=self.names[trade.target]
        )

    def actions(self, table: TableContext) -> list[Action]:
        options = self._options(table)
        trade = options.trade
        if trade is not None:
            if trade.kind is TradeToken and trade.target is not None:
                return [
                    Action(_take_label(c.take), c, primary=True)
                    for c in options.trades
                    if isinstance(c, TradeToken)
                ]
            return []
        takes = [
            Action(_take_label(c.planet), c, primary=True)
            for c in options.legal
            if isinstance(c, TakeToken)
        ]
        if BLOCK in options.legal:
            takes.append(Action(_("Play Block"), BLOCK, hint=_(MINI_WORDS[Mini.BLOCK])))
        return takes

    # Spots -------------------------------------------------------------------------------------

    def spots(self, table: TableContext) -> list[Spot]:
        """Everything a pointer may rest on, bottom first as drawn, in reading order: the
        seats' places on the board (which never overlap) from the top left, the trick, the
        trade's Cancel, the hand, then the side panel's rows and the supply."""
        options = self._options(table)
        places = self.painter.places()
        spots: list[Spot] = []
        plates = [here.plate for here in places.seats]
        for seat in sorted(range(len(plates)), key=lambda s: (plates[s].top, plates[s].left)):
            spots += self._seat_spots(options, places, seat)
        spots += self._trick_spots(places)
        if self._presenter.holders[Marker.BLOCK] == -1:
            text = _("The Block token, at the side of the table: a Block mini-asteroid takes it")
            spots.append(Spot(places.side, text))
        if options.trade is not None:
            spots.append(Spot(places.cancel, _("Cancel the trade"), select=self._cancel))
        spots += self._hand_spots(options, places)
        for seat, row in enumerate(self.layout.seats):
            spots += self._row_spots(options, seat, row)
        spots += self._supply_spots(options)
        return spots

    def _seat_spots(self, options: Options, places: Places, seat: int) -> list[Spot]:
        picture, name = self._presenter, self.names[seat]
        here = places.seats[seat]
        spots = [self._seat_spot(options, here.plate, seat, name)]
        for slot, card in enumerate(picture.tableaux[seat]):
            if card is not None:
                spots.append(self._tableau_spot(options, here.tableau[slot], seat, card))
        for marker, spot in zip(MARKERS, here.markers, strict=True):
            if picture.holders[marker] == seat:
                spots.append(Spot(spot, _(MARKER_WORDS[marker]).format(player=name)))
        won = picture.tricks_won[seat]
        if won:
            spots.append(Spot(here.won, _won_words(name, won)))
        minis = picture.minis[seat]
        for index, rect in enumerate(places.mini_rects(seat, len(minis))):
            spots.append(self._mini_spot(options, rect, seat, index, minis[index]))
        held = len(picture.hands[seat])
        if seat != places.bottom and held:
            spots.append(Spot(here.hand, _holds_words(name, held)))
        return spots

    def _seat_spot(self, options: Options, rect: pygame.Rect, seat: int, name: str) -> Spot:
        """A seat's plate or row: in a Trade Token, the seat to trade with."""
        trade = options.trade
        if trade is not None and trade.kind is TradeToken and trade.give is not None:
            if any(c.target == seat for c in options.trades):
                text = _("Trade with {player}").format(player=name)
                return Spot(rect, text, select=self._choose(target=seat))
            return Spot(rect, self._why_not_with(options, seat))
        tokens = sum(self._presenter.tokens[seat])
        won = self._presenter.tricks_won[seat]
        # Translators: a player's row: {tokens} is "1 planet token" or "5 planet tokens",
        # from the message of that name.
        text = ngettext(
            "{player}: {tokens}, {count} trick won this round",
            "{player}: {tokens}, {count} tricks won this round",
            won,
        )
        planet_tokens = ngettext("{count} planet token", "{count} planet tokens", tokens)
        return Spot(
            rect, text.format(player=name, tokens=planet_tokens.format(count=tokens), count=won)
        )

    def _why_not_with(self, options: Options, seat: int) -> str:
        view, name = options.view, self.names[seat]
        if seat == view.viewer:
            return _("Trade with another player")
        if seat == view.block_holder:
            return _block_words(name)
        return _("{player} has no token of another planet than yours").format(player=name)

    def _tableau_spot(self, options: Options, rect: pygame.Rect, seat: int, card: int) -> Spot:
        name, trade, view = self.names[seat], options.trade, options.view
        if trade is not None and trade.kind is TradeCard and trade.give is not None:
            command = next((c for c in options.trades if (c.target, c.take) == (seat, card)), None)
            if command is not None:
                text = _("Take {card} for {given}").format(
                    card=card_words(card), given=card_words(trade.give)
                )
                return Spot(rect, text, command=command)
            if seat == view.block_holder and seat != view.viewer:
                return Spot(rect, _block_words(name))
        if self._presenter.reveal < 0.5:
            if seat == view.viewer and card != HIDDEN:
                text = _("Your tableau: {card}, face down to the others")
                return Spot(rect, text.format(card=card_words(card)))
            return Spot(rect, _("Face down until everyone has laid three cards"))
        text = _("Tableau of {player}: {card}. Tricks won bring tokens of its planets")
        return Spot(rect, text.format(player=name, card=card_words(card)))

    def _mini_spot(
        self, options: Options, rect: pygame.Rect, seat: int, index: int, mini: int
    ) -> Spot:
        if mini == HIDDEN:
            held = len(self._presenter.minis[seat])
            text = ngettext(
                "{player} holds {count} mini-asteroid, face down until the end",
                "{player} holds {count} mini-asteroids, face down until the end",
                held,
            )
            return Spot(rect, text.format(player=self.names[seat], count=held))
        kind = MINI_KIND[mini]
        if kind == Mini.MODIFIER:
            planet, group = modifier_group(mini)
            # Translators: {points} is what each group scores (always more than one point).
            text = ngettext(
                "Score Modifier: at the end, each group of {count} {planet} token scores "
                "{points} points (never played)",
                "Score Modifier: at the end, each group of {count} {planet} tokens scores "
                "{points} points (never played)",
                group,
            )
            return Spot(
                rect,
                text.format(count=group, planet=planet_name(planet), points=MODIFIER_VALUE[group]),
            )
        words = _(MINI_WORDS[kind])
        if seat != options.view.viewer:
            return Spot(rect, words)
        trade = options.trade
        if trade is not None:
            if MINI_COMMANDS[kind] is trade.kind:
                return Spot(rect, _("Cancel the trade"), select=self._cancel)
            # Translators: {what} says what the mini-asteroid does ("Block: take the Block
            # token; ...").
            return Spot(rect, _("{what}. Finish the trade or cancel it first").format(what=words))
        if not options.minis(kind):
            # Translators: {what} says what the mini-asteroid does, {why_not} why it cannot
            # be played now (a sentence of its own).
            text = _("{what}. {why_not}")
            return Spot(rect, text.format(what=words, why_not=self._why_not_mini(options, kind)))
        play = _("Play it — {what}").format(what=words)
        if kind == Mini.BLOCK:
            return Spot(rect, play, command=BLOCK)
        start = self._start(TradeToken if kind == Mini.TRADE_TOKEN else TradeCard)
        return Spot(rect, play, select=start)

    @staticmethod
    def _why_not_mini(options: Options, kind: Mini) -> str:
        view = options.view
        if not options.asked or view.phase != Phase.PLAY:
            return _("Play it on your turn in a trick, before your card")
        if view.mini_played:
            return _("One mini-asteroid a turn: you have played one")
        if kind == Mini.TRADE_TOKEN:
            return _(
                "No trade is possible now: it needs a token of yours and another player's "
                "token of a different planet (not the Block holder's)"
            )
        return _("No trade is possible now: it needs a Moon card in your hand and a tableau card")

    def _trick_spots(self, places: Places) -> list[Spot]:
        return [
            Spot(
                places.tricks[order],
                (_("{player} led {card}") if order == 0 else _("{player} played {card}")).format(
                    player=self.names[seat], card=card_words(card)
                ),
            )
            for order, (seat, card) in enumerate(self._presenter.trick)
        ]

    def _hand_spots(self, options: Options, places: Places) -> list[Spot]:
        held = _holds_words(self.names[places.bottom], len(self._presenter.hands[places.bottom]))
        return [
            Spot(rect, held) if card == HIDDEN else self._card_spot(options, rect, card)
            for card, rect in self.painter.hand_strips(options.lit)
        ]

    def _card_spot(self, options: Options, rect: pygame.Rect, card: int) -> Spot:
        trade = options.trade
        if trade is not None:
            if trade.kind is TradeToken:
                return Spot(rect, _("Finish the trade or cancel it first"))
            # Any card a trade can give, to change one's mind after choosing another.
            if any(isinstance(c, TradeCard) and c.give == card for c in options.legal):
                text = _("Give {card} in the trade").format(card=card_words(card))
                return Spot(rect, text, select=self._choose(give=card))
            if card >= MOON_CARDS:
                return Spot(rect, _("An Asteroid cannot be traded: only Moon cards"))
            return Spot(rect, _("Finish the trade or cancel it first"))
        if PlaceInTableau(card) in options.legal:
            text = _("Lay {card} face down in your tableau").format(card=card_words(card))
            return Spot(rect, text, PlaceInTableau(card))
        if PlayCard(card) in options.legal:
            text = _("Play {card}").format(card=card_words(card))
            return Spot(rect, text, PlayCard(card))
        reason = options.hints.reasons.get(card, "")
        return Spot(rect, reason[:1].upper() + reason[1:])

    def _row_spots(self, options: Options, seat: int, row: pygame.Rect) -> list[Spot]:
        name, picture = self.names[seat], self._presenter
        places = row_places(row, self.layout)
        spots = [self._seat_spot(options, row, seat, name)]
        won = picture.tricks_won[seat]
        spots.append(Spot(places.tricks, _won_words(name, won)))
        for planet, rect in enumerate(places.tokens):
            spots.append(self._token_spot(options, rect.inflate(rect.width, 4), seat, planet))
        hint = options.score if seat == options.view.viewer else None
        if hint is not None:
            spots.append(Spot(places.score, _score_words(hint)))
        return spots

    def _token_spot(self, options: Options, rect: pygame.Rect, seat: int, planet: int) -> Spot:
        name, trade, view = self.names[seat], options.trade, options.view
        count = self._presenter.tokens[seat][planet]
        planet_label = planet_name(planet)
        tokens = ngettext(
            "{player}: {count} {planet} token", "{player}: {count} {planet} tokens", count
        )
        plain = Spot(rect, tokens.format(player=name, count=count, planet=planet_label))
        if trade is None or trade.kind is not TradeToken:
            return plain
        gives = {c.give for c in options.legal if isinstance(c, TradeToken)}
        if seat == view.viewer:
            if planet in gives:
                text = _("Give a {planet} token").format(planet=planet_label)
                return Spot(rect, text, select=self._choose(give=planet))
            text = _("You have no {planet} token that a trade could take")
            return Spot(rect, text.format(planet=planet_label))
        if trade.give is None:
            return Spot(rect, _("First click the token of yours to give (your row)"))
        # Any seat's token completes the trade, even after choosing another seat.
        command = TradeToken(trade.give, seat, planet)
        if command in options.legal:
            # Translators: {planet} and {given} are planets' names.
            text = _("Take a {planet} token of {player} for your {given} token").format(
                planet=planet_label, player=name, given=planet_name(trade.give)
            )
            return Spot(rect, text, command=command)
        if seat == view.block_holder:
            return Spot(rect, _block_words(name))
        if planet == trade.give:
            return Spot(rect, _("A trade gives one planet for a different one"))
        text = _("{player} has no {planet} token").format(player=name, planet=planet_label)
        return Spot(rect, text)

    def _supply_spots(self, options: Options) -> list[Spot]:
        picture = self._presenter
        places = supply_places(self.layout.extra, self.layout)
        spots = []
        for planet, rect in enumerate(places.tokens):
            name = planet_name(planet)
            room = rect.inflate(rect.width, 4)
            if TakeToken(planet) in options.legal:
                text = _("Take a {planet} token").format(planet=name)
                spots.append(Spot(room, text, command=TakeToken(planet)))
                continue
            left = picture.supply[planet]
            if options.view.phase == Phase.AWARD and options.asked:
                text = ngettext(
                    "{planet}: {count} token left in the supply — this award does not give "
                    "{planet}",
                    "{planet}: {count} tokens left in the supply — this award does not give "
                    "{planet}",
                    left,
                )
            else:
                text = ngettext(
                    "{planet}: {count} token left in the supply",
                    "{planet}: {count} tokens left in the supply",
                    left,
                )
            spots.append(Spot(room, text.format(planet=name, count=left)))
        deck = ngettext(
            "{count} mini-asteroid in the deck: playing an Asteroid card draws one",
            "{count} mini-asteroids in the deck: playing an Asteroid card draws one",
            picture.mini_deck,
        )
        spots.append(Spot(places.deck, deck.format(count=picture.mini_deck)))
        spent = len(picture.discard)
        text = ngettext(
            "{count} mini-asteroid played and spent",
            "{count} mini-asteroids played and spent",
            spent,
        )
        spots.append(Spot(places.discard, text.format(count=spent)))
        return spots

    # The trade in progress -----------------------------------------------------------------------

    def holding(self) -> bool:
        return self._trade is not None

    def let_go(self) -> None:
        self._cancel()

    def _set_trade(self, trade: Trade | None) -> None:
        self._trade = trade
        self._worked_out = None  # what is lit and offered follows the new step

    def _start(self, kind: type[TradeToken] | type[TradeCard]) -> Callable[[], None]:
        def start() -> None:
            viewer = self._presenter.viewer
            if viewer is not None:
                self._set_trade(Trade(viewer, kind))

        return start

    def _choose(self, **choice: int) -> Callable[[], None]:
        def choose() -> None:
            trade = self._trade
            if trade is not None:
                # A new token or card to give starts the choice of a partner afresh.
                target = choice.get("target", None if "give" in choice else trade.target)
                self._set_trade(replace(trade, give=choice.get("give", trade.give), target=target))

        return choose

    def _cancel(self) -> None:
        self._set_trade(None)

    @property
    def trade(self) -> Trade | None:
        """The trade being chosen (for tests)."""
        return self._trade

    # Where things are, for tests that click like a player ------------------------------------

    def card_rect(self, card: int, table: TableContext) -> pygame.Rect | None:
        """The part of a card of the hand at the bottom that a click reaches."""
        strips = self.painter.hand_strips(self._options(table).lit)
        return next((rect for held, rect in strips if held == card), None)

    def token_rect(self, seat: int, planet: int) -> pygame.Rect:
        return row_places(self.layout.seats[seat], self.layout).tokens[planet]

    def supply_rect(self, planet: int) -> pygame.Rect:
        return supply_places(self.layout.extra, self.layout).tokens[planet]

    def mini_rect(self, index: int) -> pygame.Rect:
        seat = self.painter.bottom
        return self.painter.places().mini_rects(seat, len(self._presenter.minis[seat]))[index]

    def tableau_rect(self, seat: int, slot: int) -> pygame.Rect:
        return self.painter.places().seats[seat].tableau[slot]

    def cancel_rect(self) -> pygame.Rect:
        return self.painter.places().cancel
