"""Moons' screen on the table kit, played like a player plays it: every human decision is a
click at the pixel where the screen draws the card, token, seat or button. A whole game of two
humans and two bots; frames that never show another seat's secrets; the reason under a card
that cannot be played; and a table that fits from the smallest window with six seats up."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from moonlight_desktop import i18n
from moonlight_desktop.engine import Command, Match, RecordError, SeatSpec
from moonlight_desktop.game_list import GAMES, make_bot
from moonlight_desktop.games.moons.components import MINI_KIND, Mini
from moonlight_desktop.games.moons.moves import (
    PlaceInTableau,
    PlayBlock,
    PlayCard,
    TakeToken,
    TradeCard,
    TradeToken,
)
from moonlight_desktop.games.moons.state import Phase
from moonlight_desktop.games.moons.ui import screen as moons_screen
from moonlight_desktop.games.moons.ui.description import MOONS_UI
from moonlight_desktop.games.moons.ui.hints import card_hints
from moonlight_desktop.games.moons.ui.pieces import LOOKS
from moonlight_desktop.games.moons.ui.places import row_places, supply_places
from moonlight_desktop.games.moons.ui.screen import MoonsScreen
from moonlight_desktop.games.moons.view import MoonsView
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.sizes import MIN_WINDOW_SIZE
from moonlight_desktop.ui.table.layout import TableLayout
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.userdata import UserData

from .moons_helpers import EROS, J, N, S, U, card, deck_for
from .table_helpers import Router, asked, click
from .table_helpers import frame as step

RULES = GAMES["moons"].rules
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(UserData(tmp_path))
    yield application
    pygame.quit()


def _table(
    app: App,
    humans: int,
    seats: int = 4,
    setup: dict[str, Any] | None = None,
    speed: float = 0.0,
    level: str = "easy",
) -> tuple[TableScene, Router]:
    app.settings.animation_speed = speed
    specs = [
        SeatSpec(
            NAMES[n], "human" if n < humans else "bot", None if n < humans else level, LOOKS[n].id
        )
        for n in range(seats)
    ]
    match = Match.new(RULES, specs, 7, setup=setup)
    bots = {n: make_bot("moons", level, n) for n in range(humans, seats)}
    router = Router()
    scene = TableScene(app, MOONS_UI, match, bots, router, lambda m: None)
    app.stack.push(scene)
    return scene, router


def _screen(scene: TableScene) -> MoonsScreen:
    assert isinstance(scene.screen, MoonsScreen)
    return scene.screen


def _button(scene: TableScene, command: Command) -> tuple[int, int]:
    """Where the action strip's button that submits `command` is (whatever its label says in
    the language played in)."""
    scene.update(0.0)  # the strip follows the choice just made
    button = scene.strip.button_for(command)
    assert button is not None, command
    return button.rect.center


def _pinned(seed: int, minis: list[int]) -> dict[str, Any]:
    """Round 1 dealt from a shuffle of `seed`, the mini-asteroids dealt `minis` first."""
    deck = list(range(60))
    random.Random(seed).shuffle(deck)
    return {"minis": minis + [m for m in range(38) if m not in minis], "decks": [deck]}


# A whole game by clicks ----------------------------------------------------------------------


class Player:
    """Decides for whichever human sits at the screen, with clicks only: each kind of
    decision the screen offers at least once (a token from the supply and from the strip, a
    Block, both trades), otherwise a random card."""

    def __init__(self, app: App, scene: TableScene) -> None:
        self.app, self.scene = app, scene
        self.screen = _screen(scene)
        self.roll = random.Random(3)
        self.done: Counter[str] = Counter()

    def decide(self) -> None:
        legal = list(self.scene.controller.legal())
        moves = len(self.scene.match.record.moves)
        kinds = {type(command) for command in legal}
        if TakeToken in kinds:
            self._take(legal)
        elif TradeToken in kinds and not self.done["trade token"]:
            self._trade_token(legal)
        elif TradeCard in kinds and not self.done["trade card"]:
            self._trade_card(legal)
        elif PlayBlock in kinds and not self.done["block"]:
            click(self.app, _button(self.scene, next(c for c in legal if isinstance(c, PlayBlock))))
            self.done["block"] += 1
        else:
            command = self.roll.choice(
                [c for c in legal if isinstance(c, PlaceInTableau | PlayCard)]
            )
            rect = self.screen.card_rect(command.card, self.scene.table)
            assert rect is not None
            click(self.app, rect.center)
        assert len(self.scene.match.record.moves) == moves + 1, "the click did not play"

    def _take(self, legal: list[Command]) -> None:
        take = self.roll.choice([c for c in legal if isinstance(c, TakeToken)])
        if self.done["take from strip"] <= self.done["take from supply"]:
            click(self.app, _button(self.scene, take))
            self.done["take from strip"] += 1
        else:
            click(self.app, self.screen.supply_rect(take.planet).center)
            self.done["take from supply"] += 1

    def _mini(self, kind: Mini) -> None:
        seat = self.scene.controller.viewer
        assert seat is not None
        minis = self.scene.presenter.minis[seat]
        index = next(n for n, mini in enumerate(minis) if MINI_KIND[mini] == kind)
        click(self.app, self.screen.mini_rect(index).center)

    def _trade_token(self, legal: list[Command]) -> None:
        trade = self.roll.choice([c for c in legal if isinstance(c, TradeToken)])
        seat = self.scene.controller.viewer
        assert seat is not None
        self._mini(Mini.TRADE_TOKEN)
        assert self.screen.trade is not None
        # A card now would not be part of the trade: a click on one does nothing but say why.
        held = self.scene.presenter.hands[seat][0]
        rect = self.screen.card_rect(held, self.scene.table)
        assert rect is not None
        click(self.app, rect.center)
        hover = self.screen.hover(rect.center, self.scene.table)
        finish_first = i18n._("Finish the trade or cancel it first")
        assert hover is not None and finish_first in hover.text and self.screen.trade is not None
        click(self.app, self.screen.cancel_rect().center)
        assert self.screen.trade is None
        self._mini(Mini.TRADE_TOKEN)
        click(self.app, self.screen.token_rect(seat, trade.give).center)
        # The seat on the board, then their planet from the action strip.
        click(self.app, self.screen.painter.places().seats[trade.target].name.center)
        assert self.screen.trade is not None and self.screen.trade.target == trade.target
        click(self.app, _button(self.scene, trade))
        self.done["trade token"] += 1

    def _trade_card(self, legal: list[Command]) -> None:
        trade = self.roll.choice([c for c in legal if isinstance(c, TradeCard)])
        self._mini(Mini.TRADE_CARD)
        given = self.screen.card_rect(trade.give, self.scene.table)
        assert given is not None
        click(self.app, given.center)
        slot = self.scene.presenter.tableaux[trade.target].index(trade.take)
        click(self.app, self.screen.tableau_rect(trade.target, slot).center)
        self.done["trade card"] += 1


def play_out(app: App, scene: TableScene, router: Router, player: Player) -> None:
    """`player` decides for the humans at the screen until the game is over."""
    for frame in range(6000):
        if router.over:
            return
        if asked(scene):
            player.decide()
        step(app, scene, router, dt=1.0, draw=frame % 5 == 0)
    pytest.fail("the game did not end")


def test_a_whole_game_of_two_humans_and_two_bots_is_played_by_clicks(app: App) -> None:
    # Ana holds a Trade Token and a Trade Card, Ben a Block and a Trade Token.
    scene, router = _table(app, humans=2, setup=_pinned(11, [22, 12, 32, 23]))
    player = Player(app, scene)
    play_out(app, scene, router, player)
    assert scene.match.is_over() and router.over == 1
    assert router.hand_offs > 8  # two humans share the screen, hands and tableaux hidden
    done = player.done
    assert done["take from strip"] and done["take from supply"], done
    assert done["trade token"] and done["trade card"] and done["block"], done
    while scene.presenter.busy:  # the last trick may still be on its way
        step(app, scene, router, dt=1.0)
    header = scene.header(scene.table)
    title, prompt = header.title, header.prompt
    assert title == "Game over" and "with" in prompt


# The game's description -----------------------------------------------------------------------


def test_the_game_describes_itself_and_refuses_a_look_it_does_not_know() -> None:
    spec = MOONS_UI.setup
    assert (spec.min_seats, spec.max_seats, spec.levels) == (3, 6, ("easy", "normal", "hard"))
    assert len(set(spec.looks)) == len(set(spec.look_titles)) == 6
    assert len({MOONS_UI.look_color(look) for look in spec.looks}) == 6
    assert len({title[0] for title in spec.look_titles}) == 6  # each crest its own letter
    assert MOONS_UI.players_label() == "3\N{EN DASH}6 players"
    assert MOONS_UI.rules.sections and MOONS_UI.card_art.startswith("moons/")
    specs = [SeatSpec("Ana"), SeatSpec("Ben", "bot", "easy"), SeatSpec("Cy", look="dragon")]
    with pytest.raises(RecordError, match="dragon"):
        MOONS_UI.screen(Match.new(RULES, specs, 1), 0, lambda name: None)
    match = Match.new(RULES, [*specs[:2], SeatSpec("Cy")], 1)
    assert MOONS_UI.private_seats(match) == {0, 2}
    assert GAMES["moons"].timeout(match, 0) is None
    roll = random.Random(1)
    while not match.is_over():
        seat = match.to_act()[0]
        match.submit(seat, roll.choice(list(match.legal(seat))))
    standings = MOONS_UI.standings(match)
    assert sorted(row.seat for row in standings.rows) == [0, 1, 2]
    for row in standings.rows:
        assert row.total == match.scores()[row.seat] == sum(points for _, points in row.parts)
        assert row.winner == (row.seat in match.winners())


# Privacy -------------------------------------------------------------------------------------


def _frames_seen(app: App, setup: dict[str, Any]) -> tuple[list[str], MoonsView]:
    """Seat 0 at the screen lays two tableau cards while the bots lay theirs: a digest of
    every frame until then."""
    scene, router = _table(app, humans=1, setup=setup, speed=1.0)
    digests = []
    laid = 0
    for _ in range(400):
        if asked(scene) and laid < 2:
            legal = [c for c in scene.controller.legal() if isinstance(c, PlaceInTableau)]
            rect = _screen(scene).card_rect(legal[0].card, scene.table)
            assert rect is not None
            click(app, rect.center)
            laid += 1
        step(app, scene, router, dt=0.05)
        digests.append(hashlib.sha1(pygame.image.tobytes(app.window, "RGB")).hexdigest())
        table = scene.match.view(None)
        assert isinstance(table, MoonsView)
        bots_done = all(table.tableau_sizes[s] == 3 for s in (1, 2, 3))
        if laid == 2 and bots_done and not scene.presenter.busy:
            break
    else:
        pytest.fail("the tableaux were never laid")
    view = scene.match.view(2)
    assert isinstance(view, MoonsView)
    app.stack.pop()
    return digests, view


def test_a_frame_works_out_once_what_the_seat_at_the_screen_may_do(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The header, the board, each of six seat rows, the supply strip and the card under the
    pointer all read one working-out of the choices per frame (one snapshot of the table)."""
    scene, router = _table(app, humans=1, seats=6)
    for _ in range(100):
        if asked(scene):
            break
        step(app, scene, router, dt=1.0, draw=False)
    assert asked(scene)
    held = scene.presenter.hands[0][0]
    rect = _screen(scene).card_rect(held, scene.table)
    assert rect is not None
    app.stack.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=())
    )
    worked_out: list[MoonsView] = []

    def counted_hints(view: MoonsView, legal: Any) -> Any:
        worked_out.append(view)
        return card_hints(view, legal)

    monkeypatch.setattr(moons_screen, "card_hints", counted_hints)
    app.stack.draw(app.window)
    assert len(worked_out) == 1
    app.stack.draw(app.window)
    assert len(worked_out) == 2  # the next frame is a new snapshot


