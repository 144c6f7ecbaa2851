"""The About screen and the licence reader, driven like a player would on the dummy video
driver: reached from the title and the pause menu, the list of licences scrolls to every one,
every licence opens and reads, nothing overlaps or leaves the window at the smallest window,
1280x720 and 1920x1080, and a missing licence text is said, never a crash."""

from __future__ import annotations

import itertools
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from moonlight_desktop import i18n, licences
from moonlight_desktop.i18n import ENGLISH, LANGUAGES, set_language
from moonlight_desktop.i18n.catalogues import Language
from moonlight_desktop.licences import NOTICES
from moonlight_desktop.scenes import about
from moonlight_desktop.scenes.about import LICENCE_CARD, NoticeRow, laid_out, path_lines
from moonlight_desktop.scenes.catalog import SCENES, AboutScene, LicenceScene, TitleScene
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import AMBIENT_SECONDS, Scene
from moonlight_desktop.ui.scrolling import DRAG_HINT, SCROLL_HINT
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE
from moonlight_desktop.ui.widgets import Widget
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData
from tests import scroll_helpers
from tests.castle_scene_helpers import pause_menu

Size = tuple[int, int]
SIZES: tuple[Size, ...] = (MIN_WINDOW_SIZE, (1280, 720), (1920, 1080))
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    yield application
    application._worker.shutdown(wait=False)


def step(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(0.1)


def click(app: App, widget: Widget) -> None:
    pos = widget.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, 1)


