"""Moons in German, in French and in the pseudo-language: every word of the log, the hints,
the position said on I and the standings goes through the catalogue, and reads as German and
French players say it (Stich and pli, a card as their rulebooks name it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.games.moons.components import Planet
from moonlight_desktop.games.moons.moves import Award, CardPlayed, TokenTaken
from moonlight_desktop.games.moons.scoring import Partition
from moonlight_desktop.games.moons.state import Phase
from moonlight_desktop.games.moons.ui.hint_reasons import moons_hint
from moonlight_desktop.games.moons.ui.hints import card_hints, score_now
from moonlight_desktop.games.moons.ui.narrator import MoonsNarrator, position_summary
from moonlight_desktop.games.moons.ui.standings import final_standings
from moonlight_desktop.games.moons.ui.terms import partition_parts, win_words
from moonlight_desktop.i18n import PSEUDO, _, pgettext, set_language
from moonlight_desktop.i18n.pseudo import untranslated_in
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.chart import ChartRow, chart_kinds
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.controller import run_here

from .moons_helpers import card
from .moons_ui_helpers import NAMES, new_match, random_steps
from .test_text_layout import out_of_place, overlapping, show
from .text_scenes import lesson_at, long_named_seats, mid_game, played


def _english_left_in(text: str) -> str:
    """The letters of `text` no translation function made (names are inside the marks, as
    they fill a message's placeholders)."""
    return "".join(c for c in untranslated_in(text)[0] if c.isalpha())


@pytest.mark.parametrize("seats", [3, 6])
def test_a_whole_game_in_the_pseudo_language_leaves_no_english(seats: int) -> None:
    set_language(PSEUDO)
    names = NAMES[:seats]
    narrator = MoonsNarrator(names)
    texts: list[str] = []
    match = new_match(seats, seats)
    for number, step in enumerate(random_steps(match, seats)):
        for event in step.events:
            texts += [line.text for line in narrator.describe(event.seen_by(None))]
        if match.is_over():
            break
        seat = match.to_act()[0]
        view = step.view(seat)
        legal = list(match.legal(seat))
        texts += card_hints(view, legal).reasons.values()
        texts.append(position_summary(view, names))
        if number % 7 == 0:  # NormalBot's reasons: every kind turns up, at a seventh of the cost
            texts.append(moons_hint(view, legal, number, names).text)
    final = match.view(None)
    assert final.phase == Phase.OVER
    standings = final_standings(final, names)
    texts += [label for row in standings.rows for label, _points in row.parts]
    texts.append(standings.note)
    assert texts
    assert [text for text in texts if _english_left_in(text)] == []


def test_the_log_says_a_card_as_a_german_and_a_french_rulebook_do() -> None:
    narrator = MoonsNarrator(NAMES[:4])
    played = CardPlayed(1, card(Planet.JUPITER, 7))
    taken = TokenTaken(2, Planet.SATURN, Award.LOW_OFF_SUIT)
    set_language("de")
    assert narrator.describe(played)[0].text == "Ana spielt Jupiter 7"
    assert narrator.describe(taken)[0].text == (
        "Ben nimmt ein Saturn-Plättchen für die niedrigste Fehlfarbe"
    )
    assert win_words(NAMES, (1, 2), 12) == "Ana und Ben teilen sich den Sieg mit 12 Punkten"
    set_language("fr")
    assert narrator.describe(played)[0].text == "Ana joue le 7 de Jupiter"
    assert narrator.describe(taken)[0].text == (
        "Ben prend un jeton Saturne pour la plus basse carte hors couleur"
    )
    assert win_words(NAMES, (1,), 1) == "Ana gagne avec 1 point"


def test_the_score_now_is_told_part_by_part_in_the_language_of_the_day() -> None:
    match = new_match(3, 5)
    view = match.view(0)
    # A complete set and an Uranus token besides.
    view = replace(view, tokens=((1, 1, 1, 2), *view.tokens[1:]))
    set_language("de")
    hint = score_now(view)
    assert hint is not None
    assert [label for label, _points in hint.lines] == [
        "1 vollständiger Satz aller vier Planeten",
        "1 weiteres Plättchen",
    ]


@pytest.mark.parametrize("language", ["en", "de", "fr", PSEUDO])
def test_one_complete_set_and_two_are_one_kind_in_the_chart_in_every_language(
    language: str,
) -> None:
    """The chart's legend names each kind of part once, whatever a language's plurals do
    (German: "1 vollständiger Satz", "2 vollständige Sätze")."""
    set_language(language)
    one_each = Partition(1, (0, 1, 0, 0), ((0, 0, 0),) * 4, (0, 0, 0, 1))
    two_each = Partition(2, (0, 2, 0, 0), ((0, 0, 0),) * 4, (0, 0, 0, 2))
    single, plural = partition_parts(one_each), partition_parts(two_each)
    assert [line[0] for line, _kind in single] != [line[0] for line, _kind in plural]
    assert [kind for _line, kind in single] == [kind for _line, kind in plural]
    kinds = {line[0]: kind for line, kind in (*single, *plural)}
    rows = [
        ChartRow(name, theme.GOLD, 0, tuple(line for line, _kind in parts))
        for name, parts in (("A", single), ("B", plural))
    ]
    legend = chart_kinds(rows, lambda label: kinds[label])
    assert legend == [kind for _line, kind in single]
    assert len(legend) == 3


@pytest.mark.parametrize("screen", ["table", "lesson"])
def test_the_table_in_a_longer_language_keeps_every_word_whole_and_apart(
    app: App, screen: str
) -> None:
    """In the pseudo-language (40% longer) at 1280x720: the lead tag widens for its word
    (it was cut to "Ent…" in French), the score's caption keeps inside the seat's row and off
    the token counts (wrapping in the lesson's taller rows), and the supply's captions do not
    run into each other."""
    set_language(PSEUDO)
    app.run_rules = run_here  # type: ignore[method-assign]
    ui = TABLE_GAMES["moons"]
    if screen == "table":
        match = Match.new(game_spec("moons").rules, long_named_seats(ui, 6), 3)
        scenes: list[Scene] = [open_table(app, ui, played(match, mid_game))]
    else:
        scenes = lesson_at(app, ui, 12)
    for scene in scenes:
        app.stack.push(scene)
    show(app)
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
    drawn = [(screen, drawing.take())]
    assert overlapping(drawn) + out_of_place((1280, 720), drawn) == []
    words = {text.content for _name, marks in drawn for text in marks.texts}
    caption = _("score now").split()  # on one line or two, but whole
    shown = [any(word in text for text in words) for word in caption]
    # A lesson's rows shrink to keep room for its cards: the caption may be left out whole.
    assert all(shown) if screen == "table" else all(shown) or not any(shown)
    assert _("minis") in words
    if screen == "table":
        assert pgettext("the seat who leads the trick", "lead") in words
