"""What the Castle board shows at this moment: the game as far as the animations have got.

The rules have already moved on when their events arrive; this presenter replays those events
as timed steps (slider pushes, tiles sliding and falling off the path onto Zirroz's pile,
pebbles flying between the pouch, the screens and the pile beside the board, tiles turning
over) on the table kit's timeline. It holds no pygame: the painter draws it, and tests check
it headless. Positions are anchors that the painter resolves to pixels, so resizing in the
middle of an animation just works.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.presenter import (
    Anchor,
    Flight,
    LogLine,
    PresenterBase,
    between,
    seat_anchor,
)
from moonlight_desktop.ui.tween import Easing, Step, ease_in, ease_in_out, ease_out, lerp, linear

from ..board import Board, Recess, Space
from ..components import Spell
from ..moves import (
    EndTurn,
    ExtraTurn,
    FigureMoved,
    GameOver,
    JewelsRecovered,
    LastRound,
    Passed,
    PebblesDrawn,
    PebblesReturned,
    PouchRefilled,
    TilePushed,
    ZirrozAngry,
)
from ..state import Phase
from ..table import POUCH as PEBBLES_IN_GAME
from ..table import Table
from ..view import MAGIC, CastleView
from .narrator import CastleNarrator

Pose = tuple[float, float, float]
"""A tile lying on Zirroz's pile: its offset from the pile's spot (in tiles) and its angle."""

Front = tuple[int, ...] | str
"""A tile's jewels, or MAGIC."""

POUCH: Anchor = ("pouch", 0.0, 0.0)
PAID: Anchor = ("paid", 0.0, 0.0)
"""Anchors in the side panel's supply strip; ("map", x, y) are board pixels."""
BANNERS: dict[type[Event], tuple[str, float]] = {
    ZirrozAngry: ("tile_slid", 0.9),
    LastRound: ("last_round", 1.3),
    ExtraTurn: ("extra_turn", 0.9),
}
"""The events whose log line also crosses the board as a banner: its sound and how long."""
PILE_SCALE = 0.62
"""Tiles on Zirroz's pile are drawn this size (they lie on the ground, below the path)."""
PILE_POSES: tuple[Pose, ...] = (
    (0.0, 0.0, -8.0),
    (0.07, -0.05, 11.0),
    (-0.06, -0.1, -3.0),
    (0.04, -0.15, 15.0),
)
"""How the fallen tiles lie, one over another (offsets in tiles): an untidy little heap whose
top tile is always the last to fall."""


@dataclass(slots=True, eq=False)
class TileSprite:
    front: Front
    at: Anchor
    spell: Spell | None = None  # shown once the tile has been turned over
    flip: float = 1.0  # horizontal scale while turning over (0 = edge-on)
    angle: float = 0.0  # degrees, for tumbling
    scale: float = 1.0
    alpha: float = 1.0
    target: Anchor | None = None  # where it flies (to a player's panel)
    progress: float = 0.0


@dataclass(slots=True, eq=False)
class Splash:
    """The puff where a falling tile lands: rings spreading and fading as `progress` runs."""

    at: Anchor
    progress: float = 0.0


@dataclass(slots=True)
class SeatDisplay:
    """A seat's row as far as the animation has got: what is behind its screen (None: hidden
    from this viewer), how many pebbles, and the tiles recovered."""

    screen: tuple[int, int, int] | None
    pebbles: int
    recovered: list[tuple[tuple[int, ...], Spell]] = field(default_factory=list)


