"""Le Marché de Samarkand at the table, driven by synthetic clicks and injected time: a live game
against three bots (the Dean's clock lets values pass), a sealed game of three humans passing
the computer, disputes shown and explained, frames that never show another merchant's secrets,
and the presenter's picture matching the rules after every command."""

from __future__ import annotations

import copy
import hashlib
import random
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop import i18n
from moonlight_desktop.engine import Bot, Command, Match, Move, OptionsError, Rng, SeatSpec
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.samarkand.clock import CLOCK_SECONDS
from moonlight_desktop.games.samarkand.components import BANK, CAMEL
from moonlight_desktop.games.samarkand.moves import Bought, Disputed, Order, Seal, Sell, Stop, Wait
from moonlight_desktop.games.samarkand.spec import SAMARKAND
from moonlight_desktop.games.samarkand.state import Phase
from moonlight_desktop.games.samarkand.ui.description import SAMARKAND_UI
from moonlight_desktop.games.samarkand.ui.painter import LOOKS
from moonlight_desktop.games.samarkand.ui.presenter import SamarkandPresenter
from moonlight_desktop.games.samarkand.ui.screen import SamarkandScreen
from moonlight_desktop.games.samarkand.view import SamarkandView
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.controller import Played
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import UserData
from tests.table_helpers import Router, asked, click
from tests.table_helpers import frame as step

RULES = GAMES["samarkand"].rules
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    yield application
    pygame.quit()


def _table(
    app: App,
    humans: int,
    seats: int,
    mode: str,
    seed: int = 7,
    speed: float = 0.0,
    setup: dict[str, Any] | None = None,
    bots: dict[int, Bot] | None = None,
    dean: int | None = None,
) -> tuple[TableScene, Router]:
    """`bots`: the bot seats' bots (easy bots when not given); `dean`: the first Dean."""
    app.settings.animation_speed = speed
    specs = [
        SeatSpec(
            NAMES[n], "human" if n < humans else "bot", None if n < humans else "easy", LOOKS[n].id
        )
        for n in range(seats)
    ]
    match = Match.new(RULES, specs, seed, {"mode": mode, "dean": dean}, setup=setup)
    if bots is None:
        bots = {n: make_bot("samarkand", "easy", n) for n in range(humans, seats)}
    router = Router()
    scene = TableScene(app, SAMARKAND_UI, match, bots, router, lambda m: None)
    app.stack.push(scene)
    return scene, router


def _screen(scene: TableScene) -> SamarkandScreen:
    assert isinstance(scene.screen, SamarkandScreen)
    return scene.screen


def _button(scene: TableScene, command: Command) -> tuple[int, int]:
    """Where the action strip's button that submits `command` is (whatever its label says in
    the language played in)."""
    scene.update(0.0)
    button = scene.strip.button_for(command)
    assert button is not None, command
    return button.rect.center


def lower_tip() -> str:
    """How the tip of a lot's lower-price arrow begins, in the language played in."""
    return i18n._("A lower stop price for {lot} (it is {price})").split("{")[0]


class Merchant:
    """Plays the seat at the screen by clicking: sells a random card; in the live countdown
    says Stop on a lot now and then (or lets the clock run); on the sealed sheet orders a few
    lots at prices set with the arrows, then seals."""

    def __init__(self, app: App, scene: TableScene, seed: int) -> None:
        self.app, self.scene, self.roll = app, scene, random.Random(seed)
        self.screen = _screen(scene)
        self.done: dict[str, int] = {"sell": 0, "stop": 0, "order": 0, "seal": 0}

    def decide(self) -> bool:
        """True when it clicked something; False when it lets the clock decide."""
        scene, screen = self.scene, self.screen
        legal = list(scene.controller.legal())
        moves = len(scene.match.record.moves)
        table = scene.table
        if any(isinstance(c, Sell) for c in legal):
            spot = self.roll.choice([s for s in screen.spots(table) if isinstance(s.command, Sell)])
            click(self.app, spot.rect.center)
            self.done["sell"] += 1
        elif any(isinstance(c, Stop) for c in legal):
            if self.roll.random() < 0.75:
                return False  # the clock lets this value pass
            spot = self.roll.choice([s for s in screen.spots(table) if isinstance(s.command, Stop)])
            click(self.app, spot.rect.center)
            self.done["stop"] += 1
        elif Seal() in legal:
            orders = [s for s in screen.spots(table) if isinstance(s.command, Order)]
            if orders and self.roll.random() < 0.6:
                index = self.roll.randrange(len(orders))
                lower = [s for s in screen.spots(table) if s.text.startswith(lower_tip())]
                for _ in range(self.roll.randrange(3)):
                    click(self.app, lower[index].rect.center)
                spot = [s for s in screen.spots(table) if isinstance(s.command, Order)][index]
                click(self.app, spot.rect.center)
                self.done["order"] += 1
            else:
                click(self.app, _button(scene, Seal()))
                self.done["seal"] += 1
        else:
            return False
        assert len(scene.match.record.moves) == moves + 1, legal
        return True


