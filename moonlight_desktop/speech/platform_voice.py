"""The platform's screen reader or speech engine, through Prism (the `prismatoid` package:
NVDA, JAWS, SAPI and OneCore on Windows; VoiceOver and AVSpeech on macOS; Orca and
speech-dispatcher on Linux; docs/accessibility.md says why this library). Made and used only
on the speech worker's thread (`SpeechWorker`)."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from .worker import NO_ENGINE, NoVoice

log = logging.getLogger(__name__)


def load_library() -> str:
    """Loads Prism with its native part and says so; raises when it cannot (the built app's
    smoke test checks that the bundle carries what speaking needs, engine or none)."""
    import prism

    prism.Context()
    return "the speech library (Prism) loads its native part"


class PlatformVoice:
    """The best output Prism finds here: a running screen reader first, else the system's
    speech engine. Text is spoken and, where the screen reader drives one, brailled too."""

    problem = ""

    def __init__(self) -> None:
        """NoVoice when the library cannot load or finds nothing to speak through."""
        try:
            import prism
        except (ImportError, OSError) as error:  # not installed, or its native part fails
            log.info("speech: the speech library cannot be loaded: %s", error)
            raise NoVoice(NO_ENGINE) from error
        try:
            self._context: Any = prism.Context()
            self._backend: Any = self._context.acquire_best()
        except Exception as error:  # whatever a native library reports: nothing to speak with
            log.info("speech: no screen reader or speech engine answers: %r", error)
            raise NoVoice(NO_ENGINE) from error
        self._not_speaking: type[Exception] = prism.PrismError
        log.info("speech: speaking through %s", self._backend.name)

    def speak(self, text: str, interrupt: bool) -> None:
        self._backend.output(text, interrupt)

    def silence(self) -> None:
        with contextlib.suppress(self._not_speaking):  # some refuse when nothing is said
            self._backend.stop()

    def close(self) -> None:
        self.silence()
