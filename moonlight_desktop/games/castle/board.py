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
from moonlight_desktop.i18n import N_, _, format_number, pgettext
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
_NON_OBJECT_LAYERS = ("layer", "imagelayer", "group")
_WHOLE_NUMBER = re.compile(r"\+?\d{1,9}")


NEEDS_FACES = (
    N_("{what}: the red space needs int property 'faces' (the path position 1..{last} beside it)"),
    N_(
        "{what}: the yellow space needs int property 'faces' (the path position 1..{last} "
        "beside it)"
    ),
    N_(
        "{what}: the green space needs int property 'faces' (the path position 1..{last} beside it)"
    ),
)
"""A coloured space that says not which path position it faces, by its colour."""


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
        found = _("level file not found at {path}").format(path=path)
        raise BoardError(f"{label}: {found}")
    tree = _level_tree(label, _read_level(path, label))
    pytmx = _import_pytmx()
    try:
        tiled_map: Any = pytmx.TiledMap()  # no file name: pytmx opens no file of its own
        tiled_map.parse_xml(tree)
    except Exception as exc:  # pytmx raises many kinds on bad input; report them all
        told = (
            _(
                "pytmx could not read it: {error} (a custom property is named like one of "
                "Tiled's own attributes, such as id, name, type, class, x, y, width or height, "
                "or is given twice: rename it)"
            )
            if "Reserved names" in str(exc)
            else _("pytmx could not read it: {error}")
        )
        raise BoardError(f"{label}: {told.format(error=repr(exc))}") from exc
    return _Reader(label, _level_name(path), tiled_map).board()


