"""Players' statistics equal an independent recount from the archived records (replayed here,
without the archive's entries); a shared win counts for each winner; bots get no figures."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from moonlight_desktop.archive import Archive, ArchivedGame, ArchivedSeat
from moonlight_desktop.engine import GameRecord, Match, SeatSpec
from moonlight_desktop.game_list import GAMES, codec_for, make_bot
from moonlight_desktop.statistics import PlayerStats, VersusLevel, statistics

ADA, BEA, CYD = SeatSpec("Ada"), SeatSpec("Bea"), SeatSpec("Cyd")
LOWER_ADA = SeatSpec("ada")  # another player: names are compared exactly


def bot(level: str, name: str = "Bot") -> SeatSpec:
    return SeatSpec(f"{name} {level}", "bot", level)


TABLES: list[tuple[str, tuple[SeatSpec, ...], int]] = [
    ("castle", (ADA, bot("easy")), 1),
    ("castle", (ADA, bot("normal")), 2),
    ("castle", (ADA, bot("easy"), bot("normal", "Other")), 3),
    ("castle", (ADA, BEA), 4),
    ("castle", (BEA, LOWER_ADA, bot("easy")), 5),
    ("market", (ADA,), 1),
    ("market", (ADA, CYD, bot("normal")), 2),
    ("moons", (ADA, BEA, bot("easy")), 1),
    ("moons", (CYD, bot("easy"), bot("easy", "Twin")), 2),
    ("samarkand", (ADA, CYD, bot("normal")), 1),
    ("samarkand", (LOWER_ADA, bot("easy"), bot("normal")), 2),
]


@cache
def _played(game_id: str, seats: tuple[SeatSpec, ...], seed: int) -> str:
    """A finished game's record text: every seat, humans too, played by a bot."""
    match: Match[Any] = Match.new(GAMES[game_id].rules, seats, seed)
    bots = {n: make_bot(game_id, seat.level or "easy", seed + n) for n, seat in enumerate(seats)}
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal(seat), 0))
    return match.record.dumps()


@pytest.fixture
def archive(tmp_path: Path) -> Archive:
    archive = Archive(tmp_path / "past_games")
    moments = (datetime(2026, 12, 1) + timedelta(minutes=n) for n in range(1000))
    archive.clock = lambda: next(moments)
    for game_id, seats, seed in TABLES:
        text = _played(game_id, seats, seed)
        record = GameRecord.from_json(json.loads(text), codec_for)
        archive.add(Match(GAMES[game_id].rules, record), limit=200)
    return archive


@dataclass
class _Count:
    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    versus: dict[str, list[int]] = field(default_factory=dict)


def _recount(folder: Path) -> list[PlayerStats]:
    """Statistics counted straight from the record files: each replayed here, every human seat
    counted with its score and whether it is among the winners."""
    counts: dict[tuple[str, str], _Count] = {}
    for path in sorted(folder.glob("*.json")):
        record = GameRecord.load(path, codec_for)
        match: Match[Any] = Match(GAMES[record.game].rules, record)
        assert match.is_over()
        levels = {seat.level for seat in record.seats if seat.level is not None}
        for number, seat in enumerate(record.seats):
            if seat.player != "human":
                continue
            count = counts.setdefault((seat.name, record.game), _Count())
            won = number in match.winners()
            count.games += 1
            count.wins += won
            count.scores.append(match.scores()[number])
            for level in levels:
                count.versus.setdefault(level, [0, 0])
                count.versus[level][0] += 1
                count.versus[level][1] += won
    return sorted(
        (
            PlayerStats(
                name,
                game_id,
                count.games,
                count.wins,
                sum(count.scores) / len(count.scores),
                max(count.scores),
                tuple(VersusLevel(level, *count.versus[level]) for level in sorted(count.versus)),
            )
            for (name, game_id), count in counts.items()
        ),
        key=lambda stats: (stats.name.casefold(), stats.name, stats.game),
    )


def test_statistics_equal_a_recount_from_the_records(archive: Archive) -> None:
    counted = statistics(archive.games())
    assert counted == _recount(archive.folder)
    assert sum(stats.games for stats in counted) == sum(
        seat.player == "human" for _, seats, _ in TABLES for seat in seats
    )
    assert sum(stats.wins for stats in counted) > 0  # the tables hold some human wins


def test_one_entry_per_human_name_and_game_sorted_by_name_then_game(archive: Archive) -> None:
    counted = statistics(archive.games())
    assert [(stats.name, stats.game) for stats in counted] == [
        ("Ada", "castle"),
        ("Ada", "market"),
        ("Ada", "moons"),
        ("Ada", "samarkand"),
        ("ada", "castle"),
        ("ada", "samarkand"),
        ("Bea", "castle"),
        ("Bea", "moons"),
        ("Cyd", "market"),
        ("Cyd", "moons"),
        ("Cyd", "samarkand"),
    ]
    ada_castle = counted[0]
    assert ada_castle.games == 4
    assert [(versus.level, versus.games) for versus in ada_castle.versus] == [
        ("easy", 2),
        ("normal", 2),
    ]
    assert counted[1].games == 2  # Market's Dirk and Beate are no one's opponents by level


def _game(game_id: str, *seats: ArchivedSeat) -> ArchivedGame:
    return ArchivedGame("key", game_id, datetime(2026, 1, 1), seats, 10, Path("key.json"))


def _human(name: str, score: int, winner: bool) -> ArchivedSeat:
    return ArchivedSeat(name, "human", None, None, score, winner)


def _bot(level: str, score: int, winner: bool) -> ArchivedSeat:
    return ArchivedSeat(f"Bot {level}", "bot", level, None, score, winner)


def test_a_shared_win_counts_as_a_win_for_each_winner() -> None:
    shared = _game(
        "castle", _human("Ada", 20, True), _human("Bea", 20, True), _bot("easy", 20, True)
    )
    lost = _game(
        "castle", _human("Ada", 5, False), _human("Bea", 30, True), _bot("normal", 1, False)
    )
    ada, bea = statistics([shared, lost])
    assert (ada.name, ada.games, ada.wins, ada.mean_score, ada.best_score) == (
        "Ada",
        2,
        1,
        12.5,
        20,
    )
    assert (bea.name, bea.games, bea.wins, bea.mean_score, bea.best_score) == (
        "Bea",
        2,
        2,
        25.0,
        30,
    )
    assert ada.versus == (VersusLevel("easy", 1, 1), VersusLevel("normal", 1, 0))
    assert bea.versus == (VersusLevel("easy", 1, 1), VersusLevel("normal", 1, 1))


def test_bots_get_no_figures_and_no_games_give_none() -> None:
    assert statistics([]) == []
    assert statistics([_game("moons", _bot("easy", 3, True), _bot("normal", 2, False))]) == []


def test_a_name_at_two_seats_of_one_game_counts_the_game_once_with_the_better_score() -> None:
    game = _game("moons", _human("Ada", 4, False), _human("Ada", 9, True), _bot("easy", 1, False))
    (ada,) = statistics([game])
    assert (ada.games, ada.wins, ada.mean_score, ada.best_score) == (1, 1, 9.0, 9)
    assert ada.versus == (VersusLevel("easy", 1, 1),)


def test_negative_scores_are_counted_as_they_are() -> None:
    games = [
        _game("samarkand", _human("Cyd", -12, False)),
        _game("samarkand", _human("Cyd", -3, True)),
    ]
    (cyd,) = statistics(games)
    assert (cyd.mean_score, cyd.best_score, cyd.wins, cyd.versus) == (-7.5, -3, 1, ())
