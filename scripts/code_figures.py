"""Figures on the code's shape, for docs/architecture.md: lines of each game's UI, the largest
classes and functions, and the pairs of repeated places `duplicates` finds.

    python scripts/code_figures.py            # from the repository's root

The duplicates figure needs the `duplicates` command (the tool library); without it the line
says so."""

from __future__ import annotations

import ast
import shutil
import subprocess
from pathlib import Path

PACKAGE = Path("moonlight_desktop")


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def game_ui_lines() -> list[tuple[str, int]]:
    """Each game's ui/ package, in lines of Python."""
    games = sorted(p.parent for p in PACKAGE.glob("games/*/ui/__init__.py"))
    return [(ui.parent.name, sum(lines(f) for f in ui.glob("*.py"))) for ui in games]


Definition = ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef


def largest(kinds: tuple[type[Definition], ...], most: int = 3) -> list[tuple[int, str]]:
    """The `most` largest definitions of `kinds` (classes, or functions and methods)."""
    found: list[tuple[int, str]] = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, kinds):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append((size, f"{path}:{node.lineno} {node.name}"))
    return sorted(found, reverse=True)[:most]


def duplicate_pairs() -> str:
    if shutil.which("duplicates") is None:
        return "not measured (the `duplicates` command is not on this machine)"
    done = subprocess.run(
        ["duplicates", "--seconds", "300"],
        cwd=PACKAGE,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.splitlines()[0] if done.stdout else "not measured"


def main() -> None:
    print("Lines of each game's UI (games/<g>/ui/*.py):")
    for game, count in game_ui_lines():
        print(f"  {game:<10} {count:>6,}")
    print("Largest classes:")
    for count, name in largest((ast.ClassDef,)):
        print(f"  {count:>5} lines  {name}")
    print("Largest functions:")
    for count, name in largest((ast.FunctionDef, ast.AsyncFunctionDef)):
        print(f"  {count:>5} lines  {name}")
    print(f"Duplicates in {PACKAGE}/: {duplicate_pairs()}")


if __name__ == "__main__":
    main()
