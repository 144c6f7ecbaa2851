"""Moonlight Market's rules text: complete, drawn from pictures that exist, stating the rules
and rulings the engine plays by, and readable in the rules reader at 1280 x 720."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from moonlight_desktop.games.market.components import (
    CARDS_PER_SEAT,
    CHAIN_LIMIT,
    HAND_DRAW,
    PASSES,
    PLACE_POINTS,
    ROUNDS,
    SEAL_WORTHY_CHAIN,
    SEALS_IN_BOX,
    START_SEALS,
)
from moonlight_desktop.games.market.table import MAX_POSITIONS, MIN_POSITIONS
from moonlight_desktop.games.market.ui.rules_text import MARKET_RULES
from moonlight_desktop.scenes.rules_reader import NAV_STEP, NAV_TOP, RulesScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.game_ui import RulesItem
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData

MARKET_ART = Path(__file__).resolve().parent.parent / "assets" / "market"
PICTURE = re.compile(r"\{([^{}]*)\}")
HEADINGS = (
    "The goal",
    "The table",
    "A round: bidding",
    "Taking the links",
    "The chain phase",
    "Scoring each pass",
    "The end",
    "Dirk and Beate",
    "Solo and two players",
    "Our rulings",
    "Keys",
)


def texts_of(heading: str | None = None) -> list[str]:
    """Every paragraph and list entry, of one section or of all."""
    return [
        block.text if isinstance(block, RulesItem) else block
        for section in MARKET_RULES.sections
        if heading is None or section.heading == heading
        for block in section.paragraphs
    ]


def section_text(heading: str) -> str:
    texts = texts_of(heading)
    assert texts, f"no section {heading!r}"
    return " ".join(texts)


def pictures_named() -> set[str]:
    inline = {name for text in texts_of() for name in PICTURE.findall(text)}
    leading = {
        block.picture
        for section in MARKET_RULES.sections
        for block in section.paragraphs
        if isinstance(block, RulesItem) and block.picture
    }
    return inline | leading


# The text ------------------------------------------------------------------------------------


def test_every_section_has_a_heading_and_text() -> None:
    assert MARKET_RULES.title == "How to play Moonlight Market"
    assert MARKET_RULES.pictures == "market"
    assert tuple(section.heading for section in MARKET_RULES.sections) == HEADINGS
    for section in MARKET_RULES.sections:
        assert section.paragraphs, f"{section.heading} is empty"
        for text in texts_of(section.heading):
            assert text.strip() == text and len(text) > 10, f"{section.heading}: {text!r}"
            # short paragraphs: a new player reads a few lines at a time
            assert len(text) <= 360, f"{section.heading}: a paragraph of {len(text)} letters"


def test_every_picture_is_a_market_svg_that_exists() -> None:
    names = pictures_named()
    assert {"gem_blue", "gem_red", "gem_white", "gem_green", "gem_yellow"} <= names
    assert {"link_hammer", "link_seal", "link_worthless", "dirk", "beate"} <= names
    for text in texts_of():  # the reader draws only {lower_case} names; anything else is a typo
        for name in PICTURE.findall(text):
            assert re.fullmatch(r"[a-z_]+", name), f"{{{name}}} would print as text"
    missing = sorted(name for name in names if not (MARKET_ART / f"{name}.svg").is_file())
    assert not missing, f"pictures missing from assets/market: {missing}"


def test_the_numbers_are_the_engines() -> None:
    assert f"{PASSES} passes of {ROUNDS} rounds" in section_text("The goal")
    table = section_text("The table")
    assert f"cards 1 to {CARDS_PER_SEAT}" in table
    assert f"draw {HAND_DRAW}" in table
    assert f"starts with {START_SEALS} seals" in table
    assert f"{SEALS_IN_BOX} seals" in table
    assert "150 links" in table
    assert f"{MIN_POSITIONS} to {MAX_POSITIONS} at the table" in section_text(
        "Solo and two players"
    )
    chains = section_text("The chain phase")
    assert f"at most {CHAIN_LIMIT} links" in chains
    assert f"worth {SEAL_WORTHY_CHAIN} or more" in chains
    first, second, third = PLACE_POINTS
    scoring = section_text("Scoring each pass")
    assert f"scores {first} prestige, the next lower value {second}, the next {third}" in scoring
    assert "/".join(map(str, PLACE_POINTS)) in section_text("The end")


def test_bidding_outbidding_and_displaced_cards() -> None:
    bidding = section_text("A round: bidding")
    assert "clockwise" in bidding and "start coin" in bidding
    assert "only a higher card" in bidding
    assert "give that card's owner one of your seals" in bidding
    assert "Without a seal you cannot outbid" in bidding
    assert "must play exactly that card on their next turn" in bidding  # M5
    assert "outbidding another card" in bidding  # M5: it may displace again


def test_taking_the_links_by_column_and_the_start_coin() -> None:
    taking = section_text("Taking the links")
    assert "left column in round 1, the middle in round 2, the right in round 3" in taking
    assert "3 links from the moon cushion and 2 from any other" in taking
    assert "also takes the start coin" in taking


def test_the_chain_phase_order_and_special_links() -> None:
    chains = section_text("The chain phase")
    hammers, seals, links = (chains.index(f"{n}. ") for n in (1, 2, 3))
    assert hammers < seals < links  # M6
    assert "Hammers first" in chains and "Seals next" in chains
    assert "in any order you like" in chains  # R2
    assert "one player at a time, starting with the new start coin holder" in chains  # MM4
    assert "on a full chain on purpose" in chains  # MM9
    assert "casket" in chains
    assert "shows two gems" in chains and "Lay it at either one" in chains
    assert "red 7, doubling, red 8 is worth 30" in chains  # the rulebook's example, M7
    assert "worthless link is worth 0" in chains


def test_scoring_needs_a_real_gem_and_counts_places_by_distinct_values() -> None:
    scoring = section_text("Scoring each pass")
    assert "at least one real gem" in scoring  # M7
    assert "Values 9, 9, 7, 5 score 4, 4, 2, 1" in scoring  # R0
    assert "under your draw pile" in scoring and "fourth pass, keep it" in scoring


def test_the_end_seals_last_card_and_shared_wins() -> None:
    end = section_text("The end")
    assert "at least one seal" in end
    assert "highest remaining hand card" in end
    assert "one left in their pile" in end  # MM6
    assert "shares the win" in end  # R1


def test_dirk_and_beate_follow_a_fixed_procedure() -> None:
    automata = section_text("Dirk and Beate")
    assert "no choices" in automata and "hold no hand" in automata  # MM6
    order = (
        "the moon cushion, the two other cushions always in play, then the fourth, then the fifth"
    )
    assert order in automata  # MM3
    assert "free or holds a lower card (if they have a seal to give)" in automata
    assert "hammers away unused" in automata
    assert "lowest value up (worthless counts 0)" in automata  # M8
    assert "doubling link last" in automata  # M8
    assert "fewest links" in automata and "leftmost" in automata  # M8
    solo = section_text("Solo and two players")
    assert "Solo: you, Dirk and Beate" in solo
    assert "Two players: the two of you and Dirk" in solo
    assert "in the very first round they bid last" in solo  # M4


# The reader -----------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    application.set_window_size((1280, 720))
    yield application
    application._worker.shutdown(wait=False)


def test_the_reader_shows_every_section_and_scrolls_to_the_last(app: App) -> None:
    rules = RulesScene(app, MARKET_RULES)
    app.stack.reset(rules)
    app.step(0.1)
    assert app.size == (1280, 720)
    assert rules.document is not None
    assert len(rules.document.section_tops) == len(HEADINGS)
    assert rules.scroller.max_offset > 0
    # the contents list fits its panel (design y 104..614)
    assert NAV_TOP + (len(HEADINGS) - 1) * NAV_STEP + 17 <= 614
    rules.scroller.scroll_to(rules.scroller.max_offset, at_once=True)
    app.step(0.1)
    assert rules.current_section() == len(HEADINGS) - 1
    rules.scroller.scroll_to(rules.document.section_tops[4], at_once=True)
    app.step(0.1)
    assert rules.current_section() == 4
