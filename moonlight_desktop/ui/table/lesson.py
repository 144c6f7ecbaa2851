"""The guided first game on the table: a `TableScene` that plays a `Lesson`'s script.

A card over the top of the log says what each step is about. A note waits for Next (or Enter,
Space, →) and holds the table meanwhile; the learner's move is pointed at as a hint is and any
other command is refused with the step's reminder; bots play their scripted replies as they
would play. The card follows the animation: a step's card comes once the board shows what came
before it. At the end the learner plays on from the position against the bots, starts a fresh
game or leaves. Nothing is saved, archived or counted until the learner plays on.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from moonlight_desktop.engine import Bot, Command, Match
from moonlight_desktop.table_notes import TableNotes
from moonlight_desktop.ui.widgets import Button

from .controller import Timeout
from .game_ui import GameUI, TableContext
from .header import Header
from .lesson_script import LEARNER, Auto, Do, Lesson, Note, Reply, Step, script_bots, step_at
from .scene import (
    LOG_TOOLBAR,
    LogCard,
    Router,
    TableScene,
    draw_glow_frame,
    draw_hint_marker,
)

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

UNDO_OFF = "Taking moves back is off while you learn: every step is yours to take again"
READ_FIRST = "Read the card first, then press Next"
WATCH = "Watch: it is not your move yet"
MADE_FOR_YOU = "The lesson makes this move for you: watch a moment"
DONE = "The lesson is done: Play on from here to go on with this game"
CARD_LEAST = 180
"""The design height a lesson's card takes at least (two sentences and Next): the seat rows
shrink to leave the log that much under its title strip."""
CARD_BUTTON = 34
"""The design height of the card's buttons."""
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT)


class LessonRouter(Router, Protocol):
    """Where a lesson sends the learner at its end (and the table's usual requests)."""

    def play_on(self, lesson: LessonScene) -> None:
        """A normal game from the lesson's position, against the bots at their levels."""
        ...

    def start_afresh(self, lesson: LessonScene) -> None:
        """The game's setup, for a game of one's own."""
        ...

    def leave(self, lesson: LessonScene) -> None:
        """Back to the games."""
        ...


