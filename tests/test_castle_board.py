"""Moonlight Castle's board: the shipped garden levels and the errors a broken level gives."""

from __future__ import annotations

import copy
import math
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from moonlight_desktop.games.castle.board import (
    Board,
    BoardError,
    Point,
    Rect,
    available_levels,
    board_named,
    level_file,
    load_board,
)
from moonlight_desktop.games.castle.components import Color
from moonlight_desktop.paths import levels_dir

REPO = Path(__file__).resolve().parents[1]
SHIPPED = ("moonlit_garden", "rose_garden")
EDGE = 20  # nothing may come closer than this to the board's edge


# --- the shipped levels ----------------------------------------------------------------------


def colour_counts(board: Board) -> Counter[Color | None]:
    return Counter(space.color for space in board.spaces)


def test_both_shipped_levels_are_available() -> None:
    assert set(SHIPPED) <= set(available_levels())
    assert list(available_levels()) == sorted(available_levels())
    for name in SHIPPED:
        assert level_file(name) == levels_dir() / f"castle_{name}.tmx"


def test_moonlit_garden_is_the_designed_board() -> None:
    board = board_named("moonlit_garden")
    assert board.name == "moonlit_garden"
    assert board.title == "Moonlit Garden"
    assert (board.width, board.height) == (1200, 900)
    assert board.tile_size == 84
    assert board.path_length == 10
    counts = colour_counts(board)
    assert counts == {Color.RED: 6, Color.YELLOW: 5, Color.GREEN: 5, None: 5}
    assert [len(board.spaces_facing(p)) for p in range(10)] == [0, 2, 2, 2, 1, 2, 2, 2, 2, 1]
    assert [len(board.recesses_for(players)) for players in (2, 3, 4)] == [2, 3, 4]
    assert all(recess.pebbles == 2 for recess in board.recesses)


def test_rose_garden_is_the_designed_board() -> None:
    board = board_named("rose_garden")
    assert board.name == "rose_garden"
    assert board.title == "Rose Garden"
    assert (board.width, board.height) == (1200, 900)
    assert board.tile_size == 84
    assert board.path_length == 8
    counts = colour_counts(board)
    assert counts == {Color.RED: 4, Color.YELLOW: 4, Color.GREEN: 4, None: 4}
    assert [len(board.spaces_facing(p)) for p in range(8)] == [0, 2, 1, 1, 2, 2, 2, 2]
    assert [len(board.recesses_for(players)) for players in (2, 3, 4)] == [2, 3, 4]


def test_the_two_gardens_differ() -> None:
    moonlit, rose = board_named("moonlit_garden"), board_named("rose_garden")
    assert moonlit.title != rose.title
    assert moonlit.path_length != rose.path_length
    # Same castle and bridge, then the routes part: Moonlit bends left, Rose bends right.
    assert moonlit.path[0] == rose.path[0]
    assert moonlit.path[2].x < moonlit.path[0].x < rose.path[2].x
    assert [s.centre for s in moonlit.spaces] != [s.centre for s in rose.spaces]
    assert {r.centre: r.players for r in moonlit.recesses} != {
        r.centre: r.players for r in rose.recesses
    }


def test_board_named_is_cached() -> None:
    assert board_named("moonlit_garden") is board_named("moonlit_garden")


def test_recesses_for_is_in_index_order_and_refuses_other_player_counts() -> None:
    board = board_named("moonlit_garden")
    for players in (2, 3, 4):
        chosen = board.recesses_for(players)
        assert [r.index for r in chosen] == sorted(r.index for r in chosen)
        assert all(players in r.players for r in chosen)
    assert set(board.recesses_for(2)) <= set(board.recesses_for(3)) <= set(board.recesses_for(4))
    with pytest.raises(ValueError, match="2 to 4 players"):
        board.recesses_for(5)


# Layout rules every level in levels/ keeps (a designer's third garden is checked here too).


