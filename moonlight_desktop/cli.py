"""The command line: `moonlight-desktop [play|replay|arena|ladder|bench]` (also `python -m
moonlight_desktop`); with no command it opens the game window.

Bad arguments or a bad record give a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from moonlight_desktop.engine import GameRecord, Match, OptionsError, RecordError, safejson
from moonlight_desktop.engine.arena import run_arena
from moonlight_desktop.engine.bench import (
    mean_clone_microseconds,
    median_decision_milliseconds,
    random_actions_per_second,
    random_games_per_second,
    sample_states,
    search_figures,
    worst_median_milliseconds,
)
from moonlight_desktop.engine.game import SEARCHING_LEVELS
from moonlight_desktop.engine.ismcts import Searching
from moonlight_desktop.engine.rules import Bot, Rules
from moonlight_desktop.games.registry import (
    GAMES,
    BotsOf,
    check_seats,
    codec_for,
    game_spec,
    make_bot,
)
from moonlight_desktop.games.samarkand.components import GOODS_VALUES
from moonlight_desktop.games.samarkand.scoring import best_keep
from moonlight_desktop.version import PrintVersion


class UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


MAX_ITERATIONS = 1_000_000
"""More search than any table needs (a decision of a million iterations takes minutes)."""
MAX_JOBS = 64


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="moonlight-desktop",
        description="Moonlight Desktop: moonlit tabletop games for one computer.",
    )
    parser.add_argument("--version", action=PrintVersion)
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="render every scene for a few frames without a screen, then exit",
    )
    parser.add_argument(
        "--quit-after-first-frame",
        action="store_true",
        help="open the window, draw the first frame and quit (measures startup)",
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)
    commands.add_parser("play", help="open the game window (the default)")
    replay = commands.add_parser("replay", help="replay a game record and print the state as JSON")
    replay.add_argument("record", type=Path, help="a game record (.json)")
    replay.add_argument("--upto", type=int, help="replay only the first N commands")
    arena = commands.add_parser("arena", help="play bot tables and report win rates")
    arena.add_argument("--game", default="castle", help=f"one of: {', '.join(sorted(GAMES))}")
    arena.add_argument("--seats", required=True, help="bot levels, comma-separated: normal,easy")
    arena.add_argument("--games", type=int, default=200)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--options", default="{}", help="game options as a JSON object")
    arena.add_argument(
        "--iterations",
        type=int,
        help="Hard bots search this many iterations a decision (reproducible; default: their"
        " time budget)",
    )
    arena.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    ladder = commands.add_parser(
        "ladder", help="play the bot ladder's tables and print them with their bars"
    )
    ladder.add_argument("--game", required=True, help=f"one of: {', '.join(sorted(GAMES))}")
    ladder.add_argument("--games", type=int, default=200, help="games per table")
    ladder.add_argument("--seed", type=int, default=1)
    ladder.add_argument(
        "--iterations", type=int, help="Hard bots search this many iterations a decision"
    )
    ladder.add_argument("--jobs", type=int, default=1, help="games played at once")
    ladder.add_argument(
        "--only", help="the tables seating these levels, comma-separated (e.g. hard,normal)"
    )
    bench = commands.add_parser("bench", help="print speed figures for every game")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per random-play figure")
    bench.add_argument(
        "--headless-only", action="store_true", help="skip the window figures (frames, startup)"
    )
    bench.add_argument(
        "--hard-budget", type=float, default=1.5, help="seconds a Hard decision may search"
    )
    bench.add_argument(
        "--hard-decisions", type=int, default=20, help="Hard decisions timed for each game"
    )
    return parser


def _replay(args: argparse.Namespace) -> str:
    record = GameRecord.load(args.record, codec_for)
    check_seats(record)
    rules = game_spec(record.game).rules
    if args.upto is not None:
        if not 0 <= args.upto <= len(record.moves):
            raise UsageError(f"--upto must be between 0 and {len(record.moves)}")
        record.moves = record.moves[: args.upto]
    match = Match(rules, record)
    output = {"game": record.game, "commands": len(record.moves), "state": match.state_json()}
    if match.is_over():
        output["scores"] = list(match.scores())
        output["winners"] = list(match.winners())
    return json.dumps(output, indent=1)


def _arena(args: argparse.Namespace) -> str:
    spec = game_spec(args.game)
    levels = [level.strip() for level in args.seats.split(",") if level.strip()]
    if not spec.rules.min_seats <= len(levels) <= spec.rules.max_seats:
        raise UsageError(
            f"{args.game} seats {spec.rules.min_seats} to {spec.rules.max_seats} bots,"
            f" not {len(levels)}"
        )
    for level in levels:
        make_bot(args.game, level, 0)  # refuse an unknown level before playing
    _check_counts(args)
    try:
        options = safejson.loads(args.options)
    except safejson.JsonError as error:
        raise UsageError(f"--options: {error}") from None
    spec.rules.normalize_options(options, len(levels))  # refuse bad options before playing
    result = run_arena(
        spec.rules,
        levels,
        args.games,
        args.seed,
        BotsOf(args.game, args.iterations),
        options,
        spec.stats,
        args.jobs,
    )
    return result.report()


def _ladder(args: argparse.Namespace) -> str:
    from moonlight_desktop.ladder import LADDERS, ladder_table, play_ladder

    game_spec(args.game)  # an unknown game is refused by name
    _check_counts(args)
    lines = LADDERS[args.game]
    if args.only is not None:
        wanted = {level.strip() for level in args.only.split(",")}
        lines = tuple(line for line in lines if set(line.levels) == wanted)
        if not lines:
            raise UsageError(f"no table of {args.game}'s ladder seats exactly {args.only}")
    outcomes = play_ladder(args.game, args.games, args.seed, args.iterations, args.jobs, lines)
    return ladder_table(outcomes)


def _check_counts(args: argparse.Namespace) -> None:
    """Refuses a table that plays no game, a search of no iterations, or no process."""
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.iterations is not None and not 1 <= args.iterations <= MAX_ITERATIONS:
        raise UsageError(f"--iterations must be between 1 and {MAX_ITERATIONS}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be between 1 and {MAX_JOBS}")


def _bench(args: argparse.Namespace) -> str:
    lines = []
    for spec in GAMES.values():
        rules = spec.rules
        seats = rules.min_seats + 1 if rules.max_seats > rules.min_seats else rules.min_seats
        options = rules.normalize_options({}, seats)
        playouts = random_games_per_second(rules, seats, options, args.seconds, checked=False)
        checked = random_games_per_second(rules, seats, options, args.seconds, checked=True)
        states = sample_states(rules, seats, options, 400)
        lines.append(f"{spec.rules.title} ({seats} seats)")
        lines.append(f"  random complete games per second (one core): {playouts:.0f}")
        actions = random_actions_per_second(rules, seats, options, args.seconds)
        lines.append(f"    ...as random-playout actions per second: {actions:.0f}")
        lines.append(f"    ...through apply, with every check and event: {checked:.0f}")
        lines.append(f"  mean state clone: {mean_clone_microseconds(rules, states):.1f} µs")
        for level, factory in spec.bots.items():
            if level in SEARCHING_LEVELS:
                lines.append(_search_line(level, factory(7), rules, states, args))
                continue
            median = median_decision_milliseconds(rules, factory, states[:200])
            lines.append(f"  bot {level}: median decision {median:.2f} ms")
        figures = _GAME_FIGURES.get(rules.game_id)
        if figures is not None:
            lines.extend(figures())
    if not args.headless_only:
        from moonlight_desktop.window_bench import report

        lines.append(report())
    return "\n".join(lines)


def _search_line(
    level: str, bot: Bot, rules: Rules[Any], states: list[Any], args: argparse.Namespace
) -> str:
    if not isinstance(bot, Searching):
        return f"  bot {level}: does not tell what it searched"
    figures = search_figures(rules, bot, states, args.hard_budget, args.hard_decisions)
    return (
        f"  bot {level} ({args.hard_budget:g} s budget, {figures.decisions} decisions):"
        f" median decision {figures.median_ms:.0f} ms, p99 {figures.p99_ms:.0f} ms,"
        f" {figures.playouts:.0f} playouts a decision,"
        f" {figures.actions_per_second:.0f} actions a second"
    )


def _samarkand_figures() -> list[str]:
    """The over-capacity discard at its worst: all 40 goods a merchant can buy (four types,
    every card) into each capacity from 0 to 40, the slowest capacity's median of 5 runs."""
    holding = (tuple(GOODS_VALUES),) * 4
    calls = [partial(best_keep, holding, capacity) for capacity in range(len(GOODS_VALUES) * 4 + 1)]
    worst = worst_median_milliseconds(calls)
    return [f"  worst-case discard (40 goods of four types, any capacity): {worst:.1f} ms"]


_GAME_FIGURES: dict[str, Callable[[], list[str]]] = {"samarkand": _samarkand_figures}
"""Figures of one game's own beside the common ones, by game id."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
        if args.smoke_test:
            from moonlight_desktop.window import smoke_test

            return smoke_test()
        if args.command in (None, "play"):
            from moonlight_desktop.window import play

            return play(args.quit_after_first_frame)
        handlers = {"replay": _replay, "arena": _arena, "ladder": _ladder, "bench": _bench}
        handler = handlers[args.command]
        print(handler(args))
    except (UsageError, RecordError, OptionsError) as error:
        print(one_line(f"moonlight-desktop: error: {error}"), file=sys.stderr)
        return 2
    return 0


ERROR_LINE_LIMIT = 200


def one_line(text: str, limit: int = ERROR_LINE_LIMIT) -> str:
    """`text` as one printable line of at most `limit` characters (a bad file's bytes may
    hold newlines, control characters or megabytes)."""
    flat = "".join(char if char.isprintable() else " " for char in text[: limit * 4])
    flat = " ".join(flat.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
