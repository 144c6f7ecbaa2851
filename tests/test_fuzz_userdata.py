"""The per-user data folder, fuzzed: whatever its files hold, the app starts, the gallery opens,
and the player can still continue a good save, change settings, set up and play a new game,
and come back; the next start is quiet (nothing bad comes back).

The app cases are a seeded corpus (the same every run) driven through the real App and its
main loop with synthetic events on the dummy video driver; their number grows with
MOONLIGHT_FUZZ=long (tests/fuzzing.py). The properties of the readers underneath run under
hypothesis, with the profile tests/conftest.py loads. Bots play their first legal command
here: they are not what is tested, and real ones think up to a second a move.
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import math
import os
import random
import re
import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, fields
from enum import Enum
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from moonlight_desktop import window as launch
from moonlight_desktop.archive import Archive
from moonlight_desktop.engine import Command, Match, Rng, SeatSpec
from moonlight_desktop.engine.safejson import JsonError
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.games.castle.bots import CASTLE_BOTS
from moonlight_desktop.games.castle.rules import CastleRules
from moonlight_desktop.games.castle.ui.setup import CASTLE_SETUP, FIGURES, FOUNTAINS
from moonlight_desktop.saves import resume_match, save_match
from moonlight_desktop.scenes.catalog import (
    GalleryScene,
    HandoffScene,
    PauseScene,
    SettingsScene,
    TableOverScene,
    TitleScene,
)
from moonlight_desktop.scenes.gallery import set_aside_notice
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.menu import ConfirmScene
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.setup import TableSetup
from moonlight_desktop.ui.widgets import Widget
from moonlight_desktop.userdata import (
    ANIMATION_SPEEDS,
    DATA_DIR_VARIABLE,
    RANGES,
    Settings,
    UserData,
    read_json,
)
from tests.castle_scene_helpers import is_castle_setup
from tests.fuzzing import scaled

SETTINGS, SETUP, SAVE = "settings.json", "last_setup_castle.json", "game_in_progress_castle.json"
APP_CASES = scaled(40, 400)
CASTLE_SET_ASIDE = set_aside_notice([TABLE_GAMES["castle"].title])
EVERY_FILE_AT_ONCE = 4
"""Every fourth case corrupts all three files at once."""


class FirstLegal:
    def __init__(self, _seed: int) -> None:
        pass

    def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
        return legal[0]


@pytest.fixture(scope="module", autouse=True)
def instant_bots() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for level in CASTLE_BOTS:
            patch.setitem(CASTLE_BOTS, level, FirstLegal)
        yield


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    yield tmp_path
    for path in tmp_path.iterdir():  # unreadable files must not trouble pytest's cleanup
        if not path.is_symlink():
            path.chmod(0o700 if path.is_dir() else 0o600)


# Valid files ------------------------------------------------------------------------------


def valid_settings(rng: random.Random) -> dict[str, Any]:
    return asdict(
        Settings(
            window_width=rng.randrange(800, 2000),
            window_height=rng.randrange(450, 1200),
            fullscreen=False,
            volume=rng.random(),
            muted=rng.random() < 0.3,
            animation_speed=rng.choice(ANIMATION_SPEEDS),
        )
    )


def valid_setup(rng: random.Random) -> TableSetup:
    setup = TableSetup.default(CASTLE_SETUP)
    for _ in range(rng.randrange(3)):
        setup.add_seat()
    for index in range(len(setup.seats)):
        setup.set_kind(index, rng.choice(CASTLE_SETUP.kinds))
        setup.set_look(index, rng.choice(FIGURES))
        setup.set_flag(index, rng.random() < 0.3)
    setup.set_name(0, rng.choice(["Ana", "Basil", "Zoë", "李"]))
    for fountain in FOUNTAINS:
        setup.set_option(fountain.key, rng.choice(fountain.choices).value)
    setup.set_option("full_moon", rng.random() < 0.3)
    setup.set_starter(rng.choice([None, 0, 1]))
    return setup


def valid_save(rng: random.Random) -> dict[str, Any]:
    """A game in progress: a real setup, a few random legal moves, still going."""
    while True:
        match = valid_setup(rng).to_match(CastleRules(), seed=rng.randrange(10**6))
        moves = Rng(rng.randrange(10**6))
        for _ in range(rng.randrange(30)):
            if match.is_over():
                break
            seat = match.to_act()[0]
            legal = match.legal(seat)
            match.submit(seat, legal[moves.below(len(legal))])
        if not match.is_over():
            record: dict[str, Any] = json.loads(match.record.dumps())  # as the file holds it
            return record


VALID: dict[str, Callable[[random.Random], Any]] = {
    SETTINGS: valid_settings,
    SETUP: lambda rng: valid_setup(rng).to_json(),
    SAVE: valid_save,
}


# Corruptions -------------------------------------------------------------------------------


class Special(Enum):
    """Not contents: what else may sit where a file belongs."""

    FOLDER = "a folder"
    UNREADABLE = "a file nobody may read"
    DANGLING_LINK = "a link to nowhere"


Content = bytes | Special

NASTY: tuple[Any, ...] = (
    *(None, True, 0, -1, 1.5, -0.0),  # the wrong type
    *(2**64, int("9" * 400), 1e308, math.nan, math.inf),  # too large for a float, or not finite
    *("", " ", "x" * 5000, "\x00", "\ud800", "\u202e"),  # text that cannot be used or drawn
    *("dragon", "grandmaster", "market", "gold", "fox", "bot", "return_two"),  # the wrong list
    *([], ["return_two"], [[[[[[]]]]]], {}, {"ritual": []}, {"name": {"name": None}}),
)
"""Values that break careless readers: wrong types, unhashable ones where a name belongs,
numbers too large for a float, text that cannot be drawn, names from the wrong list."""


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict | list):
        for key, child in value.items() if isinstance(value, dict) else enumerate(value):
            yield from _nodes(child, (*path, key))


def mutate(document: Any, rng: random.Random) -> Any:
    """One to three edits at random places of the tree: a value replaced by a nasty one, a key
    or an item removed, a value wrapped in a list, an unknown key added."""
    document = copy.deepcopy(document)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(list(_nodes(document)))
        if not path:
            return rng.choice(NASTY)
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        edit = rng.choice(("replace", "replace", "remove", "wrap", "add"))
        if edit == "replace":
            parent[key] = copy.deepcopy(rng.choice(NASTY))
        elif edit == "remove":
            del parent[key]
        elif edit == "wrap":
            parent[key] = [parent[key]]
        elif isinstance(parent, dict):
            parent[rng.choice(("zzz", "version", "seed", "look"))] = rng.choice(NASTY)
        else:
            parent.append(rng.choice(NASTY))
    return document


DAMAGES = ("mutate",) * 3 + (
    *("truncate", "bytes", "utf8", "type", "deep", "digits", "nonfinite", "empty", "special"),
)
"""Structure edits come up most often: they get past the JSON reader to the checks of each
field, where most of the findings were."""


def corrupt(document: Any, rng: random.Random) -> Content:
    """A broken version of a valid file: structure edits, or damage to its bytes."""
    text = json.dumps(document)
    damage = rng.choice(DAMAGES)
    if damage == "mutate":
        return json.dumps(mutate(document, rng)).encode()
    if damage == "truncate":
        return text[: rng.randrange(len(text))].encode()
    if damage == "bytes":
        raw = bytearray(text.encode())
        for _ in range(rng.randint(1, 8)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        return bytes(raw)
    if damage == "utf8":
        cut = rng.randrange(len(text))
        return (
            text[:cut].encode()
            + rng.choice((b"\xff", b"\xc0\xaf", b"\xed\xa0\x80"))
            + text[cut:].encode()
        )
    if damage == "type":
        return rng.choice((b"[]", b"3", b'"castle"', b"null", b"true", b"[1, 2]", b"{}"))
    if damage == "deep":
        depth = 100_000
        return rng.choice((b"[" * depth + b"]" * depth, b'{"a":' * depth + b"1" + b"}" * depth))
    if damage == "digits":
        return re.sub(r"\b\d+\b", "7" * 5000, text, count=1).encode()
    if damage == "nonfinite":
        number = rng.choice(("NaN", "Infinity", "-Infinity", "1e400"))
        return re.sub(r"\b\d+(\.\d+)?\b", number, text, count=1).encode()
    if damage == "empty":
        return rng.choice((b"", b"   \n", b"\xef\xbb\xbf" + text.encode()))
    return rng.choice(list(Special))


def put(folder: Path, name: str, content: Content) -> None:
    path = folder / name
    if content is Special.FOLDER:
        (path / "inside").mkdir(parents=True)
    elif content is Special.DANGLING_LINK:
        path.symlink_to(folder / "nowhere")
    elif content is Special.UNREADABLE:
        path.write_text("{}")
        path.chmod(0)
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)


def fill(folder: Path, case: int) -> tuple[set[str], bool]:
    """Writes case `case` of the corpus; returns the names of the broken files and whether a
    good save is among the files."""
    rng = random.Random(f"userdata fuzz {case}")
    every = case % EVERY_FILE_AT_ONCE == EVERY_FILE_AT_ONCE - 1
    broken = set(VALID) if every else {rng.choice(list(VALID))}
    for name, make in VALID.items():
        if name in broken:
            put(folder, name, corrupt(make(rng), rng))
        elif rng.random() < 0.5:
            put(folder, name, json.dumps(make(rng)).encode())
    return broken, (folder / SAVE).exists() and SAVE not in broken


# Driving the app through its main loop -------------------------------------------------------


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.step(0.1)
        time.sleep(0.001)  # as the real loop's clock.tick does: the bots' thread gets its turn
        scene = top(app)
        if isinstance(scene, TableScene):  # a remembered Hard seat searches in real time
            for job in list(scene.controller._thinking.values()):
                job.future.result(timeout=60)


def post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    frames(app)


def click(app: App, target: Widget | tuple[int, int]) -> None:
    pos = target.rect.center if isinstance(target, Widget) else target
    post(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def press(app: App, key: int) -> None:
    post(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def top(app: App) -> Scene:
    assert app.stack.top is not None
    return app.stack.top


def start_app(folder: Path) -> App:
    """Starts as the launcher does (recovering into the gallery) and plays from the title."""
    app = App(UserData(folder))
    app.recover = lambda notice: GalleryScene(app, notice)
    app.running = True
    app.stack.push(TitleScene(app))
    frames(app)
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), GalleryScene)
    return app


def leave_game(app: App) -> GalleryScene:
    """From the table (or a hand-off over it) back to the gallery through the pause menu, or
    from the game's end through its gallery button."""
    if isinstance(top(app), TableOverScene):
        over = top(app)
        assert isinstance(over, TableOverScene)
        click(app, over.gallery_button)
    else:
        press(app, pygame.K_ESCAPE)
        pause = top(app)
        assert isinstance(pause, PauseScene)
        click(app, pause.gallery_button)
        click(app, pause.leave_button)
    gallery = top(app)
    assert isinstance(gallery, GalleryScene)
    return gallery


