"""What the Castle board shows at this moment: the game as far as the animations have got.

The rules have already moved on when their events arrive; this model replays those events as
timed steps (slider pushes, tiles sliding and tumbling off the path, pebbles flying between the
pouch, the screens and the pile beside the board, tiles turning over). It holds no pygame: the
scene's painter draws it, and tests check it headless. Positions are anchors that the painter
resolves to pixels, so resizing in the middle of an animation just works.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.tween import (
    Easing,
    Step,
    Timeline,
    ease_in,
    ease_in_out,
    ease_out,
    lerp,
)

from .components import Spell
from .moves import (
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
from .table import Table
from .view import MAGIC, CastleView

Anchor = tuple[str, float, float]
"""("map", x, y) in board pixels; ("seat", n, 0), ("pouch", 0, 0) or ("paid", 0, 0) in the
side panel."""

Front = tuple[int, ...] | str
"""A tile's jewels, or MAGIC."""

POUCH: Anchor = ("pouch", 0.0, 0.0)
PAID: Anchor = ("paid", 0.0, 0.0)
COLOR_NAMES = ("red", "yellow", "green")
SPELL_TEXT = {
    Spell.NOTHING: "no spell",
    Spell.ONE_ARROW: "one arrow: one more tile slides out",
    Spell.TWO_ARROWS: "two arrows: two more tiles slide out",
    Spell.MAGICIAN: "the magician fills the path",
    Spell.SPECIAL: "the special symbol: another turn",
}


def seat_anchor(seat: int) -> Anchor:
    return ("seat", float(seat), 0.0)


def between(a: Anchor, b: Anchor, t: float) -> Anchor:
    """A point part-way between two anchors of the same kind (map points interpolate)."""
    if a[0] == b[0] == "map":
        return ("map", lerp(a[1], b[1], t), lerp(a[2], b[2], t))
    return a if t < 0.5 else b


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
class PebbleSprite:
    color: int | None  # None: a pebble whose colour this viewer may not see
    start: Anchor
    end: Anchor
    progress: float = 0.0


@dataclass(slots=True)
class SeatDisplay:
    screen: tuple[int, int, int] | None
    pebbles: int
    spot: int
    recovered: list[tuple[tuple[int, ...], Spell]] = field(default_factory=list)


@dataclass(slots=True)
class Banner:
    text: str
    alpha: float = 0.0


