"""The command line's tools: replay a record, play bot tables (arena, ladder), print the
speed figures (bench). Imported only when one is asked for: the window opens without them."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from moonlight_desktop.engine import GameRecord, Match, safejson
from moonlight_desktop.engine.arena import run_arena
from moonlight_desktop.engine.bench import (
    mean_clone_microseconds,
    median_decision_milliseconds,
    random_actions_per_second,
    random_games_per_second,
    sample_seats,
    sample_states,
    search_figures,
)
from moonlight_desktop.engine.game import SEARCHING_LEVELS
from moonlight_desktop.engine.ismcts import Searching
from moonlight_desktop.engine.rules import Bot, Rules
from moonlight_desktop.game_list import (
    GAMES,
    BotsOf,
    check_seats,
    codec_for,
    game_spec,
    make_bot,
)
from moonlight_desktop.usage import MAX_ITERATIONS, MAX_JOBS, UsageError


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
    from moonlight_desktop.ladder import ladder_table, play_ladder

    spec = game_spec(args.game)  # an unknown game is refused by name
    _check_counts(args)
    lines = spec.ladder
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
    if args.online:
        return _online_bench(args)
    lines = []
    for spec in GAMES.values():
        rules = spec.rules
        seats = sample_seats(rules)
        options = rules.normalize_options({}, seats)
        playouts = random_games_per_second(rules, seats, options, args.seconds, checked=False)
        checked = random_games_per_second(rules, seats, options, args.seconds, checked=True)
        states = sample_states(rules, seats, options, 400)
        lines.append(f"{spec.rules.title} ({seats} seats)")
        lines.append(f"  rules {_rules_build(rules)}")
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
        if spec.bench_figures is not None:
            lines.extend(spec.bench_figures())
    if not args.headless_only:
        from moonlight_desktop.window_bench import report

        lines.append(report())
    return "\n".join(lines)


def _online_bench(args: argparse.Namespace) -> str:
    """Only the online section: it runs servers for minutes and loads them from this
    process, so the other figures, timed on the same cores meanwhile, would be worth little."""
    from moonlight_desktop.net.bench import OnlineLoad, online_report

    if not 1 <= args.online_rooms <= MAX_ONLINE_ROOMS:
        raise UsageError(f"--online-rooms must be between 1 and {MAX_ONLINE_ROOMS}")
    if not 1 <= args.online_lively <= args.online_rooms:
        raise UsageError("--online-lively must be between 1 and --online-rooms")
    if not 1 <= args.online_seconds <= MAX_ONLINE_SECONDS:
        raise UsageError(f"--online-seconds must be between 1 and {MAX_ONLINE_SECONDS}")
    return online_report(OnlineLoad(args.online_rooms, args.online_lively, args.online_seconds))


MAX_ONLINE_ROOMS = 5000
"""Each room is a connection of the bench and of the server: file descriptors run out past
this on a usual system."""
MAX_ONLINE_SECONDS = 3600


def _rules_build(rules: Rules[Any]) -> str:
    """Whether the rules run as compiled extension modules (scripts/compile_rules.py, as the
    double-clickable build ships Market's) or as plain Python."""
    module = sys.modules[type(rules).__module__]
    compiled = any(str(module.__file__).endswith(suffix) for suffix in EXTENSION_SUFFIXES)
    return "compiled with mypyc" if compiled else "in plain Python"


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


def _serve(args: argparse.Namespace) -> str:
    from moonlight_desktop.net.serve import ServeOptions, serve

    options = ServeOptions(
        args.host, args.port, args.db, args.cert, args.key, args.insecure, args.bot_pause
    )
    return serve(options, lambda line: print(line, flush=True))


def _online_bot(args: argparse.Namespace) -> str:
    from moonlight_desktop.net.online_bot import OnlineBotOptions, play_online

    options = OnlineBotOptions(args.server, args.room, args.level, args.name)
    return play_online(options, lambda line: print(line, flush=True))


HANDLERS: dict[str, Callable[[argparse.Namespace], str]] = {
    "replay": _replay,
    "arena": _arena,
    "ladder": _ladder,
    "bench": _bench,
    "serve": _serve,
    "online-bot": _online_bot,
}
"""Each command's tool: its arguments -> what it prints."""
