"""Where everything of a Moons table goes for one layout: the board (each seat's plate, the
bottom seat's strip and hand, the trick mat, the side of the table), a seat's row in the side
panel and the supply strip. The table is designed as a BOARD_W x BOARD_H board (1280 x 720
window units) and scaled to the board's rect. Used by the painter to draw and by the screen to
hit-test, so a click lands where a thing is drawn."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from moonlight_desktop.ui.table.layout import TableLayout

from .presenter import Marker

Point = tuple[float, float]

BOARD_W, BOARD_H = 880.0, 666.0
"""The table as designed, in window units at 1280 x 720."""
ASPECT = BOARD_W / BOARD_H

# Board geometry, in board units ---------------------------------------------------------------

PLATE_W, PLATE_H = 244.0, 128.0
OTHER_PLATES: dict[int, tuple[Point, ...]] = {
    2: ((170, 112), (710, 112)),
    3: ((134, 300), (440, 72), (746, 300)),
    4: ((134, 320), (300, 72), (580, 72), (746, 320)),
    5: ((134, 336), (166, 72), (440, 72), (714, 72), (746, 336)),
}
"""Centres of the other seats' plates, clockwise from the bottom seat's left (the next seat
sits on its left)."""
MAT_CENTRE, MAT_SIZE = (440.0, 288.0), 280.0
TRICK_CARD, TRICK_ROOM = (64.0, 90.0), 276.0
"""A trick's cards lie in a row across the mat, in playing order, within TRICK_ROOM."""
SIDE_SPOT = (600.0, 410.0)
"""Where the Block token waits at the side of the table."""
STRIP = (12.0, 434.0, 856.0, 110.0)
"""The bottom seat's strip: name, markers, tableau, won tricks, mini-asteroids."""
HAND_TOP, HAND_LEFT, HAND_RIGHT, HAND_CARD, LIFT = 558.0, 24.0, 856.0, (71.0, 100.0), 12.0
PLATE_CARD, STRIP_CARD, BACK = (52.0, 73.0), (54.0, 76.0), (26.0, 36.0)
MARKER, STRIP_MINI, PLATE_MINI = 23.0, 48.0, 20.0
MARKERS = (Marker.EARTHS_MOON, Marker.EARTH, Marker.BLOCK, Marker.LEAD)
"""The order of a seat's markers in its row of marker spots."""


@dataclass(frozen=True, slots=True)
class SeatPlaces:
    plate: pygame.Rect
    crest: Point
    crest_size: int
    name: pygame.Rect
    markers: tuple[pygame.Rect, ...]
    """One spot per kind of marker, in MARKERS order."""
    tableau: tuple[pygame.Rect, ...]
    hand: pygame.Rect
    """The bottom seat: the whole fan's room; another: where its backs are stacked."""
    minis: pygame.Rect
    mini_size: int
    won: pygame.Rect


@dataclass(frozen=True, slots=True)
class Places:
    """Where everything goes on the board for one layout with `bottom` at the bottom."""

    bottom: int
    k: float
    """Pixels per board unit."""
    seats: tuple[SeatPlaces, ...]
    mat: pygame.Rect
    tricks: tuple[pygame.Rect, ...]
    side: pygame.Rect
    prompt: pygame.Rect
    """The middle of the bottom strip: a trade's step in words."""
    cancel: pygame.Rect
    hand_card: tuple[int, int]
    lift: int

    def px(self, size: float) -> int:
        """Board units in pixels."""
        return max(1, round(size * self.k))

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """The bottom seat's hand of `count` cards, left to right, none lifted."""
        room = self.seats[self.bottom].hand
        width, height = self.hand_card
        step = min(width * 1.08, (room.width - width) / max(count - 1, 1))
        left = room.left + (room.width - width - step * (count - 1)) / 2
        return _row(room, left, step, count, (width, height))

    def mini_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """A seat's mini-asteroids in a row, overlapping when many."""
        room, size = self.seats[seat].minis, self.seats[seat].mini_size
        step = min(size * 1.12, (room.width - size) / max(count - 1, 1))
        # The bottom seat's row ends at the strip's right edge; a plate's starts at its left.
        left = room.right - size - step * (count - 1) if seat == self.bottom else room.left
        return _row(room, left, step, count, (size, size))

    def board_rects(self) -> dict[str, pygame.Rect]:
        """The parts that must never overlap: each seat's place, the hand and the mat."""
        rects = {f"seat {n}": seat.plate for n, seat in enumerate(self.seats)}
        rects["hand"] = self.seats[self.bottom].hand
        rects["mat"] = self.mat
        return rects


def _row(
    room: pygame.Rect, left: float, step: float, count: int, size: tuple[int, int]
) -> list[pygame.Rect]:
    """`count` rects of `size` from `left`, `step` apart, along the bottom of `room` and
    inside it (whatever the rounding)."""
    return [
        pygame.Rect(
            min(max(round(left + n * step), room.left), room.right - size[0]),
            room.bottom - size[1],
            *size,
        )
        for n in range(count)
    ]


