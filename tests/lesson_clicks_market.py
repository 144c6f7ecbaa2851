"""Where the learner clicks for a taught Moonlight Market command, on the board as it stands:
a bid is its card in the hand, then its cushion (a displaced card needs only the cushion); a
link is its place on the tray of received links, then its gem's column; a hammer is the link
it knocks off. Discarding a hammer is a button of the action strip (found by the driver)."""

from __future__ import annotations

import pygame

from moonlight_desktop.engine import Command
from moonlight_desktop.games.market.moves import Bid, PlaceLink, PlayDisplaced, UseHammer
from moonlight_desktop.games.market.ui.screen import MarketScreen
from moonlight_desktop.ui.table.scene import TableScene


def next_click(scene: TableScene, command: Command) -> tuple[int, int] | None:
    screen = scene.screen
    me = scene.controller.viewer
    if not isinstance(screen, MarketScreen) or me is None:
        return None
    painter, places, picture = screen.painter, screen.painter.places, screen.presenter

    def centre(box: pygame.FRect) -> tuple[int, int]:
        x, y = painter.rect(box).center
        return (x, y)

    if isinstance(command, Bid):
        hand = picture.hand or []
        if screen.card != command.card:
            if command.card not in hand:
                return None
            return centre(places.hand(hand.index(command.card), len(hand)))
        return centre(places.cushions[command.cushion])
    if isinstance(command, PlayDisplaced):
        return centre(places.cushions[command.cushion])
    if isinstance(command, PlaceLink):
        pending = picture.pending[me]
        if screen.link != command.link:
            if command.link not in pending:
                return None
            return centre(places.tray(me, pending.index(command.link)))
        return centre(places.column(me, command.gem))
    if isinstance(command, UseHammer):
        if command.slot >= len(picture.chains[me][command.gem]):
            return None
        return centre(places.chain(me, command.gem, command.slot))
    return None
