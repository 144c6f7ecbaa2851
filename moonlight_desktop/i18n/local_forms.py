"""Numbers, lists and times in the local form of the active language (Babel's CLDR data):
"1,234" / "1.234" / "1 234", "A, B and C" / "A, B und C" / "A, B et C", "3 days ago" /
"vor 3 Tagen" / "il y a 3 jours"."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from .catalogues import ENGLISH, PSEUDO, _, current_language
from .pseudo import marked


def _locale() -> str:
    """Babel's locale for the language: British English for ours ("1 Dec 2026", "A, B and C")."""
    code = current_language()
    return "en_GB" if code in (ENGLISH, PSEUDO) else code


def _in_its_marks(told: str) -> str:
    """A local form, between the pseudo-language's marks when that is the language."""
    return marked(told) if current_language() == PSEUDO else told


def format_number(number: float, decimals: int | None = None) -> str:
    """A number as the language writes it, `decimals` places after the point when given."""
    from babel.numbers import format_decimal

    pattern = None if decimals is None else "#,##0." + "0" * decimals if decimals else "#,##0"
    return format_decimal(number, format=pattern, locale=_locale())


def format_percent(fraction: float) -> str:
    """A fraction as a whole percentage in the language's form: "150%", "150 %"."""
    from babel.numbers import format_percent as babel_format_percent

    told = babel_format_percent(fraction, locale=_locale())
    return _in_its_marks(told)


def format_list(items: Sequence[str]) -> str:
    """Items as a sentence lists them: "a", "a and b", "a, b and c" (und, et...)."""
    from babel.lists import format_list as babel_format_list

    joined = babel_format_list(list(items), locale=_locale()) if items else ""
    return _in_its_marks(joined) if items else joined


def format_ago(seconds: float) -> str:
    """How long ago something was, `seconds` back, as one says it: "just now", "3 days ago",
    "vor 3 Tagen", "il y a 3 jours"."""
    from babel.dates import format_timedelta

    if seconds < 60:
        return _("just now")
    told = format_timedelta(
        timedelta(seconds=-seconds), add_direction=True, threshold=1, locale=_locale()
    )
    return _in_its_marks(told)


def format_moment(moment: datetime) -> str:
    """A date and time as the language writes it: "1 Dec 2026, 05:12", "1. Dez. 2026, 05:12"."""
    from babel.dates import format_date, format_time, get_datetime_format

    language = _locale()
    told = (
        str(get_datetime_format("medium", locale=language))
        .replace("{1}", format_date(moment, "medium", locale=language))
        .replace("{0}", format_time(moment, "short", locale=language))
    )
    return _in_its_marks(told)
