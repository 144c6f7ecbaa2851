"""`python -m moonlight_desktop`: the same as the `moonlight-desktop` command."""

import sys

from moonlight_desktop.cli import main

sys.exit(main())
