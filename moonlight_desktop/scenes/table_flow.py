"""How the scenes open a table game and route what its table asks: the pause menu with the
game's rules, hand-offs between players, game over with the game's standings, a rematch, and
continuing a saved game."""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import game_spec, make_bot
from moonlight_desktop.i18n import N_, _
from moonlight_desktop.locks import Claim
from moonlight_desktop.saves import save_match, saved_notes
from moonlight_desktop.table_notes import TableNotes, hints_in_setup
from moonlight_desktop.ui.menu import ConfirmScene, SeatLook, go_home
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.game_ui import GameUI, Standings
from moonlight_desktop.ui.table.lesson import LessonScene
from moonlight_desktop.ui.table.lesson_script import LEARNER
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.setup import is_name
from moonlight_desktop.userdata import OPEN_ELSEWHERE

from .handoff import HandoffScene
from .pause import PauseScene
from .rules_reader import RulesScene
from .table_over import TableOverScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

log = logging.getLogger(__name__)

DEFAULT_LEARNER = N_("Player 1")
"""The learner's name when no setup names them (translated where it is given)."""


def open_table(
    app: App, ui: GameUI[Any], match: Match[Any], notes: TableNotes | None = None
) -> TableScene:
    """The table for `match` (RecordError or OptionsError when it cannot be shown). `notes`:
    the table's hints option and counts; when not given, a new game takes the hints option
    from the setup just remembered, a resumed one its notes saved beside it."""
    bots = {
        seat: make_bot(ui.game_id, spec.level or "normal", match.record.seed * 31 + seat)
        for seat, spec in enumerate(match.seats)
        if spec.player == "bot"
    }
    if notes is None:
        if match.record.moves:
            notes = saved_notes(app.user_data, match)
        else:
            hints = hints_in_setup(app.user_data.load_setup(ui.game_id))
            notes = TableNotes(hints=hints, seed=match.record.seed)
    kept = notes

    def autosave(match: Match[Any]) -> None:
        save_match(app.user_data, match, kept, app.settings.archive_limit, app.run_rules)

    return TableScene(app, ui, match, bots, SceneRouter(app, ui), autosave, notes)


def open_own_table(
    app: App, ui: GameUI[Any], match: Match[Any], notes: TableNotes | None = None
) -> TableScene | None:
    """`open_table` for a game this copy of the app is to play and save: its claim is taken
    first and held by the table; None, and the player told why, while another copy of the
    app has a game of this kind open (a new game here would overwrite its save)."""
    claim = claim_game(app, ui)
    if claim is None:
        return None
    try:
        table = open_table(app, ui, match, notes)
    except BaseException:
        claim.release()
        raise
    table.claim = claim
    return table


def claim_game(app: App, ui: GameUI[Any]) -> Claim | None:
    """The claim on `ui`'s game in progress for this copy of the app; None, said to the
    player, while another copy has it open."""
    claim = app.user_data.claim_game(ui.game_id)
    if claim is None:
        app.say(open_elsewhere(ui))
    return claim


def open_elsewhere(ui: GameUI[Any]) -> str:
    return _(OPEN_ELSEWHERE).format(title=ui.title)


def rules_reader(app: App, ui: GameUI[Any]) -> Scene:
    return RulesScene(app, ui.rules)


def seat_look(ui: GameUI[Any], look: str) -> SeatLook:
    """A seat's look as the menus draw it (e.g. on the hand-off screen)."""
    return SeatLook(
        ui.look_color(look),
        lambda surface, centre, size: ui.draw_look(surface, look, centre, size),
    )