def _play_out(app: App, scene: TableScene, router: Router, merchant: Merchant) -> None:
    for frames in range(40000):
        if router.over:
            return
        if asked(scene):
            merchant.decide()
        step(app, scene, router, dt=0.25, draw=frames % 11 == 0)
    pytest.fail("the game did not end")


def test_a_live_game_against_three_bots_is_played_by_clicks_and_the_clock(app: App) -> None:
    scene, router = _table(app, humans=1, seats=4, mode="live")
    merchant = Merchant(app, scene, seed=1)
    _play_out(app, scene, router, merchant)
    assert scene.match.is_over() and router.over == 1 and router.hand_offs == 0
    assert merchant.done["sell"] == 10 and merchant.done["stop"], merchant.done
    waited = [m for m in scene.match.record.moves if m.seat == 0 and m.command == Wait()]
    assert waited  # the clock spoke for the human who did not click
    title = scene.header(scene.table).title
    assert title == "Game over"


def test_a_sealed_game_of_three_humans_passes_the_computer(app: App) -> None:
    scene, router = _table(app, humans=3, seats=3, mode="sealed", seed=5)
    merchant = Merchant(app, scene, seed=2)
    _play_out(app, scene, router, merchant)
    assert scene.match.is_over() and router.over == 1
    assert router.hand_offs >= 30  # every choice and every sheet is private
    assert merchant.done["order"] and merchant.done["seal"] >= 30, merchant.done


def test_a_stop_that_cannot_be_paid_is_explained_not_taken(app: App) -> None:
    scene, router = _table(app, humans=1, seats=4, mode="live", seed=3)
    merchant = Merchant(app, scene, seed=3)
    for _ in range(20000):
        step(app, scene, router, dt=0.25, draw=False)
        view = scene.presenter.shown
        if (
            asked(scene)
            and view.phase == Phase.COUNTDOWN
            and list(scene.controller.legal()) == [Wait()]
        ):
            break
        if asked(scene):
            merchant.decide()
    else:
        pytest.fail("the human never lacked the money")
    screen, table = _screen(scene), scene.table
    spots = [s for s in screen.spots(table) if "dirhams, not" in s.text]
    assert spots and all(s.command is None for s in spots)
    moves = len(scene.match.record.moves)
    click(app, spots[0].rect.center)
    assert len(scene.match.record.moves) == moves


class CamelGrabber:
    """A bot that says Stop on the camel as soon as it may (when `grabs`), else lets each value
    pass; it sells its first card."""

    def __init__(self, grabs: bool) -> None:
        self.grabs = grabs

    def choose(self, view: Any, legal: Sequence[Command], budget_seconds: float) -> Command:
        if self.grabs and Stop(CAMEL) in legal:
            return Stop(CAMEL)
        return Wait() if Wait() in legal else legal[0]


GRABBED = Move(1, Stop(CAMEL))
"""Ben's Stop on the camel at 10, the countdown's first value."""


