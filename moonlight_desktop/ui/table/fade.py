"""Reduced motion's fade in place. With the reduce-motion setting a move is shown at its end
at once (`tween.Timeline`, which counts these `snaps`); so that nothing jumps either, the table
as it was just before is laid over it and fades out within FADE_SECONDS: the piece fades in
where it goes, and out where it was, without crossing the table."""

from __future__ import annotations

import pygame

from moonlight_desktop.ui.tween import FADE_SECONDS, Timeline


class MoveFade:
    def __init__(self) -> None:
        self._snaps = 0
        self._last: pygame.Surface | None = None
        """The last frame drawn (kept only under reduced motion)."""
        self._before: pygame.Surface | None = None
        self._left = 0.0
        """Seconds of the fade still to play."""

    @property
    def fading(self) -> bool:
        return self._left > 0

    def follow(self, timeline: Timeline, dt: float) -> None:
        """After the timeline's update: a move it has just shown at its end fades in (not at
        the instant animation speed, where nothing plays)."""
        self._left = max(0.0, self._left - dt)
        if timeline.snaps == self._snaps:
            return
        self._snaps = timeline.snaps
        if self._last is not None and timeline.speed > 0:
            self._before, self._left = self._last, FADE_SECONDS

    def forget(self) -> None:
        """The table was hidden: the frame kept from before is not faded from."""
        self._last = self._before = None
        self._left = 0.0

    def draw(self, surface: pygame.Surface, keep: bool) -> None:
        """The frame from before the move over the table just drawn, fading; the table is
        kept for the next move when `keep` (reduced motion is on)."""
        before = self._before
        if self.fading and before is not None and before.get_size() == surface.get_size():
            before.set_alpha(round(255 * self._left / FADE_SECONDS))
            surface.blit(before, (0, 0))
        elif not self.fading:
            self._before = None
        self._last = surface.copy() if keep else None
