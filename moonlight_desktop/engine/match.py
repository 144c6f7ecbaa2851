"""The command layer: the one way a game changes. Every input, human or bot, comes through here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic

from moonlight_desktop.i18n import N_, _

from .data import Command, Event, JsonDict, mistyped_seat, refuse_mistyped
from .errors import IllegalCommand, RecordError, brief
from .record import GameRecord, Move, SeatSpec, checked_seed
from .rules import Rules, StateT, View


class Match(Generic[StateT]):
    """Holds a game's rules, its live state and its record; checks and applies commands."""

    def __init__(self, rules: Rules[StateT], record: GameRecord) -> None:
        if record.game != rules.game_id:
            # Translators: {game} is the game the record names; {expected} the one asked for.
            raise RecordError(
                _("record is for {game}, not {expected}").format(
                    game=brief(record.game), expected=repr(rules.game_id)
                )
            )
        checked_seed(record.seed)
        if not all(isinstance(seat, SeatSpec) for seat in record.seats):
            raise RecordError("every seat must be a SeatSpec")
        self.rules = rules
        options = rules.normalize_options(record.options, len(record.seats))
        self.record = GameRecord(record.game, options, record.seats, record.seed, record.setup)
        self._state = rules.new_state(options, len(record.seats), record.seed, record.setup)
        for number, move in enumerate(record.moves, start=1):
            try:
                self.submit(move.seat, move.command)
            except IllegalCommand as error:
                # Translators: {number} counts the record's commands from 1; {problem} says why.
                raise RecordError(
                    _("command {number} cannot be replayed: {problem}").format(
                        number=number, problem=error.rule
                    )
                ) from None

    @classmethod
    def new(
        cls,
        rules: Rules[StateT],
        seats: Sequence[SeatSpec],
        seed: int,
        options: Mapping[str, Any] | None = None,
        setup: Mapping[str, Any] | None = None,
    ) -> Match[StateT]:
        record = GameRecord(
            game=rules.game_id,
            options=dict(options or {}),
            seats=tuple(seats),
            seed=seed,
            setup=dict(setup) if setup is not None else None,
        )
        return cls(rules, record)

    # What anyone may ask.
    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return self.record.seats

    def to_act(self) -> tuple[int, ...]:
        return () if self.rules.is_over(self._state) else self.rules.to_act(self._state)

    def legal(self, seat: int) -> Sequence[Command]:
        if mistyped_seat(seat) is not None or seat not in self.to_act():
            return ()
        return self.rules.legal_commands(self._state, seat)

    def view(self, seat: int | None) -> View:
        return self.rules.view(self._state, seat)

    def is_over(self) -> bool:
        return self.rules.is_over(self._state)

    def scores(self) -> tuple[int, ...]:
        return self.rules.scores(self._state)

    def winners(self) -> tuple[int, ...]:
        return self.rules.winners(self._state) if self.is_over() else ()

    def state_json(self) -> JsonDict:
        """The full state, hidden facts included (for replays and saves, not for players)."""
        return self.rules.state_to_json(self._state)

    def snapshot(self) -> StateT:
        """A private copy of the state, e.g. for a bot thread; changing it changes nothing here."""
        return self.rules.clone(self._state)

    # The one way to change the game.
    def submit(self, seat: int, command: Command) -> list[Event]:
        """The rules' events for `command`, recorded; IllegalCommand (nothing changed) when
        it is mistyped, out of turn or against the rules."""
        refuse_mistyped(seat, command)
        if self.rules.is_over(self._state):
            raise IllegalCommand(N_("the game is over"), command)
        if seat not in self.rules.to_act(self._state):
            # Translators: {seat} is a seat's number, counted from 0.
            raise IllegalCommand(N_("it is not seat {seat}'s turn to act"), command, seat=seat)
        events = self.rules.apply(self._state, seat, command)
        self.record.moves.append(Move(seat, command))
        return events

    def replayed(self, upto: int | None = None) -> Match[StateT]:
        """A new match with the first `upto` commands of this one (all when None)."""
        moves = self.record.moves if upto is None else self.record.moves[:upto]
        record = GameRecord(
            self.record.game,
            self.record.options,
            self.record.seats,
            self.record.seed,
            self.record.setup,
            list(moves),
        )
        return Match(self.rules, record)
