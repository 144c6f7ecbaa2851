"""The game log's icons: every event of every game has one of the kit's icons, each glyph draws
inside its box at any scale, and the log draws one per entry beside (never over) its text."""

from __future__ import annotations

import importlib
import inspect
import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Event, Match, SeatSpec
from moonlight_desktop.game_list import GAMES, PACKAGES, TABLE_GAMES
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.table import log_icons, log_view
from moonlight_desktop.ui.table.controller import replay_log
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.log_icons import ICON_COLORS, ICONS, draw_icon, glyph
from moonlight_desktop.ui.table.log_view import LogMargin, LogView
from moonlight_desktop.ui.table.presenter import LogLine


def _game_icons(game: str) -> tuple[ModuleType, dict[type[Event], str]]:
    """A registered game's events (its `moves` module) and its narrator's icon for each."""
    package = PACKAGES[game]
    narrator = importlib.import_module(f"{package}.ui.narrator")
    return importlib.import_module(f"{package}.moves"), narrator.LOG_ICONS


PALETTE = {
    theme.MOONLIGHT,
    theme.GOLD,
    theme.SILVER,
    theme.TEXT,
    theme.GLOW,
    theme.WARNING,
}
SCALES = (0.6, 0.75, 1.0, 1.25, 1.5, 1.6)
BACKGROUND = theme.PANEL


@pytest.fixture(autouse=True)
def _display() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def _events_of(moves: ModuleType) -> set[type[Event]]:
    return {
        cls
        for _, cls in inspect.getmembers(moves, inspect.isclass)
        if issubclass(cls, Event) and cls is not Event and cls.__module__ == moves.__name__
    }


# The vocabulary and each game's mapping ----------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_every_event_of_every_game_has_an_icon_of_the_kit(game: str) -> None:
    moves, icons = _game_icons(game)
    events = _events_of(moves)
    assert events, f"no events found in {moves.__name__}"
    missing = sorted(cls.__name__ for cls in events - set(icons))
    assert not missing, f"{game}: events without a log icon: {missing}"
    assert set(icons) <= events, "an icon for something that is no event of the game"
    unknown = {cls.__name__: icon for cls, icon in icons.items() if icon not in ICONS}
    assert not unknown, f"{game}: icons the kit does not draw: {unknown}"
    assert icons[next(cls for cls in events if cls.__name__ == "GameOver")] == log_icons.WIN


def test_the_vocabulary_is_small_fixed_and_each_kind_has_a_palette_colour() -> None:
    assert len(ICONS) == len(set(ICONS)) <= 12
    assert set(ICON_COLORS) == set(ICONS) == set(log_icons.PENS)
    assert set(ICON_COLORS.values()) <= PALETTE


def _finished(game: str, seed: int) -> Match[Any]:
    ui = TABLE_GAMES[game]
    assert ui.setup is not None
    seats = [
        SeatSpec(f"P{n}", "human", None, ui.setup.looks[n])
        for n in range(max(3, ui.setup.min_seats))
    ]
    options = {"start_seat": 0} if game == "castle" else None
    match = Match.new(GAMES[game].rules, seats, seed, options)
    roll = random.Random(seed)
    while not match.is_over():
        seat = roll.choice(match.to_act())
        match.submit(seat, roll.choice(list(match.legal(seat))))
    return match


@pytest.mark.parametrize("game", list(GAMES))
def test_every_line_a_game_logs_carries_its_events_icon(game: str) -> None:
    """A whole game's log, event by event as a resumed table tells it: each line's icon is its
    event's (a game over scores line by line, with stars, and ends on the crown)."""
    _, icons = _game_icons(game)
    match = _finished(game, 4)
    presenter = TABLE_GAMES[game].screen(match, 0, lambda _name: None).presenter
    history = replay_log(match, 0)
    presenter.restore_log([])  # a narrator told from the game's start
    told = 0
    for played in history:
        for event in played.events:
            lines = presenter.narrator.describe(event)
            told += len(lines)
            expected = icons[type(event)]
            if type(event).__name__ == "GameOver" and lines:
                assert lines[-1].icon == log_icons.WIN
                assert {line.icon for line in lines[:-1]} <= {log_icons.POINTS, log_icons.WIN}
            else:
                assert all(line.icon == expected for line in lines), (event, lines)
    assert told > 20
    presenter.restore_log(history)
    assert all(line.icon in ICONS for line in presenter.log)  # the opening lines too


# Each glyph ---------------------------------------------------------------------------------


def _drawn(surface: pygame.Surface, area: pygame.Rect | None = None) -> int:
    """Pixels (of `area`) that are not the background."""
    area = (area or surface.get_rect()).clip(surface.get_rect())
    if not area.width or not area.height:
        return 0
    background = pygame.mask.from_threshold(surface.subsurface(area), BACKGROUND, (1, 1, 1, 255))
    return area.width * area.height - background.count()


def _points(area: pygame.Rect) -> Iterator[tuple[int, int]]:
    return itertools.product(range(area.left, area.right), range(area.top, area.bottom))


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("name", ICONS)
def test_each_icon_draws_inside_its_box_and_nowhere_else(name: str, scale: float) -> None:
    side = max(10, round(log_icons.ICON_SIZE * scale))
    surface = pygame.Surface((side + 20, side + 20))
    surface.fill(BACKGROUND)
    box = pygame.Rect(10, 10, side, side)
    where = draw_icon(surface, name, box)
    assert box.contains(where)
    inside = _drawn(surface, box)
    assert inside >= side * side * 0.12, f"{name} at {side} px is hardly there: {inside} px"
    assert _drawn(surface) == inside, f"{name} at {side} px spills out of its box"
    # The glyph's own colour is there in full somewhere: crisp, not a smudge.
    colour = ICON_COLORS[name]
    assert any(
        max(abs(a - b) for a, b in zip(surface.get_at(point)[:3], colour, strict=True)) <= 24
        for point in _points(box)
    ), f"{name} at {side} px never reaches its colour"


