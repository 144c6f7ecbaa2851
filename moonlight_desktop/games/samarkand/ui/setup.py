"""Le Marché de Samarkand's table for the setup shell: three to five merchants, each a human or
a bot, the countdown's mode as the table allows it, the hidden-goods variant and the first Dean
(no pygame).

The mode follows who plays (rulings S2 and S3). The live countdown is a clock that every human
watches at once, so it needs at most one human at the screen: one human against bots (or bots
alone) may play it. Several humans sharing the screen play the sealed form of the same auction,
each setting stop prices in private; a single human may choose it too. The option `mode`
therefore offers "live" only at tables with no human or one, and the chosen mode gives way to
the sealed one as soon as a second seat becomes human.

The rulebook's Dean is the oldest player (option `dean`, random when null): the setup offers it
as who starts, the chosen player's seat passed to the option whatever the seating order. The
seating may be random; it matters, since the Dean passes to the left each turn.
"""

from __future__ import annotations

from moonlight_desktop.ui.table.setup import Choice, OptionSpec, SetupSpec, StartSpec

from ..clock import CLOCK_SECONDS
from ..rules import SamarkandRules
from ..table import MAX_SEATS, MODES

SEAT_LOOKS = ("amber", "teal", "rose", "azure", "violet")
"""The merchants' crests (a round badge with the initial), in the order seats take them."""
SEAT_LOOK_TITLES = ("Amber", "Teal", "Rose", "Azure", "Violet")

LIVE, SEALED = MODES


def one_at_the_screen(seats: int, humans: int) -> bool:
    """The live countdown's tables: one human against bots, or bots alone (S2). Several humans
    sharing the screen play sealed (S3)."""
    return humans <= 1


MODE = OptionSpec(
    "mode",
    "Countdown",
    "Live needs at most one human at the screen.",
    (
        Choice(
            LIVE,
            "Live",
            "A clock counts down: click a lot to say Stop.",
            when=one_at_the_screen,
        ),
        Choice(
            SEALED,
            "Sealed",
            "Stop prices set in private, then played out.",
        ),
    ),
)

HIDDEN_GOODS = OptionSpec(
    "hidden_goods",
    "Goods bought",
    "Money and camels always stay behind the screens.",
    (
        Choice(False, "Face up", "Goods bought lie face up in front of their buyer."),
        Choice(True, "Behind the screen", "The variant: goods bought are hidden too."),
    ),
)

CLOCK = OptionSpec(
    "clock",
    "Clock",
    "How fast the Dean counts down in the live countdown.",
    (
        Choice("normal", "Normal", f"{CLOCK_SECONDS['normal']} seconds at each price."),
        Choice("slow", "Slow", f"{CLOCK_SECONDS['slow']} seconds at each price: time to think."),
        Choice("fast", "Fast", f"{CLOCK_SECONDS['fast']} seconds at each price: quick hands."),
    ),
)

SAMARKAND_SETUP = SetupSpec(
    "samarkand",
    min_seats=SamarkandRules.min_seats,
    max_seats=MAX_SEATS,
    default_seats=4,
    looks=SEAT_LOOKS,
    look_titles=SEAT_LOOK_TITLES,
    options=(MODE, HIDDEN_GOODS, CLOCK),
    random_seating=True,
    start=StartSpec(
        "The Dean counts down and wins disputes; the next on the left is Dean each turn.",
        default_label="Drawn at random",
        option="dean",
        label="First Dean",
    ),
)
