"""Moonlight Castle's guided first game: the topics it must meet occur while its script is
played, every board part its notes point at is on the screen, and every taught command is given
by clicks on the table as it stands, leading where the script goes."""

from __future__ import annotations

from typing import Any

import pytest

from moonlight_desktop.engine import Event
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.games.castle.components import Spell
from moonlight_desktop.games.castle.moves import (
    ExtraTurn,
    FigureMoved,
    JewelsRecovered,
    PebblesDrawn,
    Recover,
    TilePushed,
    ZirrozAngry,
)
from moonlight_desktop.games.castle.rules import ZIRROZ_PUSHES
from moonlight_desktop.games.castle.table import WHITE
from moonlight_desktop.games.castle.tiles import JEWEL_TILES
from moonlight_desktop.games.castle.ui.description import CASTLE_UI
from moonlight_desktop.games.castle.ui.lesson import CASTLE_LESSON, STACK, WOLF, YOU
from moonlight_desktop.games.castle.ui.presenter import pile_spot
from moonlight_desktop.games.castle.ui.screen import CastleScreen
from moonlight_desktop.games.castle.ui.setup import CASTLE_SETUP
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.lesson_script import (
    Do,
    Note,
    play_to,
)
from moonlight_desktop.ui.table.setup import TableSetup
from tests.lesson_driver import (
    check_taught_move,
    played_events,
    pointing,
    table_as_shown,
)

RULES = GAMES["castle"].rules
LESSON = CASTLE_LESSON
STEPS = LESSON.steps
TABLE = LESSON.new_match(RULES).snapshot().table
PATH_LENGTH = TABLE.path_length


EVENTS = played_events(LESSON, RULES)


def _of(kind: type[Event]) -> list[tuple[int, Any]]:
    return [(index, event) for index, event in EVENTS if isinstance(event, kind)]


def _after(index: int) -> list[Event]:
    """The events of step `index`."""
    return [event for at, event in EVENTS if at == index]


def test_the_game_offers_this_lesson() -> None:
    assert CASTLE_UI.lesson is CASTLE_LESSON
    assert LESSON.seats[YOU].player == "human"
    assert LESSON.new_match(RULES).snapshot().seat == YOU  # the learner starts


def test_the_seats_are_named_and_dressed_as_the_setup_would() -> None:
    default = TableSetup.default(CASTLE_SETUP)
    assert [seat.look for seat in LESSON.seats] == [seat.look for seat in default.seats]
    assert LESSON.seats[WOLF] == default.seat_specs()[WOLF]


def test_the_lesson_ends_with_the_learner_to_play() -> None:
    """Every bot move of the game so far is scripted, so no bot is asked beyond its script
    before the learner plays on."""
    end = play_to(LESSON, RULES)
    assert end.to_act() == (YOU,)
    assert not RULES.is_over(end.snapshot())
    assert len(LESSON.replies(WOLF)) == sum(1 for m in end.record.moves if m.seat == WOLF)


def test_topic_a_move_hides_in_a_coloured_space_and_pays_a_pebble() -> None:
    moves = [event for _, event in _of(FigureMoved) if event.seat == YOU]
    paid = [event for event in moves if event.paid != WHITE]
    assert len(paid) == 3  # the red space, then two yellow ones
    assert [TABLE.space_color[event.to_space] for event in paid] == [e.paid for e in paid]
    first = next(i for i, step in enumerate(STEPS) if isinstance(step, Do))
    events = _after(first)
    assert isinstance(events[0], FigureMoved) and events[0].paid != WHITE
    drawn = [event for event in events if isinstance(event, PebblesDrawn)]
    assert sum(event.count for event in drawn) == TABLE.space_pebbles[events[0].to_space] == 2


def test_topic_recovering_a_tile_pays_a_pebble_per_jewel() -> None:
    mine = [event for _, event in _of(JewelsRecovered) if event.seat == YOU]
    assert len(mine) == 4
    for event in mine:
        cost = tuple(event.jewels.count(color) for color in range(3))
        assert event.paid == cost
    assert RULES.scores(play_to(LESSON, RULES).snapshot()) == (9, 5)


def test_topic_staying_to_recover() -> None:
    """A recovery given at the start of a turn, with no move before it in that turn."""
    stays = [
        index
        for index, step in enumerate(STEPS)
        if isinstance(step, Do)
        and step.command == Recover()
        and play_to(LESSON, RULES, index - 1).snapshot().phase.name == "HIDE"
    ]
    assert len(stays) == 1
    assert not any(isinstance(event, FigureMoved) for event in _after(stays[0]))


