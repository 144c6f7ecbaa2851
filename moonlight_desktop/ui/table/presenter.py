"""The presenter base: what a game's screen shows at this moment, as far as its animations have
got. No pygame: a game's painter draws it and tests check it headless.

The rules have moved on when a command's events arrive; a presenter turns them into timed
steps (flights between anchors, banners, log lines) and changes what the panel shows — whose
turn, scores, counts, the log — only when the step that shows the change plays, never before.
Anchors are named points that the painter resolves to pixels, so a resize in the middle of an
animation just works.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from moonlight_desktop.engine import Event, View
from moonlight_desktop.ui.tween import Easing, Step, Timeline, ease_in_out, lerp

from .controller import Played

if TYPE_CHECKING:
    from .narration import Narrator

ViewT = TypeVar("ViewT", bound=View)

Anchor = tuple[str, float, float]
"""A named point: ("board", x, y) in the board's own units, ("seat", n, 0) for a seat's row in
the side panel, or any name a game's painter knows ("pouch", "centre", "supply"...)."""


def anchor(kind: str, first: int, second: int = 0) -> Anchor:
    """A game's named point, numbered (e.g. ("tray", position, index))."""
    return (kind, float(first), float(second))


def seat_anchor(seat: int) -> Anchor:
    return ("seat", float(seat), 0.0)


def between(a: Anchor, b: Anchor, t: float) -> Anchor:
    """Part-way from `a` to `b`: points of the same kind interpolate; otherwise the flight
    jumps at half-way (the painter cannot mix two frames of reference)."""
    if a[0] == b[0]:
        return (a[0], lerp(a[1], b[1], t), lerp(a[2], b[2], t))
    return a if t < 0.5 else b


@dataclass(slots=True, eq=False)
class Flight:
    """Something on its way from one anchor to another: a card, a token, a pebble, a coin.
    `what` is the game's own description of the thing (the painter knows how to draw it)."""

    what: Any
    start: Anchor
    end: Anchor
    progress: float = 0.0

    @property
    def at(self) -> Anchor:
        return between(self.start, self.end, self.progress)


