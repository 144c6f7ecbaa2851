"""Moonlight Market's log in words (games/market/ui/narrator.py): the rulebook's worked examples
told with their reasons, Dirk's and Beate's checks and placements, and many random games told
without a hidden card, the narrator's record of the table always the rules' own, and the same
lines live and when a saved game's log is rebuilt from its start."""

from __future__ import annotations

import re

import pytest

from moonlight_desktop.engine import Command, Event, Match, Rng, SeatSpec
from moonlight_desktop.games.market import rules as market_rules
from moonlight_desktop.games.market.components import HAMMER, HAND_DRAW, LINK_BY_NAME, SEAL
from moonlight_desktop.games.market.moves import (
    Bid,
    BidPlaced,
    CardPutUnder,
    CardsDrawn,
    DiscardHammer,
    GameOver,
    PassScored,
    PlaceLink,
    PlayDisplaced,
    UseHammer,
)
from moonlight_desktop.games.market.state import MarketState, Phase
from moonlight_desktop.games.market.table import CUSHION_MARKINGS
from moonlight_desktop.games.market.ui.hint_reasons import market_hint
from moonlight_desktop.games.market.ui.narrator import (
    MarketNarrator,
    cushion_names,
    link_words,
    position_summary,
    stage_words,
)
from moonlight_desktop.games.market.ui.standings import final_standings
from moonlight_desktop.i18n import PSEUDO, set_language
from moonlight_desktop.i18n.pseudo import untranslated_in
from moonlight_desktop.ui.table.controller import replay_log

from .market_helpers import RULES, B, G, R, W, Y, cushion_fill, links, new_game, set_chains

TOP, MIDDLE, BOTTOM = 0, 1, 2
# The rulebook's cushions, row by row; the left column (round 1) is slots 0, 3 (and 6).
LAYOUT_MIDDLE = ["R5", "W1", "W2", "G2", "W3", "W4"]
LAYOUT_BOTTOM = ["BW7", "G1", "G3", "G9", "Y3", "Y4"]
LAYOUT = cushion_fill(
    ["B3", "B1", "B2", "R6", "R1", "R2", "Y10", "Y1", "Y2"], LAYOUT_MIDDLE, LAYOUT_BOTTOM
)


def _narrator(state: MarketState, names: list[str]) -> MarketNarrator:
    return MarketNarrator(RULES.view(state, None), names)


def _play(state: MarketState, narrator: MarketNarrator, *moves: tuple[int, Command]) -> list[str]:
    """Apply each (seat, command) through the rules; the lines the narrator gives."""
    lines: list[str] = []
    for seat, command in moves:
        assert RULES.to_act(state) == (seat,), (seat, command)
        for event in RULES.apply(state, seat, command):
            lines += narrator.narrate(event)
    return lines


def _line(lines: list[str], start: str) -> str:
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


# The rulebook's worked examples --------------------------------------------------------------


def test_dirk_skips_a_cushion_he_could_outbid_for_want_of_a_seal() -> None:
    """Rulebook: Dirk's 9 cannot outbid the 12 at the top cushion; he could outbid the middle
    cushion's card but has no seals left, so he lays his card at the bottom cushion."""
    dirk = 2
    state = new_game(2, supply=LAYOUT, tops={0: [12], 1: [5], dirk: [9]})
    state.seals[dirk] = 0
    narrator = _narrator(state, ["Ana", "Bo", "Dirk"])
    lines = _play(state, narrator, (0, Bid(12, TOP)), (1, Bid(5, MIDDLE)))
    assert state.bids == [-1, -1, -1] and state.discards[dirk] == [9]  # he did lay it: bottom
    told = _line(lines, "Dirk reveals")
    assert told == (
        "Dirk reveals his 9: the 12 on the moon cushion is higher; he has no seal to displace"
        " the 5 on the middle cushion; he lays it at the bottom cushion"
    )
    assert lines[:2] == ["Ana bids 12 at the moon cushion", "Bo bids 5 at the middle cushion"]