def test_topic_spells_push_tiles_out_of_the_castle() -> None:
    recoveries = _of(JewelsRecovered)
    spells = {event.spell for _, event in recoveries}
    assert {Spell.ONE_ARROW, Spell.TWO_ARROWS, Spell.NOTHING, Spell.SPECIAL} <= spells
    for index, event in recoveries:
        pushes = [e for e in _after(index) if isinstance(e, TilePushed)]
        expected = {Spell.ONE_ARROW: 1, Spell.TWO_ARROWS: 2}.get(event.spell, 0)
        assert len(pushes) == expected, (event, pushes)
    # What comes out of the gate is the pinned stack, in order, after the ten of the setup.
    entered = [event.entered for _, event in _of(TilePushed)]
    assert entered == [JEWEL_TILES[tile].jewels for tile in STACK[10 : 10 + len(entered)]]


def test_topic_the_star_gives_another_turn() -> None:
    (extra,) = _of(ExtraTurn)
    index, event = extra
    assert event.seat == YOU
    recovered = [e for e in _after(index) if isinstance(e, JewelsRecovered)]
    assert [e.spell for e in recovered] == [Spell.SPECIAL]
    following = next(step for step in STEPS[index + 1 :] if not isinstance(step, Note))
    assert isinstance(following, Do)  # the learner plays again, before Wolf


def test_topic_zirroz_takes_a_tile_that_falls_off_the_end() -> None:
    falls = [(index, event) for index, event in _of(TilePushed) if event.fell_off]
    assert len(falls) == 1
    index, fall = falls[0]
    assert fall.fell_off == JEWEL_TILES[STACK[0]].jewels  # the tile at the far end
    assert isinstance(STEPS[index], Do)  # the learner's two-arrow recovery pushed it off
    assert play_to(LESSON, RULES).snapshot().fallen == [STACK[0]]
    told = [step for step in STEPS[index + 1 :] if isinstance(step, Note)]
    assert any(("zirroz", 0.0, 0.0) in step.point_at for step in told[:2])


def test_topic_zirroz_six_is_told_not_met() -> None:
    """Zirroz's six needs an empty path past the bridge, which a short game never reaches: the
    lesson says what it does (and the rule it says is the rules' number), and it does not occur."""
    assert not _of(ZirrozAngry)
    notes = [step.text for step in STEPS if isinstance(step, Note)]
    assert ZIRROZ_PUSHES == 6 and any("six tiles" in text for text in notes)


def test_topic_a_fountain_is_free_gives_pebbles_and_ends_the_turn() -> None:
    index, move = next(
        (index, event)
        for index, event in _of(FigureMoved)
        if event.seat == YOU and TABLE.space_fountain[event.to_space] >= 0
    )
    assert move.paid == WHITE
    drawn = [event for event in _after(index) if isinstance(event, PebblesDrawn)]
    assert sum(event.count for event in drawn) == 2
    after = play_to(LESSON, RULES, index).snapshot()
    assert after.seat == WOLF  # nothing to recover at a fountain: the turn is over


POINTING = pointing(LESSON)


@pytest.mark.parametrize("index", POINTING, ids=[f"step-{i + 1:03d}" for i in POINTING])
def test_every_board_part_a_step_points_at_is_on_the_screen(app: App, index: int) -> None:
    """On the screen as the step shows it: a note after its step, a move before it."""
    step = STEPS[index]
    assert isinstance(step, Note | Do)
    scene = table_as_shown(app, CASTLE_UI, LESSON, RULES, index)
    window = app.window.get_rect()
    screen = scene.screen
    assert isinstance(screen, CastleScreen)
    for anchor in step.point_at:
        x, y = screen.resolve(anchor)
        assert window.collidepoint(x, y), (anchor, (x, y), window)
        if anchor[0] == "path":
            assert screen.painter.tile_rect(int(anchor[1])).collidepoint(x, y)
        if anchor[0] == "space":
            assert screen.painter.space_at((round(x), round(y))) == int(anchor[1])
        if anchor[0] == "fallen":  # the count on the supply strip, not the garden
            assert screen.painter.supply_places().fallen.collidepoint(x, y)
        if anchor[0] == "paid":  # the pebbles of that colour beside the board
            assert screen.painter.supply_places().pebbles[int(anchor[1])].centery == round(y)
        if anchor[0] == "zirroz":  # where the fallen tiles are drawn
            assert (x, y) == screen.resolve(pile_spot(TABLE.board))
        if anchor[0] in ("castle", "gate"):
            layout = screen.painter.layout
            assert layout is not None and layout.board.collidepoint(x, y)


DOS = [index for index, step in enumerate(STEPS) if isinstance(step, Do)]


@pytest.mark.parametrize("index", DOS, ids=[f"step-{i + 1:03d}" for i in DOS])
def test_every_taught_command_is_given_by_clicks(app: App, index: int) -> None:
    check_taught_move(app, "castle", CASTLE_UI, LESSON, RULES, index)
