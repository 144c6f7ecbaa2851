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
from .places import ROW_COUNT, row_places, supply_places
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
        # The number over its caption, smaller in a row shrunk for the log's room.
        caption = theme.body(px(13)).get_linesize()
        size = max(layout.least_text, min(px(22), rect.height - caption - px(6)))
        middle = (places.score.centerx, rect.bottom - px(3) - caption)
        theme.blit_text(
            surface,
            str(seating.score),
            theme.BOLD_FONT,
            size,
            theme.GOLD,
            "midbottom",
            middle,
        )
        theme.blit_text(
            # Translators: under the score in the player's row: what it would be if the game
            # ended now (small, keep it short).
            surface,
            _("score now"),
            theme.BODY_FONT,
            px(13),
            theme.SILVER,
            "midtop",
            middle,
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
    captions = (
        # Translators: small captions under the supply: the planet tokens, the mini-asteroid
        # deck ("minis") and the mini-asteroids played ("spent"); keep them short.
        (_("planet tokens"), (places.tokens[0].left + places.tokens[3].right) / 2),
        (_("minis"), places.deck.centerx + px(8)),
        (_("spent"), places.discard.centerx + px(8)),
    )
    for caption, x in captions:
        theme.blit_text(
            surface,
            caption,
            theme.BODY_FONT,
            px(theme.MIN_TEXT),
            theme.SILVER,
            "midbottom",
            (x, places.caption_y),
        )


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