def play_a_move(app: App) -> bool:
    """Plays on (bots, hand-offs) until a human has made a move; False if the game ended."""
    for _ in range(300):
        scene = top(app)
        if isinstance(scene, TableOverScene):
            return False
        if isinstance(scene, HandoffScene):
            press(app, pygame.K_RETURN)
        elif (
            isinstance(scene, TableScene)
            and scene.controller.may_act()
            and not scene.presenter.busy
        ):
            assert scene.controller.submit(scene.controller.legal()[0])
            frames(app)
            return True
        else:
            frames(app)
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    raise AssertionError(
        f"no human moved: {table.match.to_act()} to act, bots {sorted(table.controller.bots)}"
    )


def use_the_app(app: App) -> None:
    """What a player does after a bad start: continue (when offered), change a setting, set up
    and play a new game, and find it offered in the gallery."""
    gallery = top(app)
    assert isinstance(gallery, GalleryScene)
    if "castle" in gallery.resumables:
        click(app, gallery.continue_buttons["castle"])
        assert isinstance(top(app), TableScene | HandoffScene)
        frames(app, 3)
        gallery = leave_game(app)
    click(app, gallery.settings_button)
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    click(app, settings.speed.segment(ANIMATION_SPEEDS.index(0.0)).center)
    assert app.settings.animation_speed == 0.0
    press(app, pygame.K_ESCAPE)
    assert top(app) is gallery
    click(app, gallery.cards[0])
    setup = top(app)
    assert is_castle_setup(setup) and setup.setup.problem() is None
    kind = setup.rows[0].kind
    while setup.setup.seats[0].kind != "human":  # someone to play a move
        click(app, (kind.rect.centerx + kind.rect.width // 4, kind.rect.centery))
    in_progress = app.user_data.has_game("castle")
    click(app, setup.start_button)
    if in_progress:
        confirm = top(app)
        assert isinstance(confirm, ConfirmScene)
        click(app, confirm.proceed_button)
    assert isinstance(top(app), TableScene | HandoffScene)
    still_going = play_a_move(app)
    gallery = leave_game(app)
    assert ("castle" in gallery.resumables) == still_going


@pytest.mark.parametrize("case", range(APP_CASES))
def test_the_app_survives_whatever_the_data_folder_holds(
    folder: Path, case: int, caplog: pytest.LogCaptureFixture
) -> None:
    broken, good_save = fill(folder, case)
    with caplog.at_level(logging.INFO):
        app = start_app(folder)
        gallery = top(app)
        assert isinstance(gallery, GalleryScene)
        if good_save:
            assert "castle" in gallery.resumables and gallery.notice is None
        if gallery.notice is not None:  # said only when a save was set aside
            assert gallery.notice == CASTLE_SET_ASIDE and SAVE in broken
            assert (folder / f"{SAVE}.bad").exists() or (folder / f"{SAVE}.bad").is_symlink()
        use_the_app(app)
        app.close()
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not failures, f"{broken}: {failures[0].getMessage()}\n{caplog.text[-3000:]}"
    # The next start finds everything in order: not one warning comes back.
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        again = start_app(folder)
        gallery = top(again)
        assert isinstance(gallery, GalleryScene) and gallery.notice is None
        again.close()
    assert not caplog.records, caplog.text


def test_every_file_corrupt_at_once(folder: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The findings of the first fuzzing, all at once, started by the real launcher: a volume
    of 400 digits, unhashable values where names belong in the setup and in the save (a list
    for a fountain's ritual), a folder where the log goes, a temp file a crash left."""
    settings = {"window_width": 1600, "window_height": 900, "volume": int("9" * 400)}
    put(folder, SETTINGS, json.dumps(settings).encode())
    setup = {"version": 1, "seats": [{"name": ["Ana"]}, {"name": "Keep me"}], "fountains": [{}]}
    put(folder, SETUP, json.dumps(setup).encode())
    save = valid_save(random.Random(3))
    save["options"]["fountains"][0]["ritual"] = ["return_two"]
    put(folder, SAVE, json.dumps(save).encode())
    (folder / "moonlight.log").mkdir()
    put(folder, "settings.jsonab12cd34.tmp", b"{")
    left_behind = time.time() - 3600  # by a write that a crash stopped an hour ago
    os.utime(folder / "settings.jsonab12cd34.tmp", (left_behind, left_behind))
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        assert launch.play(quit_after_first_frame=True) == 0
    finally:  # the launcher sets up logging for the whole process
        root.handlers[:], root.level = handlers, level
    assert not (folder / "settings.jsonab12cd34.tmp").exists()
    app = start_app(folder)
    gallery = top(app)
    assert isinstance(gallery, GalleryScene) and gallery.notice == CASTLE_SET_ASIDE
    assert json.loads((folder / f"{SAVE}.bad").read_text()) == save
    assert (app.settings.window_width, app.settings.volume) == (1600, Settings().volume)
    click(app, gallery.cards[0])
    remembered = top(app)
    assert is_castle_setup(remembered)
    assert [seat.name for seat in remembered.setup.seats] == ["Player 1", "Keep me"]
    press(app, pygame.K_ESCAPE)
    use_the_app(app)
    app.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # foreseen, each one


def test_a_stale_temp_file_is_removed_at_start(folder: Path) -> None:
    good = json.dumps(valid_settings(random.Random(1)))
    (folder / SETTINGS).write_text(good)
    (folder / "settings.jsonq7w8e9r0.tmp").write_text(good[:10])  # a write the crash cut short
    (folder / "game_in_progress_castle.json_zz81x9k.tmp").write_text("")
    (folder / "holiday.tmp").write_text("not ours")
    an_hour_ago = time.time() - 3600  # when the crash was
    for path in folder.iterdir():
        os.utime(path, (an_hour_ago, an_hour_ago))
    app = App(UserData(folder))
    assert sorted(path.name for path in folder.iterdir()) == ["holiday.tmp", SETTINGS]
    assert asdict(app.settings) == json.loads(good)
    app.close()


# Starting a new game while one is in progress ----------------------------------------------


def _game_in_progress(folder: Path) -> str:
    seats = [SeatSpec("Ada", "human", None, "fox"), SeatSpec("Bot", "bot", "easy", "wolf")]
    match = Match.new(CastleRules(), seats, 4, {"start_seat": 0})
    seat = match.to_act()[0]
    match.submit(seat, match.legal(seat)[0])
    save_match(UserData(folder), match)
    return (folder / SAVE).read_text()


def _ask_for_a_new_game(app: App) -> ConfirmScene:
    gallery = top(app)
    assert isinstance(gallery, GalleryScene) and "castle" in gallery.resumables
    click(app, gallery.cards[0])
    setup = top(app)
    assert is_castle_setup(setup)
    setup.setup.set_name(0, "Nadia")  # something the player would not like to lose
    click(app, setup.start_button)
    confirm = top(app)
    assert isinstance(confirm, ConfirmScene)
    assert app.stack.scenes[-2] is setup  # drawn over the setup, which waits below
    return confirm


@pytest.mark.parametrize("how", ["button", "escape", "enter"])
def test_keeping_the_game_in_progress_loses_nothing(folder: Path, how: str) -> None:
    saved = _game_in_progress(folder)
    app = start_app(folder)
    confirm = _ask_for_a_new_game(app)
    if how == "button":
        click(app, confirm.keep_button)
    else:
        press(app, pygame.K_ESCAPE if how == "escape" else pygame.K_RETURN)
    setup = top(app)
    assert is_castle_setup(setup) and setup.setup.seats[0].name == "Nadia"
    assert (folder / SAVE).read_text() == saved
    press(app, pygame.K_ESCAPE)
    gallery = top(app)
    assert isinstance(gallery, GalleryScene) and "castle" in gallery.resumables
    assert [seat.name for seat in gallery.resumables["castle"][1].seats] == ["Ada", "Bot"]
    app.close()


def test_starting_new_replaces_the_game_in_progress(folder: Path) -> None:
    saved = _game_in_progress(folder)
    app = start_app(folder)
    confirm = _ask_for_a_new_game(app)
    click(app, confirm.proceed_button)
    table = top(app)
    assert isinstance(table, TableScene | HandoffScene)
    assert [type(scene) for scene in app.stack.scenes][:2] == [GalleryScene, TableScene]
    assert (folder / SAVE).read_text() != saved
    assert json.loads((folder / SAVE).read_text())["seats"][0]["name"] == "Nadia"
    app.close()


def test_no_question_when_no_game_is_in_progress(folder: Path) -> None:
    app = start_app(folder)
    gallery = top(app)
    assert isinstance(gallery, GalleryScene)
    click(app, gallery.cards[0])
    setup = top(app)
    assert is_castle_setup(setup)
    click(app, setup.start_button)
    assert isinstance(top(app), TableScene | HandoffScene)
    app.close()


# The readers underneath, under hypothesis -----------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**300, max_value=10**400)
    | st.floats()  # NaN and the infinities too: from_json must refuse them itself
    | st.text(max_size=30)
    | st.sampled_from(["castle", "fox", "easy", "gold", "return_two", "human"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=30,
)


def _settings_are_sane(settings: Settings) -> None:
    for field in fields(Settings):
        value, default = getattr(settings, field.name), getattr(Settings(), field.name)
        assert type(value) is type(default)
        if field.name in RANGES:
            low, high = RANGES[field.name]
            assert math.isfinite(value) and low <= value <= high
    assert settings.animation_speed in ANIMATION_SPEEDS


@given(st.dictionaries(st.sampled_from([f.name for f in fields(Settings)]), json_values))
def test_settings_from_any_json_are_sane(data: dict[str, Any]) -> None:
    _settings_are_sane(Settings.from_json(data))


@given(st.sampled_from([f.name for f in fields(Settings)]), json_values, st.randoms())
def test_one_bad_setting_costs_no_other(name: str, value: Any, rng: random.Random) -> None:
    good = valid_settings(rng)
    settings = Settings.from_json({**good, name: value})
    _settings_are_sane(settings)
    for field in fields(Settings):
        if field.name != name:
            assert getattr(settings, field.name) == good[field.name]


def _objects_of(keys: list[str]) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.lists(st.dictionaries(st.sampled_from(keys), json_values), max_size=6)


earlier_setup_like = st.fixed_dictionaries(
    {"version": st.just(1)},
    optional={
        "seats": json_values | _objects_of(["kind", "name", "figure", "open_screen"]),
        "fountains": json_values | _objects_of(["ritual", "side"]),
        "level": json_values,
        "full_moon": json_values,
        "start_seat": json_values,
        "hints": json_values,
    },
)
"""A setup as Castle's own setup screen remembered it, or something like it."""
setup_like = st.fixed_dictionaries(
    {"version": st.just(1)},
    optional={
        "seats": json_values | _objects_of(["kind", "name", "look", "flagged"]),
        "options": json_values
        | st.dictionaries(
            st.sampled_from(["level", "full_moon", *(f.key for f in FOUNTAINS)]), json_values
        ),
        "starter": json_values,
        "hints": json_values,
    },
)


@given(json_values | earlier_setup_like | setup_like)
def test_any_remembered_setup_can_start_a_game(data: Any) -> None:
    setup = TableSetup.restore(CASTLE_SETUP, data)
    assert setup.problem() is None
    setup.to_match(CastleRules(), seed=1)


@given(st.randoms(), st.integers(min_value=0, max_value=3), json_values)
def test_one_bad_seat_costs_no_other_seat(rng: random.Random, bad: int, entry: Any) -> None:
    data = valid_setup(rng).to_json()
    assume(bad < len(data["seats"]))
    before = copy.deepcopy(data["seats"])
    data["seats"][bad] = entry
    restored = TableSetup.restore(CASTLE_SETUP, data)
    claimed = entry if isinstance(entry, dict) else {}
    name = claimed.get("name")
    name = name.strip().casefold() if isinstance(name, str) else None
    for number, seat in enumerate(before):
        if number == bad:
            continue
        # Only a bad seat that comes first and names the same name or figure may take it.
        first = bad < number
        if not (first and name == seat["name"].strip().casefold()):
            assert restored.seats[number].name == seat["name"]
        if not (first and claimed.get("look") == seat["look"]):
            assert restored.seats[number].look == seat["look"]


@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_the_reader_gives_a_value_or_one_kind_of_error(
    tmp_path_factory: pytest.TempPathFactory, raw: bytes
) -> None:
    path = tmp_path_factory.mktemp("read") / "file.json"
    path.write_bytes(raw)
    with contextlib.suppress(JsonError):  # any other error fails the test
        read_json(path)


@pytest.fixture(scope="module")
def board_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    app = App(UserData(tmp_path_factory.mktemp("boards")))
    yield app
    app.close()


@given(st.randoms(), st.data())
def test_a_save_is_offered_only_once_its_board_is_built(
    board_app: App, rng: random.Random, data: st.DataObject
) -> None:
    """A valid save with one value anywhere replaced: either it restores completely (replayed,
    and its board built) and is offered, or it is set aside with a notice; never an error."""
    document = valid_save(rng)
    paths = list(_nodes(document))[1:]
    path = data.draw(st.sampled_from(paths))
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(json_values)
    store = board_app.user_data
    for stale in store.folder.iterdir():
        shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    store.game_path("castle").write_text(json.dumps(document))
    resumed = resume_match(
        store, "castle", lambda match: open_table(board_app, TABLE_GAMES["castle"], match)
    )
    if resumed.shown is None:  # set aside, or a finished game now among the past games
        assert not store.has_game("castle")
        assert resumed.set_aside != bool(Archive(store.archive_folder).games())
    else:
        assert not resumed.set_aside
        assert len(resumed.shown.match.record.moves) == len(document.get("commands", []))
