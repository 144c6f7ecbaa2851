"""Players' statistics, counted from the archive of finished games and nothing else.

Each archived game's scores and winners come from replaying its record (`archive`), so the
figures here cannot drift from what was played. Only human seats get figures: bots have levels,
not careers. Names are compared exactly ("Ada" and "ada" are two players).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from moonlight_desktop.archive import ArchivedGame, ArchivedSeat


@dataclass(frozen=True, slots=True)
class VersusLevel:
    level: str
    """A bot level."""
    games: int
    """Games this player played with at least one bot of this level at the table."""
    wins: int
    """Of those, the games this player won (a shared win counts)."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    game: str
    games: int
    wins: int
    """Games won, a shared win included."""
    mean_score: float
    best_score: int
    versus: tuple[VersusLevel, ...]
    """By bot level, sorted by level name."""
    hints_used: int = 0
    """Hints asked for over these games (games archived before hints were counted: none)."""


@dataclass(slots=True)
class _Tally:
    games: int = 0
    wins: int = 0
    total_score: int = 0
    best_score: int | None = None
    hints: int = 0
    versus: dict[str, list[int]] = field(default_factory=dict)
    """Games and wins by bot level."""

    def count(self, score: int, won: bool, levels: Iterable[str]) -> None:
        self.games += 1
        self.wins += won
        self.total_score += score
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        for level in levels:
            games_and_wins = self.versus.setdefault(level, [0, 0])
            games_and_wins[0] += 1
            games_and_wins[1] += won


def statistics(games: Iterable[ArchivedGame]) -> list[PlayerStats]:
    """One entry per human seat name and game, sorted by name (in any case), then game id.

    A name at two seats of one game (two players who chose the same name) counts that game
    once: won if either seat won, with the better of their scores."""
    tallies: dict[tuple[str, str], _Tally] = {}
    for game in games:
        levels = {seat.level for seat in game.seats if seat.player == "bot" and seat.level}
        humans: dict[str, list[ArchivedSeat]] = {}
        for seat in game.seats:
            if seat.player == "human":
                humans.setdefault(seat.name, []).append(seat)
        for name, seats in humans.items():
            tally = tallies.setdefault((name, game.game), _Tally())
            won = any(seat.winner for seat in seats)
            tally.count(max(seat.score for seat in seats), won, levels)
            tally.hints += sum(seat.hints for seat in seats)
    return [
        PlayerStats(
            name=name,
            game=game_id,
            games=tally.games,
            wins=tally.wins,
            mean_score=tally.total_score / tally.games,
            best_score=tally.best_score if tally.best_score is not None else 0,
            versus=tuple(
                VersusLevel(level, played, won)
                for level, (played, won) in sorted(tally.versus.items())
            ),
            hints_used=tally.hints,
        )
        for (name, game_id), tally in sorted(
            tallies.items(), key=lambda item: (item[0][0].casefold(), item[0][0], item[0][1])
        )
    ]
