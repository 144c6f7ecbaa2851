"""A fifth game is its own package plus one line in the registry. Nim (tests/fifth_game), added
by the fixture below through `game_list.register` and by nothing else, keeps the rules
contract, plays and renders at the table as the smoke test shows it, and has its card in the
gallery."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.engine.arena import run_arena
from moonlight_desktop.game_list import GAMES, TABLE_GAMES, BotsOf, register, unregister
from moonlight_desktop.scenes.catalog import all_scenes_for_smoke_test
from moonlight_desktop.scenes.gallery import GalleryScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.lesson_script import play_to
from moonlight_desktop.ui.table.scene import TableScene
from tests.probes import probe_for
from tests.table_helpers import press, run_frames
from tests.test_rules_contract import (
    check_advance_plays_as_apply,
    check_illegal_commands,
    check_quick_play,
    check_random_play,
)


@pytest.fixture
def nim() -> Iterator[str]:
    """Nim joins the registry for one test: the one line a new game needs."""
    register("nim", "tests.fifth_game")
    yield "nim"
    unregister("nim")


def test_nim_keeps_the_rules_contract(nim: str) -> None:
    rules, probe = GAMES[nim].rules, probe_for(nim)
    for plays, check in (
        (probe.checked(rules), check_random_play),
        (probe.quick(rules), check_quick_play),
        (probe.illegal(rules), check_illegal_commands),
        (probe.advance(rules), check_advance_plays_as_apply),
    ):
        assert plays.tables, check.__name__
        for table in plays.tables:
            check(nim, table, plays.games)


def test_nim_is_a_real_game_its_hard_bot_wins(nim: str) -> None:
    """Hard plays the winning move whenever there is one: against Easy it wins nearly every
    game, seats rotated."""
    spec = GAMES[nim]
    result = run_arena(spec.rules, ["hard", "easy"], 60, 5, BotsOf(nim), {}, spec.stats)
    assert result.tallies["hard"].win_rate >= 0.8


def test_nim_has_its_card_in_the_gallery(nim: str, app: App) -> None:
    gallery = GalleryScene(app)
    app.stack.reset(gallery)
    app.step(1 / 60)
    assert [card.game_id for card in gallery.cards][-1] == "nim"
    assert [card.title for card in gallery.cards][-1] == "Nim"


def test_nim_renders_in_the_smoke_test(nim: str, app: App, tmp_path: Path) -> None:
    """The smoke test's scenes include Nim's setup, rules, table and game over; each draws."""
    scenes = all_scenes_for_smoke_test(app)
    own = [scene for scene in scenes if getattr(scene, "ui", None) is TABLE_GAMES[nim]]
    assert len(own) >= 3  # its setup, its table mid-game and its game over (the reader too)
    for scene in own:
        app.stack.reset(scene)
        for _ in range(3):
            app.step(1 / 60)
    table = next(scene for scene in own if isinstance(scene, TableScene))
    app.stack.reset(table)
    app.step(1 / 60)
    screen = table.screen
    for heap, size in enumerate(screen.presenter.heaps):
        for index in range(size):
            centre = screen.painter.stone_centre(len(screen.presenter.heaps), heap, index)
            assert app.window.get_at((round(centre[0]), round(centre[1])))[:3] == theme.MOONLIGHT
    pygame.image.save(app.window, str(tmp_path / "nim_table.png"))  # kept to look at


def test_a_click_on_a_stone_takes_it_and_those_above(nim: str, app: App) -> None:
    ui = TABLE_GAMES[nim]
    seats = [SeatSpec("Ada", "human", None, "pearl"), SeatSpec("Ben", "human", None, "amber")]
    match: Match[object] = Match.new(GAMES[nim].rules, seats, 1, {}, {"first": 0})
    table = open_table(app, ui, match)
    app.stack.reset(table)
    run_frames(app, table, 3)
    screen = table.screen
    x, y = screen.painter.stone_centre(3, 2, 1)  # the second stone of the heap of 5
    press(app, (round(x), round(y)))
    run_frames(app, table, 30)
    assert table.controller.match.snapshot().heaps == [3, 4, 1]
    assert any("Ada takes 4 stones from heap 3" in line.text for line in table.presenter.log)


def test_nim_declares_a_lesson_that_plays_and_a_hint_that_is_legal(nim: str) -> None:
    """Like every game, Nim teaches itself and explains a hint: the kit finds both declared."""
    ui, rules = TABLE_GAMES[nim], GAMES[nim].rules
    match = play_to(ui.lesson, rules)
    assert match.view(0).heaps == (0, 4, 4)
    for seed in range(20):
        game: Match[Any] = Match.new(rules, [SeatSpec("A"), SeatSpec("B")], seed, {})
        while not game.is_over():
            seat = game.to_act()[0]
            legal = game.legal(seat)
            hint = ui.hint(game.view(seat), legal, seed, ("A", "B"))
            assert hint.command in legal and hint.text
            game.submit(seat, legal[seed % len(legal)])
