"""Hints at the table: H or the hint button in the log's toolbar asks for the move a Normal bot
would make for the seat at the screen, worked out on a worker from that seat's view and legal
commands; the hint is then shown on the board (the game's `draw_hint`), ringed on the action
strip and explained on the log's card until the position changes. A lesson answers H with its
step's reminder (`lesson.LessonHints`); a replay has no hints."""

from __future__ import annotations

import logging
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import _
from moonlight_desktop.ui import theme

from .game_ui import TableContext
from .hints import HINTS_OFF, NOT_YOUR_TURN, Hint, hint_seed
from .log_panel import LogCard, hint_button

if TYPE_CHECKING:
    from .scene import TableScene

log = logging.getLogger(__name__)


class TableHints:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.hint: Hint | None = None
        """The hint shown now, for the position (`TableScene.turn_at_screen`) `_hint_for`. Another
        seat's move while this one may still act (a simultaneous phase) keeps it as long as its
        command is still legal (`shown`)."""
        self._hint_for: object = None
        self.job: tuple[tuple[int, int, int | None], Future[Hint]] | None = None
        """A hint being worked out on a worker, and the position it is for."""

    @property
    def offered(self) -> bool:
        """Hints are on for this table."""
        return self.scene.notes.hints

    def ask(self) -> None:
        """H or the hint button: NormalBot's move for the seat at the screen, worked out on a
        worker from that seat's view and legal commands, then shown on the board with why."""
        scene = self.scene
        if scene.undo is not None and scene.undo.rebuilding:
            return
        if not self.offered:
            scene.show_message(_(HINTS_OFF))
            return
        if scene.input.hold_for_rules(self.ask):
            return
        viewer, controller = scene.controller.viewer, scene.controller
        if viewer is None or not controller.may_act() or scene.match.is_over():
            scene.show_message(_(NOT_YOUR_TURN))
            return
        scene.presenter.skip()  # the hint is for the position the animation ends on: shown first
        position = self.scene.turn_at_screen()
        if self._hint_for == position and self.hint is not None:
            return  # already shown
        if self.job is not None and self.job[0] == position:
            return  # already being worked out
        if self._work_out(viewer):
            scene.notes.count_hint(viewer)

    def _work_out(self, viewer: int) -> bool:
        """Sends the hint for the position on the table to a worker; False when there is
        nothing to decide."""
        scene = self.scene
        legal = list(scene.controller.legal())
        if not legal:
            return False
        view, seed = scene.match.view(viewer), hint_seed(scene.match, viewer)
        work = partial(scene.ui.hint, view, legal, seed, scene.names)
        self.job = (self.scene.turn_at_screen(), scene.app.run_in_background(work))
        return True

    def follow(self) -> None:
        """Takes a worked-out hint when it is still for the position on the table, and lets
        a hint go once the position has changed."""
        position = self.scene.turn_at_screen()
        if self.hint is not None and self._hint_for != position:
            self.hint = None
        job = self.job
        if job is None or not job[1].done():
            return
        self.job = None
        if job[0] != position:
            return  # the player moved (or took back, or handed over) before it came
        try:
            self.hint = job[1].result()
        except Exception:  # a hint must never end the game
            log.exception("the hint could not be worked out")
            self.scene.show_message(_("No hint could be worked out here"))
            return
        self._hint_for = position

    def worked_out(self) -> bool:
        """A hint is back from its worker, to be taken."""
        return self.job is not None and self.job[1].done()

    def shown(self) -> Hint | None:
        """The hint to draw now: only for the position on the table, while nothing animates
        and the seat it is for is at the screen."""
        scene = self.scene
        if (
            self.hint is None
            or self._hint_for != self.scene.turn_at_screen()
            or scene.presenter.busy
        ):
            return None
        if not scene.controller.applying and self.hint.command not in scene.controller.legal():
            return None  # another seat's move has changed the choices
        return self.hint

    def card(self) -> LogCard | None:
        """The card over the top of the log: the hint's reason, while a hint is shown."""
        hint = self.shown()
        return None if hint is None else LogCard(_("Hint"), hint.text)

    # The key, the button, the glow ------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_h
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        ):
            self.ask()
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.offered
            and hint_button(self.scene.layout).collidepoint(event.pos)
        ):
            self.ask()
            return True
        return False

    def draw_on_board(self, surface: pygame.Surface, table: TableContext) -> None:
        """The hint shown now, on the board (the game draws it)."""
        hint = self.shown()
        if hint is not None:
            self.scene.screen.draw_hint(surface, hint.command, table, self.scene.hint_pulse())

    def draw_on_strip(self, surface: pygame.Surface) -> None:
        """The hint shown now, on the action strip: its button ringed."""
        hint = self.shown()
        if hint is not None:
            self.scene.strip.ring(surface, hint.command, self.scene.hint_pulse())

    def draw_button(self, surface: pygame.Surface) -> None:
        """The hint button in the log's toolbar, while hints are on; lit while the human at
        the screen decides (while the board moves too: it finishes first)."""
        if not self.offered:
            return
        button = hint_button(self.scene.layout)
        can_hint = self.scene.controller.deciding()
        draw_hint_button(surface, button, can_hint, button.collidepoint(self.scene.mouse))

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        button = hint_button(self.scene.layout)
        if self.offered and button.collidepoint(self.scene.mouse):
            return self.words(), button
        return None

    @staticmethod
    def words() -> str:
        """What the hint button does (its tooltip, and what the keyboard focus on it says)."""
        return _("Hint: the move a Normal bot would make here, and why (H)")


def draw_hint_button(
    surface: pygame.Surface, rect: pygame.Rect, enabled: bool, hovered: bool
) -> None:
    """The hint button, shaped like the undo and redo buttons: a question mark, dim when no
    hint can be asked for now."""
    fill = theme.MUTED if hovered and enabled else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=rect.width // 3)
    ink = theme.GLOW if enabled else theme.MUTED
    edge = theme.SILVER if enabled else theme.MUTED
    pygame.draw.rect(
        surface, edge, rect, width=max(1, rect.width // 14), border_radius=rect.width // 3
    )
    theme.blit_text(
        surface, "?", theme.BOLD_FONT, max(8, round(rect.height * 0.7)), ink, "center", rect.center
    )
