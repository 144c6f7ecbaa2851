"""Settings and remembered setups in the per-user data directory (never inside the bundle).

Files are written atomically (temp file + os.replace) so a crash never leaves half a file; a
missing or corrupt file falls back to defaults with a message in the log, never a crash.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "MoonlightDesktop"
DATA_DIR_VARIABLE = "MOONLIGHT_DESKTOP_DATA"
"""Overrides the data directory (tests and portable installs)."""

ANIMATION_SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 0.0)
"""Slow, normal, fast, instant (0: every animation completes at once)."""


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as temp:
            temp.write(text)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def read_json(path: Path) -> Any:
    """The file's JSON, or None (logged) when it is missing or unreadable."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        log.warning("ignoring unreadable %s (%s); using defaults", path, error)
        return None


@dataclass(slots=True)
class Settings:
    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    volume: float = 0.8
    muted: bool = False
    animation_speed: float = 1.0

    @staticmethod
    def from_json(data: Any) -> Settings:
        """Takes each well-typed known field; anything else keeps its default (logged)."""
        settings = Settings()
        if not isinstance(data, dict):
            if data is not None:
                log.warning("settings file is not a JSON object; using defaults")
            return settings
        for field in fields(Settings):
            if field.name not in data:
                continue
            value, default = data[field.name], getattr(settings, field.name)
            if isinstance(default, bool):
                valid = isinstance(value, bool)
            elif isinstance(default, float):
                valid = isinstance(value, int | float) and not isinstance(value, bool)
            else:
                valid = isinstance(value, int) and not isinstance(value, bool)
            if valid:
                setattr(settings, field.name, type(default)(value))
            else:
                log.warning("setting %s=%r is invalid; using %r", field.name, value, default)
        settings.window_width = min(max(settings.window_width, 800), 7680)
        settings.window_height = min(max(settings.window_height, 450), 4320)
        settings.volume = min(max(settings.volume, 0.0), 1.0)
        if settings.animation_speed not in ANIMATION_SPEEDS:
            settings.animation_speed = 1.0
        return settings


class UserData:
    """The settings file and one remembered setup per game."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir()

    @property
    def settings_path(self) -> Path:
        return self.folder / "settings.json"

    def setup_path(self, game_id: str) -> Path:
        return self.folder / f"last_setup_{game_id}.json"

    def load_settings(self) -> Settings:
        return Settings.from_json(read_json(self.settings_path))

    def save_settings(self, settings: Settings) -> None:
        self._write(self.settings_path, asdict(settings))

    def load_setup(self, game_id: str) -> dict[str, Any] | None:
        data = read_json(self.setup_path(game_id))
        return data if isinstance(data, dict) else None

    def save_setup(self, game_id: str, setup: dict[str, Any]) -> None:
        self._write(self.setup_path(game_id), setup)

    def game_path(self, game_id: str) -> Path:
        return self.folder / f"game_in_progress_{game_id}.json"

    def save_game(self, game_id: str, record_text: str) -> None:
        """The game in progress, as its record (written after every move)."""
        try:
            write_atomically(self.game_path(game_id), record_text)
        except OSError as error:
            log.warning("could not save the game in progress: %s", error)

    def load_game(self, game_id: str) -> Any:
        """The saved game's record as JSON data, or None (missing or unreadable: logged)."""
        return read_json(self.game_path(game_id))

    def forget_game(self, game_id: str) -> None:
        self.game_path(game_id).unlink(missing_ok=True)

    def set_aside_game(self, game_id: str) -> None:
        """Keeps an unusable save beside, as .bad (for a bug report), out of the way."""
        path = self.game_path(game_id)
        try:
            path.replace(path.with_name(path.name + ".bad"))
        except OSError as error:
            log.warning("could not set aside %s: %s", path, error)

    def _write(self, path: Path, data: Any) -> None:
        try:
            write_atomically(path, json.dumps(data, indent=1))
        except OSError as error:  # a read-only home must not end the game
            log.warning("could not save %s: %s", path, error)