def test_no_two_icons_look_alike_and_an_unknown_name_is_info() -> None:
    def mask(name: str) -> list[bool]:
        picture = glyph(name, log_icons.ICON_SIZE)
        return [
            picture.get_at((x, y)).a > 127
            for x, y in itertools.product(range(picture.get_width()), repeat=2)
        ]

    masks = {name: mask(name) for name in ICONS}
    for first, second in itertools.combinations(ICONS, 2):
        differ = sum(a != b for a, b in zip(masks[first], masks[second], strict=True))
        assert differ >= 20, f"{first} and {second} look alike ({differ} pixels apart)"
    assert mask("ExtraTurn") == masks[log_icons.INFO]
    assert mask("") == masks[log_icons.INFO]


def test_an_empty_box_draws_nothing() -> None:
    surface = pygame.Surface((20, 20))
    surface.fill(BACKGROUND)
    draw_icon(surface, log_icons.WIN, pygame.Rect(5, 5, 0, 8))
    assert _drawn(surface) == 0


# The log --------------------------------------------------------------------------------------


class Colours:
    def seat_color(self, seat: int) -> tuple[int, int, int]:
        return ((232, 90, 80), (80, 200, 160), (240, 200, 90))[seat % 3]


def _lines() -> list[LogLine]:
    """One entry of every kind, some of a seat, some wrapping onto several rows."""
    return [
        LogLine(
            f"Entry {n}: something of the kind {icon} happened"
            + (" and then a good deal more, told at length so that it wraps" if n % 3 == 0 else ""),
            n % 3 if n % 4 else None,
            icon,
        )
        for n, icon in enumerate(ICONS)
    ]


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
def test_the_log_draws_an_icon_per_entry_beside_its_text(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    layout = TableLayout.for_window(size, 2, 1.5, 0)
    rect = pygame.Rect(layout.log.left, layout.panel.top, layout.log.width, layout.panel.height)
    margin = LogMargin.of(rect, layout)
    lines = _lines()

    def render(icons: bool = True, text: bool = True) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """The log with only some of its parts (the others drawn as nothing)."""
        boxes: list[pygame.Rect] = []

        def icon(surface: pygame.Surface, name: str, box: pygame.Rect) -> pygame.Rect:
            boxes.append(pygame.Rect(box))
            return draw_icon(surface, name, box) if icons else box

        def words(surface: pygame.Surface, *args: Any) -> pygame.Rect:
            return real_text(surface if text else pygame.Surface(size), *args)

        with monkeypatch.context() as patch:
            patch.setattr(log_view, "draw_icon", icon)
            patch.setattr(log_view.theme, "blit_text", words)
            surface = pygame.Surface(size)
            surface.fill(BACKGROUND)
            LogView().draw(surface, rect, lines, layout, Colours(), frame=False)
        return surface, boxes

    real_text = theme.blit_text
    full, boxes = render()
    pygame.image.save(full.subsurface(rect), str(tmp_path / "log.png"))
    assert len(boxes) == len(lines), "one icon per entry (they all fit)"
    icons_only, _ = render(text=False)
    text_only, _ = render(icons=False)
    for box in boxes:
        assert rect.contains(box)
        assert margin.icon_left <= box.left and box.right <= margin.text_left
        assert box.width == box.height == margin.icon_size >= 10
        assert _drawn(icons_only, box) > 0, f"no icon drawn at {box}"
    # The icon column holds icons only: no text reaches into it, and no icon beyond it.
    column = pygame.Rect(margin.icon_left, rect.top, margin.text_left - margin.icon_left, 0)
    column.height = rect.height
    assert _drawn(text_only, column) == 0, "text drawn in the icon column"
    text_side = pygame.Rect(margin.text_left, rect.top, rect.right - margin.text_left, rect.height)
    assert _drawn(icons_only, text_side) == 0, "an icon or a seat's bar drawn over the text"
    assert _drawn(text_only, text_side) > 0
    # Each seat's colour beside its entries, in the margin left of the icons.
    bars = pygame.Rect(margin.bar_left, rect.top, margin.bar_width, rect.height)
    for seat in range(3):
        colour = Colours().seat_color(seat)
        assert any(full.get_at(point)[:3] == colour for point in _points(bars)), (
            f"seat {seat}'s colour is not beside its lines"
        )
    assert margin.bar_left + margin.bar_width <= margin.icon_left


def test_a_log_on_a_panel_of_its_own_still_draws_its_icons() -> None:
    """The default (a replay's log has no toolbar above it): the panel, then the entries."""
    layout = TableLayout.for_window((1280, 720), 2, 1.5, 0)
    surface = pygame.Surface((1280, 720))
    surface.fill(theme.NIGHT_TOP)
    LogView().draw(surface, layout.log, _lines()[1:3], layout, Colours())
    assert surface.get_at(layout.log.center)[:3] != theme.NIGHT_TOP
    margin = LogMargin.of(layout.log, layout)
    column = pygame.Rect(margin.icon_left, layout.log.top, margin.icon_size, layout.log.height)
    reached = {log_icons.PLAY: False, log_icons.DRAW: False}
    for point in _points(column):
        for name in reached:
            pixel = surface.get_at(point)[:3]
            reached[name] |= (
                max(abs(a - b) for a, b in zip(pixel, ICON_COLORS[name], strict=True)) < 16
            )
    assert all(reached.values()), reached
