"""The over-capacity discard (ruling S5): `scoring.best_keep` and `kept_goods`, a branch and bound,
against the exhaustive search it replaced (tests/samarkand_oracle.py): the same keep, card for
card and tie for tie, on thousands of random legal holdings at every capacity from 0 to above
the goods held, on holdings of identical types (ties everywhere), with hypothesis, and on the
largest holding where the oracle is quick enough. Where it is not (40 goods into 7 to 34
spaces), every keep is checked to be one no single exchange improves.

Nothing here is timed (machines are shared): `moonlight-desktop bench` prints the worst case.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moonlight_desktop import cli, cli_tools
from moonlight_desktop.games.samarkand import bots
from moonlight_desktop.games.samarkand.bots import NormalBot
from moonlight_desktop.games.samarkand.components import (
    GOODS_TYPES,
    GOODS_VALUES,
    card_type,
    card_value,
    cards_of,
)
from moonlight_desktop.games.samarkand.scoring import (
    best_keep,
    breakdown,
    goods_points,
    kept_goods,
)
from moonlight_desktop.games.samarkand.spec import SAMARKAND
from moonlight_desktop.games.samarkand.state import Phase

from .fuzzing import FUZZ_LONG
from .samarkand_helpers import RULES, card, clock_to, new_game, sell
from .samarkand_oracle import oracle_best_keep, oracle_kept_goods

ORACLE_MOST = 14
"""The largest random holding checked against the oracle (about 30 ms for all its capacities;
16 cards take 100 ms, 20 cards most of a second)."""


def legal_holding(rng: random.Random, most: int) -> tuple[list[int], list[int]]:
    """A merchant's goods and buyable types as a game can leave them: 3 to 5 seats with their
    types dealt at random, the merchant's own type never buyable, the bank's buyable at 3 seats,
    and any of the cards of those types bought (at most `most`), in the order bought."""
    seats = rng.choice((3, 4, 5))
    dealt = rng.sample(range(len(GOODS_TYPES)), seats + (seats == 3))
    seat = rng.randrange(seats)
    buyable = [t for n, t in enumerate(dealt) if n != seat]
    cards = [c for t in buyable for c in cards_of(t)]
    return rng.sample(cards, rng.randint(0, min(most, len(cards)))), buyable


def holdings_of(goods: list[int], buyable: list[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(card_value(c) for c in goods if card_type(c) == t)) for t in buyable)


def everything_in_order(goods: list[int], buyable: list[int]) -> list[int]:
    return [c for t in buyable for c in sorted(c for c in goods if card_type(c) == t)]


def score_of(kept: list[int], buyable: list[int]) -> int:
    return goods_points([[card_value(c) for c in kept if card_type(c) == t] for t in buyable])


def check_against_the_oracle(goods: list[int], buyable: list[int], capacity: int) -> None:
    holdings = holdings_of(goods, buyable)
    if capacity <= len(goods):
        assert kept_goods(goods, capacity, buyable) == oracle_kept_goods(goods, capacity, buyable)
        assert best_keep(holdings, capacity) == oracle_best_keep(holdings, capacity)
    else:  # beyond the oracle's reach (it finds no keep): everything is kept
        assert kept_goods(goods, capacity, buyable) == everything_in_order(goods, buyable)
        assert best_keep(holdings, capacity) == (score_of(goods, buyable), holdings)


@pytest.mark.parametrize("chunk", range(8))
def test_the_search_keeps_what_the_exhaustive_search_kept(chunk: int) -> None:
    rng = random.Random(5150 + chunk)
    for _ in range(250):  # 2,000 holdings in all, some 15,000 capacities
        goods, buyable = legal_holding(rng, ORACLE_MOST)
        for capacity in range(len(goods) + 3):
            check_against_the_oracle(goods, buyable, capacity)


def test_identical_types_tie_everywhere_and_the_ties_break_the_same_way() -> None:
    rng = random.Random(77)
    for _ in range(40):
        types = rng.choice(([1, 2, 3], [4, 0, 2], [0, 1, 2, 3]))
        indices = rng.sample(range(len(GOODS_VALUES)), rng.randint(1, 12 // len(types)))
        goods = [t * len(GOODS_VALUES) + i for t in types for i in indices]
        for capacity in range(len(goods) + 1):
            check_against_the_oracle(goods, types, capacity)


def test_among_equal_scores_the_first_types_keep_the_fewest_and_lowest_first() -> None:
    # One 7 each of types 1 and 2, one space: either scores 0 (type 3 is missing). The
    # first type keeps none, so type 2's 7 is kept.
    goods = [card(1, 7), card(2, 7)]
    assert kept_goods(goods, 1, [1, 2, 3]) == oracle_kept_goods(goods, 1, [1, 2, 3])
    assert kept_goods(goods, 1, [1, 2, 3]) == [card(2, 7)]
    # A 1 and a 2 of one type, one space: a tie again; the fewest 1s come first, so the 2 stays.
    goods = [card(1, 1), card(1, 2)]
    assert kept_goods(goods, 1, [1, 2, 3]) == oracle_kept_goods(goods, 1, [1, 2, 3])
    assert kept_goods(goods, 1, [1, 2, 3]) == [card(1, 2)]


FULL = [c for t in (1, 2, 3, 4) for c in cards_of(t)]
"""All 40 goods a merchant can buy at 5 seats: the largest holding."""
QUICK_FOR_THE_ORACLE = [*range(7), *range(35, 41)]
if FUZZ_LONG:
    QUICK_FOR_THE_ORACLE += [7, 8, 32, 33, 34]  # a few seconds each


@pytest.mark.parametrize("capacity", QUICK_FOR_THE_ORACLE)
def test_the_largest_holding_agrees_with_the_oracle_where_it_is_quick(capacity: int) -> None:
    check_against_the_oracle(FULL, [1, 2, 3, 4], capacity)


def assert_no_exchange_improves(goods: list[int], buyable: list[int], capacity: int) -> None:
    """The keep has the size the camels carry, comes from the goods, scores what `best_keep`
    says, and no exchange of one kept card for one discarded card scores more."""
    kept = kept_goods(goods, capacity, buyable)
    assert len(kept) == min(capacity, len(goods))
    assert sorted(kept) == sorted(set(kept)) and set(kept) <= set(goods)
    score = score_of(kept, buyable)
    assert best_keep(holdings_of(goods, buyable), capacity)[0] == score
    discarded = [c for c in goods if c not in kept]
    for out in {card_value(c) + 100 * card_type(c): c for c in kept}.values():
        for back in {card_value(c) + 100 * card_type(c): c for c in discarded}.values():
            exchanged = [back if c == out else c for c in kept]
            assert score_of(exchanged, buyable) <= score, (capacity, out, back)


@pytest.mark.parametrize("capacity", range(7, 35))
def test_the_largest_holding_keeps_what_no_exchange_improves(capacity: int) -> None:
    assert_no_exchange_improves(FULL, [1, 2, 3, 4], capacity)


@st.composite
def holdings(draw: st.DrawFn, most: int) -> tuple[list[int], list[int], int]:
    """A legal holding (as `legal_holding`) of at most `most` goods and a capacity from 0 to two
    above the goods held."""
    seats = draw(st.sampled_from((3, 4, 5)))
    dealt = draw(st.permutations(range(len(GOODS_TYPES))))[: seats + (seats == 3)]
    seat = draw(st.integers(0, seats - 1))
    buyable = [t for n, t in enumerate(dealt) if n != seat]
    cards = [c for t in buyable for c in cards_of(t)]
    goods = draw(st.permutations(cards))[: draw(st.integers(0, min(most, len(cards))))]
    return goods, buyable, draw(st.integers(0, len(goods) + 2))


@given(holdings(ORACLE_MOST))
def test_hypothesis_holdings_keep_what_the_exhaustive_search_kept(
    holding: tuple[list[int], list[int], int],
) -> None:
    check_against_the_oracle(*holding)


@given(holdings(40))
def test_hypothesis_holdings_of_any_size_keep_what_no_exchange_improves(
    holding: tuple[list[int], list[int], int],
) -> None:
    assert_no_exchange_improves(*holding)


def test_nothing_to_keep_and_bad_input() -> None:
    assert best_keep((), 3) == (0, ())
    assert best_keep(((), (), ()), 0) == (0, ((), (), ()))
    assert best_keep(((7,), (), (1, 2)), 0) == (0, ((), (), ()))
    with pytest.raises(ValueError, match="capacity"):
        best_keep(((1, 2),), -1)
    with pytest.raises(ValueError, match="goods values"):
        best_keep(((1, 4),), 1)


def test_the_rules_score_a_merchant_holding_every_card_it_could_buy() -> None:
    """Five seats; seat 0 bought all 40 cards of the other types and has 20 camel spaces (the
    exhaustive search took about two minutes over this). The score is the best keep's."""
    state = new_game(seats=5)
    state.phase = Phase.OVER
    state.goods[0] = list(reversed(FULL))
    state.camels[0] = [3, 5, 6, 6]
    parts = RULES.breakdowns(state)[0]
    kept = kept_goods(FULL, 20, [1, 2, 3, 4])
    assert parts.discarded == tuple(sorted(set(FULL) - set(kept)))
    assert len(parts.discarded) == 40 - 20 and parts.penalty == 0
    best = best_keep(holdings_of(FULL, [1, 2, 3, 4]), 20)[0]
    assert parts.least_type + parts.groups == best == score_of(kept, [1, 2, 3, 4])
    assert breakdown(FULL, [3, 5, 6, 6], [1, 2, 3, 4], 0).total == best


