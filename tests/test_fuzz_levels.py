"""Hostile and broken level files: loading one gives a valid board or a `BoardError`, never
another exception, never an entity expansion, never a file read whole that is too big to be
a level.

A seeded corpus mutates the shipped gardens (bytes flipped, inserted and deleted, the file cut
short, attribute values swapped for NaN, infinities, huge, negative and non-numbers, property
types changed, elements dropped and duplicated, DOCTYPEs with entities added); hypothesis tries
numbers and text of its own in the geometry. MOONLIGHT_FUZZ=long runs many more cases
(tests/fuzzing.py).
"""

from __future__ import annotations

import base64
import copy
import math
import random
import re
import time
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop.games.castle.board import (
    MAX_LEVEL_BYTES,
    PLAYER_COUNTS,
    Board,
    BoardError,
    available_levels,
    level_file,
    load_board,
)
from tests.fuzzing import scaled

SHIPPED = {name: level_file(name).read_bytes() for name in available_levels()}
MOONLIT = SHIPPED["moonlit_garden"]
ATTRIBUTE = re.compile(rb'(\w+)="([^"]*)"')
GEOMETRY_ATTRIBUTE = re.compile(rb'\b(x|y|width|height|tilewidth|tileheight)="([^"]*)"')
HOSTILE_VALUES = (
    "nan", "NaN", "inf", "-inf", "Infinity", "1e308", "-1e308", "1e999", "-1", "-0", "0",
    "99999999999999999999", "1e9", "0x10", "1_000", " 7 ", "", "abc", "١٢", "12px", "3.5",
    "2,3,4,5", "true", "None", "\u00a0", "&amp;", "&#0;", "&#xD800;",
)  # fmt: skip
PROPERTY_TYPES = ("int", "float", "bool", "string", "class", "object", "color", "file", "x")
ELEMENT_NAMES = ("object", "objectgroup", "property", "properties", "ellipse", "point")

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<map width="40" height="30" tilewidth="30" tileheight="30">
 <properties><property name="title" value="&lol9;"/></properties>
</map>
"""
SMALL_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY a "aaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
]>
<map width="40" height="30" tilewidth="30" tileheight="30">
 <properties><property name="title" value="&b;"/></properties>
</map>
"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE map [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<map width="40" height="30" tilewidth="30" tileheight="30">
 <properties><property name="title" value="&secret;"/></properties>
</map>
"""
DOCTYPES = (
    b'<!DOCTYPE map [<!ENTITY t "Moonlit">]>',
    b'<!DOCTYPE map [<!ENTITY t SYSTEM "file:///etc/passwd">]>',
    b'<!DOCTYPE map [<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;]>',
    b'<!DOCTYPE map SYSTEM "http://example.invalid/map.dtd">',
    b"<!DOCTYPE map>",
)


# Loading ------------------------------------------------------------------------------------


def check_board(board: Board) -> None:
    """What a loaded board promises the rules and the screen."""
    assert board.title.strip()
    assert 0 < board.width <= 10_000 and 0 < board.height <= 10_000
    assert math.isfinite(board.tile_size) and 0 < board.tile_size <= min(board.width, board.height)
    rects = (board.castle, board.gate, board.slider)
    for rect in rects:
        assert 0 <= rect.x <= rect.x + rect.width <= board.width
        assert 0 <= rect.y <= rect.y + rect.height <= board.height
    points = [*board.path, *(s.centre for s in board.spaces), *(r.centre for r in board.recesses)]
    for point in points:
        assert 0 <= point.x <= board.width and 0 <= point.y <= board.height
    assert all(0 < s.radius < math.inf for s in board.spaces)
    assert board.path_length >= 4
    assert {s.faces for s in board.spaces if s.faces is not None} == set(
        range(1, board.path_length)
    )
    for players in PLAYER_COUNTS:
        assert len(board.recesses_for(players)) == players


def outcome(path: Path, data: bytes) -> str:
    """ "loaded" or "refused"; anything but a BoardError propagates (and fails the test)."""
    path.write_bytes(data)
    try:
        board = load_board(path)
    except BoardError as error:
        assert str(error).startswith(f"{path.name}: "), error
        return "refused"
    check_board(board)
    return "loaded"


