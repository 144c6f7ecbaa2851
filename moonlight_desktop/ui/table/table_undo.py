"""Taking moves back at the table, in one place: Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) and the
undo and redo buttons in the log's toolbar, what those buttons say when hovered, what undo took
back (to put back), and the table set again on the rules' thread. What may be taken back is
the engine's (`engine/undo.py`, asked through the controller's `undo_state`, which follows the
game's events); a lesson has `UndoOff`; a replay has none."""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Bot, GameRecord, Match, Move
from moonlight_desktop.engine.undo import NoUndo, UndoGuard
from moonlight_desktop.i18n import _
from moonlight_desktop.ui import theme

from .controller import MOVE_UNDER_WAY, Played, TableController, replay_log
from .log_panel import undo_buttons

if TYPE_CHECKING:
    from .scene import TableScene

Rebuilt = tuple[Match[Any], list[Played], UndoGuard]
"""A table set again on the rules' thread: the match, its log, its undo guard."""


class TableUndo:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._redo: list[tuple[list[Move], dict[int, Bot]]] = []
        """What undo took back, latest last: the whole record before it, and the bots then."""
        self._rebuilding: Future[Rebuilt] | None = None
        """A table being set again (undo, redo) on the rules' thread, and the bots for it."""
        self._rebuilt_bots: dict[int, Bot] = {}
        self._rebuilt_for: int | None = None
        """The human at the screen who asked for the table being set again: it stays theirs
        (behind a hand-off it would go to whoever decides first, who could then redo)."""

    @property
    def rebuilding(self) -> bool:
        """The table is being set again: nothing plays on it meanwhile."""
        return self._rebuilding is not None

    def rebuilt_ready(self) -> bool:
        """The table set again is back from the rules' thread, to be taken."""
        return self._rebuilding is not None and self._rebuilding.done()

    def forget(self) -> None:
        """Another player is at the screen: what the last one took back is theirs to put back
        (the next player would learn from redo's tooltip that they took a move back)."""
        self._redo.clear()

    def take_back(self) -> None:
        """Ctrl+Z or the undo button: the human at the screen takes back their last command
        (and the bots' replies), when nothing came out since; else says why not."""
        scene = self.scene
        if self.rebuilding or scene.input.after_the_rules(self.take_back):
            return
        controller, match = scene.controller, scene.match
        assert isinstance(controller, TableController), "online, OnlineUndo asks the server"
        state = controller.undo_state()
        if isinstance(state, NoUndo):
            scene.show_message(state.reason)
            return
        self._redo.append((list(match.record.moves), controller.bots_at(len(match.record.moves))))
        guard = controller.undo_guard

        def cut() -> Rebuilt:  # on the rules' thread
            taken_back = guard.undone(match, state)
            return taken_back, replay_log(taken_back, None), guard

        self._rebuild(cut, controller.bots_at(state.keep))

    def redo_state(self) -> str | None:
        """None when the last undo can be put back now; else why not."""
        if not self._redo:
            return _("Nothing to put back")
        moves, _bots = self._redo[-1]
        now = self.scene.match.record.moves
        if moves[: len(now)] != now:
            return _("The game has gone another way since")
        if self.scene.controller.applying:
            return _(MOVE_UNDER_WAY)
        return None

    def put_back(self) -> None:
        """Ctrl+Y (or Ctrl+Shift+Z) or the redo button: the last undo is put back, bots and
        all, as long as the game has not gone another way since."""
        scene = self.scene
        if self.rebuilding or scene.input.after_the_rules(self.put_back):
            return
        why_not = self.redo_state()
        if why_not is not None:
            scene.show_message(why_not)
            return
        moves, bots = self._redo.pop()
        rules, record = scene.match.rules, scene.match.record
        whole = GameRecord(
            record.game, record.options, record.seats, record.seed, record.setup, moves
        )

        def again() -> Rebuilt:  # on the rules' thread
            match: Match[Any] = Match(rules, whole)
            return match, replay_log(match, None), UndoGuard.from_match(match)

        self._rebuild(again, bots)

    def _rebuild(self, work: Callable[[], Rebuilt], bots: dict[int, Bot]) -> None:
        scene = self.scene
        scene.presenter.skip()
        self._rebuilt_bots = bots
        self._rebuilt_for = scene.controller.viewer
        self._rebuilding = scene.app.run_rules(work)

    def finish_rebuilding(self) -> None:
        """Sits the table set again once it is back from the rules' thread."""
        job = self._rebuilding
        if job is None or not job.done():
            return
        self._rebuilding = None
        match, history, guard = job.result()
        scene = self.scene
        scene.sit(match, self._rebuilt_bots, self._rebuilt_for, history, guard)
        scene.controller.bots_wait = True
        scene.controller.save()  # the autosave follows: a resumed game is the undone one

    # The keys and the buttons -----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL:
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if event.key == pygame.K_z and not shift:
                self.take_back()
                return True
            if event.key == pygame.K_y or (event.key == pygame.K_z and shift):
                self.put_back()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            undo, redo = undo_buttons(self.scene.layout)
            if undo.collidepoint(event.pos):
                self.take_back()
                return True
            if redo.collidepoint(event.pos):
                self.put_back()
                return True
        return False

    def can_take_back(self) -> bool:
        return not isinstance(self.scene.controller.undo_state(), NoUndo)

    def can_put_back(self) -> bool:
        return self.redo_state() is None

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """The undo and redo buttons, dim when they cannot be used now."""
        undo, redo = undo_buttons(self.scene.layout)
        mouse = self.scene.mouse
        draw_turn_arrow(surface, undo, -1, self.can_take_back(), undo.collidepoint(mouse))
        draw_turn_arrow(surface, redo, 1, self.can_put_back(), redo.collidepoint(mouse))

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        """What hovering the undo or redo button says: what it does, or why it cannot."""
        undo, redo = undo_buttons(self.scene.layout)
        mouse = self.scene.mouse
        if undo.collidepoint(mouse):
            return self.undo_words(), undo
        if redo.collidepoint(mouse):
            return self.redo_words(), redo
        return None

    def undo_words(self) -> str:
        """What the undo button does now, or why it cannot (its tooltip, and what the keyboard
        focus on it says)."""
        state = self.scene.controller.undo_state()
        return state.reason if isinstance(state, NoUndo) else _("Take back your last move (Ctrl+Z)")

    def redo_words(self) -> str:
        return self.redo_state() or _("Put back what you took back (Ctrl+Y)")