def _souk_with_a_camel_grabber(
    app: App, grabs: bool = True
) -> tuple[TableScene, Router, tuple[int, int]]:
    """Ana (the human, the Dean) against Ben, who says Stop on the camel as soon as he may
    (unless not `grabs`), and Cy, who never does: Ana has put up a card (a click); the
    countdown comes next. The camel's centre."""
    bots: dict[int, Bot] = {1: CamelGrabber(grabs), 2: CamelGrabber(grabs=False)}
    scene, router = _table(app, humans=1, seats=3, mode="live", speed=1.0, bots=bots, dean=0)
    screen = _screen(scene)
    for _ in range(200):
        step(app, scene, router, dt=1 / 60, draw=False)
        if asked(scene):
            break
    sale = next(spot for spot in screen.spots(scene.table) if isinstance(spot.command, Sell))
    click(app, sale.rect.center)
    camel = screen.painter.rect(screen.painter.places.camel()).center
    return scene, router, camel


def _paid_for_the_camel(
    app: App, scene: TableScene, router: Router, value: int = 10
) -> tuple[tuple[int, int], ...]:
    """Who paid how much for the camel once `value` is judged (its Stops together, when the
    bots have let it pass)."""
    for _ in range(600):
        step(app, scene, router, dt=1 / 60, draw=False)
        scene.controller.settle(timeout=5)  # the Match is read here: not while the rules work
        view = scene.match.view(None)
        assert isinstance(view, SamarkandView)
        if view.value < value:
            return tuple((payer, paid) for payer, _payee, paid, lot in view.ledger if lot == CAMEL)
    pytest.fail(f"the value {value} was never judged")


def test_a_stop_clicked_right_after_a_bots_stop_is_judged_with_it(app: App) -> None:
    """Issue 33: Ana's click on the camel in the frame after Ben's Stop (which the board stopped
    for, though it shows nothing) used to only hurry that along; the clock then let the value
    pass and Ben bought the camel."""
    scene, router, camel = _souk_with_a_camel_grabber(app)
    for _ in range(200):
        step(app, scene, router, dt=1 / 60, draw=False)
        if scene.match.record.moves[-1] == GRABBED:
            break
    assert Stop(CAMEL) in scene.table.legal()  # still offered, the camel lit: nothing blinks
    click(app, camel)
    assert scene.match.record.moves[-1] == Move(0, Stop(CAMEL))
    # Two Stops on the camel at 10: a dispute, which the Dean (Ana) wins, paying in full (S4, SP4).
    assert _paid_for_the_camel(app, scene, router) == ((0, 10),)
    assert scene.match.view(0).ledger == ((0, BANK, 10, CAMEL),)  # type: ignore[attr-defined]


def test_a_stop_clicked_as_the_dean_calls_a_value_is_made_at_that_value(app: App) -> None:
    """Ana lets 10 pass; her click on the camel while the Dean's call of 9 still moves on the
    dial is her Stop at 9, not a click that only hurries the call along."""
    scene, router, camel = _souk_with_a_camel_grabber(app, grabs=False)
    for _ in range(200):
        step(app, scene, router, dt=1 / 60, draw=False)
        if asked(scene):
            break
    click(app, _button(scene, Wait()))
    for _ in range(200):
        step(app, scene, router, dt=1 / 60, draw=False)
        if scene.presenter.busy and scene.presenter.value == 9:
            break
    assert scene.presenter.busy and scene.controller.may_act()  # the call of 9 still moving
    click(app, camel)
    assert scene.match.record.moves[-1] == Move(0, Stop(CAMEL))
    assert _paid_for_the_camel(app, scene, router, value=9) == ((0, 9),)


@pytest.mark.rules_thread
def test_a_stop_clicked_while_a_bots_stop_is_with_the_rules_is_heard_once_it_is_back(
    app: App,
) -> None:
    """The same click while Ben's Stop is still being applied on the rules' thread: the table
    holds it until the rules are back, then hears it on the board they bring."""
    scene, router, camel = _souk_with_a_camel_grabber(app)
    entered, gate = threading.Event(), threading.Event()
    submit = scene.match.submit

    def slow_for_ben(seat: int, command: Command) -> Any:
        if Move(seat, command) == GRABBED:
            entered.set()
            assert gate.wait(timeout=5)
        return submit(seat, command)

    scene.match.submit = slow_for_ben  # type: ignore[method-assign]
    for _ in range(600):
        app.stack.update(1 / 60)
        if entered.wait(timeout=0.01):
            break
    assert scene.controller.applying
    click(app, camel)
    gate.set()
    assert _paid_for_the_camel(app, scene, router) == ((0, 10),)
    assert [move for move in scene.match.record.moves if move.command == Stop(CAMEL)] == [
        GRABBED,
        Move(0, Stop(CAMEL)),
    ]


