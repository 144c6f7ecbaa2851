"""Prints one release's section of CHANGELOG.md (without its heading), for the release's
notes: `python scripts/release_notes.py 0.1.0`. Exits 1 when the changelog has no such
release, so a tag cannot be released without its entry."""

from __future__ import annotations

import re
import sys
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parent.parent / "CHANGELOG.md"
HEADING = re.compile(r"^## \[?(?P<version>[^\]\s]+)\]?")


def section(text: str, version: str) -> str | None:
    lines: list[str] | None = None
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            if lines is not None:
                break
            if heading.group("version") == version:
                lines = []
            continue
        if lines is not None:
            lines.append(line)
    return "\n".join(lines).strip() + "\n" if lines is not None else None


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: release_notes.py VERSION", file=sys.stderr)
        return 2
    notes = section(CHANGELOG.read_text(encoding="utf-8"), argv[0])
    if notes is None:
        print(f"release_notes: CHANGELOG.md has no section for {argv[0]}", file=sys.stderr)
        return 1
    print(notes, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
