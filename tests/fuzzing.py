"""How hard the fuzz suite pushes: quick by default, long with MOONLIGHT_FUZZ=long.

Seeded corpora scale with `scaled(quick, long)`; hypothesis tests use the profile that
tests/conftest.py loads from the same variable.
"""

from __future__ import annotations

import os

FUZZ_LONG = os.environ.get("MOONLIGHT_FUZZ", "").strip().lower() == "long"


def scaled(quick: int, long: int) -> int:
    """How many cases a seeded corpus runs: `quick` by default, `long` in a long fuzz run."""
    return long if FUZZ_LONG else quick
