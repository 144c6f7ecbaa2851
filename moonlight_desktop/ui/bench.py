"""Window figures for `moonlight-desktop bench`: frame times while the Castle path animates,
startup time to the first interactive frame, and peak memory. Each runs in a fresh process
with the dummy video driver, so the figures do not depend on what ran before."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from moonlight_desktop.paths import bundle_root

SIZES = ((1280, 720), (1920, 1080))
ANIMATED_FRAMES = 400


def _quiet_env(data: str) -> dict[str, str]:
    return {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "MOONLIGHT_DESKTOP_DATA": data,
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }


def measure_frames(width: int, height: int) -> dict[str, float]:
    """Plays random legal commands through the board scene and times every frame in which
    the path is moving (slider pushing, tiles sliding or falling)."""
    import pygame

    from moonlight_desktop.engine import Match, Rng, SeatSpec
    from moonlight_desktop.games.castle.rules import CastleRules
    from moonlight_desktop.games.castle.scene import CastleBoardScene
    from moonlight_desktop.userdata import UserData

    from .app import App

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
            match = Match.new(CastleRules(), seats, 100 + game, {"full_moon": True})
            game += 1
            scene = CastleBoardScene(app, match)
            app.stack.reset(scene)
            app.step(1 / 60)
            while not match.is_over() and len(times) < ANIMATED_FRAMES:
                seat = match.to_act()[0]
                legal = match.legal(seat)
                scene.submit(seat, legal[rng.below(len(legal))])
                while scene.display.busy:
                    moving = scene.display.slider > 0 or bool(scene.display.loose)
                    started = time.perf_counter()
                    app.step(1 / 60)
                    if moving:
                        times.append(time.perf_counter() - started)
        app.close()
    times.sort()
    return {
        "median_ms": statistics.median(times) * 1000,
        "p99_ms": times[int(len(times) * 0.99) - 1] * 1000,
        "frames": float(len(times)),
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _run_frames(width: int, height: int, data: str) -> dict[str, float]:
    code = (
        "import json; from moonlight_desktop.ui.bench import measure_frames; "
        f"print(json.dumps(measure_frames({width}, {height})))"
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
        source = _startup_seconds(data, [sys.executable, "-m", "moonlight_desktop"])
        lines.append(f"  launch to first frame, from source: {source:.2f} s")
        bundle = bundle_root() / "dist" / "MoonlightDesktop" / "MoonlightDesktop"
        if bundle.is_file():
            built = _startup_seconds(data, [str(bundle)])
            lines.append(f"  launch to first frame, built bundle: {built:.2f} s")
        else:
            lines.append("  (no built bundle: `bash scripts/build.sh` first to time it)")
    return "\n".join(lines)
