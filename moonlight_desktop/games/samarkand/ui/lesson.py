"""Le Marché de Samarkand's guided first game: four merchants (you and three bots) over the ten
turns of a whole game, live countdown, with the table pinned so every card and camel is known.

The rules are met in the order a player meets them: the cards in hand and the screen, choosing
a card to sell, the Dean's countdown (Stop! or let the price pass), buying goods, camels, a
dispute nobody wins, the Dean's right in a dispute, and the final scoring with a discard for
lack of camels and a penalty for empty camel spaces. After the first four turns the lesson
only steers: the learner's sales and purchases are still named, the prices nobody takes are
let pass.

No pygame: the script is checked headless (tests/test_lessons.py). Every text a learner reads
is a whole message marked here (N_) and translated where the lesson shows it; none is made from
pieces, so a reminder points at the arrow rather than naming the card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from moonlight_desktop.engine import Command, SeatSpec
from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.lesson_script import Auto, Check, Do, Lesson, Note, Reply, Step
from moonlight_desktop.ui.table.presenter import Anchor, anchor

from ..components import CAMEL, GoodsType, card_type, card_value
from ..moves import Sell, Stop, Wait
from ..rules import SamarkandRules
from ..state import SamarkandState

YOU, TEAL, ROSE, AZURE = 0, 1, 2, 3
BOTS = (TEAL, ROSE, AZURE)
WAIT = Wait()

SEATS = (
    SeatSpec(N_("You"), "human", look="amber"),
    SeatSpec(N_("Teal (normal)"), "bot", "normal", "teal"),
    SeatSpec(N_("Rose (normal)"), "bot", "normal", "rose"),
    SeatSpec(N_("Azure (normal)"), "bot", "normal", "azure"),
)
"""The seats as the setup names them: the learner in amber, then bots in the setup's looks."""

TYPES = (GoodsType.FRUITS, GoodsType.JEWELS, GoodsType.SPICES, GoodsType.TEXTILES)
"""What each seat sells: you fruits, Teal jewels, Rose spices, Azure textiles."""

CAMELS = (4, 5, 3, 4, 5, 3, 3, 5, 3, 4, 4, 5, 6, 6, 6, 6)
"""The camel deck, top first: one camel is bought each turn, in this order."""

PINNED_SETUP: Mapping[str, Any] = {
    "types": [int(t) for t in TYPES],
    "camels": list(CAMELS),
    "dean": TEAL,
}


def card(seat: int, index: int) -> int:
    """The goods card `index` (0-9, by value 1, 1, 2, 2, 3, 3, 5, 5, 6, 7) of `seat`'s kind."""
    return int(TYPES[seat]) * 10 + index


# Checks --------------------------------------------------------------------------------------


def _check(claim: str, holds: Callable[[SamarkandState], bool]) -> Check:
    return Check(claim, holds)


def money_is(*money: int) -> Check:
    return _check(f"the merchants hold {money} dirhams", lambda s: tuple(s.money) == money)


def owns(seat: int, lot: int) -> Check:
    return _check(f"seat {seat} owns {lot}", lambda s: lot in s.goods[seat])


def camels_of(seat: int, *capacities: int) -> Check:
    return _check(
        f"seat {seat}'s camels are {capacities}", lambda s: tuple(s.camels[seat]) == capacities
    )


def kinds_of(seat: int, **counts: int) -> Check:
    """How many goods of each kind (by name) `seat` has bought."""
    wanted = {int(GoodsType[name.upper()]): count for name, count in counts.items()}

    def holds(state: SamarkandState) -> bool:
        kinds = [card_type(card) for card in state.goods[seat]]
        return {kind: kinds.count(kind) for kind in set(kinds)} == wanted

    return _check(f"seat {seat} has bought {counts}", holds)


def values_of(seat: int, value: int, count: int) -> Check:
    """How many goods of one value `seat` has bought."""

    def holds(state: SamarkandState) -> bool:
        return [card_value(card) for card in state.goods[seat]].count(value) == count

    return _check(f"seat {seat} has {count} goods of value {value}", holds)


def dean_is(seat: int) -> Check:
    return _check(f"seat {seat} is the Dean", lambda s: s.dean == seat)


def camel_up(capacity: int) -> Check:
    return _check(f"the face-up camel carries {capacity}", lambda s: s.camel_offer == capacity)