@pytest.fixture(params=available_levels())
def board(request: pytest.FixtureRequest) -> Board:
    name: str = request.param
    return board_named(name)


def test_spaces_and_recesses_are_sorted_and_indexed(board: Board) -> None:
    assert [s.index for s in board.spaces] == list(range(len(board.spaces)))
    keys = [(s.centre.y, s.centre.x) for s in board.spaces]
    assert keys == sorted(keys)
    assert [r.index for r in board.recesses] == list(range(len(board.recesses)))


def test_every_path_position_after_the_bridge_is_faced_once_or_twice(board: Board) -> None:
    assert board.spaces_facing(0) == ()
    for position in range(1, board.path_length):
        facing = board.spaces_facing(position)
        assert 1 <= len(facing) <= 2, position
        assert len({s.color for s in facing}) == len(facing), f"same colour twice at {position}"


def test_pebbles_follow_the_design_guidelines(board: Board) -> None:
    whites = [s for s in board.spaces if s.color is None]
    coloured = [s for s in board.spaces if s.color is not None]
    assert len(whites) >= 4
    assert all(s.pebbles in (0, 1) and s.faces is None for s in whites)
    assert all(0 <= s.pebbles <= 3 and s.faces is not None for s in coloured)
    # The more pebbles, the less often.
    per_amount = Counter(s.pebbles for s in coloured)
    assert per_amount[0] >= per_amount[1] >= per_amount[2] >= per_amount[3] >= 1
    per_colour = Counter(s.color for s in coloured)
    assert set(per_colour) == set(Color)
    assert max(per_colour.values()) - min(per_colour.values()) <= 2


def _tile(board: Board, position: int) -> Rect:
    centre, half = board.path[position], board.tile_size / 2
    return Rect(centre.x - half, centre.y - half, board.tile_size, board.tile_size)


def _rect_gap(a: Rect, b: Rect) -> float:
    dx = max(b.x - (a.x + a.width), a.x - (b.x + b.width))
    dy = max(b.y - (a.y + a.height), a.y - (b.y + b.height))
    return max(dx, dy) if dx < 0 or dy < 0 else math.hypot(dx, dy)


def _circle_rect_gap(centre: Point, radius: float, rect: Rect) -> float:
    nearest_x = min(max(centre.x, rect.x), rect.x + rect.width)
    nearest_y = min(max(centre.y, rect.y), rect.y + rect.height)
    return math.hypot(centre.x - nearest_x, centre.y - nearest_y) - radius


def test_nothing_overlaps_and_nothing_touches_the_edge(board: Board) -> None:
    rects = {"castle": board.castle, "gate": board.gate, "slider": board.slider}
    rects |= {f"path {i}": _tile(board, i) for i in range(board.path_length)}
    circles = {f"space {s.index}": (s.centre, s.radius) for s in board.spaces}
    circles |= {f"recess {r.index}": (r.centre, r.radius) for r in board.recesses}

    for name, rect in rects.items():
        assert rect.x >= EDGE and rect.y >= EDGE, name
        assert rect.x + rect.width <= board.width - EDGE, name
        assert rect.y + rect.height <= board.height - EDGE, name
    for name, (centre, radius) in circles.items():
        assert EDGE + radius <= centre.x <= board.width - EDGE - radius, name
        assert EDGE + radius <= centre.y <= board.height - EDGE - radius, name

    rect_items = list(rects.items())
    for i, (name_a, a) in enumerate(rect_items):
        for name_b, b in rect_items[i + 1 :]:
            assert _rect_gap(a, b) >= 0, (name_a, name_b)  # the gate may touch the castle
    circle_items = list(circles.items())
    for i, (name_a, (ca, ra)) in enumerate(circle_items):
        for name_b, (cb, rb) in circle_items[i + 1 :]:
            assert math.dist((ca.x, ca.y), (cb.x, cb.y)) > ra + rb, (name_a, name_b)
        for name_b, rect in rect_items:
            assert _circle_rect_gap(ca, ra, rect) > 0, (name_a, name_b)


