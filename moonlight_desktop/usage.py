"""What the command line refuses, shared by its parser (cli) and its tools (cli_tools)."""

from __future__ import annotations


class UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


MAX_ITERATIONS = 1_000_000
"""More search than any table needs (a decision of a million iterations takes minutes)."""
MAX_JOBS = 64