def discarded(lot: int) -> Check:
    return _check(f"{lot} is out of the game", lambda s: lot in s.discards)


def breakdown_of(seat: int, part: str, value: object) -> Check:
    def holds(state: SamarkandState) -> bool:
        return bool(getattr(SamarkandRules().breakdowns(state)[seat], part) == value)

    return _check(f"seat {seat}'s {part} is {value}", holds)


def winners_are(*seats: int) -> Check:
    return _check(f"{seats} win", lambda s: SamarkandRules().winners(s) == seats)


# Steps ---------------------------------------------------------------------------------------

PASS_REMINDER = N_("Nothing to buy at this price: click “Let this price pass”.")
SELL_REMINDER = N_("Click the card the arrow shows in your hand to put it up for sale.")
STOP_REMINDER = N_("Click the lot the arrow shows in the market to say Stop! at this price.")


def pass_words(value: int) -> str:
    """What to say when the learner lets a price pass, as the count comes down (the clock
    shows the price)."""
    if value >= 8:
        return N_("The Dean's price is far too dear for any of these lots. Let it pass.")
    if value >= 5:
        return N_("The price is still more than these lots are worth to you. Let it pass.")
    return N_("Nothing left here is worth this price to you. Let it pass.")


def sell(
    text: str, you: int, teal: int, rose: int, azure: int, checks: tuple[Check, ...] = ()
) -> list[Step]:
    """Everyone chooses a card to sell, the bots at once, you last (the cards turn up together
    when you have chosen). In every simultaneous choice the bots' replies come first: they
    answer as soon as they are asked, while the learner reads."""
    return [
        Reply(TEAL, Sell(teal)),
        Reply(ROSE, Sell(rose)),
        Reply(AZURE, Sell(azure)),
        Do(text, Sell(you), SELL_REMINDER, checks=checks),
    ]


def price(
    value: int,
    you: Command,
    text: str = "",
    bots: Mapping[int, int] | None = None,
    checks: tuple[Check, ...] = (),
    point_at: tuple[Anchor, ...] = (),
    taught: bool = True,
) -> list[Step]:
    """One value of the countdown: the bots call (Stop on a lot, or Wait), then you. Once
    letting a price pass has been `taught` (after the first turn), a price with nothing to
    say is let pass for the learner, as the clock does in a real game. A Stop says why in
    `text` (ValueError without)."""
    stops = bots or {}
    replies: list[Step] = [
        Reply(seat, Stop(stops[seat]) if seat in stops else WAIT) for seat in BOTS
    ]
    if isinstance(you, Stop):
        if not text:
            raise ValueError(f"the Stop at {value} says nothing of why")
        reminder, said = STOP_REMINDER, text
    else:
        reminder = PASS_REMINDER
        if taught and not text and not point_at:
            return [*replies, Auto(WAIT, checks=checks)]
        said = text or pass_words(value)
    return [*replies, Do(said, you, reminder, point_at=point_at, checks=checks)]


def passes(high: int, low: int, taught: bool = True) -> list[Step]:
    """Prices from `high` down to `low` that nobody takes."""
    return [
        step for value in range(high, low - 1, -1) for step in price(value, WAIT, taught=taught)
    ]


def lot(seat: int) -> Anchor:
    """The market's place of the card `seat` put up for sale (the offers lie in seat order)."""
    return anchor("lot", seat)


CLOCK, CAMEL_SPOT, CAMEL_DECK = anchor("clock", 0), anchor("camel", 0), anchor("camel_deck", 0)
DISCARD = anchor("discard", 0)


def panel(seat: int) -> Anchor:
    return anchor("panel", seat)


def purse(seat: int) -> Anchor:
    return anchor("purse", seat)


def goods(seat: int) -> Anchor:
    return anchor("goods", seat)


def hand(seat: int) -> Anchor:
    return anchor("hand", seat)


# The script ----------------------------------------------------------------------------------