# Mutations of a level's bytes ---------------------------------------------------------------

Mutation = Callable[[random.Random, bytes], bytes]
Parents = dict[ET.Element, ET.Element]


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        buffer[rng.randrange(len(buffer))] ^= rng.randint(1, 255)
    return bytes(buffer)


def insert_bytes(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data) + 1)
    junk = rng.choice((b"\x00", b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"<", b"&", b'"'))
    return data[:at] + junk * rng.randint(1, 3) + data[at:]


def delete_bytes(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.randint(1, 64) :]


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))]


def replace_value(rng: random.Random, data: bytes) -> bytes:
    matches = list(ATTRIBUTE.finditer(data))
    if not matches:
        return data
    match = rng.choice(matches)
    value = escape(rng.choice(HOSTILE_VALUES), {'"': "&quot;"}).encode()
    return data[: match.start(2)] + value + data[match.end(2) :]


def retype_property(rng: random.Random, data: bytes) -> bytes:
    matches = list(re.finditer(rb'<property name="\w+"( type="\w+")?', data))
    if not matches:
        return data
    match = rng.choice(matches)
    typed = f' type="{rng.choice(PROPERTY_TYPES)}"'.encode()
    start, end = (match.start(1), match.end(1)) if match.group(1) else (match.end(), match.end())
    return data[:start] + typed + data[end:]


def _with_tree(data: bytes, change: Callable[[ET.Element, Parents], None]) -> bytes:
    try:  # plain ElementTree: a DOCTYPE the corpus added holds no large or external entity
        root = ET.fromstring(data)
    except (ET.ParseError, LookupError):  # earlier mutations broke the XML: leave it broken
        return data
    parents = {child: parent for parent in root.iter() for child in parent}
    change(root, parents)
    serialized: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return serialized


def _pick(rng: random.Random, root: ET.Element) -> ET.Element | None:
    tag = rng.choice(ELEMENT_NAMES)
    candidates = [element for element in root.iter(tag)]
    return rng.choice(candidates) if candidates else None


def drop_element(rng: random.Random, data: bytes) -> bytes:
    def change(root: ET.Element, parents: Parents) -> None:
        element = _pick(rng, root)
        if element is not None:
            parents[element].remove(element)

    return _with_tree(data, change)


def duplicate_element(rng: random.Random, data: bytes) -> bytes:
    def change(root: ET.Element, parents: Parents) -> None:
        element = _pick(rng, root)
        if element is not None:
            parent = parents[element]
            parent.insert(list(parent).index(element), copy.deepcopy(element))

    return _with_tree(data, change)


def add_doctype(rng: random.Random, data: bytes) -> bytes:
    start = data.find(b"<map")
    if start < 0:
        return data
    uses_entity = data.replace(b'value="Moonlit Garden"', b'value="&t;"')
    return uses_entity[:start] + rng.choice(DOCTYPES) + b"\n" + uses_entity[start:]


MUTATIONS: tuple[Mutation, ...] = (
    flip_bytes,
    insert_bytes,
    delete_bytes,
    truncate,
    replace_value,
    replace_value,  # the most interesting kind: twice as often
    retype_property,
    drop_element,
    duplicate_element,
    add_doctype,
)


def mutated(seed: int) -> tuple[bytes, list[str]]:
    rng = random.Random(seed)
    data = rng.choice(list(SHIPPED.values()))
    applied = []
    for _ in range(rng.randint(1, 3)):
        mutation = rng.choice(MUTATIONS)
        data = mutation(rng, data)
        applied.append(mutation.__name__)
    return data, applied


# The corpus ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("levels") / "castle_fuzzed.tmx"


def test_the_mutated_gardens_load_or_are_refused(scratch: Path) -> None:
    cases = scaled(4000, 60_000)
    outcomes: Counter[str] = Counter()
    failures = []
    for seed in range(cases):
        data, applied = mutated(seed)
        try:
            outcomes[outcome(scratch, data)] += 1
        except Exception as exc:  # collected, so one run shows every kind of failure
            failures.append(f"seed {seed} ({', '.join(applied)}): {exc!r}")
    assert not failures, f"{len(failures)} of {cases} failed:\n" + "\n".join(failures[:20])
    # Both ways out are exercised: some mutations are harmless, most are refused.
    assert outcomes["loaded"] > 0 and outcomes["refused"] > cases // 2, outcomes