@dataclass(slots=True)
class Banner:
    text: str
    alpha: float = 0.0


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the game log: what happened in words, the seat it is about (for its colour
    or figure) and the kind of event (for its icon)."""

    text: str
    seat: int | None = None
    icon: str = ""


class PresenterBase(Generic[ViewT]):
    """The timeline, the shown view, flights, banners and the whole game's log. A game's
    presenter implements `animate(event)` and reads `shown` for what the panel says."""

    def __init__(
        self,
        view: ViewT,
        sound: Callable[[str], None] = lambda _name: None,
        *,
        narrator: Narrator,
    ) -> None:
        self.sound = sound
        self.narrator = narrator
        """The game's log in words."""
        self.view_type: type[ViewT] = type(view)
        self.timeline = Timeline()
        self.shown: ViewT = view
        """The view as of the last event shown: what the panel and the board say now."""
        self.flights: list[Flight] = []
        self.banner: Banner | None = None
        self.log: list[LogLine] = []
        self.told: list[Played | LogLine] = []
        """What the log tells, in order: the commands played, whose lines are worded again
        in the language of the moment (`retell`), and lines kept as worded (`note`)."""
        self.restored = 0
        """How often the log was rebuilt (`restore_log`): what follows it starts again."""

    # The scene's side ----------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    def update(self, dt: float, speed: float, reduce_motion: bool = False) -> None:
        self.timeline.speed = speed
        self.timeline.reduce_motion = reduce_motion
        self.timeline.update(dt)

    def skip(self) -> None:
        """Plays everything queued to its end at once (a click or Space)."""
        self.timeline.finish()

    def present(self, played: Played) -> None:
        """Queues one command's events and what they leave unsaid (`conclude`); once they have
        played, the shown view is the one the rules gave after them. A command that queues
        nothing (a bot's call in Samarkand's countdown, until the value is judged) is shown at
        once when nothing else is queued: the board never stops for it, so the choices on it
        neither blink nor miss a click."""
        self.told.append(played)
        view = self.accept(played.view)
        for event in played.events:
            self.animate(event)
        self.conclude(played)
        if not self.busy:
            self._show(view)
            return
        self.timeline.add(Step(0.0, on_end=lambda: self._show(view)))

    def reseat(self, view: View) -> None:
        """Another seat's view (or nobody's) once what is queued has played: after a player's
        last move animates their things are hidden, and after a hand-off the next player's are
        shown."""
        accepted = self.accept(view)
        self.timeline.add(Step(0.0, on_end=lambda: self._show(accepted)))

    def restore_log(self, history: Sequence[Played | LogLine]) -> None:
        """A resumed game's log, rebuilt from its record (`replay_log`), without animating."""
        self.restored += 1
        self.log.clear()
        self.told = list(history)
        for entry in history:
            if isinstance(entry, LogLine):
                self.log.append(entry)
                continue
            for event in entry.events:
                self.log.extend(self.narrator.describe(event))
            self.log.extend(self.narrator.summarize(entry))

    def retell(self) -> None:
        """The whole log worded again in the language just chosen, each line made afresh
        from what it tells (the same events, seen as they were then). What is queued is
        shown at once first, as a click would: a language is chosen under a menu."""
        self.skip()
        self.restore_log(self.told)

    def note(self, line: LogLine) -> None:
        """A line of the log that no command played tells: kept as worded."""
        self.log.append(line)
        self.told.append(line)

    # For the game's presenter --------------------------------------------------------------

    def animate(self, event: Event) -> None:
        """Queues the animation of one event (already redacted for the viewer). The default
        only logs it; games animate what they show."""
        self.say(*self.narrator.describe(event))

    def conclude(self, played: Played) -> None:
        """Queues, after a command's events, what they leave unsaid (`summarize`'s lines; a
        game may add a banner)."""
        self.say(*self.narrator.summarize(played))

    def show_view(self, view: ViewT) -> None:
        """Hook: the shown view changed (e.g. to rebuild what is drawn from it)."""

    def say(self, *lines: LogLine) -> None:
        """Adds log lines when the timeline reaches this point."""
        if lines:
            self.timeline.add(Step(0.0, on_end=lambda: self.log.extend(lines)))

    def fly(
        self,
        what: Any,
        start: Anchor,
        end: Anchor,
        duration: float = 0.35,
        easing: Easing = ease_in_out,
        on_end: Callable[[], None] | None = None,
    ) -> None:
        """Queues one flight; several queued with `fly_together` share one step."""
        self.fly_together([(what, start, end)], duration, easing, on_end)

    def fly_together(
        self,
        flights: list[tuple[Any, Anchor, Anchor]],
        duration: float = 0.35,
        easing: Easing = ease_in_out,
        on_end: Callable[[], None] | None = None,
    ) -> None:
        sprites = [Flight(what, start, end) for what, start, end in flights]

        def begin() -> None:
            self.flights.extend(sprites)

        def move(progress: float) -> None:
            for sprite in sprites:
                sprite.progress = progress

        def land() -> None:
            for sprite in sprites:
                if sprite in self.flights:
                    self.flights.remove(sprite)
            if on_end is not None:
                on_end()

        self.timeline.add(Step(duration, move, easing, on_start=begin, on_end=land))

    def show_banner(self, text: str, sound: str = "", hold: float = 1.0) -> None:
        """A banner across the board: fades in, holds, fades out."""
        banner = Banner(text)

        def fade(progress: float) -> None:
            banner.alpha = min(1.0, progress * 4) if progress < 0.75 else (1 - progress) * 4

        def start() -> None:
            self.banner = banner
            if sound:
                self.sound(sound)

        def end() -> None:
            if self.banner is banner:
                self.banner = None

        self.timeline.add(
            Step(hold, fade, easing=lambda t: t, on_start=start, on_end=end, fades=True)
        )

    def pause(self, seconds: float) -> None:
        """A beat of stillness so players can read what just happened."""
        self.timeline.add(Step(seconds))

    def accept(self, view: View) -> ViewT:
        """`view` as this game's view (the controller hands views on untyped)."""
        if not isinstance(view, self.view_type):
            raise TypeError(f"expected a {self.view_type.__name__}, got {type(view).__name__}")
        return view

    def _show(self, view: ViewT) -> None:
        self.shown = view
        self.show_view(view)