class CastleDisplay:
    """The animated picture of one game. `sync` snaps it to a view while nothing plays."""

    def __init__(
        self, table: Table, names: list[str], sound: Callable[[str], None] = lambda _name: None
    ) -> None:
        self.table = table
        self.names = names
        self.sound = sound
        self.timeline = Timeline()
        self.path: list[TileSprite | None] = []
        self.loose: list[TileSprite] = []  # tiles off the path: falling, or flying to a player
        self.pebbles: list[PebbleSprite] = []
        self.figures: list[Anchor | None] = []  # None: not in the garden yet
        self.seats: list[SeatDisplay] = []
        self.castle_count = 0
        self.fallen = 0
        self.pouch_count = 0
        self.paid: tuple[int, int, int] = (0, 0, 0)
        self.slider = 0.0  # 0 = resting behind the castle, 1 = pushed all the way in
        self.banner: Banner | None = None
        self.last_round = False
        self.log: list[str] = []

    # Snapping to the truth ------------------------------------------------------------------

    def sync(self, view: CastleView) -> None:
        self.path = [
            None if front is None else TileSprite(front, self.position(index))
            for index, front in enumerate(view.path)
        ]
        self.loose, self.pebbles = [], []
        self.figures = [self.space_anchor(spot) if spot >= 0 else None for spot in view.spots]
        self.seats = [
            SeatDisplay(
                screen=view.screens[seat],
                pebbles=view.screen_sizes[seat],
                spot=view.spots[seat],
                recovered=[(tile.jewels, tile.spell) for tile in view.collected[seat]],
            )
            for seat in range(len(view.spots))
        ]
        self.castle_count = view.castle_count
        self.fallen = len(view.fallen)
        self.pouch_count = view.pouch_count
        self.paid = view.paid
        self.slider = 0.0
        self.last_round = view.last_round

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    def update(self, dt: float, speed: float) -> None:
        self.timeline.speed = speed
        self.timeline.update(dt)

    def skip(self) -> None:
        self.timeline.finish()

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
        board = self.table.board
        if space < len(board.spaces):
            centre = board.spaces[space].centre
        else:
            centre = board.recesses_for(self.table.seats)[space - len(board.spaces)].centre
        return ("map", centre.x, centre.y)

    # Events to animation ---------------------------------------------------------------------

    def play(self, event: Event) -> None:
        """Queues the animation of one event (already redacted for the viewer)."""
        if isinstance(event, FigureMoved):
            self._figure_moved(event)
        elif isinstance(event, PebblesDrawn):
            self._pebbles_drawn(event)
        elif isinstance(event, PouchRefilled):
            self._pouch_refilled(event)
        elif isinstance(event, PebblesReturned):
            self._fly_pebbles(event.seat, event.pebbles)
            self._say(f"{self.names[event.seat]} put {sum(event.pebbles)} back beside the board")
        elif isinstance(event, JewelsRecovered):
            self._jewels_recovered(event)
        elif isinstance(event, TilePushed):
            self._tile_pushed(event)
        elif isinstance(event, ZirrozAngry):
            self._banner("Zirroz is angry! Six tiles slide out.", "tile_slid", 0.9)
        elif isinstance(event, LastRound):
            self.timeline.add(Step(0.0, on_end=self._mark_last_round))
            self._banner("The magic tile! This is the last round.", "last_round", 1.3)
        elif isinstance(event, ExtraTurn):
            self._banner(f"{self.names[event.seat]} plays again!", "extra_turn", 0.9)
        elif isinstance(event, Passed):
            self._say(f"{self.names[event.seat]} could not move and passed")
        elif isinstance(event, GameOver):
            self.timeline.add(Step(0.0, on_end=lambda: self.sound("game_over")))

    def _say(self, line: str) -> None:
        self.timeline.add(Step(0.0, on_end=lambda: self._log(line)))

    def _log(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-40]

    def _mark_last_round(self) -> None:
        self.last_round = True

    def _banner(self, text: str, sound: str, hold: float) -> None:
        banner = Banner(text)

        def show(progress: float) -> None:
            banner.alpha = min(1.0, progress * 4) if progress < 0.75 else (1 - progress) * 4

        def start() -> None:
            self.banner = banner
            self.sound(sound)
            self._log(text)

        def end() -> None:
            if self.banner is banner:
                self.banner = None

        self.timeline.add(Step(hold, show, easing=lambda t: t, on_start=start, on_end=end))

    def _figure_moved(self, event: FigureMoved) -> None:
        seat = event.seat
        start = self.figures[seat] or seat_anchor(seat)
        end = self.space_anchor(event.to_space)
        if event.paid >= 0:
            self._fly_pebbles(seat, _one(event.paid))

        def hop(progress: float) -> None:
            self.figures[seat] = between(start, end, progress) if start[0] == "map" else end

        def landed() -> None:
            self.seats[seat].spot = event.to_space
            cost = f", paying a {COLOR_NAMES[event.paid]} pebble" if event.paid >= 0 else ""
            self._log(f"{self.names[seat]} hid in a new space{cost}")

        self.timeline.add(Step(0.35, hop, easing=ease_in_out, on_end=landed))

    def _flight(
        self,
        duration: float,
        easing: Easing,
        take_off: Callable[[], list[PebbleSprite]],
        landed: Callable[[], None],
        stagger: float = 0.0,
    ) -> None:
        """Pebbles flying together: `take_off` makes them when the step starts (and changes
        what they leave), `landed` changes what they reach. With a stagger they leave one
        after another and still all arrive by the end."""
        sprites: list[PebbleSprite] = []

        def launch() -> None:
            sprites[:] = take_off()
            self.pebbles.extend(sprites)

        def fly(progress: float) -> None:
            stretch = 1 + stagger * (len(sprites) - 1)
            for index, sprite in enumerate(sprites):
                sprite.progress = min(1.0, max(0.0, progress * stretch - index * stagger))

        def land() -> None:
            for sprite in sprites:
                self.pebbles.remove(sprite)
            landed()

        self.timeline.add(Step(duration, fly, easing=easing, on_start=launch, on_end=land))

    def _fly_pebbles(self, seat: int, counts: tuple[int, int, int]) -> None:
        """Pebbles from a screen to the pile beside the board, all at once."""
        colors = [color for color in range(3) for _ in range(counts[color])]
        if not colors:
            return

        def take_off() -> list[PebbleSprite]:
            self.sound("pebble_paid")
            shown = self.seats[seat]
            shown.pebbles -= len(colors)
            if shown.screen is not None:
                shown.screen = _minus(shown.screen, counts)
            return [PebbleSprite(color, seat_anchor(seat), PAID) for color in colors]

        def landed() -> None:
            self.paid = _plus(self.paid, counts)

        self._flight(0.3, ease_in_out, take_off, landed)

    def _pebbles_drawn(self, event: PebblesDrawn) -> None:
        seat = event.seat
        colors: list[int | None] = list(event.pebbles) if event.pebbles else [None] * event.count

        def take_off() -> list[PebbleSprite]:
            self.pouch_count -= len(colors)
            self.sound("pebble_drawn")
            return [PebbleSprite(color, POUCH, seat_anchor(seat)) for color in colors]

        def landed() -> None:
            shown = self.seats[seat]
            shown.pebbles += len(colors)
            if shown.screen is not None and event.pebbles:
                counts = (
                    event.pebbles.count(0),
                    event.pebbles.count(1),
                    event.pebbles.count(2),
                )
                shown.screen = _plus(shown.screen, counts)
            plural = "pebble" if event.count == 1 else "pebbles"
            self._log(f"{self.names[seat]} drew {event.count} {plural}")

        self._flight(0.45, ease_out, take_off, landed, stagger=0.12)

    def _pouch_refilled(self, event: PouchRefilled) -> None:
        def take_off() -> list[PebbleSprite]:
            pile, self.paid = self.paid, (0, 0, 0)
            self.sound("pebble_drawn")
            return [PebbleSprite(c, PAID, POUCH) for c in range(3) for _ in range(pile[c])]

        def landed() -> None:
            self.pouch_count += event.count
            self._log("The pouch was empty: the pebbles beside the board go back in")

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
            count = len(event.jewels)
            self._log(
                f"{self.names[seat]} recovered {count} jewel{'s' if count > 1 else ''}"
                f" — {SPELL_TEXT[event.spell]}"
            )

        self.timeline.add(Step(0.4, turn, easing=ease_in_out, on_start=lift))
        self.timeline.add(Step(0.5))  # let everyone read the spell
        self.timeline.add(Step(0.4, fly, easing=ease_in, on_end=stacked))

    def _tile_pushed(self, event: TilePushed) -> None:
        front: Front = MAGIC if event.entered_magic else event.entered
        gate = self.table.board.gate.centre
        entering = TileSprite(front, ("map", gate.x, gate.y), scale=0.5, alpha=0.0)
        moving: list[tuple[TileSprite, int, int]] = []
        falling: list[TileSprite] = []

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
            last = len(self.path) - 1
            if event.fell_off is not None and (tile := self.path[last]) is not None:
                self.path[last] = None
                self.loose.append(tile)
                falling.append(tile)
            self.loose.append(entering)

        def slide(progress: float) -> None:
            for tile, source, target in moving:
                tile.at = between(self.position(source), self.position(target), progress)
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
            self._fall(falling)
        self.timeline.add(Step(0.14, pull_back, easing=ease_out))

    def _fall(self, falling: list[TileSprite]) -> None:
        """The tile pushed off the end tumbles away, accelerating, and is gone."""
        start_at: list[Anchor] = []

        def begin() -> None:
            self.sound("tile_fallen")
            start_at[:] = [tile.at for tile in falling]

        def tumble(progress: float) -> None:
            for tile, start in zip(falling, start_at, strict=True):
                beyond = self.position(len(self.path))
                tile.at = between(start, beyond, progress)
                tile.angle = 240 * progress
                tile.scale = 1 - 0.65 * progress
                tile.alpha = 1 - progress

        def gone() -> None:
            for tile in falling:
                if tile in self.loose:
                    self.loose.remove(tile)
            self.fallen += len(falling)
            self._log("A tile fell off the end of the path: the magician keeps it")

        self.timeline.add(Step(0.55, tumble, easing=ease_in, on_start=begin, on_end=gone))


def _one(color: int) -> tuple[int, int, int]:
    return (int(color == 0), int(color == 1), int(color == 2))


def _plus(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _minus(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])
