"""Speaking the game (the "Speak the game" setting): what the app announces goes to `Speech`,
which hands it to a voice (the platform's screen reader or speech engine on a worker thread of
its own; in tests a `RecordingVoice` that keeps exactly what would be spoken). Never imports
pygame."""

from .platform_voice import PlatformVoice
from .speech import RecordingVoice, Speech, Voice
from .worker import NO_ENGINE, NoVoice, SpeechWorker

__all__ = [
    "NO_ENGINE",
    "NoVoice",
    "PlatformVoice",
    "RecordingVoice",
    "Speech",
    "SpeechWorker",
    "Voice",
]
