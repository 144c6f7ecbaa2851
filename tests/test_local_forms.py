"""Numbers, lists and times in each language's own form (Babel's CLDR data), and the
pseudo-language marking them without touching the data they hold."""

from __future__ import annotations

from datetime import datetime

import pytest

from moonlight_desktop.i18n import (
    PSEUDO,
    format_ago,
    format_list,
    format_moment,
    format_number,
    set_language,
)
from moonlight_desktop.i18n.pseudo import CLOSING, OPENING

MOMENT = datetime(2026, 12, 1, 5, 12)


@pytest.mark.parametrize(
    ("language", "number", "names", "three_days", "moment"),
    [
        ("en", "1,234.5", "Ada, Bo and Cy", "3 days ago", "1 Dec 2026, 05:12"),
        ("de", "1.234,5", "Ada, Bo und Cy", "vor 3 Tagen", "01.12.2026, 05:12"),
        (
            "fr",
            "1\N{NARROW NO-BREAK SPACE}234,5",
            "Ada, Bo et Cy",
            "il y a 3 jours",
            "1 déc. 2026, 05:12",
        ),
    ],
)
def test_each_language_writes_numbers_lists_and_times_its_own_way(
    language: str, number: str, names: str, three_days: str, moment: str
) -> None:
    set_language(language)
    assert format_number(1234.5, 1) == number
    assert format_list(["Ada", "Bo", "Cy"]) == names
    assert format_ago(3 * 86400 + 100) == three_days
    assert format_moment(MOMENT) == moment


def test_short_lists_and_whole_numbers() -> None:
    assert format_list([]) == ""
    assert format_list(["Ada"]) == "Ada"
    assert format_list(["Ada", "Bo"]) == "Ada and Bo"
    assert format_number(12000) == "12,000"
    set_language("de")
    assert format_list(["Ada", "Bo"]) == "Ada und Bo"
    assert format_number(12000) == "12.000"


def test_the_pseudo_language_marks_local_forms_and_keeps_their_data() -> None:
    set_language(PSEUDO)
    listed = format_list(["Ada", "Bo"])
    assert listed.startswith(OPENING) and listed.endswith(CLOSING) and "Ada" in listed
    assert format_ago(7200).startswith(OPENING)