def _played(match: Match[Any], viewer: int | None, rng: Rng) -> Played:
    seat = match.to_act()[0]
    legal = match.legal(seat)
    command = legal[rng.below(len(legal))]
    events = match.submit(seat, command)
    return Played(
        seat, command, tuple(e.seen_by(viewer) for e in events), viewer, match.view(viewer)
    )


def _presenter(match: Match[Any], viewer: int | None) -> SamarkandPresenter:
    view, opening = match.view(viewer), match.replayed(0).view(None)
    assert isinstance(view, SamarkandView) and isinstance(opening, SamarkandView)
    return SamarkandPresenter(view, opening, [seat.name for seat in match.seats])


def _picture(presenter: SamarkandPresenter) -> dict[str, Any]:
    names = ("hands", "chosen", "my_sale", "offers", "camel_offer", "camel_deck", "money")
    names += ("camels", "goods", "discards", "dean", "sealed")
    return copy.deepcopy({name: getattr(presenter, name) for name in names})


@pytest.mark.parametrize(("seats", "mode"), [(3, "live"), (4, "sealed"), (5, "live")])
def test_the_picture_is_the_view_after_every_command(seats: int, mode: str) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        specs = [SeatSpec(NAMES[n], "bot", "easy", None) for n in range(seats)]
        match = Match.new(RULES, specs, seed, {"mode": mode})
        presenter = _presenter(match, 0)
        rng = Rng(seed)
        while not match.is_over():
            played = _played(match, 0, rng)
            presenter.present(played)
            seen_dispute = False
            while presenter.busy:
                presenter.update(0.05, 1.0)
                seen_dispute |= bool(presenter.dispute)
                assert all(m is None or m >= 0 for m in presenter.money)
            disputed = any(
                isinstance(e, Disputed) or (isinstance(e, Bought) and e.dean_right)
                for e in played.events
            )
            for event in played.events:
                if isinstance(event, Disputed):
                    kinds.add("camel" if event.lot == CAMEL else "goods")
                elif isinstance(event, Bought) and event.dean_right:
                    kinds.add("dean")
            assert seen_dispute == disputed  # each kind: nobody buys, or the Dean's right
            assert presenter.shown is played.view
            if match.is_over():  # the screens are lifted: every purse is shown
                assert all(money is not None for money in presenter.money)
                assert presenter.money == list(match.snapshot().money)  # type: ignore[attr-defined]
                continue
            fresh = _presenter(match, 0)
            fresh.show_view(played.view)
            offers_now = [lot for lot in presenter.offers if lot >= 0]
            assert _picture(presenter) | {"offers": offers_now} == _picture(fresh) | {
                "offers": [lot for lot in fresh.offers if lot >= 0]
            }
    assert kinds == {"goods", "camel", "dean"}  # every kind of dispute met, shown and settled


def _frames_of_seat_two(app: App, pick: int) -> list[str]:
    """Ana and Ben put up their `pick`-th card; then Cy takes the screen: every frame until
    Cy is asked."""
    scene, router = _table(app, humans=3, seats=3, mode="sealed", seed=4, speed=1.0)
    digests: list[str] = []
    for _ in range(2000):
        step(app, scene, router, dt=0.05)
        viewer = scene.controller.viewer
        if viewer in (0, 1) and asked(scene):
            hand = scene.presenter.hands[viewer]  # type: ignore[attr-defined]
            scene.controller.submit(Sell(sorted(hand)[pick]))
        elif viewer == 2:
            digests.append(hashlib.sha1(pygame.image.tobytes(app.window, "RGB")).hexdigest())
            if asked(scene):
                break
    else:
        pytest.fail("Cy was never asked")
    app.stack.pop()
    return digests


def test_frames_never_show_another_merchants_secret_card(app: App) -> None:
    first = _frames_of_seat_two(app, 0)
    second = _frames_of_seat_two(app, -1)
    assert first and first == second


