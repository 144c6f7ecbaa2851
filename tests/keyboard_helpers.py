"""Playing a whole game at the table by keys alone: a player who reads the focused thing (the
game's spot, or the action strip's button) and presses only Tab, Shift+Tab and Enter, against
easy bots, at full animation speed. Every event the table hears is kept, to show no mouse
event ever reached it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame

from moonlight_desktop.engine import Command, Match, SeatSpec
from moonlight_desktop.game_list import GAMES, TABLE_GAMES, make_bot
from moonlight_desktop.speech import RecordingVoice, Speech
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.game_ui import TableContext
from moonlight_desktop.ui.table.scene import TableScene
from tests.table_helpers import Router, asked, frame, key

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)


class PausingRouter(Router):
    """The reduced scenes layer, counting the pauses asked for."""

    pauses = 0

    def pause(self, table: TableScene) -> None:
        self.pauses += 1


class KeyFocus:
    """A table `scene` on `app` driven by keys: where the focus rests, and Tab to a stop.
    Every event the table hears is kept."""

    def __init__(self, app: App, scene: TableScene) -> None:
        self.app, self.scene = app, scene
        self.heard: list[int] = []
        """The type of every event the table heard."""
        hear = scene.handle_event

        def handle_event(event: pygame.event.Event) -> bool:
            self.heard.append(event.type)
            return hear(event)

        scene.handle_event = handle_event  # type: ignore[method-assign]

    def press(self, which: int, mod: int = 0) -> None:
        key(self.app, which, mod)

    def stops(self) -> int:
        scene = self.scene
        table = scene.table
        return len(scene.keys.board_stops(table)) + len(scene.keys.panel_stops())

    def go_to(self, place: int) -> None:
        """Tabs (or Shift+Tabs, whichever is shorter) to the `place`-th stop of the walk."""
        total = self.stops()
        now = self._index()
        forward = (place - now) % total
        if forward <= total - forward:
            for _ in range(forward):
                self.press(pygame.K_TAB)
        else:
            for _ in range(total - forward):
                self.press(pygame.K_TAB, pygame.KMOD_SHIFT)

    def place_at(self, point: tuple[int, int]) -> int | None:
        """The stop a click at `point` would use: the board's spot on top there, else the side
        panel's control there."""
        scene = self.scene
        table = scene.table
        board, panel = scene.keys.board_stops(table), scene.keys.panel_stops()
        spot = scene.screen.spot_at(point, table)
        if spot is not None and spot.usable:
            return next((n for n, stop in enumerate(board) if stop.rect == spot.rect), None)
        inside = [n for n, stop in enumerate(panel) if stop.rect.collidepoint(point)]
        return len(board) + inside[0] if inside else None

    def focused_name(self) -> str | None:
        here = self.scene.keys.focused(self.scene.table)
        return None if here is None else here.name

    def _index(self) -> int:
        scene = self.scene
        table: TableContext = scene.table
        board, panel = scene.keys.board_stops(table), scene.keys.panel_stops()
        index = scene.keys._index(board, panel)
        assert index is not None
        return index

    def assert_keys_only(self) -> None:
        """Keys reached the table, and no mouse event at all (the window's own events may
        come, as the app's loop reads them)."""
        assert pygame.KEYDOWN in self.heard
        assert not any(kind in MOUSE_EVENTS for kind in self.heard), {
            pygame.event.event_name(kind) for kind in self.heard
        }


