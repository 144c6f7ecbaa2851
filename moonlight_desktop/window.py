"""Starting the window: the normal launch, the headless smoke test, and the startup probe.
Above the scenes and the UI (the command line imports it only to open a window)."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from pathlib import Path

from moonlight_desktop.scenes import all_scenes_for_smoke_test
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.userdata import UserData, data_dir

log = logging.getLogger(__name__)
SMOKE_FRAMES = 8


def _log_to_file(folder: Path) -> None:
    """Log to the per-user data folder (a double-clicked app has no console)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(folder / "moonlight.log", encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)


def play(quit_after_first_frame: bool = False) -> int:
    """Opens the window on the title screen. `quit_after_first_frame` measures startup."""
    _log_to_file(data_dir())
    app = App()
    app.recover = lambda notice: GalleryScene(app, notice)
    if quit_after_first_frame:
        app.stack.push(TitleScene(app))
        app.step(0.0)
        app.close()
        return 0
    try:
        app.run(TitleScene(app))
    except Exception:
        log.exception("the app stopped on an unexpected error")
        raise
    return 0


def smoke_test() -> int:
    """Renders every registered scene for a few frames without a screen, then exits 0."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as folder:
        _log_to_file(Path(folder))
        app = App(UserData(Path(folder)))
        started = time.perf_counter()
        names = []
        for scene in all_scenes_for_smoke_test(app):
            app.stack.reset(scene)
            for _ in range(SMOKE_FRAMES):
                app.step(1 / 60)
            names.append(type(scene).__name__)
        app.close()
    print(f"smoke test: rendered {len(names)} scenes in {time.perf_counter() - started:.2f} s")
    print(", ".join(names))
    sys.stdout.flush()
    return 0
