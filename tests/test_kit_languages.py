"""The kit in the player's language: a game server speaks none (it sends each refusal as its
English msgid and named params, and each window tells it in its own), a message that came
from elsewhere never fails to be told, and the engine's, the link's, speech's and the
widgets' words follow the language of the moment."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from moonlight_desktop.engine import (
    FORMAT_VERSION,
    GameRecord,
    IllegalCommand,
    Match,
    RecordError,
    SeatSpec,
)
from moonlight_desktop.engine.safejson import JsonError, loads
from moonlight_desktop.engine.undo import NoUndo
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.i18n import N_, set_language, told
from moonlight_desktop.net.link import Link
from moonlight_desktop.net.protocol import (
    PROTOCOL_VERSION,
    Hello,
    Join,
    ProtocolError,
    Refused,
    decode_server,
    encode,
)
from moonlight_desktop.speech import NO_ENGINE, RecordingVoice, Speech
from moonlight_desktop.ui.widgets import Button, Slider
from tests.net_helpers import free_port, running_server


def test_a_server_in_a_german_app_refuses_in_no_language_and_each_window_tells_it_in_its_own(
    tmp_path: Path,
) -> None:
    """The server a German host's app runs (the same process, the same language) sends the
    English msgid and its params; a German and a French window each read it in their own."""
    set_language("de")

    async def scenario() -> str:
        async with running_server(tmp_path) as (_, url), connect(url) as raw:
            await raw.send(encode(Hello(PROTOCOL_VERSION)).decode())
            await raw.recv()  # welcome
            await raw.send(encode(Join("ABC234", "Ada")).decode())
            return str(await raw.recv())

    frame = asyncio.run(scenario())
    sent = json.loads(frame)
    assert sent["reason"] == "No table has the code {code}"
    assert sent["params"] == {"code": "ABC234"}
    refused = decode_server(frame)
    assert refused.reason == "Kein Tisch hat den Code ABC234"
    set_language("fr")
    assert refused.reason == "Aucune table n\u2019a le code ABC234"
    set_language("en")
    assert refused.reason == "No table has the code ABC234"


def test_a_refusal_without_params_reads_as_before_and_params_stay_checked() -> None:
    """Refusals without params are sent as version 1 sent them (a window of that version
    reads them); a param longer than the protocol allows is refused whole."""
    assert json.loads(encode(Refused("This table is full", "join"))) == {
        "type": "refused",
        "reason": "This table is full",
        "about": "join",
    }
    long = json.dumps(
        {"type": "refused", "reason": "{x}", "about": "?", "params": {"x": "y" * 201}}
    )
    with pytest.raises(ProtocolError):
        decode_server(long)


@pytest.mark.parametrize(
    ("msgid", "params", "shown"),
    [
        ("A sentence no catalogue knows {thing}", {"thing": 3}, "A sentence no catalogue knows 3"),
        ("No table has the code {code}", {}, "No table has the code {code}"),
        ("{code.__class__}", {"code": "x"}, "{code.__class__}"),
        ("{code:>999999999}", {"code": "x"}, "{code:>999999999}"),
        ("{0} and {}", {}, "{0} and {}"),
        ("{code:.1f}", {"code": "x"}, "{code:.1f}"),
        ("unbalanced { brace", {}, "unbalanced { brace"),
    ],
)
def test_a_message_from_elsewhere_is_always_told(
    msgid: str, params: dict[str, str | int], shown: str
) -> None:
    """A server of another version may send a msgid this app has not, or params that do not
    fit it: the window shows it filled where it fits, as it came where it does not, and
    never formats an attribute or a huge width."""
    for language in ("de", "fr", "en"):
        set_language(language)
        assert Refused(msgid, "join", params).reason == shown
    set_language("qps")  # every message is "translated" there: told accented, never failing
    assert len(Refused(msgid, "join", params).reason) < 100


def test_a_translation_that_does_not_fit_its_params_falls_back_to_english() -> None:
    set_language("de")
    assert told("No table has the code {code}", {"code": "X"}) == "Kein Tisch hat den Code X"
    assert told("No table has the code {code}", {"room": "X"}) == "No table has the code {code}"


def test_the_links_problem_is_told_in_the_language_of_the_moment() -> None:
    link = Link(f"ws://127.0.0.1:{free_port()}", retry=(0.05,)).start()
    try:
        deadline = time.monotonic() + 10
        while not link.problem and time.monotonic() < deadline:
            time.sleep(0.02)
        assert link.problem.startswith("No game server answers at ws://127.0.0.1:")
        set_language("fr")
        assert link.problem.startswith("Aucun serveur de jeu ne répond à ws://127.0.0.1:")
    finally:
        link.close()


def test_the_rules_and_undo_refuse_in_the_players_language_and_keep_their_msgid() -> None:
    spec = game_spec("castle")
    match = Match.new(spec.rules, [SeatSpec("Ada"), SeatSpec("Ben")], seed=1)
    waiting = next(seat for seat in range(2) if seat not in match.to_act())
    command = match.legal(match.to_act()[0])[0]
    set_language("de")
    with pytest.raises(IllegalCommand) as refused:
        match.submit(waiting, command)
    assert refused.value.msgid == "it is not seat {seat}'s turn to act"
    assert refused.value.params == {"seat": waiting}
    assert refused.value.rule == f"Platz {waiting} ist nicht am Zug"
    since = NoUndo(N_("{name} has played since"), {"name": "Ada"})
    assert since.reason == "Ada hat seitdem gespielt"
    set_language("fr")
    assert since.reason == "Ada a joué depuis"


def test_a_damaged_file_is_described_in_the_players_language() -> None:
    with pytest.raises(JsonError, match=r"not valid JSON \(line 1, column 2\)"):
        loads("{")
    set_language("de")
    with pytest.raises(JsonError, match=r"kein gültiges JSON \(Zeile 1, Spalte 2\)"):
        loads("{")
    set_language("fr")
    damaged = {"format": FORMAT_VERSION, "game": "castle", "options": {}, "seats": [], "seed": 1}
    with pytest.raises(RecordError, match=r"^la commande 1 doit être un objet avec un numéro"):
        GameRecord.from_json(
            damaged | {"seats": [{"name": "A"}], "commands": [3]},
            lambda _game: game_spec("castle").codec,
        )


def test_widgets_and_speech_say_what_they_are_in_the_players_language() -> None:
    button, slider = Button(label="Start"), Slider(name="Music", value=0.5)
    speech = Speech(RecordingVoice(problem=NO_ENGINE), enabled=True)
    assert (button.describe(), slider.describe()) == ("Start, button", "Music, slider, 50%")
    assert speech.problem == "No speech engine was found"
    set_language("fr")
    assert (button.describe(), slider.describe()) == (
        "Start, bouton",
        "Music, curseur, 50\N{NO-BREAK SPACE}%",
    )
    assert speech.problem == "Aucun moteur de synthèse vocale trouvé"
