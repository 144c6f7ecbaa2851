"""Every screen in the pseudo-language (i18n/pseudo.py: every message accented, 40% longer and
between ⟦ ⟧) at 1280x720: no text too small, over another, out of its panel or cut short, and
no word that did not go through a translation function (text outside the marks that is not a
name a player typed, a game's published title or a number): the test that fails on a string
left out of the catalogues."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.moons.components import ASTEROID_NAMES
from moonlight_desktop.i18n import LANGUAGES, PSEUDO
from moonlight_desktop.i18n.pseudo import CLOSING, OPENING, translated, untranslated_in
from moonlight_desktop.licences import NOTICES
from moonlight_desktop.scenes.rules_reader import Ops, Words, _layout_text
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import LANGUAGE_VARIABLE, App
from moonlight_desktop.ui.drawn import DrawnText, Marks
from moonlight_desktop.ui.sizes import BASE_SIZE
from moonlight_desktop.ui.theme import ELLIPSIS
from tests.test_text_layout import (
    Drawn,
    draw_every_screen,
    out_of_place,
    overlapping,
    report,
    said,
    too_small,
)
from tests.text_scenes import GROUPS, LONG_NAMES

NOT_WORDS = (
    *LONG_NAMES,
    *(ui.title for ui in TABLE_GAMES.values()),
    *(ui.title.split()[-1] for ui in TABLE_GAMES.values()),  # "Castle", as past games filter
    *(language.native_name for language in LANGUAGES),  # each language named in itself
    *(notice.component for notice in NOTICES),  # what About credits, by their names
    *(notice.licence for notice in NOTICES),
    "Moonlight Desktop",
    "Dirk",
    "Beate",
    *ASTEROID_NAMES,  # Moons' Asteroids keep their astronomical names ("1 Ceres") in every language
)
"""What may be read outside the marks: the names the screens are given and the titles that
stay as published in every language (or their beginnings, where a name is cut short with an
ellipsis in a narrow row)."""
NAMED = frozenset(word for name in NOT_WORDS for word in re.findall(r"[^\W\d_]+", name))
A_WORD = re.compile(r"[^\W\d_]{2,}")
LEGAL_TEXTS = ("licence",)
"""Screens of texts that stay as written in every language: the licences' own words."""


def untranslated_words(outside: str) -> list[str]:
    """The words of `outside` that are no name's (a name cut short ends with "…")."""
    return [
        word
        for word in A_WORD.findall(outside)
        if not any(named.startswith(word) for named in NAMED)
    ]


def continues(text: DrawnText, last: DrawnText) -> bool:
    """Whether `text`, drawn right after `last`, goes on with its paragraph: the same size,
    the next words on the line (a name in bold, a small picture between) or the first of
    the next line."""
    if text.pixels != last.pixels:
        return False
    size = last.pixels
    same_line = abs(text.ink.centery - last.ink.centery) <= 0.6 * size
    if same_line:
        return -2 <= text.ink.left - last.ink.right <= 3 * size
    return 0 < text.ink.top - last.ink.top <= 2.2 * size and text.ink.left <= last.ink.right


def paragraphs(texts: list[DrawnText]) -> list[list[DrawnText]]:
    """The texts of a screen as paragraphs, in the order they were drawn: the lines (or
    words) wrapped from one message."""
    found: list[list[DrawnText]] = []
    for text in sorted(texts, key=lambda text: text.order):
        if found and continues(text, found[-1][-1]):
            found[-1].append(text)
        else:
            found.append([text])
    return found


def at_the_edge(text: DrawnText, edge: str) -> bool:
    """Whether `text` is the first ("top") or last ("bottom") line a scrolled view shows, its
    paragraph going on beyond the view (a log, the rules reader)."""
    if edge == "top":
        return text.ink.top - 2 * text.pixels < text.clip.top
    return text.ink.bottom + 2 * text.pixels > text.clip.bottom


def opened_above(paragraph: list[DrawnText]) -> int:
    """How many messages a scrolled view's first paragraph goes on with from above its top
    edge: the most marks it closes that it has not opened by then (a log row whose entry
    began on a row scrolled away may still open and close a message inside it). A paragraph
    not at a view's top edge began there: it must open every mark it closes."""
    if not at_the_edge(paragraph[0], "top"):
        return 0
    depth = deepest = 0
    for character in "".join(text.content for text in paragraph):
        if character == OPENING:
            depth += 1
        elif character == CLOSING:
            depth -= 1
            deepest = max(deepest, -depth)
    return deepest


LESSON_SEAT_NAMES = tuple(
    seat.name for ui in TABLE_GAMES.values() for seat in ui.lesson.seats if seat.player == "bot"
)
"""The bots' names of the lessons: words the lesson names its seats with in the language
("Otter (normal)"), names at the table, which a narrow row cuts short as any long name."""


def a_seat_name_cut_short(content: str) -> bool:
    """Whether `content` is a lesson's seat name in the pseudo-language, cut short with an
    ellipsis in a narrow row as every name may be."""
    kept = content.removesuffix(ELLIPSIS)
    return kept != content and any(translated(seat).startswith(kept) for seat in LESSON_SEAT_NAMES)


