"""The bundle's size and start time beside a hello-world pygame-ce bundle built the same way
(PyInstaller one-folder, windowed, the same excludes as build.spec), for docs/benchmarks.md.

    python scripts/bundle_figures.py      # after bash scripts/build.sh

"Start" is launch to the first drawn frame and exit: our app with --quit-after-first-frame
(the title screen), the hello world opening a window, drawing one frame and quitting; both
from a fresh data folder under SDL's dummy drivers, median of 7 runs after one warm-up.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "hello"
HELLO = """import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
window = pygame.display.set_mode((1280, 720))
window.fill((15, 20, 51))
pygame.draw.circle(window, (243, 233, 198), (640, 360), 100)
pygame.display.flip()
pygame.quit()
"""
EXCLUDES = [
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    "unittest",
    "doctest",
    "pydoc",
    "pydoc_data",
    "pdb",
    "lib2to3",
    "test",
    "ensurepip",
    "venv",
    "distutils",
    "setuptools",
    "pkg_resources",
    "pip",
    "sqlite3",
    "numpy",
    "ssl",
    "_ssl",
    "_hashlib",
    "pygame.tests",
    "pygame.examples",
    "pygame.docs",
]
RUNS = 7


def folder_megabytes(folder: Path) -> float:
    files = (path for path in folder.rglob("*") if path.is_file() and not path.is_symlink())
    return sum(path.stat().st_size for path in files) / 1e6


def build_hello() -> Path:
    BUILD.mkdir(parents=True, exist_ok=True)
    script = BUILD / "hello.py"
    script.write_text(HELLO, encoding="utf-8")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--onedir", "--windowed", "--name", "hello"]
    command += ["--distpath", str(BUILD / "dist"), "--workpath", str(BUILD / "work")]
    command += ["--specpath", str(BUILD)]
    for module in EXCLUDES:
        command += ["--exclude-module", module]
    subprocess.run([*command, str(script)], check=True)
    return BUILD / "dist" / "hello"


def start_seconds(program: list[str]) -> tuple[float, float | None]:
    """The median wall-clock time and the median CPU time (user and system, children's;
    None where the system does not count it). On a busy shared machine the CPU time is the
    steadier figure: the wall clock also counts the time spent waiting for a core."""
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env["MOONLIGHT_DESKTOP_DATA"] = data
        for run in range(RUNS + 1):
            cpu_before = _children_cpu()
            started = time.perf_counter()
            subprocess.run(program, env=env, cwd=data, capture_output=True, check=True)
            wall = time.perf_counter() - started
            cpu_after = _children_cpu()
            if run:  # the first run warms the disk cache
                walls.append(wall)
                if cpu_before is not None and cpu_after is not None:
                    cpus.append(cpu_after - cpu_before)
    return statistics.median(walls), statistics.median(cpus) if cpus else None


def _children_cpu() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    ours = ROOT / "dist" / "MoonlightDesktop"
    if not ours.is_dir():
        print("bundle_figures: no dist/MoonlightDesktop: run scripts/build.sh first")
        return 1
    hello = build_hello()
    suffix = ".exe" if sys.platform == "win32" else ""
    rows = (
        (
            "Moonlight Desktop",
            ours,
            [str(ours / f"MoonlightDesktop{suffix}"), "--quit-after-first-frame"],
        ),
        ("hello-world pygame-ce", hello, [str(hello / f"hello{suffix}")]),
    )
    for name, folder, program in rows:
        wall, cpu = start_seconds(program)
        cpu_words = f", {cpu:.2f} s of CPU" if cpu is not None else ""
        print(
            f"{name}: {folder_megabytes(folder):.0f} MB on disk,"
            f" start to first frame {wall:.2f} s{cpu_words} (medians of {RUNS})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
