"""Window figures for `moonlight-desktop bench`: frame times while the Castle path animates,
while each game's pieces fly at the table its spec sets (`GameSpec.bench_table`, with the
longest frame while bots think), while Hard bots search (in processes, and on threads
for comparison), startup time to the first interactive frame, peak memory, and the CPU the
window takes while nothing moves (on the title, the gallery, and at each game's table waiting
for a human). Each runs in a fresh process with the dummy video driver, so the figures do not
depend on what ran before; the window's modules are imported inside the measuring functions,
so the process that starts them stays free of pygame."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from moonlight_desktop.game_list import GAMES
from moonlight_desktop.paths import bundle_root

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App
    from moonlight_desktop.ui.scene import Scene

SIZES = ((1280, 720), (1920, 1080))
ANIMATED_FRAMES = 400
WARM_FRAMES = 30
IDLE_SCREENS = ("title", "gallery", *GAMES)
"""Where idle CPU is measured: the title, the gallery, and each game's table."""
IDLE_SECONDS = 4.0
"""How long the idle CPU is measured, once the screen is still."""
SETTLING_SECONDS = 12.0
"""How long a screen is left alone before its idle CPU is measured: its ambient motion
rests 5 s after the last input, and the title's band of light then finishes its pass (up to
5.5 s more)."""
READY_TIMEOUT = 60.0
"""Seconds a table may take to come to the human's decision before the bench gives up."""


def _quiet_env(data: str) -> dict[str, str]:
    return {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "MOONLIGHT_DESKTOP_DATA": data,
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }


def measure_frames(width: int, height: int) -> dict[str, float]:
    """Three humans play random legal commands at the Castle table (the Full Moon: no
    hand-offs) and every frame in which the path moves (slider pushing, tiles sliding or
    falling) is timed."""
    import pygame

    from moonlight_desktop.engine import Match, Rng, SeatSpec
    from moonlight_desktop.game_list import TABLE_GAMES
    from moonlight_desktop.games.castle.ui.presenter import CastlePresenter
    from moonlight_desktop.scenes.table_flow import open_table
    from moonlight_desktop.ui.app import App
    from moonlight_desktop.userdata import UserData

    ui = TABLE_GAMES["castle"]
    with tempfile.TemporaryDirectory() as folder:
        app = App(UserData(__import__("pathlib").Path(folder)))
        app.window = pygame.display.set_mode((width, height))
        seats = [
            SeatSpec(f"P{n}", "human", None, look)
            for n, look in enumerate(("fox", "wolf", "raccoon"))
        ]
        rng = Rng(3)
        times: list[float] = []
        game = 0
        while len(times) < ANIMATED_FRAMES:
            match = Match.new(GAMES["castle"].rules, seats, 100 + game, {"full_moon": True})
            game += 1
            table = open_table(app, ui, match)
            app.stack.reset(table)
            while not table.controller.over_told and len(times) < ANIMATED_FRAMES:
                app.step(1 / 60)  # the next player takes the seat
                legal = table.controller.legal()
                if not legal or table.presenter.busy:
                    continue
                table.controller.submit(legal[rng.below(len(legal))])
                table.controller.settle()  # the rules' thread applies it: not a frame's work
                app.step(1 / 60)  # the command's events start to play
                picture = table.screen.presenter
                assert isinstance(picture, CastlePresenter)
                while picture.busy:
                    moving = picture.slider > 0 or bool(picture.loose)
                    started = time.perf_counter()
                    app.step(1 / 60)
                    if moving:
                        times.append(time.perf_counter() - started)
        app.close()
    return {
        **_frame_figures(times),
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def measure_table_frames(width: int, height: int, game_id: str) -> dict[str, float]:
    """Normal bots play `game_id` at the table its spec's `bench_table` sets: every frame in
    which something flies, and the longest frame while a bot thinks."""
    table = GAMES[game_id].bench_table
    if table is None:
        raise ValueError(f"{game_id} has no bench table")
    return _table_frames(width, height, game_id, table.bots, dict(table.options))


def _table_frames(
    width: int, height: int, game_id: str, bots: int, options: dict[str, object]
) -> dict[str, float]:
    """Bots play `game_id` at the table: times every frame in which something flies, and the
    longest frame while a bot thinks (after each table's first frames, which rasterize its
    art once)."""
    import pygame

    from moonlight_desktop.engine import Match, SeatSpec
    from moonlight_desktop.game_list import TABLE_GAMES
    from moonlight_desktop.scenes.table_flow import open_table
    from moonlight_desktop.ui.app import App
    from moonlight_desktop.userdata import UserData

    ui = TABLE_GAMES[game_id]
    with tempfile.TemporaryDirectory() as folder:
        app = App(UserData(__import__("pathlib").Path(folder)))
        app.window = pygame.display.set_mode((width, height))
        seats = [SeatSpec(f"B{n}", "bot", "normal", ui.setup.looks[n]) for n in range(bots)]
        times: list[float] = []
        longest, game = 0.0, 0
        while len(times) < ANIMATED_FRAMES:
            match = Match.new(GAMES[game_id].rules, seats, 200 + game, options)
            game += 1
            table = open_table(app, ui, match)
            app.stack.reset(table)
            frame = 0
            while not table.controller.over_told and len(times) < ANIMATED_FRAMES:
                thinking = bool(table.controller.thinking())
                started = time.perf_counter()
                app.step(1 / 60)
                elapsed = time.perf_counter() - started
                frame += 1
                if thinking and frame > WARM_FRAMES:
                    longest = max(longest, elapsed)
                if table.presenter.flights:
                    times.append(elapsed)
        app.close()
    return {**_frame_figures(times), "longest_ms": longest * 1000}


def measure_online_frames(width: int, height: int) -> dict[str, float]:
    """A Moons table on a game server on this computer (on its own thread, as a hosted
    table), five Normal bots playing there at full speed and this window's seat playing as
    soon as it is asked: every frame in which something flies, and the longest frame of all
    (news arriving, the standings made)."""
    import random

    import pygame

    from moonlight_desktop.net.hosting import HostedServer
    from moonlight_desktop.net.protocol import Create, SeatWish
    from moonlight_desktop.net.store import SQLiteStore
    from moonlight_desktop.scenes.waiting_room import WaitingRoomScene
    from moonlight_desktop.ui.app import App
    from moonlight_desktop.ui.table.online_table import OnlineTable
    from moonlight_desktop.userdata import UserData

    rng = random.Random(5)
    times: list[float] = []
    longest = 0.0
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteStore(Path(folder) / "rooms.sqlite3")
        server = HostedServer(store, bot_pause=0.0)
        url = f"ws://127.0.0.1:{server.start('127.0.0.1', 0)}"
        app = App(UserData(Path(folder)))
        app.window = pygame.display.set_mode((width, height))
        seats = [SeatWish("me", name="Ada"), *(SeatWish("bot", "normal") for _ in range(5))]
        while len(times) < ANIMATED_FRAMES:
            create = Create("moons", seats, "Ada", {})
            app.stack.reset(WaitingRoomScene(app, url, create, "Moons", "moons"))
            while not isinstance(app.stack.top, OnlineTable):
                app.step(1 / 60)
                time.sleep(0.001)
            table = app.stack.top
            frame = 0
            while not table.controller.over_told and len(times) < ANIMATED_FRAMES:
                if table.controller.may_act() and not table.presenter.busy:
                    table.input.choose(rng.choice(list(table.controller.legal())))
                started = time.perf_counter()
                app.step(1 / 60)
                elapsed = time.perf_counter() - started
                frame += 1
                if frame > WARM_FRAMES:
                    longest = max(longest, elapsed)
                    if table.presenter.flights:
                        times.append(elapsed)
                time.sleep(max(0.0, 1 / 60 - elapsed))
        app.close()
        server.stop()
        store.close()
    return {**_frame_figures(times), "longest_ms": longest * 1000}


def measure_hard_frames(width: int, height: int) -> dict[str, float]:
    """A Moons table of four Hard bots: every frame while one of them thinks, each search
    using its whole budget in a process of its own (the tableaux are planned, not searched;
    then the tricks, one seat at a time)."""
    return _searching_frames(width, height, in_processes=True)


def measure_hard_frames_on_threads(width: int, height: int) -> dict[str, float]:
    """The same searches on threads of the window's process (what the processes avoid)."""
    return _searching_frames(width, height, in_processes=False)


def _searching_frames(width: int, height: int, in_processes: bool) -> dict[str, float]:
    import pygame

    from moonlight_desktop.engine import Match, SeatSpec
    from moonlight_desktop.game_list import TABLE_GAMES
    from moonlight_desktop.scenes.table_flow import open_table
    from moonlight_desktop.ui.app import App
    from moonlight_desktop.userdata import UserData

    ui = TABLE_GAMES["moons"]
    with tempfile.TemporaryDirectory() as folder:
        app = App(UserData(__import__("pathlib").Path(folder)))
        app.window = pygame.display.set_mode((width, height))
        if not in_processes:
            threads = ThreadPoolExecutor(max_workers=4)
            app.search.submit = threads.submit  # type: ignore[method-assign,assignment]
        seats = [SeatSpec(f"B{n}", "bot", "hard", ui.setup.looks[n]) for n in range(4)]
        match = Match.new(GAMES["moons"].rules, seats, 300)
        table = open_table(app, ui, match)
        app.stack.reset(table)
        for _ in range(WARM_FRAMES):  # the art is rasterized, the processes start
            app.step(1 / 60)
        times: list[float] = []
        while len(times) < ANIMATED_FRAMES and not table.controller.over_told:
            thinking = bool(table.controller.thinking())
            started = time.perf_counter()
            app.step(1 / 60)
            if thinking:
                times.append(time.perf_counter() - started)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - started)))  # a real pace
        app.close()
    return {**_frame_figures(times), "longest_ms": max(times) * 1000}