class LessonScene(TableScene):
    undo_off = UNDO_OFF

    def log_least(self) -> float:
        return CARD_LEAST + LOG_TOOLBAR  # the same at every step: the rows never jump

    def __init__(
        self, app: App, ui: GameUI, lesson: Lesson, match: Match[Any], router: LessonRouter
    ) -> None:
        """`match`: the lesson's match, new (`lesson.new_match`)."""
        self.lesson = lesson
        self.lesson_router = router
        self.read = 0
        """The notes read: the lesson is at the first step from here on not yet done."""
        self.card_step = -1
        """The step the card shows (it follows the animation, never runs ahead of it)."""
        self.card_buttons: list[Button] = []
        self._buttons_for: object = None

        bots: dict[int, Bot] = dict(script_bots(lesson, lambda: self.match.record.moves))
        notes = TableNotes(hints=False, seed=match.record.seed)
        super().__init__(app, ui, match, bots, router, lambda match: None, notes)

    # Where the lesson is ---------------------------------------------------------------------

    @property
    def index(self) -> int:
        """The step the lesson is at (len(steps) once every step is done)."""
        return step_at(self.lesson, len(self.match.record.moves), self.read)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def step(self) -> Step | None:
        index = self.index
        return self.lesson.steps[index] if index < len(self.lesson.steps) else None

    def timeout_rule(self, match: Match[Any], seat: int) -> Timeout | None:
        return None  # a learner takes their time: no clock runs in a lesson

    def holding(self) -> bool:
        """The table waits while a note is read, for the learner's move, and at the end
        (until the learner chooses what next); only a scripted reply plays."""
        if self.finished:
            return not self._over_shown
        return not isinstance(self.step(), Reply | Auto)

    def next_note(self) -> None:
        """Next: the note on the card is read."""
        index = self.index
        if index < len(self.lesson.steps) and isinstance(self.lesson.steps[index], Note):
            self.read = index + 1

    def _submit(self, command: Command) -> None:
        """Only the taught command is played; anything else is refused with a reminder and
        changes nothing."""
        step = self.step()
        if isinstance(step, Do) and command == step.command:
            self.controller.submit(command)
        elif isinstance(step, Do):
            self.show_message(step.reminder)
        elif step is None:
            self.show_message(DONE)
        elif isinstance(step, Auto):
            self.show_message(MADE_FOR_YOU)
        else:
            self.show_message(READ_FIRST if isinstance(step, Note) else WATCH)

    @property
    def table(self) -> TableContext:
        """The table as the game's screen reads it: the learner's choices are offered (and
        lit) only for their move, never while a note is read or the table moves for them."""
        table = super().table
        table.asked = isinstance(self.step(), Do)
        return table

    def header(self, table: TableContext) -> Header:
        """The game's header, but while a note waits it asks for the card to be read (the
        bots wait too, whatever the game's header would say of them)."""
        header = super().header(table)
        if self.finished and not self.presenter.busy and not self._over_shown:
            if self.match.is_over():
                return Header(LEARNER, "Lesson complete", "See the scores, as after any game.")
            return Header(
                LEARNER, "Lesson complete", "Play on from here, or start a game of your own."
            )
        if isinstance(self.step(), Note) and not self.presenter.busy:
            return Header(LEARNER, "Learn to play", "Read the card below, then press Next.")
        return header

    def ask_hint(self) -> None:
        step = self.step()
        self.show_message(step.reminder if isinstance(step, Do) else READ_FIRST)

    def end(self) -> None:
        """The learner has seen the game's end: the standings, as after any game."""
        self.read = len(self.lesson.steps)
        self._over_shown = True

    _over_shown = False

    # Frames ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self._play_auto(dt)
        if not self.presenter.busy and not self.controller.applying:
            self.card_step = self.index
        self._refresh_card_buttons()

    def _play_auto(self, dt: float) -> None:
        """A taught move the table makes for the learner: after the pause a bot would take,
        once the board shows the position."""
        step = self._auto_step()
        if step is None:
            self._auto_wait = 0.0
            return
        self._auto_wait += dt
        if self._auto_wait >= self.controller.bot_pause:
            self._auto_wait = 0.0
            self.controller.submit(step.command)

    _auto_wait = 0.0

    def _auto_step(self) -> Auto | None:
        """The taught move the table is about to make for the learner, if any."""
        step = self.step()
        if not isinstance(step, Auto) or self.presenter.busy or not self.controller.may_act():
            return None
        return step

    def next_frame_in(self) -> float | None:
        """Every frame while a move is about to be made for the learner (its pause runs)."""
        if self.app.stack.top is self and self._auto_step() is not None:
            return 0.0
        return super().next_frame_in()

    def _refresh_card_buttons(self) -> None:
        """The card's buttons for the step it shows: Next for a note, the choices at the end."""
        key = (self.card_step, self.match.is_over())
        if key == self._buttons_for:
            return
        self._buttons_for = key
        router = self.lesson_router
        steps = self.lesson.steps
        if self.card_step >= len(steps):
            if self.match.is_over():
                self.card_buttons = [
                    Button(label="See the scores", on_click=self.end, primary=True),
                    Button(label="Back to the games", on_click=partial(router.leave, self)),
                ]
            else:
                self.card_buttons = [
                    Button(
                        label="Play on from here",
                        on_click=partial(router.play_on, self),
                        primary=True,
                    ),
                    Button(label="New game", on_click=partial(router.start_afresh, self)),
                    Button(label="Back to the games", on_click=partial(router.leave, self)),
                ]
        elif self.card_step >= 0 and isinstance(steps[self.card_step], Note):
            self.card_buttons = [Button(label="Next", on_click=self.next_note, primary=True)]
        else:
            self.card_buttons = []

    # Input -----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        shown = self.card_step == self.index and not self.presenter.busy
        if shown and self.app.stack.top is self:
            for button in self.card_buttons:
                if button.handle_event(event):
                    return True
            note = isinstance(self.step(), Note)
            if note and event.type == pygame.KEYDOWN and event.key in NEXT_KEYS:
                self.next_note()
                return True
            on_board = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            if note and on_board and self.layout.board.collidepoint(event.pos):
                self.show_message(READ_FIRST)  # nothing on the board is offered meanwhile
                return True
        return super().handle_event(event)

    # Drawing ---------------------------------------------------------------------------------

    def draw_overlay(self, surface: pygame.Surface, table: TableContext) -> None:
        """What the step points at (once the board shows its position) and the card's
        buttons (the card is drawn with the log: `log_card`)."""
        index = self.card_step
        steps = self.lesson.steps
        if index < 0:
            return
        if index < len(steps) and index == self.index and not self.presenter.busy:
            self._point(surface, table, steps[index])
        self._draw_card_buttons(surface)

    def _point(self, surface: pygame.Surface, table: TableContext, step: Step) -> None:
        pulse = self.hint_pulse()
        if isinstance(step, Do):
            draw_hint = getattr(self.screen, "draw_hint", None)
            if draw_hint is not None:
                draw_hint(surface, step.command, table, pulse)
            self._draw_hint_on_actions(surface, step.command, pulse)
        if isinstance(step, Note | Do):
            px = self.layout.px
            for anchor in step.point_at:
                outline = self.screen.outline(anchor)
                if outline is None:
                    point = self.screen.resolve(anchor)
                    draw_hint_marker(surface, point, px(20), pulse, px, filled=False)
                else:  # framed whole, round if it is square (a dial, a space)
                    square = abs(outline.width - outline.height) <= 2
                    corner = min(outline.size) // 2 if square else None
                    draw_glow_frame(surface, outline, pulse, px, corner=corner)

    def card_text(self) -> tuple[str, str]:
        """The card's title and words for the step it shows."""
        lesson, index = self.lesson, self.card_step
        told = [n for n, step in enumerate(lesson.steps) if isinstance(step, Note | Do)]
        if index >= len(lesson.steps):
            return f"{lesson.title}: well done", lesson.farewell
        shown = [n for n in told if n <= index]
        step = lesson.steps[shown[-1]] if shown else lesson.steps[0]
        text = step.text if isinstance(step, Note | Do) else ""
        return f"{lesson.title} \N{MIDDLE DOT} {len(shown)} of {len(told)}", text

    def _refresh_actions(self) -> None:
        """The game's choices only for the learner's move; at the end the action strip
        offers what comes next instead (`_draw_choices`)."""
        if isinstance(self.step(), Do):
            super()._refresh_actions()
            return
        self.buttons = []  # only a taught move is offered; a note is read first
        self._actions_for = None

    def _draw_choices(self, surface: pygame.Surface) -> None:
        """The end's choices on the action strip: the first across, the others below it."""
        area, px = self.layout.actions, self.layout.px
        gap = px(8)
        height = min(px(44), (area.height - gap) // 2)
        first, *others = self.card_buttons
        first.place(pygame.Rect(area.left, area.top, area.width, height), self.layout.scale)
        width = (area.width - gap * (len(others) - 1)) // max(1, len(others))
        for n, button in enumerate(others):
            rect = pygame.Rect(
                area.left + n * (width + gap), area.top + height + gap, width, height
            )
            button.place(rect, self.layout.scale * 0.9)
        for button in self.card_buttons:
            button.hovered = button.rect.collidepoint(self.mouse)
            button.draw(surface)

    def log_card(self) -> LogCard | None:
        """The step's card over the top of the log (with room for Next under a note)."""
        if self.card_step < 0:
            return None
        title, text = self.card_text()
        note = self.card_step < len(self.lesson.steps) and self._card_buttons_shown()
        return LogCard(title, text, CARD_BUTTON + 12 if note else 0, largest=18)

    def _card_buttons_shown(self) -> list[Button]:
        return self.card_buttons if self.card_step == self.index else []

    def _draw_card_buttons(self, surface: pygame.Surface) -> None:
        buttons = self._card_buttons_shown()
        if self.card_step >= len(self.lesson.steps):
            if buttons:
                self._draw_choices(surface)
            return
        card, px = self.log_card_rect, self.layout.px
        pad, width = px(10), card.width - 2 * px(10)
        for button in buttons:  # Next, under the note
            rect = pygame.Rect(card.left + pad, card.bottom - pad - px(CARD_BUTTON), width, 0)
            rect.height = px(CARD_BUTTON)
            button.place(rect, self.layout.scale * 0.85)
            button.hovered = rect.collidepoint(self.mouse)
            button.draw(surface)
