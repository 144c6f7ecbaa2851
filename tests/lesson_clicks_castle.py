"""Where the learner clicks for a taught Moonlight Castle command (tests/lesson_driver.py): a
move is the space (or fountain) it hides in; recovering is the glowing tile beside the figure.
The action strip's "Recover jewels" and "Stay and recover" are found by the driver first."""

from __future__ import annotations

from moonlight_desktop.engine import Command
from moonlight_desktop.games.castle.moves import MoveTo, Recover
from moonlight_desktop.games.castle.ui.screen import CastleScreen
from moonlight_desktop.ui.table.scene import TableScene


def next_click(scene: TableScene, command: Command) -> tuple[int, int] | None:
    screen = scene.screen
    if not isinstance(screen, CastleScreen):
        return None
    painter = screen.painter
    if isinstance(command, MoveTo):
        x, y = painter.space_centre(command.space)
        point = (round(x), round(y))
        return point if painter.space_at(point) == command.space else None
    if isinstance(command, Recover):
        faced = screen.offer(scene.table).tile
        if faced is None:
            return None
        point = painter.tile_rect(faced).center
        return (point[0], point[1]) if painter.space_at(point) is None else None
    return None