class CastlePresenter(PresenterBase[CastleView]):
    """The animated picture of one game. Whenever the shown view changes (after a command's
    events have played, or when another player takes the seat) the picture snaps to it."""

    narrator: CastleNarrator

    def __init__(
        self, view: CastleView, names: list[str], sound: Callable[[str], None] = lambda _name: None
    ) -> None:
        self.narrator = CastleNarrator(view.table, names)
        super().__init__(view, sound, narrator=self.narrator)
        self.table: Table = view.table
        self.path: list[TileSprite | None] = []
        self.loose: list[TileSprite] = []  # tiles off the path: falling, or flying to a player
        self.splashes: list[Splash] = []
        self.figures: list[Anchor | None] = []  # None: not in the garden yet
        self.seats: list[SeatDisplay] = []
        self.castle_count = 0
        self.fallen: list[Front] = []  # Zirroz's pile, the last to fall on top
        self.pile = pile_spot(view.table.board)
        self.pouch_count = 0
        self.paid: tuple[int, int, int] = (0, 0, 0)
        self.slider = 0.0  # 0 = resting behind the castle, 1 = pushed all the way in
        self.last_round = False
        self.show_view(view)

    # Snapping to the truth ------------------------------------------------------------------

    def show_view(self, view: CastleView) -> None:
        self.path = [
            None if front is None else TileSprite(front, self.position(index))
            for index, front in enumerate(view.path)
        ]
        self.loose, self.flights, self.splashes = [], [], []
        self.figures = [self.space_anchor(spot) if spot >= 0 else None for spot in view.spots]
        self.seats = [
            SeatDisplay(
                screen=view.screens[seat],
                pebbles=view.screen_sizes[seat],
                recovered=[(tile.jewels, tile.spell) for tile in view.collected[seat]],
            )
            for seat in range(len(view.spots))
        ]
        self._hold_fountain_draw(view)
        self.castle_count = view.castle_count
        self.fallen = list(view.fallen)
        self.pouch_count = view.pouch_count
        self.paid = view.paid
        self.slider = 0.0
        self.last_round = view.last_round

    def _hold_fountain_draw(self, view: CastleView) -> None:
        """While a gold fountain's draw waits for the player's choice the rules keep it apart
        from the screen, but its pebbles flew to the player's row, and the choice sends some
        of them on from there: so the row shows them, as it did when they landed. Nobody else
        sees their colours, but everyone saw how many were drawn: every pebble not in the
        pouch, beside the board or behind a screen."""
        if view.phase != Phase.FOUNTAIN:
            return
        shown = self.seats[view.seat]
        if view.drawn is not None:
            held = sum(view.drawn)
            if shown.screen is not None:
                shown.screen = _plus(shown.screen, view.drawn)
        else:
            held = PEBBLES_IN_GAME - view.pouch_count - sum(view.paid) - sum(view.screen_sizes)
        shown.pebbles += held

    def restore_log(self, history: Sequence[Played | LogLine]) -> None:
        """A resumed game's log: who started (the first line of every game's log), then
        everything since."""
        super().restore_log(history)
        self.log.insert(0, self.narrator.starter_line(self.shown.start_seat))

    # Geometry ------------------------------------------------------------------------------

    def position(self, index: int) -> Anchor:
        """Path position `index`; past the end, further along the last step (where tiles fall)."""
        path = self.table.board.path
        if index < len(path):
            return ("map", path[index].x, path[index].y)
        last, before = path[-1], path[-2]
        steps = index - len(path) + 1
        return ("map", last.x + (last.x - before.x) * steps, last.y + (last.y - before.y) * steps)

    def space_anchor(self, space: int) -> Anchor:
        centre = space_round(self.table, space).centre
        return ("map", centre.x, centre.y)

    # The log and banners ---------------------------------------------------------------------

    def conclude(self, played: Played) -> None:
        """The turn's end in the log and, for the player at the screen whose turn ended by
        itself, a banner: it passes on at once, with nothing to click."""
        super().conclude(played)
        ending = self.narrator.ending(played)
        mine = played.seat == played.viewer and not isinstance(played.command, EndTurn)
        if ending is not None and mine:
            self.show_banner(ending[1], hold=1.1)

    def _log_now(self, event: Event) -> None:
        self.log.extend(self.narrator.describe(event))

    def _say_event(self, event: Event) -> None:
        self.say(*self.narrator.describe(event))

    # Events to animation ---------------------------------------------------------------------

    def animate(self, event: Event) -> None:
        """Queues the animation of one event (already redacted for the viewer)."""
        if isinstance(event, FigureMoved):
            self._figure_moved(event)
        elif isinstance(event, PebblesDrawn):
            self._pebbles_drawn(event)
        elif isinstance(event, PouchRefilled):
            self._pouch_refilled(event)
        elif isinstance(event, PebblesReturned):
            self._fly_pebbles(event.seat, event.pebbles)
            self._say_event(event)
        elif isinstance(event, JewelsRecovered):
            self._jewels_recovered(event)
        elif isinstance(event, TilePushed):
            self._tile_pushed(event)
        elif type(event) in BANNERS:  # told in the log and across the board alike
            if isinstance(event, LastRound):
                self.timeline.add(Step(0.0, on_end=self._mark_last_round))
            lines = self.narrator.describe(event)
            self.say(*lines)
            self.show_banner(lines[0].text, *BANNERS[type(event)])
        elif isinstance(event, Passed):
            self._say_event(event)
        elif isinstance(event, GameOver):
            self.timeline.add(Step(0.0, on_end=lambda: self.sound("game_over")))

    def _mark_last_round(self) -> None:
        self.last_round = True

    def _figure_moved(self, event: FigureMoved) -> None:
        seat = event.seat
        start = self.figures[seat] or seat_anchor(seat)
        end = self.space_anchor(event.to_space)
        if event.paid >= 0:
            self._fly_pebbles(seat, _one(event.paid))

        def hop(progress: float) -> None:
            self.figures[seat] = between(start, end, progress) if start[0] == "map" else end

        self.timeline.add(Step(0.35, hop, easing=ease_in_out, on_end=lambda: self._log_now(event)))

    def _flight(
        self,
        duration: float,
        easing: Easing,
        take_off: Callable[[], list[Flight]],
        landed: Callable[[], None],
        stagger: float = 0.0,
    ) -> None:
        """Pebbles flying together (each flight's `what` is its colour, None where this viewer
        may not see it): `take_off` makes them when the step starts (and changes what they
        leave), `landed` changes what they reach. With a stagger they leave one after another
        and still all arrive by the end."""
        sprites: list[Flight] = []

        def launch() -> None:
            sprites[:] = take_off()
            self.flights.extend(sprites)

        def fly(progress: float) -> None:
            stretch = 1 + stagger * (len(sprites) - 1)
            for index, sprite in enumerate(sprites):
                sprite.progress = min(1.0, max(0.0, progress * stretch - index * stagger))

        def land() -> None:
            for sprite in sprites:
                self.flights.remove(sprite)
            landed()

        self.timeline.add(Step(duration, fly, easing=easing, on_start=launch, on_end=land))

    def _fly_pebbles(self, seat: int, counts: tuple[int, int, int]) -> None:
        """Pebbles from a screen to the pile beside the board, all at once."""
        colors = [color for color in range(3) for _ in range(counts[color])]
        if not colors:
            return

        def take_off() -> list[Flight]:
            self.sound("pebble_paid")
            shown = self.seats[seat]
            shown.pebbles -= len(colors)
            if shown.screen is not None:
                shown.screen = _minus(shown.screen, counts)
            return [Flight(color, seat_anchor(seat), PAID) for color in colors]

        def landed() -> None:
            self.paid = _plus(self.paid, counts)

        self._flight(0.3, ease_in_out, take_off, landed)

    def _pebbles_drawn(self, event: PebblesDrawn) -> None:
        seat = event.seat
        colors: list[int | None] = list(event.pebbles) if event.pebbles else [None] * event.count

        def take_off() -> list[Flight]:
            self.pouch_count -= len(colors)
            self.sound("pebble_drawn")
            return [Flight(color, POUCH, seat_anchor(seat)) for color in colors]

        def landed() -> None:
            shown = self.seats[seat]
            shown.pebbles += len(colors)
            if shown.screen is not None and event.pebbles:
                counts = (event.pebbles.count(0), event.pebbles.count(1), event.pebbles.count(2))
                shown.screen = _plus(shown.screen, counts)
            self._log_now(event)

        self._flight(0.45, ease_out, take_off, landed, stagger=0.12)

    def _pouch_refilled(self, event: PouchRefilled) -> None:
        def take_off() -> list[Flight]:
            pile, self.paid = self.paid, (0, 0, 0)
            self.sound("pebble_drawn")
            return [Flight(c, PAID, POUCH) for c in range(3) for _ in range(pile[c])]

        def landed() -> None:
            self.pouch_count += event.count
            self._log_now(event)

        self._flight(0.4, ease_in_out, take_off, landed)

    def _jewels_recovered(self, event: JewelsRecovered) -> None:
        seat, position = event.seat, event.position
        self._fly_pebbles(seat, event.paid)
        tile_holder: list[TileSprite] = []

        def lift() -> None:
            tile = self.path[position]
            if tile is None:  # never expected: the rules only recover tiles on the path
                tile = TileSprite(event.jewels, self.position(position))
            self.path[position] = None
            self.loose.append(tile)
            tile_holder.append(tile)
            self.sound("jewels_recovered")

        def turn(progress: float) -> None:
            tile = tile_holder[0]
            tile.flip = abs(1 - 2 * progress)
            if progress >= 0.5:
                tile.spell = event.spell
            tile.scale = 1 + 0.25 * (1 - abs(1 - 2 * progress))

        def fly(progress: float) -> None:
            tile = tile_holder[0]
            tile.target = seat_anchor(seat)
            tile.progress = progress
            tile.scale = 1 - 0.5 * progress

        def stacked() -> None:
            tile = tile_holder[0]
            self.loose.remove(tile)
            self.seats[seat].recovered.append((event.jewels, event.spell))
            self._log_now(event)

        self.timeline.add(Step(0.4, turn, easing=ease_in_out, on_start=lift))
        self.timeline.add(Step(0.5))  # let everyone read the spell
        self.timeline.add(Step(0.4, fly, easing=ease_in, on_end=stacked))

    def _tile_pushed(self, event: TilePushed) -> None:
        front: Front = MAGIC if event.entered_magic else event.entered
        gate = self.table.board.gate.centre
        entering = TileSprite(front, ("map", gate.x, gate.y), scale=0.5, alpha=0.0)
        moving: list[tuple[TileSprite, int, int]] = []
        falling: list[TileSprite] = []
        last = len(self.path) - 1

        def push_in(progress: float) -> None:
            self.slider = progress

        def start_slide() -> None:
            self.sound("tile_slid")
            self.castle_count -= 1
            moving[:] = [
                (tile, source, target)
                for source, target in event.moves
                if (tile := self.path[source]) is not None
            ]
            if event.fell_off is not None and (tile := self.path[last]) is not None:
                self.path[last] = None
                self.loose.append(tile)
                falling.append(tile)
            self.loose.append(entering)

        def slide(progress: float) -> None:
            for tile, source, target in moving:
                tile.at = between(self.position(source), self.position(target), progress)
            for tile in falling:  # pushed along with the row, out past the end
                tile.at = between(self.position(last), self.position(last + 1), progress)
            entering.at = between(("map", gate.x, gate.y), self.position(0), progress)
            entering.alpha = min(1.0, progress * 2)
            entering.scale = 0.5 + 0.5 * progress

        def settle() -> None:
            for _tile, source, _target in moving:
                self.path[source] = None
            for tile, _source, target in moving:
                self.path[target] = tile
                tile.at = self.position(target)
            self.loose.remove(entering)
            self.path[0] = entering

        def pull_back(progress: float) -> None:
            self.slider = 1 - progress

        self.timeline.add(Step(0.16, push_in, easing=ease_in))
        self.timeline.add(Step(0.3, slide, easing=ease_out, on_start=start_slide, on_end=settle))
        if event.fell_off is not None:
            self._fall(falling, last + 1, event)
        self.timeline.add(Step(0.14, pull_back, easing=ease_out))

    def _fall(self, falling: list[TileSprite], beyond: int, event: TilePushed) -> None:
        """The tile pushed past the end (`falling` holds it once the slide starts) tips over
        the edge, falls onto Zirroz's pile, accelerating and tumbling ever faster, lands with
        a bounce and a puff of dust, and stays on the pile."""
        edge = self.position(beyond)
        size = self.table.board.tile_size
        # Degrees, pygame's way (positive turns anticlockwise): a tile going right rolls
        # clockwise. Tipping and tumbling make one whole turn, so it lands face up.
        spin = -1.0 if edge[1] >= self.position(beyond - 1)[1] else 1.0
        tipped, tumble = 30.0 * spin, 330.0 * spin
        tip_drop = 0.18 * size
        puff = Splash(self.pile)

        def landing() -> Anchor:
            """Where the tile comes to rest: on top of what already lies on the pile."""
            dx, dy, _angle = pile_pose(len(self.fallen))
            return ("map", self.pile[1] + dx * size, self.pile[2] + dy * size)

        def tip(progress: float) -> None:
            for tile in falling:
                tile.at = ("map", edge[1], edge[2] + tip_drop * progress)
                tile.angle = tipped * progress

        def drop(progress: float) -> None:
            # Ballistic: steady across, accelerating down (from rest), turning faster and
            # faster; the time runs linearly so the physics gives the acceleration.
            rest = landing()
            for tile in falling:
                x = lerp(edge[1], rest[1], progress)
                y = edge[2] + tip_drop + (rest[2] - edge[2] - tip_drop) * progress * progress
                tile.at = ("map", x, y)
                tile.angle = tipped + tumble * progress * progress
                tile.scale = lerp(1.0, PILE_SCALE, progress)

        def land() -> None:
            self.sound("tile_landed")
            self.splashes.append(puff)

        def bounce(progress: float) -> None:
            rest = landing()
            settled = pile_pose(len(self.fallen))[2]
            hop = 0.16 * size * math.sin(math.pi * min(1.0, progress / 0.55)) * (1 - progress)
            puff.progress = progress
            for tile in falling:
                tile.at = ("map", rest[1], rest[2] - hop)
                tile.angle = lerp(0.0, settled, ease_out(progress))  # a whole turn is none
                tile.scale = PILE_SCALE

        def piled() -> None:
            if puff in self.splashes:
                self.splashes.remove(puff)
            for tile in falling:
                if tile in self.loose:
                    self.loose.remove(tile)
                self.fallen.append(tile.front)
            self._log_now(event)

        self.timeline.add(
            Step(0.16, tip, easing=ease_in, on_start=lambda: self.sound("tile_fallen"))
        )
        self.timeline.add(Step(0.36, drop, easing=linear))
        self.timeline.add(Step(0.3, bounce, easing=linear, on_start=land, on_end=piled))


