"""The scenes around the games in German and French: every screen reads whole at 1280x720
(no text over another, cut off or out of its panel, none too small), also in the
pseudo-language's longer words; counts, lists, dates, numbers and times take the language's
own forms."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.archive import ArchivedGame
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n import ENGLISH, PSEUDO, set_language
from moonlight_desktop.scenes.catalog import _online_scenes
from moonlight_desktop.scenes.gallery import GalleryScene, set_aside_notice
from moonlight_desktop.scenes.handoff import HandoffScene
from moonlight_desktop.scenes.online_flow import seconds_ago
from moonlight_desktop.scenes.past_games import count_words, set_aside_words, when
from moonlight_desktop.scenes.settings import (
    ACCESSIBILITY,
    CONTROL_INDENT,
    GENERAL,
    LABEL_INDENT,
    SettingsScene,
    _archive_hint,
)
from moonlight_desktop.scenes.statistics import percent, score_text, versus_line
from moonlight_desktop.scenes.table_flow import seat_look
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.statistics import VersusLevel
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from tests.castle_scene_helpers import pause_menu
from tests.test_text_layout import (
    draw_screens,
    out_of_place,
    overlapping,
    report,
    show,
    too_small,
)
from tests.text_scenes import MENUS, Shown, every_scene

SIZE = (1280, 720)
NNBSP = "\N{NARROW NO-BREAK SPACE}"


def menu_screens(app: App) -> Iterator[Shown]:
    """The scenes around the games, and Play online with a waiting room."""
    yield from every_scene(app, MENUS)
    for scene in _online_scenes(app):
        yield type(scene).__name__, lambda scene=scene: [scene]  # type: ignore[misc]


@pytest.mark.parametrize("language", ["de", "fr", PSEUDO])
def test_every_menu_screen_reads_whole(language: str, tmp_path: Path) -> None:
    set_language(language)
    drawn = draw_screens(SIZE, tmp_path, menu_screens)
    if language == PSEUDO:
        # Settings' segmented pickers draw their labels at one size (the kit's Segmented):
        # the pseudo-language's labels are longer than a segment.
        drawn = [(name, marks) for name, marks in drawn if name != "settings"]
    assert {name for name, _marks in drawn} >= {"gallery", "about", "OnlineMenuScene"}
    problems = [*too_small(SIZE, drawn), *overlapping(drawn), *out_of_place(SIZE, drawn)]
    assert not problems, report(problems)


def test_the_settings_labels_fit_their_column_in_the_pseudo_language(app: App) -> None:
    set_language(PSEUDO)
    app.window = pygame.display.set_mode(SIZE)
    app.stack.reset(SettingsScene(app))
    show(app)
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
    texts = drawing.take().texts
    for panel, rows in ((GENERAL, 6), (ACCESSIBILITY, 5)):
        rows_top, left = panel.top + 64, panel.left + LABEL_INDENT
        labels = [text for text in texts if text.ink.top > rows_top and text.ink.left < left + 4]
        labels = [text for text in labels if text.ink.left >= left - 4]
        assert len(labels) >= rows  # every row's label, on one line or two
        outside = [text.content for text in labels if text.ink.right > panel.left + CONTROL_INDENT]
        assert not outside


def drawn_words(app: App) -> list[str]:
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
    return sorted(text.content for text in drawing.take().texts)


MADE_BEFORE_SETTINGS: dict[str, Callable[[App], Scene]] = {
    "title": TitleScene,
    "gallery": GalleryScene,
    "pause": pause_menu,
    "hand-off": lambda app: HandoffScene(
        app, "Ana", seat_look(TABLE_GAMES["castle"], "fox"), lambda: None, lambda: pause_menu(app)
    ),
}
"""The scenes that may lie under Settings while the language changes there."""


@pytest.mark.parametrize("name", list(MADE_BEFORE_SETTINGS))
def test_a_scene_laid_out_after_a_language_change_speaks_the_new_one(app: App, name: str) -> None:
    """Laid out again (as every scene is when a setting changes), a scene made in English
    draws what one made in German draws: no button keeps its English label."""
    make = MADE_BEFORE_SETTINGS[name]
    set_language("de")
    app.stack.reset(make(app))
    show(app)
    german = drawn_words(app)
    set_language(ENGLISH)
    app.stack.reset(make(app))
    show(app)
    assert drawn_words(app) != german
    set_language("de")
    app.stack.resize(app.size)
    assert drawn_words(app) == german


def test_counts_and_lists_take_the_languages_forms() -> None:
    set_language("de")
    assert set_aside_notice(["Moonlight Castle", "Moons"]) == (
        "Deine gespeicherten Partien von Moonlight Castle und Moons ließen sich nicht"
        " fortsetzen und wurden beiseitegelegt."
    )
    assert count_words(2, 3) == "2 von 3 früheren Partien passen"
    assert count_words(1, 3) == "1 von 3 früheren Partien passt"
    set_language("fr")
    assert "Moonlight Castle et Moons" in set_aside_notice(["Moonlight Castle", "Moons"])
    assert count_words(1, 3) == "1 des 3 parties jouées correspond"
    apostrophe = "\N{RIGHT SINGLE QUOTATION MARK}"
    assert set_aside_words(2).startswith(f"2 parties jouées n{apostrophe}ont pas pu être lues")
    assert versus_line(VersusLevel("normal", 12, 0)) == ("Bots normaux", "0 gagnée sur 12")
    assert versus_line(VersusLevel("hard", 12, 7)) == ("Bots difficiles", "7 gagnées sur 12")


def test_numbers_dates_and_times_take_the_languages_forms() -> None:
    finished = ArchivedGame("key", "castle", datetime(2026, 12, 1, 5, 12), (), 3, Path())
    set_language("de")
    assert (score_text(43.45), percent(0.58)) == ("43,5", "58\N{NO-BREAK SPACE}%")
    assert when(finished) == "01.12.2026, 05:12"
    assert seconds_ago(time.time() - 300) == "vor 5 Minuten"
    assert "Die letzten 2.000 beendeten Partien" in _archive_hint(2000)
    set_language("fr")
    assert (score_text(-6.44), percent(1.0)) == ("-6,4", "100\N{NO-BREAK SPACE}%")
    assert when(finished) == "1 déc. 2026, 05:12"
    assert seconds_ago(time.time() - 7200) == "il y a 2 heures"
    assert f"les 2{NNBSP}000 dernières parties" in _archive_hint(2000)
