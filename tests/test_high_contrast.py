"""The high-contrast theme: every text colour reads at 7:1 on its panel (WCAG AAA; 4.5:1, AA,
in the usual theme), and switching it repaints every screen at once and back."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.log_icons import ICON_COLORS
from moonlight_desktop.userdata import UserData
from tests.text_scenes import long_named_seats, mid_game, played

Color = tuple[int, int, int]

INKS = ("TEXT", "MOONLIGHT", "GOLD", "SILVER", "WARNING", "GLOW", "FOCUS", "PANEL_BORDER")
"""What is drawn on a panel or the sky: text, headings, selections, warnings, the legal-target
glow, the focus ring and the panels' border."""
GROUNDS = ("PANEL", "NIGHT_TOP", "NIGHT_BOTTOM")
LEAST = {False: 4.5, True: 7.0}
"""The least contrast ratio of text on its ground, by high contrast: WCAG's AA for normal
text, AAA (and Xbox Accessibility Guideline 104) for the high-contrast theme."""
QUIET = {False: {"PANEL_BORDER"}, True: set()}
"""Inks left out, by high contrast: the usual theme's panel border is a quiet frame (STYLE.md)
round a panel whose text carries it; in high contrast it stands out like the text."""


def luminance(color: Color) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: Color, second: Color) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(top: Color, alpha: int, ground: Color) -> Color:
    """`top` at `alpha` (0..255) laid over `ground`."""
    mixed = (
        round(t * alpha / 255 + g * (1 - alpha / 255)) for t, g in zip(top, ground, strict=True)
    )
    return tuple(mixed)  # type: ignore[return-value]


def grounds(palette: dict[str, Color], high: bool) -> dict[str, Color]:
    """The panel (translucent over either end of the sky in the usual theme) and the sky."""
    sky = {name: palette[name] for name in GROUNDS[1:]}
    if high:
        return {"PANEL": palette["PANEL"], **sky}
    panel = {
        f"PANEL over {name}": over(palette["PANEL"], 235, color) for name, color in sky.items()
    }
    return {**panel, **sky}


@pytest.fixture(autouse=True)
def _usual_theme_after() -> Iterator[None]:
    yield
    theme.use_high_contrast(False)


@pytest.mark.parametrize("high", (False, True), ids=("usual", "high contrast"))
def test_every_ink_reads_on_every_ground(high: bool) -> None:
    palette = theme.HIGH_CONTRAST_PALETTE if high else theme.NORMAL_PALETTE
    faint = []
    inks = [ink for ink in INKS if ink not in QUIET[high]]
    for ink, (ground, color) in itertools.product(inks, grounds(palette, high).items()):
        if (ratio := contrast(palette[ink], color)) < LEAST[high]:
            faint.append(f"{ink} on {ground}: {ratio:.2f} < {LEAST[high]}")
    assert not faint


def test_buttons_and_log_icons_read_in_high_contrast() -> None:
    """In high contrast: a gold button's dark label, a button's label under the mouse, and the
    log's glyphs (in the usual theme's colours in either theme) on the panel."""
    palette = theme.HIGH_CONTRAST_PALETTE
    assert contrast(palette["TEXT_ON_LIGHT"], palette["GOLD"]) >= LEAST[True]
    for ink in ("TEXT", "MOONLIGHT", "GLOW"):  # on a button under the mouse
        assert contrast(palette[ink], palette["MUTED"]) >= LEAST[True], ink
    for name, color in ICON_COLORS.items():
        assert contrast(color, palette["PANEL"]) >= LEAST[True], name


def test_the_switch_rebinds_every_themed_colour_and_back() -> None:
    theme.use_high_contrast(True)
    assert all(getattr(theme, n) == c for n, c in theme.HIGH_CONTRAST_PALETTE.items())
    assert theme.high_contrast
    theme.use_high_contrast(False)
    assert all(getattr(theme, n) == c for n, c in theme.NORMAL_PALETTE.items())
    assert not theme.high_contrast


def share_of(window: pygame.Surface, color: Color, within: int = 0) -> float:
    """The share of the window's pixels within `within` of `color` in every channel."""
    width, height = window.get_size()
    hits = sum(
        all(abs(a - b) <= within for a, b in zip(window.get_at((x, y))[:3], color, strict=True))
        for x in range(0, width, 4)
        for y in range(0, height, 4)
    )
    return hits / (len(range(0, width, 4)) * len(range(0, height, 4)))


def mid_game_table(app: App, game_id: str) -> Scene:
    ui = TABLE_GAMES[game_id]
    started = partial(Match.new, game_spec(game_id).rules, long_named_seats(ui, 2), 3)
    return open_table(app, ui, played(started(), mid_game))


@pytest.mark.parametrize(
    "make", (GalleryScene, partial(mid_game_table, game_id="castle")), ids=("gallery", "table")
)
def test_switching_repaints_the_screen_and_back(
    tmp_path: Path, make: Callable[[App], Scene]
) -> None:
    app = App(UserData(tmp_path))
    app.settings.animation_speed = 0.0
    app.window = pygame.display.set_mode((1280, 720))
    try:
        app.stack.push(make(app))

        def drawn() -> pygame.Surface:
            app.stack.update(0.25)
            app.stack.draw(app.window)
            return app.window

        usual_panel = theme.PANEL
        assert share_of(drawn(), theme.HIGH_CONTRAST_PALETTE["PANEL"]) == 0
        app.set_high_contrast(True)
        assert share_of(drawn(), theme.HIGH_CONTRAST_PALETTE["PANEL"]) > 0.05
        assert share_of(app.window, usual_panel, within=12) < 0.01  # only in the art
        assert UserData(tmp_path).load_settings().high_contrast
        app.set_high_contrast(False)
        assert share_of(drawn(), theme.HIGH_CONTRAST_PALETTE["PANEL"]) == 0
        assert share_of(app.window, usual_panel, within=12) > 0.05
        assert not UserData(tmp_path).load_settings().high_contrast
    finally:
        app.close()


def test_the_app_starts_in_the_saved_theme(tmp_path: Path) -> None:
    data = UserData(tmp_path)
    settings = data.load_settings()
    settings.high_contrast = True
    data.save_settings(settings)
    app = App(UserData(tmp_path))
    try:
        assert theme.high_contrast
        assert theme.HIGH_CONTRAST_PALETTE["PANEL"] == theme.PANEL
    finally:
        app.close()
