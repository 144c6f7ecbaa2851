"""Speaking the game (the "Speak the game" setting): what the app announces goes to `Speech`,
which hands it to a voice (the platform's screen reader or speech engine; in tests a
`RecordingVoice` that keeps exactly what would be spoken). Never imports pygame."""

from .speech import RecordingVoice, Speech, Voice

__all__ = ["RecordingVoice", "Speech", "Voice"]
