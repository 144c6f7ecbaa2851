"""A lesson's card and pointers, the part a lesson adds to the table. The card over the top of
the log says what the step is about, with Next under a note; the board parts the step talks
about and the taught move are pointed at in the glow colour; at the end the action strip
offers what comes next. The card follows the animation: a step's card comes once the board
shows what came before it."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import N_, _, current_language
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.widgets import Button

from .game_ui import TableContext
from .glow import draw_glow_frame, draw_hint_marker
from .lesson_script import Do, Note, Step
from .log_panel import LogCard, log_card_height
from .setup import translated
from .table_keys import Focusable

if TYPE_CHECKING:
    from .lesson import LessonScene

READ_FIRST = N_("Read the card first, then press Next")
CARD_BUTTON = 34
"""The design height of the card's buttons."""
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT)


class LessonCard:
    def __init__(self, scene: LessonScene) -> None:
        self.scene = scene
        self.step = -1
        """The step the card shows (it follows the animation, never runs ahead of it)."""
        self.buttons: list[Button] = []
        self._buttons_for: object = None
        self._least_for: tuple[str, float] = ("", 0.0)

    def follow(self) -> None:
        """Each frame: the card comes to the lesson's step once the board shows it, with its
        buttons."""
        scene = self.scene
        if not scene.presenter.busy and not scene.controller.applying:
            self.step = scene.index
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        """The card's buttons for the step it shows: Next for a note, the choices at the end."""
        scene = self.scene
        key = (self.step, scene.match.is_over(), current_language())
        if key == self._buttons_for:
            return
        self._buttons_for = key
        router = scene.lesson_router
        steps = scene.lesson.steps
        if self.step >= len(steps):
            if scene.match.is_over():
                self.buttons = [
                    Button(label=_("See the scores"), on_click=scene.end, primary=True),
                    Button(label=_("Back to the games"), on_click=partial(router.leave, scene)),
                ]
            else:
                self.buttons = [
                    Button(
                        label=_("Play on from here"),
                        on_click=partial(router.play_on, scene),
                        primary=True,
                    ),
                    Button(label=_("New game"), on_click=partial(router.start_afresh, scene)),
                    Button(label=_("Back to the games"), on_click=partial(router.leave, scene)),
                ]
        elif self.step >= 0 and isinstance(steps[self.step], Note):
            self.buttons = [Button(label=_("Next"), on_click=scene.next_note, primary=True)]
        else:
            self.buttons = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The card's buttons, and Next's keys under a note (whose board offers nothing:
        a press on it says to read the card), once the card shows the lesson's step."""
        scene = self.scene
        shown = self.step == scene.index and not scene.presenter.busy
        if not shown or scene.app.stack.top is not scene:
            return False
        for button in self.buttons:
            if button.handle_event(event):
                return True
        note = isinstance(scene.step(), Note)
        # Once the keyboard's focus shows, Enter uses what it rests on (Next, when on it).
        next_key = event.type == pygame.KEYDOWN and event.key in NEXT_KEYS
        if note and next_key and not scene.keys.shown:
            scene.next_note()
            return True
        on_board = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if note and on_board and scene.layout.board.collidepoint(event.pos):
            scene.show_message(_(READ_FIRST))  # nothing on the board is offered meanwhile
            return True
        return False

    def text(self) -> tuple[str, str]:
        """The card's title and words for the step it shows."""
        return self.text_at(self.step)

    def text_at(self, index: int) -> tuple[str, str]:
        """The card's title and words at step `index` (past the last: the farewell)."""
        lesson = self.scene.lesson
        told = [n for n, step in enumerate(lesson.steps) if isinstance(step, Note | Do)]
        title = _(lesson.title)
        if index >= len(lesson.steps):
            # Translators: the lesson's last card; {lesson} is its title ("Learn Moons").
            return _("{lesson}: well done").format(lesson=title), translated(lesson.farewell)
        shown = [n for n in told if n <= index]
        step = lesson.steps[shown[-1]] if shown else lesson.steps[0]
        words = _(step.text) if isinstance(step, Note | Do) else ""
        # Translators: a lesson card's title: the lesson's, and its step {step} of {steps}.
        heading = _("{lesson} · {step} of {steps}")
        return heading.format(lesson=title, step=len(shown), steps=len(told)), words

    def least_height(self) -> float:
        """The design height of the lesson's longest card, its words at the smallest size:
        the log keeps that much at every step (the rows never jump), in the language shown."""
        language = current_language()
        if self._least_for[0] != language:
            steps = self.scene.lesson.steps
            told = [n for n, step in enumerate(steps) if isinstance(step, Note | Do)]
            cards = [LogCard(*self.text_at(n), self._footer(n), theme.MIN_TEXT) for n in told]
            cards.append(LogCard(*self.text_at(len(steps)), largest=theme.MIN_TEXT))
            self._least_for = (language, max(log_card_height(card) for card in cards))
        return self._least_for[1]

    def _footer(self, index: int) -> float:
        """The design pixels under a note's words for Next."""
        return CARD_BUTTON + 12 if isinstance(self.scene.lesson.steps[index], Note) else 0

    def log_card(self) -> LogCard | None:
        """The step's card over the top of the log (with room for Next under a note)."""
        if self.step < 0:
            return None
        title, words = self.text()
        note = self.step < len(self.scene.lesson.steps) and self._buttons_shown()
        return LogCard(title, words, CARD_BUTTON + 12 if note else 0, largest=18)

    # Drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, table: TableContext) -> None:
        """What the step points at (once the board shows its position) and the card's
        buttons (the card is drawn with the log)."""
        scene, index = self.scene, self.step
        steps = scene.lesson.steps
        if index < 0:
            return
        if index < len(steps) and index == scene.index and not scene.presenter.busy:
            self._point(surface, table, steps[index])
        self._draw_buttons(surface)

    def _point(self, surface: pygame.Surface, table: TableContext, step: Step) -> None:
        scene = self.scene
        pulse = scene.hint_pulse()
        if isinstance(step, Do):
            scene.screen.draw_hint(surface, step.command, table, pulse)
            scene.strip.ring(surface, step.command, pulse)
        if isinstance(step, Note | Do):
            px = scene.layout.px
            for anchor in step.point_at:
                outline = scene.screen.outline(anchor)
                if outline is None:
                    point = scene.screen.resolve(anchor)
                    draw_hint_marker(surface, point, px(20), pulse, px, filled=False)
                else:  # framed whole, round if it is square (a dial, a space)
                    square = abs(outline.width - outline.height) <= 2
                    corner = min(outline.size) // 2 if square else None
                    draw_glow_frame(surface, outline, pulse, px, corner=corner)

    def stops(self) -> list[Focusable]:
        """The card's buttons for the keyboard's focus, once the card shows the lesson's step:
        the table waits for them (Next, the end's choices)."""
        shown = self.step == self.scene.index and not self.scene.presenter.busy
        keys = self.scene.keys
        return [
            Focusable(button.rect, button.label, partial(keys.choose, button.on_click), asks=True)
            for button in self.buttons
            if shown and button.rect.width > 0
        ]

    def _buttons_shown(self) -> list[Button]:
        return self.buttons if self.step == self.scene.index else []

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        buttons = self._buttons_shown()
        scene = self.scene
        if self.step >= len(scene.lesson.steps):
            if buttons:
                self._draw_choices(surface)
            return
        card, px = scene.chrome.log_card_rect, scene.layout.px
        pad, width = px(10), card.width - 2 * px(10)
        for button in buttons:  # Next, under the note
            rect = pygame.Rect(card.left + pad, card.bottom - pad - px(CARD_BUTTON), width, 0)
            rect.height = px(CARD_BUTTON)
            button.place(rect, scene.layout.scale * 0.85)
            button.hovered = rect.collidepoint(scene.mouse)
            button.draw(surface)

    def _draw_choices(self, surface: pygame.Surface) -> None:
        """The end's choices on the action strip: the first across, the others below it."""
        layout = self.scene.layout
        area, px = layout.actions, layout.px
        gap = px(8)
        height = min(px(44), (area.height - gap) // 2)
        first, *others = self.buttons
        first.place(pygame.Rect(area.left, area.top, area.width, height), layout.scale)
        width = (area.width - gap * (len(others) - 1)) // max(1, len(others))
        for n, button in enumerate(others):
            rect = pygame.Rect(
                area.left + n * (width + gap), area.top + height + gap, width, height
            )
            button.place(rect, layout.scale * 0.9)
        for button in self.buttons:
            button.hovered = button.rect.collidepoint(self.scene.mouse)
            button.draw(surface)
