"""Moonlight Market at the table, driven by synthetic clicks: whole games (solo against Dirk and
Beate; two friends with Dirk, passing the computer), every kind of command reached by clicking
what the board shows, hovers that explain, frames that never show another player's hand, and
a board laid out inside its rect for every table size."""

from __future__ import annotations

import copy
import hashlib
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match, SeatSpec
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.market.moves import (
    Bid,
    DiscardHammer,
    PlaceLink,
    PlayDisplaced,
    UseHammer,
)
from moonlight_desktop.games.market.rules import dealt_setup
from moonlight_desktop.games.market.table import table_for
from moonlight_desktop.games.market.ui.description import MARKET_UI
from moonlight_desktop.games.market.ui.painter import BOARD_H, BOARD_W, LOOKS, places_for
from moonlight_desktop.games.market.ui.screen import MarketScreen
from moonlight_desktop.i18n import PSEUDO, set_language
from moonlight_desktop.saves import resume_match, save_match
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import UserData
from tests.table_helpers import Router, asked, click
from tests.table_helpers import frame as step
from tests.test_text_layout import draw_every_screen, out_of_place, overlapping, report

RULES = GAMES["market"].rules
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    yield application
    pygame.quit()


def _table(
    app: App,
    humans: int,
    bots: int = 0,
    seed: int = 7,
    speed: float = 0.0,
    setup: dict[str, Any] | None = None,
) -> tuple[TableScene, Router]:
    app.settings.animation_speed = speed
    specs = [
        SeatSpec(
            NAMES[n], "human" if n < humans else "bot", None if n < humans else "easy", LOOKS[n].id
        )
        for n in range(humans + bots)
    ]
    match = Match.new(RULES, specs, seed, setup=setup)
    players = {n: make_bot("market", "easy", n) for n in range(humans, humans + bots)}
    router = Router()
    scene = TableScene(app, MARKET_UI, match, players, router, lambda m: None)
    app.stack.push(scene)
    return scene, router


def _screen(scene: TableScene) -> MarketScreen:
    assert isinstance(scene.screen, MarketScreen)
    return scene.screen


class Player:
    """Plays a random legal command of the seat at the screen by clicking what shows it."""

    def __init__(self, app: App, scene: TableScene, seed: int = 1) -> None:
        self.app, self.scene = app, scene
        self.screen = _screen(scene)
        self.roll = random.Random(seed)
        self.done: Counter[str] = Counter()

    def rect(self, box: pygame.FRect) -> pygame.Rect:
        return self.screen.painter.rect(box)

    def decide(self) -> None:
        scene, screen, places = self.scene, self.screen, self.screen.painter.places
        legal = list(scene.controller.legal())
        command = self.roll.choice(legal)
        me = scene.controller.viewer
        assert me is not None
        moves = len(scene.match.record.moves)
        if isinstance(command, Bid):
            hand = scene.presenter.hand or []  # type: ignore[attr-defined]
            index = hand.index(command.card)
            click(self.app, self.rect(places.hand(index, len(hand))).center)
            assert screen.card == command.card
            click(self.app, self.rect(places.cushions[command.cushion]).center)
            self.done["bid"] += 1
        elif isinstance(command, PlayDisplaced):
            click(self.app, self.rect(places.cushions[command.cushion]).center)
            self.done["displaced"] += 1
        elif isinstance(command, UseHammer):
            click(self.app, self.rect(places.chain(me, command.gem, command.slot)).center)
            self.done["hammer"] += 1
        elif isinstance(command, DiscardHammer):
            scene.update(0.0)
            button = scene.strip.button_for(command)
            assert button is not None
            click(self.app, button.rect.center)
            self.done["discard hammer"] += 1
        else:
            assert isinstance(command, PlaceLink)
            pending = scene.presenter.pending[me]  # type: ignore[attr-defined]
            click(self.app, self.rect(places.tray(me, pending.index(command.link))).center)
            assert screen.link == command.link
            click(self.app, self.rect(places.column(me, command.gem)).center)
            self.done["link"] += 1
        assert len(scene.match.record.moves) > moves, command
        assert scene.match.record.moves[moves].command == command


def _play_out(app: App, scene: TableScene, router: Router, player: Player) -> None:
    for frame in range(20000):
        if router.over:
            return
        if asked(scene):
            player.decide()
        step(app, scene, router, dt=1.0, draw=frame % 9 == 0)
    pytest.fail("the game did not end")


