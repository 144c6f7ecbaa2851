"""Moonlight Castle's board as data: a garden level read from levels/castle_*.tmx (Tiled).

The rules read the topology (path length, which space faces which path position, what each
space and fountain draws) and the scene reads the positions, both from the same `Board`.

A level is a Tiled map with four object layers (see docs/castle_levels.md):

- ``castle``: rectangles with string property ``part`` = castle, gate or slider;
- ``path``: one point per path position, int property ``path_index`` (0 = the bridge);
- ``garden``: circles with ``color`` (red, yellow, green or white), int ``pebbles`` (0-3) and,
  for coloured spaces, int ``faces`` (the path position 1..L-1 beside it);
- ``fountains``: circles with ``players`` (e.g. "2,3,4") and int ``pebbles``.

Every problem in a level file is reported as a `BoardError` that names the file and says
what is wrong, so a designer can fix it without reading this code. A level is data from
anywhere (a player may drop in a garden), so nothing in the file may raise anything else:

- the file is read only up to `MAX_LEVEL_BYTES`, and parsed with defusedxml, which refuses
  any DOCTYPE (so no entity expansion and no external entities, whatever expat the Python
  carries);
- pytmx then reads the already parsed tree, cut down to the map's properties and the four
  object layers: it never opens the file (or an external tileset) itself, and never sees the
  tile layers and tilesets a Castle level does not use;
- every size, coordinate and count is checked to be finite and in range before use.

pytmx's package imports pygame whenever it can (for its optional `load_pygame`, which we never
use: the scene draws from this `Board`). `_import_pytmx` hides pygame during that import, so
reading a level never starts pygame in the headless core.
"""

from __future__ import annotations

import functools
import logging
import math
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as parse_xml_safely

from moonlight_desktop.games.castle.components import Color
from moonlight_desktop.paths import levels_dir

LEVEL_PREFIX = "castle_"
LEVEL_SUFFIX = ".tmx"
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
MIN_PATH_LENGTH = 4
MIN_WHITE_SPACES = 4
MAX_SPACE_PEBBLES = 3
MAX_FOUNTAIN_PEBBLES = 4
CASTLE_PARTS: tuple[str, ...] = ("castle", "gate", "slider")
LAYERS: tuple[str, ...] = ("castle", "path", "garden", "fountains")
MAX_LEVEL_BYTES = 1_000_000
"""A larger file is refused unread: the shipped gardens are under 10 kB."""
MAX_MAP_PIXELS = 10_000
"""The longest side of a board (the shipped gardens are 1200 x 900 pixels)."""
MAX_LAYER_OBJECTS = 256
"""More objects in one layer than any garden could hold (the shipped ones have at most 21)."""
GEOMETRY: tuple[str, ...] = ("x", "y", "width", "height")
_COLOR_NAMES = "red, yellow, green or white"
_NON_OBJECT_LAYERS = ("layer", "imagelayer", "group")
_WHOLE_NUMBER = re.compile(r"\+?\d{1,9}")


class BoardError(ValueError):
    """A Castle level file is missing, unreadable or breaks a level rule."""