def test_the_normal_bot_values_lots_for_a_merchant_whose_camels_carry_few_of_its_goods() -> None:
    """No camel can come any more, so the bot's projection keeps only what fits: the discard
    of 36 or 37 goods into 18 spaces, twice per lot (some ten seconds each with the exhaustive
    search, a few milliseconds now)."""
    assert bots.kept_goods is kept_goods
    state = new_game(seats=5)
    state.goods[0] = [
        card(t, v, copy) for t in (1, 2, 3, 4) for v in (1, 2, 3, 5) for copy in (0, 1)
    ]
    state.goods[0] += [card(t, 6) for t in (1, 2, 3, 4)]
    for seat in (1, 2, 3, 4):
        state.hands[seat] = [card(seat, 7)]
    state.camels[0] = [3, 4, 5, 6]
    state.camel_offer, state.camel_deck = 0, []
    sell(state, card(0, 1), card(1, 7), card(2, 7), card(3, 7), card(4, 7))
    clock_to(state, 5)
    legal = RULES.legal_commands(state, 0)
    command = NormalBot(3).choose(RULES.view(state, 0), legal, 1.0)
    assert any(command is option for option in legal)


def test_the_bench_prints_the_worst_case_discard(monkeypatch, capsys) -> None:
    monkeypatch.setattr(cli_tools, "GAMES", {"samarkand": SAMARKAND})
    assert (
        cli.main(
            [
                "bench",
                "--seconds",
                "0.05",
                "--headless-only",
                "--hard-budget",
                "0.02",
                "--hard-decisions",
                "2",
            ]
        )
        == 0
    )
    output = capsys.readouterr().out
    assert "Le Marché de Samarkand (4 seats)" in output
    assert "worst-case discard (40 goods of four types, any capacity): " in output
