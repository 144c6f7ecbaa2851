"""The score-breakdown chart (ui/chart.py) on its own, and on the game-over panel: gains right
of the zero line and losses left of it, a colour and a texture per kind of part, every text
inside its rect, at the smallest window and at full HD; drawn without error at any size."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n.pseudo import CLOSING, OPENING, translated
from moonlight_desktop.scenes.table_over import TableOverScene, counted_parts, row_name
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.chart import (
    GAIN_COLORS,
    LOSS_COLORS,
    PATTERNS,
    ChartRow,
    chart_kinds,
    draw_score_chart,
    kind_styles,
    nice_step,
    part_kind,
)
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE
from moonlight_desktop.ui.table.game_ui import Standings, StandingsRow
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData
from tests.castle_scene_helpers import finished_demo_match

Size = tuple[int, int]
SIZES: tuple[Size, ...] = (MIN_WINDOW_SIZE, (1280, 720), (1920, 1080))
CASTLE_UI = TABLE_GAMES["castle"]

ROWS = (
    ChartRow(
        "Azure",
        (80, 140, 230),
        10,
        (("Money (5 dirhams)", 5), ("Least type: jewels", 5), ("Empty spaces (1)", -2), ("G", 2)),
        winner=True,
    ),
    ChartRow(
        "WWWWWWWWWWWWWWWW",
        (60, 180, 150),
        -40,
        (
            ("Money (5 dirhams)", 5),
            ("Least type: no fruits", 0),
            ("Empty spaces (23)", -46),
            ("G", 1),
        ),
    ),
)


def size_id(size: Size) -> str:
    return f"{size[0]}x{size[1]}"


# Kinds of part ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("Money (12 dirhams)", "Money"),
        ("Least type: no spices", "Least type"),
        ("Empty spaces", "Empty spaces"),
        ("Empty spaces (3)", "Empty spaces"),
        ("Seals (6)", "Seals"),
        ("Last card (13)", "Last card"),
        ("Pass 2", "Pass 2"),
        ("2 complete sets of all four planets", "Complete sets of all four planets"),
        ("1 set of three: Jupiter, Saturn and Neptune", "Set of three"),
        ("2 Jupiter singles (Score Modifier)", "Score Modifier"),
        ("5 other tokens", "Other tokens"),
        ("Jewels", "Jewels"),
        ("", "Points"),
    ],
)
def test_a_part_kind_leaves_out_the_particulars(label: str, kind: str) -> None:
    assert part_kind(label) == kind


@pytest.mark.parametrize(
    ("message", "count", "kind"),
    [
        ("Empty spaces ({count})", 3, "Empty spaces"),
        ("Last card ({count})", 5, "Last card"),
        ("{count} sets of three: Jupiter, Saturn and Neptune", 2, "Sets of three"),
        ("{count} Jupiter singles (Score Modifier)", 2, "Score Modifier"),
        ("{count} other tokens", 5, "Other tokens"),
    ],
)
def test_a_part_kind_in_the_pseudo_language_is_a_whole_message(
    message: str, count: int, kind: str
) -> None:
    label = translated(message).format(count=count)
    words = translated(kind)[1:].split("\N{MIDDLE DOT}")[0]
    assert part_kind(label) == f"{OPENING}{words}{CLOSING}"


def test_kinds_follow_the_rows_and_merge_plurals() -> None:
    rows = [
        ChartRow(
            "a", (0, 0, 0), 0, (("2 complete sets of all four planets", 20), ("1 other token", 1))
        ),
        ChartRow("b", (0, 0, 0), 0, (("1 set of three: A, B and C", 6), ("4 other tokens", 4))),
        ChartRow("c", (0, 0, 0), 0, (("1 complete set of all four planets", 10),)),
    ]
    assert chart_kinds(rows) == [
        "Complete sets of all four planets",
        "Set of three",
        "Other tokens",
    ]


def test_losses_take_warm_colours_and_every_kind_its_own_texture() -> None:
    kinds = chart_kinds(ROWS)
    assert kinds == ["Money", "Least type", "Empty spaces", "G"]
    styles = kind_styles(ROWS, kinds, part_kind)
    assert [style.color for style in styles] == [
        GAIN_COLORS[0],
        GAIN_COLORS[1],
        LOSS_COLORS[0],
        GAIN_COLORS[2],
    ]
    assert [style.pattern for style in styles] == list(PATTERNS[:4])


def test_gridline_steps_are_round() -> None:
    assert [nice_step(span, 6) for span in (1, 6, 7, 30, 56, 120, 999)] == [
        1,
        1,
        2,
        5,
        10,
        20,
        200,
    ]


# Drawing ------------------------------------------------------------------------------------


def draw(size: Size, rows: tuple[ChartRow, ...] = ROWS) -> tuple[pygame.Surface, Any]:
    scale = theme.ui_scale(size)
    surface = pygame.Surface(size)
    surface.fill(theme.PANEL)
    rect = pygame.Rect(0, 0, round(840 * scale), round(240 * scale))
    rect.center = surface.get_rect().center
    return surface, (rect, draw_score_chart(surface, rect, rows, scale))


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_losses_lie_left_of_the_zero_line_and_gains_right(size: Size) -> None:
    surface, (rect, chart) = draw(size)
    zero = chart.zero_x
    assert rect.left < zero < rect.right
    for bar in chart.bars:
        for segment in bar:
            assert rect.contains(segment.rect)
            if segment.points < 0:
                assert segment.rect.right <= zero, segment
            else:
                assert segment.rect.left >= zero, segment
    # The second seat's penalty (-46) reaches further left than the first's (-2), to scale.
    loss_a = next(s for s in chart.bars[0] if s.points < 0).rect
    loss_b = next(s for s in chart.bars[1] if s.points < 0).rect
    assert loss_b.width == pytest.approx(loss_a.width * 23, rel=0.15)
    # A part worth nothing is not drawn; the others keep their labels.
    assert [s.label for s in chart.bars[1]] == ["Money (5 dirhams)", "Empty spaces (23)", "G"]
    # The penalty is painted in the losses' colour, left of the line.
    inside = (loss_b.left + loss_b.width // 5, loss_b.centery)
    assert inside[0] < zero
    assert surface.get_at(inside)[:3] == LOSS_COLORS[0] or surface.get_at(inside)[:3] == tuple(
        round(c * 0.7) for c in LOSS_COLORS[0]
    )  # its colour or its texture's darker shade
    money = chart.bars[0][0].rect
    assert surface.get_at((money.left + 3, money.top + 2))[:3] == GAIN_COLORS[0]
    # The zero line itself.
    assert surface.get_at((zero, loss_a.top - 2))[:3] == theme.MOONLIGHT


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_every_text_stays_inside_the_chart(size: Size) -> None:
    _surface, (rect, chart) = draw(size)
    assert chart.texts
    for text in chart.texts:
        assert rect.contains(text), text
    assert [kind for kind, _box in chart.legend] == ["Money", "Least type", "Empty spaces", "G"]
    names, totals = chart.names, chart.totals
    assert len(names) == len(totals) == len(ROWS)
    for name, total, bar in zip(names, totals, chart.bars, strict=True):
        assert name.right <= min(s.rect.left for s in bar)  # the name before the bar
        assert total.left >= max(s.rect.right for s in bar)  # the total after it
    assert names[0].bottom <= names[1].top


def test_the_legend_wraps_rather_than_spills() -> None:
    labels = [f"A rather long kind of part number {n}" for n in range(9)]
    rows = (ChartRow("a", (200, 200, 200), 45, tuple((label, 5) for label in labels)),)
    surface = pygame.Surface((500, 300))
    rect = pygame.Rect(20, 20, 460, 260)
    chart = draw_score_chart(surface, rect, rows, 0.7)
    boxes = [box for _kind, box in chart.legend]
    assert len({box.top for box in boxes}) > 1  # more than one line
    assert all(rect.contains(box) for box in boxes)


def test_a_segment_is_found_under_the_mouse() -> None:
    _surface, (_rect, chart) = draw((1280, 720))
    segment = chart.bars[1][1]
    assert chart.segment_at(segment.rect.center) == segment
    assert chart.segment_at((0, 0)) is None


@pytest.mark.parametrize("size", [(1, 1), (5, 300), (300, 5), (40, 40), (5000, 80)], ids=size_id)
def test_it_draws_in_any_rect(size: Size) -> None:
    surface = pygame.Surface((max(size[0], 10), max(size[1], 10)))
    for rows in (ROWS, (), (ChartRow("zero", (1, 2, 3), 0, ()),)):
        for scale in (0.01, 0.625, 3.0):
            draw_score_chart(surface, pygame.Rect((2, 2), size), rows, scale)


def test_nothing_is_drawn_outside_the_rect() -> None:
    surface = pygame.Surface((400, 200))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(100, 50, 200, 100)
    draw_score_chart(surface, rect, ROWS, 2.0)  # far too large a scale for the rect
    for x in range(0, 400, 3):
        for y in range(0, 200, 3):
            if not rect.collidepoint(x, y):
                assert surface.get_at((x, y))[:3] == (0, 0, 0), (x, y)


# On the game-over panel ---------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    yield application
    application._worker.shutdown(wait=False)


@lru_cache(maxsize=1)
def castle_match() -> Match[Any]:
    return finished_demo_match(3, 3)


def step(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(0.1)


def click(app: App, pos: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 1)


def over_scene(app: App, size: Size, standings: Standings | None = None) -> TableOverScene:
    app.window = pygame.display.set_mode(size)
    match = castle_match()
    scene = TableOverScene(
        app, CASTLE_UI, match, standings or CASTLE_UI.standings(match), lambda: None
    )
    app.stack.reset(scene)
    step(app)
    return scene


def test_the_chart_stacks_only_the_parts_that_make_the_total() -> None:
    tie_break = StandingsRow(0, 12, (("Jewels", 12), ("Pebbles left", 3)), True)
    assert counted_parts(tie_break) == (("Jewels", 12),)
    whole = StandingsRow(1, 3, (("Money", 5), ("Least", 0), ("Spaces", -2)), False)
    assert counted_parts(whole) == (("Money", 5), ("Spaces", -2))
    assert counted_parts(StandingsRow(2, 7, (("A", 1), ("B", 2)), False)) == (("Score", 7),)
    assert counted_parts(StandingsRow(2, 0, (), False)) == ()


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_game_over_switches_between_points_and_chart(app: App, size: Size) -> None:
    scene = over_scene(app, size)
    assert scene.view == "points" and scene.chart is None and scene.row_rects
    picker = scene.view_picker
    assert picker in scene.widgets and scene.panel_rect.contains(picker.rect)
    click(app, picker.segment(1).center)
    assert scene.view == "chart"
    assert scene.chart is not None and not scene.row_rects
    panel = scene.panel_rect
    for text in scene.chart.texts:
        assert panel.contains(text)
    buttons = [scene.board_button.rect, scene.gallery_button.rect, scene.again_button.rect]
    for bar in scene.chart.bars:
        for segment in bar:
            assert panel.contains(segment.rect)
            assert segment.rect.collidelist(buttons) < 0
            assert not segment.rect.colliderect(picker.rect)
    jewels = [row.parts[0][1] for row in scene.standings.rows]
    assert [sum(s.points for s in bar) for bar in scene.chart.bars] == jewels
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode=""))
    step(app, 1)
    assert scene.view == "points" and picker.value == "points" and scene.row_rects


def test_game_over_chart_with_losses_and_hover_tips(app: App) -> None:
    match = castle_match()
    standings = Standings(
        tuple(
            StandingsRow(
                seat,
                total,
                (("Money (5 dirhams)", 5), ("Empty spaces (9)", total - 5)),
                seat == 0,
            )
            for seat, total in enumerate((3, -4, -20))
        )
    )
    scene = over_scene(app, (1280, 720), standings)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode=""))
    step(app, 1)  # the chart drawn, as the player's V shows it
    assert scene.chart is not None
    zero = scene.chart.zero_x
    losses = [segment for bar in scene.chart.bars for segment in bar if segment.points < 0]
    assert len(losses) == len(match.seats)
    assert all(segment.rect.right <= zero for segment in losses)
    pixel = (losses[-1].rect.left + 3, losses[-1].rect.top + 2)
    assert app.window.get_at(pixel)[:3] != theme.PANEL  # painted
    target = losses[-1].rect
    app.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=target.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app, 1)
    # The tip sits above the segment in a glowing frame, never over the segment itself.
    above = (target.centerx, target.top - scene.frame.px(8) - 2)
    assert (
        app.window.get_at(above)[:3] != app.window.get_at((target.left + 3, target.bottom - 3))[:3]
    )
    assert scene.chart.segment_at(target.center) is not None


def test_game_over_draws_the_kinds_a_game_names_one_swatch_each(app: App) -> None:
    """Labels that read as two kinds (a language's singular and plural) are one in the
    legend when the game names their kind (`Standings.kinds`)."""
    singular, plural = "1 vollständiger Satz", "2 vollständige Sätze"
    standings = Standings(
        (
            StandingsRow(0, 20, ((plural, 20),), True),
            StandingsRow(1, 10, ((singular, 10),), False),
        ),
        kinds=((singular, "Vollständige Sätze"), (plural, "Vollständige Sätze")),
    )
    scene = over_scene(app, (1280, 720), standings)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode=""))
    step(app, 1)
    assert scene.chart is not None
    assert [name for name, _rect in scene.chart.legend] == ["Vollständige Sätze"]
    assert {segment.kind for bar in scene.chart.bars for segment in bar} == {0}


def test_game_over_keeps_what_it_did(app: App) -> None:
    """The board can still be looked at, and the results come back the way they were."""
    scene = over_scene(app, (1280, 720))
    scene.show_view("chart")
    click(app, scene.board_button.rect.center)
    assert scene.peeking and scene.widgets == [scene.results_button]
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode=""))
    assert scene.view == "chart"  # V does nothing while the board is looked at
    click(app, scene.results_button.rect.center)
    assert not scene.peeking and scene.view == "chart" and scene.view_picker.value == "chart"


def test_each_row_of_points_is_in_the_keyboard_s_ring_and_said_whole(app: App) -> None:
    scene = over_scene(app, (1280, 720))
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    rows = scene.standings.rows
    for _ in range(2):  # the points or chart switch, then the first row
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    assert scene.keyboard_focus is scene.row_spots[0]
    label, points = rows[0].parts[0]
    assert voice.lines[-1].startswith(f"{row_name(scene.match, rows[0])}")
    assert f"{rows[0].total} points" in voice.lines[-1] and f"{label}: {points}" in voice.lines[-1]
    scene.show_view("chart")  # no rows in the chart: the ring holds none
    assert not set(scene.row_spots) & set(scene.focus_order())


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)], ids=size_id)
def test_an_accented_capital_in_the_legends_first_line_stays_inside_the_chart(
    size: Size,
) -> None:
    accented = tuple(
        ChartRow(row.name, row.color, row.total, tuple((f"É{label}", p) for label, p in row.parts))
        for row in ROWS
    )
    surface, (rect, _chart) = draw(size, accented)
    with theme.recording(surface) as drawing:
        draw_score_chart(surface, rect, accented, theme.ui_scale(size))
        texts = drawing.take().texts
    assert texts and all(rect.contains(text.ink) for text in texts), [
        (text.content, text.ink) for text in texts if not rect.contains(text.ink)
    ]