def test_castle_sits_top_centre_with_the_bridge_below_its_gate(board: Board) -> None:
    castle, gate, slider, bridge = board.castle, board.gate, board.slider, board.path[0]
    assert castle.centre.x == pytest.approx(board.width / 2, abs=60)
    assert castle.y + castle.height <= board.height / 4
    assert slider.y + slider.height <= castle.y  # behind the castle
    assert gate.y >= castle.y + castle.height - gate.height  # at its front
    assert gate.x <= bridge.x <= gate.x + gate.width
    assert 0 <= bridge.y - board.tile_size / 2 - (gate.y + gate.height) <= board.tile_size / 4


def test_each_coloured_space_sits_beside_the_position_it_faces(board: Board) -> None:
    near = board.tile_size / 4  # at most this far from its tile's edge, which is the nearest
    for space in board.spaces:
        distances = [math.dist((space.centre.x, space.centre.y), (p.x, p.y)) for p in board.path]
        nearest = min(range(board.path_length), key=distances.__getitem__)
        gap = _circle_rect_gap(space.centre, space.radius, _tile(board, nearest))
        if space.faces is None:
            assert gap > near, f"white space {space.index} looks as if it faced {nearest}"
        else:
            assert nearest == space.faces, f"space {space.index}"
            assert gap <= near, f"space {space.index} is {gap:.0f} px from its tile"


def test_path_tiles_are_consecutive_neighbours(board: Board) -> None:
    for position in range(1, board.path_length):
        a, b = board.path[position - 1], board.path[position]
        assert math.dist((a.x, a.y), (b.x, b.y)) <= board.tile_size * 1.6, position


def test_the_headless_core_never_imports_pygame() -> None:
    """Reading levels, playing a game and running the bots all stay pygame-free."""
    code = (
        "import sys\n"
        "from moonlight_desktop.games.castle.board import available_levels, board_named\n"
        "from moonlight_desktop.game_list import GAMES\n"
        "from moonlight_desktop.engine.arena import play_game\n"
        "from moonlight_desktop.game_list import make_bot\n"
        "for name in available_levels(): board_named(name)\n"
        "play_game(GAMES['castle'].rules, ['easy', 'normal'], 3,"
        " lambda level, seed: make_bot('castle', level, seed))\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


# --- broken levels -------------------------------------------------------------------------

Props = dict[str, object]
Level = dict[str, Any]
Change = Callable[[Level], None]


def _obj(x: float, y: float, w: float = 0, h: float = 0, shape: str = "", **props: object) -> Props:
    return {"@x": x, "@y": y, "@w": w, "@h": h, "@shape": shape, **props}


def _circle(x: float, y: float, d: float = 40, **props: object) -> Props:
    return _obj(x, y, d, d, "ellipse", **props)


def _good_level() -> Level:
    """A small valid level: a path of 4, three coloured and four white spaces, 4 recesses."""
    return {
        "map": {"title": "Test Garden", "tile_size": 40},
        "castle": [
            _obj(250, 30, 100, 60, part="castle"),
            _obj(280, 90, 40, 10, part="gate"),
            _obj(280, 20, 40, 8, part="slider"),
        ],
        "path": [_obj(300, 130 + 50 * i, path_index=i, shape="point") for i in range(4)],
        "garden": [
            _circle(340, 160, color="red", pebbles=1, faces=1),
            _circle(340, 210, color="yellow", pebbles=0, faces=2),
            _circle(340, 260, color="green", pebbles=3, faces=3),
            _circle(50, 300, color="white", pebbles=1),
            _circle(100, 300, color="white", pebbles=0),
            _circle(450, 300, color="white", pebbles=0, faces=-1),
            _circle(500, 300, color="white", pebbles=1),
        ],
        "fountains": [
            _circle(30, 30, 60, players="2,3,4", pebbles=2),
            _circle(500, 30, 60, players="2,3,4", pebbles=2),
            _circle(30, 380, 60, players="3,4", pebbles=2),
            _circle(500, 380, 60, players="4", pebbles=2),
        ],
    }


def _property_xml(name: str, value: object) -> str:
    kind = {bool: "bool", int: "int", float: "float"}.get(type(value))
    typed = f' type="{kind}"' if kind else ""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return f'<property name="{name}"{typed} value="{text}"/>'


def _level_xml(level: Level) -> str:
    layers = []
    next_id = 1
    for layer_id, layer in enumerate(("castle", "path", "garden", "fountains"), start=1):
        if layer not in level:
            continue
        objects = []
        for obj in level[layer]:
            props = "".join(_property_xml(k, v) for k, v in obj.items() if not k.startswith("@"))
            size = f' width="{obj["@w"]}" height="{obj["@h"]}"' if obj["@w"] else ""
            shape = f"<{obj['@shape']}/>" if obj["@shape"] else ""
            objects.append(
                f'<object id="{next_id}" x="{obj["@x"]}" y="{obj["@y"]}"{size}>'
                f"<properties>{props}</properties>{shape}</object>"
            )
            next_id += 1
        layers.append(
            f'<objectgroup id="{layer_id}" name="{layer}">{"".join(objects)}</objectgroup>'
        )
    map_props = "".join(_property_xml(k, v) for k, v in level["map"].items())
    size = {"width": 20, "height": 15, "tilewidth": 30, "tileheight": 30} | level.get("size", {})
    size_xml = " ".join(f'{key}="{value}"' for key, value in size.items())
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" {size_xml} '
        f'infinite="0" nextlayerid="5" nextobjectid="{next_id}">'
        f"<properties>{map_props}</properties>{''.join(layers)}</map>\n"
    )


