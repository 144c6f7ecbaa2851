"""Nothing hidden is shown: people at one computer, driven by synthetic events through the app
(hand-off screens and all), and what one seat leaves at the screen never reaches the next.

The issue's case first: in Samarkand's sealed countdown a stop price set by one merchant was on
the next merchant's sheet. Then twins, for every screen that takes private input in every
game: two tables that differ only in what another seat keeps to itself (its hand, its sealed
orders, its face-down cards, what it set on its sheet and did not send) give the seat at the
screen the same pixels in every frame it may see, the same sounds and the same log.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop.engine import Match, Move, SeatSpec, View
from moonlight_desktop.game_list import TABLE_GAMES, game_spec
from moonlight_desktop.games.castle.components import Color
from moonlight_desktop.games.castle.table import WHITE
from moonlight_desktop.games.castle.tiles import JEWEL_TILES
from moonlight_desktop.games.castle.ui.screen import CastleScreen
from moonlight_desktop.games.market.ui.screen import MarketScreen
from moonlight_desktop.games.moons.components import CARD_COUNT, MINI_COUNT, hand_size
from moonlight_desktop.games.moons.moves import PlaceInTableau
from moonlight_desktop.games.moons.ui.screen import MoonsScreen
from moonlight_desktop.games.samarkand.components import CAMEL
from moonlight_desktop.games.samarkand.moves import Order, Seal, Sell
from moonlight_desktop.games.samarkand.state import Phase
from moonlight_desktop.games.samarkand.ui.screen import SamarkandScreen
from moonlight_desktop.games.samarkand.ui.setup import SEALED
from moonlight_desktop.scenes.handoff import HandoffScene
from moonlight_desktop.scenes.table_flow import open_table
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.log_panel import hint_button, undo_buttons
from moonlight_desktop.ui.table.presenter import LogLine
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.table.spots import Spot
from tests.market_helpers import supply_starting
from tests.table_helpers import asked, key, press, run_frames

SAMARKAND = TABLE_GAMES["samarkand"]
REST = (4, 4)
"""Where the pointer rests after each click (over the sky): a player leaves it anywhere, and
where is no secret, so it is put back here."""


def seats(game: str, humans: int, count: int) -> list[SeatSpec]:
    """`humans` people, then Easy bots, each with the game's looks in order."""
    looks = TABLE_GAMES[game].setup.looks
    names = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
    return [
        SeatSpec(names[n], "human" if n < humans else "bot", None if n < humans else "easy", look)
        for n, look in enumerate(looks[:count])
    ]


@dataclass
class Seen:
    """What a table showed and played to everyone but one seat."""

    sounds: list[str] = field(default_factory=list)
    frames: list[tuple[str, str]] = field(default_factory=list)
    """Each frame's moment and digest."""
    log: list[LogLine] = field(default_factory=list)
    views: tuple[View, View] | None = None
    """The watcher's view and the other seat's, at the end."""
    keep: tuple[int, Path] | None = None
    """A frame to save as a picture, by its number (to see how twins differ)."""


