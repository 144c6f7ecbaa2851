"""Where the learner clicks for Le Marché de Samarkand's taught commands (tests/lesson_driver.py):
a card of the hand to sell it, a lot of the market (or the camel) to say Stop! on it. Letting a
price pass is the action strip's button, found by the driver."""

from __future__ import annotations

from moonlight_desktop.engine import Command
from moonlight_desktop.games.samarkand.ui.screen import SamarkandScreen
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.spots import topmost


def next_click(scene: TableScene, command: Command) -> tuple[int, int] | None:
    """A point of the spot that gives `command` where it is on top (no card drawn over it
    there); None when no spot on the screen gives it."""
    screen = scene.screen
    assert isinstance(screen, SamarkandScreen)
    spots = screen.spots(scene.table)
    for spot in spots:
        if spot.command != command:
            continue
        rect = spot.rect
        candidates = [rect.center] + [
            (rect.left + rect.width * n // 8, rect.centery) for n in range(1, 8)
        ]
        for point in candidates:
            if topmost(spots, point) is spot:
                return point
    return None
