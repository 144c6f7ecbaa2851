"""Moonlight Market on the table kit: the header, what a click or hover means, the action strip.

Everything offered comes from the legal commands of the seat at the screen (asked only while
the board is idle). Bidding is chosen in two clicks — a card of your hand, then a cushion (a
displaced card needs only the cushion); laying a link too — a received link, then a gem of
your tableau. A hammer strikes a link of your chains with one click. What cannot be chosen
says why when hovered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.game_ui import Action, Hover, TableContext
from moonlight_desktop.ui.table.glow import draw_glow_frame
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.presenter import Anchor
from moonlight_desktop.ui.table.rows import draw_seat_frame

from ..components import (
    CHAIN_LIMIT,
    GEMS,
    HAMMER,
    LINK_TARGETS,
    SEAL_WORTHY_CHAIN,
    chain_value,
    scores_chain,
)
from ..moves import Bid, DiscardHammer, PlaceLink, PlayDisplaced, UseHammer
from ..state import Phase
from ..table import COLUMNS, CUSHION_MARKINGS
from ..view import MarketView
from .narrator import GEM_NAMES as GEM_TITLES
from .narrator import cushion_names, link_words
from .painter import (
    ASPECT,
    GEM_INK,
    GEM_NAMES,
    MarketPainter,
    draw_look,
    look_color,
    stretched,
)
from .presenter import CardPiece, CoinPiece, Gain, LinkPiece, MarketPresenter

Color = tuple[int, int, int]
GAIN_WORDS = {"seals": "seal majority", "card": "last card"}
TRACK_HEIGHT = 58.0
"""The prestige track in the side panel, in design pixels."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Something on the board a pointer may rest on: what it says and what a click does (a
    command, or a choice kept for the next click), or nothing (the text says why)."""

    rect: pygame.Rect
    text: str
    command: Command | None = None
    select: Callable[[], None] | None = None


class MarketScreen:
    def __init__(
        self,
        view: MarketView,
        opening: MarketView,
        names: Sequence[str],
        looks: Sequence[str],
        sound: Callable[[str], None],
    ) -> None:
        """`names` and `looks`: one per position (the seats', then Dirk's and Beate's)."""
        self._presenter = MarketPresenter(view, opening, names, sound)
        self.names = tuple(names)
        self.looks = tuple(looks)
        self.table = view.table
        self.painter = MarketPainter(view.table, self.looks)
        self.card: int | None = None
        """The hand card chosen for a bid, waiting for its cushion."""
        self.link: int | None = None
        """The received link chosen, waiting for its gem."""
        self._picked = False
        """The last press picked a card or a link up: releasing it elsewhere drops it."""

    @property
    def presenter(self) -> MarketPresenter:
        return self._presenter

    @property
    def rows(self) -> int:
        return len(self.names)

    @property
    def board_aspect(self) -> float:
        return ASPECT

    @property
    def extra_height(self) -> float:
        return TRACK_HEIGHT

    def relayout(self, layout: TableLayout) -> None:
        self.painter.relayout(layout)

    def resolve(self, anchor: Anchor) -> tuple[float, float]:
        return self.painter.point(anchor, self._presenter.viewer, len(self._presenter.hand or ()))

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        hand = len(self._presenter.hand or ())
        return self.painter.outline(anchor, self._presenter.viewer, hand)

    def seat_color(self, seat: int) -> Color:
        return look_color(self.looks[seat]) if 0 <= seat < len(self.looks) else theme.SILVER

    def draw_figure(
        self, surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int
    ) -> None:
        draw_look(surface, self.looks[seat], centre, size)

    # Whose turn ------------------------------------------------------------------------------

    table_title = "Moonlight Market"

    def result(self, view: MarketView) -> str | None:
        return "The prestige is counted." if view.phase == Phase.OVER else None

    def waiting(self, view: MarketView) -> tuple[int, ...]:
        return () if view.phase == Phase.OVER else (view.seat,)

    def stage(self, view: MarketView) -> str:
        return f"Pass {view.pass_index + 1} of 4, round {view.round_index + 1}"

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

    def _legal(self, table: TableContext) -> Sequence[Command]:
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
        """Everything a pointer may rest on now, topmost first."""
        legal = self._legal(table)
        view = self._presenter.shown
        painter, places = self.painter, self.painter.places
        spots: list[Spot] = []
        me = table.viewer
        if me is None or view.viewer != me:
            return self._passive_spots()
        hand = self._presenter.hand or []
        bids = [c for c in legal if isinstance(c, Bid)]
        for index, card in enumerate(hand):
            rect = painter.rect(places.hand(index, len(hand)))
            if any(c.card == card for c in bids):
                spots.append(Spot(rect, f"Bid your {card}", select=self._chooser("card", card)))
            elif view.phase == Phase.BID and view.displaced[me] >= 0:
                spots.append(Spot(rect, "First lay your displaced card at a cushion."))
            else:
                spots.append(Spot(rect, f"Your {card}"))
        for cushion in range(len(view.cushions)):
            rect = painter.rect(places.cushions[cushion]).union(painter.rect(places.bid(cushion)))
            spots.append(Spot(rect, *self._cushion_choice(cushion, legal, view)))
        hammer = [c for c in legal if isinstance(c, UseHammer)]
        for gem in GEMS:
            chain = self._presenter.chains[me][gem]
            for slot, link in enumerate(chain):
                rect = painter.rect(places.chain(me, gem, slot))
                command = UseHammer(gem, slot)
                if command in hammer:
                    spots.append(
                        Spot(rect, f"Knock the {link_words(link)} off with the hammer", command)
                    )
            column = painter.rect(places.column(me, gem))
            spots.append(Spot(column, *self._gem_choice(me, gem, legal)))
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
        return spots + self._passive_spots()

    def _passive_spots(self) -> list[Spot]:
        """What hovering explains even when it is not your turn."""
        painter, places, picture = self.painter, self.painter.places, self._presenter
        spots = []
        for position in range(len(self.names)):
            plate = painter.rect(places.plate(position))
            seals, hand = picture.seals[position], picture.hand_sizes[position]
            text = (
                f"{self.names[position]}: {seals} seal{'s' if seals != 1 else ''},"
                f" {hand} card{'s' if hand != 1 else ''} in hand,"
                f" {picture.pile_sizes[position]} in the draw pile"
            )
            if picture.displaced[position] >= 0:
                text += f"; the displaced {picture.displaced[position]} must be played next"
            if picture.discards[position]:
                played = ", ".join(str(card) for card in picture.discards[position])
                text += f"; discard pile: {played}"
            spots.append(Spot(plate, text))
        return spots

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
        title = GEM_TITLES[gem]
        value = chain_value(chain)
        about = f"{title}: {len(chain)} link{'s' if len(chain) != 1 else ''}, worth {value}"
        if self.link is None:
            return (about, None)
        command = PlaceLink(self.link, gem)
        if command not in legal:
            gems = " or ".join(GEM_TITLES[g] for g in LINK_TARGETS[self.link])
            return (f"The {link_words(self.link)} goes at {gems}, not {title}", command)
        if len(chain) >= CHAIN_LIMIT:
            seal = " and earns a seal" if value >= SEAL_WORTHY_CHAIN else ""
            return (
                f"A fourth link: the {title} chain (worth {value}) goes to the casket{seal};"
                f" the {link_words(self.link)} starts a new one",
                command,
            )
        return (f"Lay the {link_words(self.link)} at {title}", command)

    def command_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        """A click: picks a card or a link (or puts it back), or gives the command of what
        was clicked; a refused one keeps the piece picked, and the rules say why."""
        self._picked = False
        for spot in self.spots(table):
            if spot.rect.collidepoint(point):
                if spot.select is not None:
                    spot.select()
                    self._picked = self.card is not None or self.link is not None
                    return None
                if spot.command is not None and spot.command in table.legal():
                    self.card = self.link = None
                return spot.command
        return None

    def dropped_at(self, point: tuple[int, int], table: TableContext) -> Command | None:
        """A card or link picked up by the press and dropped on a cushion or a gem."""
        if not self._picked:
            return None
        self._picked = False
        for spot in self.spots(table):
            if spot.rect.collidepoint(point):
                if spot.select is not None or spot.command is None:
                    return None  # dropped back on the hand or the tray: still picked
                if spot.command in table.legal():
                    self.card = self.link = None
                return spot.command
        return None

    def hover(self, point: tuple[int, int], table: TableContext) -> Hover | None:
        for spot in self.spots(table):
            if spot.rect.collidepoint(point):
                return Hover(spot.text, spot.rect)
        return None

    # Drawing ---------------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, table: TableContext) -> None:
        layout = self.painter.layout
        assert layout is not None
        theme.panel(surface, layout.board, alpha=120, radius=self.painter.px(18))
        legal = self._legal(table) if table.viewer is not None else ()
        self._draw_cushions(surface, legal, table.choice_glow)
        for position in range(len(self.names)):
            self._draw_row(surface, position, legal, table.choice_glow)
        self._draw_strip(surface, legal)
        self.painter.draw_flights(surface, self._presenter, self._presenter.viewer)
        if self._picked and pygame.mouse.get_pressed()[0]:  # a piece being dragged
            piece = CardPiece(self.card) if self.card is not None else LinkPiece(self.link or 0)
            self.painter.draw_piece(surface, piece, pygame.mouse.get_pos())

    def draw_hint(
        self, surface: pygame.Surface, command: Command, table: TableContext, pulse: float
    ) -> None:
        """The hinted move on the board, framed in a pulsing glow: the card to bid and its
        cushion, the link to lay and its gem's column, or the link for the hammer."""
        painter, places, picture = self.painter, self.painter.places, self._presenter
        me = table.viewer
        if me is None or painter.layout is None:
            return
        rects: list[pygame.Rect] = []
        if isinstance(command, Bid | PlayDisplaced):
            cushion = command.cushion
            rects.append(
                painter.rect(places.cushions[cushion]).union(painter.rect(places.bid(cushion)))
            )
            hand = picture.hand or []
            if isinstance(command, Bid) and command.card in hand:
                rects.append(painter.rect(places.hand(hand.index(command.card), len(hand))))
        elif isinstance(command, PlaceLink):
            rects.append(painter.rect(places.column(me, command.gem)))
            pending = picture.pending[me]
            if command.link in pending:
                rects.append(painter.rect(places.tray(me, pending.index(command.link))))
        elif isinstance(command, UseHammer):
            rects.append(painter.rect(places.chain(me, command.gem, command.slot)))
        for rect in rects:
            draw_glow_frame(surface, rect, pulse, painter.px, arrow=True)

    def _glow(
        self, surface: pygame.Surface, rect: pygame.Rect, pulse: float, strength: float = 1.0
    ) -> None:
        layer = pygame.Surface(rect.inflate(12, 12).size, pygame.SRCALPHA)
        for step in range(4):
            pygame.draw.rect(
                layer,
                (*theme.GLOW, round(70 * strength * pulse * (step + 1) / 4)),
                layer.get_rect().inflate(-step * 3, -step * 3),
                width=3,
                border_radius=8,
            )
        surface.blit(layer, rect.inflate(12, 12))

    def _draw_cushions(
        self, surface: pygame.Surface, legal: Sequence[Command], glow: float
    ) -> None:
        painter, places, picture = self.painter, self.painter.places, self._presenter
        view = picture.shown
        lit = {c.cushion for c in legal if isinstance(c, PlayDisplaced)}
        if self.card is not None:
            lit |= {c.cushion for c in legal if isinstance(c, Bid) and c.card == self.card}
        column = view.round_index if view.phase != Phase.OVER else -1
        for cushion, box in enumerate(places.cushions):
            rect = painter.rect(box)
            name = "market/cushion_moon.svg" if cushion == 0 else "market/cushion.svg"
            theme.blit_picture(surface, stretched(name, rect.width, rect.height), rect)
            if 0 <= column < COLUMNS:  # the round's column of links, outlined
                first = painter.rect(places.slot(self.table, cushion, column))
                rows = len(picture.cushions[cushion]) // COLUMNS
                last = painter.rect(places.slot(self.table, cushion, (rows - 1) * COLUMNS + column))
                pygame.draw.rect(
                    surface, theme.GOLD, first.union(last).inflate(6, 6), width=2, border_radius=6
                )
            for index, link in enumerate(picture.cushions[cushion]):
                if link >= 0:
                    painter.draw_link(
                        surface, link, painter.rect(places.slot(self.table, cushion, index))
                    )
            spot = painter.rect(places.bid(cushion))
            pygame.draw.rect(surface, theme.PANEL_BORDER, spot, width=2, border_radius=6)
            if picture.bids[cushion] >= 0:
                painter.draw_card(surface, picture.bids[cushion], spot)
                bidder = picture.bidders[cushion]
                if bidder >= 0:
                    draw_look(surface, self.looks[bidder], (spot.right, spot.top), painter.px(20))
            if cushion in lit:
                self._glow(surface, rect.union(spot), glow)
        x, y = painter.to_screen(*places.coin())
        if picture.coin < 0 and not any(isinstance(f.what, CoinPiece) for f in picture.flights):
            art = assets.image("market/start_coin.svg", painter.px(28), painter.px(28))
            theme.blit_picture(surface, art, art.get_rect(center=(round(x), round(y))))

    def _draw_row(
        self, surface: pygame.Surface, position: int, legal: Sequence[Command], glow: float
    ) -> None:
        painter, places, picture = self.painter, self.painter.places, self._presenter
        view = picture.shown
        row = painter.rect(places.rows[position])
        acting = view.phase != Phase.OVER and view.seat == position
        theme.panel(
            surface,
            row,
            alpha=200,
            border=theme.GOLD if acting else theme.PANEL_BORDER,
            width=painter.px(3 if acting else 1.5),
            radius=painter.px(10),
        )
        plate = painter.rect(places.plate(position))
        crest = painter.px(30)
        draw_look(
            surface,
            self.looks[position],
            (plate.left + painter.px(20), plate.top + painter.px(20)),
            crest,
        )
        name, size = theme.fit(
            self.names[position],
            theme.BOLD_FONT,
            painter.text_px(15),
            plate.right - painter.px(4) - (plate.left + painter.px(40)),
        )
        theme.blit_text(
            surface,
            name,
            theme.BOLD_FONT,
            size,
            theme.TEXT,
            "midleft",
            (plate.left + painter.px(40), plate.top + painter.px(20)),
        )
        y = plate.bottom - painter.px(16)
        counts = (
            ("market/seal.svg", (18, 18), 14, picture.seals[position]),
            ("market/card_back.svg", (13, 18), 50, picture.hand_sizes[position]),
            ("market/card_back.svg", (16, 22), 92, picture.pile_sizes[position]),
        )
        for art, (width, height), left, count in counts:
            image = assets.image(art, painter.px(width), painter.px(height))
            theme.blit_picture(
                surface, image, image.get_rect(center=(plate.left + painter.px(left), y))
            )
            theme.blit_text(
                surface,
                str(count),
                theme.BOLD_FONT,
                painter.text_px(14),
                theme.TEXT,
                "midleft",
                (plate.left + painter.px(left + 12), y),
            )
        # The discard pile, face up: its last few cards side by side, the newest last.
        for order, played in enumerate(picture.discards[position][-4:]):
            painter.draw_card(surface, played, painter.rect(places.discard(position, order)))
        if picture.coin == position:
            coin_art = assets.image("market/start_coin.svg", painter.px(22), painter.px(22))
            cx, cy = painter.point(("coin_at", position, 0), None, 0)
            theme.blit_picture(surface, coin_art, coin_art.get_rect(center=(round(cx), round(cy))))
        if picture.displaced[position] >= 0:
            card = pygame.Rect(0, 0, painter.px(30), painter.px(42))
            dx, dy = painter.point(("displaced", position, 0), None, 0)
            card.center = (round(dx), round(dy))
            painter.draw_card(surface, picture.displaced[position], card)
            theme.blit_text(
                surface,
                "next",
                theme.BOLD_FONT,
                painter.text_px(13),
                theme.GOLD,
                "midtop",
                (card.centerx, card.bottom),
            )
        me = view.viewer if view.viewer == position else None
        lit_gems = set()
        if me is not None and self.link is not None:
            lit_gems = {c.gem for c in legal if isinstance(c, PlaceLink) and c.link == self.link}
        strikes = (
            {(c.gem, c.slot) for c in legal if isinstance(c, UseHammer)}
            if me is not None
            else set()
        )
        scoring = picture.scoring
        for gem in GEMS:
            column = painter.rect(places.column(position, gem))
            if scoring == str(int(gem)):  # this gem is being counted: the chain's value
                pygame.draw.rect(
                    surface,
                    (*GEM_INK[gem],),
                    column,
                    width=painter.px(2),
                    border_radius=painter.px(6),
                )
                chain = picture.chains[position][gem]
                worth = str(chain_value(chain)) if scores_chain(chain) else "\N{EM DASH}"
                theme.blit_text(
                    surface,
                    worth,
                    theme.BOLD_FONT,
                    painter.text_px(15),
                    theme.GOLD,
                    "midright",
                    (column.right - painter.px(3), column.top + painter.px(9)),
                )
            mark = assets.image(f"market/gem_{GEM_NAMES[gem]}.svg", painter.px(16), painter.px(16))
            theme.blit_picture(
                surface, mark, mark.get_rect(midtop=(column.centerx, column.top + painter.px(1)))
            )
            for slot, link in enumerate(picture.chains[position][gem]):
                rect = painter.rect(places.chain(position, gem, slot))
                painter.draw_link(surface, link, rect)
                if (gem, slot) in strikes:
                    self._glow(surface, rect, glow, 0.8)
            if gem in lit_gems:
                self._glow(surface, column, glow)
        for index, link in enumerate(picture.pending[position]):
            rect = painter.rect(places.tray(position, index))
            painter.draw_link(surface, link, rect)
            if me is not None and link == self.link:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(4, 4), width=2, border_radius=5)
        for gain in picture.gains:
            if gain.position == position:
                self._draw_gain(surface, row, gain)

    def _draw_gain(self, surface: pygame.Surface, row: pygame.Rect, gain: Gain) -> None:
        """Points being awarded, over the right end of the row, with what for."""
        what = GAIN_WORDS.get(gain.what, GEM_TITLES[int(gain.what)] if gain.what.isdigit() else "")
        px = self.painter.px
        theme.blit_text(
            surface,
            f"+{gain.points}",
            theme.HEADING_FONT,
            px(28),
            theme.GOLD,
            "midright",
            (row.right - px(10), row.centery - px(6)),
        )
        theme.blit_text(
            surface,
            what,
            theme.BODY_FONT,
            self.painter.text_px(14),
            theme.GOLD,
            "midright",
            (row.right - px(10), row.centery + px(16)),
        )

    def _draw_strip(self, surface: pygame.Surface, legal: Sequence[Command]) -> None:
        painter, places, picture = self.painter, self.painter.places, self._presenter
        view = picture.shown
        strip = painter.rect(places.strip)
        hand = picture.hand
        if hand is not None and view.viewer is not None:
            playable = {c.card for c in legal if isinstance(c, Bid)}
            for index, card in enumerate(hand):
                rect = painter.rect(places.hand(index, len(hand)))
                lifted = card in playable
                if card == self.card:
                    rect = rect.move(0, -painter.px(10))
                painter.draw_card(surface, card, rect, lifted=lifted)
            # Whose hand this is, between the cards and the supply (on two lines if need be).
            right = painter.rect(places.hand(max(len(hand), 1) - 1, len(hand))).right
            room = pygame.Rect(right + painter.px(12), strip.top, 0, strip.height)
            room.width = round(painter.point(("supply", 0, 0), None, 0)[0]) - painter.px(30)
            room.width -= room.left
            lines, size = theme.fit_lines(
                f"The hand of {self.names[view.viewer]}",
                theme.BODY_FONT,
                painter.text_px(15),
                room.width,
                room.height,
            )
            line_height = theme.body(size).get_linesize()
            for n, line in enumerate(lines):
                y = room.centery + (n - (len(lines) - 1) / 2) * line_height
                theme.blit_text(
                    surface, line, theme.BODY_FONT, size, theme.SILVER, "midleft", (room.left, y)
                )
        icon = painter.px(34)
        for kind, art, count in (
            ("supply", "supply_bag", picture.supply_count),
            ("seal_supply", "seal", picture.seal_supply),
            ("casket", "casket", picture.casket),
        ):
            centre = painter.point((kind, 0, 0), None, 0)
            image = assets.image(f"market/{art}.svg", icon, icon)
            theme.blit_picture(
                surface, image, image.get_rect(center=(round(centre[0]), round(centre[1])))
            )
            theme.blit_text(
                surface,
                str(count),
                theme.BOLD_FONT,
                painter.text_px(15),
                theme.TEXT,
                "midtop",
                (round(centre[0]), round(centre[1] + icon / 2)),
            )
        stage = f"Pass {view.pass_index + 1} of 4 \N{MIDDLE DOT} round {view.round_index + 1} of 3"
        theme.blit_text(
            surface,
            stage,
            theme.BOLD_FONT,
            painter.text_px(15),
            theme.MOONLIGHT,
            "topright",
            (strip.right - painter.px(10), strip.top + painter.px(4)),
        )

    def draw_seat(
        self, surface: pygame.Surface, rect: pygame.Rect, seat: int, table: TableContext
    ) -> None:
        layout = self.painter.layout
        assert layout is not None
        picture = self._presenter
        view = picture.shown
        acting = view.phase != Phase.OVER and view.seat == seat
        draw_seat_frame(surface, layout, rect, self.seat_color(seat), acting)
        size = min(layout.px(44), rect.height - layout.px(10))
        draw_look(surface, self.looks[seat], (rect.left + layout.px(30), rect.centery), size)
        left = rect.left + layout.px(58)
        kind = "automaton" if self.table.is_automaton(seat) else ""
        name, fitted = theme.fit(
            self.names[seat], theme.BOLD_FONT, layout.px(17), rect.width - layout.px(150)
        )
        theme.blit_text(
            surface,
            name,
            theme.BOLD_FONT,
            fitted,
            theme.TEXT,
            "midleft",
            (left, rect.centery - (layout.px(9) if kind else 0)),
        )
        if kind:
            theme.blit_text(
                surface,
                "plays by the rulebook",
                theme.BODY_FONT,
                layout.px(theme.MIN_TEXT),
                theme.SILVER,
                "midleft",
                (left, rect.centery + layout.px(11)),
            )
        points = theme.blit_text(
            surface,
            str(picture.prestige[seat]),
            theme.HEADING_FONT,
            layout.px(26),
            theme.MOONLIGHT,
            "midright",
            (rect.right - layout.px(12), rect.centery),
        )
        theme.blit_text(
            surface,
            "prestige",
            theme.BODY_FONT,
            layout.px(theme.MIN_TEXT),
            theme.SILVER,
            "midright",
            (points.left - layout.px(6), rect.centery + layout.px(2)),
        )

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect, table: TableContext) -> None:
        """The prestige track: every position's marker along it."""
        layout = self.painter.layout
        assert layout is not None
        theme.panel(surface, rect, alpha=200)
        picture = self._presenter
        top = max(60, max(picture.prestige, default=0))
        span = 30 * ((top + 29) // 30)
        left, right = rect.left + layout.px(16), rect.right - layout.px(16)
        y = rect.centery + layout.px(6)
        pygame.draw.line(surface, theme.SILVER, (left, y), (right, y), layout.px(2))
        for mark in range(0, span + 1, 10):
            x = left + (right - left) * mark / span
            pygame.draw.line(surface, theme.SILVER, (x, y - layout.px(4)), (x, y + layout.px(4)), 1)
            if mark % 30 == 0:
                theme.blit_text(
                    surface,
                    str(mark),
                    theme.BODY_FONT,
                    layout.px(theme.MIN_TEXT),
                    theme.SILVER,
                    "midtop",
                    (x, y + layout.px(5)),
                )
        badge = layout.px(24)
        points = [left + (right - left) * min(p, span) / span for p in picture.prestige]
        for position, x in side_by_side(points, badge + layout.px(2), right + badge // 2):
            draw_look(surface, self.looks[position], (x, y - layout.px(16)), badge)


def side_by_side(centres: Sequence[float], width: float, limit: float) -> list[tuple[int, float]]:
    """Markers at `centres` along a line, each at its place or, where markers would overlap,
    pushed along just far enough (`width` apart), never past `limit`: (its index, its
    centre), leftmost first."""
    order = sorted(range(len(centres)), key=lambda n: centres[n])
    placed: list[tuple[int, float]] = []
    for n in order:
        x = centres[n] if not placed else max(centres[n], placed[-1][1] + width)
        placed.append((n, x))
    overshoot = max(0.0, placed[-1][1] - limit) if placed else 0.0
    return [(n, x - overshoot) for n, x in placed]


def cushion_name(cushion: int, cushions: int) -> str:
    """A cushion as the log names it ("moon cushion", "middle cushion", "bottom cushion"...),
    with its marking after any but the moon cushion."""
    name = cushion_names(cushions)[cushion].removeprefix("the ")
    return name if cushion == 0 else f"{name} ({CUSHION_MARKINGS[cushion]})"