def test_every_mutation_changes_the_file() -> None:
    for mutation in MUTATIONS:
        assert any(mutation(random.Random(seed), MOONLIT) != MOONLIT for seed in range(20))


# Hypothesis: numbers and text of its own in the geometry ------------------------------------

GEOMETRY_SLOTS = len(GEOMETRY_ATTRIBUTE.findall(MOONLIT))
numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(st.characters(codec="utf-8"), max_size=12),
)


@given(slot=st.integers(0, GEOMETRY_SLOTS - 1), value=numbers)
def test_any_geometry_value_loads_or_is_refused(scratch: Path, slot: int, value: str) -> None:
    match = list(GEOMETRY_ATTRIBUTE.finditer(MOONLIT))[slot]
    text = escape(value, {'"': "&quot;"}).encode()
    result = outcome(scratch, MOONLIT[: match.start(2)] + text + MOONLIT[match.end(2) :])
    try:
        number = float(value)
    except ValueError:
        return
    if not math.isfinite(number) or abs(number) > 10_000:
        assert result == "refused", (match.group(1), value)


@given(value=numbers)
def test_any_tile_size_loads_or_is_refused(scratch: Path, value: str) -> None:
    data = MOONLIT.replace(
        b'name="tile_size" type="int" value="84"',
        b'name="tile_size" type="float" value="' + escape(value, {'"': "&quot;"}).encode() + b'"',
    )
    assert data != MOONLIT
    outcome(scratch, data)


# Named cases --------------------------------------------------------------------------------


def _refusal(tmp_path: Path, data: bytes) -> str:
    path = tmp_path / "castle_hostile.tmx"
    path.write_bytes(data)
    with pytest.raises(BoardError) as caught:
        load_board(path)
    return str(caught.value)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("nan", "x is nan; expected a finite number"),
        ("NaN", "x is nan; expected a finite number"),
        ("inf", "x is inf; expected a finite number"),
        ("-inf", "x is -inf; expected a finite number"),
        ("1e308", "x is 1e+308, outside the map (0 to 1200)"),
        ("-1", "x is -1, outside the map (0 to 1200)"),
        ("1201", "x is 1201, outside the map (0 to 1200)"),
    ],
)
def test_hostile_numbers_in_a_shipped_garden(tmp_path: Path, value: str, said: str) -> None:
    data = MOONLIT.replace(b'name="castle" x="480"', f'name="castle" x="{value}"'.encode())
    assert data != MOONLIT
    assert f"castle object 1 ('castle'): {said}" in _refusal(tmp_path, data)


def test_billion_laughs_is_refused_at_once(tmp_path: Path) -> None:
    started = time.perf_counter()
    message = _refusal(tmp_path, BILLION_LAUGHS)
    assert "may not contain a DOCTYPE or entity declarations" in message
    assert time.perf_counter() - started < 1.0


def test_entity_expansion_is_refused_whatever_expat_allows(tmp_path: Path) -> None:
    """Expat (2.4+) stops only large amplifications; the loader refuses any DOCTYPE, so an old
    expat in a bundle built elsewhere changes nothing."""
    expanded = ET.fromstring(SMALL_LAUGHS).find("properties/property")
    assert expanded is not None and expanded.get("value") == "a" * 100  # expat let it through
    assert "may not contain a DOCTYPE" in _refusal(tmp_path, SMALL_LAUGHS)


def test_external_entity_is_refused(tmp_path: Path) -> None:
    assert "may not contain a DOCTYPE" in _refusal(tmp_path, EXTERNAL_ENTITY)


@pytest.mark.parametrize("doctype", DOCTYPES)
def test_any_doctype_is_refused(tmp_path: Path, doctype: bytes) -> None:
    data = MOONLIT.replace(b"<map ", doctype + b"\n<map ", 1)
    assert "may not contain a DOCTYPE" in _refusal(tmp_path, data)