def test_a_solo_game_against_dirk_and_beate_is_played_by_clicks(app: App) -> None:
    scene, router = _table(app, humans=1)
    player = Player(app, scene)
    _play_out(app, scene, router, player)
    assert scene.match.is_over() and router.over == 1 and router.hand_offs == 0
    assert player.done["bid"] and player.done["link"], player.done
    assert any("Dirk reveals" in line.text for line in scene.presenter.log)
    assert any("Beate" in line.text for line in scene.presenter.log)
    title = scene.header(scene.table).title
    assert title == "Game over"
    standings = MARKET_UI.standings(scene.match)
    assert {row.name for row in standings.rows if row.name} == {"Dirk", "Beate"}


def test_two_friends_with_dirk_pass_the_computer_and_play_by_clicks(app: App) -> None:
    scene, router = _table(app, humans=2, seed=11)
    player = Player(app, scene, seed=3)
    _play_out(app, scene, router, player)
    assert scene.match.is_over() and router.over == 1
    assert router.hand_offs >= 8  # each player's hand is private
    assert len(scene.screen.presenter.names) == 3  # type: ignore[attr-defined]


def test_every_kind_of_command_is_reached_by_clicks(app: App) -> None:
    done: Counter[str] = Counter()
    for seed in range(3):
        scene, router = _table(app, humans=1, bots=2, seed=seed)
        player = Player(app, scene, seed=seed)
        _play_out(app, scene, router, player)
        done += player.done
        app.stack.pop()
    assert done["bid"] and done["link"] and done["displaced"], done
    assert done["hammer"] + done["discard hammer"], done


def _frames_until_first_bid(app: App, setup: dict[str, Any]) -> list[str]:
    scene, router = _table(app, humans=2, seed=5, speed=1.0, setup=setup)
    digests = []
    for _ in range(600):
        step(app, scene, router, dt=0.05)
        digests.append(hashlib.sha1(pygame.image.tobytes(app.window, "RGB")).hexdigest())
        if asked(scene) and scene.controller.viewer == 0:
            break
    else:
        pytest.fail("seat 0 was never asked")
    app.stack.pop()
    return digests


def test_frames_never_show_another_players_hand(app: App) -> None:
    setup = dealt_setup({}, 2, 5)
    other = copy.deepcopy(setup)
    other["piles"][1] = list(reversed(setup["piles"][1]))  # Ben holds other cards
    assert setup["piles"][1][:4] != other["piles"][1][:4]
    assert _frames_until_first_bid(app, setup) == _frames_until_first_bid(app, other)


def test_a_displacement_shows_its_price_and_a_refusal_its_reason(app: App) -> None:
    scene, router = _table(app, humans=1, bots=2, seed=3)
    screen, places = _screen(scene), _screen(scene).painter.places
    roll = random.Random(2)
    for _ in range(5000):
        step(app, scene, router, dt=1.0, draw=False)
        if not asked(scene):
            continue
        legal = scene.controller.legal()
        view = scene.presenter.shown
        bids = [c for c in legal if isinstance(c, Bid) and view.bids[c.cushion] >= 0]
        if bids:
            break
        scene.controller.submit(roll.choice(legal))
    else:
        pytest.fail("no displacement was ever offered")
    command = bids[0]
    hand = scene.presenter.hand  # type: ignore[attr-defined]
    click(app, screen.painter.rect(places.hand(hand.index(command.card), len(hand))).center)
    point = screen.painter.rect(places.cushions[command.cushion]).center
    hover = screen.hover(point, scene.table)
    bidder = scene.screen.names[view.bidders[command.cushion]]  # type: ignore[attr-defined]
    assert hover is not None and "costs you one seal" in hover.text and bidder in hover.text
    low = min(hand)
    held = [c for c in range(len(view.bids)) if view.bids[c] >= low]
    assert held  # the lowest card cannot outbid an equal or higher one: hover says so
    click(app, screen.painter.rect(places.hand(hand.index(low), len(hand))).center)
    point = screen.painter.rect(places.cushions[held[0]]).center
    hover = screen.hover(point, scene.table)
    assert hover is not None and ("not higher" in hover.text or "no seal" in hover.text)
    moves = len(scene.match.record.moves)
    click(app, point)
    assert len(scene.match.record.moves) == moves  # a refused click changes nothing...
    scene.update(0.0)
    assert scene.message  # ...but the rules say why
    assert screen.card == low  # and the card stays picked for another cushion


