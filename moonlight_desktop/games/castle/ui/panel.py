"""Castle's parts of the side panel: each player's row (figure, name, the start token, jewels
and tiles recovered, the pebbles behind the screen, or only how many when the viewer may not
look) and the supply strip (the pouch, the pebbles beside the board, the tiles in the castle
and on Zirroz's pile)."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.rows import draw_seat_frame

from .painter import Painter, pebble_icon, pebble_row, pebbles_box
from .presenter import CastlePresenter


def draw_seat_row(
    surface: pygame.Surface,
    painter: Painter,
    layout: TableLayout,
    picture: CastlePresenter,
    seat: int,
    row: pygame.Rect,
    acting: bool,
    starts: bool,
) -> None:
    draw_seat_frame(surface, layout, row, painter.crest(seat), acting)
    painter.draw_figure(
        surface, seat, (row.left + layout.px(30), row.centery - layout.px(4)), layout.px(50)
    )
    name_left = row.left + layout.px(56)
    name, size = theme.fit(
        painter.names[seat],
        theme.BOLD_FONT,
        layout.px(17),
        row.right - layout.px(36) - name_left,  # up to the start token
        layout.px(13),
    )
    theme.blit_text(
        surface,
        name,
        theme.BOLD_FONT,
        size,
        theme.TEXT,
        "topleft",
        (name_left, row.top + layout.px(8)),
    )
    if starts:
        token = assets.image("castle/start_token.svg", layout.px(20), layout.px(20))
        theme.blit_picture(
            surface,
            token,
            token.get_rect(topright=(row.right - layout.px(8), row.top + layout.px(6))),
        )
    shown = picture.seats[seat] if seat < len(picture.seats) else None
    if shown is None:
        return
    jewels = sum(len(jewels) for jewels, _spell in shown.recovered)
    gem = assets.image("castle/jewel_yellow.svg", layout.px(18), layout.px(18))
    gem_pos = (name_left, row.bottom - layout.px(26))
    theme.blit_picture(surface, gem, gem_pos)
    theme.blit_text(
        surface,
        f"{jewels}",
        theme.BOLD_FONT,
        layout.px(17),
        theme.MOONLIGHT,
        "midleft",
        (gem_pos[0] + layout.px(22), gem_pos[1] + layout.px(9)),
    )
    tiles = len(shown.recovered)
    theme.blit_text(
        surface,
        f"({tiles} tile{'s' if tiles != 1 else ''})",
        theme.BODY_FONT,
        layout.px(13),
        theme.SILVER,
        "midleft",
        (gem_pos[0] + layout.px(46), gem_pos[1] + layout.px(9)),
    )
    box = pebbles_box(layout, row)
    x, y = row.left + row.width * 0.58, box.centery
    if shown.screen is None:
        screen = assets.image("castle/screen.svg", layout.px(46), layout.px(30))
        theme.blit_picture(surface, screen, screen.get_rect(midleft=(x - layout.px(8), y)))
        label = f"{shown.pebbles} pebble{'s' if shown.pebbles != 1 else ''}"
        theme.blit_text(
            surface,
            label,
            theme.BODY_FONT,
            layout.px(15),
            theme.SILVER,
            "midleft",
            (x + layout.px(44), y),
        )
        return
    icon, gap, spacing, group = pebble_row(layout)
    left = row.right - layout.px(8) - 3 * group - 2 * spacing
    for color in range(3):
        cx = left + color * (group + spacing) + icon / 2
        pebble_icon(surface, color, (cx, y), icon)
        theme.blit_text(
            surface,
            str(shown.screen[color]),
            theme.BOLD_FONT,
            layout.px(16),
            theme.TEXT,
            "midleft",
            (cx + icon / 2 + gap, y),
        )


def draw_supply(
    surface: pygame.Surface, painter: Painter, layout: TableLayout, picture: CastlePresenter
) -> None:
    theme.panel(surface, layout.extra, alpha=200)
    places = painter.supply_places()
    pouch = assets.image("castle/pouch.svg", places.pouch.width, places.pouch.height)
    theme.blit_picture(surface, pouch, places.pouch)
    for color, icon in enumerate(places.pebbles):
        pebble_icon(surface, color, icon.center, icon.width)
    bold, body = theme.BOLD_FONT, theme.BODY_FONT
    # (room, text, face, design size, ink, where in its room)
    texts = [
        (places.pouch_count, str(picture.pouch_count), bold, 17, theme.TEXT, "midleft"),
        (places.label, "beside the board", body, theme.MIN_TEXT, theme.SILVER, "center"),
        (places.castle, f"{picture.castle_count} in castle", body, 13, theme.SILVER, "midright"),
        (places.fallen, f"{len(picture.fallen)} fallen", body, 13, theme.SILVER, "midright"),
    ] + [
        (room, str(picture.paid[color]), bold, 14, theme.TEXT, "midleft")
        for color, room in enumerate(places.counts)
    ]
    for room, content, face, size, ink, anchor in texts:
        theme.blit_text(surface, content, face, layout.px(size), ink, anchor, getattr(room, anchor))
