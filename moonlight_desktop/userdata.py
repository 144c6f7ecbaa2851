"""Settings, remembered setups and games in progress in the per-user data directory (never
inside the bundle).

Whatever the folder holds, reading it never stops the app: every file goes through one safe
JSON reader (`engine.safejson`); a file that holds no usable JSON is set aside as .bad (kept
for a bug report, and out of the way of the next write); settings fall back to their defaults
field by field, remembered setups are repaired field by field (`ui/table/setup.py`), and a
game in progress that does not restore completely is set aside too (`saves`).

Files are written durably (temp file, fsync, os.replace, fsync of the folder), so a crash
leaves the old file or the new one, never half of one; temp files a crash left behind are
removed at start.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from moonlight_desktop.engine import safejson
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.i18n import LANGUAGES, N_
from moonlight_desktop.locks import Claim, claim, lock_file

log = logging.getLogger(__name__)

APP_NAME = "MoonlightDesktop"
DATA_DIR_VARIABLE = "MOONLIGHT_DESKTOP_DATA"
"""Overrides the data directory (tests and portable installs)."""

ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 0.0)
"""Slow, normal, fast, instant (0: every animation completes at once)."""
THINKING_TIMES: tuple[float, ...] = (0.5, 1.0, 1.5)
"""The seconds a Hard bot may be given for each decision (Settings offers these)."""
UI_SCALES: tuple[float, ...] = (1.0, 1.25, 1.5, 1.75, 2.0)
"""The interface sizes offered (XAG 101's "text size" grows with the whole interface)."""

ARCHIVE_FOLDER = "past_games"
"""Inside the data folder: the archive of finished games (`archive.Archive`)."""
TEMP_SUFFIX = ".tmp"
TEMP_PREFIX_LENGTH = 100
"""How much of the target's name starts its temp file's name (the random letters and the
suffix follow): a 255-character name must still give a temp name the file system takes."""
STALE_TEMP_PATTERNS = tuple(f"*.{kind}*{TEMP_SUFFIX}" for kind in ("json", "hints", "index"))
"""The temp files `write_atomically` makes for our files (the target's name, random letters,
the suffix): what a crash mid-write leaves behind."""
STALE_TEMP_AGE = 30.0
"""Seconds a temp file must have been left alone before it counts as left behind: a writer
locks its temp file, and this covers the instant between making the file and locking it."""

OPEN_ELSEWHERE = N_(
    "{title} is open in another Moonlight Desktop window: leave its table there first."
)
"""What the player reads on opening a game (or starting a new one of its kind) that another
copy of the app on this data folder has open."""
SET_ASIDE_NOTICE = N_("Your saved games could not be continued, so they were set aside.")
"""What the player reads when every game in progress had to be set aside at once (the way
back to safety, which cannot tell which save was at fault)."""


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def write_atomically(path: Path, text: str) -> None:
    """Replaces `path` with `text` so that a crash or a power cut at any moment leaves either
    the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    prefix = path.name[:TEMP_PREFIX_LENGTH] + "."
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=TEMP_SUFFIX)
    try:
        # Locked while written: another copy of the app starting up leaves it alone.
        lock_file(handle)
        with os.fdopen(handle, "w", encoding="utf-8") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())  # the bytes are on disk before the new name points at them
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Makes the rename itself durable. Windows cannot open a folder (and needs no such step);
    some file systems refuse to sync one: the file is written either way."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


def _temp_files(folder: Path) -> list[Path]:
    try:
        return [path for pattern in STALE_TEMP_PATTERNS for path in folder.glob(pattern)]
    except OSError:  # no folder yet, or not one we may list: nothing of ours to tidy
        return []


def _remove_if_left_behind(path: Path) -> None:
    """Removes the temp file at `path` unless a live writer holds it (its lock) or it is too
    new to tell."""
    try:
        if not path.is_file() or time.time() - path.stat().st_mtime < STALE_TEMP_AGE:
            return
        handle = os.open(path, os.O_RDWR)
    except OSError:
        return
    try:
        if not lock_file(handle):
            return  # another copy is writing it
        path.unlink()
        log.info("removed %s, left by an interrupted write", path.name)
    except OSError as error:
        log.warning("could not remove %s: %s", path, error)
    finally:
        os.close(handle)


def read_json(path: Path) -> Any:
    """The JSON value in `path`, or None when there is no such file. A file that is there but
    unusable (unreadable, a folder, not UTF-8, not JSON, too deep, NaN...) raises
    safejson.JsonError, and nothing else does."""
    if not os.path.lexists(path):
        return None
    if not os.path.isfile(path):  # a folder, or a pipe that would block the start for ever
        raise safejson.JsonError("not a file")
    return safejson.load(path)


# Settings -----------------------------------------------------------------------------------

MIN_WINDOW_SIZE = (800, 450)
"""The smallest window at which every screen lays out without overlap or clipping: the
1280 x 720 design at 0.625, where its smallest text (12 px) meets the 8 px font floor. Below
it text stops shrinking with its boxes and starts to spill out of them."""
MAX_WINDOW_SIZE = (7680, 4320)
"""8K. A larger window only comes from broken settings or a window spread over many screens,
and every full-window layer would cost over a gigabyte. (Both limits live here, below the
pygame line, so that the remembered size and the window share them.)"""

RANGES: dict[str, tuple[float, float]] = {
    "window_width": (MIN_WINDOW_SIZE[0], MAX_WINDOW_SIZE[0]),
    "window_height": (MIN_WINDOW_SIZE[1], MAX_WINDOW_SIZE[1]),
    "volume": (0.0, 1.0),
    "archive_limit": (10, 2000),
    "bot_thinking": (0.1, 1.5),
    "ui_scale": (1.0, 2.0),
}
"""Numbers outside these are clamped; values of the wrong type take their default."""


def _typed(value: Any, default: bool | int | float | str) -> bool | int | float | str | None:
    """`value` as a setting of `default`'s type, or None: exactly a bool for a bool, an int
    (never a bool) for an int, a finite number for a float, a string for a string."""
    if isinstance(default, str) or isinstance(value, str):
        return value if type(value) is type(default) else None
    if isinstance(default, bool) or isinstance(value, bool):
        return value if type(value) is type(default) else None
    if isinstance(default, int):
        return value if type(value) is int else None
    if type(value) not in (int, float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an integer of hundreds of digits
        return None
    return number if math.isfinite(number) else None


@dataclass(slots=True)
class Settings:
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    volume: float = 0.8
    muted: bool = False
    animation_speed: float = 1.0
    archive_limit: int = 200
    """How many finished games the archive keeps (the oldest go first)."""
    bot_thinking: float = 1.5
    """Seconds a Hard bot may search for each decision (at most the issue's 1.5 s)."""
    speak_the_game: bool = False
    """Announce the focus, the log, the turn and hints through the screen reader or speech
    engine (docs/accessibility.md)."""
    ui_scale: float = 1.0
    """How large the interface is drawn at least: 1.0 to 2.0 (UI_SCALES); the window's
    minimum size grows with it."""
    high_contrast: bool = False
    """The high-contrast theme: stronger edges and text on darker panels."""
    reduce_motion: bool = False
    """No flying, sliding or falling: pieces appear where they go with a short fade."""
    language: str = ""
    """The language of every word ("en", "de", "fr"); "": the system's when we have it, else
    English (i18n.LANGUAGES)."""

    @property
    def motion_speed(self) -> float:
        """The speed things glide at (a scroll, a card rising, a page sliding in): the
        animation speed, or 0 (there at once) under reduced motion."""
        return 0.0 if self.reduce_motion else self.animation_speed

    @staticmethod
    def from_json(data: Any) -> Settings:
        """Takes each well-typed known field, clamped to its range; anything else keeps its
        default (logged), so one bad value never costs the others."""
        settings = Settings()
        if not isinstance(data, dict):
            if data is not None:
                log.warning("the settings file is not a JSON object; using the defaults")
            return settings
        for field in fields(Settings):
            if field.name not in data:
                continue
            default = getattr(settings, field.name)
            value = _typed(data[field.name], default)
            if value is None:
                log.warning(
                    "setting %s=%s is invalid; using %r",
                    field.name,
                    brief(data[field.name]),
                    default,
                )
                continue
            if field.name in RANGES:
                low, high = RANGES[field.name]
                value = type(default)(min(max(value, low), high))
            setattr(settings, field.name, value)
        if settings.animation_speed not in ANIMATION_SPEEDS:
            log.warning("animation speed %r is not offered; using 1.0", settings.animation_speed)
            settings.animation_speed = 1.0
        if settings.ui_scale not in UI_SCALES:
            log.warning("UI scale %r is not offered; using 1.0", settings.ui_scale)
            settings.ui_scale = 1.0
        if settings.language not in ("", *(language.code for language in LANGUAGES)):
            log.warning("language %s is not offered; using the system's", brief(settings.language))
            settings.language = ""
        return settings


# The folder ---------------------------------------------------------------------------------


class UserData:
    """The settings file, one remembered setup and one game in progress per game."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir()

    def remove_stale_temp_files(self) -> None:
        """Removes the temp files a crash left in the middle of a write (ours only, here and
        among the past games): never one another copy of the app is writing now."""
        for folder in (self.folder, self.folder / ARCHIVE_FOLDER):
            for path in _temp_files(folder):
                _remove_if_left_behind(path)

    # Settings and setups: a file that cannot be used is set aside and counts as none.

    @property
    def archive_folder(self) -> Path:
        return self.folder / ARCHIVE_FOLDER

    @property
    def settings_path(self) -> Path:
        return self.folder / "settings.json"

    def setup_path(self, game_id: str) -> Path:
        return self.folder / f"last_setup_{game_id}.json"

    def load_settings(self) -> Settings:
        return Settings.from_json(self.read_or_set_aside(self.settings_path))

    def save_settings(self, settings: Settings) -> None:
        self.write(self.settings_path, json.dumps(asdict(settings), indent=1))

    def load_setup(self, game_id: str) -> dict[str, Any] | None:
        data = self.read_or_set_aside(self.setup_path(game_id))
        return data if isinstance(data, dict) else None

    def save_setup(self, game_id: str, setup: dict[str, Any]) -> None:
        self.write(self.setup_path(game_id), json.dumps(setup, indent=1))

    # Games in progress: a file that cannot be used is set aside, never overwritten unseen.

    def game_path(self, game_id: str) -> Path:
        return self.folder / f"game_in_progress_{game_id}.json"

    def has_game(self, game_id: str) -> bool:
        return os.path.lexists(self.game_path(game_id))

    def save_game(self, game_id: str, record_text: str) -> None:
        """The game in progress, as its record (written after every move)."""
        self.write(self.game_path(game_id), record_text)

    def load_game(self, game_id: str) -> Any:
        """The saved game's record as JSON data, or None when there is none; JsonError when a
        save is there but unusable."""
        return read_json(self.game_path(game_id))

    def forget_game(self, game_id: str) -> None:
        for path in (self.game_path(game_id), self.notes_path(game_id)):
            try:
                path.unlink(missing_ok=True)
            except OSError as error:  # e.g. a folder in its place: the game is over all the same
                log.warning("could not remove %s: %s", path, error)

    def notes_path(self, game_id: str) -> Path:
        """The table's notes beside the game in progress (hints on, hints used): not a
        record, so never listed or set aside as a save."""
        return self.folder / f"table_notes_{game_id}.json"

    def save_notes(self, game_id: str, text: str) -> None:
        self.write(self.notes_path(game_id), text)

    def load_notes(self, game_id: str) -> Any:
        """The notes' JSON data, or None when there are none or they cannot be read."""
        try:
            return read_json(self.notes_path(game_id))
        except safejson.JsonError as error:
            log.warning("ignoring the table notes of %s (%s)", game_id, error)
            return None

    def claim_game(self, game_id: str) -> Claim | None:
        """The game of `game_id` for this copy of the app to play and save (its table holds
        the claim while open); None while another copy has it open."""
        return claim(self.folder / f"game_in_progress_{game_id}.lock")

    def open_elsewhere(self, game_id: str) -> bool:
        """Another copy of the app has the game of `game_id` open now (a new game of it here
        would replace its save under it)."""
        taken = self.claim_game(game_id)
        if taken is None:
            return True
        taken.release()
        return False

    def set_aside_game(self, game_id: str) -> None:
        self.set_aside(self.game_path(game_id))

    def set_aside_games(self) -> None:
        """Sets aside every game in progress (when even the way back to safety fails)."""
        try:
            saves = list(self.folder.glob(self.game_path("*").name))
        except OSError:
            return
        for path in saves:
            self.set_aside(path)

    # Reading and writing.

    def read_or_set_aside(self, path: Path) -> Any:
        try:
            return read_json(path)
        except safejson.JsonError as error:
            log.warning("ignoring %s (%s); using the defaults", path, error)
            self.set_aside(path)  # else a folder in its place would come back at every start
            return None

    def set_aside(self, path: Path) -> None:
        """Keeps an unusable file beside, as .bad (for a bug report), out of the way."""
        try:
            path.replace(path.with_name(path.name + ".bad"))
        except OSError as error:
            log.warning("could not set aside %s: %s", path, error)

    def write(self, path: Path, text: str) -> None:
        try:
            write_atomically(path, text)
        except OSError as error:  # a read-only home must not end the game
            log.warning("could not save %s: %s", path, error)
