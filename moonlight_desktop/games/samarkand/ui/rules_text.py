"""How to play Le Marché de Samarkand, in our own words, as data for the rules reader: sections
with headings, paragraphs and list entries led by small pictures of the pieces. `{name}` in a
text draws assets/samarkand/<name>.svg inline, the size of a letter. Checked against the
rulebook (../shared/rules/001_fc19c7bb5f403b89.txt), the engine's constants (components.py,
scoring.py, table.py) and the rulings in docs/RULINGS.md, whose numbers the comments give where
a ruling decides. Every text is marked (N_) and translated where the reader shows it; a
translation keeps each `{name}` picture."""

from __future__ import annotations

from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.game_ui import RulesItem, RulesSection, RulesText
from moonlight_desktop.ui.table.keymap import keys_section

from .screen import STOP_KEY

SAMARKAND_RULES = RulesText(
    N_("How to play Le Marché de Samarkand"),
    (
        RulesSection(
            N_("The goal"),
            (
                N_(
                    "You are 3 to 5 wealthy merchants at the great souk of Samarkand. Each of you "
                    "has brought one kind of goods to sell, and each of you wants to take home a "
                    "fine collection of everybody else's goods, bought as cheaply as possible."
                ),
                N_(
                    "The game lasts 10 turns. In every turn each merchant offers one card, and the "
                    "price of everything on offer falls from 10 until somebody calls Stop."
                ),
                N_(
                    "At the end, points come from money, from buying every kind of goods, from "
                    "sets of goods of equal value, and from owning just enough camels to carry it "
                    "all home. The most points wins."
                ),
            ),
        ),
        RulesSection(
            N_("The souk"),
            (
                # S1: ten cards per kind, the same values in every kind.
                RulesItem(
                    N_(
                        "There are five kinds of goods: fruits {goods_fruits}, jewels "
                        "{goods_jewels}, spices {goods_spices}, textiles {goods_textiles} and "
                        "clothing {goods_clothing}. Each kind has 10 cards, worth 1, 1, 2, 2, 3, "
                        "3, 5, 5, 6 and 7. No card is worth 4."
                    ),
                    "goods_spices",
                ),
                RulesItem(
                    N_(
                        "Every merchant sells one kind and starts with all 10 of its cards in "
                        "hand. You can buy any kind on sale except your own. Kinds that nobody "
                        "sells stay in the box."
                    ),
                    "card_back",
                ),
                # S1: sixteen camels, four of each capacity.
                RulesItem(
                    N_(
                        "Camels carry what you buy. There are 16: four each able to carry 3, 4, 5 "
                        "and 6 cards. They are shuffled into a face-down deck {camel_back}, and "
                        "its top camel lies face up in the middle, for sale like any goods."
                    ),
                    "camel",
                ),
                RulesItem(
                    N_(
                        "Money is counted in dirhams {coin}. Everyone starts with 15 dirhams, or "
                        "25 in a game of three. The rest of the money stays in the bank."
                    ),
                    "coins_stack",
                ),
                RulesItem(
                    N_(
                        "Each merchant sits behind a screen. Your dirhams and your camels stay "
                        "behind it, where only you can see them; the goods you buy lie face up in "
                        "front of it for everyone to see."
                    ),
                    "merchant_screen",
                ),
                # SP7: the oldest player in the box; chosen at setup here, or drawn by lot.
                RulesItem(
                    N_(
                        "One merchant is the Dean of the souk, who wins disputes (see below). The "
                        "first Dean is chosen at setup; after every turn the title passes to the "
                        "merchant on the left."
                    ),
                    "dean",
                ),
                RulesItem(
                    N_(
                        "In a game of three, the bank sells a fourth kind of goods. Its 10 cards "
                        "are shuffled face down, and every turn its top card is turned up beside "
                        "the merchants' cards. It is bought like the others, but the bank keeps "
                        "the money."
                    ),
                    "bank",
                ),
            ),
        ),
        RulesSection(
            N_("A turn"),
            (
                # R2: the order of the secret choices changes nothing.
                RulesItem(
                    N_(
                        "1. Everyone picks one card from their hand to sell and lays it face "
                        "down. Nobody sees what you picked, and it does not matter who chooses "
                        "first."
                    ),
                    "card_back",
                ),
                RulesItem(
                    N_(
                        "2. Once all have chosen, the cards are turned up together (the bank's "
                        "card too, in a game of three). They and the face-up camel {camel} are "
                        "the lots on sale this turn."
                    ),
                    "goods_jewels",
                ),
                RulesItem(
                    N_(
                        "3. The countdown: the price starts at 10 and drops one step at a time. "
                        "Whoever calls Stop buys a lot at the price showing."
                    ),
                    "clock_face",
                ),
                RulesItem(
                    N_(
                        "4. When the countdown is over, goods nobody bought are thrown out for "
                        "good. A camel nobody bought stays for the next turn. The Dean's title "
                        "passes left, and a new turn begins."
                    ),
                    "dean",
                ),
            ),
        ),
        RulesSection(
            N_("The countdown"),
            (
                RulesItem(
                    N_(
                        "The price counts down 10, 9, 8 and so on. At any price you may call Stop "
                        "on one lot you want at that price: a card from another merchant, the "
                        "bank's card or the camel."
                    ),
                    "clock_face",
                ),
                # S4: the seller is paid; the bank for camels and its own goods.
                RulesItem(
                    N_(
                        "You pay the price at once: to the merchant whose goods you bought, or to "
                        "the bank {bank} for the camel or the bank's goods. Bought goods go face "
                        "up in front of your screen, a bought camel behind it."
                    ),
                    "coin",
                ),
                # S3, S2: one purchase per price for each merchant.
                N_(
                    "Then the countdown goes on from the next lower price. You may call Stop "
                    "again later in the turn, as often as your money allows, but only once at "
                    "each price. Your own goods are never for you to buy."
                ),
                # S2: a Stop needs the money, so the fine never arises.
                N_(
                    "A Stop needs the money: to stop at 7 you must hold 7 dirhams. The rulebook's "
                    "fine of 1 dirham for a Stop that is not paid for can never happen here."
                ),
                # SP1, SP6
                N_(
                    "Nothing is sold at 0: the last price is 1. Once every lot is gone, bought or "
                    "lost in a dispute, the turn ends at once."
                ),
                # SP8: judged once every Stop at that price is settled.
                RulesItem(
                    N_(
                        "When the camel is sold, the next camel of the deck is turned up at once "
                        "if goods are still on sale after that price; if none are left, it comes "
                        "up at the start of the next turn. Once the deck is empty, no more camels "
                        "can be bought."
                    ),
                    "camel_back",
                ),
            ),
        ),
        RulesSection(
            N_("Disputes"),
            (
                N_(
                    "Several merchants may call Stop at the same price. If they want different "
                    "lots, each buys their own. If two or more want the same lot, it is a "
                    "dispute."
                ),
                # S4, SP4: the Dean pays the full price, the others nothing.
                RulesItem(
                    N_(
                        "If the Dean is one of them, the Dean takes the lot as a mark of respect "
                        "and pays the full price. The other claimants pay nothing."
                    ),
                    "dean",
                ),
                # S4: half rounded up, to the seller.
                RulesItem(
                    N_(
                        "Otherwise nobody gets it. Disputed goods are thrown out for good, and "
                        "every claimant pays half the price, rounded up, to the seller: at 9, "
                        "that is 5 dirhams each."
                    ),
                    "coin",
                ),
                # S4, SP9: under the deck, shuffled, the next camel up at once.
                RulesItem(
                    N_(
                        "A disputed camel goes to nobody either. It goes under the camel deck, the "
                        "deck is shuffled, and the next camel is turned up at once. The claimants "
                        "each pay half the price, rounded up, to the bank."
                    ),
                    "camel_back",
                ),
            ),
        ),
        RulesSection(
            N_("Two ways to count down"),
            (
                N_(
                    "Around a real table everyone shouts Stop. At one screen we play the same "
                    "auction in one of two ways, depending on who is playing:"
                ),
                # S2
                RulesItem(
                    N_(
                        "Live, when you play alone against bots: a clock counts down the prices. "
                        "To call Stop, click a lot while the clock shows your price; if you do "
                        "nothing, the clock moves on to the next price."
                    ),
                    "clock_face",
                ),
                # S2, SP5
                N_(
                    "All Stops made while one price shows count as made at the same moment, "
                    "whoever clicked first, so disputes happen as at a real table. The clock asks "
                    "everyone at every price, even a merchant who cannot pay, so it gives away "
                    "nobody's money."
                ),
                # S3, SP2
                RulesItem(
                    N_(
                        "Sealed, when several of you share the screen: after the cards are turned "
                        "up, each player in turn, alone at the screen, sets a stop price from 1 to "
                        "10 on the lots they want, one price per lot and never more dirhams than "
                        "they hold. Then they seal their orders."
                    ),
                    "merchant_screen",
                ),
                # S3: first order at that price, in priority order, if the buyer can pay.
                N_(
                    "Orders are kept in the order you placed them, your first the most wanted. "
                    "The countdown then runs by itself: at each price, your first order at that "
                    "price whose lot is still on sale fires, if you can still pay. That is one "
                    "purchase per price, as in live play."
                ),
                # SP3
                N_(
                    "An order for the camel buys whichever camel is face up when its price comes. "
                    "Bots place their orders too, and disputes are settled exactly as above."
                ),
            ),
        ),
        RulesSection(
            N_("The hidden-goods variant"),
            (
                RulesItem(
                    N_(
                        "For a trickier game, choose this variant at setup: the goods you buy go "
                        "behind your screen too, with your money and your camels."
                    ),
                    "merchant_screen",
                ),
                N_(
                    "Everyone still sees each lot being bought and who paid for it, but "
                    "afterwards only you know what you have collected. Remember what your rivals "
                    "bought!"
                ),
            ),
        ),
        RulesSection(
            N_("The end and scoring"),
            (
                N_(
                    "After 10 turns every hand is empty and the market closes. Each merchant "
                    "then scores:"
                ),
                # R0: places by distinct amounts.
                RulesItem(
                    N_(
                        "Money: the richest merchant earns 5 points, the next lower amount 3, the "
                        "next 1 (in a game of three, only 3 and 1). Equal amounts share a place: "
                        "14, 14, 10 and 6 dirhams earn 5, 5, 3 and 1."
                    ),
                    "coins_stack",
                ),
                # S5: the engine leaves behind the cards that keep the best score.
                RulesItem(
                    N_(
                        "Camels: add up what your camels can carry. If you bought more goods than "
                        "that, the extra cards are left behind; the game chooses them so that you "
                        "keep the highest score you can."
                    ),
                    "camel",
                ),
                # S5: over the kinds one could buy; a tie takes the best sum.
                RulesItem(
                    N_(
                        "Least-bought kind: of the kinds you could buy (every kind on sale but "
                        "your own, the bank's included), take the one you hold the fewest cards "
                        "of and score the sum of their values: holding 3, 4 and 2 cards of three "
                        "kinds, your 2 cards count, a 5 and a 7 scoring 12. If you have none of "
                        "one kind, this scores 0. If kinds tie for fewest, the best sum counts."
                    ),
                    "goods_textiles",
                ),
                RulesItem(
                    N_(
                        "Equal values: cards of the same value score together, whatever their "
                        "kind. 2 cards score 1 point, 3 cards 2, 4 cards 4, 5 cards 8, and 6 or "
                        "more 16. Each value (1, 2, 3, 5, 6 and 7) is scored on its own."
                    ),
                    "goods_fruits",
                ),
                RulesItem(
                    N_(
                        "Empty spaces: every space on your camels that you did not fill costs 2 "
                        "points. Camels for 4 and 3 carry 7 cards; with 5 goods you lose 4 "
                        "points."
                    ),
                    "camel_back",
                ),
                # R1
                N_("The most points wins. Merchants level at the top share the win."),
            ),
        ),
        RulesSection(
            N_("Our rulings"),
            (
                N_("Where the rulebook is silent or unclear, we play it like this:"),
                # S1
                RulesItem(
                    N_(
                        "Every kind has the same ten values; the camels are four each of 3, 4, "
                        "5 and 6."
                    )
                ),
                # S2, S3
                RulesItem(
                    N_(
                        "A merchant buys at most one lot at each price, and only with the money "
                        "to pay for it, so nobody is ever fined."
                    )
                ),
                # SP1, SP6
                RulesItem(
                    N_(
                        "Nothing sells at 0. A merchant with nothing they may buy is not asked, "
                        "and the turn ends as soon as every lot is gone."
                    )
                ),
                # SP2, SP3
                RulesItem(
                    N_(
                        "Sealed orders: one per lot, priced 1 to 10 and within your money when "
                        "you place it. A camel order is for whatever camel is face up."
                    )
                ),
                # SP4
                RulesItem(
                    N_(
                        "The Dean who wins a dispute pays the full price; the other claimants "
                        "pay nothing."
                    )
                ),
                # SP8, SP9
                RulesItem(
                    N_(
                        "Whether goods remain after a camel is sold is judged once every Stop at "
                        "that price is settled. A disputed camel's replacement comes up at once."
                    )
                ),
                # S5
                RulesItem(
                    N_(
                        "Goods your camels cannot carry are chosen for your best score. The "
                        "least-bought kind counts only kinds you could buy."
                    )
                ),
                # R0, R1
                RulesItem(
                    N_(
                        "Money places count distinct amounts, and a tie for the most points is a "
                        "shared win."
                    )
                ),
            ),
        ),
        keys_section((STOP_KEY,)),
    ),
    pictures="samarkand",
)
