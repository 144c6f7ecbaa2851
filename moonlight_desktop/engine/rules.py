"""The protocols every game implements, so the Match, the CLI and the app stay generic."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .data import Command, Event, JsonDict

StateT = TypeVar("StateT")


class View(Protocol):
    """What one seat may know of a game. Bots decide from a view, never from the state."""

    def to_json(self) -> JsonDict: ...


class Rules(Protocol[StateT]):
    """A game's rules. `apply` mutates the state in place, or raises and leaves it untouched."""

    game_id: str
    title: str
    min_seats: int
    max_seats: int

    def new_state(
        self,
        options: Mapping[str, Any],
        seats: int,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> StateT:
        """A fresh game; raises OptionsError for options, seat counts or setups it cannot use."""
        ...

    def normalize_options(self, options: Mapping[str, Any], seats: int) -> JsonDict:
        """The options completed with defaults, so a record says everything it was played with."""
        ...

    def to_act(self, state: StateT) -> tuple[int, ...]:
        """The seats that may submit a command now (several where choices are simultaneous)."""
        ...

    def legal_commands(self, state: StateT, seat: int) -> Sequence[Command]: ...

    def apply(self, state: StateT, seat: int, command: Command) -> list[Event]:
        """Carry out a command; IllegalCommand (state unchanged) when it is not legal."""
        ...

    def advance(self, state: StateT, seat: int, command: Command) -> None:
        """`apply` without the check and without events, for a command taken from
        `legal_commands` (bots' look-ahead, random playouts). Same resulting state."""
        ...

    def view(self, state: StateT, seat: int | None) -> View:
        """What `seat` may know; None is a spectator who sees only public facts."""
        ...

    def view_from_json(self, data: Any) -> View:
        """A view read back from its `to_json`, as a bot playing a seat through the network
        receives it; RecordError for anything else (the data comes from another process)."""
        ...

    def is_over(self, state: StateT) -> bool: ...

    def scores(self, state: StateT) -> tuple[int, ...]: ...

    def winners(self, state: StateT) -> tuple[int, ...]: ...

    def clone(self, state: StateT) -> StateT: ...

    def state_to_json(self, state: StateT) -> JsonDict:
        """Everything, hidden facts included: for saves, replays and tests, never for a view."""
        ...

    def state_from_json(self, data: Mapping[str, Any]) -> StateT: ...

    def command_from_json(self, data: Any) -> Command: ...


class Bot(Protocol):
    """A computer player: sees only its seat's view and the legal commands, returns one of them."""

    def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command: ...
