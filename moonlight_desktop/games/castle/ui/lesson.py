"""Moonlight Castle's guided first game: you and Wolf (a bot) in the moonlit garden, with the
castle's stack and the pouch pinned so every tile and every pebble drawn is known.

The rules are met in the order a player meets them: the path and the pebbles behind the screen,
hiding on a coloured space (paying a pebble, drawing what it shows), recovering the tile beside
you and its spell (one arrow: a push), a white space, a fountain, a two-arrow spell whose second
push finds the path full so a tile falls off the end to Zirroz, a gap that stops a push, staying
to recover, an empty screen and the fountain again, the star's extra turn, the score, Zirroz's six
and the magic tile. Then the learner plays on.

No pygame: the script is checked headless (tests/test_lessons.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from moonlight_desktop.engine import SeatSpec
from moonlight_desktop.i18n import N_
from moonlight_desktop.ui.table.lesson_script import Check, Do, Lesson, Note, Reply
from moonlight_desktop.ui.table.presenter import Anchor, anchor, seat_anchor

from ..components import PEBBLES_PER_COLOR, Color
from ..moves import MoveTo, Recover
from ..rules import CastleRules
from ..state import CastleState
from ..tiles import MAGIC_TILE_ID

YOU, WOLF = 0, 1

SEATS = (
    SeatSpec(N_("You"), "human", look="squirrel"),
    SeatSpec(N_("Wolf (normal)"), "bot", "normal", "wolf"),
)
"""The seats as Castle's setup gives them by default: you the squirrel, Wolf the bot."""

STACK: tuple[int, ...] = (15, 25, 9, 22, 6, 3, 13, 19, 1, 11, 17, 10, 14, 5, 7, 0, 2, 4, 8, 12)
STACK += (16, 18, 20, 21, 23, 24, 26)
"""The jewel tiles in the order they leave the castle (docs/castle.md numbers them): the first
ten fill the path, so tile 15 (two reds) lies at its far end and 22 (red, yellow, green, one
arrow) at position 6; 1 (red, one arrow) comes to Wolf, 25 (two yellows and a red, two arrows)
and 6 (green) to you."""

DRAWS = "RRYG" + "RYGG" + "YG" + "R" + "YY" + "G" + "R" + "RG" + "YG" + "Y" + "Y" + "RG" + "Y"
"""The pebbles the lesson draws, in order: your four, Wolf's four, then each draw of the script
(your red space's two, Wolf's white space's one, your fountain's two, Wolf's red space's one,
your yellow space's one, Wolf's fountain's two, your fountain's two, Wolf's green space's one,
your yellow space's one by the bridge, your fountain's two in the extra turn, Wolf's white
space's one)."""


def pinned_pouch(draws: str) -> str:
    """The whole pouch in drawing order: `draws` first, then the rest of the 60 pebbles with
    the colours taking turns, so the game played on after the lesson draws a fair mix."""
    left = {color: PEBBLES_PER_COLOR - draws.count(color) for color in "RYG"}
    rest: list[str] = []
    while any(left.values()):
        for color in "RYG":
            if left[color]:
                rest.append(color)
                left[color] -= 1
    return draws + "".join(rest)


PINNED_SETUP: Mapping[str, Any] = {
    "stack": list(STACK),
    "pouch": pinned_pouch(DRAWS),
    "start_seat": YOU,
}

# Board parts (anchors CastleScreen.resolve understands) ---------------------------------------

CASTLE, GATE = anchor("castle", 0), anchor("gate", 0)
POUCH, PAID_RED = anchor("pouch", 0), anchor("paid", Color.RED)
FALLEN, ZIRROZ_PILE = anchor("fallen", 0), anchor("zirroz", 0)
RED_BY_THREE, FOUNTAIN, YELLOW_BY_END, YELLOW_BY_BRIDGE = 13, 21, 12, 2
"""The spaces you hide in (numbers as docs/castle.md counts them)."""
WHITE_SPACE, WOLF_LAST = 0, 19
"""The white spaces Wolf hides in first and last."""


def space(number: int) -> Anchor:
    return anchor("space", number)


