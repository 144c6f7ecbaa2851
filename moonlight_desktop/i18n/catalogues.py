"""The active language and its translations, looked up by the functions every module marks
its messages with.

The catalogues live in `locale/<language>/LC_MESSAGES/<domain>.po` (one domain per part of
the app, so that each game can be translated on its own), compiled to `.mo` by
`scripts/i18n.py compile` (the build ships only those). A checkout without compiled
catalogues reads the `.po` files themselves, so a fresh clone speaks every language.
"""

from __future__ import annotations

import gettext
import io
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Formatter

from moonlight_desktop.paths import bundle_root

from .pseudo import translated

log = logging.getLogger(__name__)

ENGLISH = "en"
PSEUDO = "qps"
"""The pseudo-language of the tests: every message accented, marked and 40% longer, so that
text not translated or cut short shows (never offered to players)."""


def N_(message: str) -> str:
    """Marks `message` for extraction where it cannot be translated yet (a constant made at
    import): translate it with `_` where it is shown."""
    return message


@dataclass(frozen=True)
class Language:
    code: str
    native_name: str
    """As its speakers write it: the settings list each language in itself."""
    translators: str
    """Who translated it, for the About screen ("" for the source language)."""


# Translators: who translated your language, on the About screen (keep "Claude" and
# "Anthropic" as they are).
MACHINE_TRANSLATED = N_("Claude (an AI model by Anthropic); not yet reviewed by a native speaker")
LANGUAGES: tuple[Language, ...] = (
    Language(ENGLISH, "English", ""),
    Language("de", "Deutsch", MACHINE_TRANSLATED),
    Language("fr", "Français", MACHINE_TRANSLATED),
)
"""The languages a player may choose, English (the source) first."""

DOMAINS: dict[str, tuple[str, ...]] = {
    "table": ("moonlight_desktop/ui/table",),
    "kit": (
        "moonlight_desktop/ui/*.py",
        "moonlight_desktop/engine",
        "moonlight_desktop/net",
        "moonlight_desktop/speech",
        "moonlight_desktop/i18n",
    ),
    "menus": ("moonlight_desktop/scenes", "moonlight_desktop/*.py"),
    "castle": ("moonlight_desktop/games/castle",),
    "market": ("moonlight_desktop/games/market",),
    "moons": ("moonlight_desktop/games/moons",),
    "samarkand": ("moonlight_desktop/games/samarkand",),
}
"""Each catalogue and the sources its messages are extracted from (scripts/i18n.py)."""


def locale_dir() -> Path:
    return bundle_root() / "locale"


class _Active:
    """The language in use and its merged catalogue (None: English, the messages as written)."""

    code: str = ENGLISH
    catalogue: gettext.GNUTranslations | None = None


def current_language() -> str:
    return _Active.code


def set_language(code: str) -> str:
    """Makes `code` the language of every message from now on and returns the language in
    use: English when `code` is not one we have (or its catalogues cannot be read, logged)."""
    known = {language.code for language in LANGUAGES} | {PSEUDO}
    if code not in known:
        code = ENGLISH
    _Active.catalogue = None if code in (ENGLISH, PSEUDO) else _load(code)
    _Active.code = ENGLISH if code not in (ENGLISH, PSEUDO) and _Active.catalogue is None else code
    return _Active.code


@cache
def _load(code: str) -> gettext.GNUTranslations | None:
    """The language's domains merged into one catalogue (messages are unique across domains,
    or translated alike: tests/test_catalogues.py), read once a run: a language chosen again
    (Settings' picker says each choice in its own words as it is hovered) costs nothing."""
    merged: gettext.GNUTranslations | None = None
    for domain in DOMAINS:
        catalogue = _load_domain(code, domain)
        if catalogue is None:
            return None
        if merged is None:
            merged = catalogue
        else:
            merged._catalog.update(catalogue._catalog)  # type: ignore[attr-defined]
    return merged


def _load_domain(code: str, domain: str) -> gettext.GNUTranslations | None:
    folder = locale_dir() / code / "LC_MESSAGES"
    compiled, source = folder / f"{domain}.mo", folder / f"{domain}.po"
    try:
        if compiled.exists() and (
            not source.exists() or compiled.stat().st_mtime >= source.stat().st_mtime
        ):
            with compiled.open("rb") as file:
                return gettext.GNUTranslations(file)
        return gettext.GNUTranslations(io.BytesIO(_compiled_from(source)))
    except (OSError, ValueError, UnicodeError) as error:
        log.warning("the %s catalogue %s cannot be read (%s); using English", code, domain, error)
        return None


def _compiled_from(source: Path) -> bytes:
    """A `.po` file compiled in memory, as `pybabel compile` would (fuzzy messages left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as file:
        catalogue = read_po(file)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    return compiled.getvalue()


def _as_written(message: str) -> str:
    """A message no catalogue translates: English as written, or in the pseudo-language."""
    return translated(message) if _Active.code == PSEUDO else message


def _(message: str) -> str:
    """`message` in the active language."""
    if _Active.catalogue is not None:
        return _Active.catalogue.gettext(message)
    return _as_written(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of the message for `count` in the active language (its own plural rules)."""
    if _Active.catalogue is not None:
        return _Active.catalogue.ngettext(singular, plural, count)
    chosen = singular if count == 1 else plural
    return _as_written(chosen)


def pgettext(context: str, message: str) -> str:
    """`message` as meant in `context`, where one English word has two meanings."""
    if _Active.catalogue is not None:
        return _Active.catalogue.pgettext(context, message)
    return _as_written(message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    if _Active.catalogue is not None:
        return _Active.catalogue.npgettext(context, singular, plural, count)
    chosen = singular if count == 1 else plural
    return _as_written(chosen)


_FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SPEC = re.compile(r"[<>^]?[0-9]{0,2}(\.[0-9])?[dfs%]?")


def told(message: str, params: Mapping[str, object]) -> str:
    """`message` (a msgid, as marked with `N_` where it was written) in the active language,
    its named placeholders filled from `params`: for a message that came from elsewhere (a
    game server, an error raised without a language). Never fails: a message whose
    translation or placeholders do not fit `params` is told in English, and one that does not
    fit them either (a server of another version) as it came."""
    for text in (_(message), message):
        if _fits(text, params):
            try:
                return text.format(**params)
            except (ValueError, TypeError):  # a number's format for a text
                continue
    return message


def _fits(text: str, params: Mapping[str, object]) -> bool:
    """Every placeholder of `text` is a plain name that `params` fills, with a short format:
    no attribute, index or huge width from a message that came from elsewhere."""
    try:
        fields = [
            (name, spec) for _text, name, spec, _c in Formatter().parse(text) if name is not None
        ]
    except ValueError:
        return False
    return all(
        _FIELD.fullmatch(name) and name in params and _SPEC.fullmatch(spec or "")
        for name, spec in fields
    )