def _write(tmp_path: Path, level: Level, name: str = "castle_broken.tmx") -> Path:
    path = tmp_path / name
    path.write_text(_level_xml(level), encoding="utf-8")
    return path


def _error(tmp_path: Path, level: Level) -> str:
    with pytest.raises(BoardError) as caught:
        load_board(_write(tmp_path, level))
    message = str(caught.value)
    assert message.startswith("castle_broken.tmx: "), message
    return message


def test_the_small_test_level_is_valid(tmp_path: Path) -> None:
    board = load_board(_write(tmp_path, _good_level(), "castle_test_garden.tmx"))
    assert board.name == "test_garden"
    assert board.title == "Test Garden"
    assert (board.width, board.height) == (600, 450)
    assert board.path == (Point(300, 130), Point(300, 180), Point(300, 230), Point(300, 280))
    assert board.castle == Rect(250, 30, 100, 60)
    assert [s.color for s in board.spaces][:3] == [Color.RED, Color.YELLOW, Color.GREEN]
    assert board.spaces[0].centre == Point(360, 180) and board.spaces[0].radius == 20
    assert [s.faces for s in board.spaces] == [1, 2, 3, None, None, None, None]
    assert [sorted(r.players) for r in board.recesses] == [[2, 3, 4], [2, 3, 4], [3, 4], [4]]
    assert [r.index for r in board.recesses_for(2)] == [0, 1]


def test_bad_colour(tmp_path: Path) -> None:
    level = _good_level()
    level["garden"][1]["color"] = "blue"
    message = _error(tmp_path, level)
    assert "garden space 9: colour 'blue' is not red, yellow, green or white" in message


def test_coloured_space_without_faces(tmp_path: Path) -> None:
    level = _good_level()
    del level["garden"][2]["faces"]
    message = _error(tmp_path, level)
    assert "garden space 10" in message
    assert "green space needs int property 'faces'" in message
    assert "1..3" in message


