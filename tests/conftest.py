"""Headless pygame for every test: the dummy drivers must be set before pygame is imported.

UI tests apply each command at once, on the test's thread, so a click's outcome can be checked
straight after it; tests marked `rules_thread` keep the app's rules thread, as when played.

Hypothesis runs a quick profile by default and a long one with MOONLIGHT_FUZZ=long (see
tests/fuzzing.py): the fuzz suite is the same code either way, only the number of cases grows.
"""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.fuzzing import FUZZ_LONG

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Every app the tests make speaks English, whatever this machine's language (the tests of the
# language setting take this away).
os.environ["MOONLIGHT_DESKTOP_LANGUAGE"] = "en"

settings.register_profile(
    "quick", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("long" if FUZZ_LONG else "quick")


@pytest.fixture(autouse=True)
def _rules_at_once(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.get_closest_marker("rules_thread") is not None:
        yield
        return
    from moonlight_desktop.ui.app import App
    from moonlight_desktop.ui.table.controller import run_here

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(App, "run_rules", lambda _app, work: run_here(work))
        yield


@pytest.fixture(autouse=True)
def _fonts_die_with_pygame() -> Iterator[None]:
    """A test that quits pygame kills every font it made; the theme's caches must not hand
    those to the next test on this worker."""
    yield
    import sys

    theme = sys.modules.get("moonlight_desktop.ui.theme")
    if theme is not None:
        theme.forget_fonts()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """The app on the dummy driver at 1280 x 720, its data in a fresh folder, animations
    instant (a test file may define its own `app` instead)."""
    import pygame

    from moonlight_desktop.ui.app import App
    from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData

    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0
    application.window = pygame.display.set_mode((1280, 720))
    yield application
    application.close()


@pytest.fixture(autouse=True)
def _in_english() -> Iterator[None]:
    """Every test starts in English (whatever this machine's language) and leaves it so: the
    tests of other languages choose theirs."""
    from moonlight_desktop.i18n import ENGLISH, set_language

    set_language(ENGLISH)
    yield
    set_language(ENGLISH)
