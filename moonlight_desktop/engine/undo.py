"""Taking back commands: how far a seat may go, and the match as it was before.

A seat may take back its own last command while nothing came out since that it did not know
(`Event.is_news_to`: a draw, a flip, a shuffle, secret choices shown, another seat's hidden card
played) and, in pass-and-play, no other human has acted since. The bots' commands after it go
with it: against bots, undo goes back to the player's previous decision. Undo never reveals
anything and never lets anyone redraw: the undone match is the record cut short and replayed
from the same seed, so everything still hidden stays exactly as it was.

`undo_step` answers from the record alone (it replays the game up to the cut). A table asks it
after every command, so it keeps an `UndoGuard` fed with each command's events, which knows
where the last news came out and answers without replaying anything.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from moonlight_desktop.i18n import N_, _, told

from .data import Event
from .match import Match

GAME_OVER = N_("The game is over")
NOTHING_YET = N_("Nothing to take back yet")
SOMETHING_CAME_OUT = N_("Something hidden came out since: it cannot be taken back")
SOMEONE = N_("Another player")


@dataclass(frozen=True, slots=True)
class UndoStep:
    keep: int
    """How many commands of the record remain after the undo (cut to `record.moves[:keep]`)."""
    seat: int
    """Whose command is taken back."""


@dataclass(frozen=True, slots=True)
class NoUndo:
    message: str
    """One short sentence for the undo button's tooltip, as marked (a game server sends it
    with `params` for each window to tell in its own language)."""
    params: dict[str, str] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The sentence in the language of the moment."""
        return told(self.message, self.params)


def undo_step(
    match: Match[Any], seat: int, humans: Collection[int], guard: UndoGuard | None = None
) -> UndoStep | NoUndo:
    """Taking back `seat`'s last command: walks back over the record from its end over
    commands of bots (seats not in `humans`) to `seat`'s last command. Refuses when the game is
    over, when another human's command comes first ("<name> has played since"), when `seat`
    has no command yet, or when any command from `seat`'s to the end told `seat` something new.
    Pure: never changes `match`.

    Without a `guard` the commands from the cut on are replayed to see their events (the
    game up to the cut is replayed too: a few milliseconds for a long game); with one (fed
    with every command of `match`) nothing is replayed."""
    if guard is not None:
        return guard.undo_step(match, seat, humans)
    found = _last_command_of(match, seat, humans)
    if isinstance(found, NoUndo):
        return found
    replay = match.replayed(found)
    news: Event | None = None
    for move in match.record.moves[found:]:
        news = _first_news(replay.submit(move.seat, move.command), seat) or news
    if news is not None:
        return _why(news, match)
    return UndoStep(found, seat)


def undone(match: Match[Any], step: UndoStep) -> Match[Any]:
    """A new Match replayed to `step.keep` commands (the same seed, so everything hidden stays
    as it was). ValueError for a step this match cannot have given."""
    if not 0 <= step.keep <= len(match.record.moves):
        raise ValueError(f"cannot keep {step.keep} of {len(match.record.moves)} commands")
    return match.replayed(step.keep)


