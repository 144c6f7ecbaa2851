"""How to play Moonlight Castle, in our own words, as data for the rules reader: sections with
headings, paragraphs and list entries led by small pictures of the pieces. `{name}` in a text
draws assets/castle/<name>.svg inline, the size of a letter."""

from __future__ import annotations

from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.game_ui import RulesItem, RulesSection, RulesText
from moonlight_desktop.ui.table.keymap import keys_section

CASTLE_RULES = RulesText(
    N_("How to play Moonlight Castle"),
    (
        RulesSection(
            N_("The goal"),
            (
                N_(
                    "Zirroz the magician has locked the king's jewels in his castle, and now and "
                    "then he pushes them out onto the path in front of the gate, one tile at a "
                    "time. You are moonlight heroes creeping through the castle garden: hide "
                    "beside the path, pay with the pebbles you gather, and rescue the jewels "
                    "{jewel_red} {jewel_yellow} {jewel_green} before they are lost. Whoever "
                    "rescues the most jewels wins."
                ),
            ),
        ),
        RulesSection(
            N_("Setting up"),
            (
                RulesItem(
                    N_(
                        "The 27 jewel tiles are shuffled into a stack inside the castle, with the "
                        "magic tile {tile_magic} on top, so it comes out last. Then tiles are "
                        "pushed out until the path is full."
                    ),
                    "castle",
                ),
                RulesItem(
                    N_(
                        "The pouch holds 60 pebbles: 20 red {pebble_red}, 20 yellow "
                        "{pebble_yellow} and 20 green {pebble_green}. Each player takes a figure "
                        "and a screen and draws 4 pebbles behind it."
                    ),
                    "pouch",
                ),
                RulesItem(N_("One fountain per player stands in the garden."), "fountain_white"),
                RulesItem(
                    N_(
                        "Someone starts: name the biggest night owl on the setup screen, or leave "
                        "it to chance. The figures wait beside the garden, so everyone's first "
                        "turn is a move."
                    ),
                    "start_token",
                ),
            ),
        ),
        RulesSection(
            N_("Your turn: hide again"),
            (
                N_("A turn has two steps. First, slip into a new hiding place:"),
                RulesItem(
                    N_(
                        "Move your figure to any free space. A coloured space costs one pebble of "
                        "its colour (a red space takes {pebble_red}), which you place beside the "
                        "board for all to see. White spaces and fountains cost nothing."
                    )
                ),
                RulesItem(
                    N_(
                        "When you arrive, draw as many pebbles from the pouch as the space shows "
                        "and hide them behind your screen."
                    )
                ),
                RulesItem(
                    N_(
                        "Or stay where you are, but only if you recover the tile beside you "
                        "straight away. You can't stay on a white space, and staying draws no "
                        "pebbles."
                    )
                ),
                RulesItem(
                    N_(
                        "Pouch empty? The pebbles placed beside the board go back into it, "
                        "well mixed."
                    )
                ),
            ),
        ),
        RulesSection(
            N_("Your turn: recover jewels"),
            (
                N_(
                    "Then you may rescue the tile right beside your space (never from a white "
                    "space or a fountain). Pay one pebble of the matching colour for every jewel "
                    "on it: a tile showing {jewel_red} {jewel_green} costs {pebble_red} "
                    "{pebble_green}. Can't pay? Too bad, your turn is over. If you can, take the "
                    "tile and turn it over to see which spell lies on it:"
                ),
                RulesItem(N_("Nothing. No spell this time."), "spell_nothing"),
                RulesItem(
                    N_("One arrow: push one more tile out of the castle."), "spell_one_arrow"
                ),
                RulesItem(N_("Two arrows: push two more tiles out."), "spell_two_arrows"),
                RulesItem(
                    N_("The magician's hat: push tiles out until the path is full again."),
                    "spell_magician",
                ),
                RulesItem(N_("The star: take another whole turn right away."), "spell_special"),
                N_("The tile then goes behind your screen, on top of any you already have."),
            ),
        ),
        RulesSection(
            N_("The path and pushes"),
            (
                N_(
                    "The path starts at the bridge in front of the castle gate. Each push slides "
                    "one new tile out of the castle onto the bridge, and the unbroken row of "
                    "tiles that starts at the bridge moves one place along. A gap stops a push: "
                    "tiles beyond the gap stay where they are."
                ),
                N_(
                    "When that row already reaches the far end of the path, its last tile falls "
                    "off the board. It now belongs to the magician and nobody can rescue it."
                ),
            ),
        ),
        RulesSection(
            N_("Zirroz's six"),
            (
                RulesItem(
                    N_(
                        "If a turn ends with no tile on the path beyond the bridge, Zirroz loses "
                        "his temper and pushes six tiles out at once. He looks at the end of "
                        "every turn, even just before an extra turn."
                    ),
                    "magician",
                ),
            ),
        ),
        RulesSection(
            N_("The last round"),
            (
                RulesItem(
                    N_(
                        "The magic tile leaves the castle last. As soon as it reaches the bridge, "
                        "the last round begins: play on until everyone has had the same number of "
                        "turns (the player before the starting player goes last). From then on "
                        "nothing is pushed, not by spells and not by Zirroz. The magic tile shows "
                        "no jewels and can never be recovered."
                    ),
                    "tile_magic",
                ),
            ),
        ),
        RulesSection(
            N_("The end"),
            (
                N_(
                    "Count the jewels on the tiles behind your screen. The most jewels wins. On a "
                    "tie, the tied player with the most pebbles left behind the screen wins; if "
                    "they are still level, they win together."
                ),
            ),
        ),
        RulesSection(
            N_("Full Moon variant"),
            (
                RulesItem(
                    N_(
                        "On a full-moon night there are no screens: everyone's pebbles are "
                        "visible to everyone. The game becomes more open and more tactical, and "
                        "it is easier to give a young player a hint."
                    ),
                    "screen",
                ),
                RulesItem(
                    N_(
                        "You can also leave out the screens of just the players who need a little "
                        'help ("No screen" on the setup screen): their pebbles are open to all, '
                        "everyone else keeps theirs hidden."
                    ),
                    "pouch",
                ),
            ),
        ),
        RulesSection(
            N_("Ritual Fountain variant"),
            (
                N_(
                    "Every fountain has a white side and a gold side, chosen per fountain on the "
                    "setup screen. The white side draws the pebbles shown beside it. The gold "
                    "side draws 4 pebbles, then asks for its ritual:"
                ),
                RulesItem(
                    N_("Draw 4, put back 2: place two of them beside the board."), "fountain_gold"
                ),
                RulesItem(
                    N_("Draw 4, put back 1: place one of them beside the board."), "fountain_gold"
                ),
                RulesItem(
                    N_(
                        "Draw 4, keep one colour: choose a colour you drew; place every pebble of "
                        "the other colours."
                    ),
                    "fountain_gold",
                ),
                RulesItem(
                    N_(
                        "Draw 4, keep one of each colour: keep one pebble of each colour drawn and "
                        "place the rest."
                    ),
                    "fountain_gold",
                ),
                N_("Each ritual belongs to a different fountain, so none appears twice."),
            ),
        ),
        RulesSection(
            N_("Playing at one computer"),
            (
                N_(
                    "When it is someone else's turn, the game hides the pebbles on screen and asks "
                    "you to pass the computer. Only the player it names should look. Bots play "
                    "by the same rules and never peek behind a screen."
                ),
            ),
        ),
        keys_section(),
    ),
    pictures="castle",
)