def measure_idle(screen: str) -> dict[str, float]:
    """The share of one core the window takes (process CPU time over wall time, every thread
    counted) while nothing moves on `screen` (one of IDLE_SCREENS), through the app's own loop
    (`App.run`): the title, the gallery, or a table of a human and two normal bots where the
    human is to decide with no clock running (the bots have played what they may). It is
    measured for IDLE_SECONDS once the screen has been left alone SETTLING_SECONDS."""
    import pygame

    from moonlight_desktop.ui.app import App
    from moonlight_desktop.userdata import UserData

    with tempfile.TemporaryDirectory() as folder:
        app = App(UserData(Path(folder)))
        first, ready = _idle_screen(app, screen)
        is_ready = threading.Event()
        step = app.step

        def step_and_look(dt: float) -> None:  # on the loop's thread, as the scene changes
            step(dt)
            if not is_ready.is_set() and ready():
                is_ready.set()

        app.step = step_and_look  # type: ignore[method-assign]
        figures: dict[str, float] = {}

        def measure() -> None:
            if is_ready.wait(READY_TIMEOUT):
                time.sleep(SETTLING_SECONDS)
                cpu, wall = time.process_time(), time.perf_counter()
                time.sleep(IDLE_SECONDS)
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                figures["cpu_percent"] = 100 * cpu / wall
            pygame.event.post(pygame.event.Event(pygame.QUIT))  # the loop ends, as on closing

        threading.Thread(target=measure, name="idle bench", daemon=True).start()
        width, height = app.size
        app.run(first)
    if "cpu_percent" not in figures:
        raise RuntimeError(f"the {screen} screen never came to a human's decision")
    return {**figures, "width": float(width), "height": float(height)}


def _idle_screen(app: App, screen: str) -> tuple[Scene, Callable[[], bool]]:
    """The scene `measure_idle` opens for `screen`, and when it is ready to be measured."""
    from moonlight_desktop.engine import Match, SeatSpec
    from moonlight_desktop.game_list import TABLE_GAMES
    from moonlight_desktop.scenes.gallery import GalleryScene
    from moonlight_desktop.scenes.table_flow import open_table
    from moonlight_desktop.scenes.title import TitleScene

    if screen == "title":
        return TitleScene(app), lambda: True
    if screen == "gallery":
        return GalleryScene(app), lambda: True
    ui = TABLE_GAMES[screen]
    bots = min(2, GAMES[screen].rules.max_seats - 1)
    seats = [SeatSpec("You", "human", None, ui.setup.looks[0])]
    seats += [SeatSpec(f"Bot {n}", "bot", "normal", ui.setup.looks[n]) for n in range(1, bots + 1)]
    table = open_table(app, ui, Match.new(GAMES[screen].rules, seats, 400))
    controller = table.controller

    def deciding() -> bool:
        return (
            controller.may_act()
            and not table.presenter.busy
            and not controller.thinking()
            and controller.time_left(0) is None
        )

    return table, deciding


