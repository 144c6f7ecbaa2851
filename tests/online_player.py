"""A second copy of the app, in a process of its own, for the tests of online play: on the
dummy video driver it opens Play online, joins a table with its code (or goes back to the one
it sits at, from Your online games) by synthetic clicks and typing, and plays its seat by
clicks on the board and the action strip until the game is over, or until it has made
`--leave-after` moves, when it dies on the spot (a dropped connection, a closed laptop).

It prints one line at the end: "over <moves> <clicked>" or "left <moves> <clicked>".
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--code", default="")
    parser.add_argument("--name", default="Ben")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--leave-after", type=int, default=0)
    options = parser.parse_args()
    os.environ["MOONLIGHT_DESKTOP_DATA"] = options.data

    import random
    from pathlib import Path

    import pygame

    from moonlight_desktop.scenes.gallery import GalleryScene
    from moonlight_desktop.scenes.online_menu import OnlineMenuScene
    from moonlight_desktop.scenes.table_over import TableOverScene
    from moonlight_desktop.ui.app import App
    from moonlight_desktop.ui.table.online_table import OnlineTable
    from moonlight_desktop.userdata import UserData
    from tests.online_helpers import (
        PATIENCE,
        click_through,
        frames_until,
        join_by_clicks,
        play_by_clicks,
    )

    app = App(UserData(Path(options.data)))
    app.settings.animation_speed = 0.0
    app.window = pygame.display.set_mode((1280, 720))
    app.stack.reset(GalleryScene(app))
    app.step(1 / 60)
    click_through(app, "online_button")
    menu = app.stack.top
    assert isinstance(menu, OnlineMenuScene)
    if options.code:
        join_by_clicks(app, menu, options.name, options.code, options.url)
    else:
        frames_until(app, lambda: bool(menu.open_buttons))
        app.step(1 / 60)
        click_through(app, menu.open_buttons[0][1])
    frames_until(app, lambda: isinstance(app.stack.top, OnlineTable), timeout=60)
    table = app.stack.top
    assert isinstance(table, OnlineTable)
    rng = random.Random(options.seed)
    game = table.ui.game_id
    moves = clicked = missed = 0

    def done() -> bool:
        nonlocal moves, clicked, missed
        if isinstance(app.stack.top, TableOverScene):
            return True
        made = play_by_clicks(app, game, table, rng, may_choose=missed > PATIENCE)
        missed = missed + 1 if made == -1 else 0
        if made is not None and made >= 0:
            moves += 1
            clicked += made
        return bool(options.leave_after) and moves >= options.leave_after

    frames_until(app, done, timeout=600)
    if isinstance(app.stack.top, TableOverScene):
        print(f"over {moves} {clicked}", flush=True)
        app.close()
        return 0
    print(f"left {moves} {clicked}", flush=True)
    os._exit(0)  # gone without a word, as a crash or a pulled cable would leave


if __name__ == "__main__":
    sys.exit(main())
