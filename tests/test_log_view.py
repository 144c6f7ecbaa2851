"""The log's rows as drawn (measured with `theme.recording`): an entry longer than the rows
left for it shows the rows that fit, scrolling shows the rest, and "newer lines below" takes a
row of its own."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from moonlight_desktop.ui import theme
from moonlight_desktop.ui.drawn import DrawnText
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.log_view import LogView
from moonlight_desktop.ui.table.presenter import LogLine
from tests.test_log_icons import Colours

SIZE = (1280, 720)
LONG = " ".join(f"word{n}" for n in range(60))
"""An entry of many rows."""
NOTICE = "newer lines below"


@pytest.fixture
def window() -> Iterator[pygame.Surface]:
    pygame.init()
    yield pygame.display.set_mode(SIZE)
    pygame.quit()


def drawn_rows(window: pygame.Surface, view: LogView, log: list[LogLine]) -> list[DrawnText]:
    """The texts the log draws in a short box (about seven rows), top first."""
    layout = TableLayout.for_window(SIZE, 2, 1.5)
    box = pygame.Rect(layout.log.left, layout.log.top, layout.log.width, layout.px(150))
    with theme.recording(window) as drawing:
        view.draw(window, box, log, layout, Colours())
    texts = drawing.take().texts
    assert all(box.contains(text.ink) for text in texts)
    return texts


def test_a_long_entry_whose_start_is_scrolled_off_shows_the_rows_that_fit(
    window: pygame.Surface,
) -> None:
    """The long entry's first rows do not fit above the newer entries: its last rows are
    shown above them, and the box is full."""
    log = [LogLine(LONG, 0, "info"), LogLine("A short one", 1, "info"), LogLine("Another", 2)]
    view = LogView()
    rows = drawn_rows(window, view, log)
    assert [row.content for row in rows[-2:]] == ["A short one", "Another"]
    assert len(rows) >= 6, "the box is full"
    assert rows[-3].content.endswith("word59"), "the long entry's last row, just above"
    view.scroll(100)  # back to the beginning
    rows = drawn_rows(window, view, log)
    assert rows[0].content.startswith("word0 ")


def test_newer_lines_below_has_a_row_of_its_own(window: pygame.Surface) -> None:
    log = [LogLine(f"Entry {n}", n % 3, "info") for n in range(20)]
    view = LogView()
    view.scroll(1)
    rows = drawn_rows(window, view, log)
    assert rows[-1].content == NOTICE
    entries = rows[:-1]
    assert [row.content for row in entries][-1] == "Entry 16", "three rows back"
    assert all(row.ink.bottom < rows[-1].ink.top for row in entries)