def _frame_figures(times: list[float]) -> dict[str, float]:
    """The median and 99th percentile of frame times (seconds), in milliseconds."""
    ordered = sorted(times)
    return {
        "median_ms": statistics.median(ordered) * 1000,
        "p99_ms": ordered[int(len(ordered) * 0.99) - 1] * 1000,
        "frames": float(len(ordered)),
    }


def _run_frames(
    width: int, height: int, data: str, measure: str = "measure_frames", *more: str
) -> dict[str, float]:
    """`measure` (a function here) at `width` x `height`, with `more` arguments (literals)."""
    arguments = ", ".join((str(width), str(height), *more))
    return _run_measure(f"{measure}({arguments})", measure, data)


def _run_measure(call: str, measure: str, data: str) -> dict[str, float]:
    """`call` of `measure` (a function here) in a fresh process on the dummy driver."""
    code = (
        f"import json; from moonlight_desktop.window_bench import {measure}; "
        f"print(json.dumps({call}))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code],
        env=_quiet_env(data),
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(output.stdout.strip().splitlines()[-1])
    return figures


def _startup_seconds(data: str, program: list[str], repeats: int = 3) -> float:
    """Launch to the first drawn title frame, as a player would start the app."""
    command = [*program, "--quit-after-first-frame"]
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(command, env=_quiet_env(data), capture_output=True, check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def idle_lines(data: str) -> list[str]:
    """The idle CPU of each of IDLE_SCREENS, a line each (`measure_idle`)."""
    lines = []
    for screen in IDLE_SCREENS:
        figures = _run_measure(f"measure_idle({screen!r})", "measure_idle", data)
        where = f"on the {screen}" if screen in ("title", "gallery") else f"at the {screen} table"
        lines.append(
            f"  idle CPU {where} waiting for a human: {figures['cpu_percent']:.1f}% of a core"
            f" ({figures['width']:.0f}x{figures['height']:.0f}, over {IDLE_SECONDS:.0f} s once"
            " still)"
        )
    return lines


def report() -> str:
    lines = ["The window (dummy video driver)"]
    with tempfile.TemporaryDirectory() as data:
        for width, height in SIZES:
            figures = _run_frames(width, height, data)
            lines.append(
                f"  frame time while the path animates at {width}x{height}:"
                f" median {figures['median_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms"
                f" over {figures['frames']:.0f} frames; peak memory {figures['peak_mb']:.0f} MB"
            )
        tables = [
            ("measure_table_frames", spec.bench_table.flying, repr(game_id))
            for game_id, spec in GAMES.items()
            if spec.bench_table is not None
        ]
        for measure, what, *more in (
            *tables,
            ("measure_hard_frames", "a Hard bot searches in its process (four at the table)"),
            ("measure_hard_frames_on_threads", "(for comparison) it searches on a thread"),
            ("measure_online_frames", "a Moons table plays online, five bots on the server"),
        ):
            for width, height in SIZES:
                figures = _run_frames(width, height, data, measure, *more)
                lines.append(
                    f"  frame time while {what} at {width}x{height}:"
                    f" median {figures['median_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms"
                    f" over {figures['frames']:.0f} frames; longest frame with bots thinking"
                    f" {figures['longest_ms']:.1f} ms"
                )
        lines.extend(idle_lines(data))
        source = _startup_seconds(data, [sys.executable, "-m", "moonlight_desktop"])
        lines.append(f"  launch to first frame, from source: {source:.2f} s")
        bundle = bundle_root() / "dist" / "MoonlightDesktop" / "MoonlightDesktop"
        if bundle.is_file():
            built = _startup_seconds(data, [str(bundle)])
            lines.append(f"  launch to first frame, built bundle: {built:.2f} s")
        else:
            lines.append("  (no built bundle: `bash scripts/build.sh` first to time it)")
    return "\n".join(lines)
