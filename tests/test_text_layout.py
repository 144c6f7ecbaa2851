"""Every screen, drawn at the smallest window of each UI scale step (1280x720 to 2560x1440,
`UI_SCALES`) with the longest names a player can type (tests/text_scenes.py), is measured as
drawn (`theme.recording`): no text smaller than the smallest the window allows (13 px at
1280x720, growing with the window), no text over another, every text inside the panel, button
or card it is drawn in and nothing drawn over it later, and no star of the sky under a panel or
a text. Lining figures in the heading font. Each group of screens at each size is a test of its
own, so that pytest-xdist spreads them over its workers."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.drawn import DrawnBox, DrawnText, Marks
from moonlight_desktop.ui.sizes import BASE_SIZE
from moonlight_desktop.ui.table.controller import run_here
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import UI_SCALES, UserData
from tests.text_scenes import GROUPS, Shown, every_scene, long_named_seats, mid_game, played

SIZES = tuple((round(BASE_SIZE[0] * scale), round(BASE_SIZE[1] * scale)) for scale in UI_SCALES)
"""The smallest window at each UI scale step (100%: the design size)."""
FRAMES = 4
"""Frames each screen is given at least before the one that is measured."""
MOST_FRAMES = 200
"""Frames a table is given at most to settle (bots placing their orders, the board showing
them)."""

Drawn = list[tuple[str, Marks]]


def draw_every_screen(
    size: tuple[int, int], folder: Path, group: str, only: Collection[str] = ()
) -> Drawn:
    """What each screen of `group` (text_scenes.GROUPS) draws at `size`, by name (only the
    screens named in `only`, when given)."""
    return draw_screens(
        size,
        folder,
        lambda app: (shown for shown in every_scene(app, group) if not only or shown[0] in only),
    )


def draw_screens(
    size: tuple[int, int], folder: Path, screens: Callable[[App], Iterable[Shown]]
) -> Drawn:
    """What each of the `screens` an app makes draws at `size`, by name."""
    app = App(UserData(folder))
    app.run_rules = run_here  # type: ignore[method-assign]  # commands applied at once
    app.settings.animation_speed = 0.0
    app.settings.ui_scale = theme.ui_scale(size)
    app.window = pygame.display.set_mode(size)
    drawn: Drawn = []
    try:
        with theme.recording(app.window) as drawing:
            for name, make in screens(app):
                app.stack.clear()
                for scene in make():
                    app.stack.push(scene)
                show(app)
                drawing.clear()
                app.stack.draw(app.window)
                drawn.append((name, drawing.take()))
    finally:
        app.close()
    return drawn


def show(app: App) -> None:
    """Updates until every table on the stack is still: nothing moving, no bot to act."""
    still = 0
    for frame in range(MOST_FRAMES):
        settle(app)
        app.stack.update(0.25)  # drawn once, when still
        tables = [scene for scene in app.stack.scenes if isinstance(scene, TableScene)]
        moving = any(table.presenter.busy or table.controller.thinking() for table in tables)
        still = 0 if moving else still + 1
        if still >= 2 and frame >= FRAMES:
            return


def settle(app: App) -> None:
    """The tables' rules, bots and hints finish what they are doing (on their threads)."""
    for scene in app.stack.scenes:
        if isinstance(scene, TableScene):
            scene.controller.settle(timeout=5)
            for job in list(scene.controller._thinking.values()):
                job.future.result(timeout=10)
            hints = scene.hints  # a replay has none
            if hints is not None and hints.job is not None:
                hints.job[1].result(timeout=10)


def said(text: DrawnText) -> str:
    return f"{text.content!r} at {tuple(text.ink)}"


def report(problems: list[str]) -> str:
    return f"{len(problems)} problems:\n" + "\n".join(problems[:60])


def too_small(size: tuple[int, int], drawn: Drawn) -> list[str]:
    least = theme.smallest_text(theme.ui_scale(size))
    return [
        f"{name}: {said(text)} is {text.pixels} px, under {least}"
        for name, marks in drawn
        for text in marks.texts
        if text.pixels < least
    ]