def test_gap_in_path_index(tmp_path: Path) -> None:
    level = _good_level()
    level["path"].append(_obj(300, 330, path_index=5, shape="point"))  # 0,1,2,3,5: no 4
    message = _error(tmp_path, level)
    assert "path_index must run 0..4 without gaps" in message
    assert "missing 4" in message and "unexpected 5" in message


def test_wrong_recess_counts(tmp_path: Path) -> None:
    level = _good_level()
    level["fountains"][3]["players"] = "3,4"  # now 4 recesses list 3 players
    message = _error(tmp_path, level)
    assert "4 fountain recess(es) list 3 players; exactly 3 must" in message


def test_not_xml_at_all(tmp_path: Path) -> None:
    path = tmp_path / "castle_broken.tmx"
    path.write_text("this is a garden, not a map\n", encoding="utf-8")
    with pytest.raises(BoardError, match=r"^castle_broken\.tmx: not a readable TMX file"):
        load_board(path)


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "castle_nowhere.tmx"
    with pytest.raises(BoardError, match=r"castle_nowhere\.tmx: level file not found") as caught:
        load_board(missing)
    assert str(missing) in str(caught.value)


def test_unknown_level_name_lists_the_available_ones() -> None:
    with pytest.raises(BoardError, match="no Castle level named 'nowhere'") as caught:
        level_file("nowhere")
    assert "moonlit_garden" in str(caught.value) and "rose_garden" in str(caught.value)
    with pytest.raises(BoardError):
        board_named("nowhere")


def _set(layer: str, index: int, key: str, value: object) -> Change:
    def change(level: Level) -> None:
        if layer == "map":
            level["map"][key] = value
        else:
            level[layer][index][key] = value

    return change


def _delete(layer: str, index: int, key: str) -> Change:
    def change(level: Level) -> None:
        del (level["map"] if layer == "map" else level[layer][index])[key]

    return change


def _drop_layer(layer: str) -> Change:
    def change(level: Level) -> None:
        del level[layer]

    return change


def _drop_object(layer: str, index: int) -> Change:
    def change(level: Level) -> None:
        del level[layer][index]

    return change


def _truncate_path(level: Level) -> None:
    level["path"] = level["path"][:3]
    for space in level["garden"]:
        if space.get("faces") == 3:
            space["faces"] = 2


def _squash(level: Level) -> None:
    level["garden"][0]["@h"] = 20


def _map_size(key: str, value: object) -> Change:
    def change(level: Level) -> None:
        level["size"] = {key: value}

    return change


def _crowd_the_garden(level: Level) -> None:
    level["garden"] += [_circle(10 + i % 50, 400, 1, color="white", pebbles=0) for i in range(300)]


NAN, INF = float("nan"), float("inf")