class SceneRouter:
    """What a table asks of the scenes layer."""

    def __init__(self, app: App, ui: GameUI[Any]) -> None:
        self.app = app
        self.ui = ui

    def pause(self, table: TableScene) -> None:
        self.app.stack.push(self._pause_menu())

    def _pause_menu(self) -> PauseScene:
        return PauseScene(self.app, partial(rules_reader, self.app, self.ui))

    def hand_off(self, table: TableScene, seat: int, on_ready: Callable[[], None]) -> None:
        spec = table.match.seats[seat]
        look = seat_look(self.ui, spec.look or "")
        self.app.stack.push(HandoffScene(self.app, spec.name, look, on_ready, self._pause_menu))

    def game_over(self, table: TableScene, standings: Standings) -> None:
        def strip() -> pygame.Rect:  # read at layout time: the window may have been resized
            return table.layout.actions

        again = partial(self.play_again, table.match, table.notes.hints)
        self.app.stack.push(TableOverScene(self.app, self.ui, table.match, standings, again, strip))

    def play_again(self, match: Match[Any], hints: bool = True) -> None:
        """A new game with the same players and options (a new seed), from the gallery;
        hints as they were at this table."""
        seed = random.SystemRandom().randrange(10**12)
        rematch = Match.new(match.rules, match.seats, seed, match.record.options)
        go_home(self.app)
        table = open_own_table(self.app, self.ui, rematch, TableNotes(hints=hints, seed=seed))
        if table is not None:
            self.app.stack.push(table)


def open_lesson(app: App, ui: GameUI[Any], setup: Callable[[App], Scene]) -> LessonScene:
    """The game's guided first game, from its start. `setup` opens the game's setup, for a
    fresh game at the lesson's end."""
    lesson = ui.lesson
    seats = list(lesson.seats)
    learner = learner_name(app.user_data.load_setup(ui.game_id), ui.setup.name_length)
    seats[LEARNER] = dataclasses.replace(seats[LEARNER], name=learner)
    match = Match.new(game_spec(ui.game_id).rules, seats, lesson.seed, lesson.options, lesson.setup)
    return LessonScene(app, ui, lesson, match, LessonSceneRouter(app, ui, setup))


def learner_name(remembered: Any, limit: int) -> str:
    """The name the player last gave the first human seat at this game's setup (the log
    names the learner like any player: "Ada bids an 8"), else the setup's first name."""
    seats = remembered.get("seats") if isinstance(remembered, dict) else None
    for seat in seats if isinstance(seats, list) else []:
        if isinstance(seat, dict) and seat.get("kind") == "human":
            name = seat.get("name")
            return name if is_name(name, limit) else _(DEFAULT_LEARNER)
    return _(DEFAULT_LEARNER)


class LessonSceneRouter(SceneRouter):
    """What a lesson asks of the scenes layer: its pause menu leaves without saving, its game
    is never archived, and at its end the learner plays on, starts afresh or leaves."""

    def __init__(self, app: App, ui: GameUI[Any], setup: Callable[[App], Scene]) -> None:
        super().__init__(app, ui)
        self._setup = setup

    def _pause_menu(self) -> PauseScene:
        return PauseScene(self.app, partial(rules_reader, self.app, self.ui), lesson=True)

    def play_on(self, lesson: LessonScene) -> None:
        """The lesson's match goes on as a game of the learner's own: saved, with the bots
        at their recorded levels, continued from the gallery like any other. A game of this
        kind already in progress would be replaced: asked first."""

        def go_on() -> None:
            table = open_own_table(self.app, self.ui, lesson.match)
            if table is not None:
                self.app.stack.replace(table)

        if self.app.user_data.open_elsewhere(self.ui.game_id):
            self.app.say(open_elsewhere(self.ui))
            return
        if not self.app.user_data.has_game(self.ui.game_id):
            go_on()
            return
        self.app.stack.push(
            ConfirmScene(
                self.app,
                _("Play on from here?"),
                _(
                    "A game of {title} is in progress.\nPlay on from the lesson, and it is lost."
                ).format(title=self.ui.title),
                proceed=(_("Play on"), _("Play on from the lesson: the game in progress is lost")),
                keep=(
                    _("Keep it"),
                    _("Back to the lesson: the game in progress waits in the gallery"),
                ),
                on_proceed=go_on,
            )
        )

    def start_afresh(self, lesson: LessonScene) -> None:
        self.app.stack.replace(self._setup(self.app))

    def leave(self, lesson: LessonScene) -> None:
        go_home(self.app)