def test_frames_never_show_what_another_seat_holds(app: App) -> None:
    deck = _pinned(4, [])["decks"][0]
    other = list(deck)
    # Seat 2's cards (15 to 29 of the deal at four seats) swap with seat 3's, and their
    # mini-asteroids too: only what seat 0 may not see differs.
    other[30:45], other[45:60] = deck[45:60], deck[30:45]
    minis = list(range(38))
    swapped = minis[:4] + minis[6:8] + minis[4:6] + minis[8:]
    first, view_a = _frames_seen(app, {"minis": minis, "decks": [deck]})
    second, view_b = _frames_seen(app, {"minis": swapped, "decks": [other]})
    assert view_a.hand != view_b.hand and view_a.minis != view_b.minis
    assert view_a.tableaux[2] != view_b.tableaux[2]
    assert first == second


# Hover -----------------------------------------------------------------------------------------


def test_the_keyboard_focus_walks_the_choices_in_reading_order(app: App) -> None:
    """The seats' places on the board are listed from the top left, the seat at the screen's
    last; while a tableau is laid, the focus stops on the cards that may be laid, left to
    right (not on those that may not), and Enter lays the one it is on."""
    scene, router = _table(app, humans=1, seats=4)
    for _ in range(100):
        if asked(scene):
            break
        step(app, scene, router, dt=1.0, draw=False)
    screen, table = _screen(scene), scene.table
    plates = [here.plate for here in screen.painter.places().seats]
    listed = [spot.rect for spot in screen.spots(table) if spot.rect in plates]
    assert listed == sorted(plates, key=lambda rect: (rect.top, rect.left))
    assert listed[-1] == plates[0]
    layable = sorted(c.card for c in table.legal() if isinstance(c, PlaceInTableau))
    assert 0 < len(layable) < len(scene.presenter.hands[0])
    ring = screen.focus_ring(table)
    assert [spot.command for spot in ring] == [PlaceInTableau(card) for card in layable]
    assert [spot.rect.left for spot in ring] == sorted(spot.rect.left for spot in ring)
    screen.move_focus(1, table)
    screen.move_focus(1, table)
    assert screen.use_focused(table) == PlaceInTableau(layable[1])


