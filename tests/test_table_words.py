"""The table kit in the player's language: the header, the keys' help, the lesson's card, the
setup's rows, the table messages and the hints' figures are translated where they are shown,
so a language chosen while the app runs holds at once; and a longer language still fits."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any, cast

import pygame

from moonlight_desktop.i18n import _, set_language
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.drawn import DrawnText
from moonlight_desktop.ui.table.hints import figure
from moonlight_desktop.ui.table.keymap import TABLE_KEYS, KeyHelp
from moonlight_desktop.ui.table.lesson import CARD_LEAST, UNDO_OFF
from moonlight_desktop.ui.table.lesson_script import Note
from moonlight_desktop.ui.table.log_panel import (
    LOG_TOOLBAR,
    LogCard,
    draw_log_card,
    place_log_card,
)
from moonlight_desktop.ui.table.online_table import Bubble
from moonlight_desktop.ui.table.setup import HINTS, SEATING, TableSetup
from moonlight_desktop.ui.table.table_keys import draw_keys_help
from moonlight_desktop.ui.table.table_undo import UndoOff
from tests.keyboard_helpers import castle_asked
from tests.table_helpers import run_frames as frames
from tests.test_lesson_scene import lesson_table, scripted
from tests.test_table_setup import SPEC

PSEUDO_START = "\N{MATHEMATICAL LEFT WHITE SQUARE BRACKET}"


def test_the_header_says_whose_turn_in_the_language_chosen_meanwhile(app: App) -> None:
    table = castle_asked(app)
    scene = table.scene
    assert scene.header(scene.table).title == "Your turn"
    set_language("de")
    assert scene.header(scene.table).title == "Du bist am Zug"
    set_language("fr")
    assert scene.header(scene.table).title == "À vous de jouer"


def test_every_word_of_the_keys_help_is_translated(app: App) -> None:
    set_language("qps")
    with theme.recording(app.window) as drawing:
        draw_keys_help(app.window, TABLE_KEYS, 1.0)
        texts = [text.content for text in drawing.take().texts]
    assert len(texts) == 2 * len(TABLE_KEYS) + 2  # each key and its deed, the title, the close
    assert all(text.startswith(PSEUDO_START) for text in texts), texts


def drawn_lesson_card(
    app: App, lesson: str, step: int, steps: int
) -> tuple[pygame.Rect, str, list[DrawnText]]:
    """A lesson card titled with `lesson`'s `step` of `steps` (as the lesson's card says it)
    in the pseudo-language, drawn in a table's log: where it went, its title and its texts."""
    set_language("qps")
    layout = castle_asked(app).scene.layout
    heading = _("{lesson} \N{MIDDLE DOT} {step} of {steps}")
    title = heading.format(lesson=_(lesson), step=step, steps=steps)
    card = LogCard(title, "Bid your 9 at the second cushion.")
    placed, lines, size = place_log_card(layout, card, layout.log)
    with theme.recording(app.window) as drawing:
        draw_log_card(app.window, layout, card, placed, lines, size)
        return placed, title, drawing.take().texts


def test_a_long_lesson_card_title_stays_inside_its_card(app: App) -> None:
    placed, _title, drawn = drawn_lesson_card(app, "Learn Moonlight Market", 11, 27)
    assert drawn and all(placed.contains(text.ink) for text in drawn), [t.ink for t in drawn]


def test_a_long_lesson_card_title_takes_a_second_line_rather_than_lose_its_end(
    app: App,
) -> None:
    _placed, title, texts = drawn_lesson_card(app, "Learn Le Marché de Samarkand", 110, 249)
    drawn = [text for text in texts if text.face == theme.BOLD_FONT]
    assert len(drawn) == 2 and " ".join(text.content for text in drawn) == title
    words = [text for text in texts if text.face == theme.BODY_FONT]
    assert words and all(text.ink.top >= drawn[-1].ink.bottom for text in words)


def test_lines_one_under_another_never_touch_even_with_accented_capitals(app: App) -> None:
    lines = ("Ägypten gibt", "Élan über Çà", "Öl und Ŵýp")
    for face in (theme.BODY_FONT, theme.BOLD_FONT, theme.HEADING_FONT):
        for pixels in range(10, 24):
            with theme.recording(app.window) as drawing:
                theme.blit_lines_from(
                    app.window, lines, face, pixels, theme.TEXT, "topleft", (0, 0)
                )
                inks = [text.ink for text in drawing.take().texts]
            above_below = pairwise(inks)
            assert all(not upper.colliderect(lower) for upper, lower in above_below), (
                face,
                pixels,
                inks,
            )