@dataclass(frozen=True, slots=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> Point:
        return Point(self.x + self.width / 2, self.y + self.height / 2)


@dataclass(frozen=True, slots=True)
class Space:
    """A garden space a figure stands on; coloured ones face one path position."""

    index: int  # position in Board.spaces
    color: Color | None  # None = white
    pebbles: int  # drawn from the pouch on arriving
    faces: int | None  # path position beside it; None for white spaces
    centre: Point
    radius: float

    @property
    def is_white(self) -> bool:
        return self.color is None


@dataclass(frozen=True, slots=True)
class Recess:
    """A fountain recess; used when the number of players is in `players`."""

    index: int
    players: frozenset[int]
    pebbles: int  # drawn on the fountain's white side
    centre: Point
    radius: float


@dataclass(frozen=True, slots=True)
class Board:
    name: str  # file stem without the "castle_" prefix, e.g. "moonlit_garden"
    title: str
    width: int  # pixels
    height: int  # pixels
    tile_size: float  # side of a path tile square, pixels
    castle: Rect
    gate: Rect
    slider: Rect
    path: tuple[Point, ...]  # index = path position, 0 = the bridge
    spaces: tuple[Space, ...]  # top-to-bottom, then left-to-right
    recesses: tuple[Recess, ...]  # top-to-bottom, then left-to-right

    @property
    def path_length(self) -> int:
        return len(self.path)

    def recesses_for(self, players: int) -> tuple[Recess, ...]:
        """The recesses that hold a fountain with `players` players, in index order."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Moonlight Castle is played by 2 to 4 players, not {players}")
        return tuple(recess for recess in self.recesses if players in recess.players)

    def spaces_facing(self, position: int) -> tuple[Space, ...]:
        """The coloured spaces beside path position `position`, in index order."""
        return tuple(space for space in self.spaces if space.faces == position)


# --- reading -------------------------------------------------------------------------------


def load_board(path: Path) -> Board:
    """Read and validate one level file; every problem becomes a `BoardError`."""
    path = Path(path)
    label = path.name
    if not path.is_file():
        raise BoardError(f"{label}: level file not found at {path}")
    tree = _level_tree(label, _read_level(path, label))
    pytmx = _import_pytmx()
    try:
        tiled_map: Any = pytmx.TiledMap()  # no file name: pytmx opens no file of its own
        tiled_map.parse_xml(tree)
    except Exception as exc:  # pytmx raises many kinds on bad input; report them all
        hint = ""
        if "Reserved names" in str(exc):
            hint = (
                " (a custom property is named like one of Tiled's own attributes, such as id,"
                " name, type, class, x, y, width or height, or is given twice: rename it)"
            )
        raise BoardError(f"{label}: pytmx could not read it: {exc!r}{hint}") from exc
    return _Reader(label, _level_name(path), tiled_map).board()


def _read_level(path: Path, label: str) -> bytes:
    """The file's bytes; a file too large to be a level is refused before it is read whole."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_LEVEL_BYTES + 1)
    except OSError as exc:
        raise BoardError(f"{label}: the level file could not be read ({exc})") from exc
    if len(data) > MAX_LEVEL_BYTES:
        raise BoardError(
            f"{label}: the file is larger than {MAX_LEVEL_BYTES:,} bytes; a level is a few kB"
        )
    return data


def _level_tree(label: str, data: bytes) -> Element:
    """The level's XML with a DOCTYPE refused, cut down to what pytmx needs to read for us."""
    try:
        root = parse_xml_safely(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise BoardError(
            f"{label}: a level may not contain a DOCTYPE or entity declarations ({exc!r}); "
            "delete the <!DOCTYPE ...> part"
        ) from exc
    except (ParseError, LookupError, ValueError) as exc:  # LookupError: an unknown encoding
        raise BoardError(f"{label}: not a readable TMX file (XML error: {exc})") from exc
    if root.tag != "map":
        raise BoardError(f"{label}: not a Tiled map (its root element is <{root.tag}>)")
    _check_map_size(label, root)
    kept = Element("map", root.attrib)
    kept.extend(root.findall("properties"))
    for element in root.iter():
        name = element.get("name")
        if name not in LAYERS:
            continue
        if element.tag == "objectgroup":
            kept.append(element)
        elif element.tag in _NON_OBJECT_LAYERS:
            raise BoardError(f"{label}: layer {name!r} must be an object layer")
    return kept


def _check_map_size(label: str, root: Element) -> None:
    """Map size and tile size: whole numbers, the board at most `MAX_MAP_PIXELS` a side.
    Checked on the XML because pytmx fails on e.g. width="nan" without naming the field."""
    for tiles_key, tile_key in (("width", "tilewidth"), ("height", "tileheight")):
        tiles, tile = (_map_number(label, root, key) for key in (tiles_key, tile_key))
        if tiles * tile > MAX_MAP_PIXELS:
            raise BoardError(
                f"{label}: map {tiles_key} {tiles} x {tile_key} {tile} is {tiles * tile} "
                f"pixels; a board is at most {MAX_MAP_PIXELS}"
            )


def _map_number(label: str, root: Element, key: str) -> int:
    text = (root.get(key) or "").strip()
    if not _WHOLE_NUMBER.fullmatch(text) or int(text) < 1:
        raise BoardError(
            f"{label}: map {key} is {text!r}; expected a whole number from 1 to {MAX_MAP_PIXELS}"
        )
    return int(text)


def _import_pytmx() -> Any:
    if "pygame" in sys.modules:  # the app already runs pygame: nothing to keep out
        import pytmx

        return pytmx
    sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    complaint = logging.getLogger("pytmx.util_pygame")  # it logs an error when it fails
    complaint.disabled = True
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        complaint.disabled = False
    return pytmx


def level_file(name: str) -> Path:
    """The file of level `name`, e.g. "moonlit_garden" -> levels/castle_moonlit_garden.tmx."""
    path = levels_dir() / f"{LEVEL_PREFIX}{name}{LEVEL_SUFFIX}"
    if Path(name).name != name or not path.is_file():
        available = ", ".join(available_levels()) or "none"
        raise BoardError(
            f"{path.name}: no Castle level named {name!r} in {levels_dir()} "
            f"(available: {available})"
        )
    return path


@functools.cache
def available_levels() -> tuple[str, ...]:
    """Names of the shipped Castle levels (castle_*.tmx in levels/), sorted. Read once: the
    shipped levels do not change while the program runs."""
    folder = levels_dir()
    if not folder.is_dir():
        return ()
    return tuple(
        sorted(_level_name(p) for p in folder.glob(f"{LEVEL_PREFIX}*{LEVEL_SUFFIX}") if p.is_file())
    )


@functools.lru_cache(maxsize=16)
def board_named(name: str) -> Board:
    """The level `name`, loaded once per process."""
    return load_board(level_file(name))


def _level_name(path: Path) -> str:
    return path.stem.removeprefix(LEVEL_PREFIX)


class _Reader:
    """Turns a parsed pytmx map into a validated `Board`, naming the file in every error."""

    def __init__(self, label: str, name: str, tiled_map: Any) -> None:
        self.label = label
        self.name = name
        self.map = tiled_map
        # Whole numbers in range: `_check_map_size` saw them before pytmx did.
        self.width = int(tiled_map.width) * int(tiled_map.tilewidth)
        self.height = int(tiled_map.height) * int(tiled_map.tileheight)

    def error(self, message: str) -> BoardError:
        return BoardError(f"{self.label}: {message}")

    # -- the whole board --

    def board(self) -> Board:
        orientation = getattr(self.map, "orientation", None)
        if orientation != "orthogonal":
            raise self.error(f"map orientation is {orientation!r}, expected 'orthogonal'")
        properties = _properties(self.map)
        title = self.string(properties, "title", "map")
        if not title.strip():
            raise self.error("map property 'title' is empty")
        tile_size = self.number(properties, "tile_size", "map")
        if tile_size <= 0:
            raise self.error(f"map property 'tile_size' must be > 0, got {tile_size:g}")
        if tile_size > min(self.width, self.height):
            raise self.error(
                f"map property 'tile_size' is {tile_size:g}; a tile must fit on the "
                f"{self.width}x{self.height} board"
            )

        layers = self.layers()
        castle, gate, slider = self.castle(layers["castle"])
        path = self.path(layers["path"])
        spaces = self.spaces(layers["garden"], len(path))
        recesses = self.recesses(layers["fountains"])
        return Board(
            name=self.name,
            title=title.strip(),
            width=self.width,
            height=self.height,
            tile_size=tile_size,
            castle=castle,
            gate=gate,
            slider=slider,
            path=path,
            spaces=spaces,
            recesses=recesses,
        )

    def layers(self) -> dict[str, list[Any]]:
        found: dict[str, list[Any]] = {}
        for layer in getattr(self.map, "layers", []):
            name = getattr(layer, "name", None)
            if name not in LAYERS:
                continue
            if name in found:
                raise self.error(f"there are two layers named {name!r}")
            if len(layer) > MAX_LAYER_OBJECTS:
                raise self.error(
                    f"layer {name!r} holds {len(layer)} objects; at most {MAX_LAYER_OBJECTS}"
                )
            found[name] = list(layer)
        missing = [name for name in LAYERS if name not in found]
        if missing:
            raise self.error(
                "missing object layer(s) "
                + ", ".join(repr(m) for m in missing)
                + " (a Castle level needs 'castle', 'path', 'garden' and 'fountains')"
            )
        return found

    # -- layers --

    def castle(self, objects: Iterable[Any]) -> tuple[Rect, Rect, Rect]:
        parts: dict[str, Rect] = {}
        for obj in objects:
            what = f"castle object {_object_id(obj)}"
            part = self.string(_properties(obj), "part", what).strip().lower()
            if part not in CASTLE_PARTS:
                raise self.error(f"{what}: part {part!r} is not castle, gate or slider")
            if part in parts:
                raise self.error(f"{what}: a second {part!r} (there must be exactly one)")
            rect = self.geometry(obj, what)
            if rect.width <= 0 or rect.height <= 0:
                raise self.error(f"{what}: the {part} must be a rectangle with a size")
            parts[part] = rect
        missing = [part for part in CASTLE_PARTS if part not in parts]
        if missing:
            raise self.error(
                "layer 'castle' has no object with part " + ", ".join(repr(m) for m in missing)
            )
        return parts["castle"], parts["gate"], parts["slider"]

    def path(self, objects: Iterable[Any]) -> tuple[Point, ...]:
        positions: dict[int, Point] = {}
        for obj in objects:
            what = f"path object {_object_id(obj)}"
            index = self.integer(_properties(obj), "path_index", what)
            if index in positions:
                raise self.error(f"{what}: path_index {index} is used twice")
            positions[index] = self.geometry(obj, what).centre
        length = len(positions)
        if length < MIN_PATH_LENGTH:
            raise self.error(
                f"the path has {length} position(s); it needs at least {MIN_PATH_LENGTH} "
                "(the bridge, path_index 0, and three more)"
            )
        expected = set(range(length))
        if set(positions) != expected:
            missing = sorted(expected - set(positions))
            extra = sorted(set(positions) - expected)
            raise self.error(
                f"path_index must run 0..{length - 1} without gaps: missing "
                f"{_listing(missing)}, unexpected {_listing(extra)}"
            )
        return tuple(positions[i] for i in range(length))

    def spaces(self, objects: Iterable[Any], path_length: int) -> tuple[Space, ...]:
        last = path_length - 1
        rows: list[tuple[Point, float, Color | None, int, int | None]] = []
        for obj in objects:
            what = f"garden space {_object_id(obj)}"
            properties = _properties(obj)
            color_name = self.string(properties, "color", what).strip().lower()
            color: Color | None
            if color_name == "white":
                color = None
            else:
                try:
                    color = Color.parse(color_name)
                except ValueError:
                    raise self.error(
                        f"{what}: colour {color_name!r} is not {_COLOR_NAMES}"
                    ) from None
            pebbles = self.integer_in(properties, "pebbles", what, 0, MAX_SPACE_PEBBLES)
            faces: int | None
            if color is None:
                raw = -1 if "faces" not in properties else self.integer(properties, "faces", what)
                if raw != -1:
                    raise self.error(
                        f"{what}: a white space faces no path position; remove 'faces' "
                        f"or set it to -1 (it is {raw})"
                    )
                faces = None
            else:
                if "faces" not in properties:
                    raise self.error(
                        f"{what}: the {color_name} space needs int property 'faces' "
                        f"(the path position 1..{last} beside it)"
                    )
                faces = self.integer_in(
                    properties, "faces", what, 1, last, f"a path position 1..{last}"
                )
            centre, radius = self.circle(obj, what)
            rows.append((centre, radius, color, pebbles, faces))

        faced = {faces for *_, faces in rows if faces is not None}
        unfaced = [position for position in range(1, path_length) if position not in faced]
        if unfaced:
            raise self.error(
                f"path position(s) {_listing(unfaced)} faced by no coloured space "
                "(every position after the bridge needs at least one)"
            )
        whites = sum(1 for row in rows if row[2] is None)
        if whites < MIN_WHITE_SPACES:
            raise self.error(
                f"{whites} white space(s); a level needs at least {MIN_WHITE_SPACES} "
                "so that a free one always exists with 4 players"
            )
        rows.sort(key=lambda row: (row[0].y, row[0].x))
        return tuple(
            Space(index=i, color=color, pebbles=pebbles, faces=faces, centre=c, radius=r)
            for i, (c, r, color, pebbles, faces) in enumerate(rows)
        )

    def recesses(self, objects: Iterable[Any]) -> tuple[Recess, ...]:
        rows: list[tuple[Point, float, frozenset[int], int]] = []
        for obj in objects:
            what = f"fountain recess {_object_id(obj)}"
            properties = _properties(obj)
            text = self.string(properties, "players", what)
            try:
                players = frozenset(int(part) for part in text.split(",") if part.strip())
            except ValueError:
                raise self.error(
                    f"{what}: players {text!r} must be player counts separated by commas, "
                    "e.g. '2,3,4'"
                ) from None
            if not players or not players <= set(PLAYER_COUNTS):
                raise self.error(
                    f"{what}: players {text!r} must list player counts from 2, 3 and 4"
                )
            pebbles = self.integer_in(properties, "pebbles", what, 0, MAX_FOUNTAIN_PEBBLES)
            centre, radius = self.circle(obj, what)
            rows.append((centre, radius, players, pebbles))
        for count in PLAYER_COUNTS:
            using = sum(1 for row in rows if count in row[2])
            if using != count:
                raise self.error(
                    f"{using} fountain recess(es) list {count} players; exactly {count} must "
                    "(one fountain per player)"
                )
        rows.sort(key=lambda row: (row[0].y, row[0].x))
        return tuple(
            Recess(index=i, players=players, pebbles=pebbles, centre=c, radius=r)
            for i, (c, r, players, pebbles) in enumerate(rows)
        )

    # -- geometry --

    def geometry(self, obj: Any, what: str) -> Rect:
        """The object's rectangle: finite numbers, no negative size, inside the map. Tiled
        writes any number it is given, and a NaN or a far-away object would reach the rules'
        and the screen's arithmetic."""
        # pytmx sets `points` on polygons and polylines only (vars(): a custom property of
        # that name would otherwise answer instead). Checked first: they are what Tiled shows.
        for point in vars(obj).get("points", ()):
            self.inside(what, "a point's x", self.finite(point.x, what, "points"), self.width)
            self.inside(what, "a point's y", self.finite(point.y, what, "points"), self.height)
        x, y, width, height = (self.finite(getattr(obj, key, 0), what, key) for key in GEOMETRY)
        for key, size in (("width", width), ("height", height)):
            if size < 0:
                raise self.error(f"{what}: {key} is {size:g}; a size cannot be negative")
        self.inside(what, "x", x, self.width)
        self.inside(what, "x + width", x + width, self.width)
        self.inside(what, "y", y, self.height)
        self.inside(what, "y + height", y + height, self.height)
        return Rect(x, y, width, height)

    def finite(self, value: object, what: str, key: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(f"{what}: {key} is {value!r}; expected a number")
        if not math.isfinite(value):
            raise self.error(f"{what}: {key} is {value!r}; expected a finite number")
        return float(value)

    def inside(self, what: str, key: str, value: float, limit: int) -> None:
        if not 0 <= value <= limit:
            raise self.error(f"{what}: {key} is {value:g}, outside the map (0 to {limit})")

    def circle(self, obj: Any, what: str) -> tuple[Point, float]:
        rect = self.geometry(obj, what)
        if rect.width <= 0 or rect.height <= 0:
            raise self.error(f"{what}: must be a circle (an ellipse with a size), not a point")
        if abs(rect.width - rect.height) > 1:
            raise self.error(
                f"{what}: the ellipse is {rect.width:g}x{rect.height:g}; make it a circle "
                "(equal width and height)"
            )
        return rect.centre, min(rect.width, rect.height) / 2

    # -- typed property access --

    def value(self, properties: Mapping[str, object], key: str, what: str) -> object:
        if key not in properties:
            raise self.error(f"{what}: missing property {key!r}")
        return properties[key]

    def string(self, properties: Mapping[str, object], key: str, what: str) -> str:
        value = self.value(properties, key, what)
        if not isinstance(value, str):
            raise self.error(f"{what}: property {key!r} must be a string, got {value!r}")
        return value

    def integer(self, properties: Mapping[str, object], key: str, what: str) -> int:
        value = self.value(properties, key, what)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(
                f"{what}: property {key!r} must be of type int, got {type(value).__name__} "
                f"{value!r}"
            )
        return value

    def integer_in(
        self,
        properties: Mapping[str, object],
        key: str,
        what: str,
        low: int,
        high: int,
        expected: str = "",
    ) -> int:
        """An int property from `low` to `high`; outside them an error that says what was
        expected (`expected`, by default "low to high")."""
        value = self.integer(properties, key, what)
        if not low <= value <= high:
            raise self.error(f"{what}: {key} is {value}, expected {expected or f'{low} to {high}'}")
        return value

    def number(self, properties: Mapping[str, object], key: str, what: str) -> float:
        value = self.value(properties, key, what)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(
                f"{what}: property {key!r} must be of type int or float, got "
                f"{type(value).__name__} {value!r}"
            )
        return self.finite(value, what, f"property {key!r}")


def _properties(element: Any) -> dict[str, object]:
    properties = getattr(element, "properties", None)
    if not isinstance(properties, dict):
        return {}
    return {str(key): value for key, value in properties.items()}


def _object_id(obj: Any) -> str:
    """How an error names an object: Tiled's object id (shown in Tiled's Properties panel)."""
    name = getattr(obj, "name", None)
    object_id = getattr(obj, "id", "?")
    return f"{object_id} ({name!r})" if name else str(object_id)


def _listing(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers) if numbers else "none"
