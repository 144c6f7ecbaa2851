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
from moonlight_desktop.ui.table.board_screen import BoardScreen
from moonlight_desktop.ui.table.game_ui import Action, TableContext
from moonlight_desktop.ui.table.phrasing import counted
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.spots import Spot

from ..components import CHAIN_LIMIT, GEMS, HAMMER, LINK_TARGETS, SEAL_WORTHY_CHAIN, chain_value
from ..moves import Bid, DiscardHammer, PlaceLink, PlayDisplaced, UseHammer
from ..state import Phase
from ..table import CUSHION_MARKINGS
from ..view import MarketView
from .narrator import GEM_NAMES, cushion_names, link_words, stage_words
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
        return "The prestige is counted." if view.phase == Phase.OVER else None

    def waiting(self, view: MarketView) -> tuple[int, ...]:
        return () if view.phase == Phase.OVER else (view.seat,)

    def stage(self, view: MarketView) -> str:
        return stage_words(view)

    def prompt(self, view: MarketView, table: TableContext) -> str:
        if view.phase == Phase.BID:
            if view.displaced[view.seat] >= 0:
                return f"Your {view.displaced[view.seat]} was displaced: lay it at a cushion."
            if self.card is None:
                return "Bid: choose a card of your hand, then a cushion."
            return f"Bid your {self.card}: choose a lit cushion."
        if view.phase == Phase.HAMMER:
            return "A hammer: click a link of your chains to knock it off, or discard it."
        if self.link is None:
            return "Build: choose a link you received, then a gem of your tableau."
        return f"Lay the {link_words(self.link)}: choose a lit gem."

    # Choices ---------------------------------------------------------------------------------

    def actions(self, table: TableContext) -> list[Action]:
        if DiscardHammer() in table.legal():
            return [Action("Discard the hammer", DiscardHammer())]
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
                    text = f"Knock the {link_words(link)} off with the hammer"
                    rect = painter.rect(places.chain(me, gem, slot))
                    spots.append(Spot(rect, text, UseHammer(gem, slot)))
        for index, link in enumerate(self._presenter.pending[me]):
            rect = painter.rect(places.tray(me, index))
            if any(isinstance(c, PlaceLink) and c.link == link for c in legal):
                spots.append(
                    Spot(rect, f"Lay the {link_words(link)}", select=self._chooser("link", link))
                )
            elif link == HAMMER and view.phase == Phase.HAMMER:
                spots.append(Spot(rect, "The hammer: click a link of your chains"))
            else:
                spots.append(Spot(rect, f"The {link_words(link)}"))
        return spots

    def _hand_spots(self, me: int, legal: Sequence[Command], view: MarketView) -> list[Spot]:
        painter, places = self.painter, self.painter.places
        hand = self._presenter.hand or []
        bids = {c.card for c in legal if isinstance(c, Bid)}
        spots: list[Spot] = []
        for index, card in enumerate(hand):
            rect = painter.rect(places.hand(index, len(hand)))
            if card in bids:
                spots.append(Spot(rect, f"Bid your {card}", select=self._chooser("card", card)))
            elif view.phase == Phase.BID and view.displaced[me] >= 0:
                spots.append(Spot(rect, "First lay your displaced card at a cushion."))
            else:
                spots.append(Spot(rect, f"Your {card}"))
        return spots

    def _plate_text(self, position: int) -> str:
        """What hovering a plate explains, even when it is not your turn."""
        picture = self._presenter
        seals, hand = picture.seals[position], picture.hand_sizes[position]
        text = (
            f"{self.names[position]}: {counted(seals, 'seal')}, {counted(hand, 'card')} in hand,"
            f" {picture.pile_sizes[position]} in the draw pile"
        )
        if picture.displaced[position] >= 0:
            text += f"; the displaced {picture.displaced[position]} must be played next"
        if picture.discards[position]:
            played = ", ".join(str(card) for card in picture.discards[position])
            text += f"; discard pile: {played}"
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
            return (f"The {name}", None)
        me = view.seat
        bid, bidder = view.bids[cushion], view.bidders[cushion]
        held = f"the {bid} of {self.names[bidder]}" if bid >= 0 else ""
        displaced = view.displaced[me]
        if displaced >= 0:
            if PlayDisplaced(cushion) in legal:
                return (self._bid_text(displaced, name, bid, bidder), PlayDisplaced(cushion))
            return (self._refusal(displaced, name, held, view), None)
        if self.card is None:
            return (f"The {name}: choose a card of your hand first", None)
        command = Bid(self.card, cushion)
        if command in legal:
            return (self._bid_text(self.card, name, bid, bidder), command)
        return (self._refusal(self.card, name, held, view), command)  # the rules say why

    def _bid_text(self, card: int, name: str, bid: int, bidder: int) -> str:
        if bid < 0:
            return f"Bid your {card} at the {name}"
        return (
            f"Displace the {bid} of {self.names[bidder]} at the {name}: costs you one seal,"
            f" which {self.names[bidder]} gets"
        )

    @staticmethod
    def _refusal(card: int, name: str, held: str, view: MarketView) -> str:
        if view.seals[view.seat] <= 0:
            return f"The {name} holds {held}: you have no seal to displace it"
        return f"The {name} holds {held}: your {card} is not higher"

    def _gem_choice(
        self, me: int, gem: int, legal: Sequence[Command]
    ) -> tuple[str, Command | None]:
        chain = self._presenter.chains[me][gem]
        title = GEM_NAMES[gem]
        value = chain_value(chain)
        about = f"{title}: {counted(len(chain), 'link')}, worth {value}"
        if self.link is None:
            return (about, None)
        command = PlaceLink(self.link, gem)
        if command not in legal:
            gems = " or ".join(GEM_NAMES[g] for g in LINK_TARGETS[self.link])
            return (f"The {link_words(self.link)} goes at {gems}, not {title}", command)
        if len(chain) >= CHAIN_LIMIT:
            seal = " and earns a seal" if value >= SEAL_WORTHY_CHAIN else ""
            return (
                f"A fourth link: the {title} chain (worth {value}) goes to the casket{seal};"
                f" the {link_words(self.link)} starts a new one",
                command,
            )
        return (f"Lay the {link_words(self.link)} at {title}", command)

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
    name = cushion_names(cushions)[cushion].removeprefix("the ")
    return name if cushion == 0 else f"{name} ({CUSHION_MARKINGS[cushion]})"
