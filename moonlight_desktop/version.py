"""The one version number: `version` in pyproject.toml.

A source checkout reads it from pyproject.toml itself (so a bump shows at once, even before
the package is installed again); an installed package or the frozen bundle (build.spec copies
the package's metadata into it) reads the installed distribution's metadata.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from moonlight_desktop.paths import bundle_root

DISTRIBUTION = "moonlight-desktop"
UNKNOWN = "unknown"
"""What is shown when neither pyproject.toml nor the metadata says (a broken install)."""


@lru_cache(maxsize=1)
def version() -> str:
    """The app's version, e.g. "0.1.0". (Its imports wait until it is asked: starting the
    window does not pay for them.)"""
    from importlib import metadata

    if not getattr(sys, "frozen", False):
        checkout = _pyproject_version()
        if checkout is not None:
            return checkout
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return UNKNOWN


def _pyproject_version() -> str | None:
    """pyproject.toml's version when this package runs from its source checkout."""
    import tomllib

    try:
        with (bundle_root() / "pyproject.toml").open("rb") as file:
            project = tomllib.load(file).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if not isinstance(project, dict) or project.get("name") != DISTRIBUTION:
        return None
    found = project.get("version")
    return found if isinstance(found, str) and found else None


class PrintVersion(argparse.Action):
    """`--version`: prints "moonlight-desktop 0.1.0" and exits 0 (the version is looked up
    only when asked, so starting the window costs nothing)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help=kwargs.get("help", "print the version and exit"),
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if sys.stdout is not None:  # a windowed Windows build has no standard output
            print(f"{parser.prog} {version()}")
        parser.exit()
