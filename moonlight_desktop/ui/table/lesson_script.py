"""A guided first game as data: a pinned table and a script of steps that teaches the rules in
the order a player meets them. No pygame: every script is checked headless (the scripted
commands are legal and the state after each step is what its text says). A script is data made
at import: its words (title, texts, reminders, farewell) are marked there (`N_`) and the
lesson's table translates them where it shows them.

A script is a list of steps, read in order:

- `Note`: something to read (what just happened, or what a part of the board is for), with the
  board parts it talks about pointed at; the table waits until the learner presses Next.
- `Do`: the learner's move. The taught command is pointed at as a hint is; any other command is
  refused with the step's reminder and changes nothing.
- `Reply`: a bot's move, played for it (the bots of a lesson are `ScriptBot`s).
- `Auto`: the learner's move once it has been taught, played by the table after a moment (the
  countdown's "let this price pass", which in a real game the clock does by itself), so a long
  stretch of a game needs no click that teaches nothing.

Each step may carry `Check`s: claims about the full state after it (a test reads them, so a
text that says "you now hold three jewels" is held to it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from moonlight_desktop.engine import Command, Match, Move, Rules, SeatSpec
from moonlight_desktop.i18n import _

from .presenter import Anchor

log = logging.getLogger(__name__)

LEARNER = 0
"""The learner's seat in every lesson."""


@dataclass(frozen=True, slots=True)
class Check:
    """A claim a step's text makes about the game after the step, and how to test it on the
    full state (tests only: the lesson scene never reads it)."""

    claim: str
    holds: Callable[[Any], bool]


@dataclass(frozen=True, slots=True)
class Note:
    """Something to read before going on (Next)."""

    text: str
    point_at: tuple[Anchor, ...] = ()
    """The board parts the text talks about, as anchors the game's screen resolves."""
    checks: tuple[Check, ...] = ()


@dataclass(frozen=True, slots=True)
class Do:
    """The learner's move: what to do and why, in one or two sentences."""

    text: str
    command: Command
    reminder: str
    """Said when the learner tries another move ("Recover the tile the arrow points at")."""
    point_at: tuple[Anchor, ...] = ()
    """Board parts the text talks about besides the taught command (which is pointed at)."""
    checks: tuple[Check, ...] = ()


@dataclass(frozen=True, slots=True)
class Reply:
    """A bot's scripted move."""

    seat: int
    command: Command
    checks: tuple[Check, ...] = ()


@dataclass(frozen=True, slots=True)
class Auto:
    """The learner's move, played for them after a moment (already taught)."""

    command: Command
    checks: tuple[Check, ...] = ()


Step = Note | Do | Reply | Auto


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided first game: who sits where, the pinned table and the script."""

    title: str
    """What the lesson teaches, e.g. "Learn Moons"."""
    seats: tuple[SeatSpec, ...]
    """Seat 0 is the learner (a human); every other seat is a bot, recorded at the level it
    plays at when the learner plays on from the end of the lesson."""
    seed: int
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] | None = None
    """The pinned setup (every shuffled collection in order), so every step is known."""
    farewell: str = ""
    """The last card's words: what the learner has met, before playing on or starting afresh."""

    def new_match(self, rules: Rules[Any]) -> Match[Any]:
        """The lesson's game, its seats named in the language of the moment (a lesson is never
        saved, so its names are words to translate: "You", "Wolf (normal)", marked with N_)."""
        seats = tuple(replace(seat, name=_(seat.name)) for seat in self.seats)
        return Match.new(rules, seats, self.seed, self.options, self.setup)

    def moves_before(self, index: int) -> int:
        """How many commands the script has made before step `index`."""
        return sum(1 for step in self.steps[:index] if not isinstance(step, Note))

    def replies(self, seat: int) -> tuple[Command, ...]:
        """A bot seat's scripted commands, in order."""
        return tuple(
            step.command for step in self.steps if isinstance(step, Reply) and step.seat == seat
        )


def step_at(lesson: Lesson, moves: int, read: int) -> int:
    """The step the lesson is at when the match has `moves` commands and the learner has read
    past the notes up to step `read`: the first step from `read` on that is not yet done."""
    index = read
    steps = lesson.steps
    while index < len(steps) and not isinstance(steps[index], Note):
        if lesson.moves_before(index + 1) > moves:
            break
        index += 1
    return index


class ScriptBot:
    """A lesson's bot: plays its seat's scripted commands in order. `made(seat)` says how many
    commands the seat has made in the match so far (read from the live record), so a decision
    thought again on a changed table still plays the right one."""

    def __init__(self, seat: int, commands: Sequence[Command], made: Callable[[int], int]) -> None:
        self.seat = seat
        self.commands = tuple(commands)
        self._made = made

    def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
        made = self._made(self.seat)
        if made < len(self.commands) and self.commands[made] in legal:
            return self.commands[made]
        # Only reached if a script was not checked: play on rather than end the lesson.
        log.error("seat %s has no scripted command %s here", self.seat, made)
        return legal[0]


def script_bots(lesson: Lesson, moves: Callable[[], Sequence[Move]]) -> dict[int, ScriptBot]:
    """A `ScriptBot` for every seat but the learner's, reading the live record `moves()` to
    know its place in the script."""

    def made(seat: int) -> int:
        # A plain function: a bot is copied before each decision, and a function is copied as
        # itself, not with the table it reads.
        return sum(1 for move in moves() if move.seat == seat)

    return {
        seat: ScriptBot(seat, lesson.replies(seat), made)
        for seat in range(len(lesson.seats))
        if seat != LEARNER
    }


def play_to(lesson: Lesson, rules: Rules[Any], last: int | None = None) -> Match[Any]:
    """The match after playing the script headless up to step `last` (all steps when None),
    checking every step on the way: ValueError naming the step when a scripted command is not
    legal where it comes or a step's claim does not hold (the lessons' tests: one per step)."""
    match = lesson.new_match(rules)
    steps = lesson.steps if last is None else lesson.steps[: last + 1]
    for index, step in enumerate(steps):
        where = f"step {index + 1} ({type(step).__name__})"
        if isinstance(step, Do | Reply | Auto):
            seat = step.seat if isinstance(step, Reply) else LEARNER
            if seat not in match.to_act():
                raise ValueError(f"{where}: seat {seat} is not asked to act here")
            if step.command not in match.legal(seat):
                raise ValueError(f"{where}: {step.command} is not legal here")
            match.submit(seat, step.command)
        if step.checks:
            state = match.snapshot()
            for check in step.checks:
                if not check.holds(state):
                    raise ValueError(f"{where}: it does not hold that {check.claim}")
    return match
