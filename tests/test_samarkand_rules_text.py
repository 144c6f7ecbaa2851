"""Le Marché de Samarkand's rules text: complete, drawn from pictures that exist, stating the
rules and rulings the engine plays by with the engine's own numbers, and readable in the rules
reader at 1280 x 720."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from moonlight_desktop.games.samarkand.components import (
    CAMEL_CAPACITIES,
    CARDS_PER_TYPE,
    GOODS_TYPES,
    GOODS_VALUES,
    TOP_PRICE,
    TURNS,
    card_type,
    card_value,
    cards_of,
    half_rounded_up,
)
from moonlight_desktop.games.samarkand.rules import SamarkandRules
from moonlight_desktop.games.samarkand.scoring import (
    DISTINCT_VALUES,
    EMPTY_SPACE_PENALTY,
    GROUP_POINTS,
    breakdown,
    least_type_points,
    money_places,
)
from moonlight_desktop.games.samarkand.table import table_for
from moonlight_desktop.games.samarkand.ui.rules_text import SAMARKAND_RULES
from moonlight_desktop.scenes.rules_reader import NAV_STEP, NAV_TOP, RulesScene
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.game_ui import RulesItem
from moonlight_desktop.userdata import DATA_DIR_VARIABLE, UserData

SAMARKAND_ART = Path(__file__).resolve().parent.parent / "assets" / "samarkand"
PICTURE = re.compile(r"\{([^{}]*)\}")
PICTURES = {
    "goods_fruits",
    "goods_jewels",
    "goods_spices",
    "goods_textiles",
    "goods_clothing",
    "card_back",
    "camel",
    "camel_back",
    "coin",
    "coins_stack",
    "merchant_screen",
    "dean",
    "bank",
    "clock_face",
}
HEADINGS = (
    "The goal",
    "The souk",
    "A turn",
    "The countdown",
    "Disputes",
    "Two ways to count down",
    "The hidden-goods variant",
    "The end and scoring",
    "Our rulings",
    "Keys",
)


def texts_of(heading: str | None = None) -> list[str]:
    """Every paragraph and list entry, of one section or of all."""
    return [
        block.text if isinstance(block, RulesItem) else block
        for section in SAMARKAND_RULES.sections
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
        for section in SAMARKAND_RULES.sections
        for block in section.paragraphs
        if isinstance(block, RulesItem) and block.picture
    }
    return inline | leading


def listed(numbers: tuple[int, ...] | list[int]) -> str:
    """1, 2 and 3."""
    words = [str(n) for n in numbers]
    return ", ".join(words[:-1]) + " and " + words[-1]


# The text ------------------------------------------------------------------------------------


def test_every_section_has_a_heading_and_text() -> None:
    assert SAMARKAND_RULES.title == "How to play Le Marché de Samarkand"
    assert SAMARKAND_RULES.pictures == "samarkand"
    assert tuple(section.heading for section in SAMARKAND_RULES.sections) == HEADINGS
    for section in SAMARKAND_RULES.sections:
        assert section.paragraphs, f"{section.heading} is empty"
        for text in texts_of(section.heading):
            assert text.strip() == text and len(text) > 10, f"{section.heading}: {text!r}"
            assert "  " not in text, f"{section.heading}: a double space in {text!r}"
            # short paragraphs: a new player reads a few lines at a time
            assert len(text) <= 360, f"{section.heading}: a paragraph of {len(text)} letters"


def test_every_picture_is_a_samarkand_svg_that_exists() -> None:
    names = pictures_named()
    assert names == PICTURES  # every piece is shown, and nothing the art does not draw
    for text in texts_of():  # the reader draws only {lower_case} names; anything else is a typo
        for name in PICTURE.findall(text):
            assert re.fullmatch(r"[a-z_]+", name), f"{{{name}}} would print as text"
    missing = sorted(name for name in names if not (SAMARKAND_ART / f"{name}.svg").is_file())
    assert not missing, f"pictures missing from assets/samarkand: {missing}"


def test_each_kind_of_goods_is_named_with_its_picture() -> None:
    souk = section_text("The souk")
    assert len(GOODS_TYPES) == 5
    for goods_type in GOODS_TYPES:
        name = goods_type.name.lower()
        assert f"{name} {{goods_{name}}}" in souk, name


def test_the_numbers_are_the_engines() -> None:
    rules = SamarkandRules()
    assert f"{rules.min_seats} to {rules.max_seats} wealthy merchants" in section_text("The goal")
    assert f"lasts {TURNS} turns" in section_text("The goal")
    assert f"falls from {TOP_PRICE}" in section_text("The goal")
    souk = section_text("The souk")
    assert f"Each kind has {CARDS_PER_TYPE} cards, worth {listed(GOODS_VALUES)}." in souk
    assert 4 not in GOODS_VALUES and "No card is worth 4" in souk
    capacities = Counter(CAMEL_CAPACITIES)
    (each,) = set(capacities.values())
    assert (
        f"There are {len(CAMEL_CAPACITIES)}: {['no', 'one', 'two', 'three', 'four'][each]} each "
        f"able to carry {listed(sorted(capacities))} cards" in souk
    )
    four, three = table_for(4, "live", False), table_for(3, "live", False)
    assert table_for(5, "live", False).starting_money == four.starting_money
    assert (
        f"starts with {four.starting_money} dirhams, or {three.starting_money} in a game of three"
        in souk
    )
    assert f"Its {len(cards_of(0))} cards are shuffled face down" in souk
    assert f"the price starts at {TOP_PRICE}" in section_text("A turn")
    assert f"counts down {TOP_PRICE}, {TOP_PRICE - 1}, {TOP_PRICE - 2}" in section_text(
        "The countdown"
    )
    assert f"price from 1 to {TOP_PRICE}" in section_text("Two ways to count down")
    assert f"After {TURNS} turns" in section_text("The end and scoring")


def test_a_turn_is_a_secret_choice_revealed_together_then_the_countdown() -> None:
    turn = section_text("A turn")
    one, two, three, four = (turn.index(f"{n}. ") for n in (1, 2, 3, 4))
    assert one < two < three < four
    assert "lays it face down" in turn and "Nobody sees what you picked" in turn
    assert "does not matter who chooses first" in turn  # R2
    assert "turned up together (the bank's card too, in a game of three)" in turn
    assert "face-up camel {camel}" in turn
    assert "thrown out for good" in turn and "camel nobody bought stays" in turn
    assert "passes left" in turn and "merchant on the left" in section_text("The souk")


def test_the_countdown_stop_payment_and_the_next_camel() -> None:
    countdown = section_text("The countdown")
    assert "Stop on one lot" in countdown
    assert "to the merchant whose goods you bought" in countdown
    assert "to the bank {bank} for the camel or the bank's goods" in countdown
    assert "only once at each price" in countdown  # S2, S3
    assert "Your own goods are never" in countdown
    assert "to stop at 7 you must hold 7 dirhams" in countdown  # S2
    assert "fine of 1 dirham" in countdown and "can never happen" in countdown
    assert "Nothing is sold at 0: the last price is 1" in countdown  # SP1
    assert "the turn ends at once" in countdown  # SP6
    assert "turned up at once if goods are still on sale after that price" in countdown  # SP8
    assert "at the start of the next turn" in countdown
    assert "no more camels" in countdown


def test_disputes_the_deans_right_otherwise_half_rounded_up() -> None:
    disputes = section_text("Disputes")
    assert "the Dean takes the lot" in disputes and "pays the full price" in disputes  # SP4
    assert "other claimants pay nothing" in disputes
    assert "nobody gets it" in disputes and "thrown out for good" in disputes
    assert f"at 9, that is {half_rounded_up(9)} dirhams each" in disputes  # S4
    assert half_rounded_up(9) == 5
    assert "half the price, rounded up, to the seller" in disputes
    assert "under the camel deck, the deck is shuffled" in disputes  # S4
    assert "next camel is turned up at once" in disputes  # SP9
    assert "half the price, rounded up, to the bank" in disputes


def test_the_two_ways_to_count_down() -> None:
    ways = section_text("Two ways to count down")
    assert "Live, when you play alone against bots" in ways  # S2
    assert "click a lot while the clock shows your price" in ways
    assert "count as made at the same moment" in ways
    assert "even a merchant who cannot pay" in ways  # SP5
    assert "Sealed, when several of you share the screen" in ways  # S3
    assert "one price per lot and never more dirhams than they hold" in ways  # SP2
    assert "your first order at that price whose lot is still on sale fires" in ways  # S3
    assert "if you can still pay" in ways and "one purchase per price" in ways
    assert "whichever camel is face up when its price comes" in ways  # SP3


def test_the_hidden_goods_variant() -> None:
    variant = section_text("The hidden-goods variant")
    assert "behind your screen too" in variant
    assert "who paid for it" in variant and "only you know" in variant


def test_scoring_with_the_engines_points() -> None:
    scoring = section_text("The end and scoring")
    first, second, third = table_for(4, "live", False).place_points
    assert f"earns {first} points, the next lower amount {second}, the next {third}" in scoring
    top, runner_up = table_for(3, "live", False).place_points
    assert f"in a game of three, only {top} and {runner_up}" in scoring
    assert money_places((14, 14, 10, 6), (first, second, third)) == (5, 5, 3, 1)  # R0
    assert "14, 14, 10 and 6 dirhams earn 5, 5, 3 and 1" in scoring
    assert "the game chooses them so that you keep the highest score" in scoring  # S5
    assert "every kind on sale but your own, the bank's included" in scoring  # S5
    assert "If you have none of one kind, this scores 0" in scoring
    assert "the best sum counts" in scoring
    # the example: 3, 4 and 2 cards of the kinds one could buy; the 2 (a 5 and a 7) count
    fruits, jewels, spices = (cards_of(goods_type) for goods_type in (0, 1, 2))
    holding = [*fruits[:3], *jewels[:4], spices[6], spices[9]]  # spices[6:] are 5, 5, 6, 7
    assert [card_value(card) for card in holding[-2:]] == [5, 7]
    assert (
        least_type_points(
            [[card_value(c) for c in holding if card_type(c) == t] for t in (0, 1, 2)]
        )
        == 12
    )
    assert (
        "holding 3, 4 and 2 cards of three kinds, your 2 cards count, a 5 and a 7 scoring 12"
        in scoring
    )
    assert least_type_points([[1, 1], [2], []]) == 0
    groups = ", ".join(f"{n} cards {GROUP_POINTS[n]}" for n in range(3, 6))
    assert f"2 cards score {GROUP_POINTS[2]} point, {groups}, and 6 or more " in scoring
    assert f"6 or more {GROUP_POINTS[6]}" in scoring and len(GROUP_POINTS) == 7
    assert f"Each value ({listed(DISTINCT_VALUES)})" in scoring
    assert f"costs {EMPTY_SPACE_PENALTY} points" in scoring
    # the example: camels for 4 and 3, five goods, two empty spaces
    five = [card for goods_type in (1, 2) for card in cards_of(goods_type)][:5]
    example = breakdown(five, (4, 3), (1, 2, 3), 0)
    assert example.penalty == EMPTY_SPACE_PENALTY * 2 == 4
    assert f"carry 7 cards; with 5 goods you lose {example.penalty} points" in scoring
    assert "share the win" in scoring  # R1


def test_our_rulings_are_stated() -> None:
    rulings = section_text("Our rulings")
    assert "four each of 3, 4, 5 and 6" in rulings  # S1
    assert "at most one lot at each price" in rulings and "nobody is ever fined" in rulings
    assert "Nothing sells at 0" in rulings and "is not asked" in rulings  # SP1, SP6
    assert f"priced 1 to {TOP_PRICE} and within your money" in rulings  # SP2
    assert "whatever camel is face up" in rulings  # SP3
    assert "pays the full price" in rulings  # SP4
    assert "judged once every Stop at that price is settled" in rulings  # SP8
    assert "replacement comes up at once" in rulings  # SP9
    assert "chosen for your best score" in rulings and "kinds you could buy" in rulings  # S5
    assert "distinct amounts" in rulings and "shared win" in rulings  # R0, R1


# The reader -----------------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    application = App(UserData(tmp_path))
    application.set_window_size((1280, 720))
    yield application
    application._worker.shutdown(wait=False)


def test_the_reader_shows_every_section_and_scrolls_to_the_last(app: App) -> None:
    rules = RulesScene(app, SAMARKAND_RULES)
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