class KeyTable(KeyFocus):
    """A table of `game_id` with a human at seat 0 and easy bots, driven by keys."""

    def __init__(
        self,
        app: App,
        game_id: str,
        seats: int,
        options: dict[str, Any],
        seed: int = 3,
        prepare: Callable[[Match[Any]], None] | None = None,
    ) -> None:
        """`prepare`: changes the new match before the table is set (a position built)."""
        ui = TABLE_GAMES[game_id]
        specs = [
            SeatSpec(
                "Ada" if n == 0 else f"B{n}",
                "human" if n == 0 else "bot",
                None if n == 0 else "easy",
                ui.setup.looks[n],
            )
            for n in range(seats)
        ]
        match = Match.new(GAMES[game_id].rules, specs, seed, options)
        if prepare is not None:
            prepare(match)
        bots = {n: make_bot(game_id, "easy", n) for n in range(1, seats)}
        app.settings.animation_speed = 0.0
        app.speech = Speech(RecordingVoice(), enabled=True)
        self.router = PausingRouter()
        scene = TableScene(app, ui, match, bots, self.router, lambda m: None)
        app.stack.push(scene)
        super().__init__(app, scene)
        self.made: list[Command] = []
        """Every command the table's controller was given, in order (all by key)."""
        submit = self.scene.input.submit

        def kept(command: Command) -> None:
            self.made.append(command)
            submit(command)

        self.scene.input.submit = kept  # type: ignore[method-assign]
        self.roll = random.Random(seed)

    def frame(self) -> None:
        frame(self.app, self.scene, self.router, 1 / 30, draw=False)

    # What the focus rests on ------------------------------------------------------------------

    def focused_command(self) -> tuple[Command | None, bool]:
        """What Enter on the focus would do: its command, and whether it picks a piece up."""
        scene = self.scene
        table = scene.table
        keys = scene.keys
        if keys.panel is None:
            spot = scene.screen.focused(table)
            if spot is None:
                return None, False
            return spot.command, spot.select is not None and spot.command is None
        actions = scene.screen.actions(table)
        if keys.panel < len(actions) and len(actions) == len(scene.strip.buttons):
            return actions[keys.panel].command, False
        return None, False

    def walk(self) -> list[tuple[int, Command | None, bool]]:
        """Tabs once round every stop: where each is, what it does."""
        self.press(pygame.K_TAB)  # the first key may only show where the focus is
        found = []
        for _ in range(self.stops()):
            command, picks = self.focused_command()
            found.append((self._index(), command, picks))
            self.press(pygame.K_TAB)
        return found

    # Playing -----------------------------------------------------------------------------------

    def decide(self, wanted: set[type[Command]], depth: int = 3) -> bool:
        """One decision by keys: a legal command of a kind still `wanted` when one can be
        reached (else any), by Tab and Enter, picking pieces up on the way. True when a
        command was made."""
        legal = list(self.scene.controller.legal())
        if not legal:
            return False
        before = len(self.made)
        walk = self.walk()
        direct = [(place, command) for place, command, _ in walk if command in legal]
        fresh = [(place, command) for place, command in direct if type(command) in wanted]
        pickups = [place for place, _, picks in walk if picks]
        choice = fresh or (direct if not pickups or self.roll.random() < 0.5 or depth == 0 else [])
        if choice:
            self.go_to(self.roll.choice(choice)[0])
            self.press(pygame.K_RETURN)
        elif pickups:
            self.go_to(self.roll.choice(pickups))
            self.press(pygame.K_RETURN)
            self.frame()
            return self.decide(wanted, depth - 1)
        return len(self.made) > before

    def play_to_the_end(self, kinds: set[type[Command]], most_frames: int = 20000) -> None:
        """Plays the human's every decision by keys until game over."""
        wanted = set(kinds)
        for _ in range(most_frames):
            if self.router.over:
                return
            self.frame()
            if asked(self.scene) and self.scene.controller.legal():
                self.decide(wanted)
                wanted -= {type(command) for command in self.made}
        raise AssertionError("the game did not end")


def ring_round(app: App, rect: pygame.Rect, px: Callable[[float], int]) -> bool:
    """The focus ring's colour is on the window (as drawn) just outside `rect`."""
    edge = rect.inflate(2 * px(4), 2 * px(4))
    return any(
        tuple(app.window.get_at(point))[:3] == theme.FOCUS
        for point in (edge.midtop, edge.midleft, edge.midbottom, edge.midright)
    )


def every_kind_by_keys(
    app: App, game_id: str, seats: int, options: dict[str, Any], kinds: set[type[Command]]
) -> set[type[Command]]:
    """Whole games by keys alone (seed after seed, at most a dozen) until every kind of
    command in `kinds` was made at least once; the kinds made."""
    made: set[type[Command]] = set()
    for seed in range(12):
        table = KeyTable(app, game_id, seats, options, seed)
        table.play_to_the_end(kinds - made)
        table.assert_keys_only()
        made |= {type(command) for command in table.made}
        app.stack.pop()
        if made >= kinds:
            break
    return made


def castle_asked(app: App) -> KeyTable:
    """A two-seat Castle table driven by keys, once its human is asked."""
    table = KeyTable(app, "castle", 2, {}, seed=1)
    for _ in range(50):
        table.frame()
        if asked(table.scene):
            return table
    raise AssertionError("the human was never asked")
