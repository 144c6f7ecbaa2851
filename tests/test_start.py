"""The window opens on its title before any game is imported (the games load on a thread
while the title shows), and Play reaches the gallery whether or not they have loaded yet."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from moonlight_desktop.engine.lazy import LazyRegistry
from moonlight_desktop.game_list import PACKAGES
from moonlight_desktop.userdata import DATA_DIR_VARIABLE

ROOT = Path(__file__).resolve().parent.parent


def _python(code: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        DATA_DIR_VARIABLE: str(tmp_path),
    }
    return subprocess.run(
        [sys.executable, *code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_title_is_drawn_before_any_game_is_imported(tmp_path: Path) -> None:
    run = _python(
        ["-X", "importtime", "-m", "moonlight_desktop", "--quit-after-first-frame"], tmp_path
    )
    assert run.returncode == 0, run.stderr[-2000:]
    imported = {line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line}
    assert "moonlight_desktop.scenes.title" in imported  # the measure saw the title
    too_soon = sorted(
        name
        for name in imported
        if name.startswith(tuple(PACKAGES.values()))
        or name in {"moonlight_desktop.scenes.catalog", "moonlight_desktop.engine.arena"}
        or name in {"multiprocessing", "concurrent.futures.process"}  # for Hard bots only
    )
    assert too_soon == []


PLAY_BEFORE_THE_GAMES_LOAD = """
import sys
from moonlight_desktop import window
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import set_home
set_home(window._gallery)  # as window.play does; the games have not loaded
assert "moonlight_desktop.scenes.catalog" not in sys.modules
app = App()
title = TitleScene(app)
app.stack.push(title)
app.step(0.0)
title.play()
app.step(0.0)
gallery = app.stack.scenes[-1]
print(type(gallery).__name__, len(gallery.cards))
window._load_games()  # the background load, after the fact, changes nothing
app.step(0.0)
print(type(app.stack.scenes[-1]).__name__)
app.close()
"""


def test_play_opens_the_gallery_even_before_the_games_have_loaded(tmp_path: Path) -> None:
    run = _python(["-c", PLAY_BEFORE_THE_GAMES_LOAD], tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["GalleryScene", "4", "GalleryScene"]


def test_a_lazy_registry_builds_each_entry_once_when_first_read() -> None:
    built: list[str] = []

    def loader(name: str) -> object:
        def load() -> object:
            built.append(name)
            return object()

        return load

    registry = LazyRegistry({name: loader(name) for name in ("b", "a")})
    assert list(registry) == ["b", "a"] and len(registry) == 2 and "a" in registry
    assert "c" not in registry and built == []  # names are known without building
    first = registry["a"]
    assert registry["a"] is first and built == ["a"]
    with pytest.raises(KeyError):
        registry["c"]
    assert registry.get("c") is None
    registry.load_all()
    assert built == ["a", "b"]


def test_a_lazy_registry_read_from_two_threads_gives_one_entry() -> None:
    """As the window's loading thread and a click on Play may: both get the game's one
    spec (loaders return a module's constant, and the import itself runs once)."""
    from moonlight_desktop.game_list import SpecLoader

    registry = LazyRegistry({"moons": SpecLoader("moons", PACKAGES["moons"])})
    started = threading.Barrier(2)
    seen: list[object] = []

    def read() -> None:
        started.wait()
        seen.append(registry["moons"])

    threads = [threading.Thread(target=read) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 2 and seen[0] is seen[1] is registry["moons"]