FIRST_TURN: list[Step] = [
    Note(
        N_(
            "Welcome to the souk of Samarkand! Four merchants each bring one kind of goods: you "
            "sell fruits, ten cards worth 1 to 7, and over ten turns you sell them all."
        ),
        (panel(YOU), hand(YOU)),
        (_check("you hold ten fruits", lambda s: len(s.hands[YOU]) == 10),),
    ),
    Note(
        N_(
            "Your 15 dirhams lie behind your screen, with the camels you will buy: the others "
            "cannot see them, and you cannot see theirs."
        ),
        (purse(YOU), purse(TEAL)),
        (money_is(15, 15, 15, 15),),
    ),
    *sell(
        N_(
            "Each turn starts with every merchant choosing, in secret, one card to sell. Put your "
            "3 of fruits up for sale: a middling card for a first try."
        ),
        card(YOU, 4),
        card(TEAL, 8),
        card(ROSE, 6),
        card(AZURE, 4),
    ),
    Note(
        N_(
            "The four cards were turned up together: they are this turn's lots, with the camel "
            "beside them. You may buy any of them but your own. Teal is the Dean this turn."
        ),
        (lot(YOU), lot(TEAL), lot(ROSE), lot(AZURE), CAMEL_SPOT, panel(TEAL)),
        (dean_is(TEAL), camel_up(4)),
    ),
    Note(
        N_(
            "The Dean counts down from 10. At each price you may say Stop! on one lot to buy it "
            "for that price, if you have the dirhams. In a real game a clock ticks; here it waits "
            "for you."
        ),
        (CLOCK,),
    ),
    *price(10, WAIT, N_("10 dirhams is far too much for any of these lots: let this price pass.")),
    *passes(9, 8, taught=False),
    *price(7, WAIT, bots={ROSE: card(TEAL, 8)}, taught=False),
    Note(
        N_(
            "Rose said Stop! at 7 and took Teal's 6 of jewels: Rose paid Teal 7 dirhams. A lot "
            "goes to whoever says Stop! first, at the price the Dean just called."
        ),
        (goods(ROSE), panel(TEAL)),
        (owns(ROSE, card(TEAL, 8)),),
    ),
    *price(6, WAIT, bots={AZURE: card(ROSE, 6)}, taught=False),
    *passes(5, 5, taught=False),
    *price(
        4,
        Stop(card(AZURE, 4)),
        N_(
            "Now say Stop! on Azure's 3 of textiles: 4 dirhams is fair, and you need goods of "
            "other kinds than your own."
        ),
        bots={TEAL: card(YOU, 4), ROSE: CAMEL},
    ),
    Note(
        N_(
            "You paid Azure 4 for the textiles, and Teal bought your fruits for 4 at the same "
            "moment, so you still hold 15. Rose bought the camel from the bank."
        ),
        (goods(YOU), purse(YOU), goods(TEAL)),
        (owns(YOU, card(AZURE, 4)), owns(TEAL, card(YOU, 4)), money_is(15, 18, 10, 13)),
    ),
    Note(
        N_(
            "Every lot is sold, so the turn ends at once (goods nobody buys are thrown away when "
            "the count reaches 0). The Dean's token passes left to Rose; the next camel turns up."
        ),
        (panel(ROSE), CAMEL_SPOT),
        (dean_is(ROSE), camel_up(5)),
    ),
]

CAMELS_TURN: list[Step] = [
    Note(
        N_(
            "From now on, a price with nothing for you to do goes by by itself, as the clock "
            "would let it. The lesson stops the count when there is something to buy."
        ),
        (CLOCK,),
    ),
    Note(
        N_(
            "At the end your camels carry your goods home, each as many as its number; goods "
            "without room are lost. Camels are bought from the bank, like any lot."
        ),
        (CAMEL_SPOT, CAMEL_DECK),
    ),
    *sell(
        N_(
            "Sell your 6 of fruits this time: what a card earns depends on how keen the others "
            "are, and a big card makes them keen."
        ),
        card(YOU, 8),
        card(TEAL, 4),
        card(ROSE, 2),
        card(AZURE, 9),
    ),
    *passes(10, 9),
    *price(8, WAIT, bots={TEAL: card(AZURE, 9)}),
    *price(7, WAIT, bots={ROSE: card(YOU, 8)}),
    Note(
        N_(
            "Rose bought your 6 of fruits for 7: the money came to you. Selling well matters as "
            "much as buying well."
        ),
        (purse(YOU), goods(ROSE)),
        (owns(ROSE, card(YOU, 8)), money_is(22, 10, 3, 21)),
    ),
    *passes(6, 6),
    *price(
        5,
        Stop(card(ROSE, 2)),
        N_(
            "Say Stop! on Rose's 2 of spices at 5: you have no spices yet, and your smallest kind "
            "will count at the end."
        ),
        checks=(kinds_of(YOU, spices=1, textiles=1),),
        point_at=(goods(YOU),),
    ),
    *price(
        4,
        Stop(CAMEL),
        N_(
            "Now say Stop! on the camel at 4: it carries 5 goods, room for what you buy in the "
            "next turns."
        ),
        bots={AZURE: card(TEAL, 4)},
        checks=(camels_of(YOU, 5),),
    ),
    Note(
        N_(
            "Your camel went behind your screen. Buy camels as you need them: each space left "
            "empty at the end costs 2 points."
        ),
        (purse(YOU),),
        (camels_of(YOU, 5), money_is(13, 14, 8, 17)),
    ),
]

