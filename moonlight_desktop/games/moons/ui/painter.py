"""Draws a Moons table's board from its presenter: the seats around the trick mat (the seat at
the screen along the bottom, its hand fanned below), everything in flight and the hint's frame.
The painter modules beside it: places.py (where everything goes), pieces.py (the pieces'
pictures) and panel.py (the side panel's seat rows and supply strip).

The painter draws what it is given: which cards, tokens and seats a click may use (`Lit`) and
who is doing what (`Seating`) are the screen's business, worked out once per frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import _
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.sizes import new_surface, surface_size
from moonlight_desktop.ui.table.glow import draw_glow_frame
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.presenter import Anchor, Flight
from moonlight_desktop.ui.tween import lerp, lerp_point

from ..moves import HIDDEN, PlaceInTableau, PlayCard, TakeToken, TradeCard, TradeToken
from .pieces import (
    blit_centred,
    block_token,
    card_back,
    count_badge,
    draw_card,
    draw_crest,
    draw_marker,
    glow_rect,
    marker_image,
    mini_back,
    mini_face,
    thinking_ring,
    token,
    veil,
)
from .places import (
    BACK,
    BOARD_W,
    HAND_CARD,
    MARKERS,
    MAT_CENTRE,
    ROW_COUNT,
    TRICK_CHIP,
    Places,
    SeatPlaces,
    board_places,
    row_places,
    supply_places,
)
from .presenter import CardPiece, Marker, MiniPiece, MoonsPresenter, Piece, TokenPiece


def _sized(image: pygame.Surface, width: float) -> pygame.Surface:
    """`image` scaled to `width`, keeping its proportions."""
    if round(width) == image.get_width():
        return image
    height = width * image.get_height() / max(image.get_width(), 1)
    return pygame.transform.smoothscale(image, surface_size(width, height))


# The painter ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lit:
    """What a click may use now, lit by the painter; while the seat at the screen decides,
    its other cards are dimmed."""

    asked: bool = False
    """The seat at the screen decides now: its playable cards lift, the others dim."""
    cards: frozenset[int] = frozenset()
    chosen_card: int | None = None
    tableau: frozenset[tuple[int, int]] = frozenset()
    """(seat, slot)."""
    tokens: frozenset[tuple[int, int]] = frozenset()
    """(seat, planet) in the seat rows."""
    chosen_token: tuple[int, int] | None = None
    seats: frozenset[int] = frozenset()
    chosen_seat: int | None = None
    supply: frozenset[int] = frozenset()
    minis: frozenset[int] = frozenset()
    """Indexes of the bottom seat's mini-asteroids."""
    chosen_mini: int | None = None
    prompt: str = ""
    """A trade's step in words, with a Cancel button beside it."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where and what they are doing, for the plates and the rows."""

    names: Sequence[str]
    looks: Sequence[str]
    acting: frozenset[int] = frozenset()
    thinking: frozenset[int] = frozenset()
    time: float = 0.0
    """Table time, for the thinking rings' pulse (the same frames at the same moment)."""
    score: int | None = None
    """The best score now of the seat at the screen."""


