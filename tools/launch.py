"""The frozen app's entry script (build.spec): the same as the `moonlight-desktop` command."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner from the app

from moonlight_desktop.cli import main

raise SystemExit(main())
