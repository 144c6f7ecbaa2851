"""The table kit's shared parts of a game's screen: the header sequence every game follows, the
spots base that answers clicks, drops, hovers and keyboard focus, and the seat row's start."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import pygame
import pytest

from moonlight_desktop.engine import Command
from moonlight_desktop.game_list import PACKAGES
from moonlight_desktop.games.moons.moves import PlayCard
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.table.game_ui import TableContext
from moonlight_desktop.ui.table.header import Header, header_for
from moonlight_desktop.ui.table.layout import SEAT_ROW_LEAST, TableLayout
from moonlight_desktop.ui.table.rows import SeatRow, draw_seat_row
from moonlight_desktop.ui.table.spots import Spot, SpotScreen


@dataclass
class ShownView:
    viewer: int | None
    over: bool = False


@dataclass
class Words:
    """A game's words, as the header asks for them."""

    waits_for: tuple[int, ...] = (1,)
    table_title: str = "The table"

    def result(self, view: ShownView) -> str | None:
        return "All is counted." if view.over else None

    def waiting(self, view: ShownView) -> tuple[int, ...]:
        return self.waits_for

    def stage(self, view: ShownView) -> str:
        return "Round 2."

    def prompt(self, view: ShownView, table: TableContext) -> str:
        return "Pick a card."


@dataclass
class Table:
    """The parts of a table snapshot the header reads."""

    view: ShownView
    viewer: int | None = 0
    waiting: tuple[int, ...] = (1,)
    bots: Sequence[int] = ()
    humans: int = 1
    names: tuple[str, ...] = ("You", "Ana", "Bo")
    sharing_screen: bool = True
    offered: tuple[Command, ...] = ()

    def legal(self) -> tuple[Command, ...]:
        return self.offered


def header(words: Words, table: Table) -> Header:
    return header_for(words, cast(TableContext, table))


def test_game_over_comes_first_whatever_else_holds() -> None:
    table = Table(ShownView(0, over=True), offered=(PlayCard(1),))
    assert header(Words(), table) == Header(None, "Game over", "All is counted.")


def test_the_seat_at_the_screen_is_asked_with_the_game_s_prompt() -> None:
    table = Table(ShownView(0), waiting=(0,), offered=(PlayCard(1),))
    assert header(Words((0,)), table) == Header(0, "Your turn", "Pick a card.")
    shared = Table(ShownView(0), waiting=(0,), humans=2, offered=(PlayCard(1),))
    assert header(Words((0,)), shared).title == "Your turn, You"  # never "You's turn"


def test_while_the_board_moves_before_the_seat_is_asked_the_header_tells_the_stage() -> None:
    table = Table(ShownView(0), waiting=(0,))
    assert header(Words((0,)), table) == Header(0, "Your turn", "Round 2.")


def test_a_bot_thinks_a_person_elsewhere_takes_the_seat_several_decide_nobody_waits() -> None:
    assert header(Words(), Table(ShownView(0), bots=(1,))) == Header(
        1, "Ana to play", "Ana is thinking\N{HORIZONTAL ELLIPSIS}"
    )
    assert header(Words(), Table(ShownView(0))) == Header(
        1, "Ana to play", "Waiting for Ana to take the seat."
    )
    elsewhere = Table(ShownView(0), sharing_screen=False)  # online: Ana is at her computer
    assert header(Words(), elsewhere) == Header(
        1, "Ana to play", "Waiting for Ana\N{HORIZONTAL ELLIPSIS}"
    )
    several = Table(ShownView(0), waiting=(1, 2))
    assert header(Words(), several) == Header(1, "2 players to play", "Round 2.")
    nobody = Table(ShownView(0), waiting=())
    assert header(Words(), nobody) == Header(None, "The table", "Round 2.")


def test_the_seat_s_own_turn_is_not_claimed_while_another_view_is_shown() -> None:
    """After a hand-off, until the next seat's view is shown, the header names the seat."""
    table = Table(ShownView(None), waiting=(0,), humans=2)
    assert header(Words((0,)), table).title == "You to play"


# Spots -------------------------------------------------------------------------------------


@dataclass
class Snapshot:
    offered: tuple[Command, ...]

    def legal(self) -> tuple[Command, ...]:
        return self.offered


@dataclass
class CardsAndCushions(SpotScreen):
    """A card is picked, then laid on a cushion: the shape of Market's bids."""

    card: int | None = None
    laid: list[Command] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    def spots(self, table: TableContext) -> list[Spot]:
        board = [Spot(pygame.Rect(0, 0, 100, 100), "The board")]
        cards = [
            Spot(pygame.Rect(10 + 30 * n, 10, 20, 30), f"Card {n}", select=self._picker(n))
            for n in range(3)
        ]
        cushion = Spot(
            pygame.Rect(40, 60, 20, 20),
            "A cushion",
            PlayCard(self.card) if self.card is not None else None,
            reach=10,
        )
        return [*board, *cards, cushion]

    def _picker(self, card: int) -> Any:
        def pick() -> None:
            self.card = None if self.card == card else card

        return pick

    def holding(self) -> bool:
        return self.card is not None

    def let_go(self) -> None:
        self.card = None


