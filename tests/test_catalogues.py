"""The German and French catalogues are complete and current: every message the sources mark
is translated in every language (none fuzzy, none empty), each translation has exactly the
named placeholders of its English original, and a message two catalogues share is translated
alike in both (the app merges them into one)."""

from __future__ import annotations

import re
import runpy
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from moonlight_desktop.i18n import DOMAINS, ENGLISH, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
I18N_SCRIPT = runpy.run_path(str(ROOT / "scripts" / "i18n.py"))
TRANSLATED = [language.code for language in LANGUAGES if language.code != ENGLISH]
PLACEHOLDER = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def catalogue(language: str, domain: str) -> Catalog:
    with (ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
        return read_po(file)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Catalog]:
    """Each domain's messages as the sources mark them now (pybabel extract, as
    scripts/i18n.py runs it, into a folder of the test's own)."""
    folder = tmp_path_factory.mktemp("extracted")
    I18N_SCRIPT["extract"](list(DOMAINS), folder)
    found = {}
    for domain in DOMAINS:
        with (folder / f"{domain}.pot").open("rb") as file:
            found[domain] = read_po(file)
    return found


def messages(catalogue: Catalog) -> Iterator[Message]:
    return (message for message in catalogue if message.id)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_marked_message_is_translated(
    extracted: dict[str, Catalog], language: str, domain: str
) -> None:
    translations = catalogue(language, domain)
    missing = []
    for message in messages(extracted[domain]):
        known = translations.get(message.id, message.context)
        strings = (
            [] if known is None else list(known.string) if known.pluralizable else [known.string]
        )
        if known is None or known.fuzzy or not all(strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    assert not missing, f"{language}/{domain}.po lacks {len(missing)}: {missing[:20]}"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_translation_has_its_originals_placeholders(language: str, domain: str) -> None:
    wrong = []
    for message in messages(catalogue(language, domain)):
        originals = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = set().union(*(placeholders(text) for text in originals))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            if string and placeholders(string) != expected:
                wrong.append((originals[0], string))
    assert not wrong, f"{language}/{domain}.po: placeholders differ: {wrong[:10]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_message_in_two_catalogues_is_translated_alike(language: str) -> None:
    seen: dict[tuple[object, str | None], tuple[str, object]] = {}
    differing = []
    for domain in DOMAINS:
        for message in messages(catalogue(language, domain)):
            key = (message.id, message.context)
            if key in seen and message.string and seen[key][1] != message.string:
                differing.append((key, seen[key][0], domain))
            seen.setdefault(key, (domain, message.string))
    assert not differing, f"{language}: translated differently: {differing[:10]}"


def test_the_placeholder_check_sees_a_mismatch() -> None:
    assert placeholders("{name} bids {card:d}") == {"name", "card"}
    assert placeholders("{{literal}} {count}") == {"count"}
    assert placeholders("{nom} enchérit {card}") != placeholders("{name} bids {card}")