class Players:
    """People at one computer, through the app: clicks, keys, and frames until someone is
    asked, each hand-off taken by its player clicking its button. `seen` keeps the frames
    everyone but the seat `private` may see."""

    def __init__(
        self, app: App, table: TableScene, seen: Seen | None = None, private: int | None = None
    ) -> None:
        self.app, self.table, self.seen, self.private = app, table, seen, private
        self.hand_offs = 0

    def click(self, point: tuple[int, int]) -> None:
        """A click at `point`, then the pointer back at rest."""
        press(self.app, point)
        self.point_at(REST)

    def point_at(self, point: tuple[int, int]) -> None:
        motion = {"pos": point, "rel": (0, 0), "buttons": (0, 0, 0)}
        self.app.handle(pygame.event.Event(pygame.MOUSEMOTION, motion))

    def key(self, which: int, mod: int = 0) -> None:
        key(self.app, which, mod)

    def until_asked(self, frames: int = 400) -> int:
        """Frames (one at least: the table shows what was just done) until a human at the
        screen is asked; the seat asked."""
        app, table = self.app, self.table
        for frame in range(frames):
            run_frames(app, table, 1)
            top = app.stack.top
            if isinstance(top, HandoffScene):
                self.look(f"frame {frame}: the hand-off to {top.seat_name}")
                self.click(top.ready_button.rect.center)
                self.hand_offs += 1
                continue
            if table.presenter.shown.viewer != self.private:
                self.look(f"frame {frame}")
            if top is table and asked(table):
                viewer = table.controller.viewer
                assert viewer is not None
                return viewer
        raise AssertionError("nobody was asked")

    def look(self, moment: str) -> None:
        """Keeps the window as drawn now, when anyone keeps what is seen."""
        seen, window = self.seen, self.app.window
        if seen is None:
            return
        if seen.keep is not None and seen.keep[0] == len(seen.frames):
            pygame.image.save(window, str(seen.keep[1]))
        seen.frames.append((moment, hashlib.sha1(pygame.image.tobytes(window, "RGB")).hexdigest()))


# Samarkand's sealed sheet --------------------------------------------------------------------


def samarkand_screen(table: TableScene) -> SamarkandScreen:
    assert isinstance(table.screen, SamarkandScreen)
    return table.screen


def order_spot(table: TableScene, lot: int) -> Spot:
    """The sheet's button placing the order for `lot` (it says the price)."""
    spots = samarkand_screen(table).spots(table.table)
    return next(s for s in spots if isinstance(s.command, Order) and s.command.lot == lot)


def lower_price(players: Players, lot: int, price: int) -> None:
    """Clicks the sheet's minus on `lot`'s row until its stop price is `price`."""
    table = players.table
    for _ in range(10):
        place = order_spot(table, lot)
        assert isinstance(place.command, Order)
        if place.command.price == price:
            return
        spots = samarkand_screen(table).spots(table.table)
        lower = next(
            s
            for s in spots
            if s.text.startswith("A lower stop price") and s.rect.centery == place.rect.centery
        )
        players.click(lower.rect.center)
    raise AssertionError(f"the price never came down to {price}")


def order(players: Players, lot: int) -> None:
    """Places the order for `lot` at the price on the sheet, and waits for the table to show
    it."""
    players.click(order_spot(players.table, lot).rect.center)
    players.until_asked()


def sell_first_card(players: Players) -> None:
    spots = samarkand_screen(players.table).spots(players.table.table)
    players.click(next(s for s in spots if isinstance(s.command, Sell)).rect.center)


def seal(players: Players) -> None:
    buttons = players.table.buttons
    players.click(next(b for b in buttons if b.label == "Seal my orders").rect.center)


def sealed_souk(app: App, humans: int, seed: int = 5) -> TableScene:
    rules = game_spec("samarkand").rules
    match: Match[Any] = Match.new(rules, seats("samarkand", humans, 3), seed, {"mode": SEALED})
    table = open_table(app, SAMARKAND, match)
    app.stack.push(table)
    return table


def test_a_stop_price_one_merchant_set_is_not_on_the_next_merchants_sheet(app: App) -> None:
    """The issue: Ben sets 5 on the camel, orders it and seals; the next turn Ana's sheet
    opened with the camel at 5. Each sheet opens at its own seat's prices."""
    table = sealed_souk(app, humans=2)
    players = Players(app, table)
    set_by_ben = False
    for _ in range(40):
        seat = players.until_asked()
        if table.presenter.shown.phase == Phase.CHOOSE:
            sell_first_card(players)
        elif seat == 1 and not set_by_ben:
            lower_price(players, CAMEL, 5)
            order(players, CAMEL)
            set_by_ben = True
            seal(players)
        elif seat == 0 and set_by_ben:
            legal = table.controller.legal()
            top = max(c.price for c in legal if isinstance(c, Order) and c.lot == CAMEL)
            assert top != 5
            assert order_spot(table, CAMEL).command == Order(CAMEL, top)
            return
        else:
            seal(players)
    raise AssertionError("Ana's sheet never opened after Ben's")


