"""How to play Moonlight Market, in our own words, as data for the rules reader: sections with
headings, paragraphs and list entries led by small pictures of the pieces. `{name}` in a text
draws assets/market/<name>.svg inline, the size of a letter. Checked against the rulebook
(../shared/rules/000_47d2b9a37e23cd67.txt) and the rulings in docs/RULINGS.md, whose numbers
the comments give where a ruling decides."""

from __future__ import annotations

from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.game_ui import RulesItem, RulesSection, RulesText
from moonlight_desktop.ui.table.keymap import keys_section

MARKET_RULES = RulesText(
    N_("How to play Moonlight Market"),
    (
        RulesSection(
            N_("The goal"),
            (
                N_(
                    "You are jewellers at the Emperor's moonlit market. Bid with your gold cards "
                    "for chain links set with gems, build them into five necklaces, one for each "
                    "gem, and earn prestige for the finest ones. After the last scoring, whoever "
                    "has the most prestige wins."
                ),
                N_(
                    "The game lasts 4 passes of 3 rounds each. A round is a bidding phase and a "
                    "chain phase; every pass ends with a scoring, and the game ends with two final "
                    "scorings."
                ),
            ),
        ),
        RulesSection(
            N_("The table"),
            (
                # M2: one cushion per position; the moon cushion has 3 rows, the others 2.
                RulesItem(
                    N_(
                        "Velvet cushions hold the links on offer, one cushion for each player at "
                        "the table (so 3, 4 or 5). The moon cushion has 3 rows of links, every "
                        "other cushion 2 rows; each has 3 columns, one for each round of a pass."
                    ),
                    "cushion_moon",
                ),
                # M3: hammers of the first fill are shuffled back.
                RulesItem(
                    N_(
                        "At the start of every pass each empty space is filled with a face-up link "
                        "from the shuffled supply, so you can see everything on offer for the "
                        "whole pass. In the first pass, hammers turned up are put aside and "
                        "shuffled back into the supply once the cushions are full."
                    ),
                    "cushion",
                ),
                # M1: the gem order and the link set.
                RulesItem(
                    N_(
                        "Your tableau has a place for each gem, left to right: Blue {gem_blue} "
                        "(round), Red {gem_red} (pointed oval), White {gem_white} (star), Green "
                        "{gem_green} (rectangle) and Yellow {gem_yellow} (triangle). The links you "
                        "lay at a gem form its chain."
                    ),
                    "link_blue",
                ),
                RulesItem(
                    N_(
                        "There are 150 links: for each gem, values 1 to 10 (two or three of each) "
                        "and one doubling link; 20 two-gem links worth 4 or 7; 5 hammers "
                        "{link_hammer}, 5 seal links {link_seal} and 5 worthless links "
                        "{link_worthless}."
                    ),
                    "link_red",
                ),
                RulesItem(
                    N_(
                        "Everyone has gold cards 1 to 13, shuffled into a face-down draw pile. At "
                        "the start of each pass you draw 4 of them into your hand."
                    ),
                    "card_back",
                ),
                # M6: the supply can run out.
                RulesItem(
                    N_(
                        "Everyone starts with 3 seals. The rest of the box's 29 seals form the "
                        "supply; once it is empty, nobody gets a seal from it any more."
                    ),
                    "seal",
                ),
                # M4: the first start coin lies before the first real player.
                RulesItem(
                    N_(
                        "The start coin says who begins a round. In the very first round it lies "
                        "before the first player; after that it goes to whoever won the moon "
                        "cushion."
                    ),
                    "start_coin",
                ),
            ),
        ),
        RulesSection(
            N_("A round: bidding"),
            (
                N_(
                    "The holder of the start coin puts it back by the moon cushion and bids "
                    "first; the others follow clockwise. On your turn, lay one card from your hand "
                    "beside a cushion:"
                ),
                RulesItem(N_("A free cushion: your card simply stays there as your bid.")),
                RulesItem(
                    N_(
                        "A cushion that already has a card: only a higher card may take its place, "
                        "and you must give that card's owner one of your seals {seal}. Without a "
                        "seal you cannot outbid; a free cushion is always left for you."
                    )
                ),
                # M5: the displaced card is the only one its owner may play next turn.
                RulesItem(
                    N_(
                        "A displaced card lies face up in front of its owner, who must play "
                        "exactly that card on their next turn, to a free cushion or outbidding "
                        "another card (giving a seal, as anyone would)."
                    )
                ),
                RulesItem(
                    N_(
                        "When your turn comes while your card lies at a cushion, you are skipped. "
                        "Bidding ends as soon as every cushion has a card: one for each player."
                    )
                ),
            ),
        ),
        RulesSection(
            N_("Taking the links"),
            (
                # M2: round 1 left, round 2 middle, round 3 right.
                N_(
                    "Everyone takes the links in this round's column of the cushion where their "
                    "card lies: the left column in round 1, the middle in round 2, the right in "
                    "round 3. That is 3 links from the moon cushion and 2 from any other."
                ),
                RulesItem(
                    N_(
                        "Whoever bid at the moon cushion {cushion_moon} also takes the start coin "
                        "and will begin the next round, even when that round opens a new pass."
                    ),
                    "start_coin",
                ),
                N_("The cards played go to their owners' discard piles and are out of the game."),
            ),
        ),
        RulesSection(
            N_("The chain phase"),
            (
                # MM4: one position at a time, from the new start coin holder clockwise.
                N_(
                    "Now everyone builds the links they took into their tableau, one player at "
                    "a time, starting with the new start coin holder and going clockwise. Every "
                    "link you took must be used. In this order:"
                ),
                # M6: hammers first, then seals, then links.
                RulesItem(
                    N_(
                        "1. Hammers first. Each hammer sends one link already on your tableau to "
                        "the casket, or is thrown away unused. It can never hit a link you just "
                        "took."
                    ),
                    "link_hammer",
                ),
                RulesItem(
                    N_("2. Seals next. Each seal link gives you a seal {seal} from the supply."),
                    "link_seal",
                ),
                # R2: the player chooses the order.
                RulesItem(
                    N_(
                        "3. Then lay your other links one by one, in any order you like, each at a "
                        "gem it shows: a green link {link_green} at Green {gem_green}."
                    ),
                    "link_green",
                ),
                # M6: a fourth link sends the three to the casket; 20 or more earns a seal.
                RulesItem(
                    N_(
                        "A chain holds at most 3 links. Laying a fourth link at a gem first sends "
                        "that chain's 3 links to the casket, for good; if they were worth 20 or "
                        "more, you take a seal from the supply. The new link then starts a fresh "
                        "chain."
                    ),
                    "casket",
                ),
                # MM9: by choice as well as when forced.
                N_(
                    "You may lay a link on a full chain on purpose too, for example to cash in a "
                    "chain worth 20 or more for a seal."
                ),
                N_("Special links:"),
                RulesItem(
                    N_(
                        "A two-gem link, worth 4 or 7, shows two gems such as "
                        "{gem_blue}{gem_white}. Lay it at either one; there it counts as a real "
                        "gem of that colour."
                    )
                ),
                RulesItem(
                    N_(
                        "Each gem has one doubling link. Laid at its gem, it doubles the value of "
                        "the whole chain and takes one of its 3 places: red 7, doubling, red 8 is "
                        "worth 30."
                    ),
                    "link_red",
                ),
                RulesItem(
                    N_(
                        "A worthless link is worth 0 and goes at any gem you choose; it too takes "
                        "one of the 3 places."
                    ),
                    "link_worthless",
                ),
            ),
        ),
        RulesSection(
            N_("Scoring each pass"),
            (
                N_(
                    "After round 3 you hold one card: put it under your draw pile. In the fourth "
                    "pass, keep it for the final scoring."
                ),
                # M7: value = sum, doubled; a real gem is needed.
                N_(
                    "Then each gem is scored in turn. A chain's value is the sum of its gems, "
                    "doubled if it holds its doubling link. Only a chain with at least one real "
                    "gem of that colour takes part: a worthless or doubling link alone does not "
                    "count."
                ),
                # R0: places count distinct values.
                N_(
                    "The highest value scores 4 prestige, the next lower value 2, the next 1. "
                    "Ties share a place: everyone on a value gets its full points, and the next "
                    "lower value takes the next place. Values 9, 9, 7, 5 score 4, 4, 2, 1."
                ),
                N_("Your chains stay on your tableau from pass to pass."),
            ),
        ),
        RulesSection(
            N_("The end"),
            (
                N_(
                    "After the fourth pass is scored come two final scorings, with the same "
                    "4/2/1 points and the same ties:"
                ),
                RulesItem(
                    N_(
                        "Seals: the most seals scores 4, the next lower count 2, the next 1. You "
                        "need at least one seal to score."
                    ),
                    "seal",
                ),
                # MM6: Dirk's and Beate's last card is the one left in the pile.
                RulesItem(
                    N_(
                        "Last card: the highest remaining hand card scores 4, the next 2, the "
                        "next 1. Dirk's and Beate's last card is the one left in their pile."
                    ),
                    "card_back",
                ),
                # R1: a tie for the most prestige is a shared win.
                N_(
                    "The most prestige wins; everyone level at the top shares the win. Dirk and "
                    "Beate compete too: if one of them has the most, no player beats them."
                ),
            ),
        ),
        RulesSection(
            N_("Dirk and Beate"),
            (
                N_(
                    "Dirk {dirk} and Beate {beate} are imaginary jewellers who fill the table. "
                    "They make no choices: the game plays their turns by a fixed procedure. They "
                    "have cards 1 to 13 in a face-down pile, 3 seals and a tableau, like everyone."
                ),
                # MM6: no hand; the top card of the pile.
                RulesItem(
                    N_(
                        "Bidding: they hold no hand. On each turn the top card of their pile is "
                        "turned up, or their displaced card is played again."
                    ),
                    "card_back",
                ),
                # MM3: moon cushion, the other two 1-5 cushions, then 4-5, then 5.
                RulesItem(
                    N_(
                        "They try the cushions in a fixed order: the moon cushion, the two other "
                        "cushions always in play, then the fourth, then the fifth. They bid at the "
                        "first that is free or holds a lower card (if they have a seal to give)."
                    ),
                    "cushion_moon",
                ),
                # M8: placement order and where worthless and two-gem links go.
                RulesItem(
                    N_(
                        "Chains: they throw their hammers away unused and take their seals. Then "
                        "they lay their links from the lowest value up (worthless counts 0), equal "
                        "values by gem from left to right, and any doubling link last."
                    )
                ),
                RulesItem(
                    N_(
                        "A worthless link goes to the gem with the fewest links, a two-gem link to "
                        "whichever of its two gems has fewer; on a tie, the leftmost. Their chains "
                        "hold 3 links and earn seals at 20 like anyone's."
                    )
                ),
                N_(
                    "They take part in every scoring, the seals and the last card included. If "
                    "you outbid them, you give them a seal as you would a player."
                ),
            ),
        ),
        RulesSection(
            N_("Solo and two players"),
            (
                N_(
                    "The market needs 3 to 5 at the table, so Dirk and Beate fill the empty places:"
                ),
                RulesItem(N_("Solo: you, Dirk and Beate. Can you beat them both?"), "beate"),
                RulesItem(N_("Two players: the two of you and Dirk."), "dirk"),
                N_(
                    "Three or four players may also add Dirk, or Dirk and Beate, as long as no "
                    "more than 5 sit at the table; each brings one more cushion."
                ),
                # M4: automata bid after every real player in the first round.
                N_(
                    "Dirk and Beate sit after the real players, so in the very first round they "
                    "bid last. Later rounds follow the start coin, and they may begin one."
                ),
            ),
        ),
        RulesSection(
            N_("Our rulings"),
            (
                N_("Where the rulebook is silent or unclear, we play it like this:"),
                # R0
                RulesItem(
                    N_(
                        "Places count distinct values: two players tied for first both score 4, "
                        "and the next lower value is still second."
                    )
                ),
                # MM4
                RulesItem(
                    N_(
                        "The chain phase goes one player at a time from the start coin holder, "
                        "since the seal supply can run out."
                    )
                ),
                # M6
                RulesItem(
                    N_(
                        "A chain's value for the 20 includes its doubling. An empty supply gives "
                        "no seal."
                    )
                ),
                # MM9
                RulesItem(
                    N_("A link may be laid on a full chain by choice, not only when forced.")
                ),
                # M5
                RulesItem(N_("A displaced card may outbid again, at the price of another seal.")),
                # M4, MM5
                RulesItem(
                    N_(
                        "The first player holds the first start coin; Dirk and Beate sit after "
                        "every real player."
                    )
                ),
                # MM3, M8, MM6
                RulesItem(
                    N_(
                        "Dirk and Beate follow the exact order above for cushions and links, and "
                        "turn up a card from their pile instead of holding a hand."
                    )
                ),
                # R1
                RulesItem(N_("A tie for the most prestige is a shared win.")),
            ),
        ),
        keys_section(),
    ),
    pictures="market",
)
