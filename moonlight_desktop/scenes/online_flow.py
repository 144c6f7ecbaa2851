"""What online play's scenes share: the seats this player holds, the server news no open table
hears (a request's answer goes to the scene on top; a turn come round at another table makes
the window's title and a soft sound say so), and how an online table is opened and routed
(game over keeps the game among the past games, with its replay)."""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable
from urllib.parse import urlsplit

import pygame

from moonlight_desktop.archive import Archive
from moonlight_desktop.engine import Match, OptionsError, RecordError
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n import N_, _, format_ago
from moonlight_desktop.net.link import Arrived, Link
from moonlight_desktop.net.protocol import TableState, Update
from moonlight_desktop.net.serve import DEFAULT_PORT
from moonlight_desktop.online_seats import OnlineSeats
from moonlight_desktop.table_notes import hints_in_setup
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import TITLE
from moonlight_desktop.ui.menu import MenuScene, go_home
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.game_ui import Standings
from moonlight_desktop.ui.table.online_table import OnlineTable
from moonlight_desktop.ui.table.scene import TableScene

from .pause import PauseScene
from .table_flow import SceneRouter, rules_reader
from .table_over import TableOverScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

log = logging.getLogger(__name__)

HOSTED_FOLDER = "hosted"
"""Inside the user's data folder: the rooms of tables hosted on this computer."""


@runtime_checkable
class HearsOnline(Protocol):
    """A scene that hears the server's answers to what it asked (on top of the stack)."""

    def hear_online(self, url: str, arrived: Arrived) -> None: ...


class OnlinePlay:
    """Online play for one app: made when first used, kept while the app runs."""

    _of: ClassVar[weakref.WeakKeyDictionary[App, OnlinePlay]] = weakref.WeakKeyDictionary()
    menu: ClassVar[Callable[[App], Scene] | None] = None
    """Play online's menu (registered by its module, which opens tables through this one)."""

    @classmethod
    def of(cls, app: App) -> OnlinePlay:
        play = cls._of.get(app)
        if play is None:
            play = cls._of[app] = cls(app)
        return play

    def __init__(self, app: App) -> None:
        self.app = app
        self.seats = OnlineSeats(app.user_data)
        self.turn_told: set[tuple[str, str]] = set()
        """Tables where it came round to this player while they were elsewhere."""
        app.online.rest = self._rest

    def link(self, url: str) -> Link:
        """The link to `url`, holding every seat this player has there (so a turn coming
        round at any of them is heard). A table this app hosts has its server started again
        first (after the app was closed), on the port it had when it can."""
        hosted = urlsplit(url)
        ours = any(seat.host and seat.url == url for seat in self.seats.seats)
        if ours and hosted.hostname == "localhost" and self.app.online.hosted is None:
            try:
                self.host(hosted.port or DEFAULT_PORT)
            except OSError as error:
                log.warning("the tables hosted here cannot be served again: %s", error)
        link = self.app.online.link(url)
        for seat in self.seats.seats:
            if seat.url == url:
                link.hold(seat.room, seat.token, resume=False)
        return link

    def host(self, port: int = DEFAULT_PORT) -> str:
        """The address of the game server on this computer (started when first asked, on
        `port` when free); OSError when it cannot be."""
        return self.app.online.host(self.app.user_data.folder / HOSTED_FOLDER, port)

    # News no open table hears -----------------------------------------------------------------

    def _rest(self, url: str, arrived: Arrived) -> None:
        top = self.app.stack.top
        if isinstance(top, HearsOnline):
            top.hear_online(url, arrived)
            return
        message = arrived.message
        if isinstance(message, Update | TableState):
            held = self.seats.held(url, message.room)
            if held is not None and held.seat in message.to_act:
                self.tell_turn(url, message.room, held.game)

    def tell_turn(self, url: str, room: str, game: str) -> None:
        """The window's title and a soft sound: it is this player's turn at another table."""
        if (url, room) in self.turn_told:
            return
        self.turn_told.add((url, room))
        title = TABLE_GAMES[game].title if game in TABLE_GAMES else game
        # Translators: the window's title: a game's title, then the app's name.
        pygame.display.set_caption(_("Your turn at {title} — {app}").format(title=title, app=TITLE))
        self.app.play_sound("button")

    def seen_turn(self, url: str, room: str) -> None:
        """The player is at that table now."""
        self.turn_told.discard((url, room))
        if not self.turn_told:
            pygame.display.set_caption(TITLE)

    # Tables -----------------------------------------------------------------------------------

    def open_table(self, url: str, table: TableState) -> OnlineTable | None:
        """The table `table` tells of, or None (said to the player) when this version cannot
        show it."""
        if table.game not in TABLE_GAMES:
            self.app.say(
                _("This version of the app has no game called {game}").format(
                    game=repr(table.game[:40])
                )
            )
            return None
        ui = TABLE_GAMES[table.game]
        try:
            scene = OnlineTable(
                self.app,
                ui,
                self.link(url),
                table,
                OnlineRouter(self.app, ui, self),
                hints=hints_in_setup(self.app.user_data.load_setup(ui.game_id)),
            )
        except (RecordError, OptionsError) as error:
            log.warning("the table %s could not be shown: %s", table.room, error)
            self.app.say(_("This table cannot be shown by this version of the app."))
            return None
        self.seen_turn(url, table.room)
        return scene


def draw_message_and_widgets(
    scene: MenuScene, surface: pygame.Surface, message: str, message_y: float
) -> None:
    """The end of an online menu's drawing: its message (a refusal, what a click did), its
    widgets and the hovered one's hint."""
    f = scene.frame
    if message:
        theme.blit_text(
            surface,
            message,
            theme.BOLD_FONT,
            f.px(19),
            theme.GOLD,
            "center",
            f.point(640, message_y),
        )
    scene.draw_widgets(surface)
    scene.draw_hint(surface, f.point(640, 700), f.px(900))


class OnlineRouter(SceneRouter):
    """What an online table asks of the scenes layer: its pause menu says the game waits on
    the server, and game over keeps the finished game among the past games."""

    def __init__(self, app: App, ui: Any, play: OnlinePlay) -> None:
        super().__init__(app, ui)
        self.play = play

    def _pause_menu(self) -> PauseScene:
        return PauseScene(self.app, lambda: rules_reader(self.app, self.ui), online=True)

    def game_over(self, table: TableScene, standings: Standings) -> None:
        assert isinstance(table, OnlineTable)
        finished = table.remote.finished
        if finished is not None:
            self.app.run_rules(lambda: self._archive(finished))

        def strip() -> pygame.Rect:
            return table.layout.actions

        self.app.stack.push(
            TableOverScene(
                self.app,
                self.ui,
                table.match,
                standings,
                self._back_online,
                strip,
                again=(N_("Your online games"), N_("Back to your online games and tables")),
            )
        )

    def _archive(self, match: Match[Any]) -> None:
        try:
            Archive(self.app.user_data.archive_folder).add(match, self.app.settings.archive_limit)
        except (OSError, ValueError) as error:
            log.warning("the finished online game could not be archived: %s", error)

    def _back_online(self) -> None:
        menu = OnlinePlay.menu
        if menu is None:
            go_home(self.app)
        else:
            self.app.stack.reset(menu(self.app))


def seconds_ago(then: float) -> str:
    """ "just now", "5 minutes ago", "3 hours ago", "2 days ago" (in the language's words)."""
    return format_ago(max(0.0, time.time() - then))
