"""A voice on a thread of its own: finding the speech engine and every call into it (a screen
reader's client library, a speech engine that may take its time) happen there, so announcing
never holds up a frame. Announcements wait in a queue, in order; one that interrupts drops
those still waiting and cuts off the one being said, as a screen reader does for a new focus."""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable

from moonlight_desktop.i18n import N_

from .speech import Voice

log = logging.getLogger(__name__)

NO_ENGINE = N_("No speech engine was found")


class NoVoice(Exception):
    """No screen reader or speech engine can be spoken through here (the message says why)."""


class SpeechWorker:
    """A `Voice` whose calls return at once: the voice `open_voice` makes is made, spoken
    through and closed on the worker's thread. `open_voice` raises `NoVoice` when there is
    none (then `problem` says so and everything asked is dropped)."""

    def __init__(self, open_voice: Callable[[], Voice]) -> None:
        self._waiting: deque[tuple[str, bool] | None] = deque()
        """What is asked, in order: (text, interrupt), or None to fall silent."""
        self._wake = threading.Condition()
        self._closed = False
        self.problem = ""
        self.opened = threading.Event()
        """Set once the voice was looked for (found or not)."""
        self._thread = threading.Thread(
            target=self._run, args=(open_voice,), name="speech", daemon=True
        )
        self._thread.start()

    def speak(self, text: str, interrupt: bool) -> None:
        self._ask((text, interrupt), interrupt)

    def silence(self) -> None:
        self._ask(None, drop_waiting=True)

    def close(self) -> None:
        """Stops speaking and ends the thread without waiting for it (a voice stuck in its
        engine never holds the window open)."""
        with self._wake:
            self._closed = True
            self._waiting.clear()
            self._wake.notify()

    def _ask(self, item: tuple[str, bool] | None, drop_waiting: bool) -> None:
        with self._wake:
            if self._closed:
                return
            if drop_waiting:
                self._waiting.clear()
            self._waiting.append(item)
            self._wake.notify()

    def _run(self, open_voice: Callable[[], Voice]) -> None:
        try:
            voice = open_voice()
        except NoVoice as error:
            log.info("speech: %s", error)
            self.problem = str(error)
            self.close()
            return
        finally:
            self.opened.set()
        while True:
            with self._wake:
                while not self._waiting and not self._closed:
                    self._wake.wait()
                if self._closed:
                    break
                item = self._waiting.popleft()
            try:
                if item is None:  # silence
                    voice.silence()
                else:
                    voice.speak(*item)
            except Exception:  # the engine's failure must never end the worker or the game
                log.exception("speech: the voice failed")
        try:
            voice.close()
        except Exception:
            log.exception("speech: the voice could not be closed")