@pytest.mark.parametrize("pace", ["slow", "normal", "fast"])
def test_s2_the_clock_keeps_the_pace_the_table_chose(pace: str) -> None:
    specs = [
        SeatSpec(NAMES[n], "human" if n == 0 else "bot", None if n == 0 else "easy", None)
        for n in range(4)
    ]
    match = Match.new(RULES, specs, 2, {"clock": pace})
    assert SAMARKAND.timeout(match, 0) is None  # choosing a card is not timed
    for seat in match.to_act():
        match.submit(seat, match.legal(seat)[0])
    assert match.view(None).phase == Phase.COUNTDOWN  # type: ignore[attr-defined]
    timeout = SAMARKAND.timeout(match, 0)
    assert timeout is not None and timeout.default == Wait()
    assert timeout.seconds == CLOCK_SECONDS[pace]
    again = match.replayed()  # a continued game keeps its pace
    assert SAMARKAND.timeout(again, 0) == timeout


def test_the_clock_refuses_a_pace_it_does_not_know() -> None:
    specs = [SeatSpec(NAMES[n], "bot", "easy", None) for n in range(3)]
    with pytest.raises(OptionsError):
        Match.new(RULES, specs, 2, {"clock": "ludicrous"})


def test_a_finished_game_set_out_again_shows_the_final_purses_and_goods(app: App) -> None:
    """A table set out at its end (a replay's End, a game over opened again) shows what the
    final scoring told, not the purses the game began with."""
    match = Match.new(RULES, [SeatSpec(name) for name in NAMES[:3]], 5, {"mode": "sealed"})
    bots = {seat: make_bot("samarkand", "easy", seat) for seat in range(3)}
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, bots[seat].choose(match.view(seat), match.legal(seat), 0))
    scene = TableScene(app, SAMARKAND_UI, match, {}, Router(), lambda m: None)
    picture = _screen(scene).presenter
    final = picture.narrator.money
    assert picture.money == list(final) and len(set(final)) > 1  # not everyone's 25 again
    assert any(picture.goods)


def test_the_sheet_lists_your_orders_by_priority(app: App) -> None:
    app.window = pygame.display.set_mode((1280, 720))
    scene, router = _table(app, humans=3, seats=3, mode="sealed", seed=5)
    merchant = Merchant(app, scene, seed=2)
    for _ in range(2000):
        if asked(scene) and Seal() in scene.controller.legal():
            break
        if asked(scene):
            merchant.decide()
        step(app, scene, router, dt=0.25, draw=False)
    for _ in range(2):  # two orders, the first served first when both could fire
        order = next(s for s in _screen(scene).spots(scene.table) if isinstance(s.command, Order))
        click(app, order.rect.center)
        for _ in range(8):
            step(app, scene, router, dt=0.25, draw=False)
    with theme.recording(app.window) as drawing:
        app.stack.draw(app.window)
        texts = [text.content for text in drawing.take().texts]
    heading = texts.index("Your orders, in order of priority:")
    assert texts[heading + 1].startswith("1. ") and texts[heading + 2].startswith("2. "), texts
    assert not any("first first" in text for text in texts)
    # The sheet lies over the panels: what the merchant has is on it (goods and camels).
    assert "What you have:" in texts or "You have no goods yet" in texts


def test_the_hand_is_walked_in_reading_order_and_a_click_takes_the_card_on_top(app: App) -> None:
    """The cards of the hand are listed bottom first, as drawn: the keyboard focus walks them
    left to right and Enter puts the focused one up for sale; a click where two cards overlap
    takes the one drawn on top."""
    scene, router = _table(app, humans=1, seats=4, mode="live")
    for _ in range(200):
        step(app, scene, router, dt=1 / 60, draw=False)
        if asked(scene):
            break
    screen, table = _screen(scene), scene.table
    hand = screen.presenter.hands[0]
    walked = [screen.move_focus(1, table) for _ in hand]
    assert [spot.command if spot else None for spot in walked] == [Sell(card) for card in hand]
    first, second = screen.focus_ring(table)[:2]
    assert screen.command_at(first.rect.clip(second.rect).center, table) == Sell(hand[1])
    screen.move_focus(2, table)  # round the ring to the second card
    assert screen.use_focused(table) == Sell(hand[1])
