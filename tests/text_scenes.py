"""Every screen of the app in a state that shows the most text: each game's setup, table
mid-game, lesson, game over and replay, the past games and statistics with entries, and the
scenes around them, with the longest names a player can type (tests/test_text_layout.py
measures what they draw)."""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pygame

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES, game_spec, make_bot
from moonlight_desktop.games.samarkand.state import Phase as SamarkandPhase
from moonlight_desktop.games.samarkand.ui.setup import SEALED
from moonlight_desktop.licences import NOTICES
from moonlight_desktop.saves import save_match
from moonlight_desktop.scenes.about import AboutScene, LicenceScene
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.handoff import HandoffScene
from moonlight_desktop.scenes.past_games import PastGamesScene, archive_of
from moonlight_desktop.scenes.pause import PauseScene
from moonlight_desktop.scenes.replay import ReplayScene
from moonlight_desktop.scenes.settings import SettingsScene
from moonlight_desktop.scenes.statistics import StatisticsScene
from moonlight_desktop.scenes.table_flow import (
    LessonSceneRouter,
    open_table,
    rules_reader,
    seat_look,
)
from moonlight_desktop.scenes.table_over import TableOverScene
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.statistics import statistics
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import ConfirmScene, MenuScene
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.game_ui import GameUI
from moonlight_desktop.ui.table.lesson import LessonScene
from moonlight_desktop.ui.table.lesson_script import LEARNER, Do, Lesson, Note, play_to
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.widgets import Button

LONG_NAMES = (
    "Wilhelmina Wolkowa",
    "Maximiliano Mwanga",
    "Gwendolyn Montwill",
    "Bartholomew Wimmer",
    "Wojciech Mwembe 12",
    "Annemarie Woodmann",
)
"""Names as long as a name may be (18 characters), of wide letters."""

Shown = tuple[str, Callable[[], list[Scene]]]
"""A screen's name and how to make its scenes, bottom first (a dialog over a table): made only
when it is shown, one screen at a time."""


MENUS = "menus"
GROUPS = (*TABLE_GAMES, MENUS)
"""The screens in groups: each game's, and the scenes around the games."""


def every_scene(app: App, group: str | None = None) -> Iterator[Shown]:
    """Each game's screens, then the scenes around the games (the gallery with games in
    progress, past games and statistics with the games played); only `group`'s when given."""
    for game_id, ui in TABLE_GAMES.items():
        screens = game_scenes(app, game_id, ui)
        if group in (None, game_id):
            yield from screens
        elif group == MENUS:
            collections.deque(screens, maxlen=0)  # its finished game goes to the archive
    if group in (None, MENUS):
        yield from menu_scenes(app)


def long_named_seats(ui: GameUI, seats: int) -> list[SeatSpec]:
    """The first seat a human's, the others bots', every one with a long name."""
    return [
        SeatSpec(LONG_NAMES[n], "human" if n == 0 else "bot", None if n == 0 else "easy", look)
        for n, look in enumerate(ui.setup.looks[:seats])
    ]


def played(match: Match[Any], enough: Callable[[Match[Any]], bool]) -> Match[Any]:
    """`match` played on by Easy bots at every seat until `enough` (or its end)."""
    game_id = match.rules.game_id
    bots = {seat: make_bot(game_id, "easy", seat) for seat in range(len(match.seats))}
    while not match.is_over() and not enough(match):
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal(seat), 0))
    return match


def mid_game(match: Match[Any]) -> bool:
    """A dozen commands in, and the human at seat 0 asked: the log has a story to tell."""
    return len(match.record.moves) >= 12 and 0 in match.to_act()


def ordering(match: Match[Any]) -> bool:
    """Samarkand's sealed stop prices asked of the human at seat 0."""
    return 0 in match.to_act() and match.view(0).phase == SamarkandPhase.ORDERS


def game_scenes(app: App, game_id: str, ui: GameUI) -> Iterator[Shown]:
    rules = game_spec(game_id).rules
    seats = ui.setup.max_seats
    reader = partial(rules_reader, app, ui)
    yield f"{game_id} setup", lambda: [long_named_setup(app, ui)]
    yield f"{game_id} setup, Start hovered", partial(hovering_start, app, ui)
    yield f"{game_id} rules", lambda: [reader()]
    started = partial(Match.new, rules, long_named_seats(ui, seats), 3)
    yield f"{game_id} table", lambda: [open_table(app, ui, played(started(), mid_game))]
    if game_id == "samarkand":  # the sheet of stop prices, set in private
        sealed = partial(Match.new, rules, long_named_seats(ui, seats), 3, {"mode": SEALED})
        yield "samarkand sealed orders", lambda: [open_table(app, ui, played(sealed(), ordering))]
    yield (
        f"{game_id} table with a hint",
        lambda: [hinted(open_table(app, ui, played(started(), mid_game)))],
    )
    yield (
        f"{game_id} pause",
        lambda: [open_table(app, ui, played(started(), mid_game)), PauseScene(app, reader)],
    )
    finished = played(Match.new(rules, long_named_seats(ui, seats), 4), lambda _match: False)
    for view in ("points", "chart"):
        yield f"{game_id} game over ({view})", partial(game_over, app, ui, finished, view)
    yield f"{game_id} replay", lambda: [replay_halfway(app, ui, finished)]
    archive_of(app).add(finished, limit=50)
    yield (
        f"{game_id} hand-off",
        lambda: [
            HandoffScene(
                app,
                LONG_NAMES[1],
                seat_look(ui, ui.setup.looks[1]),
                lambda: None,
                lambda: PauseScene(app, reader),
            )
        ],
    )
    for index in lesson_stops(ui.lesson):
        yield f"{game_id} lesson step {index + 1}", partial(lesson_at, app, ui, index)
    yield f"{game_id} lesson, asked to play on", partial(asked_to_play_on, app, ui)