def path(position: int) -> Anchor:
    """A position of the path: 0 is the bridge in front of the gate, 9 its far end."""
    return anchor("path", position)


# Checks --------------------------------------------------------------------------------------


def _check(claim: str, holds: Callable[[CastleState], bool]) -> Check:
    return Check(claim, holds)


def pebbles_of(who: int, red: int, yellow: int, green: int) -> Check:
    return _check(
        f"seat {who} holds {red} red, {yellow} yellow, {green} green",
        lambda s: s.screens[who] == [red, yellow, green],
    )


def recovered(who: int, *tiles: int) -> Check:
    return _check(f"seat {who} has recovered {tiles}", lambda s: tuple(s.collected[who]) == tiles)


def tile_at(position: int, tile: int) -> Check:
    return _check(f"tile {tile} lies at position {position}", lambda s: s.path[position] == tile)


def gap_at(position: int) -> Check:
    return _check(f"position {position} is empty", lambda s: s.path[position] < 0)


def path_full() -> Check:
    return _check("every position of the path holds a tile", lambda s: min(s.path) >= 0)


def stands_on(who: int, number: int) -> Check:
    return _check(f"seat {who} stands on space {number}", lambda s: s.spots[who] == number)


def to_play(who: int) -> Check:
    return _check(f"it is seat {who}'s turn", lambda s: s.seat == who)


def jewels_are(*jewels: int) -> Check:
    return _check(f"the jewels recovered are {jewels}", lambda s: CastleRules().scores(s) == jewels)


def beside_board(red: int, yellow: int, green: int) -> Check:
    return _check(
        f"{red} red, {yellow} yellow, {green} green lie beside the board",
        lambda s: s.paid == [red, yellow, green],
    )


def fallen_are(*tiles: int) -> Check:
    return _check(f"the tiles {tiles} fell off the path", lambda s: tuple(s.fallen) == tiles)


# The script ----------------------------------------------------------------------------------

BRIDGE, FAR_END = path(0), path(9)

SETTING_OUT = (
    Note(
        N_(
            "Welcome to the moonlit garden! Zirroz has pushed the king's jewels out of his castle "
            "onto this path. Recover more jewels than Wolf and you win."
        ),
        (CASTLE, BRIDGE, FAR_END),
        (path_full(), jewels_are(0, 0)),
    ),
    Note(
        N_(
            "Behind your screen lie 4 pebbles: 2 red, 1 yellow, 1 green. Pebbles pay for coloured "
            "spaces and for the jewels you recover. You see how many Wolf holds, not which."
        ),
        (seat_anchor(YOU), seat_anchor(WOLF)),
        (pebbles_of(YOU, 2, 1, 1),),
    ),
    Do(
        N_(
            "A turn starts by hiding again. Move to the red space beside the red, yellow and green "
            "tile: it costs one red pebble, and you draw the 2 pebbles it shows."
        ),
        MoveTo(RED_BY_THREE),
        N_("Click the red space the arrow points at, beside the three-jewel tile."),
        (path(6),),
        (pebbles_of(YOU, 1, 2, 2), stands_on(YOU, RED_BY_THREE)),
    ),
    Note(
        N_(
            "Your red pebble now lies beside the board for all to see, and you drew a yellow and a "
            "green from the pouch. Now you may recover the tile beside you, or end your turn."
        ),
        (PAID_RED, POUCH),
        (beside_board(1, 0, 0),),
    ),
    Do(
        N_(
            "Now recover the tile beside you: one pebble of each jewel's colour, so a red, a "
            "yellow and a green. You have them all."
        ),
        Recover(),
        N_("Click “Recover jewels” (or the glowing tile) to recover the tile beside you."),
        (path(6),),
        (recovered(YOU, 22), pebbles_of(YOU, 0, 1, 1), beside_board(2, 1, 1)),
    ),
    Note(
        N_(
            "Its back showed one arrow, a spell: one more tile came out of the gate. The tiles "
            "from the bridge up to your gap slid one place along and closed it."
        ),
        (GATE, BRIDGE, path(6)),
        (path_full(), tile_at(0, 17), tile_at(6, 6)),
    ),
)