class MoonsPainter:
    def __init__(self, picture: MoonsPresenter, bottom: int) -> None:
        """`bottom`: the seat along the bottom of the table while nobody's things are shown
        (after that, the last seat shown)."""
        self.picture = picture
        self.seats = len(picture.hands)
        self._bottom = bottom
        self.layout: TableLayout | None = None
        self._places: Places | None = None

    def relayout(self, layout: TableLayout) -> None:
        self.layout = layout
        self._places = None

    @property
    def bottom(self) -> int:
        """The seat along the bottom: whoever's things the screen shows, so a player always
        finds their hand below; the table does not turn while everything is hidden."""
        if self.picture.viewer is not None:
            self._bottom = self.picture.viewer
        return self._bottom

    def places(self, bottom: int | None = None) -> Places:
        """Where everything goes with `bottom` (by default the seat along the bottom now) at
        the bottom of the table."""
        assert self.layout is not None, "relayout first"
        bottom = self.bottom if bottom is None else bottom
        if self._places is None or self._places.bottom != bottom:
            self._places = board_places(self.layout, self.seats, bottom)
        return self._places

    # Anchors -----------------------------------------------------------------------------

    def rect_at(self, anchor: Anchor, piece: Piece | None = None) -> pygame.Rect:
        """Where a piece lies at an anchor, and its size there (things in flight grow or
        shrink on the way). A seat's anchor depends on what goes there: a token to the
        seat's row in the panel, beside the tokens of its planet; a marker to its spot on
        the seat's plate; a card to the seat's won tricks."""
        assert self.layout is not None
        places, picture = self.places(), self.picture
        kind, a, b = anchor[0], int(anchor[1]), int(anchor[2])
        if kind == "seat":
            if isinstance(piece, TokenPiece):
                return row_places(self.layout.seats[a], self.layout).tokens[piece.planet]
            if isinstance(piece, Marker):
                return places.seats[a].markers[MARKERS.index(piece)]
            return places.seats[a].won
        if kind == "hand":
            return self._hand_slot(places, a, b)
        if kind == "tableau":
            return places.seats[a].tableau[min(b, 2)]
        if kind == "trick":
            return places.tricks[min(a, len(places.tricks) - 1)]
        if kind == "minis":
            return places.mini_rects(a, max(len(picture.minis[a]), b + 1))[b]
        if kind == "side":
            return places.side
        if kind in ("tokens", "score"):  # a seat's row in the side panel (lessons point there)
            row = row_places(self.layout.seats[a], self.layout)
            return row.score if kind == "score" else row.tokens[b % 4]
        if kind == "marker":  # a seat's marker spot, in MARKERS order
            return places.seats[a].markers[b % len(MARKERS)]
        if kind in ("supply", "mini_deck", "discard"):
            strip = supply_places(self.layout.extra, self.layout)
            return {"supply": strip.tokens[a % 4], "mini_deck": strip.deck}.get(kind, strip.discard)
        centre = places.tricks[0].copy()  # "centre": where cards are dealt from
        centre.center = places.mat.center
        return centre

    def outline(self, anchor: Anchor) -> pygame.Rect | None:
        """What a lesson frames for an anchor: the card, pile or spot it names, a row's token
        with its count, a row's score; None for the centre of the mat."""
        assert self.layout is not None
        kind, seat = anchor[0], int(anchor[1])
        if kind == "centre":
            return None
        rect = self.rect_at(anchor)
        if kind == "trick":  # the card and whose it is, under it
            chip = pygame.Rect(0, 0, self.places().px(TRICK_CHIP), 0)
            chip.height = chip.width
            chip.center = rect.midbottom
            rect = rect.union(chip)
        if kind in ("tokens", "supply", "mini_deck"):  # the icon and its count after it
            room = theme.text_width("88", theme.BOLD_FONT, self.layout.px(ROW_COUNT))
            rect = rect.union(rect.move(self.layout.px(4) + room, 0))
        if kind == "seat":
            rect = pygame.Rect(self.layout.seats[seat])
        return rect

    def _hand_slot(self, places: Places, seat: int, index: int) -> pygame.Rect:
        if seat != places.bottom:
            spot = pygame.Rect(0, 0, places.px(BACK[0]), places.px(BACK[1]))
            spot.midleft = places.seats[seat].hand.midleft
            return spot
        # Cards on their way to or from the hand keep their places in the fan.
        moving = sum(
            1
            for flight in self.picture.flights
            for end in (flight.start, flight.end)
            if end[0] == "hand" and int(end[1]) == seat
        )
        return places.hand_rects(max(len(self.picture.hands[seat]) + moving, index + 1))[index]

    # The board -----------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface, seating: Seating, lit: Lit) -> None:
        assert self.layout is not None
        places, picture = self.places(), self.picture
        board = self.layout.board
        theme.blit_picture(surface, _felt(board.size, places.mat.width), board)
        for seat in range(self.seats):
            self._draw_place(surface, places, seat, seating, lit)
        chip = places.px(TRICK_CHIP)
        for order, (seat, card) in enumerate(picture.trick):
            slot = places.tricks[order]
            draw_card(surface, card, slot)
            # Whose card it is, under it.
            draw_crest(surface, seating.looks[seat], (slot.centerx, slot.bottom), chip)
        if picture.holders[Marker.BLOCK] == -1:
            blit_centred(surface, block_token(places.side.width), places.side.center)
        self._draw_hand(surface, places, lit)
        if lit.prompt:
            self._draw_prompt(surface, places, lit.prompt)

    def _draw_place(
        self, surface: pygame.Surface, places: Places, seat: int, seating: Seating, lit: Lit
    ) -> None:
        here, px, picture = places.seats[seat], places.px, self.picture
        acting = seat in seating.acting
        border = theme.GOLD if acting else theme.PANEL_BORDER
        if seat == lit.chosen_seat or seat in lit.seats:
            border = theme.GLOW
        theme.panel(surface, here.plate, 200, border, radius=px(12), width=px(3 if acting else 2))
        draw_crest(surface, seating.looks[seat], here.crest, here.crest_size)
        name, size = theme.fit(seating.names[seat], theme.BOLD_FONT, px(15), here.name.width)
        theme.blit_text(
            surface, name, theme.BOLD_FONT, size, theme.TEXT, "midleft", here.name.midleft
        )
        for marker, spot in zip(MARKERS, here.markers, strict=True):
            if picture.holders[marker] == seat:
                draw_marker(surface, marker, spot)
        if seat in seating.thinking:
            thinking_ring(surface, here.crest, here.crest_size, seating.time)
        self._draw_tableau(surface, places, seat, lit)
        self._draw_won(surface, picture.tricks_won[seat], here, places)
        self._draw_minis(surface, places, seat, lit)
        if seat != places.bottom:
            self._draw_backs(surface, len(picture.hands[seat]), here, places)

    def _draw_tableau(self, surface: pygame.Surface, places: Places, seat: int, lit: Lit) -> None:
        here, picture = places.seats[seat], self.picture
        for rect in here.tableau:  # the empty slots, as faint outlines
            pygame.draw.rect(
                surface, theme.PANEL_BORDER, rect, width=1, border_radius=max(2, rect.width // 10)
            )
        turn = abs(2 * picture.reveal - 1)
        own = seat == picture.viewer
        for slot, card in enumerate(picture.tableaux[seat]):
            if card is None:
                continue  # on its way (Trade Card)
            rect = here.tableau[slot]
            facing = card if picture.reveal >= 0.5 or own else HIDDEN
            draw_card(surface, facing, rect, turn)
            if own and picture.reveal < 0.5 and card != HIDDEN:
                # Shown to its owner, veiled: the others see its back.
                veil(surface, rect, 70, max(2, rect.width // 10))
            if (seat, slot) in lit.tableau:
                glow_rect(surface, rect, theme.GLOW)

    def _draw_won(
        self, surface: pygame.Surface, won: int, here: SeatPlaces, places: Places
    ) -> None:
        if not won:
            return
        rect = here.won
        back = card_back(round(rect.height * 0.72), rect.height)
        for n in range(min(won, 3)):
            theme.blit_picture(
                surface, back, back.get_rect(midleft=(rect.left + n * places.px(3), rect.centery))
            )
        right = rect.left + back.get_width() + 2 * places.px(3)
        count_badge(surface, won, (right + places.px(10), rect.centery), places.px(13))

    def _draw_backs(
        self, surface: pygame.Surface, count: int, here: SeatPlaces, places: Places
    ) -> None:
        """Another seat's hand: a few backs and how many cards it holds."""
        if not count:
            return
        back, step = card_back(places.px(BACK[0]), places.px(BACK[1])), places.px(5)
        shown = min(count, 4)
        for n in range(shown):
            theme.blit_picture(
                surface, back, back.get_rect(midleft=(here.hand.left + n * step, here.hand.centery))
            )
        right = here.hand.left + back.get_width() + (shown - 1) * step
        count_badge(surface, count, (right + places.px(12), here.hand.centery), places.px(13))

    def _draw_minis(self, surface: pygame.Surface, places: Places, seat: int, lit: Lit) -> None:
        picture = self.picture
        minis = picture.minis[seat]
        rects = places.mini_rects(seat, len(minis))
        mine = seat == picture.viewer
        turn = 1.0 if mine else abs(2 * picture.minis_reveal - 1)
        face = mine or picture.minis_reveal >= 0.5
        bottom = seat == places.bottom
        for index, (mini, rect) in enumerate(zip(minis, rects, strict=True)):
            image = (
                mini_face(mini, rect.width) if face and mini != HIDDEN else mini_back(rect.width)
            )
            if turn < 0.999:
                image = pygame.transform.smoothscale(
                    image, surface_size(max(1.0, rect.width * turn), rect.height)
                )
            chosen = bottom and index == lit.chosen_mini
            at = rect.move(0, -places.lift // 2) if chosen else rect
            blit_centred(surface, image, at.center)
            if bottom and index in lit.minis:
                ring = theme.GOLD if chosen else theme.GLOW
                theme.glow_ring(surface, at.center, rect.width * 0.5, ring, width=places.px(3))
        if bottom:
            here = places.seats[seat]
            caption = lit.minis and not lit.prompt
            title = (
                _("Mini-asteroids: click one to play it first") if caption else _("Mini-asteroids")
            )
            theme.blit_text(
                surface,
                title,
                theme.BODY_FONT,
                theme.legible(places.px(13)),
                theme.GLOW if caption else theme.SILVER,
                "bottomright",
                (here.minis.right, here.minis.top - places.px(4)),
            )
        elif minis:
            right = rects[-1].right + places.px(10)
            count_badge(surface, len(minis), (right, rects[-1].centery), places.px(13))

    def _draw_hand(self, surface: pygame.Surface, places: Places, lit: Lit) -> None:
        hand = self.picture.hands[places.bottom]
        radius = max(2, places.hand_card[0] // 10)
        for card, rect in zip(hand, self.hand_rects(lit), strict=True):
            draw_card(surface, card, rect)
            if card == lit.chosen_card:
                glow_rect(surface, rect, theme.GOLD)
            elif lit.asked and card in lit.cards:
                glow_rect(surface, rect, theme.GLOW, 0.45)
            elif lit.asked:
                veil(surface, rect, 120, radius)

    def hand_rects(self, lit: Lit) -> list[pygame.Rect]:
        """The bottom seat's cards as drawn: those a click may use are lifted."""
        places = self.places()
        hand = self.picture.hands[places.bottom]
        return [
            rect.move(0, -places.lift)
            if lit.asked and (card in lit.cards or card == lit.chosen_card)
            else rect
            for card, rect in zip(hand, places.hand_rects(len(hand)), strict=True)
        ]

    def hand_strips(self, lit: Lit) -> list[tuple[int, pygame.Rect]]:
        """The bottom hand's cards and what shows of each under the next one: the strip up
        to it (a lifted card also shows above it, but the strip is enough to aim at)."""
        rects = self.hand_rects(lit)
        strips = []
        for index, (card, rect) in enumerate(
            zip(self.picture.hands[self.bottom], rects, strict=True)
        ):
            visible = rect.copy()
            if index + 1 < len(rects):
                visible.width = max(1, min(rect.width, rects[index + 1].left - rect.left))
            strips.append((card, visible))
        return strips

    def _draw_prompt(self, surface: pygame.Surface, places: Places, prompt: str) -> None:
        room, px = places.prompt, places.px
        # Two lines at a readable size rather than one shrunk.
        lines, size = theme.fit_lines(
            prompt, theme.BODY_FONT, px(15), room.width, room.height, px(14)
        )
        height = theme.font(theme.BODY_FONT, size).get_linesize()
        top = room.centery - height * len(lines) / 2
        for n, line in enumerate(lines):
            position = (room.centerx, top + n * height)
            theme.blit_text(
                surface, line, theme.BODY_FONT, size, theme.MOONLIGHT, "midtop", position
            )
        cancel = places.cancel
        pygame.draw.rect(surface, theme.PANEL, cancel, border_radius=cancel.height // 2)
        pygame.draw.rect(
            surface, theme.SILVER, cancel, width=px(2), border_radius=cancel.height // 2
        )
        theme.blit_text(
            surface, _("Cancel"), theme.BOLD_FONT, px(14), theme.TEXT, "center", cancel.center
        )

    def draw_hint(self, surface: pygame.Surface, lit: Lit, command: Command, pulse: float) -> None:
        """The hinted move, framed in a pulsing glow: the card to play or lay, the token to
        take, or for a trade the mini-asteroids to play and the seat to trade with."""
        assert self.layout is not None
        places = self.places()
        rects: list[pygame.Rect] = []
        if isinstance(command, PlayCard | PlaceInTableau):
            strips = dict(self.hand_strips(lit))
            if command.card in strips:
                rects.append(strips[command.card])
        elif isinstance(command, TakeToken):
            rects.append(supply_places(self.layout.extra, self.layout).tokens[command.planet])
        elif isinstance(command, TradeToken | TradeCard):
            rects += places.mini_rects(places.bottom, len(self.picture.minis[places.bottom]))
            rects.append(places.seats[command.target].plate)
        for rect in rects:
            draw_glow_frame(surface, rect, pulse, self.layout.px, arrow=True)

    # Flights -------------------------------------------------------------------------------

    def draw_flights(self, surface: pygame.Surface) -> None:
        for flight in self.picture.flights:
            self._draw_flight(surface, flight)

    def _draw_flight(self, surface: pygame.Surface, flight: Flight) -> None:
        """Both ends in pixels, the piece part-way along a low arc, its size part-way too
        (drawn at the larger end's size and scaled)."""
        piece = flight.what
        start, end = self.rect_at(flight.start, piece), self.rect_at(flight.end, piece)
        t = flight.progress
        x, y = lerp_point(start.center, end.center, t)
        y -= math.sin(math.pi * t) * min(start.height, end.height) * 0.4
        if isinstance(piece, CardPiece):
            # A card keeps a card's shape even where it lands on a pile's spot.
            start_w, end_w = (_card_width(rect) for rect in (start, end))
            width = round(lerp(start_w, end_w, t))
            rect = pygame.Rect(0, 0, width, round(width * HAND_CARD[1] / HAND_CARD[0]))
            rect.center = (round(x), round(y))
            art_w = max(start_w, end_w)
            art_h = round(art_w * HAND_CARD[1] / HAND_CARD[0])
            draw_card(surface, piece.card, rect, art=(art_w, art_h))
            return
        big = max(start, end, key=lambda rect: rect.width)
        side = min(big.size)
        if isinstance(piece, TokenPiece):
            art = token(piece.planet, side)
        elif isinstance(piece, MiniPiece):
            art = mini_face(piece.mini, side) if piece.mini != HIDDEN else mini_back(side)
        else:
            art = marker_image(piece, big)
        scale = lerp(start.width, end.width, t) / big.width
        blit_centred(surface, _sized(art, art.get_width() * scale), (x, y))


def _card_width(rect: pygame.Rect) -> int:
    """The width of a card that fills `rect` one way or the other."""
    return max(4, round(max(rect.width, rect.height * HAND_CARD[0] / HAND_CARD[1])))


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int], mat: int) -> pygame.Surface:
    """The table: felt of the panel's colour, lit from the middle, and the trick mat."""
    layer = new_surface(size, pygame.SRCALPHA)
    rect = layer.get_rect()
    radius = max(8, rect.height // 16)
    pygame.draw.rect(layer, (*theme.PANEL, 130), rect, border_radius=radius)
    light = new_surface(size, pygame.SRCALPHA)
    for step in range(8):
        oval = rect.inflate(-rect.width * step / 9, -rect.height * step / 9)
        pygame.draw.ellipse(light, (*theme.PANEL_BORDER, 10), oval)
    layer.blit(light, (0, 0))
    pygame.draw.rect(layer, (*theme.PANEL_BORDER, 200), rect, width=2, border_radius=radius)
    art = assets.image("moons/trick_centre.svg", mat, mat)
    k = size[0] / BOARD_W
    layer.blit(art, art.get_rect(center=(round(MAT_CENTRE[0] * k), round(MAT_CENTRE[1] * k))))
    return layer


theme.forget_with_colours(_felt)
