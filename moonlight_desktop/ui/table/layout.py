"""Where everything of a game's table goes for one window size: the board on the left, keeping
its proportions, and the side panel on the right — header (whose turn, what to do, the pause
button), the action strip, one row per seat, the game's own strip (a supply, a clock) and the
log, which takes what is left. Every rect has a size pygame can make, at any window size; at
the minimum window size (ui/sizes.py) nothing overlaps."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from moonlight_desktop.ui import theme

PANEL_WIDTH = 320
HEADER_HEIGHT = 96
"""Room under the title for three lines of prompt at the smallest text size."""
ACTIONS_HEIGHT = 108
"""Two rows of choice buttons whose labels may take two lines each."""
SEAT_ROW_HEIGHT, SEAT_ROW_LEAST = 66, 33
"""A seat's row, and the least it shrinks to for the log: its name over one line of facts."""
MIN_LOG_HEIGHT = 86
"""The log's title strip and two rows of entries."""
GAP = 8


@dataclass(frozen=True, slots=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    board: pygame.Rect
    panel: pygame.Rect
    header: pygame.Rect
    pause_button: pygame.Rect
    actions: pygame.Rect
    seats: tuple[pygame.Rect, ...]
    extra: pygame.Rect
    """The game's own strip under the seat rows (zero height when it has none)."""
    log: pygame.Rect

    @staticmethod
    def for_window(
        size: tuple[int, int],
        seats: int,
        aspect: float,
        extra_height: float = 0,
        log_least: float = MIN_LOG_HEIGHT,
        under_board: float = 0,
    ) -> TableLayout:
        """`aspect`: the board's width / height. `extra_height`: the game's strip in design
        pixels (1280 x 720 units); `log_least`: the log's least height, in design pixels, that
        the seat rows shrink for; `under_board`: design pixels kept free under the board (a
        replay's progress bar). Margins are the design's 27 px scaled, and at least 2% of
        their side, so nothing comes near an edge."""
        width, height = size
        scale = theme.ui_scale(size)
        margin = max(8, round(27 * scale))
        margin_x = max(margin, math.ceil(width * 0.02))
        margin_y = max(margin, math.ceil(height * 0.02))
        panel_width = round(PANEL_WIDTH * scale)
        under = round(under_board * scale)
        board_room = height - 2 * margin_y - under
        board_width = max(1, min(width - panel_width - 3 * margin_x, round(board_room * aspect)))
        board_height = max(1, round(board_width / aspect))
        board = pygame.Rect(
            margin_x, (height - under - board_height) // 2, board_width, board_height
        )
        panel = pygame.Rect(
            board.right + margin_x,
            margin_y,
            max(1, width - board.right - 2 * margin_x),
            max(1, height - 2 * margin_y),
        )
        gap = max(1, round(GAP * scale))
        header = pygame.Rect(panel.left, panel.top, panel.width, round(HEADER_HEIGHT * scale))
        pause = pygame.Rect(0, 0, round(40 * scale), round(40 * scale))
        pause.topright = (header.right - round(10 * scale), header.top + round(10 * scale))
        actions = pygame.Rect(
            panel.left, header.bottom + gap, panel.width, round(ACTIONS_HEIGHT * scale)
        )
        extra_px = round(extra_height * scale)
        # Seat rows shrink (never below their least) so the log keeps its least room:
        # the rows (half a gap apart) come a gap under the actions, the strip and the log
        # each a gap under what is above them.
        gaps = 3 * gap if extra_px else 2 * gap
        room = panel.bottom - actions.bottom - gaps - extra_px - round(log_least * scale)
        row = max(
            round(SEAT_ROW_LEAST * scale),
            min(round(SEAT_ROW_HEIGHT * scale), (room + gap // 2) // max(seats, 1) - gap // 2),
        )
        rows = tuple(
            pygame.Rect(panel.left, actions.bottom + gap + n * (row + gap // 2), panel.width, row)
            for n in range(seats)
        )
        below_rows = rows[-1].bottom + gap if rows else actions.bottom + gap
        extra = pygame.Rect(panel.left, below_rows, panel.width, extra_px)
        log_top = extra.bottom + gap if extra_px else below_rows
        log = pygame.Rect(panel.left, log_top, panel.width, max(1, panel.bottom - log_top))
        return TableLayout(size, scale, board, panel, header, pause, actions, rows, extra, log)

    def px(self, size: float) -> int:
        return max(1, round(size * self.scale))

    @property
    def least_text(self) -> int:
        """The smallest text this window may draw (`theme.smallest_text`)."""
        return theme.smallest_text(self.scale)