WOLF_AND_THE_FOUNTAIN = (
    Reply(WOLF, MoveTo(WHITE_SPACE), (stands_on(WOLF, WHITE_SPACE), to_play(YOU))),
    Note(
        N_(
            "Wolf hid on a white space: it costs nothing and drew one pebble. But no tile lies "
            "beside a white space, so Wolf's turn ended there."
        ),
        (space(WHITE_SPACE), seat_anchor(WOLF)),
        (_check("Wolf holds 5 pebbles", lambda s: sum(s.screens[WOLF]) == 5),),
    ),
    Do(
        N_(
            "Only a yellow and a green are left behind your screen. Hide at your fountain: it is "
            "free, and it gives you 2 pebbles."
        ),
        MoveTo(FOUNTAIN),
        N_("Click the fountain the arrow points at."),
        (seat_anchor(YOU),),
        (pebbles_of(YOU, 0, 3, 1), stands_on(YOU, FOUNTAIN)),
    ),
    Note(
        N_(
            "Two yellows! No tile lies beside a fountain either, so your turn ended: a fountain is "
            "where you fill up on pebbles."
        ),
        (space(FOUNTAIN), seat_anchor(YOU)),
        (to_play(WOLF),),
    ),
    Reply(WOLF, MoveTo(4)),
    Reply(WOLF, Recover(), (recovered(WOLF, 1),)),
    Note(
        N_(
            "Wolf paid a red pebble to hide and another to recover a one-red tile. It had an arrow "
            "too, so one more tile came out."
        ),
        (seat_anchor(WOLF), path(2)),
        (recovered(WOLF, 1), tile_at(0, 10), path_full()),
    ),
)

THE_FALL = (
    Do(
        N_(
            "The tile of two yellows and a red is near the end of the path. Hide on the yellow "
            "space beside it: you pay a yellow and draw one pebble."
        ),
        MoveTo(YELLOW_BY_END),
        N_("Click the yellow space the arrow points at, beside the tile near the end of the path."),
        (path(8),),
        (pebbles_of(YOU, 1, 2, 1), tile_at(8, 25)),
    ),
    Do(
        N_("You drew a red, so you can pay two yellows and a red: recover the tile."),
        Recover(),
        N_("Click “Recover jewels” (or the glowing tile) to recover the tile beside you."),
        (seat_anchor(YOU),),
        (recovered(YOU, 22, 25), pebbles_of(YOU, 0, 0, 1)),
    ),
    Note(
        N_(
            "Two arrows: two pushes. The first closed your gap; the second found the path full, so "
            "the tile at its far end, two reds, fell off."
        ),
        (FAR_END, ZIRROZ_PILE),
        (fallen_are(15), path_full(), tile_at(9, 9)),
    ),
    Note(
        N_(
            "A tile that falls off belongs to Zirroz, and nobody can recover it any more. Rescue "
            "the tiles before they reach the end!"
        ),
        (ZIRROZ_PILE, FALLEN),
        (fallen_are(15),),
    ),
)

STAYING = (
    Reply(WOLF, MoveTo(16)),
    Reply(WOLF, Recover(), (recovered(WOLF, 1, 19),)),
    Note(
        N_(
            "Wolf recovered two greens, with no spell on the back. Its gap stays: a push only "
            "moves the tiles between the bridge and the first gap."
        ),
        (path(5), seat_anchor(WOLF)),
        (gap_at(5), recovered(WOLF, 1, 19)),
    ),
    Note(
        N_(
            "The pushes slid a green tile up beside your space. You may stay where you are, but "
            "only to recover the tile beside you, and staying draws no pebbles."
        ),
        (path(8), space(YELLOW_BY_END)),
        (tile_at(8, 6), stands_on(YOU, YELLOW_BY_END)),
    ),
    Do(
        N_("Stay, and recover the green tile with your last green pebble."),
        Recover(),
        N_("Click “Stay and recover” to recover the green tile beside you."),
        (path(8),),
        (recovered(YOU, 22, 25, 6), pebbles_of(YOU, 0, 0, 0), stands_on(YOU, YELLOW_BY_END)),
    ),
)

