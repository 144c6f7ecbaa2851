"""How to play Moons, in our own words, as data for the rules reader: a title and sections of
short paragraphs. Checked against the rulebook (../shared/rules/003_1231cd168588c628.txt) and
the rulings in docs/RULINGS.md, whose numbers the comments give where a ruling decides."""

from __future__ import annotations

from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.game_ui import RulesSection, RulesText
from moonlight_desktop.ui.table.keymap import keys_section

MOONS_RULES = RulesText(
    N_("How to play Moons"),
    (
        RulesSection(
            N_("The idea"),
            (
                N_(
                    "Moons is a trick-taking game for 3 to 6 players. Win tricks and play your "
                    "lowest off-suit cards well to collect planet tokens of Jupiter, Saturn, "
                    "Neptune and Uranus, then score them in sets when the game ends."
                ),
                N_(
                    "The 60 full-size cards are 56 Moon cards (each planet numbered 1 to 14) and 4 "
                    "Asteroids. There are 17 tokens of each planet."
                ),
            ),
        ),
        RulesSection(
            N_("Setting up"),
            (
                # O1: two mini-asteroids each at setup, kept from round to round.
                N_(
                    "Everyone gets two mini-asteroid cards, kept secret and kept from round to "
                    "round. The rest of the mini-asteroids form a face-down deck."
                ),
                # O1: the whole deck is dealt every round.
                N_(
                    "All 60 full-size cards are dealt every round: 20 each with 3 players, 15 with "
                    "4, 12 with 5 and 10 with 6. The planet tokens form the supply, and the Block "
                    "token starts at the side of the table."
                ),
            ),
        ),
        RulesSection(
            N_("The tableau"),
            (
                # O2: tableaux are Moon cards only, laid anew each round.
                N_(
                    "At the start of each round, everyone chooses three Moon cards from their hand "
                    "(never an Asteroid) and lays them face down as their tableau. When everyone "
                    "has laid three, the tableaux are turned up together."
                ),
                N_(
                    "Tableau cards are never played to a trick. They decide which planets you may "
                    "take when you win a trick, or when you win no trick in a round. Laying cards "
                    "away can also leave you without a suit, which helps you play off-suit."
                ),
                # MO1: still level after three cards, the earlier seat.
                N_(
                    "In the first round, the player with the highest card in their tableau takes "
                    "the Earth and the Earth's Moon and leads. On a tie, the next highest cards "
                    "decide, then the third; if still tied, the player earlier in the seat order. "
                    "The Earth stays where it is for the whole game."
                ),
            ),
        ),
        RulesSection(
            N_("Tricks and following suit"),
            (
                N_(
                    "The holder of the Earth's Moon leads the first trick of the round; the winner "
                    "of each trick leads the next. Play goes clockwise."
                ),
                N_(
                    "On your turn you may first play one mini-asteroid, then you must play a card. "
                    "If you hold a card of the suit led you must follow suit, even if it loses. If "
                    "you hold none, play any card."
                ),
                N_("The highest card of the suit led wins the trick."),
            ),
        ),
        RulesSection(
            N_("Asteroids"),
            (
                N_(
                    "You may play an Asteroid instead of a Moon card on any turn, even when you "
                    "could follow suit. When you do, you draw a mini-asteroid at once."
                ),
                # O3: a leader with only Asteroids passes the lead and plays last.
                N_(
                    "An Asteroid may never lead. A leader holding only Asteroids passes the lead "
                    "to the next player clockwise and plays last in that trick."
                ),
                # MO4: neither on-suit nor off-suit.
                N_(
                    "An Asteroid belongs to no suit: it never wins a trick and never counts as an "
                    "off-suit card."
                ),
                # MO3: a trick of Asteroids alone.
                N_(
                    "If, late in a round, everyone holds only Asteroids, they are played in turn; "
                    "nobody wins that trick, nobody takes a token for it, and the same player "
                    "leads again."
                ),
            ),
        ),
        RulesSection(
            N_("Mini-asteroids"),
            (
                # MO8: one per turn, on one's own turn in a trick, before the card.
                N_(
                    "You may play at most one mini-asteroid on each of your turns, always before "
                    "your card."
                ),
                # MO9: from anyone or from the side.
                N_(
                    "Block: take the Block token, wherever it is, and keep it by your tableau "
                    "until another Block takes it from you. While you hold it, no one else may "
                    "trade with you, though you may still trade with them."
                ),
                # O6, MO8: not with the Block holder, and never like for like.
                N_(
                    "Trade Token: give one of your planet tokens to another player for one of "
                    "theirs of a different planet. You cannot trade with the Block holder."
                ),
                # O6, MO8: Moon cards only; one's own tableau too.
                N_(
                    "Trade Card: swap a Moon card from your hand with a card in a tableau, your "
                    "own or another player's (but not the Block holder's)."
                ),
                # O4, MO2: never played; every disjoint group scores.
                N_(
                    "Score Modifiers are never played: keep them, and at the end each one scores "
                    "every group of tokens it shows, as many groups as you can make. A group of "
                    "one token scores 2 points, a group of two 4 points, a group of three 8 "
                    "points. A second copy of the same card adds nothing."
                ),
            ),
        ),
        RulesSection(
            N_("Planet tokens"),
            (
                N_("The winner of a trick takes a token of a planet in their tableau."),
                # MO4: the winner takes first.
                N_(
                    "Then the player of the lowest off-suit card (a Moon card not of the suit led) "
                    "takes a token of that card's planet. If two or more off-suit cards tie for "
                    "lowest, nobody takes that token."
                ),
                # MO6: most tricks first, then no tricks, clockwise from the Earth's Moon.
                N_(
                    "When all the cards of a round have been played, whoever won the most tricks "
                    "takes a token of any planet; if several tie, each of them takes one. Then "
                    "everyone who won no trick takes a token of a planet in their tableau. Each of "
                    "these is taken in turn, starting from the holder of the Earth's Moon."
                ),
                # Rulebook tip, MO7.
                N_(
                    "Tokens are limited: when none of the planets you may take is left, you get "
                    "nothing instead. When only one planet is possible, it is taken for you."
                ),
            ),
        ),
        RulesSection(
            N_("The Earth's Moon and the rounds"),
            (
                # O2: one round per player; passed to the left.
                N_(
                    "After each round but the last, the Earth's Moon passes to the next player on "
                    "the left. That player deals all the cards again, everyone lays a new tableau, "
                    "and the new holder leads the first trick."
                ),
            ),
        ),
        RulesSection(
            N_("The end and scoring"),
            (
                # O2: the game ends at once when the last token is taken.
                N_(
                    "The game ends when every player has held the Earth's Moon for a round, or at "
                    "once when the last planet token is taken."
                ),
                # O5: each token counts once, in the best arrangement.
                N_(
                    "Each token counts once, and your tokens are arranged for your best score: a "
                    "complete set of all four planets scores 10 points; a set of three different "
                    "planets scores 2 points per token (6); Score Modifier groups score as "
                    "printed; every other token scores 1 point."
                ),
            ),
        ),
        RulesSection(
            N_("Ties"),
            (
                # R1: level after every tie-break, a shared win.
                N_(
                    "If scores are level, the player with the most Jupiter tokens wins; if still "
                    "level, the most Saturn tokens, then Neptune, then Uranus. Players still level "
                    "after that share the win."
                ),
            ),
        ),
        keys_section(),
    ),
)