def space_round(table: Table, space: int) -> Space | Recess:
    """A space of the garden, or past them a fountain's recess, by space number."""
    garden = table.board.spaces
    if space < len(garden):
        return garden[space]
    return table.board.recesses_for(table.seats)[space - len(garden)]


def pile_pose(index: int) -> Pose:
    """How the `index`th tile to fall lies on the pile (offsets in tiles, angle in degrees):
    round after round of PILE_POSES, each round a little higher, up to a heap's height."""
    dx, dy, angle = PILE_POSES[index % len(PILE_POSES)]
    return (dx, dy - 0.04 * min(index // len(PILE_POSES), 3), angle)


def pile_spot(board: Board) -> Anchor:
    """Where Zirroz's pile lies: on the ground below the point one step past the end of the
    path (tiles fall there), as far below as there is room for it clear of the spaces, the
    fountain recesses, the path and the board's edges, so any garden has a place for it."""
    last, before = board.path[-1], board.path[-2]
    edge = (2 * last.x - before.x, 2 * last.y - before.y)
    size = board.tile_size
    spots = [
        (edge[0] + size * aside, edge[1] + size * drop)
        for aside in (0.0, 0.35, -0.35)
        for drop in (0.7, 1.0, 1.3, 1.6)
    ]
    # Room enough for the pile and then the longest fall (the most to see), else most room.
    roomy = size * 0.6
    best = max(spots, key=lambda spot: (min(_clearance(board, spot), roomy), spot[1]))
    return ("map", best[0], best[1])


def _clearance(board: Board, spot: tuple[float, float]) -> float:
    """How far `spot` is from the nearest space, fountain recess, path tile or board edge."""
    x, y = spot
    rounds = [(r.centre, r.radius) for r in board.spaces] + [
        (r.centre, r.radius) for r in board.recesses
    ]
    return min(
        min(math.dist(spot, (centre.x, centre.y)) - radius for centre, radius in rounds),
        min(math.dist(spot, (p.x, p.y)) - board.tile_size * 0.7 for p in board.path),
        x,
        y,
        board.width - x,
        board.height - y,
    )


def _one(color: int) -> tuple[int, int, int]:
    return (int(color == 0), int(color == 1), int(color == 2))


def _plus(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _minus(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])
