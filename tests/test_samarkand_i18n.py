"""Le Marché de Samarkand in every language: whole games told in the pseudo-language leave no
word untranslated (only names, numbers and punctuation outside its marks), the final scoring
lifts each merchant's screen in a language whose colon follows a space ("Ana :"), every text of
the lesson and the rules reader is a message of the samarkand catalogue, the clock's choices
name the seconds the clock keeps, and the souk's words find room in a longer language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from moonlight_desktop.engine import Match, Rng, SeatSpec
from moonlight_desktop.games.samarkand.clock import CLOCK_SECONDS
from moonlight_desktop.games.samarkand.moves import GameOver
from moonlight_desktop.games.samarkand.rules import SamarkandRules
from moonlight_desktop.games.samarkand.ui.description import SAMARKAND_UI
from moonlight_desktop.games.samarkand.ui.lesson import SAMARKAND_LESSON
from moonlight_desktop.games.samarkand.ui.narrator import SamarkandNarrator, position_summary
from moonlight_desktop.games.samarkand.ui.presenter import SamarkandPresenter
from moonlight_desktop.games.samarkand.ui.rules_text import SAMARKAND_RULES
from moonlight_desktop.games.samarkand.ui.setup import CLOCK
from moonlight_desktop.games.samarkand.ui.standings import final_standings
from moonlight_desktop.games.samarkand.view import SamarkandView
from moonlight_desktop.i18n import set_language
from moonlight_desktop.i18n.pseudo import OPENING, untranslated_in
from moonlight_desktop.ui.app import LANGUAGE_VARIABLE
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.game_ui import RulesItem
from moonlight_desktop.ui.table.lesson_script import Do, Note
from tests.test_text_layout import draw_every_screen, out_of_place, overlapping, report

RULES = SamarkandRules()
NAMES = ["Ana", "Bo", "Cy", "Dan", "Eve"]
CATALOGUE = Path(__file__).resolve().parent.parent / "locale" / "samarkand.pot"
DATA = re.compile(r"[\d\s.,;:()+\-=!]*")
"""What may lie outside the pseudo-language's marks: numbers and punctuation (names apart)."""
SOUK_SCREENS = ("samarkand table", "samarkand sealed orders", "samarkand table with a hint")


def _untranslated(text: str, names: list[str]) -> str:
    outside, _depth = untranslated_in(text)
    for name in names:
        outside = outside.replace(name, "")
    return "" if DATA.fullmatch(outside) else outside


def _played_out(seats: int, mode: str, seed: int) -> Match[Any]:
    options = {"mode": mode, "hidden_goods": seed % 2 == 1}
    return Match.new(RULES, [SeatSpec(name) for name in NAMES[:seats]], seed, options)


@pytest.mark.parametrize(("seats", "mode"), [(3, "live"), (4, "sealed"), (5, "live")])
def test_a_whole_game_is_told_in_the_pseudo_language_without_an_english_word(
    seats: int, mode: str
) -> None:
    set_language("qps")
    rng = Rng(seats)
    names = NAMES[:seats]
    for game in range(6):
        match = _played_out(seats, mode, game * 31 + seats)
        narrator = SamarkandNarrator(match.view(0), names)
        told = narrator.opening_lines()
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal(seat)
            for event in match.submit(seat, legal[rng.below(len(legal))]):
                told += narrator.narrate(event.seen_by(0))
            view = match.view(0)
            assert isinstance(view, SamarkandView)
            told.append(position_summary(view, names))
        standings = final_standings(match)
        told += [standings.note, *(row.details for row in standings.rows)]
        told += [label for row in standings.rows for label, _points in row.parts]
        left = [(line, _untranslated(line, names)) for line in told if _untranslated(line, names)]
        assert not left, left[:5]


def test_the_final_scoring_lifts_each_screen_in_french() -> None:
    """French writes "Ana : ..."; each merchant's screen still lifts at their first line of the
    scoring, while the scoring plays, not only once it is over."""
    set_language("fr")
    rng = Rng(5)
    match = _played_out(4, "live", 12)
    opening = match.replayed(0).view(None)
    assert isinstance(opening, SamarkandView)
    presenter = SamarkandPresenter(match.view(0), opening, NAMES[:4])  # type: ignore[arg-type]
    lifted: set[int] = set()
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal(seat)
        events = match.submit(seat, legal[rng.below(len(legal))])
        view = match.view(0)
        presenter.present(Played(seat, legal[0], tuple(e.seen_by(0) for e in events), 0, view))
        scoring = any(isinstance(event, GameOver) for event in events)
        while presenter.busy:
            presenter.update(0.05, 1.0)
            if scoring and presenter.busy:  # not the final view, shown once it is over
                lifted |= {s for s in range(1, 4) if presenter.camels[s] is not None}
    assert lifted == {1, 2, 3}


def _catalogue_messages() -> set[str]:
    with CATALOGUE.open("rb") as file:
        return {message.id for message in read_po(file) if isinstance(message.id, str)}


def test_every_text_of_the_lesson_is_a_message_of_the_catalogue() -> None:
    known = _catalogue_messages()
    texts = [SAMARKAND_LESSON.title, SAMARKAND_LESSON.farewell]
    for step in SAMARKAND_LESSON.steps:
        if isinstance(step, Note):
            texts.append(step.text)
        elif isinstance(step, Do):
            texts += [step.text, step.reminder]
    assert [text for text in texts if text not in known] == []


def test_every_text_of_the_rules_reader_is_a_message_of_the_catalogue() -> None:
    known = _catalogue_messages()
    texts = [SAMARKAND_RULES.title]
    for section in SAMARKAND_RULES.sections[:-1]:  # the last: the keys, the kit's words
        texts.append(section.heading)
        texts += [p.text if isinstance(p, RulesItem) else p for p in section.paragraphs]
    assert [text for text in texts if text not in known] == []


def test_each_clock_choice_names_the_seconds_the_clock_keeps() -> None:
    for choice in CLOCK.choices:
        assert choice.help.startswith(f"{CLOCK_SECONDS[choice.value]} seconds at each price")


def test_the_souk_reads_whole_in_a_longer_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the pseudo-language (40% longer), the table, its hint and the sealed sheet draw no
    text over another, out of its panel or covered: the clock's words, what each merchant
    sells, "no goods yet" and the sheet's words shrink or wrap into their room."""
    monkeypatch.setenv(LANGUAGE_VARIABLE, "qps")  # the app draws in the language it chooses
    size = (1280, 720)
    drawn = draw_every_screen(size, tmp_path, "samarkand", only=SOUK_SCREENS)
    assert [name for name, _marks in drawn] == list(SOUK_SCREENS)
    assert all(any(OPENING in text.content for text in marks.texts) for _name, marks in drawn)
    problems = [*overlapping(drawn), *out_of_place(size, drawn)]
    assert not problems, report(problems)


def test_the_header_names_the_souk_in_the_language_in_use() -> None:
    """The title while the table waits for nobody follows a language chosen meanwhile."""
    screen = SAMARKAND_UI.screen(_played_out(4, "live", 1), 0, lambda _name: None)
    set_language("de")
    assert screen.table_title == "Der Souk"
    set_language("fr")
    assert screen.table_title == "Le souk"
    set_language("en")
    assert screen.table_title == "The souk"
