"""What the collection needs to know of one game: its rules, how to read its commands back,
its bot levels and the figures the arena averages."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from moonlight_desktop.i18n import _

from .data import Command, CommandCodec
from .errors import OptionsError, brief
from .ladder import Line
from .rules import Bot, Rules
from .schema import Object
from .timing import TimeoutRule, untimed

BotFactory = Callable[..., Bot]
"""Makes a bot from a seed (bots are deterministic given their seed): `factory(seed)`; a
searching level's also as `factory(seed, iterations=n)`, searching a fixed number of
iterations instead of its time budget (reproducible tables)."""
SEARCHING_LEVELS = frozenset({"hard"})
"""The levels that search, and so take a fixed number of iterations."""


@dataclass(frozen=True, slots=True)
class BenchTable:
    """A table of Normal bots that `moonlight-desktop bench` plays in the window to time the
    frames in which something flies, and the longest frame while a bot thinks."""

    bots: int
    flying: str
    """What flies, as the bench's line says it: "a Moons trick animates"."""
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameSpec:
    rules: Rules[Any]
    codec: CommandCodec[Command]
    bots: Mapping[str, BotFactory]
    stats: Callable[[Any], dict[str, float]]
    """Figures of a finished game that the arena averages (turns, rounds...)."""
    options: Object
    """The options by type and range (the rules check what depends on the seat count)."""
    pinned_setup: Object
    """A record's pinned setup by type and range (the rules check it is a whole box)."""
    ladder: tuple[Line, ...] = ()
    """The bot ladder's tables (`moonlight-desktop ladder`): each level a clear step above the
    one below."""
    bench_table: BenchTable | None = None
    """The table whose frames `bench` times in the window (None: none)."""
    bench_figures: Callable[[], list[str]] | None = None
    """Lines of figures of the game's own that `moonlight-desktop bench` prints after the
    common ones (None: none)."""
    timeout: TimeoutRule = untimed
    """The game's timed decisions, asked by the table's clock and by the server's alike."""
    public_commands: frozenset[str] = frozenset()
    """Kinds of command every seat may know whole (their events show all they decide): an
    online table tells them to every seat, and other kinds only to the seat that made them."""

    def bot(self, level: str, seed: int, iterations: int | None = None) -> Bot:
        """A bot of `level`, searching `iterations` when given (a searching level only);
        OptionsError for a level this game has not."""
        if level not in self.bots:
            # Translators: {game} is a game's id, {level} the level asked, {levels} the game's.
            raise OptionsError(
                _("{game} has no bot level {level} (levels: {levels})").format(
                    game=self.rules.game_id,
                    level=brief(level, 40),
                    levels=", ".join(sorted(self.bots)),
                )
            )
        if iterations is None or level not in SEARCHING_LEVELS:
            return self.bots[level](seed)
        return self.bots[level](seed, iterations=iterations)