def test_the_keyboard_focus_walks_the_choices_in_reading_order(app: App) -> None:
    """The focus stops on what may be used, as a reader meets it: before a card is picked only
    the hand; once Enter picks one, the cushions it may go to from the moon down, then the
    hand; Enter on a cushion bids the card there."""
    scene, router = _table(app, humans=1)
    while not asked(scene):
        step(app, scene, router, dt=1.0, draw=False)
    screen, table = _screen(scene), scene.table
    hand = scene.presenter.hand  # type: ignore[attr-defined]
    first = screen.move_focus(1, table)
    assert first is not None and first.text == f"Bid your {hand[0]}"
    assert screen.use_focused(table) is None and screen.card == hand[0]
    ring = screen.focus_ring(table)
    bids = [spot.command for spot in ring if isinstance(spot.command, Bid)]
    assert bids and [spot.command for spot in ring[: len(bids)]] == bids
    assert [bid.cushion for bid in bids] == sorted(bid.cushion for bid in bids)
    assert [spot.text for spot in ring[len(bids) :]] == [f"Bid your {c}" for c in hand]
    screen.focus = 0
    assert screen.use_focused(table) == bids[0]
    assert screen.card is None


@pytest.mark.parametrize("positions", [3, 4, 5])
def test_the_board_keeps_everything_inside_and_apart(positions: int) -> None:
    table = table_for(positions, 0)
    places = places_for(positions, table.rows)
    board = pygame.FRect(0, 0, BOARD_W, BOARD_H)
    rects: list[pygame.FRect] = [*places.cushions, *places.rows, places.strip]
    rects += [places.bid(c) for c in range(positions)]
    for rect in rects:
        assert board.contains(rect), rect
    for n, rect in enumerate(rects):
        for other in rects[n + 1 :]:
            assert not rect.colliderect(other), (rect, other)
    for position in range(positions):
        row = places.rows[position]
        for gem in range(5):
            for slot in range(3):
                assert row.contains(places.chain(position, gem, slot))
        for index in range(6):  # at most three received links wait at once (two lines hold six)
            assert row.contains(places.tray(position, index)), index
    for cushion in range(positions):
        for index in range(table.rows[cushion] * 3):
            assert places.cushions[cushion].contains(places.slot(table, cushion, index))


def _release(app: App, point: tuple[int, int]) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=point))


def test_a_card_dragged_onto_a_cushion_is_bid_and_a_refused_drop_says_why(app: App) -> None:
    scene, router = _table(app, humans=1, bots=2, seed=3)
    for _ in range(200):
        step(app, scene, router, dt=1.0, draw=False)
        if asked(scene):
            break
    screen, places = _screen(scene), _screen(scene).painter.places
    legal = [c for c in scene.controller.legal() if isinstance(c, Bid)]
    assert legal
    hand = scene.presenter.hand  # type: ignore[attr-defined]
    card_at = screen.painter.rect(places.hand(hand.index(legal[0].card), len(hand))).center
    cushion_at = screen.painter.rect(places.cushions[legal[0].cushion]).center
    click(app, card_at)
    _release(app, card_at)  # a click on a card only picks it up
    assert screen.card == legal[0].card and not scene.match.record.moves
    click(app, card_at)  # and a second click puts it back
    assert screen.card is None
    click(app, card_at)
    _release(app, cushion_at)  # pressed on the card, released over the cushion: a bid
    assert scene.match.record.moves[-1].command == legal[0]
    assert screen.card is None


def test_a_saved_game_continues_with_its_whole_log(app: App) -> None:
    scene, router = _table(app, humans=1, seed=9)
    player = Player(app, scene, seed=9)
    for _ in range(400):
        if len(scene.match.record.moves) >= 12:
            break
        if asked(scene):
            player.decide()
        step(app, scene, router, dt=1.0, draw=False)
    while scene.presenter.busy:
        step(app, scene, router, dt=1.0, draw=False)
    live = [line.text for line in scene.presenter.log]
    save_match(app.user_data, scene.match)
    resumed = resume_match(app.user_data, "market", lambda match: open_table(app, MARKET_UI, match))
    again = resumed.shown
    assert isinstance(again, TableScene)
    assert again.match.record.moves == scene.match.record.moves
    assert [line.text for line in again.presenter.log] == live
    assert live[0].startswith("Pass 1 of 4 begins")


def test_every_market_screen_reads_whole_in_a_longer_language(tmp_path: Path) -> None:
    """In the pseudo-language (every message 40% longer, accented), no text of Market's
    screens lies over another or out of its place: the side panel's word for the prestige
    leaves the long names room, the hand's owner on two lines keeps its accents apart."""
    set_language(PSEUDO)
    size = (1280, 720)
    drawn = draw_every_screen(size, tmp_path, "market")
    problems = [*overlapping(drawn), *out_of_place(size, drawn)]
    assert not problems, report(problems)