ANOTHER_TURN = (
    Reply(WOLF, MoveTo(22), (pebbles_of(WOLF, 1, 1, 1),)),
    Do(
        N_(
            "Your screen is empty, so you can pay for no coloured space. The fountain is free: "
            "go back and fill up."
        ),
        MoveTo(FOUNTAIN),
        N_("Click the fountain the arrow points at: it costs nothing."),
        (seat_anchor(YOU),),
        (pebbles_of(YOU, 0, 1, 1), to_play(WOLF)),
    ),
    Reply(WOLF, MoveTo(9)),
    Reply(WOLF, Recover(), (recovered(WOLF, 1, 19, 17), gap_at(3))),
    Note(
        N_(
            "Wolf recovered the yellow pair. Next to the bridge lies a yellow and green tile: a "
            "yellow space faces it, and you hold a yellow and a green."
        ),
        (path(1), space(YELLOW_BY_BRIDGE)),
        (tile_at(1, 14), pebbles_of(YOU, 0, 1, 1)),
    ),
    Do(
        N_(
            "Hide on the yellow space by the bridge: your yellow pays for it, and the pebble you "
            "draw there pays for the tile."
        ),
        MoveTo(YELLOW_BY_BRIDGE),
        N_("Click the yellow space the arrow points at, beside the tile next to the bridge."),
        (path(1),),
        (pebbles_of(YOU, 0, 1, 1), stands_on(YOU, YELLOW_BY_BRIDGE)),
    ),
    Do(
        N_("You drew a yellow: recover the tile with a yellow and a green."),
        Recover(),
        N_("Click “Recover jewels” (or the glowing tile) to recover the tile beside you."),
        (path(1),),
        (recovered(YOU, 22, 25, 6, 14), to_play(YOU)),
    ),
    Note(
        N_(
            "Its back shows the star: you play another whole turn at once, hiding again and "
            "perhaps recovering."
        ),
        (seat_anchor(YOU),),
        (to_play(YOU), pebbles_of(YOU, 0, 0, 0)),
    ),
    Do(
        N_("Your screen is empty again: use your extra turn to fill up at the fountain."),
        MoveTo(FOUNTAIN),
        N_("Click the fountain the arrow points at: it costs nothing."),
        (seat_anchor(YOU),),
        (pebbles_of(YOU, 1, 0, 1), to_play(WOLF)),
    ),
    Reply(WOLF, MoveTo(WOLF_LAST), (stands_on(WOLF, WOLF_LAST), to_play(YOU))),
)

WHAT_COMES = (
    Note(
        N_(
            "You have recovered 9 jewels and Wolf 5. The most jewels at the end wins; on a tie, "
            "the most pebbles left."
        ),
        (seat_anchor(YOU), seat_anchor(WOLF)),
        (jewels_are(9, 5), to_play(YOU)),
    ),
    Note(
        N_(
            "If a turn ends with no tile on the path past the bridge, Zirroz loses his temper and "
            "pushes six tiles out at once."
        ),
        (GATE, path(1), FAR_END),
    ),
    Note(
        N_(
            "The magic tile, which shows no jewels, comes out of the castle last. Once it reaches "
            "the bridge nothing more is pushed, and the round is played out to the end."
        ),
        (CASTLE, BRIDGE),
        (_check("the magic tile is still inside", lambda s: s.castle[0] == MAGIC_TILE_ID),),
    ),
)

CASTLE_LESSON = Lesson(
    title=N_("Learn Moonlight Castle"),
    seats=SEATS,
    seed=7,
    steps=(*SETTING_OUT, *WOLF_AND_THE_FOUNTAIN, *THE_FALL, *STAYING, *ANOTHER_TURN, *WHAT_COMES),
    options={"start_seat": YOU},
    setup=PINNED_SETUP,
    farewell=(
        N_(
            "You have hidden and paid pebbles, filled up at a fountain, recovered tiles and seen "
            "their spells push, and lost a tile off the end. Play on against Wolf to the magic "
            "tile, or start a game of your own."
        )
    ),
)
"""The guided first game (docs/castle.md, "Learn to play")."""