def test_a_move_taken_back_leaves_the_screen_with_its_player_and_theirs_to_put_back(
    app: App,
) -> None:
    """Cy, the last to put up a card, stays at the screen for his sheet: he orders a lot and
    takes the order back. The table is set again with Cy still at the screen (it went behind
    a hand-off to Ana, the first to decide, who could then put Cy's order back), and only he
    may put the order back."""
    table = sealed_souk(app, humans=3)
    players = Players(app, table)
    while players.until_asked() != 2 or table.presenter.shown.phase != Phase.ORDERS:
        sell_first_card(players)
    lot = samarkand_screen(table).sheet_rows(table.controller.legal())[0]
    order(players, lot)
    moves, hand_offs = list(table.match.record.moves), players.hand_offs
    players.key(pygame.K_z, pygame.KMOD_CTRL)
    assert players.until_asked() == 2 and players.hand_offs == hand_offs
    assert table.match.record.moves == moves[:-1] and table.undo.redo_state() is None
    players.key(pygame.K_y, pygame.KMOD_CTRL)  # Cy puts it back, and takes it back again
    assert players.until_asked() == 2 and table.match.record.moves == moves
    players.key(pygame.K_z, pygame.KMOD_CTRL)
    assert players.until_asked() == 2 and table.undo.redo_state() is None
    seal(players)
    assert players.until_asked() == 0 and players.hand_offs == hand_offs + 1
    assert table.undo.redo_state() is not None
    players.key(pygame.K_y, pygame.KMOD_CTRL)
    players.until_asked()
    assert table.match.record.moves == [*moves[:-1], Move(2, Seal())]


# Twins ---------------------------------------------------------------------------------------

ANA, BEN = 0, 1
"""Twins differ in what Ana keeps to herself; Ben, at his screen after her, is the watcher."""

Decide = Callable[[Players, int | None], None]
"""Decides for the seat at the screen by clicking, as that player would: the twin is given for
Ana, None for the others."""


def first_decision(table: TableScene) -> bool:
    return True


@dataclass(frozen=True)
class Twins:
    """A game's screen of private input, and two tables that differ only in what Ana keeps
    from Ben (the setup's hidden facts, and what Ana decides)."""

    name: str
    game: str
    seats: int
    decide: Decide
    options: dict[str, Any] = field(default_factory=dict)
    setups: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None)
    ready: Callable[[TableScene], bool] = first_decision
    """Ben's screen to compare is up (he is asked): by default his first."""


def watched(app: App, twins: Twins, twin: int, seen: Seen) -> None:
    """Plays twin `twin` until Ben's screen is up, keeping every frame anyone but Ana may see;
    then Ben's screen under the pointer everywhere, and Ben trying to take a move back and to
    put one back."""
    ui = TABLE_GAMES[twins.game]
    rules = game_spec(twins.game).rules
    people = seats(twins.game, twins.seats, twins.seats)
    match: Match[Any] = Match.new(rules, people, 11, twins.options, setup=twins.setups[twin])
    table = open_table(app, ui, match)
    app.stack.push(table)
    players = Players(app, table, seen, ANA)
    until_bens_screen(players, twins, twin)
    for point in probes(table):
        players.point_at(point)
        app.step(1 / 30)
        players.look(f"the pointer at {point}")
    players.point_at(REST)
    for mod in (pygame.KMOD_CTRL, pygame.KMOD_CTRL | pygame.KMOD_SHIFT):
        players.key(pygame.K_z, mod)
        app.step(1 / 30)
        players.look(f"ctrl+z with {mod:#x}")
    seen.log = list(table.presenter.log)
    seen.views = table.match.view(BEN), table.match.view(ANA)


def until_bens_screen(players: Players, twins: Twins, twin: int) -> None:
    """Plays twin `twin` through the app until Ben's screen to compare is up."""
    players.point_at(REST)
    for _ in range(100):
        seat = players.until_asked()
        if seat == BEN and twins.ready(players.table):
            return
        twins.decide(players, twin if seat == ANA else None)
    raise AssertionError(f"{twins.name}: Ben's screen never came up")


