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

Its words are marked (N_) and translated where the setup shell shows them.
"""

from __future__ import annotations

from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.setup import Choice, OptionSpec, SetupSpec, StartSpec

from ..rules import SamarkandRules
from ..table import MAX_SEATS, MODES

SEAT_LOOKS = ("amber", "teal", "rose", "azure", "violet")
"""The merchants' crests (a round badge with the initial), in the order seats take them."""
SEAT_LOOK_TITLES = (N_("Amber"), N_("Teal"), N_("Rose"), N_("Azure"), N_("Violet"))

LIVE, SEALED = MODES


def one_at_the_screen(seats: int, humans: int) -> bool:
    """The live countdown's tables: one human against bots, or bots alone (S2). Several humans
    sharing the screen play sealed (S3)."""
    return humans <= 1


MODE = OptionSpec(
    "mode",
    N_("Countdown"),
    N_("Live needs at most one human at the screen."),
    (
        Choice(
            LIVE,
            N_("Live"),
            N_("A clock counts down: click a lot to say Stop."),
            when=one_at_the_screen,
        ),
        Choice(
            SEALED,
            N_("Sealed"),
            N_("Stop prices set in private, then played out."),
        ),
    ),
)

HIDDEN_GOODS = OptionSpec(
    "hidden_goods",
    N_("Goods bought"),
    N_("Money and camels always stay behind the screens."),
    (
        Choice(False, N_("Face up"), N_("Goods bought lie face up in front of their buyer.")),
        Choice(True, N_("Behind the screen"), N_("The variant: goods bought are hidden too.")),
    ),
)

CLOCK = OptionSpec(
    "clock",
    N_("Clock"),
    N_("How fast the Dean counts down in the live countdown."),
    (
        # The seconds are clock.CLOCK_SECONDS' (tests/test_samarkand_setup.py holds them to it),
        # written out so that each language writes the number its own way ("1,4 Sekunden").
        Choice("normal", N_("Normal"), N_("1.4 seconds at each price.")),
        Choice("slow", N_("Slow"), N_("2.4 seconds at each price: time to think.")),
        Choice("fast", N_("Fast"), N_("0.8 seconds at each price: quick hands.")),
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
        N_("The Dean counts down and wins disputes; the next on the left is Dean each turn."),
        default_label=N_("Drawn at random"),
        option="dean",
        label=N_("First Dean"),
    ),
)
