"""The guided first game on the table: a `TableScene` that plays a `Lesson`'s script.

A lesson is a table made of other parts: its card and pointers (`LessonCard`), undo off
(`UndoOff`), H answered with the step's reminder (`LessonHints`), and input that plays only
the taught command. A note waits for Next (or Enter, Space, →) and holds the table meanwhile;
the learner's move is pointed at as a hint is and any other command is refused with the step's
reminder; bots play their scripted replies as they would play. At the end the learner plays on
from the position against the bots, starts a fresh game or leaves. Nothing is saved, archived
or counted until the learner plays on.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from moonlight_desktop.engine import Bot, Command, Match
from moonlight_desktop.engine.timing import Timeout
from moonlight_desktop.i18n import N_, _
from moonlight_desktop.table_notes import TableNotes

from .game_ui import GameUI, TableContext
from .header import Header
from .lesson_card import READ_FIRST, LessonCard
from .lesson_script import LEARNER, Auto, Do, Lesson, Note, Reply, Step, script_bots, step_at
from .log_panel import LOG_TOOLBAR, LogCard
from .scene import Router, TableScene
from .table_hints import TableHints
from .table_input import TableInput
from .table_keys import Focusable
from .table_undo import UndoOff

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

UNDO_OFF = N_("Taking moves back is off while you learn: every step is yours to take again")
WATCH = N_("Watch: it is not your move yet")
MADE_FOR_YOU = N_("The lesson makes this move for you: watch a moment")
DONE = N_("The lesson is done: Play on from here to go on with this game")
CARD_LEAST = 180
"""The design height a lesson's card takes at least (two sentences and Next): the seat rows
shrink to leave the log that much under its title strip."""


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


class LessonHints(TableHints):
    """Hints at a lesson: none is worked out (the taught move is pointed at already); H says
    what to do instead."""

    def __init__(self, scene: TableScene, reminder: Callable[[], str]) -> None:
        super().__init__(scene)
        self.reminder = reminder

    def ask(self) -> None:
        self.scene.show_message(self.reminder())


class LessonScene(TableScene):
    def __init__(
        self, app: App, ui: GameUI[Any], lesson: Lesson, match: Match[Any], router: LessonRouter
    ) -> None:
        """`match`: the lesson's match, new (`lesson.new_match`)."""
        self.lesson = lesson
        self.lesson_router = router
        self.read = 0
        """The notes read: the lesson is at the first step from here on not yet done."""
        self.card = LessonCard(self)
        bots: dict[int, Bot] = dict(script_bots(lesson, lambda: self.match.record.moves))
        notes = TableNotes(hints=False, seed=match.record.seed)
        super().__init__(
            app,
            ui,
            match,
            bots,
            router,
            lambda match: None,
            notes,
            table_input=partial(TableInput, submit=self.offer),
            undo=partial(UndoOff, reason=UNDO_OFF),
            hints=partial(LessonHints, reminder=self.reminder),
        )

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

    def offer(self, command: Command) -> None:
        """The learner's command: only the taught one is played; anything else is refused
        with a reminder and changes nothing."""
        step = self.step()
        if isinstance(step, Do) and command == step.command:
            self.controller.submit(command)
        elif isinstance(step, Do):
            self.show_message(_(step.reminder))
        elif step is None:
            self.show_message(_(DONE))
        elif isinstance(step, Auto):
            self.show_message(_(MADE_FOR_YOU))
        else:
            self.show_message(_(READ_FIRST if isinstance(step, Note) else WATCH))

    def reminder(self) -> str:
        """What H says: the taught move's reminder, or to read the card."""
        step = self.step()
        return _(step.reminder if isinstance(step, Do) else READ_FIRST)

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
                return Header(
                    LEARNER, _("Lesson complete"), _("See the scores, as after any game.")
                )
            return Header(
                LEARNER, _("Lesson complete"), _("Play on from here, or start a game of your own.")
            )
        if isinstance(self.step(), Note) and not self.presenter.busy:
            return Header(LEARNER, _("Learn to play"), _("Read the card below, then press Next."))
        return header

    def end(self) -> None:
        """The learner has seen the game's end: the standings, as after any game."""
        self.read = len(self.lesson.steps)
        self._over_shown = True

    _over_shown = False

    # Frames ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self._play_auto(dt)

    def follow_overlay(self) -> None:
        self.card.follow()

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

    def log_least(self) -> float:
        # The same at every step (the rows never jump), with room for the longest card.
        return max(CARD_LEAST, self.card.least_height()) + LOG_TOOLBAR

    def log_card(self) -> LogCard | None:
        return self.card.log_card()

    # Input and drawing -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.card.handle_event(event) or super().handle_event(event)

    def draw_overlay(self, surface: pygame.Surface, table: TableContext) -> None:
        self.card.draw(surface, table)

    def overlay_stops(self) -> list[Focusable]:
        return self.card.stops()