def words_outside_the_marks(drawn: Drawn) -> list[str]:
    """Each text's words no translation function made, and messages cut short. A message
    wrapped over lines opens on one and closes on a later one, so each paragraph is read as
    one text; one still open at its end lost its end (unless the paragraph goes on beyond
    the edge of a scrolled view, as one beginning above its top edge began there)."""
    problems = []
    for name, marks in drawn:
        if name in LEGAL_TEXTS:
            continue
        for paragraph in paragraphs(marks.texts):
            depth = opened_above(paragraph)
            for text in paragraph:
                outside, depth = untranslated_in(text.content, depth)
                words = untranslated_words(outside)
                if words:
                    problems.append(f"{name}: {said(text)} holds untranslated {words}")
            cut_name = len(paragraph) == 1 and a_seat_name_cut_short(paragraph[0].content)
            if depth and not at_the_edge(paragraph[-1], "bottom") and not cut_name:
                problems.append(f"{name}: {said(paragraph[-1])} is cut short (never closed)")
    return problems


KNOWN_CUTS = ("market table with a hint: 'çûšĥîöñ·šéçöñđ⟧",)
"""The one cut left, in the pseudo-language only (German and French fit whole, as
tests/test_played_in_german_and_french.py and the screenshots show): a long hint's last line
beside five seats. Allowed once, exactly where it is; anything else fails."""


@pytest.mark.parametrize("group", GROUPS)
def test_every_screen_in_the_pseudo_language_reads_whole_with_no_english(
    group: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, PSEUDO)
    drawn = draw_every_screen(BASE_SIZE, tmp_path, group)
    problems = [
        *words_outside_the_marks(drawn),
        *too_small(BASE_SIZE, drawn),
        *overlapping(drawn),
        *out_of_place(BASE_SIZE, drawn),
    ]
    known = [problem for problem in problems if problem.startswith(KNOWN_CUTS)]
    assert len(known) <= len(KNOWN_CUTS)
    assert not [problem for problem in problems if problem not in known], report(problems)


def test_the_pseudo_language_marks_accents_and_lengthens_keeping_placeholders() -> None:
    told = translated("{name} bids {card:d} at the moon cushion")
    assert told.startswith(OPENING) and told.endswith(CLOSING)
    assert "{name}" in told and "{card:d}" in told
    assert "bids" not in told and "moon" not in told
    assert len(told) >= 1.4 * len("{name} bids {card:d} at the moon cushion") - 12
    assert told.format(name="Ada", card=9).count("Ada") == 1


def test_words_outside_the_marks_are_found_across_wrapped_lines() -> None:
    assert untranslated_in(f"{OPENING}Ŝéţ", 0) == ("", 1)
    assert untranslated_in(f"ţîñĝš{CLOSING} Play", 1) == (" Play", 0)
    assert untranslated_in(f"Ada: {OPENING}ƀîđš{CLOSING}", 0) == ("Ada: ", 0)


def row(content: str, top: int, clip_top: int = 0, order: int = 0) -> DrawnText:
    """A log row of `content` at `top`, 14 pixels high, in a view whose top edge is at
    `clip_top`."""
    ink = pygame.Rect(970, top, 150, 17)
    return DrawnText(content, "body", 14, ink, pygame.Rect(945, clip_top, 300, 200), order)


def problems_of(*texts: DrawnText) -> list[str]:
    return words_outside_the_marks([("log", Marks(texts=list(texts)))])


def test_a_log_entry_whose_first_rows_scrolled_away_may_hold_a_whole_message() -> None:
    first = row(f"{OPENING}ţĥé ɱåğîçîåñ ƒîļļš ţĥé", 610, clip_top=600)
    second = row(f"þåţĥ·ţĥé{CLOSING}·ŕéçöṽéŕé{CLOSING}", 628, clip_top=600, order=1)
    assert opened_above([first, second]) == 1
    assert problems_of(first, second) == []


def test_a_message_closed_twice_away_from_a_views_top_edge_is_english_after_it() -> None:
    first = row(f"{OPENING}ţĥé ɱåğîçîåñ ƒîļļš ţĥé", 660, clip_top=600)
    second = row(f"þåţĥ·ţĥé{CLOSING}·recovered{CLOSING}", 678, clip_top=600, order=1)
    assert opened_above([first, second]) == 0
    assert problems_of(first, second) == [f"log: {said(second)} holds untranslated ['recovered']"]


def test_an_english_word_after_the_message_that_began_above_the_view_is_found() -> None:
    first = row(f"ţĥîñğš{CLOSING} Play {OPENING}ţĥé{CLOSING}", 610, clip_top=600)
    assert problems_of(first) == [f"log: {said(first)} holds untranslated ['Play']"]


def test_the_rules_reader_breaks_a_word_longer_than_its_line(app: App) -> None:
    """The pseudo-language's filler (or a long name) is one word wider than the page: it goes
    on over lines, whole and inside the page, as theme.wrap breaks it."""
    long_word = "ŵîñš.·" + "Žîŕŕöžţĥéɱåğîçîåñĥåšļöçķéđ" * 4
    ops: Ops = []
    _layout_text("castle", f"{OPENING}Ŵĥöéṽéŕ {long_word}{CLOSING}", 300, 19, ops, 0, 0)
    words = [(art, at) for art, at in ops if isinstance(art, Words)]
    assert "".join(art.content for art, _at in words[1:]) == long_word + CLOSING
    rights = [at[0] + theme.text_width(art.content, art.face, art.pixels) for art, at in words]
    assert len(words) > 2 and max(rights) <= 300