def overlapping(drawn: Drawn) -> list[str]:
    return [
        f"{name}: {said(one)} overlaps {said(other)}"
        for name, marks in drawn
        for one, other in itertools.combinations(marks.texts, 2)
        if one.ink.colliderect(other.ink)
    ]


def out_of_place(size: tuple[int, int], drawn: Drawn) -> list[str]:
    """Texts that leave the window, are cut off, cross a panel's edge or lie under a panel
    drawn after them."""
    window = pygame.Rect((0, 0), size)
    problems: list[str] = []
    for name, marks in drawn:
        for text in marks.texts:
            if not window.contains(text.ink):
                problems.append(f"{name}: {said(text)} leaves the window")
            if not text.clip.contains(text.ink):
                problems.append(f"{name}: {said(text)} is cut off at {tuple(text.clip)}")
            for picture in marks.pictures:
                if picture.order > text.order and picture.rect.colliderect(text.ink):
                    problems.append(f"{name}: {said(text)} is under a picture at {picture.rect}")
            under = [box for box in marks.boxes if box.order < text.order]
            for box in marks.boxes:
                if not box.rect.colliderect(text.ink):
                    continue
                if box.order > text.order:
                    problems.append(f"{name}: {said(text)} is covered by {tuple(box.rect)}")
                elif not box.rect.contains(text.ink) and not on_a_later_box(text, box, under):
                    problems.append(f"{name}: {said(text)} crosses the edge of {tuple(box.rect)}")
    return problems


def on_a_later_box(text: DrawnText, box: DrawnBox, under: list[DrawnBox]) -> bool:
    """Whether `text` lies whole on a box drawn over `box`'s edge (a card fanned over the one
    before it, a button on a panel)."""
    return any(box.order < other.order and other.rect.contains(text.ink) for other in under)


def stars_under_things(drawn: Drawn) -> list[str]:
    return [
        f"{name}: a star at {star.centre} under {tuple(rect)}"
        for name, marks in drawn
        for star in marks.stars
        for rect in [text.ink for text in marks.texts] + [box.rect for box in marks.boxes]
        if star.touches(rect)
    ]


def rings_over_text(drawn: Drawn) -> list[str]:
    return [
        f"{name}: {ring} covers {said(text)}"
        for name, marks in drawn
        for ring in marks.rings
        for text in marks.texts
        if ring.touches(text.ink)
    ]


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_screen_reads_whole_at_every_ui_scale(
    size: tuple[int, int], group: str, tmp_path: Path
) -> None:
    """No text too small, over another, out of its panel or covered; no star under a panel
    or a text, no ring pointing something out over a text."""
    drawn = draw_every_screen(size, tmp_path, group)
    problems = [
        *too_small(size, drawn),
        *overlapping(drawn),
        *out_of_place(size, drawn),
        *stars_under_things(drawn),
        *rings_over_text(drawn),
    ]
    assert not problems, report(problems)


def test_the_heading_font_draws_lining_figures() -> None:
    """A number in a heading stands as tall as a capital, on the line: "Player 1", not the
    old-style "Player i"-like one (EB Garamond's default), nor a 3 or a 9 hanging below the line."""
    pygame.init()
    capital = theme.text(theme.HEADING_FONT, 60, "H", theme.TEXT).get_bounding_rect()
    for digit in "0123456789":
        ink = theme.text(theme.HEADING_FONT, 60, digit, theme.TEXT).get_bounding_rect()
        # Round figures overshoot the line a little; old-style ones miss it by a third.
        assert abs(ink.top - capital.top) <= 4, digit
        assert abs(ink.bottom - capital.bottom) <= 4, digit


