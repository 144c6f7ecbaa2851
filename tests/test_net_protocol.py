"""The protocol's declared messages: whatever bytes arrive, a client message is either read
whole and well typed or refused with one sentence; nothing else escapes."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moonlight_desktop.net.keys import new_code, new_token, token_fits, token_hash
from moonlight_desktop.net.protocol import (
    CODE_ALPHABET,
    FRAME_LIMIT,
    PHRASES,
    Create,
    Hello,
    Play,
    Presence,
    ProtocolError,
    Say,
    SeatWish,
    Start,
    TableState,
    decode_client,
    decode_server,
    encode,
)

ROOM = "ABC234"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@pytest.mark.parametrize(
    ("frame", "says"),
    [
        (b"\xff\xfe not utf-8", ""),
        ("{not json", ""),
        ("[]", "object"),
        ('{"type": "fly"}', "fly"),
        ('{"type": "hello"}', "version"),
        ('{"type": "hello", "version": 1.0}', "int"),
        ('{"type": "hello", "version": true}', "int"),
        ('{"type": "hello", "version": 1, "admin": true}', "admin"),
        ('{"type": "join", "room": "abc234", "name": "Ana"}', "room"),
        ('{"type": "join", "room": "ABC0O1", "name": "Ana"}', "room"),
        ('{"type": "join", "room": "ABC234", "name": ""}', "name"),
        ('{"type": "join", "room": "ABC234", "name": "' + "x" * 41 + '"}', "name"),
        ('{"type": "play", "room": "ABC234", "seq": -1, "command": {}}', "seq"),
        ('{"type": "play", "room": "ABC234", "seq": ' + "9" * 5000 + ', "command": {}}', ""),
        ('{"type": "play", "room": "ABC234", "seq": 1, "command": []}', "command"),
        ('{"type": "resume", "room": "ABC234", "token": "short"}', "token"),
        ('{"type": "create", "game": "moons", "name": "A", "seats": []}', "seats"),
        ('{"type": "create", "game": "moons", "name": "A", "seats": [{"kind": "boss"}]}', "kind"),
        ('{"type": "ping", "sent": "now"}', "float"),
        ('{"type": "say", "room": "ABC234", "phrase": "You cheat!"}', "phrase"),
        ('{"type": "say", "room": "ABC234"}', "phrase"),
        ('{"type": "start", "room": "ABC234", "seat": 0}', "seat"),
        ('{"type": "create", "game": "moons", "name": "A", "seats": [], "wait": 1}', ""),
    ],
)
def test_a_malformed_message_is_refused_in_one_sentence(frame: str | bytes, says: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        decode_client(frame)
    sentence = str(refused.value)
    assert says in sentence and 0 < len(sentence) <= 200 and "\n" not in sentence


def test_an_oversized_message_is_refused_before_it_is_read() -> None:
    big = json.dumps({"type": "ping", "sent": 1.0, "pad": "x" * FRAME_LIMIT})
    with pytest.raises(ProtocolError, match="at most"):
        decode_client(big)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | json_values.map(json.dumps))
def test_any_bytes_are_read_or_refused_never_anything_else(frame: bytes | str) -> None:
    with contextlib.suppress(ProtocolError):
        decode_client(frame)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["type", "room", "seq", "command", "x"]), json_values))
def test_any_object_is_read_or_refused_never_anything_else(data: dict[str, object]) -> None:
    with contextlib.suppress(ProtocolError):
        decode_client(json.dumps({"type": "play", **data}))


def test_messages_round_trip_through_their_encoding() -> None:
    for message in (
        Hello(1, "test"),
        Play(ROOM, 3, {"cmd": "bid", "card": 4, "cushion": 1}),
        Create("moons", [SeatWish("me"), SeatWish("bot", "easy")], "Ana", {"x": 1}, True),
        Start(ROOM),
        *(Say(ROOM, phrase) for phrase in PHRASES),
    ):
        assert decode_client(encode(message)) == message


def test_a_server_message_without_the_newer_fields_reads_as_a_started_game_going_on() -> None:
    table = decode_server(
        '{"type": "table", "room": "ABC234", "game": "moons", "options": {}, "seats": [],'
        ' "seat": 0, "seq": 0, "view": {}, "to_act": [0], "legal": [], "history": [],'
        ' "clocks": [], "host": 0}'
    )
    assert isinstance(table, TableState)
    assert (table.started, table.record, table.opening) == (True, None, {})
    presence = decode_server('{"type": "presence", "room": "ABC234", "seats": []}')
    assert isinstance(presence, Presence) and presence.started


def test_codes_are_shareable_and_tokens_are_secret_and_kept_only_hashed() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set(CODE_ALPHABET) & set("01OIL")
    token = new_token()
    assert len(token) >= 32  # 192 bits, base64
    stored = token_hash(token)
    assert token not in stored and token_fits(token, stored)
    assert not token_fits(new_token(), stored) and not token_fits(token, None)