def game_over(app: App, ui: GameUI, finished: Match[Any], view: str) -> list[Scene]:
    """The finished table under its results, showing the points or the chart."""
    over = TableOverScene(app, ui, finished, ui.standings(finished), lambda: None)
    over.show_view(view)
    return [open_table(app, ui, finished), over]


def long_named_setup(app: App, ui: GameUI) -> Scene:
    """The game's setup with every seat there may be, each with a long name."""
    reader = partial(rules_reader, app, ui)
    scene = TableSetupScene(app, ui, lambda _match: None, reader, learn=lambda: None)
    setup = scene.setup
    while setup.can_add_seat():
        setup.add_seat()
    for index in range(len(setup.seats)):
        setup.set_name(index, LONG_NAMES[index])
    return scene


def hovering_start(app: App, ui: GameUI) -> list[Scene]:
    """The setup with the mouse over Start: the line under the panels says what it does."""
    scene = long_named_setup(app, ui)
    assert isinstance(scene, MenuScene)
    scene.on_enter()  # laid out, to find the button
    start: Button = getattr(scene, "start_button")  # noqa: B009  # each setup has one
    motion = {"pos": start.rect.center, "rel": (0, 0), "buttons": (0, 0, 0)}
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, motion))
    return [scene]


def hinted(table: TableScene) -> TableScene:
    """`table` with a hint asked for (it is worked out on a worker)."""
    table.hints.ask()
    return table


def replay_halfway(app: App, ui: GameUI, finished: Match[Any]) -> ReplayScene:
    scene = ReplayScene(app, ui, finished)
    scene.jump(len(finished.record.moves) // 2)
    return scene


def lesson_stops(lesson: Lesson) -> list[int]:
    """The lesson's first step, every note that points at parts of the board, the first move
    the learner is asked to make and the end."""
    steps = lesson.steps
    pointing = [n for n, step in enumerate(steps) if isinstance(step, Note) and step.point_at]
    first_move = next(n for n, step in enumerate(steps) if isinstance(step, Do))
    return sorted({0, first_move, *pointing, len(steps)})


def lesson_at(app: App, ui: GameUI, index: int) -> list[Scene]:
    """The lesson at step `index`, as the learner finds it, with a long learner's name (given
    once the lesson has named its seats in the language: a name, not a word to translate)."""
    lesson = ui.lesson
    rules = game_spec(ui.game_id).rules
    match = play_to(lesson, rules, index - 1) if index else lesson.new_match(rules)
    seats = list(match.record.seats)
    seats[LEARNER] = dataclasses.replace(seats[LEARNER], name=LONG_NAMES[0])
    match.record = dataclasses.replace(match.record, seats=tuple(seats))  # test-only
    router = LessonSceneRouter(app, ui, lambda _app: TitleScene(app))
    scene = LessonScene(app, ui, lesson, match, router)
    scene.read = index
    return [scene]


def asked_to_play_on(app: App, ui: GameUI) -> list[Scene]:
    """The lesson's end, with the question before its game replaces the one in progress."""
    in_progress = Match.new(game_spec(ui.game_id).rules, long_named_seats(ui, 3), 5)
    save_match(app.user_data, played(in_progress, mid_game))
    (lesson,) = lesson_at(app, ui, len(ui.lesson.steps))
    assert isinstance(lesson, LessonScene)
    app.stack.reset(lesson)
    lesson.lesson_router.play_on(lesson)
    assert isinstance(app.stack.top, ConfirmScene)
    return list(app.stack.scenes)


def menu_scenes(app: App) -> Iterator[Shown]:
    yield "title", lambda: [TitleScene(app)]
    yield "gallery", lambda: [GalleryScene(app)]
    yield "past games", lambda: [PastGamesScene(app)]
    yield "statistics", lambda: [StatisticsScene(app, statistics(archive_of(app).games()))]
    yield "settings", lambda: [SettingsScene(app)]
    yield "about", lambda: [AboutScene(app)]
    yield "licence", lambda: [LicenceScene(app, NOTICES[0])]
