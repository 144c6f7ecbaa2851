"""The explained hint in every game, headless: it is NormalBot's own choice (and adding the
explanation did not change NormalBot's choices), its words name the figures the bot weighed,
and it reads nothing the seat cannot see."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from moonlight_desktop.engine import Command, Rng
from moonlight_desktop.engine.figures import NamedFigures
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.games.castle.bots import NormalBot as CastleNormal
from moonlight_desktop.games.castle.hard import CastleDeterminizer
from moonlight_desktop.games.castle.moves import MoveTo, Recover
from moonlight_desktop.games.market.bots import NormalBot as MarketNormal
from moonlight_desktop.games.market.hard import MarketDeterminizer
from moonlight_desktop.games.moons.bots import NormalBot as MoonsNormal
from moonlight_desktop.games.moons.hard import MoonsDeterminizer
from moonlight_desktop.games.moons.moves import PlaceInTableau, PlayCard, TakeToken
from moonlight_desktop.games.moons.ui.terms import card_words
from moonlight_desktop.games.samarkand.bots import NormalBot as SamarkandNormal
from moonlight_desktop.games.samarkand.hard import SamarkandDeterminizer
from moonlight_desktop.games.samarkand.moves import Order, Sell, Stop, Wait
from moonlight_desktop.ui.table.hints import Hint, even, figure, told_apart
from tests.hint_helpers import SEATS, normal_choices_digest, positions

GAMES = sorted(SEATS)

NORMAL_DIGESTS = {
    "castle": ("edaa6b9af565b474", 131, 6),
    "market": ("df74cf69ecc93b63", 69, 12),
    "moons": ("3fd11d472d2c6d0a", 122, 6),
    "samarkand": ("eb9b66912fd2aa5c", 55, 6),
}
"""NormalBot's choices over the random positions of `hint_helpers`, taken with the bots as
they were before `explain` was added: (digest, positions, games)."""

DETERMINIZERS: dict[str, Any] = {
    "castle": CastleDeterminizer,
    "market": MarketDeterminizer,
    "moons": MoonsDeterminizer,
    "samarkand": SamarkandDeterminizer,
}


def _hint(game_id: str, view: Any, legal: Sequence[Command], seed: int) -> Hint:
    ui = TABLE_GAMES[game_id]
    return ui.hint(view, legal, seed, ("Ada", "Bo", "Cy", "Di", "Ed"))


def _cases(game_id: str, games: int = 4) -> list[tuple[Any, int, Sequence[Command], int]]:
    """(view, seat, legal, seed) at random positions of `game_id`."""
    rules = game_spec(game_id).rules
    return [
        (rules.view(state, seat), seat, rules.legal_commands(state, seat), 77 * number + 5)
        for state, seat, number in positions(game_id, games)
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_explaining_did_not_change_normal_bots_choices(game_id: str) -> None:
    digest, count, games = NORMAL_DIGESTS[game_id]
    assert normal_choices_digest(game_id, games) == (digest, count)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_is_normal_bots_choice_for_the_same_view_and_seed(game_id: str) -> None:
    compared = 0
    for view, _seat, legal, seed in _cases(game_id):
        hint = _hint(game_id, view, legal, seed)
        normal = game_spec(game_id).bot("normal", seed)
        assert hint.command == normal.choose(view, legal, 0.0)
        assert hint.command in legal
        again = _hint(game_id, view, legal, seed)
        assert again == hint  # the same position, the same hint
        assert hint.text.endswith(".") and len(hint.text) < 400
        assert re.search(r"\d", hint.text), hint.text  # a figure, not a canned phrase
        compared += 1
    assert compared >= 20


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hint_never_reads_hidden_facts(game_id: str) -> None:
    """A state made up to agree with the seat's view only (the hidden facts drawn again: the
    pouch, stack, supply, other hands, as Hard's samples draw them) gives the same hint."""
    rules = game_spec(game_id).rules
    determinizer = DETERMINIZERS[game_id]()
    rng = Rng(3)
    compared = 0
    for state, seat, number in positions(game_id, 3):
        view = rules.view(state, seat)
        twin = determinizer.sample(view, rng)
        assert rules.view(twin, seat) == view
        legal = rules.legal_commands(state, seat)
        assert rules.legal_commands(twin, seat) == legal
        ours = _hint(game_id, view, legal, number)
        theirs = _hint(game_id, rules.view(twin, seat), rules.legal_commands(twin, seat), number)
        assert ours == theirs
        compared += 1
    assert compared >= 10