def test_a_card_that_cannot_be_played_says_why_under_the_pointer(app: App) -> None:
    # Ana holds an Asteroid and cards of every planet, so she must follow suit sometimes.
    hand = [EROS, *(card(p, r) for p in (J, S, N, U) for r in (2, 6, 9))]
    deck = deck_for(4, [hand[:15]])
    setup = {"minis": list(range(38)), "decks": [deck]}
    scene, router = _table(app, humans=1, setup=setup)
    screen = _screen(scene)
    seen: set[str] = set()
    roll = random.Random(2)
    for _ in range(2000):
        step(app, scene, router, dt=1.0, draw=False)
        if not asked(scene):
            continue
        table = scene.table
        view = scene.presenter.shown
        hints = card_hints(view, table.legal())
        for held, reason in hints.reasons.items():
            if "Asteroid never goes into a tableau" in reason or "must follow" in reason:
                rect = screen.card_rect(held, table)
                assert rect is not None
                app.stack.handle_event(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=())
                )
                hover = screen.hover(rect.center, table)
                assert hover is not None and hover.target == rect
                assert hover.text == reason[:1].upper() + reason[1:]
                above = pygame.Rect(rect.left, rect.top - 30, rect.width, 20)
                app.stack.draw(app.window)
                with_tip = app.window.subsurface(above).copy()
                app.stack.handle_event(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=())
                )
                app.stack.draw(app.window)
                without = app.window.subsurface(above)
                assert pygame.image.tobytes(with_tip, "RGB") != pygame.image.tobytes(
                    without, "RGB"
                ), "the tooltip is drawn above the card"
                seen.add("tableau" if view.phase == Phase.TABLEAU else "follow")
                break
        if seen == {"tableau", "follow"}:
            return
        playable = sorted(hints.playable)
        if playable:
            rect = screen.card_rect(roll.choice(playable), table)
            assert rect is not None
            click(app, rect.center)
        else:
            scene.controller.submit(table.legal()[0])  # a token to take: not this test's part
    pytest.fail(f"only saw {seen}")


