"""The window, the main loop, the scene stack, widgets, tweening, theme and asset loading."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep the terminal quiet
