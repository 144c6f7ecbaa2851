"""Every word a player reads, in their language: gettext catalogues managed with Babel.

Mark a message where it is written and translate it where it is shown:

    _("{name} bids {card} at the moon cushion").format(name=name, card=card)
    ngettext("{count} card", "{count} cards", count).format(count=count)
    pgettext("a card's suit", "Moon")          # one English word, two meanings
    GEM_NAMES = (N_("Blue"), N_("Red"))        # marked at import, translated when shown: _(name)
    told(refused.msgid, refused.params)        # a msgid and its params from elsewhere (a server)

A message is a whole sentence with named placeholders, never a sentence glued from pieces,
since word order differs between languages. Numbers, lists and dates take the local form
from `local_forms`. docs/translating.md says how to add a language and keep one current.

No pygame: the rules' errors and the games' narration are translated headless.
"""

from __future__ import annotations

from .catalogues import (
    DOMAINS,
    ENGLISH,
    LANGUAGES,
    N_,
    PSEUDO,
    _,
    current_language,
    ngettext,
    npgettext,
    pgettext,
    set_language,
    told,
)
from .local_forms import format_ago, format_list, format_moment, format_number, format_percent
from .system import system_language

__all__ = [
    "DOMAINS",
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "_",
    "current_language",
    "format_ago",
    "format_list",
    "format_moment",
    "format_number",
    "format_percent",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "system_language",
    "told",
]