def probes(table: TableScene) -> list[tuple[int, int]]:
    """Where the pointer goes over the watcher's screen: a grid over the whole window, and
    the log's buttons (their tooltips say why they cannot be used)."""
    width, height = table.app.size
    grid = [(x, y) for x in range(20, width, 60) for y in range(20, height, 60)]
    undo, redo = undo_buttons(table.layout)
    return [*grid, undo.center, redo.center, hint_button(table.layout).center]


def compare(twins: Twins, app: App, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Plays both twins and holds them to the same frames, sounds and log; where frames
    differ, both are saved in `folder` as pictures."""
    monkeypatch.setattr(time, "monotonic", lambda: 1000.0)  # glows and pulses stand still
    app.settings.animation_speed = 0.0  # every animation played at once

    def play(twin: int, keep: tuple[int, Path] | None = None) -> Seen:
        app.stack.clear()
        seen = Seen(keep=keep)
        monkeypatch.setattr(app, "play_sound", seen.sounds.append)
        watched(app, twins, twin, seen)
        return seen

    first, second = play(0), play(1)
    assert first.views is not None and second.views is not None
    assert first.views[0] == second.views[0], f"{twins.name}: the watcher knows they differ"
    assert first.views[1] != second.views[1], f"{twins.name}: twins keep the same secrets"
    for n, (one, other) in enumerate(zip(first.frames, second.frames, strict=False)):
        if one != other:
            for twin in (0, 1):
                play(twin, (n, folder / f"twin{twin}.png"))
            raise AssertionError(f"{twins.name}: frame {n} ({one[0]}) differs; see {folder}")
    assert len(first.frames) == len(second.frames), twins.name
    assert first.sounds == second.sounds, twins.name
    assert first.log == second.log, twins.name


def sealed_orders(players: Players, twin: int | None) -> None:
    """Each merchant puts up their first card and seals at once, but Ana, who orders one lot
    (the others see how many): the first on her sheet at its top price (twin 0); or she
    orders that one and takes the order back, then orders the camel at 3, leaving 2 set on
    the first lot (twin 1)."""
    table = players.table
    if table.presenter.shown.phase == Phase.CHOOSE:
        sell_first_card(players)
        return
    if twin is not None:
        lot = samarkand_screen(table).sheet_rows(table.controller.legal())[0]
        order(players, lot)
        if twin == 1:
            players.key(pygame.K_z, pygame.KMOD_CTRL)
            players.until_asked()
            lower_price(players, CAMEL, 3)
            order(players, CAMEL)
            lower_price(players, lot, 2)
    seal(players)


def put_up_for_sale(players: Players, twin: int | None) -> None:
    """A merchant puts up their first card; Ana in twin 1 her last (another value)."""
    spots = samarkand_screen(players.table).spots(players.table.table)
    sells = [s for s in spots if isinstance(s.command, Sell)]
    players.click(sells[-1 if twin == 1 else 0].rect.center)


def lay_face_down(players: Players, twin: int | None) -> None:
    """Moons' tableaux: a player lays the first card they may; Ana in twin 1 the last."""
    table = players.table
    screen = table.screen
    assert isinstance(screen, MoonsScreen)
    cards = [c.card for c in table.controller.legal() if isinstance(c, PlaceInTableau)]
    rect = screen.card_rect(cards[-1 if twin == 1 else 0], table.table)
    assert rect is not None
    players.click(rect.center)


def moons_deal(swapped: bool) -> dict[str, Any]:
    """Round 1 dealt from a shuffle, each seat's two mini-asteroids in order; `swapped`: Ana
    and Cy hold each other's cards and mini-asteroids."""
    deck = list(range(CARD_COUNT))
    random.Random(4).shuffle(deck)
    minis = list(range(MINI_COUNT))
    size = hand_size(3)
    if swapped:
        deck[:size], deck[2 * size : 3 * size] = deck[2 * size : 3 * size], deck[:size]
        minis[:2], minis[4:6] = minis[4:6], minis[:2]
    return {"minis": minis, "decks": [deck]}


def bid(players: Players, twin: int | None) -> None:
    """Market: Ana bids the card from the top of her pile at the first cushion; in twin 1
    (where her other cards differ) she first picks up another card, then changes her mind."""
    screen = players.table.screen
    assert isinstance(screen, MarketScreen)
    places, hand = screen.painter.places, screen.presenter.hand or []
    card = MARKET_PILES[0][0]
    if twin == 1:
        other = next(c for c in hand if c != card)
        players.click(screen.painter.rect(places.hand(hand.index(other), len(hand))).center)
    players.click(screen.painter.rect(places.hand(hand.index(card), len(hand))).center)
    players.click(screen.painter.rect(places.cushions[0]).center)


MARKET_PILES = (
    [7, 2, 12, 4, 9, 1, 13, 5, 10, 3, 8, 11, 6],
    list(range(1, 14)),
    list(range(13, 0, -1)),
)
"""Ana's, Ben's and Dirk's piles, top first."""


def market_deal(other_hand: bool) -> dict[str, Any]:
    """Ana starts; `other_hand`: her pile is in another order below its top card, so her
    other cards differ."""
    piles = [list(pile) for pile in MARKET_PILES]
    if other_hand:
        piles[0][1:] = reversed(piles[0][1:])
    return {"supply": supply_starting(), "piles": piles, "start_seat": 0}


def hide(players: Players, twin: int | None) -> None:
    """Castle: a player hides on the first white space they may reach and ends the turn
    there. Ana in twin 1, with no green pebble, first clicks a green space and is told why
    she may not (the words say what is behind her screen)."""
    table = players.table
    screen = table.screen
    assert isinstance(screen, CastleScreen)
    if table.buttons:
        players.click(next(b for b in table.buttons if b.label == "End turn").rect.center)
        return
    colours = screen.table.space_color
    legal = sorted(screen.offer(table.table).spaces)
    if twin == 1:
        green = next(s for s, c in enumerate(colours) if c == Color.GREEN and s not in legal)
        players.click(to_point(screen.painter.space_centre(green)))
        players.until_asked()
    white = next(s for s in legal if colours[s] == WHITE)
    players.click(to_point(screen.painter.space_centre(white)))


def to_point(centre: tuple[float, float]) -> tuple[int, int]:
    return round(centre[0]), round(centre[1])


def castle_deal(no_green: bool) -> dict[str, Any]:
    """Ana starts; she draws red, yellow, green and red, or with `no_green` red, yellow, red
    and yellow; Ben yellow, red, yellow and red; the rest of the pouch in turn."""
    drawn = ("RYRY" if no_green else "RYGR") + "YRYR"
    rest = "".join(c * (20 - drawn.count(c)) for c in "RYG")
    pouch = drawn + "".join(rest[n::20] for n in range(20))
    return {"stack": list(range(len(JEWEL_TILES))), "pouch": pouch, "start_seat": 0}


def at_the_sheet(table: TableScene) -> bool:
    return table.presenter.shown.phase == Phase.ORDERS


TWINS = [
    Twins(
        "Samarkand's sealed sheet",
        "samarkand",
        3,
        sealed_orders,
        options={"mode": SEALED},
        ready=at_the_sheet,
    ),
    Twins("Samarkand's card for sale", "samarkand", 3, put_up_for_sale, options={"mode": SEALED}),
    Twins(
        "Moons' face-down tableau",
        "moons",
        3,
        lay_face_down,
        setups=(moons_deal(False), moons_deal(True)),
    ),
    Twins("Market's hand", "market", 2, bid, setups=(market_deal(False), market_deal(True))),
    Twins("Castle's screen", "castle", 2, hide, setups=(castle_deal(False), castle_deal(True))),
]


@pytest.mark.parametrize("twins", TWINS, ids=[twins.name for twins in TWINS])
def test_the_seat_at_a_private_screen_sees_and_hears_the_same_in_both_twins(
    twins: Twins, app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    compare(twins, app, monkeypatch, tmp_path)
