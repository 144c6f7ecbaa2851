"""The command line: `moonlight-desktop [play|replay|arena|ladder|bench|serve|online-bot]` (also
`python -m moonlight_desktop`); with no command it opens the game window.

Bad arguments or a bad record give a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from moonlight_desktop.engine import OptionsError, RecordError
from moonlight_desktop.game_list import GAMES
from moonlight_desktop.usage import UsageError
from moonlight_desktop.version import PrintVersion


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


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
        "--headless-only",
        action="store_true",
        help="skip the window figures (frames, startup, idle CPU)",
    )
    bench.add_argument(
        "--hard-budget", type=float, default=1.5, help="seconds a Hard decision may search"
    )
    bench.add_argument(
        "--hard-decisions", type=int, default=20, help="Hard decisions timed for each game"
    )
    bench.add_argument(
        "--online",
        action="store_true",
        help="print only the online server's figures (serve processes loaded from this one)",
    )
    bench.add_argument(
        "--online-rooms", type=int, default=1000, help="rooms open on the online server"
    )
    bench.add_argument(
        "--online-lively", type=int, default=200, help="of them, rooms whose person plays"
    )
    bench.add_argument(
        "--online-seconds", type=float, default=60.0, help="seconds the lively rooms are timed"
    )
    serve = commands.add_parser("serve", help="run a game server for online tables")
    serve.add_argument("--host", default="localhost", help="where to listen (default: localhost)")
    serve.add_argument("--port", type=int, default=8765)
    serve.add_argument("--db", help="the rooms' SQLite file (default: in the user data folder)")
    serve.add_argument("--cert", type=Path, help="a TLS certificate (PEM), for wss")
    serve.add_argument("--key", type=Path, help="the certificate's private key (PEM)")
    serve.add_argument(
        "--bot-pause",
        type=float,
        default=0.4,
        help="seconds a bot waits before it acts, so people can follow (default: 0.4)",
    )
    serve.add_argument(
        "--insecure",
        action="store_true",
        help="listen beyond localhost without encryption (only behind a TLS proxy)",
    )
    online_bot = commands.add_parser(
        "online-bot", help="take a free seat of an online table and play it with a bot"
    )
    online_bot.add_argument("--server", required=True, help="the server: ws://host:port or wss://")
    online_bot.add_argument("--room", required=True, help="the table's code")
    online_bot.add_argument(
        "--level", default="normal", help="the bot's level: easy, normal (the default) or hard"
    )
    online_bot.add_argument("--name", help="the name the table shows (default: Normal bot...)")
    return parser


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
        from moonlight_desktop import cli_tools  # not for the window: it opens sooner without

        print(cli_tools.HANDLERS[args.command](args))
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
