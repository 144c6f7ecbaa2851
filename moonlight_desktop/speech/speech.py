"""The announcer every part of the app speaks through, and the voice it speaks with."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from moonlight_desktop.i18n import _


class Voice(Protocol):
    """Something that speaks: a screen reader, a speech engine, or a recording in tests."""

    @property
    def problem(self) -> str:
        """Why nothing is heard through this voice ("" while it speaks), as marked with `N_`."""
        ...

    def speak(self, text: str, interrupt: bool) -> None:
        """Says `text`; `interrupt`: whatever is being said stops first."""

    def silence(self) -> None:
        """Stops speaking at once."""

    def close(self) -> None:
        """Stops speaking for good (the setting was turned off, the window closes)."""


@dataclass
class RecordingVoice:
    """A voice that keeps what it is asked to say (tests check exactly what would be heard)."""

    spoken: list[tuple[str, bool]] = field(default_factory=list)
    """Each announcement, with whether it interrupted the one before."""
    problem: str = ""

    def speak(self, text: str, interrupt: bool) -> None:
        self.spoken.append((text, interrupt))

    def silence(self) -> None:
        self.spoken.append(("", True))

    def close(self) -> None:
        """Nothing to stop: a recording keeps what it heard for the test to read."""

    @property
    def lines(self) -> list[str]:
        """What was said, in order (silences left out)."""
        return [text for text, _interrupt in self.spoken if text]


class Speech:
    """Announces through `voice` while `enabled` (the setting); silent otherwise. The last
    announcement is kept so that a key can say it again."""

    def __init__(self, voice: Voice | None = None, enabled: bool = False) -> None:
        self.voice = voice
        self.enabled = enabled
        self.last = ""

    @property
    def speaking(self) -> bool:
        """Announcements are heard: the setting is on and a voice was found."""
        return self.enabled and self.voice is not None and not self.voice.problem

    @property
    def problem(self) -> str:
        """Why the setting is on and nothing is heard (e.g. no speech engine was found); ""
        while the voice speaks or the setting is off. In the language of the moment: a voice
        keeps its problem as marked (`N_`)."""
        problem = self.voice.problem if self.enabled and self.voice is not None else ""
        return _(problem) if problem else ""

    def say(self, text: str, interrupt: bool = True) -> None:
        """Announces `text` (blank text says nothing); `interrupt`: it cuts off what is being
        said, as a screen reader does for a new focus; False queues it after (log lines)."""
        text = " ".join(text.split())
        if not text or not self.speaking or self.voice is None:
            return
        self.last = text
        self.voice.speak(text, interrupt)

    def repeat(self) -> None:
        """Says the last announcement again."""
        if self.last:
            self.say(self.last)

    def silence(self) -> None:
        if self.speaking and self.voice is not None:
            self.voice.silence()

    def close(self) -> None:
        """Lets the voice go (it stops speaking); a voice is found again when one is given."""
        if self.voice is not None:
            self.voice.close()
            self.voice = None