class UndoOff(TableUndo):
    """Undo and redo at a table where taking moves back is off (a lesson): the keys and the
    buttons say why, and the buttons are dim."""

    def __init__(self, scene: TableScene, reason: str) -> None:
        super().__init__(scene)
        self._reason = reason
        """Marked (`N_`), translated when said: the language may change meanwhile."""

    @property
    def reason(self) -> str:
        return _(self._reason)

    def take_back(self) -> None:
        self.scene.show_message(self.reason)

    def put_back(self) -> None:
        self.scene.show_message(self.reason)

    def can_take_back(self) -> bool:
        return False

    def can_put_back(self) -> bool:
        return False

    def undo_words(self) -> str:
        return self.reason

    def redo_words(self) -> str:
        return self.reason

    def tooltip(self) -> tuple[str, pygame.Rect] | None:
        undo, redo = undo_buttons(self.scene.layout)
        mouse = self.scene.mouse
        if undo.collidepoint(mouse) or redo.collidepoint(mouse):
            return self.reason, undo.union(redo)
        return None


def draw_turn_arrow(
    surface: pygame.Surface, rect: pygame.Rect, direction: int, enabled: bool, hovered: bool
) -> None:
    """An undo (direction -1) or redo (1) button: a round button with a curved arrow, dim when
    it cannot be used."""
    fill = theme.MUTED if hovered and enabled else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=rect.width // 3)  # round, not a circle
    ink = theme.MOONLIGHT if enabled else theme.MUTED
    edge = theme.SILVER if enabled else theme.MUTED
    pygame.draw.rect(
        surface, edge, rect, width=max(1, rect.width // 14), border_radius=rect.width // 3
    )
    # The upper half of a circle, the arrowhead at its left (undo) or right (redo) end.
    radius = rect.width * 0.27
    centre = (rect.centerx, rect.centery + rect.height * 0.08)
    arc = pygame.Rect(0, 0, round(2 * radius), round(2 * radius))
    arc.center = (round(centre[0]), round(centre[1]))
    pygame.draw.arc(surface, ink, arc, 0.0, math.pi, max(2, rect.width // 11))
    tip_x = centre[0] + direction * radius
    head = max(2.0, rect.width / 8)
    pygame.draw.polygon(
        surface,
        ink,
        [
            (tip_x - head, centre[1] - head * 0.2),
            (tip_x + head, centre[1] - head * 0.2),
            (tip_x, centre[1] + head * 1.1),
        ],
    )
