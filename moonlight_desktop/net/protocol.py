"""The online protocol's messages, declared once: what a client may send and what a server
answers (docs/protocol.md says the same for people).

Every message is a JSON object whose `type` names it. A client's message is decoded against
these declarations before anything reads it: an unknown type, a missing or extra field, a
wrong type, a text too long or a number out of range is refused whole with one clear sentence,
and nothing changes. Game commands and options travel as JSON objects and are then read by the
game's own codec and option schema, the same checks a click or a record passes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

import msgspec

from moonlight_desktop.i18n import told

PROTOCOL_VERSION = 2
"""Raised when a message changes meaning; a client of another version is told so at hello.
Version 2: a refusal is a message id and its parameters, told in each window's language."""

FRAME_LIMIT = 16 * 1024
"""The largest message a client may send, in bytes: a command is tens of bytes; anything
larger is refused with an error reply and nothing is read from it."""

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""Room codes are said aloud and typed: no 0/O, 1/I/L."""
CODE_LENGTH = 6

Code = Annotated[str, msgspec.Meta(pattern=f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")]
Token = Annotated[str, msgspec.Meta(min_length=20, max_length=64, pattern="^[A-Za-z0-9_-]+$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Short = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=2**31)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=15)]
Phrase = Literal[
    "hello", "good_luck", "one_moment", "your_turn", "well_played", "good_game", "thanks", "sorry"
]
PHRASES: tuple[Phrase, ...] = get_args(Phrase)
"""The preset table messages, as keys: each window says them in its own words."""


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """Every message: a JSON object tagged with its `type`."""


# What a client sends ------------------------------------------------------------------------


class Hello(Message, tag="hello"):
    """The first message of a connection: which protocol the client speaks."""

    version: int
    client: Short = "unknown"


class SeatWish(msgspec.Struct, forbid_unknown_fields=True):
    """One seat of a room to create: "me" (the creator), "person" (a friend who joins with
    the code) or "bot" with its level."""

    kind: Literal["me", "person", "bot"]
    level: Short | None = None
    name: Name | None = None


class Create(Message, tag="create"):
    """A new room: the game, its options, and who sits where (exactly one "me"). With `wait`
    the room waits for its host's `start` (friends sit down meanwhile); without, play begins
    at once."""

    game: Short
    seats: Annotated[list[SeatWish], msgspec.Meta(min_length=1, max_length=16)]
    name: Name
    options: dict[str, Any] = {}
    wait: bool = False


class Start(Message, tag="start"):
    """The host begins the game of a waiting room, once every person's seat is taken."""

    room: Code


class Join(Message, tag="join"):
    """Take the first free person's seat of the room with this code."""

    room: Code
    name: Name


class Resume(Message, tag="resume"):
    """Come back to one's seat (after a dropped connection, or days later)."""

    room: Code
    token: Token


class Play(Message, tag="play"):
    """A command for the seat this connection holds in `room`. `seq` is the last update the
    client had seen: a command decided on an older table is refused as too late."""

    room: Code
    seq: Seq
    command: dict[str, Any]


class Undo(Message, tag="undo"):
    """Take back this seat's last command, when no other seat has acted or learnt since."""

    room: Code
    seq: Seq


class Held(msgspec.Struct, forbid_unknown_fields=True):
    room: Code
    token: Token


class ListRooms(Message, tag="rooms"):
    """The rooms these seats are in, with whose turn it is (the client keeps its tokens)."""

    seats: Annotated[list[Held], msgspec.Meta(max_length=200)]


class HandToBot(Message, tag="hand_to_bot"):
    """The host gives a seat whose player is away to a bot (`level`), or takes it back for
    its player (`level` None)."""

    room: Code
    seat: SeatNumber
    level: Short | None


class Watch(Message, tag="watch"):
    """Watch the room with this code as a spectator: public facts only, nothing to decide."""

    room: Code


class Say(Message, tag="say"):
    """A preset table message from this connection's seat, told to everyone at the room."""

    room: Code
    phrase: Phrase


class Ping(Message, tag="ping"):
    """The client's clock, echoed back: the round trip, for the countdown's correction."""

    sent: float


ClientMessage = (
    Hello
    | Create
    | Join
    | Resume
    | Watch
    | Start
    | Play
    | Undo
    | ListRooms
    | HandToBot
    | Say
    | Ping
)


# What a server sends ------------------------------------------------------------------------


class Welcome(Message, tag="welcome"):
    version: int
    server: str


class Seated(Message, tag="seated"):
    """To the one connection that took a seat: its secret token, the key to come back."""

    room: str
    seat: int
    token: str


