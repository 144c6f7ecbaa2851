"""Moonlight Market on the table kit: the header's words, what a click, a drop or a hover means
(its spots), the action strip; the painter draws it all.

Everything offered comes from the legal commands of the seat at the screen (asked only while
the board is idle). Bidding is chosen in two clicks — a card of your hand, then a cushion (a
displaced card needs only the cushion); laying a link too — a received link, then a gem of
your tableau. A hammer strikes a link of your chains with one click. What cannot be chosen
says why when hovered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import _, ngettext
from moonlight_desktop.ui.table.board_screen import BoardScreen
from moonlight_desktop.ui.table.game_ui import Action, TableContext
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.spots import Spot

from ..components import CHAIN_LIMIT, GEMS, HAMMER, LINK_TARGETS, SEAL_WORTHY_CHAIN, chain_value
from ..moves import Bid, DiscardHammer, PlaceLink, PlayDisplaced, UseHammer
from ..state import Phase
from ..table import CUSHION_MARKINGS
from ..view import MarketView
from .narrator import clauses, cushion_names, gem_name, link_words, stage_words
from .painter import ASPECT, LOOK_ART, MarketPainter, Marks
from .presenter import MarketPresenter, Piece

TRACK_HEIGHT = 58.0
"""The prestige track in the side panel, in design pixels."""


class MarketScreen(BoardScreen[MarketPresenter, MarketPainter]):
    board_aspect = ASPECT
    extra_height = TRACK_HEIGHT
    look_art = LOOK_ART

    def __init__(
        self,
        view: MarketView,
        opening: MarketView,
        names: Sequence[str],
        looks: Sequence[str],
        sound: Callable[[str], None],
    ) -> None:
        """`names` and `looks`: one per position (the seats', then Dirk's and Beate's)."""
        presenter = MarketPresenter(view, opening, names, sound)
        painter = MarketPainter(view.table, tuple(names), tuple(looks), presenter)
        super().__init__(presenter, painter, names, looks)
        self.card: int | None = None
        """The hand card chosen for a bid, waiting for its cushion."""
        self.link: int | None = None
        """The received link chosen, waiting for its gem."""

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.point(anchor, self._presenter.viewer, len(self._presenter.hand or ()))

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        hand = len(self._presenter.hand or ())
        return self.painter.outline(anchor, self._presenter.viewer, hand)

    # Whose turn ------------------------------------------------------------------------------

    table_title = "Moonlight Market"

    def result(self, view: MarketView) -> str | None:
        return _("The prestige is counted.") if view.phase == Phase.OVER else None

    def waiting(self, view: MarketView) -> tuple[int, ...]:
        return () if view.phase == Phase.OVER else (view.seat,)

    def stage(self, view: MarketView) -> str:
        return stage_words(view)

    def prompt(self, view: MarketView, table: TableContext) -> str:
        if view.phase == Phase.BID:
            if view.displaced[view.seat] >= 0:
                return _("Your {card} was displaced: lay it at a cushion.").format(
                    card=view.displaced[view.seat]
                )
            if self.card is None:
                return _("Bid: choose a card of your hand, then a cushion.")
            return _("Bid your {card}: choose a lit cushion.").format(card=self.card)
        if view.phase == Phase.HAMMER:
            return _("A hammer: click a link of your chains to knock it off, or discard it.")
        if self.link is None:
            return _("Build: choose a link you received, then a gem of your tableau.")
        return _("Lay the {link}: choose a lit gem.").format(link=link_words(self.link))

    # Choices ---------------------------------------------------------------------------------

    def actions(self, table: TableContext) -> list[Action]:
        if DiscardHammer() in table.legal():
            return [Action(_("Discard the hammer"), DiscardHammer())]
        return []

    def holding(self) -> bool:
        return self.card is not None or self.link is not None

    def let_go(self) -> None:
        self.card = self.link = None

    def _offered(self, table: TableContext) -> Sequence[Command]:
        """The legal commands of this snapshot; a card or link picked that they no longer
        take is put down."""
        legal = table.legal()
        if self.card is not None and not any(
            isinstance(c, Bid) and c.card == self.card for c in legal
        ):
            self.card = None
        if self.link is not None and not any(
            isinstance(c, PlaceLink) and c.link == self.link for c in legal
        ):
            self.link = None
        return legal

    def spots(self, table: TableContext) -> list[Spot]:
        """Bottom first, in reading order: the cushions, each position's plate (and, for the
        seat at the screen, its gems with their chains and its received links), the hand.
        Only the plates explain themselves when it is not your turn."""
        legal = self._offered(table)
        view: MarketView = table.view
        me = table.viewer if table.viewer is not None and view.viewer == table.viewer else None
        painter, places = self.painter, self.painter.places
        spots: list[Spot] = []
        if me is not None:
            for cushion in range(len(view.cushions)):
                rect = painter.rect(places.cushions[cushion]).union(
                    painter.rect(places.bid(cushion))
                )
                spots.append(Spot(rect, *self._cushion_choice(cushion, legal, view)))
        for position in range(len(self.names)):
            spots.append(Spot(painter.rect(places.plate(position)), self._plate_text(position)))
            if position == me:
                spots += self._tableau_spots(me, legal, view)
        if me is not None:
            spots += self._hand_spots(me, legal, view)
        return spots

    def _tableau_spots(self, me: int, legal: Sequence[Command], view: MarketView) -> list[Spot]:
        """Your gems, each under the links of its chain (a hammer strikes one), then the
        links you received."""
        painter, places = self.painter, self.painter.places
        spots: list[Spot] = []
        for gem in GEMS:
            column = painter.rect(places.column(me, gem))
            spots.append(Spot(column, *self._gem_choice(me, gem, legal)))
            for slot, link in enumerate(self._presenter.chains[me][gem]):
                if UseHammer(gem, slot) in legal:
                    text = _("Knock the {link} off with the hammer").format(link=link_words(link))
                    rect = painter.rect(places.chain(me, gem, slot))
                    spots.append(Spot(rect, text, UseHammer(gem, slot)))
        for index, link in enumerate(self._presenter.pending[me]):
            rect = painter.rect(places.tray(me, index))
            if any(isinstance(c, PlaceLink) and c.link == link for c in legal):
                text = _("Lay the {link}").format(link=link_words(link))
                spots.append(Spot(rect, text, select=self._chooser("link", link)))
            elif link == HAMMER and view.phase == Phase.HAMMER:
                spots.append(Spot(rect, _("The hammer: click a link of your chains")))
            else:
                spots.append(Spot(rect, _("The {link}").format(link=link_words(link))))
        return spots

    def _hand_spots(self, me: int, legal: Sequence[Command], view: MarketView) -> list[Spot]:
        painter, places = self.painter, self.painter.places
        hand = self._presenter.hand or []
        bids = {c.card for c in legal if isinstance(c, Bid)}
        spots: list[Spot] = []
        for index, card in enumerate(hand):
            rect = painter.rect(places.hand(index, len(hand)))
            if card in bids:
                text = _("Bid your {card}").format(card=card)
                spots.append(Spot(rect, text, select=self._chooser("card", card)))
            elif view.phase == Phase.BID and view.displaced[me] >= 0:
                spots.append(Spot(rect, _("First lay your displaced card at a cushion.")))
            else:
                spots.append(Spot(rect, _("Your {card}").format(card=card)))
        return spots

    def _plate_text(self, position: int) -> str:
        """What hovering a plate explains, even when it is not your turn."""
        picture = self._presenter
        seals, hand = picture.seals[position], picture.hand_sizes[position]
        # Translators: {seals} is "3 seals", {hand} is "4 cards in hand".
        text = _("{player}: {seals}, {hand}, {pile} in the draw pile").format(
            player=self.names[position],
            seals=ngettext("{count} seal", "{count} seals", seals).format(count=seals),
            hand=ngettext("{count} card in hand", "{count} cards in hand", hand).format(count=hand),
            pile=picture.pile_sizes[position],
        )
        if picture.displaced[position] >= 0:
            text = clauses(
                text,
                _("the displaced {card} must be played next").format(
                    card=picture.displaced[position]
                ),
            )
        if picture.discards[position]:
            played = ", ".join(str(card) for card in picture.discards[position])
            text = clauses(text, _("discard pile: {cards}").format(cards=played))
        return text

    def _chooser(self, what: str, value: int) -> Callable[[], None]:
        def choose() -> None:
            if what == "card":
                self.card = None if self.card == value else value
            else:
                self.link = None if self.link == value else value

        return choose

    def _cushion_choice(
        self, cushion: int, legal: Sequence[Command], view: MarketView
    ) -> tuple[str, Command | None]:
        name = cushion_name(cushion, len(view.cushions))
        if view.phase != Phase.BID or view.seat != view.viewer:
            return (_("The {cushion}").format(cushion=name), None)
        me = view.seat
        displaced = view.displaced[me]
        if displaced >= 0:
            if PlayDisplaced(cushion) in legal:
                return (self._bid_text(displaced, name, cushion, view), PlayDisplaced(cushion))
            return (self._refusal(displaced, name, cushion, view), None)
        if self.card is None:
            return (_("The {cushion}: choose a card of your hand first").format(cushion=name), None)
        command = Bid(self.card, cushion)
        if command in legal:
            return (self._bid_text(self.card, name, cushion, view), command)
        return (self._refusal(self.card, name, cushion, view), command)  # the rules say why

    def _bid_text(self, card: int, name: str, cushion: int, view: MarketView) -> str:
        bid, bidder = view.bids[cushion], view.bidders[cushion]
        if bid < 0:
            return _("Bid your {card} at the {cushion}").format(card=card, cushion=name)
        return _(
            "Displace the {bid} of {owner} at the {cushion}: costs you one seal, which {owner} gets"
        ).format(bid=bid, owner=self.names[bidder], cushion=name)

    def _refusal(self, card: int, name: str, cushion: int, view: MarketView) -> str:
        bid, owner = view.bids[cushion], self.names[view.bidders[cushion]]
        if view.seals[view.seat] <= 0:
            told = _("The {cushion} holds the {bid} of {owner}: you have no seal to displace it")
        else:
            told = _("The {cushion} holds the {bid} of {owner}: your {card} is not higher")
        return told.format(cushion=name, bid=bid, owner=owner, card=card)

    def _gem_choice(
        self, me: int, gem: int, legal: Sequence[Command]
    ) -> tuple[str, Command | None]:
        chain = self._presenter.chains[me][gem]
        title = gem_name(gem)
        value = chain_value(chain)
        about = ngettext(
            "{gem}: {count} link, worth {value}", "{gem}: {count} links, worth {value}", len(chain)
        ).format(gem=title, count=len(chain), value=value)
        if self.link is None:
            return (about, None)
        command = PlaceLink(self.link, gem)
        link = link_words(self.link)
        if command not in legal:
            targets = [gem_name(g) for g in LINK_TARGETS[self.link]]
            if len(targets) == 1:
                told = _("The {link} goes at {gem}, not {other}").format(
                    link=link, gem=targets[0], other=title
                )
            else:
                told = _("The {link} goes at {gem} or {second}, not {other}").format(
                    link=link, gem=targets[0], second=targets[1], other=title
                )
            return (told, command)
        if len(chain) >= CHAIN_LIMIT:
            full = (
                _(
                    "A fourth link: the {gem} chain (worth {value}) goes to the casket and earns"
                    " a seal; the {link} starts a new one"
                )
                if value >= SEAL_WORTHY_CHAIN
                else _(
                    "A fourth link: the {gem} chain (worth {value}) goes to the casket; the"
                    " {link} starts a new one"
                )
            )
            return (full.format(gem=title, value=value, link=link), command)
        return (_("Lay the {link} at {gem}").format(link=link, gem=title), command)

    # Drawing: the painter's --------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        legal = self._offered(table)
        dragged: Piece | None = None
        if self._picked and pygame.mouse.get_pressed()[0]:  # a piece being dragged
            dragged = (
                Piece("card", self.card) if self.card is not None else Piece("link", self.link or 0)
            )
        marks = Marks(table.waiting, legal, self.card, self.link, dragged, table.choice_glow)
        self.painter.draw_board(surface, marks)

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        if table.viewer is not None and self.painter.layout is not None:
            self.painter.draw_hint(surface, command, table.viewer, pulse)

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        self.painter.draw_seat(surface, rect, seat, seat in table.waiting)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        self.painter.draw_track(surface, rect)


def cushion_name(cushion: int, cushions: int) -> str:
    """A cushion as the log names it ("moon cushion", "middle cushion", "bottom cushion"...),
    with its marking after any but the moon cushion."""
    name = cushion_names(cushions)[cushion]
    return name if cushion == 0 else f"{name} ({CUSHION_MARKINGS[cushion]})"