# Layout ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "seats"), [(MIN_WINDOW_SIZE, 6), ((1920, 1080), 3), ((1280, 720), 5), ((1280, 720), 4)]
)
def test_the_table_lays_out_without_overlap(size: tuple[int, int], seats: int) -> None:
    match = Match.new(RULES, [SeatSpec(NAMES[n]) for n in range(seats)], 1)
    ui_screen = MOONS_UI.screen(match, 0, lambda name: None)
    layout = TableLayout.for_window(size, seats, ui_screen.board_aspect, ui_screen.extra_height)
    ui_screen.relayout(layout)
    for bottom in range(seats):
        places = ui_screen.painter.places(bottom)
        parts = places.board_rects()
        names = list(parts)
        for n, name in enumerate(names):
            assert layout.board.contains(parts[name]), name
            for other in names[n + 1 :]:
                assert not parts[name].colliderect(parts[other]), (name, other)
        for trick in places.tricks:
            assert layout.board.contains(trick)
            assert not any(trick.colliderect(seat.plate) for seat in places.seats)
        for seat, here in enumerate(places.seats):
            inside = [here.name, *here.markers, *here.tableau, here.minis, here.won]
            if seat != bottom:
                inside.append(here.hand)
            assert all(here.plate.contains(rect) for rect in inside), seat
            assert all(here.minis.contains(r) for r in places.mini_rects(seat, 9)), seat
        strip = places.seats[bottom].plate
        held = places.hand_rects(60 // seats)
        assert all(places.seats[bottom].hand.contains(rect) for rect in held)
        lifted = [rect.move(0, -places.lift) for rect in held]
        assert not any(rect.colliderect(strip) for rect in lifted)
        assert not places.prompt.colliderect(places.seats[bottom].tableau[2])
    for row in layout.seats:
        assert all(row.contains(token) for token in row_places(row, layout).tokens)
    strip = supply_places(layout.extra, layout)
    assert all(layout.extra.contains(r) for r in (*strip.tokens, strip.deck, strip.discard))