def test_with_a_seal_dirk_displaces_and_the_displaced_card_is_played_next() -> None:
    dirk = 2
    state = new_game(2, supply=LAYOUT, tops={0: [12], 1: [5], dirk: [9]})
    narrator = _narrator(state, ["Ana", "Bo", "Dirk"])
    lines = _play(state, narrator, (0, Bid(12, TOP)), (1, Bid(5, MIDDLE)))
    assert _line(lines, "Dirk reveals") == (
        "Dirk reveals his 9: the 12 on the moon cushion is higher; he outbids the 5 of Bo at the"
        " middle cushion and pays Bo a seal; Bo must play that 5 on the next turn"
    )
    assert narrator.seals == [3, 4, 2] == state.seals
    assert narrator.displaced == [-1, 5, -1]
    lines = _play(state, narrator, (1, PlayDisplaced(BOTTOM)))
    assert lines[0] == "Bo plays the displaced 5 at the bottom cushion"


def test_dirk_lays_a_worthless_link_a_two_gem_link_and_a_red_eight() -> None:
    """Rulebook: the worthless link first, at Red (Red and White are both empty, Red is
    further left); the two-gem link ties and goes left, to Red; the red 8 last, at Red. Dirk
    wins the moon cushion's left column in a real round to receive them."""
    dirk = 2
    moon = ["R8", "B1", "B2", "RG4", "R1", "R2", "worthless", "Y1", "Y2"]
    supply = cushion_fill(moon, LAYOUT_MIDDLE, LAYOUT_BOTTOM)
    state = new_game(2, supply=supply, tops={0: [5], 1: [6], dirk: [9]})
    set_chains(state, dirk, {B: ["B5"], G: ["G3"], Y: ["Y2"]})
    narrator = _narrator(state, ["Ana", "Bo", "Dirk"])
    lines = _play(state, narrator, (0, Bid(5, MIDDLE)), (1, Bid(6, BOTTOM)))
    assert state.chains[dirk][R] == links("worthless", "RG4", "R8")
    assert _line(lines, "Dirk reveals") == "Dirk reveals his 9: he lays it at the moon cushion"
    start = lines.index("Dirk builds first, then the others clockwise")
    assert lines[start - 3 : start + 5] == [
        "Dirk takes the start coin and 3 links from the moon cushion: red 8, red-green 4 and"
        " worthless link",
        "Ana takes 2 links from the middle cushion: red 5 and green 2",
        "Bo takes 2 links from the bottom cushion: blue-white 7 and green 9",
        "Dirk builds first, then the others clockwise",
        "Dirk lays his links from the lowest value up: the worthless link, the red-green 4 and"
        " the red 8",
        "Dirk lays the worthless link at Red: Red and White have the fewest links, and Red is"
        " further left",
        "Dirk lays the red-green 4 at Red: Red and Green have as many links, and Red is"
        " further left",
        "Dirk lays the red 8 at Red",
    ]


