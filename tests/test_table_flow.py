"""A table game through the real scenes, by clicks: the gallery's card, the setup shell, the
hand-off screen between two humans, the table, game over with the standings, and a saved
game continued from the gallery with its log."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.moons.moves import PlaceInTableau, PlayCard, TakeToken
from moonlight_desktop.games.moons.ui.description import MOONS_UI
from moonlight_desktop.games.moons.ui.screen import MoonsScreen
from moonlight_desktop.games.moons.ui.terms import PLANET_NAMES
from moonlight_desktop.saves import save_match
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.handoff import HandoffScene
from moonlight_desktop.scenes.pause import PauseScene
from moonlight_desktop.scenes.rules_reader import RulesScene
from moonlight_desktop.scenes.table_over import TableOverScene
from moonlight_desktop.scenes.table_setup import TableSetupScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.widgets import Widget
from moonlight_desktop.userdata import UserData


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    application.settings.animation_speed = 0.0  # instant: the flow, not the animation
    yield application
    application.close()


def pause_menu(app: App) -> PauseScene:
    return PauseScene(app, partial(RulesScene, app, MOONS_UI.rules))


def _click_at(app: App, point: tuple[int, int]) -> None:
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=())
    )
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))


def _click(app: App, widget: Widget) -> None:
    _click_at(app, widget.rect.center)


def _frames(app: App, count: int = 2, dt: float = 0.5) -> None:
    for _ in range(count):
        app.stack.update(dt)
        top = app.stack.top
        if isinstance(top, TableScene):
            for job in list(top.controller._thinking.values()):
                job.future.result(timeout=5)  # bots think on threads: let them finish
        app.stack.draw(app.window)


def _decide(app: App, table: TableScene, roll: random.Random) -> None:
    """One decision for the human at the screen, by a click where the screen draws it."""
    screen = table.screen
    assert isinstance(screen, MoonsScreen)
    legal = list(table.controller.legal())
    takes = [c for c in legal if isinstance(c, TakeToken)]
    if takes:
        label = f"Take {PLANET_NAMES[roll.choice(takes).planet]}"
        _click(app, next(b for b in table.buttons if b.label == label))
        return
    cards = [c for c in legal if isinstance(c, PlaceInTableau | PlayCard)]
    rect = screen.card_rect(roll.choice(cards).card, table.table)
    assert rect is not None
    _click_at(app, rect.center)


def test_a_game_of_moons_from_the_gallery_to_game_over_by_clicks(app: App) -> None:
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    _frames(app, 1)
    _click(app, next(card for card in gallery.cards if card.game_id == "moons"))
    setup = app.stack.top
    assert isinstance(setup, TableSetupScene)
    _click(app, setup.rules_button)
    reader = app.stack.top
    assert isinstance(reader, RulesScene) and reader.title == MOONS_UI.rules.title
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is setup
    # Four seats: Player 1 and three bots; make the second seat a human too (its kind cycles
    # "Bot — normal", "Bot — hard", "Human" on clicks on the right half).
    kind = setup.rows[1].kind
    _click_at(app, (kind.rect.right - 4, kind.rect.centery))
    _click_at(app, (kind.rect.right - 4, kind.rect.centery))
    assert [s.kind for s in setup.setup.seats] == ["human", "human", "normal", "normal"]
    _click(app, setup.start_button)
    roll, hand_offs = random.Random(4), 0
    for _ in range(5000):
        top = app.stack.top
        if isinstance(top, TableOverScene):
            break
        if isinstance(top, HandoffScene):
            hand_offs += 1
            _click(app, top.ready_button)
        elif isinstance(top, TableScene) and top.controller.may_act() and not top.presenter.busy:
            _decide(app, top, roll)
        _frames(app, 1)
    over = app.stack.top
    assert isinstance(over, TableOverScene) and over.match.is_over()
    assert hand_offs >= 8  # every human turn after another human's is behind a hand-off
    rows = over.standings.rows
    assert sorted(row.total for row in rows) == sorted(over.match.scores())
    assert {row.seat for row in rows if row.winner} == set(over.match.winners())
    assert not app.user_data.has_game("moons")  # a finished game is no longer offered
    _click(app, over.again_button)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.match.record.seed != over.match.record.seed
    assert [s.name for s in table.match.seats] == [s.name for s in over.match.seats]


def test_a_saved_game_of_moons_is_continued_from_the_gallery_with_its_log(app: App) -> None:
    seats = [SeatSpec("Ana", look="lark"), SeatSpec("Ben", "bot", "easy", "otter")]
    seats += [SeatSpec("Cy", "bot", "easy", "heron")]
    game = Match.new(GAMES["moons"].rules, seats, 21)
    roll = random.Random(1)
    for _ in range(20):
        seat = roll.choice(game.to_act())
        game.submit(seat, roll.choice(list(game.legal(seat))))
    save_match(app.user_data, game)
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    _frames(app, 1)
    assert "moons" in gallery.resumables
    _click(app, gallery.continue_buttons["moons"])
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match.record.moves == game.record.moves
    assert len(table.presenter.log) >= 20  # the whole game so far, not an empty log
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert isinstance(app.stack.top, PauseScene)


def test_the_setup_shell_remembers_the_table(app: App) -> None:
    setup = TableSetupScene(
        app,
        MOONS_UI,
        lambda match: None,
        lambda: pause_menu(app),
    )
    app.stack.push(setup)
    _frames(app, 1)
    setup.setup.set_name(0, "Ana")
    setup.add_seat()
    setup.start()
    again = TableSetupScene(
        app,
        MOONS_UI,
        lambda match: None,
        lambda: pause_menu(app),
    )
    assert again.setup.seats[0].name == "Ana"
    assert len(again.setup.seats) == 5
