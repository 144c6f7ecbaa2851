"""The replay viewer: a finished game watched on its own table, command by command, with the
board's own animations. Step forward and back, play at a chosen speed, jump to the start or the
end (or anywhere, by clicking the progress bar), and see it as a spectator or as any seat once
the game is over (it is: only finished games are archived).

The table is only watched: its input offers no commands (`ReplayInput`), its action strip
holds the replay's controls (`ReplayControls`), and it has neither undo nor hints. Every step
of the rules (a command applied, a jump replayed from the start) runs on the app's rules
thread, so even a final scoring never holds up a frame; a control used meanwhile acts once
it is back. Every control acts at once while the board moves: Next finishes the command being
shown first, the others need not wait for it.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.i18n import _, current_language, format_number, pgettext
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import go_back
from moonlight_desktop.ui.table.action_strip import ActionStrip
from moonlight_desktop.ui.table.controller import Played, replay_log
from moonlight_desktop.ui.table.game_ui import GameUI, TableContext
from moonlight_desktop.ui.table.header import Header
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.table_input import WatchedInput
from moonlight_desktop.ui.widgets import LABEL_PX, Button

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_PAUSE = 0.5
"""Seconds between two commands while playing, at speed 1 (after the first one's animation)."""


class _Leave:
    """The table's router while watching: Esc or the menu button leaves the replay."""

    def __init__(self, app: App) -> None:
        self.app = app

    def pause(self, table: TableScene) -> None:
        go_back(self.app)

    def hand_off(self, table: TableScene, seat: int, on_ready: Callable[[], None]) -> None:
        on_ready()  # never asked: nobody plays a replay

    def game_over(self, table: TableScene, standings: Any) -> None:
        pass  # the end of a replay is its last command, shown on the board


class ReplayScene(TableScene):
    def __init__(self, app: App, ui: GameUI[Any], finished: Match[Any]) -> None:
        """`finished`: the whole game (never changed here). RecordError or OptionsError when
        the game's screen cannot show it."""
        self.finished = finished
        self.total = len(finished.record.moves)
        self.position = 0
        """Commands shown so far (the board is the game after this many)."""
        self.viewer: int | None = None
        """Whose view the board shows (None: a spectator's)."""
        self.playing = False
        self.speed = 1.0
        self._until_next = 0.0
        self._pending: Future[Callable[[], None]] | None = None
        """Rules work on its way back; what to do with it once back."""
        self._waiting: list[Callable[[], None]] = []
        """Controls used while rules work was on its way back, in order: they act once it is."""
        super().__init__(
            app,
            ui,
            finished.replayed(0),
            {},
            _Leave(app),
            lambda m: None,
            table_input=lambda _scene: ReplayInput(self),
            undo=None,
            hints=None,
            strip=lambda _scene: ReplayControls(self),
        )

    # The viewer's moves ------------------------------------------------------------------------

    def _later(self, control: Callable[[], None]) -> bool:
        """True, keeping `control` to act once it is back, while rules work is on its way (a
        control reads the position that work brings)."""
        if self._pending is None:
            return False
        self._waiting.append(control)
        return True

    def step_forward(self) -> None:
        """The next command, once the one being shown has finished (at once)."""
        if self._later(self.step_forward) or self.position >= self.total:
            return
        self.presenter.skip()
        move = self.finished.record.moves[self.position]
        match, viewer = self.match, self.viewer

        def apply() -> Callable[[], None]:  # on the rules' thread
            events = match.submit(move.seat, move.command)
            seen = tuple(event.seen_by(viewer) for event in events)
            played = Played(move.seat, move.command, seen, viewer, match.view(viewer))
            return partial(self._show_step, played)

        self._pending = self.app.run_rules(apply)

    def _show_step(self, played: Played) -> None:
        self.presenter.present(played)
        self.position += 1
        if self.position >= self.total:
            self.playing = False

    def jump(self, position: int, viewer: int | None = None, keep_viewer: bool = True) -> None:
        """Shows the game after `position` commands at once (no animation)."""
        if self._later(partial(self.jump, position, viewer, keep_viewer)):
            return
        position = max(0, min(self.total, position))
        seen_by = self.viewer if keep_viewer else viewer
        finished = self.finished

        def rebuild() -> Callable[[], None]:  # on the rules' thread
            match = finished.replayed(position)
            history = replay_log(match, seen_by)
            return partial(self._show_jump, match, position, seen_by, history)

        self._pending = self.app.run_rules(rebuild)

    def _show_jump(
        self, match: Match[Any], position: int, viewer: int | None, history: list[Played]
    ) -> None:
        self.viewer, self.position = viewer, position
        self.sit(match, {}, viewer, history)  # no bots: nobody thinks in a replay
        if position >= self.total:
            self.playing = False

    def step_back(self) -> None:
        if self._later(self.step_back):
            return
        self.playing = False
        self.jump(self.position - 1)

    def toggle_play(self) -> None:
        if self.position >= self.total:
            self.jump(0)  # played to the end: Play starts again
        self.playing = not self.playing
        self._until_next = 0.0

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    def next_viewer(self) -> None:
        """Everyone (a spectator), then each seat in turn: the game is over, nothing is secret."""
        if self._later(self.next_viewer):
            return
        seats = len(self.finished.seats)
        following = 0 if self.viewer is None else self.viewer + 1
        self.jump(self.position, None if following >= seats else following, keep_viewer=False)

    @property
    def busy(self) -> bool:
        """Rules work is on its way back, or the board is animating."""
        return self._pending is not None or self.presenter.busy

    # Scene life --------------------------------------------------------------------------------

    def animation_speed(self) -> float:
        return self.speed

    def header(self, table: TableContext) -> Header:
        """The game's own title (whose turn it was), and what just happened instead of a
        prompt: nobody is asked anything in a replay."""
        header = super().header(table)
        log = self.presenter.log
        said = log[-1].text if log and self.position else _("The game begins.")
        return Header(header.seat, header.title, said)

    def next_frame_in(self) -> float | None:
        """Every frame while the replay plays or rules work is back to show."""
        back = self._pending is not None and self._pending.done()
        if self.app.stack.top is self and (self.playing or back):
            return 0.0
        return super().next_frame_in()

    def update(self, dt: float) -> None:
        pending = self._pending
        if pending is not None and pending.done():
            self._pending = None
            pending.result()()
            waiting, self._waiting = self._waiting, []
            for control in waiting:  # each may send work of its own: the rest wait for that
                control()
        super().update(dt)
        if self.playing and not self.busy:
            self._until_next -= dt
            if self._until_next <= 0:
                self._until_next = STEP_PAUSE / self.speed
                self.step_forward()

    # Drawing -----------------------------------------------------------------------------------

    under_board = 44.0
    """Under the board: the progress bar and its words, over none of the board's."""

    def progress_bar(self) -> pygame.Rect:
        board, layout = self.layout.board, self.layout
        return pygame.Rect(
            board.left + layout.px(24),
            board.bottom + layout.px(32),
            board.width - layout.px(48),
            layout.px(6),
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        layout, bar = self.layout, self.progress_bar()
        backing = bar.inflate(layout.px(24), layout.px(12))
        backing.top -= layout.px(22)
        backing.height += layout.px(22)
        theme.panel(surface, backing, alpha=225, radius=layout.px(10))
        pygame.draw.rect(surface, theme.PANEL_BORDER, bar, border_radius=bar.height // 2)
        done = bar.copy()
        done.width = round(bar.width * self.position / max(1, self.total))
        if done.width:
            pygame.draw.rect(surface, theme.GOLD, done, border_radius=bar.height // 2)
        label = _("Replay · command {position} of {total}").format(
            position=format_number(self.position), total=format_number(self.total)
        )
        theme.blit_text(
            surface,
            label,
            theme.BODY_FONT,
            layout.px(14),
            theme.SILVER,
            "bottomleft",
            (bar.left, bar.top - layout.px(4)),
        )


class ReplayControls(ActionStrip):
    """The replay's controls on the action strip: back, play or pause, next; start, end, the
    speed and whose view the board shows."""

    def __init__(self, replay: ReplayScene) -> None:
        super().__init__(replay)
        self.replay = replay

    def refresh(self, table: TableContext) -> None:
        replay = self.replay
        key = (
            replay.layout.size,
            replay.playing,
            replay.speed,
            replay.viewer,
            replay.position,
            current_language(),  # the labels are words: a new language, new buttons
        )
        if key == self._laid_for:
            return
        self._laid_for = key
        area, layout = replay.layout.actions, replay.layout
        gap = layout.px(8)
        height = (area.height - gap) // 2
        Control = tuple[str, Callable[[], None], bool, bool]  # label, act, enabled, primary
        first: list[Control] = [
            (_("« Back"), replay.step_back, replay.position > 0, False),
            (
                _("Pause") if replay.playing else pgettext("play a replay", "Play"),
                replay.toggle_play,
                True,
                True,
            ),
            (_("Next »"), replay.step_forward, replay.position < replay.total, False),
        ]
        seen_by = (
            _("Seen by: Everyone")
            if replay.viewer is None
            else _("Seen by: {name}").format(name=replay.names[replay.viewer])
        )
        speed = _("{speed}x").format(speed=format_number(replay.speed))
        start: Control = (
            pgettext("the first command", "Start"),
            partial(replay.jump, 0),
            replay.position > 0,
            False,
        )
        end: Control = (
            pgettext("the last command", "End"),
            partial(replay.jump, replay.total),
            replay.position < replay.total,
            False,
        )
        pace: Control = (speed, replay.next_speed, True, False)
        seen: Control = (seen_by, replay.next_viewer, True, False)
        rows: list[tuple[list[Control], tuple[int, ...]]] = [
            (first, (1, 1, 1)),
            ([start, end, pace, seen], (2, 2, 2, 4)),  # "Seen by" takes a name
        ]
        trial = Button(label=seen_by)
        trial.place(pygame.Rect(0, 0, (area.width - 3 * gap) * 4 // 10, height), layout.scale * 0.8)
        if len(trial.label_lines(trial.px(LABEL_PX))[0]) > 1:
            # Too long a name or language for one line there: "Seen by" takes a row of its
            # own, lower rows each.
            rows = [(first, (1, 1, 1)), ([start, end, pace], (1, 1, 1)), ([seen], (1,))]
            height = (area.height - 2 * gap) // 3
        self.buttons = []
        for row, (buttons, weights) in enumerate(rows):
            top = area.top + row * (height + gap)
            room = area.width - gap * (len(buttons) - 1)
            left = area.left
            for (label, act, enabled, primary), weight in zip(buttons, weights, strict=True):
                width = room * weight // sum(weights)
                button = Button(label=label, primary=primary, on_click=act)
                button.enabled = enabled
                button.place(pygame.Rect(left, top, width, height), layout.scale * 0.8)
                self.buttons.append(button)
                left += width + gap


class ReplayInput(WatchedInput):
    """Input at a replay: its keys (→ ←, Home, End, Space) and a click on the progress bar
    first, then the table's (Esc, the controls, a click hurrying an animation)."""

    def __init__(self, replay: ReplayScene) -> None:
        super().__init__(replay)
        self.replay = replay

    def handle_event(self, event: pygame.event.Event, table: TableContext) -> bool:
        replay = self.replay
        keys: dict[int, Callable[[], None]] = {
            pygame.K_RIGHT: replay.step_forward,
            pygame.K_LEFT: replay.step_back,
            pygame.K_HOME: partial(replay.jump, 0),
            pygame.K_END: partial(replay.jump, replay.total),
            pygame.K_SPACE: replay.toggle_play,
        }
        if event.type == pygame.KEYDOWN and event.key in keys:
            keys[event.key]()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = replay.progress_bar()
            if bar.inflate(0, replay.layout.px(12)).collidepoint(event.pos) and replay.total:
                share = (event.pos[0] - bar.left) / max(1, bar.width)
                replay.playing = False
                replay.jump(round(share * replay.total))
                return True
        return super().handle_event(event, table)