class UndoGuard:
    """What undo needs to know of a match's past, kept up as commands are applied so that
    asking costs nothing: for each seat, the commands whose events were news to it.

    How a table uses it:

    - `UndoGuard.from_match(match)` when the table opens (a new game, or a resumed one: its
      record is replayed once);
    - `guard.saw(events)` after every `match.submit`, in record order, with the events it
      returned (their `seen_by` copies do as well: only their classes and seat fields count);
    - `guard.undo_step(match, seat, humans)` (or `undo_step(..., guard=guard)`) whenever the
      undo button is drawn or pressed;
    - `guard.undone(match, step)` to take the step: the match to play on, which the guard
      follows from then on.

    Asked about another match object, or about a match with more or fewer commands than it
    has seen, the guard first rebuilds itself from that match's record (a replay), so a missed
    `saw` or a match swapped without `undone` costs time, not safety. It may be fed on the
    rules' thread and asked on the UI thread: one call at a time goes through."""

    def __init__(self, match: Match[Any]) -> None:
        """Use `from_match`."""
        self._lock = threading.RLock()
        self._match: weakref.ref[Match[Any]] = weakref.ref(match)
        self._commands = 0
        self._news: list[list[tuple[int, Event]]] = [[] for _ in match.seats]
        """Per seat: (commands so far, the event) after each command that was news to it."""

    @classmethod
    def from_match(cls, match: Match[Any]) -> UndoGuard:
        """A guard for `match` as it stands: its record replayed once from the start."""
        guard = cls(match)
        replay = match.replayed(0)
        for move in match.record.moves:
            guard.saw(replay.submit(move.seat, move.command))
        return guard

    @property
    def commands(self) -> int:
        """How many commands the guard has seen."""
        return self._commands

    def saw(self, events: Iterable[Event]) -> None:
        """The next command of the match was applied and gave `events`."""
        events = tuple(events)
        with self._lock:
            self._commands += 1
            for seat, news in enumerate(self._news):
                first = _first_news(events, seat)
                if first is not None:
                    news.append((self._commands, first))

    def undo_step(self, match: Match[Any], seat: int, humans: Collection[int]) -> UndoStep | NoUndo:
        """`undo_step(match, seat, humans)`, answered from what the guard has seen."""
        with self._lock:
            self._follow(match)
            found = _last_command_of(match, seat, humans)
            if isinstance(found, NoUndo):
                return found
            news = self._news[seat] if 0 <= seat < len(self._news) else []
            if news and news[-1][0] > found:  # news came with a command at or after the cut
                return _why(news[-1][1], match)
            return UndoStep(found, seat)

    def undone(self, match: Match[Any], step: UndoStep) -> Match[Any]:
        """`undone(match, step)`; the guard follows the new match from then on."""
        with self._lock:
            self._follow(match)
            cut = undone(match, step)
            self._commands = step.keep
            for news in self._news:
                while news and news[-1][0] > step.keep:
                    news.pop()
            self._match = weakref.ref(cut)
            return cut

    def _follow(self, match: Match[Any]) -> None:
        """Rebuilds the guard from `match` unless it has seen exactly that match's commands."""
        if self._match() is match and self._commands == len(match.record.moves):
            return
        fresh = UndoGuard.from_match(match)
        self._match, self._commands, self._news = fresh._match, fresh._commands, fresh._news


def _last_command_of(match: Match[Any], seat: int, humans: Collection[int]) -> int | NoUndo:
    """Where `seat`'s last command stands in the record, walking back over the bots'
    commands after it; or why there is nothing `seat` may take back."""
    if match.is_over():
        return NoUndo(GAME_OVER)
    moves = match.record.moves
    for index in range(len(moves) - 1, -1, -1):
        actor = moves[index].seat
        if actor == seat:
            return index
        if actor in humans:
            # Translators: {name} is a player's name.
            return NoUndo(N_("{name} has played since"), {"name": _name(match, actor)})
    return NoUndo(NOTHING_YET)


def _first_news(events: Iterable[Event], seat: int) -> Event | None:
    """The first of a command's `events` that told `seat` something new (the tooltip names
    it), or None."""
    return next((event for event in events if event.is_news_to(seat)), None)


def _why(news: Event, match: Match[Any]) -> NoUndo:
    """Why a command that `news` makes final cannot be taken back (the note names whose
    secret came out as {who})."""
    note = news.reveal_note or SOMETHING_CAME_OUT
    if not news.shows_secret_of:
        return NoUndo(note)
    return NoUndo(note, {"who": _name(match, getattr(news, news.shows_secret_of))})


def _name(match: Match[Any], seat: int) -> str:
    """A seat's name; positions beyond the record's seats (Market's Dirk and Beate) are
    another player to the engine."""
    seats = match.seats
    return seats[seat].name if 0 <= seat < len(seats) else _(SOMEONE)
