"""`python -m moonlight_desktop`: the same as the `moonlight-desktop` command."""

import sys

from moonlight_desktop.cli import main

if __name__ == "__main__":  # not when a searching bot's process starts from this module
    sys.exit(main())
