"""The side panel beside the garden: whose turn it is and what they may do, every player's
pebbles (only those the viewer may see) and jewels, the pouch, the pile beside the board, and
a compact log of recent actions."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui import assets, theme

from .display import CastleDisplay
from .painter import CREST_COLORS, Layout, Painter, pebble_icon

PROMPT_TOP = 40
"""Design pixels from the header's top to its prompt, below the title."""
SCREEN_ROOM = "88"
"""Room for a count behind a screen: two digits, as the game has 60 pebbles in all."""


def draw_panel(
    surface: pygame.Surface,
    painter: Painter,
    display: CastleDisplay,
    turn_seat: int | None,
    start_seat: int,
    title: str,
    prompt: str,
) -> None:
    layout = painter.layout
    assert layout is not None
    _header(surface, painter, layout, turn_seat, title, prompt)
    for seat, row in enumerate(layout.players):
        _player_row(
            surface, painter, layout, display, seat, row, seat == turn_seat, seat == start_seat
        )
    _supply(surface, painter, layout, display)
    _log(surface, layout, display)


def _header(
    surface: pygame.Surface,
    painter: Painter,
    layout: Layout,
    seat: int | None,
    title: str,
    prompt: str,
) -> None:
    rect = layout.header
    border = CREST_COLORS[painter.looks[seat]] if seat is not None else theme.PANEL_BORDER
    theme.panel(surface, rect, border=border, width=layout.px(3))
    text_left = rect.left + layout.px(14)
    if seat is not None:
        painter.draw_figure(
            surface, seat, (rect.left + layout.px(36), rect.centery - layout.px(8)), layout.px(60)
        )
        text_left = rect.left + layout.px(72)
    width = layout.pause_button.left - text_left - layout.px(6)
    title, size = theme.fit(title, theme.HEADING_FONT, layout.px(28), width, layout.px(16))
    position = (text_left, rect.top + layout.px(8))
    theme.blit_text(surface, title, theme.HEADING_FONT, size, theme.MOONLIGHT, "topleft", position)
    lines, size = prompt_lines(layout, prompt, width)
    line_height = theme.font(theme.BODY_FONT, size).get_linesize()
    for n, line in enumerate(lines):
        position = (text_left, rect.top + layout.px(PROMPT_TOP) + n * line_height)
        theme.blit_text(surface, line, theme.BODY_FONT, size, theme.SILVER, "topleft", position)
    _pause_icon(surface, layout)


def prompt_lines(layout: Layout, prompt: str, width: int) -> tuple[tuple[str, ...], int]:
    """The prompt under the title, never cut short: on as many lines as the header holds
    below the title, at a smaller size if it must."""
    room = layout.header.height - layout.px(PROMPT_TOP + 4)
    return theme.fit_lines(prompt, theme.BODY_FONT, layout.px(15), width, room, layout.px(15))


def _pause_icon(surface: pygame.Surface, layout: Layout) -> None:
    rect = layout.pause_button
    hovered = rect.collidepoint(pygame.mouse.get_pos())
    pygame.draw.rect(
        surface, theme.PANEL_BORDER if hovered else theme.PANEL, rect, border_radius=layout.px(8)
    )
    pygame.draw.rect(surface, theme.SILVER, rect, width=layout.px(2), border_radius=layout.px(8))
    for n in range(3):
        y = rect.top + rect.height * (0.32 + n * 0.18)
        pygame.draw.line(
            surface,
            theme.MOONLIGHT,
            (rect.left + rect.width * 0.26, y),
            (rect.right - rect.width * 0.26, y),
            layout.px(3),
        )


def _player_row(
    surface: pygame.Surface,
    painter: Painter,
    layout: Layout,
    display: CastleDisplay,
    seat: int,
    row: pygame.Rect,
    acting: bool,
    starts: bool,
) -> None:
    crest = CREST_COLORS[painter.looks[seat]]
    theme.panel(
        surface,
        row,
        alpha=215,
        border=theme.GOLD if acting else theme.PANEL_BORDER,
        width=layout.px(3 if acting else 2),
    )
    pygame.draw.rect(
        surface,
        crest,
        pygame.Rect(row.left, row.top + layout.px(8), layout.px(5), row.height - layout.px(16)),
        border_radius=layout.px(3),
    )
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
        surface.blit(
            token, token.get_rect(topright=(row.right - layout.px(8), row.top + layout.px(6)))
        )
    shown = display.seats[seat] if seat < len(display.seats) else None
    if shown is None:
        return
    jewels = sum(len(jewels) for jewels, _spell in shown.recovered)
    gem = assets.image("castle/jewel_yellow.svg", layout.px(18), layout.px(18))
    gem_pos = (name_left, row.bottom - layout.px(26))
    surface.blit(gem, gem_pos)
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
    x = row.left + row.width * 0.58
    y = row.centery + layout.px(4)
    if shown.screen is None:
        screen = assets.image("castle/screen.svg", layout.px(46), layout.px(30))
        surface.blit(screen, screen.get_rect(midleft=(x - layout.px(8), y)))
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
    # Each pebble with room for a two-digit count after it, the three against the right edge.
    icon, gap, spacing = layout.px(24), layout.px(2), layout.px(8)
    group = icon + gap + theme.text_width(SCREEN_ROOM, theme.BOLD_FONT, layout.px(16))
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


def _supply(
    surface: pygame.Surface, painter: Painter, layout: Layout, display: CastleDisplay
) -> None:
    theme.panel(surface, layout.supply, alpha=200)
    places = painter.supply_places()
    pouch = assets.image("castle/pouch.svg", places.pouch.width, places.pouch.height)
    surface.blit(pouch, places.pouch)
    for color, icon in enumerate(places.pebbles):
        pebble_icon(surface, color, icon.center, icon.width)
    bold, body = theme.BOLD_FONT, theme.BODY_FONT
    # (room, text, face, design size, ink, where in its room)
    texts = [
        (places.pouch_count, str(display.pouch_count), bold, 17, theme.TEXT, "midleft"),
        (places.label, "beside the board", body, 12, theme.SILVER, "center"),
        (places.castle, f"{display.castle_count} in castle", body, 13, theme.SILVER, "midright"),
        (places.fallen, f"{len(display.fallen)} fallen", body, 13, theme.SILVER, "midright"),
    ] + [
        (room, str(display.paid[color]), bold, 14, theme.TEXT, "midleft")
        for color, room in enumerate(places.counts)
    ]
    for room, content, face, size, ink, anchor in texts:
        theme.blit_text(surface, content, face, layout.px(size), ink, anchor, getattr(room, anchor))


def _log(surface: pygame.Surface, layout: Layout, display: CastleDisplay) -> None:
    rect = layout.log
    if rect.height < layout.px(40):
        return
    theme.panel(surface, rect, alpha=160)
    line_height = layout.px(19)
    width = rect.width - layout.px(24)
    room = max(1, (rect.height - layout.px(16)) // line_height)
    lines: list[str] = []
    for entry in reversed(display.log):  # newest last, whole entries only
        wrapped = list(theme.wrap(entry, theme.BODY_FONT, layout.px(14), width))
        if len(lines) + len(wrapped) > room:
            break
        lines = wrapped + lines
    for n, line in enumerate(lines):
        theme.blit_text(
            surface,
            line,
            theme.BODY_FONT,
            layout.px(14),
            theme.SILVER,
            "topleft",
            (rect.left + layout.px(12), rect.top + layout.px(8) + n * line_height),
        )
