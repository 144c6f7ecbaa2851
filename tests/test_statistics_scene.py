"""The Statistics screen driven like a player would (synthetic events through the App, on the
dummy video driver), at the smallest window and at full HD; and the Settings control for how
many past games the archive keeps (what the statistics are counted from)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.scenes.catalog import SCENES, GalleryScene, SettingsScene
from moonlight_desktop.scenes.settings import ARCHIVE_LIMITS
from moonlight_desktop.scenes.statistics import (
    EMPTY_MESSAGE,
    TRACK,
    StatisticsScene,
    game_title,
    played_levels,
    player_games,
    player_names,
    score_text,
    versus_line,
)
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.statistics import PlayerStats, VersusLevel
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE
from moonlight_desktop.ui.widgets import Spot, Widget
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData

Size = tuple[int, int]
SIZES: tuple[Size, ...] = (MIN_WINDOW_SIZE, (1280, 720), (1920, 1080))
LONG_NAME = "WWWWWWWWWWWWWWWW"

STATS = (
    PlayerStats(
        "Ana",
        "castle",
        12,
        7,
        14.25,
        21,
        (VersusLevel("easy", 5, 4), VersusLevel("normal", 7, 3)),
    ),
    PlayerStats("Ana", "market", 5, 2, 48.6, 61, (VersusLevel("normal", 5, 2),)),
    PlayerStats("Ana", "moons", 3, 1, 27.0, 38, ()),
    PlayerStats(
        "Ana",
        "samarkand",
        8,
        3,
        -6.4,
        19,
        (VersusLevel("easy", 2, 2), VersusLevel("hard", 3, 0), VersusLevel("normal", 8, 3)),
    ),
    PlayerStats("Ben", "castle", 1, 0, 9.0, 9, (VersusLevel("normal", 1, 0),)),
    PlayerStats(LONG_NAME, "samarkand", 2, 2, 30.5, 33, (VersusLevel("easy", 2, 2),)),
)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    yield application
    application._worker.shutdown(wait=False)


def at_size(app: App, size: Size) -> None:
    app.window = pygame.display.set_mode(size)
    app.stack.resize(size)


def step(app: App, frames: int = 3, dt: float = 0.1) -> None:
    for _ in range(frames):
        app.step(dt)


def click(app: App, target: Widget | tuple[int, int], dx: int = 0) -> None:
    pos = target.rect.center if isinstance(target, Widget) else target
    pos = (pos[0] + dx, pos[1])
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


def open_statistics(
    app: App, size: Size, stats: tuple[PlayerStats, ...] = STATS
) -> StatisticsScene:
    """The screen over the gallery (where it is opened from), laid out for `size`."""
    at_size(app, size)
    app.stack.reset(GalleryScene(app))
    scene = StatisticsScene(app, stats)
    app.stack.push(scene)
    step(app, 6)
    assert scene.frame.size == size
    return scene


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


# What the page says -------------------------------------------------------------------------


def test_the_figures_in_words() -> None:
    assert player_names(STATS) == ["Ana", "Ben", LONG_NAME]
    assert [entry.game for entry in player_games(STATS, "Ana")] == [
        "castle",
        "market",
        "moons",
        "samarkand",
    ]
    assert game_title("castle") == "Moonlight Castle"
    assert game_title("chess_variant") == "Chess variant"  # a game this build does not have
    assert [score_text(s) for s in (43.0, 43.45, -6.44, 0.0)] == ["43", "43.5", "-6.4", "0"]
    levels = STATS[3].versus
    assert [level.level for level in played_levels(levels)] == ["easy", "normal", "hard"]
    assert played_levels((VersusLevel("normal", 0, 0),)) == []
    assert versus_line(VersusLevel("normal", 12, 7)) == ("Normal bots", "7 won of 12")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_card_per_game_with_its_figures(
    app: App, size: Size, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_statistics(app, size)
    assert scene.player == "Ana"
    words = [content for content, _rect in texts_drawn(app, monkeypatch)]
    for title in ("Moonlight Castle", "Moonlight Market", "Moons", "Le Marché de Samarkand"):
        assert title in words
    for figure in ("58%", "7 wins of 12 games", "14.2", "21", "Normal bots", "3 won of 7"):
        assert figure in words, figure
    assert "Never against the bots" in words  # Moons: only against people
    assert "28 games finished, 13 won" in words


def test_the_game_names_can_be_given(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    at_size(app, (1280, 720))
    scene = StatisticsScene(app, STATS[4:5], names=lambda game_id: f"The game {game_id}")
    app.stack.reset(scene)
    step(app)
    words = [content for content, _rect in texts_drawn(app, monkeypatch)]
    assert "The game castle" in words
    assert "Ben" in words  # a single player: the name stands alone, no chooser
    assert scene.player_choice not in scene.widgets


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_win_rate_bar_is_filled_to_the_rate(app: App, size: Size) -> None:
    scene = open_statistics(app, size)
    card = scene.card_rects(scene.cards)[0]  # Castle: 7 of 12, 58%
    bar = scene.win_bar(card)
    filled = bar.left + round(bar.width * 7 / 12)
    y = bar.centery
    assert app.window.get_at((bar.left + bar.height, y))[:3] == theme.GOLD
    assert app.window.get_at((filled - 2, y))[:3] == theme.GOLD
    assert app.window.get_at((filled + 2, y))[:3] == TRACK
    assert app.window.get_at((bar.right - bar.height, y))[:3] == TRACK


# Choosing a player --------------------------------------------------------------------------


@pytest.mark.parametrize("size", [MIN_WINDOW_SIZE, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_choosing_another_player_changes_the_page(app: App, size: Size) -> None:
    scene = open_statistics(app, size)
    cards_area = scene.card_rects(scene.cards)[0].union(scene.card_rects(scene.cards)[-1])
    before = app.window.subsurface(cards_area).copy()
    choice = scene.player_choice
    click(app, choice, dx=choice.rect.width // 3)  # the right half: the next player
    assert scene.player == "Ben" and scene.direction == 1
    assert [entry.game for entry in scene.cards] == ["castle"]
    step(app, 6)  # the new page has come in
    after = app.window.subsurface(cards_area)
    assert any(
        before.get_at((x, y)) != after.get_at((x, y))
        for x in range(0, cards_area.width, 7)
        for y in range(0, cards_area.height, 7)
    )
    press(app, pygame.K_RIGHT)
    assert scene.player == LONG_NAME
    press(app, pygame.K_RIGHT)  # round the end
    assert scene.player == "Ana"
    press(app, pygame.K_LEFT)
    assert scene.player == LONG_NAME and scene.direction == -1
    click(app, choice, dx=-choice.rect.width // 3)  # the left half: the one before
    assert scene.player == "Ben"


def test_a_new_page_slides_in_and_settles(app: App) -> None:
    scene = open_statistics(app, (1280, 720))
    press(app, pygame.K_RIGHT)
    assert scene.page_time < 0.3  # coming in
    step(app, 5)
    assert scene.page_time >= 0.3
    app.settings.animation_speed = 0.0  # instant: no slide at all
    press(app, pygame.K_RIGHT)
    assert scene.page_time >= 0.3


def test_hover_says_whose_page_a_click_shows(app: App) -> None:
    scene = open_statistics(app, (1280, 720))
    choice = scene.player_choice
    pos = (choice.rect.right - 5, choice.rect.centery)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.hint() is not None and scene.hint().startswith("Show Ben's games")  # type: ignore[union-attr]


# Leaving ------------------------------------------------------------------------------------


def test_escape_and_back_return(app: App) -> None:
    scene = open_statistics(app, (1280, 720))
    below = app.stack.scenes[0]
    press(app, pygame.K_ESCAPE)
    assert top(app) is below
    app.stack.push(scene)
    step(app)
    click(app, scene.back_button)
    assert top(app) is below


def test_registered_with_the_scenes() -> None:
    assert SCENES["statistics"] is StatisticsScene


# Nothing counted yet ------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_empty_state_draws_its_message(
    app: App, size: Size, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_statistics(app, size, stats=())
    assert scene.player is None and scene.cards == []
    drawn = texts_drawn(app, monkeypatch)
    words = " ".join(content for content, _rect in drawn)
    assert EMPTY_MESSAGE in words or all(part in words for part in EMPTY_MESSAGE.split())
    window = app.window.get_rect()
    assert all(window.contains(rect) for _content, rect in drawn)
    moon = scene.frame.point(618, 300)  # the crescent's lit side
    assert app.window.get_at(moon)[:3] == theme.MOONLIGHT
    press(app, pygame.K_RIGHT)  # nothing to choose: nothing happens
    assert scene.player is None


# Every size ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("player", range(3))
def test_nothing_overlaps_or_leaves_the_window(
    app: App, size: Size, player: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_statistics(app, size)
    for _ in range(player):
        press(app, pygame.K_RIGHT)
    step(app, 6)
    window = app.window.get_rect()
    margin = window.inflate(-round(size[0] * 0.04), -round(size[1] * 0.04))
    cards = scene.card_rects(scene.cards)
    boxes = {f"card {n}": rect for n, rect in enumerate(cards)}
    widgets = [w for w in scene.widgets if not isinstance(w, Spot)]  # the spots: the cards
    boxes |= {f"{type(w).__name__} {n}": w.rect for n, w in enumerate(widgets)}
    for name, rect in boxes.items():
        assert margin.contains(rect), (name, rect)
    for (a, rect_a), (b, rect_b) in itertools.combinations(boxes.items(), 2):
        assert not rect_a.colliderect(rect_b), (a, b)
    for content, rect in texts_drawn(app, monkeypatch):
        assert window.contains(rect), (content, rect)
        inside = [card for card in cards if card.colliderect(rect)]
        assert all(card.contains(rect) for card in inside), (content, rect)


@pytest.mark.parametrize("size", [(1, 1), (300, 200), (3000, 600), (600, 3000), (20000, 500)])
def test_it_draws_at_any_size(app: App, size: Size) -> None:
    for stats in (STATS, ()):
        scene = StatisticsScene(app, stats)
        app.stack.reset(scene)
        scene.on_resize(size)
        surface = pygame.Surface(size)
        for _ in range(2):
            scene.update(0.05)
            scene.draw(surface)
        scene.step_player(1)
        scene.update(0.05)
        scene.draw(surface)  # mid-slide too


# Settings: the past games kept --------------------------------------------------------------


def test_settings_keep_as_many_past_games_as_chosen(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1200)])
    at_size(app, (1280, 720))
    settings = SettingsScene(app)
    app.stack.reset(settings)
    step(app)
    picker = settings.archive_limit
    assert picker.value == app.settings.archive_limit == 200
    click(app, picker.segment(2).center)
    assert app.settings.archive_limit == 500
    assert UserData(app.user_data.folder).load_settings().archive_limit == 500
    pos = picker.segment(3).center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert settings.hint() == "Keep the last 2,000 finished games for replays and statistics"
    click(app, pos)
    assert UserData(app.user_data.folder).load_settings().archive_limit == ARCHIVE_LIMITS[-1]


def test_settings_show_no_choice_for_a_limit_not_offered(app: App) -> None:
    app.settings.archive_limit = 120  # e.g. written by hand in the settings file
    settings = SettingsScene(app)
    app.stack.reset(settings)
    step(app)
    assert settings.archive_limit.index == -1
    app.stack.draw(app.window)  # draws with nothing selected


@pytest.mark.parametrize("size", [MIN_WINDOW_SIZE, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings_rows_stay_apart(app: App, size: Size) -> None:
    at_size(app, size)
    settings = SettingsScene(app)
    app.stack.reset(settings)
    step(app)
    window = pygame.Rect((0, 0), size)
    for widget in settings.widgets:
        assert window.contains(widget.rect)
    for one, other in itertools.combinations(settings.widgets, 2):
        assert not one.rect.colliderect(other.rect), (one, other)


def test_tab_walks_to_each_card_and_speech_reads_it(app: App) -> None:
    scene = open_statistics(app, (1280, 720))
    app.speech = Speech(voice := RecordingVoice(), enabled=True)
    player = scene.player
    press(app, pygame.K_TAB)
    assert scene.keyboard_focus is scene.player_choice and scene.player == player  # no page
    assert voice.lines[-1].startswith(f"Player: {player}")
    press(app, pygame.K_TAB)
    card = scene.cards[0]
    said = voice.lines[-1]
    assert said.startswith(f"{game_title(card.game)}: ") and f"best score {card.best_score}" in said
    press(app, pygame.K_RIGHT)  # still the next player's page, wherever the focus is
    assert scene.player != player
