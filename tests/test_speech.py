"""Speaking the game: the worker never holds up the caller, an interrupting announcement drops
what waits and cuts off what is said, queued ones keep their order; no speech library or engine
never crashes anything (the setting says why nothing is heard); the setting starts and stops
the voice."""

from __future__ import annotations

import sys
import threading
import time
import types
from pathlib import Path

import pytest

from moonlight_desktop.speech import (
    NO_ENGINE,
    NoVoice,
    PlatformVoice,
    RecordingVoice,
    Speech,
    SpeechWorker,
)
from moonlight_desktop.ui.app import App
from moonlight_desktop.userdata import UserData
from tests.test_castle_mends import settings_texts

WAIT = 5.0
"""Seconds a test waits at most for the worker's thread."""


class HeldVoice(RecordingVoice):
    """A voice that takes its time: each announcement waits until the test lets it go (or
    `delay` seconds); what it was asked is recorded as it starts."""

    def __init__(self, delay: float = WAIT) -> None:
        super().__init__()
        self.delay = delay
        self.go = threading.Event()
        self.started = threading.Semaphore(0)

    def speak(self, text: str, interrupt: bool) -> None:
        super().speak(text, interrupt)
        self.started.release()
        self.go.wait(self.delay)


def settled(worker: SpeechWorker) -> None:
    """Waits until the worker has done everything asked of it."""
    deadline = time.monotonic() + WAIT
    while worker._waiting and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.05)  # the last one taken is spoken


def test_saying_returns_at_once_while_the_voice_takes_a_second() -> None:
    voice = HeldVoice(delay=1.0)
    speech = Speech(SpeechWorker(lambda: voice), enabled=True)
    started = time.perf_counter()
    for line in ("Ana hid at a fountain", "Ben drew 2 pebbles", "Cleo plays again!"):
        speech.say(line, interrupt=False)
    assert time.perf_counter() - started < 0.05
    speech.close()


def test_queued_lines_are_said_in_order() -> None:
    voice = RecordingVoice()
    worker = SpeechWorker(lambda: voice)
    speech = Speech(worker, enabled=True)
    lines = [f"line {n}" for n in range(20)]
    for line in lines:
        speech.say(line, interrupt=False)
    settled(worker)
    assert voice.lines == lines
    speech.close()


@pytest.mark.parametrize("cut_off", ["interrupt", "silence"])
def test_an_interruption_or_silence_drops_what_waits(cut_off: str) -> None:
    """Said while the first line is being said: an interrupting line (or silence) cuts it
    off, and the lines queued meanwhile are never said."""
    voice = HeldVoice()
    worker = SpeechWorker(lambda: voice)
    speech = Speech(worker, enabled=True)
    speech.say("Ana hid at a fountain", interrupt=False)
    assert voice.started.acquire(timeout=WAIT)  # being said now
    speech.say("Ben drew 2 pebbles", interrupt=False)
    speech.say("Cleo plays again!", interrupt=False)
    if cut_off == "interrupt":
        speech.say("Your turn", interrupt=True)
    else:
        speech.silence()
    voice.go.set()
    settled(worker)
    last = ("Your turn", True) if cut_off == "interrupt" else ("", True)
    assert voice.spoken == [("Ana hid at a fountain", False), last]
    speech.close()


def test_a_failing_voice_never_ends_the_worker() -> None:
    class Failing(RecordingVoice):
        def speak(self, text: str, interrupt: bool) -> None:
            super().speak(text, interrupt)
            if text == "breaks":
                raise OSError("the screen reader went away")

    voice = Failing()
    worker = SpeechWorker(lambda: voice)
    worker.speak("breaks", False)
    worker.speak("still here", False)
    settled(worker)
    assert voice.lines == ["breaks", "still here"]
    worker.close()


def test_nothing_is_said_while_the_setting_is_off() -> None:
    voice = RecordingVoice()
    speech = Speech(voice, enabled=False)
    speech.say("Ana hid at a fountain")
    speech.repeat()
    assert voice.spoken == []
    assert speech.problem == ""


def no_voice() -> RecordingVoice:
    raise NoVoice(NO_ENGINE)


def test_no_voice_found_is_said_by_the_setting_and_what_is_asked_is_dropped() -> None:
    worker = SpeechWorker(no_voice)
    assert worker.opened.wait(WAIT)
    speech = Speech(worker, enabled=True)
    assert speech.problem == NO_ENGINE
    assert not speech.speaking
    speech.say("Your turn")  # dropped, never queued
    assert not worker._waiting
    speech.close()


def test_a_missing_speech_library_is_no_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "prism", None)  # `import prism` raises ImportError
    with pytest.raises(NoVoice, match=NO_ENGINE):
        PlatformVoice()


def test_a_library_that_finds_no_engine_is_no_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    class Context:
        def acquire_best(self) -> None:
            raise ValueError("Invalid or unsupported backend")  # what Prism says then

    fake = types.ModuleType("prism")
    fake.Context = Context  # type: ignore[attr-defined]
    fake.PrismError = RuntimeError  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", fake)
    with pytest.raises(NoVoice, match=NO_ENGINE):
        PlatformVoice()


def test_the_platform_voice_speaks_through_the_best_backend(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said: list[tuple[str, bool]] = []

    class NotSpeaking(Exception):
        pass

    class Backend:
        name = "Speech Dispatcher"

        def output(self, text: str, interrupt: bool) -> None:
            said.append((text, interrupt))

        def stop(self) -> None:
            raise NotSpeaking  # Prism's answer when there is nothing to stop

    class Context:
        def acquire_best(self) -> Backend:
            return Backend()

    fake = types.ModuleType("prism")
    fake.Context = Context  # type: ignore[attr-defined]
    fake.PrismError = NotSpeaking  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "prism", fake)
    voice = PlatformVoice()
    voice.speak("Your turn", True)
    voice.silence()
    voice.close()
    assert said == [("Your turn", True)]


def app_speaking(tmp_path: Path, on: bool) -> App:
    data = UserData(tmp_path)
    settings = data.load_settings()
    settings.speak_the_game = on
    data.save_settings(settings)
    return App(data)


def test_the_setting_starts_and_stops_the_voice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "prism", None)  # no library: the window still opens
    app = app_speaking(tmp_path, on=False)
    try:
        assert app.speech.voice is None  # no thread for a window that does not speak
        app.set_speak_the_game(True)
        worker = app.speech.voice
        assert isinstance(worker, SpeechWorker)
        assert worker.opened.wait(WAIT)
        assert app.speech.problem == NO_ENGINE
        app.speech.say("Your turn")  # nothing to speak with: nothing happens
        assert UserData(tmp_path).load_settings().speak_the_game
        app.set_speak_the_game(False)
        assert app.speech.voice is None and app.speech.problem == ""
        assert not UserData(tmp_path).load_settings().speak_the_game
    finally:
        app.close()


def test_a_window_opened_with_the_setting_on_looks_for_a_voice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "prism", None)
    app = app_speaking(tmp_path, on=True)
    try:
        worker = app.speech.voice
        assert isinstance(worker, SpeechWorker) and worker.opened.wait(WAIT)
        assert app.speech.problem == NO_ENGINE
    finally:
        app.close()
    assert app.speech.voice is None  # closed with the window


def test_settings_say_when_speech_is_on_and_nothing_can_speak(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = settings_texts(app, monkeypatch)
    app.speech = Speech(RecordingVoice(problem=NO_ENGINE), enabled=True)
    assert any(NO_ENGINE in text for text in texts())
    app.speech = Speech(RecordingVoice(), enabled=True)
    assert not any(NO_ENGINE in text for text in texts())
