"""The scenes around the games: title, gallery, setup, rules, settings, about, pause, hand-off
and game over. Registered explicitly (no directory scanning: a frozen build cannot list its own
folders)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from moonlight_desktop.game_list import TABLE_GAMES, game_spec, make_bot
from moonlight_desktop.i18n import _
from moonlight_desktop.licences import NOTICES
from moonlight_desktop.net.protocol import Create, SeatWish
from moonlight_desktop.ui.menu import ConfirmScene
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.setup import TableSetup

from .about import AboutScene, LicenceScene
from .gallery import GalleryScene
from .handoff import HandoffScene
from .online_menu import OnlineMenuScene
from .pause import PauseScene
from .rules_reader import RulesScene
from .settings import SettingsScene
from .statistics import StatisticsScene
from .table_flow import open_table, rules_reader, seat_look
from .table_over import TableOverScene
from .table_setup import TableSetupScene
from .title import TitleScene
from .waiting_room import WaitingRoomScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

SCENES: dict[str, type[Scene]] = {
    "online": OnlineMenuScene,
    "waiting_room": WaitingRoomScene,
    "title": TitleScene,
    "gallery": GalleryScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "about": AboutScene,
    "licence": LicenceScene,
    "pause": PauseScene,
    "handoff": HandoffScene,
    "confirm": ConfirmScene,
    "table_setup": TableSetupScene,
    "table_over": TableOverScene,
    "statistics": StatisticsScene,
}


def all_scenes_for_smoke_test(app: App) -> list[Scene]:
    """One of each scene in a representative state, and each game's setup, rules, table
    (mid-game) and game over (played out by bots)."""
    first = next(iter(TABLE_GAMES.values()))
    reader = partial(rules_reader, app, first)
    return [
        TitleScene(app),
        GalleryScene(app),
        SettingsScene(app),
        AboutScene(app),
        LicenceScene(app, NOTICES[0]),
        PauseScene(app, reader),
        HandoffScene(
            app,
            "Ana",
            seat_look(first, first.setup.looks[0]),
            lambda: None,
            lambda: PauseScene(app, reader),
        ),
        ConfirmScene(
            app,
            _("Start a new game?"),
            _("A game of {title} is in progress.\nStart a new one, and it is lost.").format(
                title=first.title
            ),
            proceed=(_("Start new"), ""),
            keep=(_("Keep it"), ""),
            on_proceed=lambda: None,
        ),
        *_table_scenes(app),
        *_online_scenes(app),
    ]


def _online_scenes(app: App) -> list[Scene]:
    """Play online and a waiting room still reaching its server (no network needed: the
    address is this computer's discard port): the bundle carries online play whole."""
    first = next(iter(TABLE_GAMES.values()))
    create = Create(first.game_id, [SeatWish("me", name="Ana")], "Ana")
    url = "ws://127.0.0.1:9"
    return [
        OnlineMenuScene(app),
        WaitingRoomScene(app, url, create, first.title, first.game_id),
    ]


def _table_scenes(app: App) -> list[Scene]:
    """Each game's setup, rules, table (mid-game) and game over."""
    scenes: list[Scene] = []
    for ui in TABLE_GAMES.values():
        setup = TableSetup.default(ui.setup)
        rules = game_spec(ui.game_id).rules
        reader = partial(rules_reader, app, ui)
        scenes += [TableSetupScene(app, ui, lambda _match: None, reader), reader()]
        scenes.append(open_table(app, ui, setup.to_match(rules, seed=1)))
        finished = setup.to_match(rules, seed=2)
        bots = {seat: make_bot(ui.game_id, "easy", seat) for seat in range(len(finished.seats))}
        while not finished.is_over():
            seat = finished.to_act()[0]
            finished.submit(seat, bots[seat].choose(finished.view(seat), finished.legal(seat), 0))
        scenes.append(TableOverScene(app, ui, finished, ui.standings(finished), lambda: None))
    return scenes


__all__ = [
    "SCENES",
    "AboutScene",
    "ConfirmScene",
    "GalleryScene",
    "HandoffScene",
    "LicenceScene",
    "PauseScene",
    "RulesScene",
    "SettingsScene",
    "TableOverScene",
    "TableSetupScene",
    "TitleScene",
    "all_scenes_for_smoke_test",
]
