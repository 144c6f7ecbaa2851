"""Nim as the collection shows it: its gallery card, setup, rules, screen and standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from moonlight_desktop.engine import Command, Match, SeatSpec
from moonlight_desktop.ui.table.game_ui import (
    GameUI,
    RulesSection,
    RulesText,
    Standings,
    StandingsRow,
    seat_looks,
)
from moonlight_desktop.ui.table.hints import Hint
from moonlight_desktop.ui.table.lesson_script import LEARNER, Do, Lesson, Note, Reply
from moonlight_desktop.ui.table.setup import SetupSpec
from moonlight_desktop.ui.table.ui_defaults import GameUIDefaults, view_as

from ..bots import winning_take
from ..rules import Take
from ..view import NimView
from .painter import LOOK_ART, LOOKS
from .screen import NimScreen

RULES = RulesText(
    "Nim",
    (
        RulesSection(
            "How to play",
            (
                "Three heaps of stones lie on the table: 3, 4 and 5.",
                "On your turn take one stone or more from one heap: click a stone, and it goes"
                " with every stone above it.",
                "Whoever takes the last stone wins.",
            ),
        ),
    ),
)

LESSON = Lesson(
    "Learn Nim",
    (SeatSpec("You", "human", None, "pearl"), SeatSpec("Amber", "bot", "easy", "amber")),
    seed=1,
    setup={"first": LEARNER},
    steps=(
        Note("Three heaps of stones: 3, 4 and 5. Whoever takes the last stone wins."),
        Do(
            "Take two stones from the first heap: click its middle stone.",
            Take(0, 2),
            "Click the middle stone of the first heap.",
        ),
        Reply(1, Take(2, 1)),
        Do(
            "Amber took one from the last heap. Take the last stone of the first heap.",
            Take(0, 1),
            "Click the stone left in the first heap.",
        ),
    ),
    farewell="Leave two equal heaps, and you can always answer: play on and take the last stone.",
)
"""Nim's guided first game: a winning take, an answer, a second winning take."""


class NimUI(GameUIDefaults):
    game_id = "nim"
    title = "Nim"
    pitch = "Take stones from one heap a turn; whoever takes the last one wins."
    card_art = "moons/planet_saturn.svg"
    card_looks: tuple[str, ...] = ()
    rules = RULES
    setup = SetupSpec(
        "nim",
        min_seats=2,
        max_seats=2,
        default_seats=2,
        looks=tuple(look.id for look in LOOKS),
        look_titles=tuple(look.title for look in LOOKS),
    )

    lesson = LESSON
    look_art = LOOK_ART

    def hint(
        self, view: NimView, legal: Sequence[Command], seed: int, names: Sequence[str]
    ) -> Hint:
        """The take that leaves the heaps' nim-sum at 0, and why; from a lost position, one
        stone from the biggest heap (the opponent may still slip)."""
        best = winning_take(view.heaps)
        if best is not None and best in legal:
            return Hint(
                best,
                "It leaves heaps whose sizes cancel out (their nim-sum is 0): "
                "whatever the other player takes, you can answer.",
            )
        biggest = max(range(len(view.heaps)), key=lambda heap: view.heaps[heap])
        return Hint(
            Take(biggest, 1),
            "No take wins by force here: take one stone from the "
            "biggest heap, and leave the other player room to slip.",
        )

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> NimScreen:
        looks = seat_looks(match, [look.id for look in LOOKS], self.title)
        view = view_as(match, viewer, NimView, self.title)
        return NimScreen(view, [seat.name for seat in match.seats], looks, sound)

    def private_seats(self, match: Match[Any]) -> frozenset[int]:
        return frozenset()  # nothing is hidden

    def standings(self, match: Match[Any]) -> Standings:
        scores, winners = match.scores(), set(match.winners())
        rows = tuple(
            StandingsRow(seat, scores[seat], (("last stone", scores[seat]),), seat in winners)
            for seat in sorted(range(2), key=lambda seat: -scores[seat])
        )
        return Standings(rows)


NIM_UI: GameUI[NimView] = NimUI()