def test_a_text_longer_than_its_box_keeps_the_lines_that_fit() -> None:
    """Not one line cut short: as many lines as the box holds at the smallest size, only the
    last cut (a header's prompt, a setup option's help)."""
    pygame.init()
    words = "Hide in a glowing space, or stay and recover the tile beside you. " * 3
    least = theme.smallest_text(1.0)
    line = theme.font(theme.BODY_FONT, least).get_linesize()
    lines, size = theme.fit_lines(words, theme.BODY_FONT, 18, 200, 2 * line, least)
    assert size == least and len(lines) == 2
    assert lines[0] == theme.wrap(words, theme.BODY_FONT, least, 200)[0]
    assert lines[1].endswith(theme.ELLIPSIS)
    assert all(theme.text_width(one, theme.BODY_FONT, size) <= 200 for one in lines)


def test_stacked_lines_stand_a_step_apart_under_the_first() -> None:
    """`blit_lines_from`: each line `step` under the one before it, the first at the position
    given (the header's prompt, a setup option's help, About's foot), rounded as one
    `blit_text` a line rounds."""
    pygame.init()
    lines = ("First line", "Second", "Third one")
    stacked, apart = pygame.Surface((400, 200)), pygame.Surface((400, 200))
    theme.blit_lines_from(
        stacked, lines, theme.BODY_FONT, 16, theme.TEXT, "midtop", (200, 30.5), 22
    )
    for line, y in zip(lines, (30.5, 52.5, 74.5), strict=True):
        theme.blit_text(apart, line, theme.BODY_FONT, 16, theme.TEXT, "midtop", (200, y))
    assert pygame.image.tobytes(stacked, "RGB") == pygame.image.tobytes(apart, "RGB")
    assert stacked.get_bounding_rect().height > 50  # three lines drawn, not one
    # By default a line is the font's line size under the one before, as `fit_lines` counts.
    line = theme.body(16).get_linesize()
    stacked.fill((0, 0, 0))
    apart.fill((0, 0, 0))
    theme.blit_lines_from(stacked, lines, theme.BODY_FONT, 16, theme.TEXT, "topleft", (10, 20))
    for number, text in enumerate(lines):
        position = (10, 20 + number * line)
        theme.blit_text(apart, text, theme.BODY_FONT, 16, theme.TEXT, "topleft", position)
    assert pygame.image.tobytes(stacked, "RGB") == pygame.image.tobytes(apart, "RGB")


def test_a_hint_is_told_whole_and_legible_beside_six_seats(tmp_path: Path) -> None:
    """Moons at six seats leaves the log a few rows: while a hint is shown the seat rows make
    room, so its reason is read whole, never under 13 px (it was shrunk to 9 px, where its
    word spaces kerned away: "Jupiterin")."""
    app = App(UserData(tmp_path))
    app.run_rules = run_here  # type: ignore[method-assign]
    app.settings.animation_speed = 0.0
    app.window = pygame.display.set_mode((1280, 720))
    try:
        ui = TABLE_GAMES["moons"]
        match = Match.new(game_spec("moons").rules, long_named_seats(ui, 6), 3)
        table = open_table(app, ui, played(match, mid_game))
        app.stack.push(table)
        table.hints.ask()
        show(app)
        assert table.hints.hint is not None
        with theme.recording(app.window) as drawing:
            app.stack.draw(app.window)
        card = table.chrome.log_card_rect
        words = [text for text in drawing.take().texts if card.contains(text.ink)]
        assert [text.content for text in words[:1]] == ["Hint"]
        assert " ".join(text.content for text in words[1:]) == table.hints.hint.text
        assert min(text.pixels for text in words[1:]) >= theme.smallest_text(1.0)
    finally:
        app.close()


def test_a_line_never_breaks_at_a_no_break_space() -> None:
    """French keeps "remporté :" and "1 234" together with U+202F: a line breaks at a
    plain space only."""
    pygame.font.init()
    lines = theme.wrap("Pli remporté\u202f: prenez 1\u202f234 jetons", theme.BODY_FONT, 20, 125)
    assert "Pli remporté\u202f:" in lines and "1\u202f234" in " ".join(lines)
    assert not any(line.startswith(":") for line in lines)
    assert theme.wrap("a b\tc", theme.BODY_FONT, 20, 1000) == ("a b c",)