def test_pytmx_never_opens_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pytmx reads the tree the loader parsed safely: its own (unsafe) parse is never used,
    not even for an external tileset, whose file is not read at all."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("pytmx parsed a file itself")

    monkeypatch.setattr(ET, "parse", refuse)  # the very module pytmx parses files with
    (tmp_path / "hostile.tsx").write_bytes(BILLION_LAUGHS)
    tileset = b'<tileset firstgid="1" source="hostile.tsx"/>\n <objectgroup'
    path = tmp_path / "castle_with_tileset.tmx"
    path.write_bytes(MOONLIT.replace(b"<objectgroup", tileset, 1))
    assert load_board(path).title == "Moonlit Garden"


@pytest.mark.parametrize(
    "unused",
    [
        # pytmx would loop over every tile of a 10^6 x 10^6 tile grid...
        b'<tileset firstgid="1" tilewidth="1" tileheight="1" tilecount="1" columns="1">'
        b'<image source="huge.png" width="1000000" height="1000000"/></tileset>',
        # ... and inflate a tile layer of zlib-compressed zeros (here 64 MB from 64 kB).
        b'<layer id="9" name="ground" width="4096" height="4096"><data encoding="base64" '
        b'compression="zlib">'
        + base64.b64encode(zlib.compress(bytes(64_000_000), 9))
        + b"</data></layer>",
    ],
    ids=["tileset grid", "compressed tile layer"],
)
def test_what_a_castle_level_does_not_use_is_never_read(tmp_path: Path, unused: bytes) -> None:
    path = tmp_path / "castle_heavy.tmx"
    path.write_bytes(MOONLIT.replace(b"<objectgroup", unused + b"\n <objectgroup", 1))
    started = time.perf_counter()
    assert load_board(path).title == "Moonlit Garden"
    assert time.perf_counter() - started < 1.0


def test_a_50_mb_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "castle_huge.tmx"
    with path.open("wb") as file:
        file.write(MOONLIT)
        file.truncate(50_000_000)  # sparse: the rest reads as zero bytes
    started = time.perf_counter()
    with pytest.raises(BoardError, match=f"larger than {MAX_LEVEL_BYTES:,} bytes"):
        load_board(path)
    assert time.perf_counter() - started < 1.0


TILE_SIZE = b'type="int" value="84"'
PATH_LAYER = b'<objectgroup color="#c8a060" id="2" name="path">'
MALFORMED: dict[str, tuple[bytes, bytes, str]] = {
    # case: (what the shipped garden says, what the broken one says instead, the complaint)
    "invalid UTF-8": (b"Moonlit Garden", b"Moonlit \xc3\x28arden", "not a readable TMX"),
    "a NUL byte": (b"Moonlit Garden", b"Moonlit\x00Garden", "not a readable TMX"),
    "unknown encoding": (b'encoding="UTF-8"', b'encoding="moonish"', "not a readable TMX"),
    "not a map": (b"map", b"mop", "not a Tiled map"),
    "int property not a number": (TILE_SIZE, b'type="int" value="many"', "pytmx could not"),
    "bool property not a bool": (TILE_SIZE, b'type="bool" value="maybe"', "pytmx could not"),
    "unknown class property": (TILE_SIZE, b'type="class" propertytype="X"', "pytmx could not"),
    "float where an int belongs": (b'name="pebbles" type="int" value="1"', b'name="pebbles" '
                                   b'type="float" value="1.5"', "'pebbles' must be of type int"),
    "tile layer": (PATH_LAYER, b'<layer name="path"/><objectgroup name="x">', "must be an object"),
    "layer twice": (b'name="garden">', b'name="fountains">', "two layers named 'fountains'"),
    "no layer": (b'name="garden">', b'name="lawn">', "missing object layer(s) 'garden'"),
}  # fmt: skip


@pytest.mark.parametrize("case", MALFORMED)
def test_malformed_levels_are_board_errors(tmp_path: Path, case: str) -> None:
    shipped, broken, said = MALFORMED[case]
    data = MOONLIT.replace(shipped, broken)
    assert data != MOONLIT
    assert said in _refusal(tmp_path, data)


def test_a_truncated_level_is_a_board_error(tmp_path: Path) -> None:
    for length in range(0, MOONLIT.rindex(b"</map>"), 97):
        assert _refusal(tmp_path, MOONLIT[:length])