def board_places(layout: TableLayout, seats: int, bottom: int) -> Places:
    board = layout.board
    k = board.width / BOARD_W

    def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(
            round(board.left + x * k), round(board.top + y * k), round(w * k), round(h * k)
        )

    def marker_row(x: float, y: float) -> tuple[pygame.Rect, ...]:
        """Spots for the Earth's Moon, the Earth, the Block and the lead tag, in a row."""
        spots = (rect(x + n * (MARKER + 4), y, MARKER, MARKER) for n in range(3))
        return (*spots, rect(x + 3 * (MARKER + 4), y, 34, MARKER))

    others = [(bottom + n) % seats for n in range(1, seats)]
    places: dict[int, SeatPlaces] = {}
    for seat, (cx, cy) in zip(others, OTHER_PLATES[seats - 1], strict=True):
        x, y = cx - PLATE_W / 2, cy - PLATE_H / 2
        cw, ch = PLATE_CARD
        places[seat] = SeatPlaces(
            plate=rect(x, y, PLATE_W, PLATE_H),
            crest=(board.left + (x + 18) * k, board.top + (y + 13) * k),
            crest_size=round(24 * k),
            name=rect(x + 34, y + 2, PLATE_W - 40, 22),  # clear of a frame round a card
            markers=marker_row(x + 8, y + 102),
            tableau=tuple(rect(x + 8 + n * (cw + 4), y + 27, cw, ch) for n in range(3)),
            hand=rect(x + 180, y + 32, 58, 42),
            minis=rect(x + 180, y + 78, 40, PLATE_MINI),
            mini_size=round(PLATE_MINI * k),
            won=rect(x + 180, y + 104, 58, 20),
        )
    sx, sy, sw, sh = STRIP
    cw, ch = STRIP_CARD
    places[bottom] = SeatPlaces(
        plate=rect(sx, sy, sw, sh),
        crest=(board.left + (sx + 20) * k, board.top + (sy + 16) * k),
        crest_size=round(26 * k),
        name=rect(sx + 38, sy + 5, 150, 22),
        markers=marker_row(sx + 194, sy + 4),
        tableau=tuple(rect(sx + 12 + n * (cw + 6), sy + 31, cw, ch) for n in range(3)),
        hand=rect(HAND_LEFT, HAND_TOP, HAND_RIGHT - HAND_LEFT, HAND_CARD[1]),
        minis=rect(sx + 560, sy + 36, 284, STRIP_MINI),
        mini_size=round(STRIP_MINI * k),
        won=rect(sx + 196, sy + 40, 40, 62),
    )
    count = seats
    width, height = TRICK_CARD
    step = min(width + 8, (TRICK_ROOM - width) / (count - 1))
    left = MAT_CENTRE[0] - (width + step * (count - 1)) / 2
    tricks = tuple(
        rect(
            left + n * step,
            MAT_CENTRE[1] - height / 2 + abs(n - (count - 1) / 2) * 5 - 4,
            width,
            height,
        )
        for n in range(count)
    )
    half = MAT_SIZE / 2
    return Places(
        bottom=bottom,
        k=k,
        seats=tuple(places[n] for n in range(seats)),
        mat=rect(MAT_CENTRE[0] - half, MAT_CENTRE[1] - half, MAT_SIZE, MAT_SIZE),
        tricks=tricks,
        side=rect(SIDE_SPOT[0] - 16, SIDE_SPOT[1] - 16, 32, 32),
        prompt=rect(sx + 262, sy + 34, 286, 40),
        cancel=rect(sx + 355, sy + 78, 100, 26),
        hand_card=(round(HAND_CARD[0] * k), round(HAND_CARD[1] * k)),
        lift=round(LIFT * k),
    )


# Panel geometry ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RowPlaces:
    """A seat's row in the side panel: crest, name, tricks won, tokens by planet, score. The
    name stands at the top and the tokens under it (the kit's `draw_seat_row` centres the
    name, which leaves too little room under it for a row of tokens with their counts)."""

    crest: Point
    crest_size: int
    name: pygame.Rect
    tricks: pygame.Rect
    tokens: tuple[pygame.Rect, ...]
    score: pygame.Rect


def row_places(row: pygame.Rect, layout: TableLayout) -> RowPlaces:
    px = layout.px
    crest = min(row.height - px(12), px(44))
    left = row.left + px(10) + crest + px(10)
    token = min(round(row.height * 0.36), px(22))
    slot = px(44)
    line = row.top + round(row.height * 0.72)
    tokens = tuple(pygame.Rect(left + n * slot, line - token // 2, token, token) for n in range(4))
    score = pygame.Rect(0, 0, px(66), row.height - px(8))
    score.midright = (row.right - px(8), row.centery)
    tricks = pygame.Rect(0, 0, px(52), max(1, round(row.height * 0.4)))
    tricks.topright = (score.left - px(4), row.top + px(4))
    name = pygame.Rect(left, row.top + px(3), tricks.left - left - px(4), tricks.height)
    return RowPlaces(
        (row.left + px(10) + crest / 2, row.centery), crest, name, tricks, tokens, score
    )


ROW_COUNT = 15
"""The design size of a row's counts (tokens, tricks won)."""
TRICK_CHIP = 24
"""Board units of the crest under a card of the trick (whose card it is)."""


@dataclass(frozen=True, slots=True)
class SupplyPlaces:
    """The game's strip: the supply's tokens by planet, the mini-asteroid deck and the
    spent ones."""

    tokens: tuple[pygame.Rect, ...]
    deck: pygame.Rect
    discard: pygame.Rect
    caption_y: int


def supply_places(strip: pygame.Rect, layout: TableLayout) -> SupplyPlaces:
    px = layout.px
    icon = min(round(strip.height * 0.45), px(26))
    middle = strip.top + px(5) + icon // 2
    # Six icons with a count each; a wider gap between the tokens and the mini-asteroids.
    slot = (strip.width - px(20)) / 6.3
    lefts = [strip.left + px(10) + n * slot for n in range(4)]
    lefts += [strip.left + px(10) + (n + 0.3) * slot for n in (4, 5)]
    icons = [pygame.Rect(round(left), middle - icon // 2, icon, icon) for left in lefts]
    return SupplyPlaces(tuple(icons[:4]), icons[4], icons[5], strip.bottom - px(4))
