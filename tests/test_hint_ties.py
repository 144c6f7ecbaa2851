"""Hints between moves whose figures are equal as written: the words say what decided (the
bot's tie-break, or the figure written finer), never "3.4 against 3.4", and never set the
recommended place against itself. The positions were found by random play and are pinned."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from moonlight_desktop.engine import Command
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.games.castle.bots import NormalBot as CastleNormal
from moonlight_desktop.games.castle.moves import MoveTo
from moonlight_desktop.games.market.bots import NormalBot as MarketNormal
from moonlight_desktop.games.market.moves import PlaceLink
from moonlight_desktop.games.market.ui.narrator import link_words
from moonlight_desktop.games.moons.bots import NormalBot as MoonsNormal
from moonlight_desktop.games.moons.components import Planet
from moonlight_desktop.games.moons.moves import PlaceInTableau, TakeToken
from moonlight_desktop.games.samarkand.bots import NormalBot as SamarkandNormal
from moonlight_desktop.games.samarkand.moves import Wait
from moonlight_desktop.ui.table.hints import Hint
from tests.castle_helpers import RULES as CASTLE_RULES
from tests.castle_helpers import G, R, Spell, Y, give, new_game, place, tile_with
from tests.hint_helpers import SEATS, positions, walked

COMPARED = re.compile(r"(\d+(?:\.\d+)?)(?: [a-z]+)? (?:against|to|than) (?:the )?(\d+(?:\.\d+)?)\b")


def equal_comparisons(text: str) -> list[str]:
    """Every "A against B" (or "from A to B", "A than B") in `text` where A and B are written
    alike."""
    return [m.group(0) for m in COMPARED.finditer(text) if m.group(1) == m.group(2)]


def _at(game_id: str, seats: int, seed: int, walk: int, step: int) -> tuple[Any, Sequence[Command]]:
    rules = game_spec(game_id).rules
    state, seat = walked(game_id, seats, seed, walk, step)
    return rules.view(state, seat), rules.legal_commands(state, seat)


def _hint(game_id: str, view: Any, legal: Sequence[Command], seed: int) -> Hint:
    ui = TABLE_GAMES[game_id]
    return ui.hint(view, legal, seed, ("Ada", "Bo", "Cy", "Di", "Ed", "Fy"))


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_no_hint_compares_figures_written_alike(game_id: str) -> None:
    rules = game_spec(game_id).rules
    for state, seat, number in positions(game_id, 8):
        legal = rules.legal_commands(state, seat)
        text = _hint(game_id, rules.view(state, seat), legal, number).text
        assert not equal_comparisons(text), text


# Moonlight Castle: two seats, seed 5000, random play from Rng(1) ------------------------------


def test_castle_calls_the_fountain_the_fountain_and_a_tie_a_tie() -> None:
    view, legal = _at("castle", 2, 5000, 1, 6)  # one fountain or the other, exactly as good
    text = _hint("castle", view, legal, 6).text
    assert text.startswith("Move to the fountain:"), text
    assert "white space" not in text
    assert text.endswith(
        "; another fountain is worth just as much (2.4 jewels): either will do, and a draw of"
        " lots picked this one."
    ), text
    assert not equal_comparisons(text)


def test_castle_tells_an_exact_tie_between_two_tiles() -> None:
    view, legal = _at("castle", 2, 5000, 1, 78)  # two 3-jewel tiles, both surely affordable
    hint = _hint("castle", view, legal, 78)
    reasons = CastleNormal(78).explain(view, legal, hint.command)
    assert reasons.runner_up is not None and reasons.runner_up.value == reasons.chosen.value
    assert "is worth just as much (7.3 jewels): either will do, and a draw of lots" in hint.text
    assert not equal_comparisons(hint.text), hint.text


def test_castle_writes_close_figures_finer() -> None:
    view, legal = _at("castle", 2, 5000, 1, 35)  # 0.04 jewels apart
    hint = _hint("castle", view, legal, 35)
    reasons = CastleNormal(35).explain(view, legal, hint.command)
    assert reasons.runner_up is not None
    chosen, other = reasons.chosen.value, reasons.runner_up.value
    assert f"{chosen:.1f}" == f"{other:.1f}" and f"{chosen:.2f}" != f"{other:.2f}"
    assert f"{other:.2f} jewels against {chosen:.2f} for this" in hint.text, hint.text


def test_castle_names_an_alternative_like_the_choice_as_another() -> None:
    view, legal = _at("castle", 2, 5000, 1, 76)  # two green spaces by 3-jewel tiles
    text = _hint("castle", view, legal, 76).text
    assert "the green space by the 3-jewel tile" in text
    assert "another green space by a 3-jewel tile" in text, text
    # 0.0004 jewels apart: the figure decided, by less than two decimals show
    assert "is worth a hair less (under a hundredth of a jewel): either will do." in text, text
    assert "as much" not in text and "lots" not in text


def test_castle_says_nothing_is_drawn_by_a_tile_out_of_reach() -> None:
    state = new_game()
    table = state.table
    space = next(  # a coloured space beside the path where no pebble is drawn
        s
        for s in range(table.space_count)
        if table.space_color[s] == R and table.space_faces[s] >= 0 and not table.space_pebbles[s]
    )
    place(state, table.space_faces[space], tile_with((G, G, Y), Spell.NOTHING))
    give(state, 0, red=1)
    text = _hint("castle", CASTLE_RULES.view(state, 0), [MoveTo(space)], 1).text
    assert text == (
        "Move to the red space by the 3-jewel tile: you pay 1 red, nothing is drawn there and"
        " your pebbles cannot pay for the tile; you keep 0 pebbles."
    )


# Moonlight Market --------------------------------------------------------------------------


def test_market_names_the_other_link_laid_at_the_same_gem() -> None:
    view, legal = _at("market", 3, 5002, 23, 47)  # the blue 8 or the blue 7, both at Blue
    hint = _hint("market", view, legal, 47)
    reasons = MarketNormal(47).explain(view, legal, hint.command)
    other = reasons.runner_up
    assert other is not None and isinstance(other.command, PlaceLink)
    assert isinstance(hint.command, PlaceLink) and other.command.gem == hint.command.gem
    named = f"laying the {link_words(other.command.link)} at Blue"
    assert f"{reasons.chosen.score:.2f} against {other.score:.2f} for {named}" in hint.text
    assert "laying it at Blue" not in hint.text


def test_market_names_the_other_link_at_another_gem() -> None:
    view, legal = _at("market", 2, 5001, 12, 4)
    hint = _hint("market", view, legal, 4)
    other = MarketNormal(4).explain(view, legal, hint.command).runner_up
    assert other is not None and isinstance(other.command, PlaceLink)
    assert isinstance(hint.command, PlaceLink) and other.command.link != hint.command.link
    assert f"laying the {link_words(other.command.link)} at" in hint.text, hint.text


def test_market_tells_an_exact_tie() -> None:
    view, legal = _at("market", 3, 5002, 23, 15)  # the blue-green 7 at Green or at Blue
    hint = _hint("market", view, legal, 15)
    reasons = MarketNormal(15).explain(view, legal, hint.command)
    assert reasons.runner_up is not None
    assert reasons.runner_up.score == reasons.chosen.score
    assert hint.text.endswith(
        f"{reasons.chosen.score:.1f}, just as much as laying it at Blue: either will do, and a"
        " draw of lots picked this one."
    ), hint.text
    assert not equal_comparisons(hint.text)


def test_market_writes_close_bids_finer() -> None:
    view, legal = _at("market", 2, 5001, 12, 75)  # your 4 or your 1 at the moon cushion
    hint = _hint("market", view, legal, 75)
    reasons = MarketNormal(75).explain(view, legal, hint.command)
    assert reasons.runner_up is not None
    chosen, other = reasons.chosen.score, reasons.runner_up.score
    assert f"that makes {chosen:.2f} against {other:.2f} for your 1" in hint.text, hint.text


def test_market_says_a_chain_or_placing_that_does_not_change_stays() -> None:
    view, legal = _at("market", 2, 5001, 1, 22)  # the green chain gains, its placing does not
    text = _hint("market", view, legal, 22).text
    assert "the chain goes from 1 to 9 and its placing stays at 2 points, for 3 passes" in text
    assert not equal_comparisons(text) and "from 2 to 2" not in text, text
    view, legal = _at("market", 2, 5001, 19, 4)  # the worthless link: nothing changes
    text = _hint("market", view, legal, 4).text
    assert "the worthless link at Green: the chain stays at 0 and its placing stays at 0" in text
    assert not equal_comparisons(text), text


def test_market_never_writes_minus_nought() -> None:
    view, legal = _at("market", 1, 5001, 1, 25)  # a bid worth a hair under nothing
    text = _hint("market", view, legal, 25).text
    assert "-0.0" not in text and "that makes 0.0 against -0.2 for your 12" in text, text


# Moons ---------------------------------------------------------------------------------------


def test_moons_says_the_tie_break_order_decides_between_equal_tokens() -> None:
    view, legal = _at("moons", 3, 5000, 1, 15)  # a Saturn or a Uranus token: 1 point each
    hint = _hint("moons", view, legal, 15)
    assert hint.command == TakeToken(Planet.SATURN)
    assert hint.text.endswith(
        "; Uranus would add 1 too, but Saturn comes first in the final tie-break."
    ), hint.text


def test_moons_says_scarcity_decides_between_equal_tokens() -> None:
    view, legal = _at("moons", 3, 5000, 1, 20)  # a Jupiter or a Saturn token: 1 point each
    assert _hint("moons", view, legal, 20).command == TakeToken(Planet.JUPITER)
    scarce = replace(view, supply=(17, 2, *view.supply[2:]))  # few Saturns left
    hint = _hint("moons", scarce, legal, 20)
    assert hint.command == TakeToken(Planet.SATURN)
    assert hint.text.endswith(
        "; Jupiter would add 1 too, but fewer Saturn tokens are left (2 against 17)."
    ), hint.text


def test_moons_compares_a_tableau_plan_with_one_that_lays_another_card() -> None:
    view, legal = _at("moons", 3, 5000, 1, 1)  # equal plans but for the ranks they lay
    hint = _hint("moons", view, legal, 1)
    f = MoonsNormal(1).explain(view, legal, hint.command)
    assert isinstance(hint.command, PlaceInTableau)
    assert f.get("ranks") < f.get("other_ranks")
    assert "7.0, a hair more than the best without this card: it lays lower cards" in hint.text
    assert "as good as the best other" not in hint.text


def test_moons_tells_an_exact_tie_between_tableau_plans() -> None:
    view, legal = _at("moons", 4, 5001, 12, 3)
    hint = _hint("moons", view, legal, 3)
    f = MoonsNormal(3).explain(view, legal, hint.command)
    assert f.get("value") == f.get("other_value")
    assert hint.text.endswith(
        "a plan worth 4.7, just as much as the best without this card: either will do, and this"
        " card comes first in your hand."
    ), hint.text


# Le Marché de Samarkand -------------------------------------------------------------------


def test_samarkand_writes_a_price_just_under_the_call_finer_and_says_what_capped_it() -> None:
    view, legal = _at("samarkand", 4, 7007, 7, 66)  # a camel, worth 4.95 of the 5 called
    hint = _hint("samarkand", view, legal, 66)
    f = SamarkandNormal(66).explain(view, legal, hint.command)
    assert isinstance(hint.command, Wait) and round(f.get("price"), 2) == 4.95
    assert "worth up to 4.95 dirhams to you" in hint.text, hint.text
    assert "(the rest of your 9 dirhams is kept for the turns to come)" in hint.text
    assert hint.text.endswith(", less than the 5 dirhams called.")


def test_samarkand_says_a_lot_that_lowers_your_score_is_worth_nothing() -> None:
    view, legal = _at("samarkand", 3, 5001, 1, 45)
    assert _hint("samarkand", view, legal, 45).text == (
        "Let this price pass: the 2 of spices takes 1.7 points off your score and would add 3.0"
        " points to your best rival, so it is worth nothing to you."
    )
