"""The animated picture of a Nim table: the heaps as far as the animation has got, and the
stones on their way to the seat that took them. No pygame: the painter draws it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from moonlight_desktop.engine import Event
from moonlight_desktop.ui.table.presenter import PresenterBase, anchor, seat_anchor
from moonlight_desktop.ui.tween import Step

from ..rules import Took, Won
from ..view import NimView
from .narrator import NimNarrator


class NimPresenter(PresenterBase[NimView]):
    def __init__(
        self, view: NimView, names: Sequence[str], sound: Callable[[str], None] = lambda _: None
    ) -> None:
        super().__init__(view, sound, narrator=NimNarrator(names))
        self.names = tuple(names)
        self.heaps = list(view.heaps)
        """The stones lying in each heap now: those in flight are taken off as they lift."""

    def show_view(self, view: NimView) -> None:
        self.heaps = list(view.heaps)

    def animate(self, event: Event) -> None:
        if isinstance(event, Took):
            size = self.heaps[event.heap]
            lifted = [
                (("stone", event.heap), anchor("stone", event.heap, index), seat_anchor(event.seat))
                for index in range(size - event.count, size)
            ]
            self.timeline.add(Step(0.0, on_end=lambda: self._lift(event.heap, event.count)))
            self.fly_together(lifted, duration=0.4)
        elif isinstance(event, Won):
            self.show_banner(f"{self.names[event.seat]} takes the last stone")
        super().animate(event)

    def _lift(self, heap: int, count: int) -> None:
        self.heaps[heap] -= count
