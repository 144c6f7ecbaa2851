"""Moons' table for the setup shell: three to six players, each a human or a bot, each with a
crest (no pygame)."""

from __future__ import annotations

from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.setup import SetupSpec

SEAT_LOOKS = ("lark", "otter", "heron", "moth", "badger", "wren")
"""The players' crests (a round badge with the initial), in the order seats take them."""
SEAT_LOOK_TITLES = (N_("Lark"), N_("Otter"), N_("Heron"), N_("Moth"), N_("Badger"), N_("Wren"))
"""Marked here, translated where the setup shows them."""

MOONS_SETUP = SetupSpec(
    "moons",
    min_seats=3,
    max_seats=6,
    default_seats=4,
    looks=SEAT_LOOKS,
    look_titles=SEAT_LOOK_TITLES,
)