def _read_level(path: Path, label: str) -> bytes:
    """The file's bytes; a file too large to be a level is refused before it is read whole."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_LEVEL_BYTES + 1)
    except OSError as exc:
        unread = _("the level file could not be read ({error})").format(error=exc)
        raise BoardError(f"{label}: {unread}") from exc
    if len(data) > MAX_LEVEL_BYTES:
        too_large = _("the file is larger than {limit} bytes; a level is a few kB")
        raise BoardError(f"{label}: {too_large.format(limit=format_number(MAX_LEVEL_BYTES))}")
    return data


def _level_tree(label: str, data: bytes) -> Element:
    """The level's XML with a DOCTYPE refused, cut down to what pytmx needs to read for us."""
    try:
        root = parse_xml_safely(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        told = _(
            "a level may not contain a DOCTYPE or entity declarations ({error}); delete the "
            "<!DOCTYPE ...> part"
        )
        raise BoardError(f"{label}: {told.format(error=repr(exc))}") from exc
    except (ParseError, LookupError, ValueError) as exc:  # LookupError: an unknown encoding
        told = _("not a readable TMX file (XML error: {error})").format(error=exc)
        raise BoardError(f"{label}: {told}") from exc
    if root.tag != "map":
        told = _("not a Tiled map (its root element is <{tag}>)").format(tag=root.tag)
        raise BoardError(f"{label}: {told}")
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
            told = _("layer {name} must be an object layer").format(name=repr(name))
            raise BoardError(f"{label}: {told}")
    return kept


def _check_map_size(label: str, root: Element) -> None:
    """Map size and tile size: whole numbers, the board at most `MAX_MAP_PIXELS` a side.
    Checked on the XML because pytmx fails on e.g. width="nan" without naming the field."""
    for tiles_key, tile_key in (("width", "tilewidth"), ("height", "tileheight")):
        tiles, tile = (_map_number(label, root, key) for key in (tiles_key, tile_key))
        if tiles * tile > MAX_MAP_PIXELS:
            # Translators: {tiles_key} and {tile_key} are the map's attributes ("width" and
            # "tilewidth", or "height" and "tileheight"), as Tiled names them.
            told = _(
                "map {tiles_key} {tiles} x {tile_key} {tile} is {pixels} pixels; a board is at "
                "most {limit}"
            ).format(
                tiles_key=tiles_key,
                tiles=tiles,
                tile_key=tile_key,
                tile=tile,
                pixels=tiles * tile,
                limit=MAX_MAP_PIXELS,
            )
            raise BoardError(f"{label}: {told}")


def _map_number(label: str, root: Element, key: str) -> int:
    text = (root.get(key) or "").strip()
    if not _WHOLE_NUMBER.fullmatch(text) or int(text) < 1:
        told = _("map {key} is {value}; expected a whole number from 1 to {limit}")
        raise BoardError(f"{label}: {told.format(key=key, value=repr(text), limit=MAX_MAP_PIXELS)}")
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
        available = ", ".join(available_levels()) or pgettext("an empty list", "none")
        told = _("no Castle level named {name} in {folder} (available: {available})").format(
            name=repr(name), folder=levels_dir(), available=available
        )
        raise BoardError(f"{path.name}: {told}")
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
            raise self.error(
                _("map orientation is {orientation}, expected 'orthogonal'").format(
                    orientation=repr(orientation)
                )
            )
        properties = _properties(self.map)
        title = self.string(properties, "title", "map")
        if not title.strip():
            raise self.error(_("map property 'title' is empty"))
        tile_size = self.number(properties, "tile_size", "map")
        if tile_size <= 0:
            raise self.error(
                _("map property 'tile_size' must be > 0, got {size}").format(size=f"{tile_size:g}")
            )
        if tile_size > min(self.width, self.height):
            told = _(
                "map property 'tile_size' is {size}; a tile must fit on the {width}x{height} board"
            )
            raise self.error(
                told.format(size=f"{tile_size:g}", width=self.width, height=self.height)
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
                raise self.error(_("there are two layers named {name}").format(name=repr(name)))
            if len(layer) > MAX_LAYER_OBJECTS:
                told = _("layer {name} holds {count} objects; at most {limit}")
                raise self.error(
                    told.format(name=repr(name), count=len(layer), limit=MAX_LAYER_OBJECTS)
                )
            found[name] = list(layer)
        missing = [name for name in LAYERS if name not in found]
        if missing:
            told = _(
                "missing object layer(s) {layers} (a Castle level needs 'castle', 'path', "
                "'garden' and 'fountains')"
            )
            raise self.error(told.format(layers=", ".join(repr(m) for m in missing)))
        return found

    # -- layers --

    def castle(self, objects: Iterable[Any]) -> tuple[Rect, Rect, Rect]:
        parts: dict[str, Rect] = {}
        for obj in objects:
            what = _("castle object {object}").format(object=_object_id(obj))
            part = self.string(_properties(obj), "part", what).strip().lower()
            if part not in CASTLE_PARTS:
                told = _("{what}: part {part} is not castle, gate or slider")
                raise self.error(told.format(what=what, part=repr(part)))
            if part in parts:
                told = _("{what}: a second {part} (there must be exactly one)")
                raise self.error(told.format(what=what, part=repr(part)))
            rect = self.geometry(obj, what)
            if rect.width <= 0 or rect.height <= 0:
                told = _("{what}: the {part} must be a rectangle with a size")
                raise self.error(told.format(what=what, part=part))
            parts[part] = rect
        missing = [part for part in CASTLE_PARTS if part not in parts]
        if missing:
            told = _("layer 'castle' has no object with part {parts}")
            raise self.error(told.format(parts=", ".join(repr(m) for m in missing)))
        return parts["castle"], parts["gate"], parts["slider"]

    def path(self, objects: Iterable[Any]) -> tuple[Point, ...]:
        positions: dict[int, Point] = {}
        for obj in objects:
            what = _("path object {object}").format(object=_object_id(obj))
            index = self.integer(_properties(obj), "path_index", what)
            if index in positions:
                told = _("{what}: path_index {index} is used twice")
                raise self.error(told.format(what=what, index=index))
            positions[index] = self.geometry(obj, what).centre
        length = len(positions)
        if length < MIN_PATH_LENGTH:
            told = _(
                "the path has {count} position(s); it needs at least {least} (the bridge, "
                "path_index 0, and three more)"
            )
            raise self.error(told.format(count=length, least=MIN_PATH_LENGTH))
        expected = set(range(length))
        if set(positions) != expected:
            missing = sorted(expected - set(positions))
            extra = sorted(set(positions) - expected)
            told = _(
                "path_index must run 0..{last} without gaps: missing {missing}, unexpected {extra}"
            )
            raise self.error(
                told.format(last=length - 1, missing=_listing(missing), extra=_listing(extra))
            )
        return tuple(positions[i] for i in range(length))

    def spaces(self, objects: Iterable[Any], path_length: int) -> tuple[Space, ...]:
        last = path_length - 1
        rows: list[tuple[Point, float, Color | None, int, int | None]] = []
        for obj in objects:
            what = _("garden space {object}").format(object=_object_id(obj))
            properties = _properties(obj)
            color_name = self.string(properties, "color", what).strip().lower()
            color: Color | None
            if color_name == "white":
                color = None
            else:
                try:
                    color = Color.parse(color_name)
                except ValueError:
                    told = _("{what}: colour {colour} is not red, yellow, green or white")
                    raise self.error(told.format(what=what, colour=repr(color_name))) from None
            pebbles = self.integer_in(properties, "pebbles", what, 0, MAX_SPACE_PEBBLES)
            faces: int | None
            if color is None:
                raw = -1 if "faces" not in properties else self.integer(properties, "faces", what)
                if raw != -1:
                    told = _(
                        "{what}: a white space faces no path position; remove 'faces' or set "
                        "it to -1 (it is {value})"
                    )
                    raise self.error(told.format(what=what, value=raw))
                faces = None
            else:
                if "faces" not in properties:
                    told = _(NEEDS_FACES[color])
                    raise self.error(told.format(what=what, last=last))
                position = _("a path position 1..{last}").format(last=last)
                faces = self.integer_in(properties, "faces", what, 1, last, position)
            centre, radius = self.circle(obj, what)
            rows.append((centre, radius, color, pebbles, faces))

        faced = {faces for *_, faces in rows if faces is not None}
        unfaced = [position for position in range(1, path_length) if position not in faced]
        if unfaced:
            told = _(
                "path position(s) {positions} faced by no coloured space (every position after "
                "the bridge needs at least one)"
            )
            raise self.error(told.format(positions=_listing(unfaced)))
        whites = sum(1 for row in rows if row[2] is None)
        if whites < MIN_WHITE_SPACES:
            told = _(
                "{count} white space(s); a level needs at least {least} so that a free one "
                "always exists with 4 players"
            )
            raise self.error(told.format(count=whites, least=MIN_WHITE_SPACES))
        rows.sort(key=lambda row: (row[0].y, row[0].x))
        return tuple(
            Space(index=i, color=color, pebbles=pebbles, faces=faces, centre=c, radius=r)
            for i, (c, r, color, pebbles, faces) in enumerate(rows)
        )

    def recesses(self, objects: Iterable[Any]) -> tuple[Recess, ...]:
        rows: list[tuple[Point, float, frozenset[int], int]] = []
        for obj in objects:
            what = _("fountain recess {object}").format(object=_object_id(obj))
            properties = _properties(obj)
            text = self.string(properties, "players", what)
            try:
                players = frozenset(int(part) for part in text.split(",") if part.strip())
            except ValueError:
                told = _(
                    "{what}: players {value} must be player counts separated by commas, "
                    "e.g. '2,3,4'"
                )
                raise self.error(told.format(what=what, value=repr(text))) from None
            if not players or not players <= set(PLAYER_COUNTS):
                told = _("{what}: players {value} must list player counts from 2, 3 and 4")
                raise self.error(told.format(what=what, value=repr(text)))
            pebbles = self.integer_in(properties, "pebbles", what, 0, MAX_FOUNTAIN_PEBBLES)
            centre, radius = self.circle(obj, what)
            rows.append((centre, radius, players, pebbles))
        for count in PLAYER_COUNTS:
            using = sum(1 for row in rows if count in row[2])
            if using != count:
                told = _(
                    "{using} fountain recess(es) list {count} players; exactly {count} must (one "
                    "fountain per player)"
                )
                raise self.error(told.format(using=using, count=count))
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
            self.inside(what, _("a point's x"), self.finite(point.x, what, "points"), self.width)
            self.inside(what, _("a point's y"), self.finite(point.y, what, "points"), self.height)
        x, y, width, height = (self.finite(getattr(obj, key, 0), what, key) for key in GEOMETRY)
        for key, size in (("width", width), ("height", height)):
            if size < 0:
                told = _("{what}: {key} is {size}; a size cannot be negative")
                raise self.error(told.format(what=what, key=key, size=f"{size:g}"))
        self.inside(what, "x", x, self.width)
        self.inside(what, "x + width", x + width, self.width)
        self.inside(what, "y", y, self.height)
        self.inside(what, "y + height", y + height, self.height)
        return Rect(x, y, width, height)

    def finite(self, value: object, what: str, key: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            told = _("{what}: {key} is {value}; expected a number")
            raise self.error(told.format(what=what, key=key, value=repr(value)))
        if not math.isfinite(value):
            told = _("{what}: {key} is {value}; expected a finite number")
            raise self.error(told.format(what=what, key=key, value=repr(value)))
        return float(value)

    def inside(self, what: str, key: str, value: float, limit: int) -> None:
        if not 0 <= value <= limit:
            told = _("{what}: {key} is {value}, outside the map (0 to {limit})")
            raise self.error(told.format(what=what, key=key, value=f"{value:g}", limit=limit))

    def circle(self, obj: Any, what: str) -> tuple[Point, float]:
        rect = self.geometry(obj, what)
        if rect.width <= 0 or rect.height <= 0:
            told = _("{what}: must be a circle (an ellipse with a size), not a point")
            raise self.error(told.format(what=what))
        if abs(rect.width - rect.height) > 1:
            told = _(
                "{what}: the ellipse is {width}x{height}; make it a circle (equal width and height)"
            )
            raise self.error(
                told.format(what=what, width=f"{rect.width:g}", height=f"{rect.height:g}")
            )
        return rect.centre, min(rect.width, rect.height) / 2

    # -- typed property access --

    def value(self, properties: Mapping[str, object], key: str, what: str) -> object:
        if key not in properties:
            raise self.error(_("{what}: missing property {key}").format(what=what, key=repr(key)))
        return properties[key]

    def string(self, properties: Mapping[str, object], key: str, what: str) -> str:
        value = self.value(properties, key, what)
        if not isinstance(value, str):
            told = _("{what}: property {key} must be a string, got {value}")
            raise self.error(told.format(what=what, key=repr(key), value=repr(value)))
        return value

    def integer(self, properties: Mapping[str, object], key: str, what: str) -> int:
        value = self.value(properties, key, what)
        if isinstance(value, bool) or not isinstance(value, int):
            told = _("{what}: property {key} must be of type int, got {type} {value}")
            raise self.error(
                told.format(what=what, key=repr(key), type=type(value).__name__, value=repr(value))
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
            told = _("{what}: {key} is {value}, expected {low} to {high}")
            if expected:
                # Translators: {expected} says what was expected, e.g. "a path position 1..9".
                told = _("{what}: {key} is {value}, expected {expected}")
            raise self.error(
                told.format(what=what, key=key, value=value, low=low, high=high, expected=expected)
            )
        return value

    def number(self, properties: Mapping[str, object], key: str, what: str) -> float:
        value = self.value(properties, key, what)
        if isinstance(value, bool) or not isinstance(value, int | float):
            told = _("{what}: property {key} must be of type int or float, got {type} {value}")
            raise self.error(
                told.format(what=what, key=repr(key), type=type(value).__name__, value=repr(value))
            )
        return self.finite(value, what, _("property {key}").format(key=repr(key)))


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
    return ", ".join(str(n) for n in numbers) if numbers else pgettext("an empty list", "none")
