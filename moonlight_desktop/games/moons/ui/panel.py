"""The side panel of a Moons table: each seat's row (in the kit's seat frame: its crest and
name, its tricks won, its tokens by planet and, for the seat at the screen, its score now) and
the supply strip (the planet tokens left, the mini-asteroid deck and the spent ones)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.rows import draw_seat_frame

from .pieces import (
    card_back,
    draw_crest,
    look_color,
    mini_back,
    mini_face,
    thinking_ring,
    token,
)
from .places import ROW_COUNT, RowPlaces, SupplyPlaces, row_places, supply_places
from .presenter import MoonsPresenter

if TYPE_CHECKING:
    from .painter import Lit, Seating


def draw_row(
    surface: pygame.Surface,
    layout: TableLayout,
    rect: pygame.Rect,
    seat: int,
    picture: MoonsPresenter,
    seating: Seating,
    lit: Lit,
) -> None:
    """A seat's row: its crest (ringed while a bot thinks) and name, tricks won this round,
    tokens by planet and, for the seat at the screen, its best score now. A seat a trade may
    be made with is framed in the glow colour."""
    px = layout.px
    look, acting = seating.looks[seat], seat in seating.acting
    draw_seat_frame(surface, layout, rect, look_color(look), acting)
    if seat == lit.chosen_seat or seat in lit.seats:
        theme.panel(surface, rect, 0, theme.GLOW, width=px(3 if acting else 2))
    places = row_places(rect, layout)
    draw_crest(surface, look, places.crest, places.crest_size)
    if seat in seating.thinking:
        thinking_ring(surface, places.crest, places.crest_size, seating.time)
    name, size = theme.fit(seating.names[seat], theme.BOLD_FONT, px(16), places.name.width)
    theme.blit_text(
        surface, name, theme.BOLD_FONT, size, theme.TEXT, "midleft", places.name.midleft
    )
    back = card_back(round(places.tricks.height * 0.7), places.tricks.height)
    won = back.get_rect(midleft=places.tricks.midleft)
    theme.blit_picture(surface, back, won)
    _number(surface, picture.tricks_won[seat], won, px(5), px(15), theme.MOONLIGHT)
    for planet, spot in enumerate(places.tokens):
        count = picture.tokens[seat][planet]
        image = token(planet, spot.width)
        if not count:
            image = image.copy()
            image.set_alpha(80)
        theme.blit_picture(surface, image, spot)
        ink = theme.TEXT if count else theme.SILVER
        _number(surface, count, spot, px(4), px(ROW_COUNT), ink)
        if (seat, planet) == lit.chosen_token:
            theme.glow_ring(surface, spot.center, spot.width * 0.62, theme.GOLD, width=px(2))
        elif (seat, planet) in lit.tokens:
            theme.glow_ring(surface, spot.center, spot.width * 0.62, width=px(2))
    if seating.score is not None and seat == picture.viewer:
        _draw_score(surface, layout, rect, places, seating.score, picture.tokens[seat][3])


def _draw_score(
    surface: pygame.Surface,
    layout: TableLayout,
    rect: pygame.Rect,
    places: RowPlaces,
    score: int,
    last_count: int,
) -> None:
    """The seat's score now over its caption, smaller in a row shrunk for the log's room. A
    caption wider than the score's room (a longer language) reaches left over the room the
    last token count leaves (`last_count`); failing that, it wraps under the number where the
    row is tall enough, else it is left out (the score's spot says it at length)."""
    px = layout.px
    # Translators: under the score in the player's row: what it would be if the game ended
    # now (small, keep it short).
    words = _("score now")
    room = places.score
    count = theme.text_width(str(last_count), theme.BOLD_FONT, px(ROW_COUNT))
    edge = rect.right - px(5)  # inside the row's frame
    free = edge - (places.tokens[3].right + px(4) + count + px(3))  # the count, a gap
    wide = theme.text_width(words, theme.BODY_FONT, px(13))
    step = theme.body(px(13)).get_linesize()
    lines: tuple[str, ...] = ()
    centre: float = room.centerx
    if wide <= max(room.width, free):
        lines, centre = (words,), min(room.centerx, edge - wide / 2)
    else:
        wrapped = theme.wrap(words, theme.BODY_FONT, px(13), room.width)
        number = theme.bold(layout.least_text).get_linesize()
        if step * len(wrapped) + number + px(6) <= rect.height:
            lines = wrapped
    size = max(layout.least_text, min(px(22), rect.height - step * len(lines) - px(6)))
    if lines and _ink_top(score, size, rect.bottom - px(3) - step * len(lines)) < rect.top:
        lines = ()  # a row shrunk for the log: the number alone (its spot says the words)
        size = max(layout.least_text, min(px(22), rect.height - px(6)))
    bottom = rect.bottom - px(3) - step * len(lines) if lines else rect.centery + size / 2
    middle = (centre, bottom)
    theme.blit_text(surface, str(score), theme.BOLD_FONT, size, theme.GOLD, "midbottom", middle)
    theme.blit_lines_from(
        surface, lines, theme.BODY_FONT, px(13), theme.SILVER, "midtop", middle, step
    )


def draw_supply(
    surface: pygame.Surface,
    layout: TableLayout,
    rect: pygame.Rect,
    picture: MoonsPresenter,
    lit: Lit,
) -> None:
    """The supply's tokens by planet, the mini-asteroid deck and the spent ones."""
    px = layout.px
    theme.panel(surface, rect, 200, radius=px(10))
    places = supply_places(rect, layout)
    for planet, spot in enumerate(places.tokens):
        theme.blit_picture(surface, token(planet, spot.width), spot)
        _number(surface, picture.supply[planet], spot, px(3), px(15))
        if planet in lit.supply:
            theme.glow_ring(surface, spot.center, spot.width * 0.6, width=px(3))
    theme.blit_picture(surface, mini_back(places.deck.width), places.deck)
    _number(surface, picture.mini_deck, places.deck, px(3), px(15))
    if picture.discard:
        theme.blit_picture(
            surface, mini_face(picture.discard[-1], places.discard.width), places.discard
        )
    else:
        pygame.draw.ellipse(surface, theme.PANEL_BORDER, places.discard, width=1)
    _number(surface, len(picture.discard), places.discard, px(3), px(15))
    for caption, x in _supply_captions(rect, places, layout):
        theme.blit_text(
            surface,
            caption,
            theme.BODY_FONT,
            px(theme.MIN_TEXT),
            theme.SILVER,
            "midbottom",
            (x, places.caption_y),
        )


def _supply_captions(
    strip: pygame.Rect, places: SupplyPlaces, layout: TableLayout
) -> list[tuple[str, float]]:
    """The supply's captions and where they are centred: the planet tokens', the deck's and
    the spent mini-asteroids'; where the last two do not both fit (a longer language), one
    caption under both piles."""
    px = layout.px
    # Translators: small captions under the supply: the planet tokens, the mini-asteroid
    # deck ("minis") and the mini-asteroids played ("spent"); keep them short.
    captions = [(_("planet tokens"), (places.tokens[0].left + places.tokens[3].right) / 2)]
    deck, spent = _("minis"), _("spent")
    deck_x, spent_x = places.deck.centerx + px(8), places.discard.centerx + px(8)
    deck_half, spent_half = (
        theme.text_width(words, theme.BODY_FONT, px(theme.MIN_TEXT)) / 2 for words in (deck, spent)
    )
    if deck_x + deck_half + px(
        4
    ) <= spent_x - spent_half and spent_x + spent_half <= strip.right - px(4):
        return [*captions, (deck, deck_x), (spent, spent_x)]
    return [*captions, (deck, (deck_x + spent_x) / 2)]


def _ink_top(score: int, size: int, bottom: float) -> float:
    """Where the score's figures begin, drawn in bold at `size` with their line's bottom at
    `bottom`."""
    drawn = theme.text(theme.BOLD_FONT, size, str(score), theme.GOLD)
    return bottom - drawn.get_height() + drawn.get_bounding_rect().top


def _number(
    surface: pygame.Surface,
    count: int,
    icon: pygame.Rect,
    gap: int,
    pixels: int,
    ink: tuple[int, int, int] | None = None,
) -> None:
    """A count `gap` pixels right of its icon (in `ink`, by default the theme's text)."""
    midleft = (icon.right + gap, icon.centery)
    color = theme.TEXT if ink is None else ink
    theme.blit_text(surface, str(count), theme.BOLD_FONT, pixels, color, "midleft", midleft)
