"""The catalogues, kept with Babel's pybabel (docs/translating.md):

    python scripts/i18n.py extract [domain...]  # the sources' messages into locale/<domain>.pot
    python scripts/i18n.py update [domain...]   # extract, then merge into each language's .po
    python scripts/i18n.py init <language>  # a new language's catalogues, from the templates
    python scripts/i18n.py compile          # every .po to the .mo the app and the build load

Each domain (moonlight_desktop/i18n/catalogues.py DOMAINS) is one catalogue: the table kit,
the menus, and each game's own, so a translator may take one game at a time.
"""

from __future__ import annotations

import glob
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from moonlight_desktop.i18n.catalogues import DOMAINS, ENGLISH, LANGUAGES  # noqa: E402

LOCALE = ROOT / "locale"
KEYWORDS = ["-k", "N_"]  # with Babel's defaults: _, gettext, ngettext, pgettext, npgettext...


def pybabel(*arguments: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *arguments])


def sources(domain: str) -> list[str]:
    """The domain's folders and files, as paths relative to the repository (so that the
    catalogues' references read the same on every machine)."""
    found: list[str] = []
    for pattern in DOMAINS[domain]:
        found += sorted(glob.glob(pattern, root_dir=ROOT)) if "*" in pattern else [pattern]
    return found


def extract(domains: list[str], folder: Path = LOCALE) -> None:
    """Each domain's template, `folder`/<domain>.pot (the tests extract into a folder of their
    own to compare with the catalogues)."""
    for domain in domains:
        pybabel(
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            *KEYWORDS,
            "--add-comments=Translators:",
            "--sort-by-file",
            "--no-wrap",
            "--project=Moonlight Desktop",
            "--copyright-holder=Moonlight Desktop",
            "-o",
            str(folder / f"{domain}.pot"),
            *sources(domain),
        )


def languages() -> list[str]:
    return [language.code for language in LANGUAGES if language.code != ENGLISH]


def update(domains: list[str]) -> None:
    extract(domains)
    for domain in domains:
        for language in languages():
            catalogue = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
            if not catalogue.exists():
                init_one(domain, language)
            pybabel("update", "--ignore-obsolete", *catalogue_arguments(domain, language))


def init_one(domain: str, language: str) -> None:
    pybabel("init", *catalogue_arguments(domain, language))


def catalogue_arguments(domain: str, language: str) -> list[str]:
    """pybabel's arguments naming one language's catalogue of `domain` and its template."""
    template = str(LOCALE / f"{domain}.pot")
    return ["--no-wrap", "-D", domain, "-l", language, "-i", template, "-d", str(LOCALE)]


def compile_all() -> None:
    for domain in DOMAINS:
        pybabel("compile", "--statistics", "-D", domain, "-d", str(LOCALE))


def main(arguments: list[str]) -> int:
    match arguments:
        case ["extract" | "update" as command, *domains] if set(domains) <= set(DOMAINS):
            (extract if command == "extract" else update)(domains or list(DOMAINS))
        case ["init", language]:
            extract(list(DOMAINS))
            for domain in DOMAINS:
                init_one(domain, language)
        case ["compile"]:
            compile_all()
        case _:
            print(__doc__)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