def test_the_bidding_example_with_two_displacements_in_words() -> None:
    lea, jonathan, anika = 0, 1, 2
    state = new_game(3, supply=LAYOUT, tops={lea: [9], jonathan: [6], anika: [12]})
    narrator = _narrator(state, ["Lea", "Jonathan", "Anika"])
    assert narrator.opening_lines()[-1] == (
        "Pass 1, round 1 of 3: Lea lays the start coin next to the moon cushion and bids first"
    )
    lines = _play(
        state,
        narrator,
        (lea, Bid(9, BOTTOM)),
        (jonathan, Bid(6, TOP)),
        (anika, Bid(12, BOTTOM)),
        (lea, PlayDisplaced(TOP)),
        (jonathan, PlayDisplaced(MIDDLE)),
    )
    assert lines[:5] == [
        "Lea bids 9 at the bottom cushion",
        "Jonathan bids 6 at the moon cushion",
        "Anika bids 12 at the bottom cushion, displaces the 9 of Lea and pays Lea a seal; Lea"
        " must play that 9 on the next turn",
        "Lea plays the displaced 9 at the moon cushion, displaces the 6 of Jonathan and pays"
        " Jonathan a seal; Jonathan must play that 6 on the next turn",
        "Jonathan plays the displaced 6 at the middle cushion",
    ]
    assert lines[5:] == [
        "Chain phase: the left column of links on each cushion goes to its bidder",
        "Lea takes the start coin and 3 links from the moon cushion: blue 3, red 6 and yellow 10",
        "Jonathan takes 2 links from the middle cushion: red 5 and green 2",
        "Anika takes 2 links from the bottom cushion: blue-white 7 and green 9",
        "Lea builds first, then the others clockwise",
    ]
    assert narrator.seals == state.seals == [3, 4, 2]
    for code in links("B3", "R6", "Y10", "R5", "G2"):
        _play(state, narrator, (state.seat, PlaceLink(code, code // 10)))
    told = _play(state, narrator, (anika, PlaceLink(LINK_BY_NAME["BW7"], B)))
    assert told == ["Anika lays the blue-white 7 at Blue"]


def test_the_first_pass_scoring_example_in_words() -> None:
    """Per chain as the rulebook lists it (Jonathan's total is 12, ruling MM2)."""
    lea, jonathan, anika = 0, 1, 2
    state = new_game(3)
    set_chains(state, lea, {B: ["B7"], R: ["R6"], W: ["W10", "W5"], Y: ["Y10"]})
    set_chains(state, jonathan, {B: ["B7"], R: ["R10"], W: ["worthless"], G: ["G9"], Y: ["Y8"]})
    set_chains(state, anika, {B: ["B5", "B6"], W: ["W8", "W8"], G: ["G9"], Y: ["Y7"]})
    narrator = _narrator(state, ["Lea", "Jonathan", "Anika"])
    points = market_rules.pass_points(state)
    prestige = tuple(sum(gem[p] for gem in points) for p in range(3))
    assert narrator.narrate(PassScored(1, points, prestige)) == [
        "Pass 1 of 4 is scored",
        "Blue: 4 to Anika (11), 2 to Lea and Jonathan (7)",
        "Red: 4 to Jonathan (10), 2 to Lea (6)",
        "White: 4 to Anika (16), 2 to Lea (15)",
        "Green: 4 to Jonathan and Anika (9)",
        "Yellow: 4 to Lea (10), 2 to Jonathan (8), 1 to Anika (7)",
        "Prestige this pass: Lea +10, Jonathan +12, Anika +13",
        "Anika leads with 13 prestige",
    ]
    assert narrator.prestige == [10, 12, 13]


def test_the_final_scoring_example_in_words() -> None:
    state = new_game(3)
    state.seals = [7, 1, 4]
    state.hands = [[4], [3], [1]]
    state.pass_index = 4
    narrator = _narrator(state, ["Lea", "Jonathan", "Anika"])
    events: list[Event] = []
    market_rules._final_scoring(state, events)
    assert narrator.narrate(events[-1]) == [
        "The game is over: the seals and the last cards are scored",
        "Seals: 4 to Lea (7 seals), 2 to Anika (4 seals), 1 to Jonathan (1 seal)",
        "Last cards: 4 to Lea (4), 2 to Jonathan (3), 1 to Anika (1)",
        "Final prestige: Lea 8, Jonathan 3, Anika 3",
        "Lea wins with 8 prestige",
    ]


# Dirk and Beate -------------------------------------------------------------------------------


def test_a_displaced_automaton_plays_its_card_again_with_its_checks() -> None:
    """Dirk starts (a pinned start coin), Ana displaces his 9; on his next turn he must play
    that 9 again, checking from the moon cushion down."""
    dirk = 2
    state = new_game(2, supply=LAYOUT, tops={0: [12], 1: [5], dirk: [9]}, start_seat=dirk)
    narrator = _narrator(state, ["Ana", "Bo", "Dirk"])
    assert narrator.opening_lines()[1:] == [
        "Pass 1, round 1 of 3: the start coin lies next to the moon cushion",
        "Dirk has bid 9 at the moon cushion",
    ]
    lines = _play(state, narrator, (0, Bid(12, TOP)), (1, Bid(5, MIDDLE)))
    assert lines[0] == (
        "Ana bids 12 at the moon cushion, displaces the 9 of Dirk and pays Dirk a seal; Dirk"
        " must play it again on his next turn"
    )
    assert _line(lines, "Dirk plays") == (
        "Dirk plays his displaced 9 again: the 12 on the moon cushion is higher; he outbids the"
        " 5 of Bo at the middle cushion and pays Bo a seal; Bo must play that 5 on the next turn"
    )
    assert narrator.seals == state.seals == [2, 4, 3]


def test_beate_turns_in_a_seal_link_and_lays_equal_values_left_to_right() -> None:
    """Solo: Beate outbids Dirk at the moon cushion (she) and takes its left column."""
    dirk, beate = 1, 2
    moon = ["G5", "B1", "B2", "seal", "R1", "R2", "B5", "Y1", "Y3"]
    supply = cushion_fill(moon, LAYOUT_MIDDLE, LAYOUT_BOTTOM)
    state = new_game(1, supply=supply, tops={0: [4], dirk: [2], beate: [9]})
    narrator = _narrator(state, ["Ana", "Dirk", "Beate"])
    lines = _play(state, narrator, (0, Bid(4, BOTTOM)))
    assert lines[:3] == [
        "Ana bids 4 at the bottom cushion",
        "Dirk reveals his 2: he lays it at the moon cushion",
        "Beate reveals her 9: she outbids the 2 of Dirk at the moon cushion and pays Dirk a seal;"
        " Dirk must play it again on his next turn",
    ]
    assert lines[3] == (
        "Dirk plays his displaced 2 again: the 9 on the moon cushion is higher; he lays it at"
        " the middle cushion"
    )
    start = lines.index("Beate builds first, then the others clockwise")
    assert lines[start + 1 : start + 5] == [
        "Beate turns in the seal link and takes a seal from the supply",
        "Beate lays her links from the lowest value up, equal values from left to right: the"
        " blue 5 and the green 5",
        "Beate lays the blue 5 at Blue",
        "Beate lays the green 5 at Green",
    ]
    assert narrator.seals == state.seals == [3, 4, 3]


def test_dirk_discards_a_hammer_lays_the_doubling_last_and_a_full_chain_earns_a_seal() -> None:
    dirk = 2
    state = new_game(2, supply=LAYOUT, tops={0: [5], 1: [6], dirk: [9]})
    moon = state.cushions[TOP]
    moon[0], moon[3], moon[6] = HAMMER, LINK_BY_NAME["Rx2"], LINK_BY_NAME["R5"]
    set_chains(state, dirk, {R: ["R7", "R6", "R9"]})
    narrator = _narrator(state, ["Ana", "Bo", "Dirk"])
    lines = _play(state, narrator, (0, Bid(5, MIDDLE)), (1, Bid(6, BOTTOM)))
    start = lines.index("Dirk builds first, then the others clockwise")
    assert lines[start + 1 : start + 7] == [
        "Dirk discards the hammer unused: he never uses one",
        "Dirk lays his links from the lowest value up, doubling links last: the red 5 and the"
        " red doubling",
        "Dirk must clear the full Red chain first: red 7, red 6 and red 9, worth 22, go to the"
        " casket; 20 or more earns a seal",
        "Dirk takes a seal from the supply for that chain",
        "Dirk lays the red 5 at Red, starting a new chain there",
        "Dirk lays the red doubling at Red",
    ]
    assert state.chains[dirk][R] == links("R5", "Rx2")
    assert narrator.seals == state.seals == [3, 3, 4]


def test_players_use_and_discard_hammers_and_a_seal_link_may_find_the_supply_empty() -> None:
    ana, bo, cy = 0, 1, 2
    state = new_game(3, supply=LAYOUT, tops={ana: [9], bo: [6], cy: [12]})
    state.cushions[TOP][0] = HAMMER
    state.cushions[MIDDLE][0] = SEAL
    state.cushions[BOTTOM][0] = HAMMER
    set_chains(state, ana, {B: ["B7"]})
    state.seal_supply = 0
    narrator = _narrator(state, ["Ana", "Bo", "Cy"])
    _play(state, narrator, (ana, Bid(9, TOP)), (bo, Bid(6, MIDDLE)), (cy, Bid(12, BOTTOM)))
    assert state.phase == Phase.HAMMER
    assert _play(state, narrator, (ana, UseHammer(B, 0))) == [
        "Ana uses a hammer on the blue 7 at Blue: both go to the casket"
    ]
    lines: list[str] = []
    for code in links("R6", "Y10"):
        lines += _play(state, narrator, (ana, PlaceLink(code, code // 10)))
    # Ana's last link down, Bo turns in the seal link at once (no choice), into an empty supply.
    assert lines == [
        "Ana lays the red 6 at Red",
        "Ana lays the yellow 10 at Yellow",
        "Bo turns in the seal link, but no seal is left in the supply",
    ]
    assert _play(state, narrator, (bo, PlaceLink(LINK_BY_NAME["G2"], G))) == [
        "Bo lays the green 2 at Green"
    ]
    assert _play(state, narrator, (cy, DiscardHammer())) == ["Cy discards a hammer unused"]
    assert narrator.seals == state.seals == [3, 3, 3]
    assert narrator.chains == state.chains


# Names and words --------------------------------------------------------------------------------


def test_cushions_are_named_from_the_moon_cushion_down() -> None:
    """In the order Dirk checks them (MM3), which is the order they stand from the top."""
    assert cushion_names(3) == ("moon cushion", "middle cushion", "bottom cushion")
    assert cushion_names(4) == (
        "moon cushion",
        "second cushion",
        "third cushion",
        "bottom cushion",
    )
    assert cushion_names(5) == (
        "moon cushion",
        "second cushion",
        "third cushion",
        "fourth cushion",
        "bottom cushion",
    )
    assert "moon" in CUSHION_MARKINGS[0]


def test_links_in_words() -> None:
    assert [link_words(LINK_BY_NAME[name]) for name in ("B7", "Rx2", "WG4", "GY7")] == [
        "blue 7",
        "red doubling",
        "white-green 4",
        "green-yellow 7",
    ]
    assert [link_words(code) for code in (HAMMER, SEAL, LINK_BY_NAME["worthless"])] == [
        "hammer",
        "seal link",
        "worthless link",
    ]


def test_names_are_one_per_position() -> None:
    with pytest.raises(ValueError, match="one name per position"):
        _narrator(new_game(2), ["Ana", "Bo"])


# Random complete games ----------------------------------------------------------------------------

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]
# (players, automata): 2, 3 and 5 players, with and without Dirk and Beate.
TABLES = [(1, 2), (2, 1), (3, 0), (3, 2), (4, 1), (5, 0)]


def _names(match: Match[MarketState]) -> list[str]:
    table = match.view(None).table
    return NAMES[: table.seats] + ["Dirk", "Beate"][: table.positions - table.seats]


def _check_record(narrator: MarketNarrator, match: Match[MarketState]) -> None:
    """The narrator's record of the table is the rules' own, as every view shows it."""
    view = match.view(None)
    assert narrator.bids == list(view.bids)
    assert narrator.bidders == list(view.bidders)
    assert narrator.displaced == list(view.displaced)
    assert narrator.seals == list(view.seals)
    assert narrator.seal_supply == view.seal_supply
    assert narrator.pending == [list(links) for links in view.pending]
    assert narrator.chains == [[list(chain) for chain in chains] for chains in view.chains]
    assert narrator.coin == view.coin
    assert narrator.prestige == list(view.prestige)
    assert narrator.pass_index == view.pass_index
    if view.phase != Phase.OVER:
        assert narrator.round_index == view.round_index


def _check_automaton_bid(narrator: MarketNarrator, event: BidPlaced, line: str) -> None:
    """Every cushion from the moon down to the one chosen is named, in order, each passed-over
    one with its reason, and no cushion below it."""
    head = narrator.names[event.position]
    assert line.startswith(f"{head} reveals " if event.revealed else f"{head} plays ")
    clauses = line.split(": ", 1)[1].split("; ")
    for cushion in range(event.cushion):
        assert narrator.cushions[cushion] in clauses[cushion]
        assert re.search("is higher|is just as high|has no seal", clauses[cushion])
    assert narrator.cushions[event.cushion] in clauses[event.cushion]
    for below in narrator.cushions[event.cushion + 1 :]:
        assert below not in line


def _random_match(players: int, automata: int, seed: int) -> tuple[Match[MarketState], int]:
    seats = [SeatSpec(name) for name in NAMES[:players]]
    match: Match[MarketState] = Match.new(RULES, seats, seed, {"automata": automata})
    return match, seed % players


@pytest.mark.parametrize(("players", "automata"), TABLES)
def test_random_games_are_told_without_a_hidden_card_and_as_the_rules_played_them(
    players: int, automata: int
) -> None:
    """40 games per table with random legal commands, told as one seat sees the events. Every
    event gets lines; they are the spectator's and those told from the unredacted events (so no
    hidden card can change a word); a drawn card or one put under a pile is never named, the
    viewer's own included; Dirk's and Beate's bids name each cushion checked, with its reason;
    the narrator's record is the view's after every command; the last line names the winners."""
    rng = Rng(players * 10 + automata)
    for game in range(40):
        match, viewer = _random_match(players, automata, game * 7919 + players)
        names = _names(match)
        opening = match.view(None)
        seen = MarketNarrator(opening, names)  # as the viewer sees the events
        public = MarketNarrator(opening, names)  # as a spectator does
        whole = MarketNarrator(opening, names)  # every hidden card in the events
        told: list[str] = seen.opening_lines()
        assert told == public.opening_lines() == whole.opening_lines()
        table = opening.table
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal(seat)
            for event in match.submit(seat, legal[rng.below(len(legal))]):
                lines = seen.narrate(event.seen_by(viewer))
                if isinstance(event, BidPlaced) and table.is_automaton(event.position):
                    _check_automaton_bid(seen, event, lines[0])
                assert lines, event
                assert public.narrate(event.seen_by(None)) == lines
                assert whole.narrate(event) == lines
                for line in lines:
                    assert line and not any(f"{name}'s" in line for name in names)
                if isinstance(event, CardsDrawn | CardPutUnder):
                    about = [line for line in lines if names[event.position] in line]
                    assert len(about) == 1, lines
                    digits = set(re.findall(r"\d+", about[0]))
                    allowed = {str(HAND_DRAW)} if isinstance(event, CardsDrawn) else set()
                    assert digits <= allowed, about  # no drawn or put-under card, own ones included
                if isinstance(event, GameOver):
                    assert all(names[w] in lines[-1] for w in event.winners)
                told += lines
            _check_record(seen, match)
        assert told[-1].endswith("prestige") and "win" in told[-1]


@pytest.mark.parametrize(("players", "automata"), [(1, 2), (3, 0), (3, 2), (5, 0)])
def test_a_rebuilt_log_is_the_live_one(players: int, automata: int) -> None:
    """Live, event by event as the viewer sees them; then rebuilt from the record the way a
    resumed table does (`replay_log` from the match replayed to its start)."""
    rng = Rng(97 + players)
    for game in range(3):
        match, viewer = _random_match(players, automata, game * 31 + automata)
        names = _names(match)
        live = MarketNarrator(match.view(viewer), names)
        lines = live.opening_lines()
        steps = rng.below(250) + 50 if game < 2 else 10_000  # resumed mid-game, or at the end
        while not match.is_over() and steps:
            steps -= 1
            seat = match.to_act()[0]
            legal = match.legal(seat)
            for event in match.submit(seat, legal[rng.below(len(legal))]):
                lines += live.narrate(event.seen_by(viewer))
        rebuilt = MarketNarrator(match.replayed(0).view(None), names)
        again = rebuilt.opening_lines()
        for played in replay_log(match, viewer):
            for event in played.events:
                again += rebuilt.narrate(event)
        assert again == lines
        assert rebuilt.seals == live.seals and rebuilt.chains == live.chains


def test_the_stage_is_told_within_the_game_s_passes_and_rounds_and_at_its_end_as_done() -> None:
    """The strip under the board and the header read "Pass 5 of 4 · round 4 of 3" at game over
    once: the view's counters run past the last pass when it is scored."""
    match, _viewer = _random_match(2, 1, 5)
    assert stage_words(match.view(None)) == "Pass 1 of 4 \N{MIDDLE DOT} round 1 of 3"
    rng = Rng(5)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal(seat)
        match.submit(seat, legal[rng.below(len(legal))])
    assert stage_words(match.view(None)) == "All 4 passes played"


@pytest.mark.parametrize(("players", "automata"), [(1, 2), (3, 0), (4, 1)])
def test_every_word_of_the_log_hints_summary_and_standings_is_a_translated_message(
    players: int, automata: int
) -> None:
    """In the pseudo-language (every translated message between marks) a whole game's log, hints
    now and then, what I says and the standings hold nothing outside the marks but names,
    numbers and punctuation: no English word slips past the translation."""
    set_language(PSEUDO)
    rng = Rng(players * 3 + automata)
    match, viewer = _random_match(players, automata, players * 101 + automata)
    names = _names(match)
    narrator = MarketNarrator(match.view(None), names)
    told = narrator.opening_lines()
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal(seat)
        if rng.below(30) == 0:
            told.append(market_hint(match.view(seat), legal, rng.below(100)).text)
            told.append(position_summary(match.view(seat), names[:players]))
        for event in match.submit(seat, legal[rng.below(len(legal))]):
            told += narrator.narrate(event.seen_by(viewer))
    standings = final_standings(match)
    told += [standings.note, position_summary(match.view(viewer), names[:players])]
    for row in standings.rows:
        told += [row.details, *(words for words, _points in row.parts)]
    for line in told:
        outside, _depth = untranslated_in(line)
        for name in names:
            outside = outside.replace(name, "")
        assert not re.search("[A-Za-z]", outside), line


@pytest.mark.parametrize(
    ("language", "told"),
    [
        (
            "de",
            [
                "Ana bietet eine 12 am Mondkissen",
                "Bo bietet eine 5 am Mittelkissen",
                "Dirk deckt seine 9 auf: die 12 auf dem Mondkissen ist höher; er überbietet die 5"
                " von Bo am Mittelkissen und zahlt Bo ein Siegel; Bo muss diese 5 im nächsten Zug"
                " spielen",
            ],
        ),
        (
            "fr",
            [
                "Ana mise un 12 au coussin de la lune",
                "Bo mise un 5 au coussin du milieu",
                "Dirk révèle son 9\N{NARROW NO-BREAK SPACE}: le 12 sur le coussin de la lune est"
                " plus fort\N{NARROW NO-BREAK SPACE}; il surenchérit sur le 5 joué par Bo au"
                " coussin du milieu et paie un sceau à Bo\N{NARROW NO-BREAK SPACE}; Bo doit jouer"
                " ce 5 au prochain tour",
            ],
        ),
    ],
)
def test_the_log_speaks_german_and_french_with_the_cushions_named_as_each_sentence_needs(
    language: str, told: list[str]
) -> None:
    """The cushions are labels the sentence gives its article and case ("am Mondkissen", "auf
    dem Mondkissen", "au coussin de la lune"), Dirk's lines his own words."""
    set_language(language)
    state = new_game(2, supply=LAYOUT, tops={0: [12], 1: [5], 2: [9]})
    narrator = _narrator(state, ["Ana", "Bo", "Dirk"])
    lines = _play(state, narrator, (0, Bid(12, TOP)), (1, Bid(5, MIDDLE)))
    assert [line for line in lines if line.startswith(("Ana", "Bo", "Dirk"))] == told