BROKEN: dict[str, tuple[Change, str]] = {
    "missing layer": (_drop_layer("fountains"), "missing object layer(s) 'fountains'"),
    "missing castle part": (_drop_object("castle", 1), "no object with part 'gate'"),
    "unknown castle part": (
        _set("castle", 2, "part", "moat"),
        "castle object 3: part 'moat' is not castle, gate or slider",
    ),
    "no title": (_delete("map", 0, "title"), "map: missing property 'title'"),
    "tile size zero": (_set("map", 0, "tile_size", 0), "'tile_size' must be > 0, got 0"),
    "path too short": (_truncate_path, "the path has 3 position(s); it needs at least 4"),
    "duplicate path index": (_set("path", 3, "path_index", 2), "path_index 2 is used twice"),
    "path index as string": (
        _set("path", 1, "path_index", "one"),
        "path object 5: property 'path_index' must be of type int, got str 'one'",
    ),
    "too many pebbles": (_set("garden", 0, "pebbles", 4), "pebbles is 4, expected 0 to 3"),
    "missing pebbles": (_delete("garden", 0, "pebbles"), "missing property 'pebbles'"),
    "faces the bridge": (
        _set("garden", 0, "faces", 0),
        "faces is 0, expected a path position 1..3",
    ),
    "faces past the end": (_set("garden", 2, "faces", 4), "faces is 4, expected a path position"),
    "white space faces": (_set("garden", 3, "faces", 2), "a white space faces no path position"),
    "position faced by none": (
        _set("garden", 1, "faces", 1),
        "path position(s) 2 faced by no coloured space",
    ),
    "too few white spaces": (
        _drop_object("garden", 6),
        "3 white space(s); a level needs at least 4",
    ),
    "space not a circle": (_squash, "the ellipse is 40x20; make it a circle"),
    "recess players not numbers": (
        _set("fountains", 0, "players", "two"),
        "players 'two' must be player counts separated by commas",
    ),
    "recess for five players": (
        _set("fountains", 3, "players", "4,5"),
        "players '4,5' must list player counts from 2, 3 and 4",
    ),
    "too few recesses": (_drop_object("fountains", 3), "3 fountain recess(es) list 4 players"),
    "recess of five pebbles": (
        _set("fountains", 1, "pebbles", 5),
        "fountain recess 16: pebbles is 5, expected 0 to 4",
    ),
    # Geometry: NaN, infinities, absurd and negative numbers name the object and the field.
    "x is NaN": (_set("garden", 0, "@x", NAN), "garden space 8: x is nan; expected a finite"),
    "y is infinite": (_set("path", 1, "@y", INF), "path object 5: y is inf; expected a finite"),
    "width is -inf": (_set("castle", 0, "@w", -INF), "castle object 1: width is -inf; expected"),
    "x is 1e308": (
        _set("fountains", 0, "@x", 1e308),
        "fountain recess 15: x is 1e+308, outside the map (0 to 600)",
    ),
    "y is negative": (_set("path", 0, "@y", -5), "path object 4: y is -5, outside the map"),
    "negative width": (
        _set("castle", 2, "@w", -40),
        "castle object 3: width is -40; a size cannot be negative",
    ),
    "past the right edge": (
        _set("garden", 6, "@x", 590),
        "garden space 14: x + width is 630, outside the map (0 to 600)",
    ),
    "polygon point is NaN": (
        _set("castle", 1, "@shape", 'polygon points="0,0 40,0 nan,10"'),
        "castle object 2: points is nan; expected a finite number",
    ),
    "polygon point off the map": (
        _set("castle", 1, "@shape", 'polygon points="0,0 4000,0 0,10"'),
        "castle object 2: a point's x is 4280, outside the map",
    ),
    "tile size NaN": (
        _set("map", 0, "tile_size", NAN),
        "map: property 'tile_size' is nan; expected a finite number",
    ),
    "tile size infinite": (_set("map", 0, "tile_size", INF), "'tile_size' is inf; expected a"),
    "tile size larger than the board": (
        _set("map", 0, "tile_size", 1e308),
        "'tile_size' is 1e+308; a tile must fit on the 600x450 board",
    ),
    "map width NaN": (_map_size("width", "nan"), "map width is 'nan'; expected a whole number"),
    "map height negative": (_map_size("height", -15), "map height is '-15'; expected a whole"),
    "map tile width 1e308": (_map_size("tilewidth", 1e308), "map tilewidth is '1e+308'"),
    "map too large": (
        _map_size("tilewidth", 100_000),
        "map width 20 x tilewidth 100000 is 2000000 pixels; a board is at most 10000",
    ),
    "absurd object count": (_crowd_the_garden, "layer 'garden' holds 307 objects; at most 256"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_level_explains_itself(tmp_path: Path, case: str) -> None:
    change, expected = BROKEN[case]
    level = copy.deepcopy(_good_level())
    change(level)
    assert expected in _error(tmp_path, level)


def test_pytmx_errors_become_board_errors(tmp_path: Path) -> None:
    level = _good_level()
    level["garden"][0]["name"] = "a property called name clashes with Tiled's own"
    message = _error(tmp_path, level)
    assert "pytmx could not read it" in message
    assert "named like one of Tiled's own attributes" in message