DISPUTE_TURN: list[Step] = [
    *sell(
        N_("A new turn, and Azure is the Dean. Sell your 5 of fruits."),
        card(YOU, 6),
        card(TEAL, 9),
        card(ROSE, 8),
        card(AZURE, 6),
        checks=(dean_is(AZURE),),
    ),
    *passes(10, 8),
    *price(
        7,
        Stop(card(TEAL, 9)),
        N_("Teal's 7 of jewels is the best card in the market: say Stop! on it at 7."),
        bots={TEAL: card(ROSE, 8), ROSE: card(TEAL, 9)},
    ),
    Note(
        N_(
            "Rose said Stop! on the jewels at the same price: a dispute. Neither of you is the "
            "Dean, so nobody gets them; each pays half of 7, rounded up: 4 to Teal."
        ),
        (DISCARD, panel(ROSE), panel(TEAL)),
        (discarded(card(TEAL, 9)), money_is(9, 15, 11, 17)),
    ),
    *passes(6, 6),
    *price(5, WAIT, bots={ROSE: card(AZURE, 6)}),
    *price(4, WAIT, bots={AZURE: card(YOU, 6), TEAL: CAMEL}),
    Note(
        N_(
            "Azure bought your 5 of fruits for 4, which pays back what the dispute cost you. "
            "Teal took the camel, and the turn is over."
        ),
        (purse(YOU), goods(AZURE)),
        (owns(AZURE, card(YOU, 6)), money_is(13, 11, 6, 18), dean_is(YOU)),
    ),
]

DEAN_TURN: list[Step] = [
    Note(
        N_(
            "Now you are the Dean. If you are in a dispute, the lot is yours at the full price "
            "and the others pay nothing: the Dean's right."
        ),
        (panel(YOU),),
        (dean_is(YOU),),
    ),
    *sell(
        N_("Sell a 1 of fruits: small cards bring little whenever they go, so let one go now."),
        card(YOU, 0),
        card(TEAL, 0),
        card(ROSE, 4),
        card(AZURE, 0),
    ),
    *passes(10, 5),
    *price(
        4,
        Stop(card(ROSE, 4)),
        N_("Say Stop! on Rose's 3 of spices at 4: a second spice, and a second 3."),
        bots={TEAL: card(ROSE, 4)},
        checks=(kinds_of(YOU, spices=2, textiles=1), values_of(YOU, 3, 2)),
    ),
    Note(
        N_(
            "Teal said Stop! on the spices too, but the Dean wins a dispute: they are yours for 4, "
            "and Teal pays nothing."
        ),
        (goods(YOU), panel(TEAL)),
        (owns(YOU, card(ROSE, 4)), money_is(9, 11, 10, 18)),
    ),
    *price(
        3,
        Stop(CAMEL),
        N_(
            "Say Stop! on the camel at 3: it carries 4, which with your first makes room for 9 "
            "goods."
        ),
        bots={ROSE: card(YOU, 0), AZURE: card(TEAL, 0), TEAL: card(AZURE, 0)},
        checks=(camels_of(YOU, 5, 4),),
        point_at=(purse(YOU),),
    ),
    Note(
        N_(
            "Your camels carry 9 goods now. Six turns are left: the lesson will name your sales "
            "and purchases, and you let the other prices pass."
        ),
        (purse(YOU),),
        (camels_of(YOU, 5, 4), money_is(9, 11, 7, 18)),
    ),
]