def press(app: App, key: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    step(app, 1)


def top(app: App) -> Scene:
    assert app.stack.top is not None
    return app.stack.top


def open_at(app: App, scene: Scene, size: Size) -> None:
    app.window = pygame.display.set_mode(size)
    app.stack.reset(scene)
    step(app, 4)


def open_reader(app: App, component: str) -> LicenceScene:
    """The reader of `component`'s licence, open at 1280x720."""
    reader = LicenceScene(app, next(notice for notice in NOTICES if notice.component == component))
    open_at(app, reader, (1280, 720))
    return reader


def scrolled_to(app: App, about: AboutScene, row: NoticeRow) -> None:
    """The wheel turns the licence list down, a notch at a time, until `row` is in view."""
    for _ in range(len(about.rows)):
        if row in about.shown_rows():
            return
        scroll_helpers.wheel(app.handle, -1)
        step(app, 1)
    raise AssertionError(f"{row.notice.component} never came into view")


def texts_drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every text the next frame draws, with where it went."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.blit_text

    def blit_text(
        surface: pygame.Surface,
        content: str,
        face: str,
        pixels: int,
        color: theme.Color,
        anchor: str,
        position: tuple[float, float],
    ) -> pygame.Rect:
        rect = real(surface, content, face, pixels, color, anchor, position)
        drawn.append((content, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", blit_text)
    app.stack.draw(app.window)
    monkeypatch.setattr(theme, "blit_text", real)
    return drawn


# Reaching it ----------------------------------------------------------------------------------


def test_registered_with_the_scenes() -> None:
    assert SCENES["about"] is AboutScene and SCENES["licence"] is LicenceScene


def test_the_title_opens_about_and_esc_comes_back(app: App) -> None:
    title = TitleScene(app)
    app.stack.reset(title)
    step(app)
    click(app, title.about_button)
    about = top(app)
    assert isinstance(about, AboutScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is title


def test_the_pause_menu_opens_about(app: App) -> None:
    pause = pause_menu(app)
    app.stack.push(pause)
    step(app)
    click(app, pause.about_button)
    about = top(app)
    assert isinstance(about, AboutScene)
    click(app, about.back_button)
    assert top(app) is pause


# What it says ---------------------------------------------------------------------------------


def test_it_shows_pyproject_version_and_the_runtime(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        version = tomllib.load(file)["project"]["version"]
    open_at(app, AboutScene(app), (1280, 720))
    words = [content for content, _rect in texts_drawn(app, monkeypatch)]
    assert f"Version {version}" in words
    assert any(content.startswith("Built with Python") for content in words)
    assert any(content.startswith("Your settings and games: ") for content in words)


def test_it_credits_each_translation_honestly(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each language but English is named on the card with who translated it: an AI model,
    and that no native speaker has reviewed it yet (in English as in the language itself)."""
    translated = [language for language in LANGUAGES if language.code != ENGLISH]
    assert translated
    for code in (ENGLISH, *(language.code for language in translated)):
        set_language(code)
        open_at(app, AboutScene(app), (1280, 720))
        drawn = " ".join(content for content, _rect in texts_drawn(app, monkeypatch))
        words = " ".join(drawn.split())  # lines joined, no-break spaces read as spaces
        for language in translated:
            assert language.native_name in words
            assert " ".join(i18n._(language.translators).split()) in words  # across lines
    set_language(ENGLISH)
    assert "an AI model" in translated[0].translators
    assert "not yet reviewed by a native speaker" in translated[0].translators


def test_languages_translated_by_others_are_credited_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    languages = (*LANGUAGES, Language("xx", "Xish", "Ada Lovelace"))
    monkeypatch.setattr(about, "LANGUAGES", languages)
    credits = about.translation_credits()
    assert len(credits) == 2 and "Deutsch and Français" in credits[0]
    assert credits[1] == "Translations (Xish): Ada Lovelace"


def test_every_notice_has_a_row_and_every_row_reads_its_licence(app: App) -> None:
    about = AboutScene(app)
    open_at(app, about, (1280, 720))
    assert [row.notice for row in about.rows] == list(NOTICES)
    for row in about.rows:
        scrolled_to(app, about, row)
        click(app, row)
        reader = top(app)
        assert isinstance(reader, LicenceScene) and reader.notice is row.notice
        assert reader.text and reader.lines, row.notice.component
        press(app, pygame.K_ESCAPE)
        assert top(app) is about


def test_the_reader_scrolls_to_the_end_and_back(app: App) -> None:
    app.settings.animation_speed = 0.0
    scroller = open_reader(app, "pygame-ce").scroller
    assert scroller.max_offset > 0 and scroller.offset == 0
    press(app, pygame.K_END)
    assert scroller.offset == scroller.max_offset
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    step(app, 1)
    assert 0 < scroller.offset < scroller.max_offset
    press(app, pygame.K_HOME)
    assert scroller.offset == 0


def test_the_reader_scrolls_by_its_bar(app: App) -> None:
    app.settings.animation_speed = 0.0
    reader = open_reader(app, "pygame-ce")
    scroller = reader.scroller
    thumb, track = scroller.thumb(), scroller.track()
    scroll_helpers.motion(app.handle, thumb.center)
    assert reader.hint() == DRAG_HINT
    scroll_helpers.drag(app.handle, thumb.center, (thumb.centerx, track.bottom))
    step(app, 1)
    assert scroller.offset == scroller.max_offset
    scroll_helpers.click(app.handle, (track.centerx, track.top + 2))  # a page back up
    step(app, 1)
    assert scroller.offset == pytest.approx(scroller.max_offset - scroller.rect.height * 0.9)
    scroll_helpers.motion(app.handle, scroller.rect.center)
    assert reader.hint() == SCROLL_HINT


def test_a_resize_keeps_the_readers_place(app: App) -> None:
    reader = LicenceScene(app, NOTICES[0])
    open_at(app, reader, (1280, 720))
    scroller = reader.scroller
    scroller.scroll_to(scroller.max_offset / 2, at_once=True)
    app.window = pygame.display.set_mode((1920, 1080))
    app.stack.resize((1920, 1080))
    assert scroller.rect.height > 478 and scroller.offset == pytest.approx(scroller.max_offset / 2)


def test_an_eased_scroll_draws_until_it_arrives_then_the_reader_rests(app: App) -> None:
    app.settings.animation_speed = 1.0
    reader = LicenceScene(app, NOTICES[0])
    open_at(app, reader, (1280, 720))
    scroll_helpers.wheel(app.handle, -3)
    app.ambient.still = AMBIENT_SECONDS  # the sky's twinkle at rest: only the scroll moves
    assert reader.scroller.moving and reader.next_frame_in() == 0
    for _ in range(120):
        app.stack.update(1 / 60)
    assert reader.scroller.offset == reader.scroller.target > 0
    assert reader.next_frame_in() is None


def test_a_missing_text_is_said_not_a_crash(
    app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(licences, "text_path", lambda _notice: tmp_path / "gone.txt")
    reader = LicenceScene(app, NOTICES[0])
    open_at(app, reader, (1280, 720))
    assert reader.text is None and reader.lines == () and reader.scroller.max_offset == 0
    words = " ".join(content for content, _rect in texts_drawn(app, monkeypatch))
    assert "missing" in words and NOTICES[0].file in words
    press(app, pygame.K_END)  # nothing to scroll: nothing happens
    assert reader.scroller.offset == 0


def test_long_lines_wrap_at_their_indent() -> None:
    pygame.font.init()
    text = "short\n\tindented " + "word " * 60 + "\n\nlast"
    lines = laid_out(text, 16, 400)
    assert lines[0] == (0, "short")
    wrapped = [line for line in lines if line[0] > 0]
    assert len(wrapped) > 2 and len({indent for indent, _ in wrapped}) == 1
    assert all(theme.text_width(words, theme.BODY_FONT, 16) <= 400 - i for i, words in lines)
    assert (0, "") in lines and lines[-1] == (0, "last")


# Every size -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scrolled", [False, True], ids=["top", "end"])
def test_about_lays_out_without_overlap(
    app: App, size: Size, scrolled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    about = AboutScene(app)
    open_at(app, about, size)
    if scrolled:
        press(app, pygame.K_END)
        step(app, 20)
    window = app.window.get_rect()
    margin = window.inflate(-round(size[0] * 0.04), -round(size[1] * 0.04))
    shown = about.shown_rows()
    assert shown, "no licence in view"
    boxes = {f"{type(w).__name__} {n}": w.rect for n, w in enumerate(about.widgets)}
    boxes |= {row.notice.component: row.rect for row in shown}
    boxes["scrollbar"] = about.scroller.track()
    for name, rect in boxes.items():
        assert rect.width > 0 and rect.height > 0, name
        assert margin.contains(rect), (name, rect)
    licence_card = about.frame.rect(*LICENCE_CARD)
    assert licence_card.contains(about.scroller.track())
    for row in shown:
        assert about.scroller.rect.contains(row.rect), row.notice.component
    shown_boxes = {name: rect for name, rect in boxes.items() if name != "Scroller 0"}
    for (a, rect_a), (b, rect_b) in itertools.combinations(shown_boxes.items(), 2):
        assert not rect_a.colliderect(rect_b), (a, b)
    drawn = texts_drawn(app, monkeypatch)
    for content, rect in drawn:
        assert window.contains(rect), (content, rect)
    rows = [row.rect for row in shown]
    texts = [(content, rect) for content, rect in drawn if any(r.colliderect(rect) for r in rows)]
    for content, rect in texts:  # a row's words stay inside that row
        assert any(row.contains(rect) for row in rows), (content, rect)
    app_card = about.frame.rect(40, 100, 420, 514)
    beside = [rect for content, rect in drawn if app_card.colliderect(rect)]
    assert all(app_card.contains(rect) for rect in beside)
    for (a, rect_a), (b, rect_b) in itertools.combinations(drawn, 2):
        assert not rect_a.colliderect(rect_b), (a, b)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_licence_list_scrolls_by_wheel_keys_and_bar(app: App, size: Size) -> None:
    app.settings.animation_speed = 0.0
    about = AboutScene(app)
    open_at(app, about, size)
    scroller = about.scroller
    first, last = about.rows[0], about.rows[-1]
    assert scroller.max_offset > 0 and first in about.shown_rows()
    assert last not in about.shown_rows()
    press(app, pygame.K_END)
    assert scroller.offset == scroller.max_offset and last in about.shown_rows()
    assert first not in about.shown_rows()
    press(app, pygame.K_HOME)
    assert first in about.shown_rows()
    scroll_helpers.wheel(app.handle, -1)
    step(app, 1)
    assert 0 < scroller.offset < scroller.max_offset
    thumb, track = scroller.thumb(), scroller.track()
    scroll_helpers.drag(app.handle, thumb.center, (thumb.centerx, track.bottom))
    step(app, 1)
    assert last in about.shown_rows()


def test_a_row_reads_only_while_whole_in_view(app: App) -> None:
    app.settings.animation_speed = 0.0
    about = AboutScene(app)
    open_at(app, about, (1280, 720))
    scroll_helpers.wheel(app.handle, -1)
    step(app, 1)
    view, shown = about.scroller.rect, about.shown_rows()
    cut = max((row.rect.clip(view) for row in about.rows if row not in shown), key=lambda r: r.h)
    assert cut.height > 0  # a row in part under the list's edge
    scroll_helpers.click(app.handle, cut.center)
    step(app, 1)
    assert top(app) is about and not any(row.hovered for row in about.rows)
    row = shown[0]
    scroll_helpers.motion(app.handle, row.rect.center)
    reads = f"Read the {row.notice.licence} text of {row.notice.component}"
    assert row.hovered and about.hint() == reads
    scroll_helpers.wheel(app.handle, -3)  # the row leaves from under the mouse
    step(app, 1)
    assert not row.hovered and about.hint() != reads


LONG_FOLDER = ("home", "Bartholomew Wimmer", ".local", "share", "MoonlightDesktop")
"""A data folder as deep as a real one (platformdirs' on Linux, with a long user name)."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_is_cut_short(size: Size, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path.joinpath(*LONG_FOLDER)
    app = App(UserData(folder))
    app.settings.animation_speed = 0.0
    try:
        about = AboutScene(app)
        open_at(app, about, size)
        drawn = [content for content, _rect in texts_drawn(app, monkeypatch)]
        while about.scroller.offset < about.scroller.max_offset:  # the list, page by page
            press(app, pygame.K_PAGEDOWN)
            drawn += [content for content, _rect in texts_drawn(app, monkeypatch)]
    finally:
        app._worker.shutdown(wait=False)
    assert not [content for content in drawn if "…" in content]
    for notice in NOTICES:  # each row's name and licence, whole
        assert notice.component in drawn
        assert f"{notice.licence} · {notice.role}" in drawn, notice.component
    assert str(folder) in "".join(drawn)  # on lines read one after the other


def test_a_long_path_breaks_after_its_separators() -> None:
    pygame.font.init()
    windows = r"Your settings and games: C:\Users\Bartholomew Wimmer\AppData\Local\MoonlightDesktop"
    lines = path_lines(windows, 13, 220)
    assert len(lines) > 1 and "".join(lines) == windows
    assert all(line.endswith("\\") for line in lines[:-1]), lines
    assert all(theme.text_width(line, theme.BODY_FONT, 13) <= 220 for line in lines)
    assert path_lines("Your settings and games: /home/ada", 13, 400) == (
        "Your settings and games: /home/ada",
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("component", ["Python", "pygame-ce", "SDL 2", "Lato"])
def test_each_licence_reads_inside_its_panel(
    app: App, size: Size, component: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    notice = next(notice for notice in NOTICES if notice.component == component)
    reader = LicenceScene(app, notice)
    open_at(app, reader, size)
    window = app.window.get_rect()
    view = reader.scroller.rect
    for widget in reader.widgets:
        assert window.inflate(-size[0] * 0.04, -size[1] * 0.04).contains(widget.rect)
    assert not reader.back_button.rect.colliderect(view)
    assert not reader.scroller.track().colliderect(reader.back_button.rect)
    press(app, pygame.K_PAGEDOWN)
    step(app, 5)
    for content, rect in texts_drawn(app, monkeypatch):
        assert window.contains(rect), (content, rect)
        if rect.colliderect(view):  # a line of the licence: its width fits the view
            assert view.left <= rect.left and rect.right <= view.right, content


@pytest.mark.parametrize("size", [(1, 1), (300, 200), (3000, 600), (600, 3000)])
def test_they_draw_at_any_size(app: App, size: Size) -> None:
    for scene in (AboutScene(app), LicenceScene(app, NOTICES[1])):
        app.stack.reset(scene)
        scene.on_resize(size)
        surface = pygame.Surface(size)
        scene.update(0.05)
        scene.draw(surface)


def test_tab_reaches_every_licence_row_scrolled_into_view_and_enter_reads_it(app: App) -> None:
    about = AboutScene(app)
    open_at(app, about, MIN_WINDOW_SIZE)
    for row in about.rows:
        press(app, pygame.K_TAB)
        step(app, 8)  # the list eases to the row
        assert about.keyboard_focus is row and row in about.shown_rows()
    press(app, pygame.K_TAB)
    assert about.keyboard_focus is about.back_button
    press(app, pygame.K_TAB)  # round to the first row, back at the top
    step(app, 8)
    assert about.keyboard_focus is about.rows[0] and about.rows[0] in about.shown_rows()
    press(app, pygame.K_RETURN)
    reader = top(app)
    assert isinstance(reader, LicenceScene) and reader.notice == about.rows[0].notice
