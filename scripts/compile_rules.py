"""Compile Market's and Castle's rules with mypyc, in place, as the app's build ships them.

    .venv/bin/python scripts/compile_rules.py           # build the extension modules
    .venv/bin/python scripts/compile_rules.py --clean   # remove them: plain Python again

The source stays the readable Python it is: mypyc turns the same typed modules into C extension
modules (`rules.cpython-311-x86_64-linux-gnu.so` beside `rules.py`, and their shared runtime
`compiled__mypyc` in `moonlight_desktop/games`), which Python imports in preference to the
`.py` files. Market is the game whose playouts were slowest (docs/benchmarks.md); compiled,
they run about 1.3 times as fast. Castle's Hard plays every legal command out on its samples,
and compiled it reaches about twice the samples in its time budget (docs/castle_bots.md).
Needs mypy (a dev dependency) and a C compiler; the app never needs either, and runs
the plain modules when no compiled ones are there.

Remove the compiled modules before editing the rules (`--clean`): while they are there, Python
imports them and not the edited source. scripts/build.sh and scripts/test.sh clean up after
themselves.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED = (
    "moonlight_desktop/games/market/automata.py",
    "moonlight_desktop/games/market/components.py",
    "moonlight_desktop/games/market/rules.py",
    "moonlight_desktop/games/market/state.py",
    "moonlight_desktop/games/castle/bots.py",
    "moonlight_desktop/games/castle/components.py",
    "moonlight_desktop/games/castle/hard.py",
    "moonlight_desktop/games/castle/rules.py",
    "moonlight_desktop/games/castle/state.py",
    "moonlight_desktop/games/castle/table.py",
    "moonlight_desktop/games/castle/tiles.py",
    "moonlight_desktop/games/castle/view.py",
    "moonlight_desktop/games/castle/win_odds.py",
)
"""The modules a Market playout runs through (its commands, views and bots stay plain Python),
and those of Castle's Hard: its search, the rules and views its playouts run through and the
NormalBot that plays them (Castle's commands, `moves.py`, stay plain Python, as Market's do)."""
RUNTIME = "moonlight_desktop.games.compiled"
"""mypyc's shared library for them, inside the package (as `compiled__mypyc`), so that it is
found wherever the package is: in the checkout, an install or the double-clickable build."""


def compiled_files() -> list[Path]:
    """The extension modules a compile leaves in the checkout (none after `--clean`)."""
    beside_sources = [
        path
        for source in COMPILED
        for path in (ROOT / source).parent.glob(Path(source).stem + ".*")
        if path.suffix in (".so", ".pyd")
    ]
    runtime = ROOT.joinpath(*RUNTIME.split(".")).parent
    return beside_sources + [p for p in runtime.glob("*__mypyc.*") if p.suffix in (".so", ".pyd")]


def clean() -> None:
    for path in compiled_files():
        path.unlink()


def compile_rules() -> None:
    clean()  # never mix a stale module with fresh ones
    # In a child process: setuptools and mypyc print a good deal, shown only if they fail.
    result = subprocess.run(
        [sys.executable, "-c", BUILD, *COMPILED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        clean()
        sys.exit(f"mypyc could not compile the rules:\n{result.stdout}{result.stderr}")
    print(f"compiled: {', '.join(str(p.relative_to(ROOT)) for p in compiled_files())}")


BUILD = f"""
import sys, tempfile
from pathlib import Path
from setuptools import setup
from mypyc.build import mypycify

with tempfile.TemporaryDirectory() as scratch:
    # pyproject's [tool.mypy] is for checking the whole package (`mypy` in scripts/test.sh);
    # for these few modules one of their own, so no unused section stops the build. Imports
    # without type information (defusedxml, read by Castle's level loader) are taken as Any.
    config = Path(scratch) / "mypy.ini"
    config.write_text("[mypy]\\nignore_missing_imports = True\\n", encoding="utf-8")
    modules = mypycify(
        ["--config-file", str(config), *sys.argv[1:]],
        group_name="{RUNTIME}",
        target_dir=str(Path(scratch) / "c"),
    )
    setup(
        name="moonlight-compiled-rules",
        ext_modules=modules,
        script_args=["build_ext", "--inplace", "--build-temp", str(Path(scratch) / "o")],
    )
"""
"""The build, run by a child Python: mypyc's modules and their shared runtime, in place."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    if parser.parse_args().clean:
        clean()
    else:
        compile_rules()


if __name__ == "__main__":
    main()