def test_castle_words_name_the_odds_jewels_and_values() -> None:
    seen = set()
    for view, _seat, legal, seed in _cases("castle", 6):
        hint = _hint("castle", view, legal, seed)
        reasons = CastleNormal(seed).explain(view, legal, hint.command)
        f = reasons.chosen
        if isinstance(hint.command, MoveTo) and f.tile_jewels and f.afford > 0 and not f.ritual:
            assert f"recover {f.tile_jewels} jewel" in hint.text
            if f.draws:
                assert f"{round(100 * f.afford)}%" in hint.text
                assert f"draw {f.draws}" in hint.text
            else:  # the pebbles behind the screen pay for it
                assert "with the pebbles you hold" in hint.text
            seen.add("move")
        if isinstance(hint.command, Recover):
            assert f"{f.tile_jewels}-jewel tile" in hint.text
            assert f"leaves you {f.screen} pebble" in hint.text
            seen.add("recover")
        if reasons.runner_up is not None:
            figures = told_apart(f.value, reasons.runner_up.value)
            if even(f.value, reasons.runner_up.value):
                assert (
                    f"as much ({figure(f.value)} jewels): either will do, and a draw" in hint.text
                )
            elif figures is None:
                assert "a hair less (under a hundredth of a jewel): either will do" in hint.text
            else:
                assert f"{figures[1]} jewels against {figures[0]} for this" in hint.text
    assert seen == {"move", "recover"}


def test_market_words_name_the_links_points_and_odds() -> None:
    seen = set()
    for view, _seat, legal, seed in _cases("market", 12):
        hint = _hint("market", view, legal, seed)
        reasons = MarketNormal(seed).explain(view, legal, hint.command)
        f = reasons.chosen
        other = reasons.runner_up
        figures = None if other is None else told_apart(f.score, other.score)
        if figures is None:
            assert figure(f.score) in hint.text
        else:
            assert f"{figures[0]} against {figures[1]} for " in hint.text
        if f.worth:
            assert figure(f.worth) in hint.text
            assert f"{round(100 * f.kept_chance)}%" in hint.text
            seen.add("bid")
        if f.chain_after:
            if f.points_before == f.points_after:
                assert f"its placing stays at {f.points_after} points" in hint.text
            else:
                assert f"from {f.points_before} to {f.points_after} points" in hint.text
            seen.add("link")
    assert seen == {"bid", "link"}


def test_moons_words_name_the_scores_plans_and_cards() -> None:
    seen = set()
    for view, _seat, legal, seed in _cases("moons", 6):
        hint = _hint("moons", view, legal, seed)
        f = MoonsNormal(seed).explain(view, legal, hint.command)
        command = hint.command
        if isinstance(command, TakeToken):
            assert f"from {round(f.get('before'))} to {round(f.get('after'))}" in hint.text
            seen.add("token")
        elif isinstance(command, PlaceInTableau):
            assert f"{f.get('tricks'):.1f} tricks" in hint.text
            value = f.get("value")
            assert f"worth {value:.1f}" in hint.text or f"worth {value:.2f}" in hint.text
            seen.add("tableau")
        elif isinstance(command, PlayCard):
            assert card_words(command.card) in hint.text
            seen.add("card")
    assert seen == {"token", "tableau", "card"}


def test_samarkand_words_name_points_and_dirhams() -> None:
    seen = set()
    for mode in ("live", "sealed"):
        rules = game_spec("samarkand").rules
        for game in range(3):
            state = rules.new_state({"mode": mode}, 3 + game % 3, 50 + game)
            walker = Rng(game)
            for step in range(160):
                if rules.is_over(state):
                    break
                to_act = rules.to_act(state)
                seat = to_act[walker.below(len(to_act))]
                legal = rules.legal_commands(state, seat)
                if len(legal) > 1 and step % 3 == 0:
                    view = rules.view(state, seat)
                    hint = _hint("samarkand", view, legal, step)
                    f = SamarkandNormal(step).explain(view, legal, hint.command)
                    if isinstance(hint.command, Sell):
                        assert f"({round(f.get('value'))})" in hint.text
                        seen.add("sell")
                    elif isinstance(hint.command, Stop | Order) or (
                        isinstance(hint.command, Wait) and f.has("lot")
                    ):
                        gain, price = f.get("gain"), f.get("price")
                        if figure(gain).startswith("-"):
                            assert f"takes {figure(-gain)} point" in hint.text
                        else:
                            assert f"adds {figure(gain)} point" in hint.text
                        if price <= 0:
                            assert "worth nothing to you" in hint.text
                        else:  # finer when just under the price called
                            assert any(f"{price:.{d}f} dirhams" in hint.text for d in (1, 2))
                        seen.add(type(hint.command).__name__)
                rules.advance(state, seat, legal[walker.below(len(legal))])
    assert {"sell", "Wait", "Order"} <= seen


def test_named_figures_answer_by_name() -> None:
    """Moons' and Samarkand's NormalBot tell their figures by name (`engine.figures`): a
    figure weighed is read back, one not weighed is the default and not had."""
    figures = NamedFigures(Wait(), "wait", (("value", 4.0), ("money", 7.0)))
    assert figures.get("money") == 7.0 and figures.has("value")
    assert figures.get("lot") == 0.0 and figures.get("lot", -1.0) == -1.0
    assert not figures.has("lot")
