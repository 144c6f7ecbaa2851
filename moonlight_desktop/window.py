"""Starting the window: the normal launch, the headless smoke test, and the startup probe.
Above the scenes and the UI (the command line imports it only to open a window)."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.search_pool import decide
from moonlight_desktop.game_list import GAMES, TABLE_GAMES, make_bot
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import set_home
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.userdata import UserData, data_dir

log = logging.getLogger(__name__)
SMOKE_FRAMES = 8
SMOKE_SEARCH_SECONDS = 0.2
SMOKE_SEARCH_TIMEOUT = 60.0
"""Seconds for the process to start (a cold start of a frozen build) and answer."""


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
    set_home(_gallery)
    app.recover = partial(_gallery, app)
    if quit_after_first_frame:
        app.stack.push(TitleScene(app))
        app.step(0.0)
        app.close()
        return 0
    threading.Thread(target=_load_games, name="load games", daemon=True).start()
    try:
        app.run(TitleScene(app))
    except Exception:
        log.exception("the app stopped on an unexpected error")
        raise
    return 0


def _gallery(app: App, notice: str | None = None) -> Scene:
    """The gallery, the scenes around the games and every game's screens, imported when
    first needed: the title is drawn without them."""
    from moonlight_desktop.scenes.gallery import GalleryScene

    return GalleryScene(app, notice)


def _load_games() -> None:
    """Imports the scenes and every game while the title shows, so that Play opens the
    gallery at once (an import the window asks for meanwhile waits for this one)."""
    try:
        import moonlight_desktop.scenes.catalog  # noqa: F401  (every scene, every game)

        GAMES.load_all()
        TABLE_GAMES.load_all()
    except Exception:  # the window's own import of the same module will show the error
        log.exception("the games could not be loaded ahead")


def _search_in_a_process(app: App) -> str:
    """A Hard bot decides in a searching process, as at a table (a frozen build starts those
    processes from its own program, which must hand them to the bot)."""
    match = Match.new(GAMES["castle"].rules, [SeatSpec("A"), SeatSpec("B")], 1)
    seat = match.to_act()[0]
    bot = make_bot("castle", "hard", 1)
    work = partial(decide, bot, match.view(seat), match.legal(seat), SMOKE_SEARCH_SECONDS)
    command = app.search.submit(work).result(timeout=SMOKE_SEARCH_TIMEOUT).command
    if command not in match.legal(seat):
        raise RuntimeError(f"the searching process answered {command!r}, not a legal command")
    return "a Hard bot decided in a process of its own"


def _translations_line() -> str:
    """Each translation read as the bundle ships it, with a number in its local form, or
    SystemExit: a bundle whose catalogues cannot be read would speak English unasked."""
    from moonlight_desktop import i18n

    told = []
    for language in i18n.LANGUAGES:
        if i18n.set_language(language.code) != language.code:
            raise SystemExit(f"the {language.native_name} catalogues cannot be read")
        told.append(f"{language.native_name}: {i18n._('Settings')} {i18n.format_number(1234.5, 1)}")
    i18n.set_language(i18n.ENGLISH)
    return "translations: " + ", ".join(told)


def smoke_test() -> int:
    """Renders every registered scene for a few frames without a screen, then exits 0."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as folder:
        _log_to_file(Path(folder))
        app = App(UserData(Path(folder)))
        started = time.perf_counter()
        names = []
        from moonlight_desktop.scenes.catalog import all_scenes_for_smoke_test

        for scene in all_scenes_for_smoke_test(app):
            app.stack.reset(scene)
            for _ in range(SMOKE_FRAMES):
                app.step(1 / 60)
            names.append(type(scene).__name__)
        searched = _search_in_a_process(app)
        app.close()
    from moonlight_desktop.speech.platform_voice import load_library

    speech = load_library()
    translations = _translations_line()
    print(f"smoke test: rendered {len(names)} scenes in {time.perf_counter() - started:.2f} s")
    print(", ".join(names))
    print(searched)
    print(speech)
    print(translations)
    sys.stdout.flush()
    return 0
