"""Locks between copies of the app that share one data folder, held by the operating system:
a lock dies with the process that holds it (closed, crashed or killed), so a lock can never be
left behind to lock a player out.

Two uses: a game in progress is claimed by the copy that has its table open (another copy may
not open it, so neither overwrites the other's moves), and a file being written is locked by its
writer (another copy starting up removes only the temp files nobody is writing).
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

if sys.platform == "win32":
    import msvcrt

    def lock_file(handle: int) -> bool:
        """Locks the open file `handle` for this process alone, without waiting; False when
        another process holds it. (Windows locks a byte range: the first byte, which may
        lie past the end of an empty file.)"""
        try:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def lock_file(handle: int) -> bool:
        """Locks the open file `handle` for this process alone, without waiting; False when
        another process (or another open file of this one) holds it."""
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True


class Claim:
    """A lock file held open and locked; `release` (or the process ending) lets it go."""

    def __init__(self, path: Path, handle: int) -> None:
        self.path = path
        self._handle: int | None = handle

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        """Lets the lock go (closing the file releases it); again is harmless. The file stays:
        removing it could let two copies lock two different files of one name."""
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)
            self._handle = None


def claim(path: Path) -> Claim | None:
    """The lock at `path` for this process, or None when another process holds it. A lock file
    that cannot be made at all (a read-only folder) cannot be shared either: then the claim is
    granted, as without a second copy nothing could be overwritten through this folder."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return Claim(path, os.open(os.devnull, os.O_RDONLY))
    if lock_file(handle):
        return Claim(path, handle)
    os.close(handle)
    return None