LATER_TURNS: list[Step] = [
    # Turn 5: Teal is the Dean.
    *sell(
        N_("Teal is the Dean again. Sell your 7 of fruits: the others will want it."),
        card(YOU, 9),
        card(TEAL, 6),
        card(ROSE, 9),
        card(AZURE, 8),
        checks=(dean_is(TEAL),),
    ),
    *passes(10, 9),
    *price(8, WAIT, bots={TEAL: card(YOU, 9), AZURE: card(ROSE, 9)}),
    *passes(7, 7),
    *price(
        6,
        Stop(card(AZURE, 8)),
        N_("Say Stop! on Azure's 6 of textiles at 6: a second textile, and Teal paid you 8."),
        checks=(kinds_of(YOU, spices=2, textiles=2), owns(TEAL, card(YOU, 9))),
    ),
    *price(5, WAIT, bots={ROSE: card(TEAL, 6), AZURE: CAMEL}),
    # Turn 6: Rose is the Dean.
    *sell(
        N_("Sell a 2 of fruits: your low cards have to go some time."),
        card(YOU, 2),
        card(TEAL, 2),
        card(ROSE, 0),
        card(AZURE, 2),
    ),
    *passes(10, 6),
    *price(5, WAIT, bots={ROSE: card(YOU, 2)}),
    *price(4, WAIT, bots={TEAL: card(AZURE, 2), AZURE: card(ROSE, 0)}),
    *price(
        3,
        Stop(card(TEAL, 2)),
        N_(
            "Say Stop! on Teal's 2 of jewels at 3: cheap, and your first jewels, the kind you lack."
        ),
        bots={TEAL: CAMEL},
        checks=(kinds_of(YOU, jewels=1, spices=2, textiles=2),),
    ),
    # Turn 7: Azure is the Dean.
    *sell(
        N_("Sell your other 5 of fruits."),
        card(YOU, 7),
        card(TEAL, 7),
        card(ROSE, 5),
        card(AZURE, 7),
    ),
    *passes(10, 7),
    *price(
        6,
        Stop(card(TEAL, 7)),
        N_("Say Stop! on Teal's 5 of jewels at 6: a second jewel keeps your three kinds even."),
        checks=(kinds_of(YOU, jewels=2, spices=2, textiles=2),),
    ),
    *price(5, WAIT, bots={ROSE: card(AZURE, 7), AZURE: card(YOU, 7)}),
    *passes(4, 4),
    *price(3, WAIT, bots={TEAL: card(ROSE, 5), ROSE: CAMEL}),
    # Turn 8: you are the Dean again.
    Note(
        N_(
            "Look at your goods: two cards of each kind. Your smallest kind will score the sum of "
            "its cards, so keep the kinds even, and look for equal values."
        ),
        (goods(YOU),),
        (kinds_of(YOU, jewels=2, spices=2, textiles=2), dean_is(YOU)),
    ),
    *sell(
        N_("You are the Dean again. Sell your other 3 of fruits."),
        card(YOU, 5),
        card(TEAL, 5),
        card(ROSE, 7),
        card(AZURE, 3),
    ),
    *passes(10, 7),
    *price(
        6,
        Stop(card(ROSE, 7)),
        N_("Say Stop! on Rose's 5 of spices at 6: it pairs with your 5 of jewels."),
        checks=(values_of(YOU, 5, 2),),
    ),
    *price(5, WAIT, bots={AZURE: card(TEAL, 5)}),
    *price(4, WAIT, bots={ROSE: card(YOU, 5), TEAL: card(AZURE, 3), AZURE: CAMEL}),
    # Turn 9: Teal is the Dean.
    *sell(
        N_("Sell your other 2 of fruits."),
        card(YOU, 3),
        card(TEAL, 1),
        card(ROSE, 3),
        card(AZURE, 5),
    ),
    *passes(10, 6),
    *price(
        5,
        Stop(card(AZURE, 5)),
        N_("Say Stop! on Azure's 3 of textiles at 5: a third 3 makes a group worth 2 points."),
        bots={TEAL: card(YOU, 3)},
        checks=(values_of(YOU, 3, 3),),
    ),
    *price(4, WAIT, bots={ROSE: card(TEAL, 1), AZURE: card(ROSE, 3)}),
    Note(
        N_("The goods are gone but the camel is still there, so the countdown goes on for it."),
        (CAMEL_SPOT, CLOCK),
        (_check("only the camel is on offer", lambda s: not s.offers and s.camel_offer == 3),),
    ),
    *price(
        3,
        WAIT,
        N_("Your camels carry 9, all you will need: let 3 pass."),
        bots={TEAL: CAMEL},
        checks=(
            camels_of(YOU, 5, 4),
            _check("you hold 8 goods, one turn before the end", lambda s: len(s.goods[YOU]) == 8),
        ),
        point_at=(purse(YOU),),
    ),
    # Turn 10: Rose is the Dean.
    *sell(
        N_("The last turn: sell your last card, the 1 of fruits."),
        card(YOU, 1),
        card(TEAL, 3),
        card(ROSE, 1),
        card(AZURE, 1),
    ),
    *passes(10, 5),
    *price(
        4,
        Stop(card(TEAL, 3)),
        N_("Say Stop! on Teal's 2 of jewels at 4: a third jewel, and a third 2."),
        bots={TEAL: card(ROSE, 1), ROSE: card(AZURE, 1)},
        checks=(kinds_of(YOU, jewels=3, spices=3, textiles=3), values_of(YOU, 2, 3)),
    ),
    *price(3, WAIT, bots={AZURE: card(YOU, 1), ROSE: CAMEL}),
]