def test_the_setup_rows_of_the_kit_and_of_the_game_are_translated() -> None:
    setup = TableSetup.default(SPEC)
    set_language("de")
    rows = {row.key: row for row in setup.rows()}
    assert rows[HINTS].label == "Tipps"
    assert [choice.label for choice in rows[HINTS].choices] == ["An", "Aus"]
    set_language("fr")
    assert {row.key: row for row in setup.rows()}[HINTS].label == "Conseils"
    assert SEATING not in rows or rows[SEATING].label == "Sitzordnung"


def test_a_human_seat_is_named_in_the_language_and_known_for_a_default_in_either() -> None:
    set_language("de")
    setup = TableSetup.default(SPEC)
    setup.seats[0].name = "Spieler 1"
    assert setup.is_default_name(0)
    setup.seats[0].name = "Player 1"  # remembered from an English setup
    assert setup.is_default_name(0)
    setup.seats[0].name = "Spielerin"
    assert not setup.is_default_name(0)
    setup.seats[0].name = ""
    assert setup.problem() == "Spieler 1 braucht einen Namen."


def test_figures_and_table_messages_follow_the_language() -> None:
    bubble = Bubble(0, "hello", 0.0)
    set_language("de")
    assert figure(2.5) == "2,5" and figure(-0.04) == "0,0"
    assert bubble.words == "Hallo!"
    set_language("fr")
    assert bubble.words == "Bonjour\N{NARROW NO-BREAK SPACE}!"


def test_a_lessons_undo_says_why_not_in_the_language_chosen_meanwhile() -> None:
    undo = UndoOff(cast(Any, None), UNDO_OFF)
    assert undo.reason.startswith("Taking moves back is off")
    set_language("de")
    assert undo.reason.startswith("Beim Lernen kannst du keine Züge zurücknehmen")


def test_the_keys_help_shrinks_to_hold_a_games_long_line(app: App) -> None:
    """A game's own key with a long description (as German may make it) stays inside."""
    long_line = KeyHelp("S", "Stop! while the Dean counts down: " * 4)
    with theme.recording(app.window) as drawing:
        draw_keys_help(app.window, (*TABLE_KEYS, long_line), 1.0)
        drawn = drawing.take()
    card = drawn.boxes[0].rect
    assert all(card.contains(text.ink) for text in drawn.texts)


def test_a_lessons_card_and_its_next_follow_the_language_chosen_meanwhile(app: App) -> None:
    scene = lesson_table(app, scripted())
    frames(app, scene)
    assert scene.card.buttons[0].label == "Next"
    set_language("de")
    frames(app, scene)
    assert scene.card.buttons[0].label == "Weiter"
    set_language("qps")  # the game's words, marked in its script, are translated on the card
    title, words = scene.card.text()
    assert title.startswith(PSEUDO_START) and words.startswith(PSEUDO_START)


def test_a_lesson_keeps_room_in_the_log_for_its_longest_card_at_every_step(app: App) -> None:
    """A card as long as German or French may make it is read whole at the smallest text:
    the rows shrink for it from the first step (so they never jump)."""
    lesson = scripted()
    long_note = Note(" ".join(["Bid your 9 at the second cushion, then watch Dirk."] * 6))
    lesson = replace(lesson, steps=(*lesson.steps, long_note))
    scene = lesson_table(app, lesson)
    frames(app, scene)
    first_least = scene.log_least()
    assert first_least > CARD_LEAST + LOG_TOOLBAR
    scene.card.step = len(lesson.steps) - 1
    card = scene.card.log_card()
    assert card is not None and scene.log_least() == first_least
    layout = scene.layout
    log, strip = layout.log, layout.px(LOG_TOOLBAR)
    room = pygame.Rect(log.left, log.top + strip, log.width, log.height - strip)  # as drawn
    placed, lines, size = place_log_card(layout, card, room)
    with theme.recording(app.window) as drawing:
        draw_log_card(app.window, layout, card, placed, lines, size)
        words = [text.content for text in drawing.take().texts if text.face == theme.BODY_FONT]
    assert " ".join(words) == card.text
