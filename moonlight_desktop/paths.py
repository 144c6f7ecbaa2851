"""Where the shipped data lives, wherever the program was started from.

A double-clicked executable starts in any working directory, so files are found from this
module's own location (or PyInstaller's unpack folder), never from the current directory.
"""

from __future__ import annotations

import sys
from pathlib import Path


def bundle_root() -> Path:
    """The folder that holds `levels/` and `assets/`: the repository, or the frozen bundle."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root)
    return Path(__file__).resolve().parent.parent


def levels_dir() -> Path:
    return bundle_root() / "levels"


def assets_dir() -> Path:
    return bundle_root() / "assets"