class SeatInfo(msgspec.Struct):
    name: str
    kind: Literal["person", "bot"]
    level: str | None
    taken: bool
    """A person has sat down (always true for a bot)."""
    here: bool
    """Connected now (always true for a bot)."""


class Clock(msgspec.Struct):
    """A timed decision: `seconds` from when this message left the server; the seat's
    default is played for it then (plus the server's grace, docs/RULINGS.md)."""

    seat: int
    seconds: float


class TableState(Message, tag="table"):
    """The whole table as one seat may know it: sent on joining, on coming back, after an
    undo and when the game starts. `history` is every command's events as this seat saw them,
    for the log. `seat` is None for a spectator, who is told public facts only. `started` is
    False while the room waits for its host (nobody is asked). `record` is the game's whole
    record once it is over (docs/RULINGS.md, SP11), None before. `opening` is the public view
    of the game's starting position."""

    room: str
    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seat: int | None
    seq: int
    view: dict[str, Any]
    to_act: list[int]
    legal: list[dict[str, Any]]
    history: list[list[dict[str, Any]]]
    clocks: list[Clock]
    host: int
    started: bool = True
    actors: list[int] = []
    """Who made each command of `history` (as every update names its actor)."""
    record: dict[str, Any] | None = None
    opening: dict[str, Any] = {}


class Update(Message, tag="update"):
    """One command applied: by whom (`actor`), its events as this seat sees them, and the
    table after it from this seat's side. `record`: the game's whole record when this command
    ended the game (docs/RULINGS.md, SP11), None otherwise."""

    room: str
    seq: int
    actor: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    to_act: list[int]
    legal: list[dict[str, Any]]
    clocks: list[Clock]
    command: dict[str, Any] | None = None
    """The actor's command, when this seat may know it: its own, or one of a kind every seat
    may know whole (`GameSpec.public_commands`); its events tell the rest."""
    record: dict[str, Any] | None = None


class Presence(Message, tag="presence"):
    """Who sits at the room now: sent when a seat joins, leaves, comes back or is handed.
    `started`: whether the host has started the game (False in a waiting room)."""

    room: str
    seats: list[SeatInfo]
    started: bool = True


class Said(Message, tag="said"):
    """A seat's preset table message (a key of PHRASES), to everyone at the room."""

    room: str
    seat: int
    phrase: str


class RoomSummary(msgspec.Struct):
    room: str
    game: str
    seat: int
    to_act: list[int]
    names: list[str]
    over: bool
    updated: float
    """Seconds since the epoch of the room's last command."""
    host: int
    started: bool = True


class RoomList(Message, tag="room_list"):
    rooms: list[RoomSummary]
    unknown: list[str]
    """Rooms of the request that are not there or whose token does not fit."""


PARAM_LIMIT = 200
Param = Annotated[str, msgspec.Meta(max_length=PARAM_LIMIT)] | int
"""A value that fills a placeholder of a message for a player."""


class Refused(Message, tag="refused", omit_defaults=True):
    """The message was read but not carried out. The server speaks no player's language: it
    sends the English sentence as written (the msgid, sent as `reason`) and what fills its
    named placeholders (`params`); each window tells it in its own language (`reason`)."""

    msgid: str = msgspec.field(name="reason")
    about: str
    params: Annotated[dict[str, Param], msgspec.Meta(max_length=8)] = {}
    """Left out when empty: a refusal without any reads the same to a window of version 1."""

    @property
    def reason(self) -> str:
        """The sentence in this window's language (English where it has no translation)."""
        return told(self.msgid, self.params)


class Pong(Message, tag="pong"):
    sent: float
    server_time: float


ServerMessage = Welcome | Seated | TableState | Update | Presence | Said | RoomList | Refused | Pong

_decode_client = msgspec.json.Decoder(ClientMessage)
_decode_server = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


class ProtocolError(ValueError):
    """A message that is not one of ours: the sentence says what is wrong with it."""


def decode_client(frame: str | bytes) -> ClientMessage:
    """A client's message, fully checked; ProtocolError with a short sentence otherwise."""
    if len(frame) > FRAME_LIMIT:
        raise ProtocolError(f"a message may hold at most {FRAME_LIMIT} bytes")
    try:
        return _decode_client.decode(frame)
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        raise ProtocolError(_sentence(error)) from None


def decode_server(frame: str | bytes) -> ServerMessage:
    try:
        return _decode_server.decode(frame)
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        raise ProtocolError(_sentence(error)) from None


def encode(message: Message) -> bytes:
    return _encoder.encode(message)


def _sentence(error: Exception) -> str:
    text = str(error)
    return (text[:160] + "…") if len(text) > 160 else text
