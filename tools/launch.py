"""The frozen app's entry script (build.spec): the same as the `moonlight-desktop` command."""

import multiprocessing
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner from the app

from moonlight_desktop.cli import main

if __name__ == "__main__":
    # A searching bot's process is this program started again: it runs the bot, not the app.
    multiprocessing.freeze_support()
    raise SystemExit(main())
