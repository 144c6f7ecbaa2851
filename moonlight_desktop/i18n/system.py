"""The language the computer's user reads: the first setting from the places each system
keeps it that is one we have a translation for."""

from __future__ import annotations

import locale
import os
import sys


def system_language(available: set[str]) -> str | None:
    """The user's language among `available` ("de" for de_AT.UTF-8 or German_Germany), or
    None. LANGUAGE lists preferences in order (GNU); LC_ALL, LC_MESSAGES and LANG name one;
    Windows and macOS keep theirs outside the environment."""
    candidates: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        candidates += [part for part in value.split(":") if part]
        if value and variable != "LANGUAGE":
            break
    candidates += _platform_languages()
    for candidate in candidates:
        code = _language_of(candidate)
        if code in available:
            return code
        if code in ("c", "posix"):
            return None  # the plain C locale: no language chosen
    return None


def _language_of(name: str) -> str:
    """ "de" from "de_DE.UTF-8", "de-AT", "German_Germany.1252" or "de"."""
    head = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return locale.locale_alias.get(head, head).split("_")[0].split(".")[0].lower()


def _platform_languages() -> list[str]:
    if sys.platform == "win32":
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            return [locale.windows_locale.get(lcid, "")]
        except (AttributeError, OSError):
            return []
    if sys.platform == "darwin":
        return _macos_languages()
    language, _encoding = locale.getlocale()
    return [language] if language else []


def _macos_languages() -> list[str]:
    """The languages of the user's macOS preferences, in order (AppleLanguages)."""
    import subprocess

    try:
        shown = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"],
            capture_output=True,
            text=True,
            timeout=2,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [part.strip(' "\n,') for part in shown.strip("()\n").split(",") if part.strip()]