def snapshot(*offered: Command) -> TableContext:
    return cast(TableContext, Snapshot(offered))


def test_a_click_picks_a_piece_and_a_second_click_lays_it() -> None:
    screen = CardsAndCushions()
    table = snapshot(PlayCard(1))
    assert screen.command_at((45, 20), table) is None
    assert screen.card == 1
    assert screen.command_at((50, 70), table) == PlayCard(1)
    assert screen.card is None  # sent: put down


def test_a_refused_command_keeps_the_piece_held() -> None:
    screen = CardsAndCushions()
    screen.command_at((45, 20), snapshot())
    assert screen.command_at((50, 70), snapshot()) == PlayCard(1)  # the rules say why
    assert screen.card == 1


def test_the_topmost_spot_wins_and_a_round_spot_is_round() -> None:
    screen = CardsAndCushions()
    table = snapshot()
    spot = screen.spot_at((50, 70), table)
    assert spot is not None and spot.text == "A cushion"
    corner = screen.spot_at((41, 61), table)  # inside the cushion's rect, outside its circle
    assert corner is not None and corner.text == "The board"
    hover = screen.hover((15, 15), table)
    assert hover is not None and hover.text == "Card 0"


def test_a_piece_dragged_from_the_hand_drops_on_a_cushion_and_back_on_the_hand_stays() -> None:
    screen = CardsAndCushions()
    table = snapshot(PlayCard(2))
    screen.command_at((75, 20), table)
    assert screen.dropped_at((75, 20), table) is None and screen.card == 2
    screen.command_at((5, 90), table)  # a click on the board alone drops nothing
    assert screen.dropped_at((50, 70), table) is None
    screen.command_at((75, 20), table)  # put back
    screen.command_at((75, 20), table)  # picked again
    assert screen.dropped_at((50, 70), table) == PlayCard(2)


def test_the_keyboard_focus_walks_what_may_be_used_in_reading_order_and_wraps() -> None:
    screen = CardsAndCushions()
    table = snapshot(PlayCard(0))
    walked = [screen.move_focus(1, table) for _ in range(4)]
    assert [spot.text if spot else None for spot in walked] == [
        "Card 0",
        "Card 1",
        "Card 2",
        "Card 0",
    ]
    assert screen.use_focused(table) is None and screen.card == 0
    back = screen.move_focus(-1, table)  # the cushion is usable now that a card is held
    assert back is not None and back.text == "A cushion"
    assert screen.use_focused(table) == PlayCard(0)


def test_no_focus_where_nothing_may_be_used() -> None:
    screen = CardsAndCushions()
    screen.spots = lambda table: [Spot(pygame.Rect(0, 0, 9, 9), "Only words")]  # type: ignore[method-assign]
    assert screen.move_focus(1, snapshot()) is None
    assert screen.focused(snapshot()) is None and screen.use_focused(snapshot()) is None


# The seat row ------------------------------------------------------------------------------


@pytest.mark.parametrize("acting", [False, True])
def test_a_seat_row_starts_with_frame_figure_and_name_and_leaves_room_below_the_name(
    app: object, acting: bool
) -> None:
    layout = TableLayout.for_window((1280, 720), 4, 1.5, 0)
    rect = layout.seats[0]
    surface = pygame.Surface((1280, 720))
    drawn: list[tuple[tuple[float, float], int]] = []
    room = draw_seat_row(
        surface,
        layout,
        rect,
        SeatRow("Ana", (200, 40, 40), acting),
        lambda _surface, centre, size: drawn.append((centre, size)),
    )
    assert len(drawn) == 1 and rect.collidepoint(drawn[0][0])
    assert rect.contains(room) and room.top > rect.top and room.height > 0
    border = tuple(surface.get_at((rect.centerx, rect.top + 1))[:3])
    assert border == (theme.GOLD if acting else theme.PANEL_BORDER)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_a_seat_rows_name_stays_inside_a_row_shrunk_to_its_least(
    app: object, size: tuple[int, int]
) -> None:
    layout = TableLayout.for_window(size, 5, 1.5, 0, 600)  # a log that takes all it may
    rect = layout.seats[0]
    assert rect.height == layout.px(SEAT_ROW_LEAST)
    surface = pygame.Surface(size)
    with theme.recording(surface) as drawing:
        draw_seat_row(surface, layout, rect, SeatRow("Ågnes Wolkowa", (200, 40, 40), False), _none)
        (name,) = drawing.take().texts
    assert rect.contains(name.ink), (name.ink, rect)


def _none(_surface: pygame.Surface, _centre: tuple[float, float], _size: int) -> None:
    """No figure."""


def test_game_screens_read_the_table_only_through_its_snapshot() -> None:
    """No game reaches through the table's snapshot into the controller or the presenter
    behind it: what a screen may read is what `TableContext` offers."""
    reached = []
    for package in PACKAGES.values():
        folder = Path(importlib.import_module(package).__file__ or "").parent / "ui"
        for path in sorted(folder.glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr in ("controller", "presenter")
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "table"
                ):
                    reached.append(f"{path.name}:{node.lineno}")
    assert reached == []
