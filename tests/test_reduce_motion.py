"""Reduce motion (GAG "avoid unnecessary motion", XAG 117): nothing flies, slides or falls.
Each move is shown where it ends as it starts and fades in there within FADE_SECONDS (the
presenters' timeline, for every game at once); ambient motion (twinkle, pulses) stands
still; menus fade in within FADE_SECONDS and never slide."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.statistics import StatisticsScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.scenes.title import TitleScene
from moonlight_desktop.ui import tween
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.scene import TableScene

FRAME = 1 / 30
ROUNDS = 2
"""Rounds of the bots' play watched at each table."""


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """The progress every moving step of any timeline is shown at."""
    progress: list[float] = []
    show = tween.Step.show

    def recorded(step: tween.Step, at: float) -> None:
        if step.moves:
            progress.append(at)
        show(step, at)

    monkeypatch.setattr(tween.Step, "show", recorded)
    yield progress


def bots_playing(app: App, game_id: str) -> TableScene:
    ui = TABLE_GAMES[game_id]
    seats = [
        SeatSpec(f"Bot {n + 1}", "bot", "easy", look) for n, look in enumerate(ui.setup.looks[:3])
    ]
    table = open_table(app, ui, Match.new(game_spec(game_id).rules, seats, 7))
    app.stack.push(table)
    return table


def watch(app: App, table: TableScene, fades: list[float]) -> None:
    """Frames drawn until the bots have played ROUNDS rounds and everything has been shown;
    at every frame no flight stands between where it left and where it goes, and `fades`
    gets how long the move fade has left."""
    commands = ROUNDS * len(table.controller.match.seats)
    for _ in range(3000):
        table.controller.settle(timeout=5)
        for job in list(table.controller._thinking.values()):
            job.future.result(timeout=10)
        app.stack.update(FRAME)
        app.stack.draw(app.window)
        for flight in table.presenter.flights:
            progress = getattr(flight, "progress", 1.0)
            assert progress == 1.0, f"{flight} drawn part-way"
        fades.append(table.move_fade._left)
        done = len(table.controller.match.record.moves) >= commands
        if done and not table.presenter.busy:
            return
    raise AssertionError("the bots did not play on")


@pytest.mark.parametrize("game_id", list(TABLE_GAMES))
def test_with_reduced_motion_no_piece_is_drawn_on_its_way(
    app: App, shown: list[float], game_id: str
) -> None:
    app.settings.animation_speed = 1.0
    app.settings.reduce_motion = True
    table = bots_playing(app, game_id)
    fades: list[float] = []
    watch(app, table, fades)
    assert shown, "nothing moved"
    assert set(shown) == {1.0}  # every move shown at its end, never on its way
    assert table.presenter.timeline.snaps > 0
    assert 0 < max(fades) <= tween.FADE_SECONDS  # and faded in there, briefly


def test_without_it_pieces_fly(app: App, shown: list[float]) -> None:
    """The same watch sees pieces on their way when motion is not reduced (the check above
    can fail)."""
    app.settings.animation_speed = 1.0
    table = bots_playing(app, "castle")
    with pytest.raises(AssertionError, match="drawn part-way"):
        watch(app, table, [])
    assert any(0 < at < 1 for at in shown)


def test_a_move_fades_in_where_it_goes(app: App) -> None:
    """The frame before a move shows through the next one, less and less, then not at all."""
    app.settings.animation_speed = 1.0
    app.settings.reduce_motion = True
    table = bots_playing(app, "market")
    before = pygame.Surface(app.size)
    before.fill((255, 0, 0))
    table.move_fade._last = before
    table.presenter.timeline.snaps += 1  # a move was just shown at its end
    table.move_fade.follow(table.presenter.timeline, 0.0)
    reds = []
    for _ in range(8):
        table.draw(app.window)
        reds.append(app.window.get_at((5, 5)).r)
        table.move_fade.follow(table.presenter.timeline, 0.05)
    assert reds[0] > 200 and reds == sorted(reds, reverse=True) and reds[-1] < 60


def test_ambient_motion_and_menus_hold_still(app: App) -> None:
    """No twinkle, no pulse: the ambient clocks do not move; a menu fades in within
    FADE_SECONDS at any animation speed."""
    app.settings.reduce_motion = True
    app.settings.animation_speed = 0.5
    title = TitleScene(app)
    app.stack.push(title)
    app.ambient.stir()
    assert app.ambient.pace(1.0) == 0 and not app.ambient.running
    frames = 0
    while title.appear < 1:
        app.stack.update(FRAME)
        frames += 1
    assert frames * FRAME <= tween.FADE_SECONDS + FRAME
    assert title.time == 0
    assert app.settings.motion_speed == 0  # scrolls and glides are there at once


def test_the_gallerys_cards_and_the_statistics_pages_do_not_glide(app: App) -> None:
    """A card lit by the mouse is up at once, a statistics page is in place at once."""
    app.settings.reduce_motion = True
    app.settings.animation_speed = 1.0
    gallery = GalleryScene(app)
    app.stack.push(gallery)
    app.stack.update(FRAME)
    card = gallery.cards[0]
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0), buttons=()))
    app.stack.update(FRAME)
    assert card.lift == 1 and not gallery.moving()
    statistics = StatisticsScene(app, [])
    app.stack.push(statistics)
    statistics.page_time = 0.0  # a page just turned
    app.stack.update(FRAME)
    assert not statistics.moving()


def test_after_a_hand_off_a_move_never_fades_from_the_screen_before_it(app: App) -> None:
    """The table's last frame before it was hidden (by a hand-off, say) may show another
    seat's hand: a move snapped after it is back fades from nothing."""
    app.settings.reduce_motion = True
    app.settings.animation_speed = 1.0
    table = bots_playing(app, "moons")
    app.stack.update(FRAME)
    app.stack.draw(app.window)  # the table as the seat before saw it
    app.stack.push(Scene(app))  # opaque, as a hand-off is: the table is not drawn under it
    app.stack.pop()
    timeline = table.presenter.timeline
    timeline.snaps += 1  # a move shown at its end the moment the table is back
    table.move_fade.follow(timeline, 0.0)
    assert not table.move_fade.fading