FINAL_SCORING: list[Step] = [
    Note(
        N_(
            "Ten turns are over and the souk closes: the screens are lifted and every merchant's "
            "points are counted."
        ),
        (purse(YOU), purse(TEAL), purse(ROSE), purse(AZURE)),
        (_check("the game is over", SamarkandRules().is_over), money_is(9, 4, 3, 8)),
    ),
    Note(
        N_(
            "Money first: the richest merchant scores 5, the next 3, the third 1. Your 9 dirhams "
            "are the most, so you score 5; Azure 3, Teal 1."
        ),
        (purse(YOU),),
        (
            breakdown_of(YOU, "money", 5),
            breakdown_of(AZURE, "money", 3),
            breakdown_of(TEAL, "money", 1),
        ),
    ),
    Note(
        N_(
            "Then the camels: Teal's carry 9 but Teal bought 10 goods, so one is left behind, "
            "the one whose loss costs Teal the fewest points."
        ),
        (goods(TEAL),),
        (breakdown_of(TEAL, "discarded", (card(AZURE, 0),)),),
    ),
    Note(
        N_(
            "Your smallest kind scores the sum of its cards (a kind never bought scores 0). You "
            "have three of each, and on a tie the best counts: textiles, 3 + 6 + 3 = 12."
        ),
        (goods(YOU),),
        (kinds_of(YOU, jewels=3, spices=3, textiles=3), breakdown_of(YOU, "least_type", 12)),
    ),
    Note(
        N_(
            "Cards of equal value, of any kinds, score together: 1 point for two, 2 for three, 4, "
            "8, up to 16 for six or more. Your three 3s, three 2s and two 5s make 5 points."
        ),
        (goods(YOU),),
        (breakdown_of(YOU, "groups", 5),),
    ),
    Note(
        N_(
            "Last, 2 points off for each empty camel space: Rose's camels carry 11 for 10 goods. "
            "You win with 22 points; Azure has 19."
        ),
        (purse(ROSE), goods(YOU)),
        (
            breakdown_of(ROSE, "penalty", 2),
            breakdown_of(YOU, "total", 22),
            breakdown_of(AZURE, "total", 19),
            winners_are(YOU),
        ),
    ),
]

SAMARKAND_LESSON = Lesson(
    title=N_("Learn Le Marché de Samarkand"),
    seats=SEATS,
    seed=1,
    steps=(
        *FIRST_TURN,
        *CAMELS_TURN,
        *DISPUTE_TURN,
        *DEAN_TURN,
        *LATER_TURNS,
        *FINAL_SCORING,
    ),
    options={"mode": "live"},
    setup=PINNED_SETUP,
    farewell=(
        N_(
            "You have played a whole game: choosing what to sell, saying Stop! as the Dean counts "
            "down, camels, disputes and the Dean's right, and the final count. In a real game the "
            "Dean's clock does not wait: be quick with your Stop!"
        )
    ),
)
"""The guided first game (docs/samarkand.md, "Learn to play")."""
