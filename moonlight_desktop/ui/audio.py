"""Opening the sound device quietly: the game plays on in silence where there is none, and
says so in its log rather than on the terminal."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator

import pygame

log = logging.getLogger(__name__)

SILENT_DRIVER = "dummy"
"""SDL's audio driver that opens without a device and plays nothing."""


def start() -> bool:
    """Opens the mixer, before `pygame.init()` would. SDL tries its audio drivers in turn,
    and ALSA's C library reports a missing sound card straight to the process's stderr,
    past Python, a screenful at every start: so stderr goes to the null device while the
    mixer opens. With no device, SDL is pointed at its silent driver, so that `pygame.init()`
    does not try the real ones (loudly) again; the caller then closes the mixer."""
    try:
        with _stderr_silenced():
            pygame.mixer.init()
    except pygame.error as error:
        log.warning("sound is off: no sound device could be opened (%s)", error)
        os.environ["SDL_AUDIODRIVER"] = SILENT_DRIVER
        return False
    return True


@contextlib.contextmanager
def _stderr_silenced() -> Iterator[None]:
    """Points file descriptor 2, where C libraries print, at the null device meanwhile."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed app on Windows): nothing to silence
        yield
        return
    if sys.stderr is not None:
        sys.stderr.flush()  # what Python wrote before goes out first, where it belongs
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)
