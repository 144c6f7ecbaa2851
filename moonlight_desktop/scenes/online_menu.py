"""Play online: host a table on this computer or on a server, join one with its code (a table
hosted on the local network is found without typing), and Your online games, the tables this
player sits at, whose turn it is and since when; opening one goes back to it."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n import _, format_list, ngettext
from moonlight_desktop.net.discovery import FoundTable, TableFinder, own_addresses
from moonlight_desktop.net.link import Arrived
from moonlight_desktop.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Create,
    Held,
    Join,
    ListRooms,
    Resume,
    RoomList,
    RoomSummary,
    SeatWish,
)
from moonlight_desktop.net.serve import DEFAULT_PORT
from moonlight_desktop.online_seats import HeldSeat
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import MenuScene, Segmented, draw_night, go_back, heading_with_glow
from moonlight_desktop.ui.table.game_ui import GameUI
from moonlight_desktop.ui.table.setup import HUMAN
from moonlight_desktop.ui.widgets import Button, Choice, TextInput, Widget, blit_fitted

from .online_flow import OnlinePlay, draw_message_and_widgets, seconds_ago
from .table_flow import learner_name, rules_reader
from .table_setup import TableSetupScene
from .waiting_room import WaitingRoomScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

log = logging.getLogger(__name__)

HERE = "here"
SERVER = "server"
ROWS_SHOWN = 7
FOUND_SHOWN = 1
"""Tables found nearby offered at once (the newest host's first)."""
FINDER_LOOKS = 1.0
"""Seconds between looks at the tables found nearby."""
"""Rows of Your online games at once (the newest first)."""


def server_url(typed: str) -> str | None:
    """A server's address as typed ("192.168.1.20", "host:8765", "wss://games.example.org")
    made whole, or None when it cannot be one."""
    text = typed.strip()
    if not text:
        return None
    if "://" not in text:
        text = f"ws://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or parts.username:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    default = DEFAULT_PORT if parts.scheme == "ws" else 443
    return f"{parts.scheme}://{host}:{port or default}"


def seat_wishes(match: Match[Any]) -> list[SeatWish]:
    """The seats of a table set in the setup: the first human's is this player's ("me"), the
    other humans' friends' who join with the code, the bots' the server's."""
    wishes = []
    mine = next(n for n, seat in enumerate(match.seats) if seat.player == "human")
    for number, seat in enumerate(match.seats):
        if seat.player == "bot":
            wishes.append(SeatWish("bot", seat.level, seat.name))
        else:
            wishes.append(SeatWish("me" if number == mine else "person", None, seat.name))
    return wishes


class OnlineMenuScene(MenuScene):
    def __init__(self, app: App, game: str | None = None) -> None:
        """`game`: the game to host, chosen already (from its setup)."""
        super().__init__(app)
        self.play = OnlinePlay.of(app)
        seats = self.play.seats
        games = list(TABLE_GAMES)
        self.game = Choice[str](options=[(g, TABLE_GAMES[g].title) for g in games], name=_("Game"))
        if game in games:
            self.game.select(game)
        self.where = Segmented[str](
            options=[(HERE, _("This computer")), (SERVER, _("A server"))],
            on_change=self._moved,
            name=_("Where the table is kept"),
        )
        self.server = TextInput(
            max_length=80, value=seats.servers[0] if seats.servers else "", name=_("Game server")
        )
        self.code = TextInput(max_length=CODE_LENGTH, on_change=self._code_typed, name=_("Code"))
        self.join_server = TextInput(max_length=80, name=_("Host's address"))
        self.name = TextInput(
            max_length=18, value=seats.name or self._remembered_name(), name=_("Your name")
        )
        self.host_button = Button(label=_("Set the table"), on_click=self.host, primary=True)
        self.join_button = Button(label=_("Join"), on_click=self.join, primary=True)
        self.back_button = Button(label=_("Back"), on_click=lambda: go_back(self.app))
        self.rooms: dict[tuple[str, str], RoomSummary] = {}
        self.gone: set[tuple[str, str]] = set()
        self.open_buttons: list[tuple[HeldSeat, Button]] = []
        self.message = ""
        self.finder: TableFinder | None = None
        self.found: tuple[FoundTable, ...] = ()
        self.found_buttons: list[Button] = []
        self._pending_lists: dict[str, ListRooms] = {}
        """Lists of rooms to ask for once their server is reached."""
        self._ask_for_rooms()

    def _remembered_name(self) -> str:
        for game in TABLE_GAMES:
            name = learner_name(self.app.user_data.load_setup(game), 18)
            if name:
                return name
        return ""

    # Your online games ------------------------------------------------------------------------

    def _ask_for_rooms(self) -> None:
        """Asks each server where this player holds seats which of those tables wait for
        whom (the answers fill the list as they come)."""
        by_server: dict[str, list[HeldSeat]] = {}
        for seat in self.play.seats.seats:
            by_server.setdefault(seat.url, []).append(seat)
        for url, seats in by_server.items():
            link = self.play.link(url)
            request = ListRooms([Held(seat.room, seat.token) for seat in seats])
            if not link.send(request):
                self._pending_lists[url] = request

    def on_enter(self) -> None:
        super().on_enter()
        self.finder = TableFinder()

    def on_exit(self) -> None:
        super().on_exit()
        if self.finder is not None:
            self.finder.close()

    def next_frame_in(self) -> float | None:
        """Also once a second: a table found nearby (or gone) shows."""
        wait = super().next_frame_in()
        return FINDER_LOOKS if wait is None else min(wait, FINDER_LOOKS)

    def update(self, dt: float) -> None:
        super().update(dt)
        found = self.finder.tables if self.finder is not None else ()
        if found != self.found:
            self.found = found
            self.relayout()
        for url, request in list(self._pending_lists.items()):
            if self.app.online.link(url).send(request):
                del self._pending_lists[url]

    def hear_online(self, url: str, arrived: Arrived) -> None:
        message = arrived.message
        if isinstance(message, RoomList):
            for summary in message.rooms:
                self.rooms[(url, summary.room)] = summary
            self.gone |= {(url, room) for room in message.unknown}
            self.relayout()

    # Actions ----------------------------------------------------------------------------------

    def _moved(self, where: str) -> None:
        self.relayout()

    def _code_typed(self, text: str) -> None:
        self.code.value = "".join(ch for ch in text.upper() if ch in CODE_ALPHABET)

    def _address(self) -> str | None:
        """The server chosen, or None (said to the player)."""
        if self.where.value == HERE:
            try:
                return self.play.host()
            except OSError as error:
                log.warning("the game server could not start here: %s", error)
                self._say(_("This computer cannot host a table now: its network refused"))
                return None
        url = server_url(self.server.value)
        if url is None:
            self._say(_("That is no server address: try 192.168.1.20 or wss://games.example.org"))
            return None
        self.play.seats.remember_server(url)
        return url

    def _player_name(self) -> str | None:
        name = self.name.value.strip()
        if not name:
            self._say(_("Type your name first: the table shows it"))
            return None
        self.play.seats.remember_name(name)
        return name

    def host(self) -> None:
        """Opens the chosen game's setup for an online table."""
        url = self._address()
        if url is None or self._player_name() is None:
            return
        ui = TABLE_GAMES[self.game.value]
        setup = TableSetupScene(
            self.app,
            ui,
            lambda match: None,
            partial(rules_reader, self.app, ui),
            online=partial(self._open_table, url, ui),
        )
        name = self.name.value.strip()
        yours = next((n for n, seat in enumerate(setup.setup.seats) if seat.kind == HUMAN), None)
        if name and yours is not None:  # the seat that is "You" bears the name typed here
            setup.setup.set_name(yours, name)
        self.app.stack.push(setup)

    def _open_table(self, url: str, ui: GameUI[Any], match: Match[Any]) -> None:
        name = next(seat.name for seat in match.seats if seat.player == "human")
        create = Create(ui.game_id, seat_wishes(match), name, match.record.options, wait=True)
        hosted = self.where.value == HERE
        address = next(iter(own_addresses()), "localhost")
        friends_at = f"{address}:{self.app.online.host_port}" if hosted else url
        self.app.stack.replace(
            WaitingRoomScene(self.app, url, create, ui.title, ui.game_id, friends_at, hosted)
        )

    def join(self) -> None:
        name = self._player_name()
        if name is None:
            return
        if len(self.code.value) != CODE_LENGTH:
            self._say(_("A room code has {count} letters and figures").format(count=CODE_LENGTH))
            return
        url = server_url(self.join_server.value)
        if url is None:
            self._say(_("Type the host's address, e.g. 192.168.1.20, or wss://games.example.org"))
            return
        self.play.seats.remember_server(url)
        join = Join(self.code.value, name)
        self.app.stack.push(WaitingRoomScene(self.app, url, join, _("Joining the table"), ""))

    def pick_found(self, table: FoundTable) -> None:
        """A table found nearby: its code and address, filled in."""
        self.code.value, self.join_server.value = table.room, table.url
        if not table.joinable:
            self._say(
                _("That table's app is another version ({version}): update both").format(
                    version=table.version
                )
            )
        else:
            self._say(_("{host}'s table: type your name and Join").format(host=table.host_name))

    def open_seat(self, seat: HeldSeat) -> None:
        title = TABLE_GAMES[seat.game].title if seat.game in TABLE_GAMES else seat.game
        resume = Resume(seat.room, seat.token)
        self.app.stack.push(WaitingRoomScene(self.app, seat.url, resume, title, seat.game))

    def forget_seat(self, seat: HeldSeat) -> None:
        self.play.seats.let_go(seat.url, seat.room)
        self.app.online.link(seat.url).let_go(seat.room)
        self.relayout()

    def _say(self, text: str) -> None:
        self.message = text
        self.relayout()

    def back(self) -> bool:
        go_back(self.app)
        return True

    # Layout and drawing -----------------------------------------------------------------------

    def layout(self) -> None:
        f = self.frame
        self.add(self.name, f.rect(180, 104, 260, 44), _("Your name at the table"))
        self.add(self.game, f.rect(180, 218, 260, 44), _("The game to set"))
        self.add(self.where, f.rect(180, 272, 440, 44), _("Where the table is kept"))
        if self.where.value == SERVER:
            self.add(self.server, f.rect(180, 326, 440, 44), _("The game server's address"))
        self.add(self.host_button, f.rect(452, 215, 168, 50), _("Set the table: seats and options"))
        self.add(self.code, f.rect(180, 474, 130, 44), _("The room code a friend gave you"))
        self.add(
            self.join_server,
            f.rect(322, 474, 298, 44),
            _("The host's address (found on your network)"),
        )
        self.add(self.join_button, f.rect(180, 530, 140, 50), _("Sit down at that table"))
        self.add(self.back_button, f.rect(40, 626, 140, 50), _("Back (Esc)"))
        self.found_buttons = []
        for number, table in enumerate(self.found[:FOUND_SHOWN]):
            title = TABLE_GAMES[table.game].title if table.game in TABLE_GAMES else table.game
            button = Button(
                label=f"{title} · {table.host_name}", on_click=partial(self.pick_found, table)
            )
            self.found_buttons.append(button)
            # Translators: who hosts it, the game's title and the table's room code.
            hint = _("{host}'s {title} table ({room}), found nearby: join it").format(
                host=table.host_name, title=title, room=table.room
            )
            self.add(button, f.rect(332 + number * 258, 530, 288, 50), hint)
        self.open_buttons = []
        for number, seat in enumerate(self._listed()):
            if (seat.url, seat.room) in self.gone:
                button = Button(label=_("Forget"), on_click=partial(self.forget_seat, seat))
                name = _("Forget table {room}: {state}")
            else:
                button = Button(label=_("Open"), on_click=partial(self.open_seat, seat))
                name = _("Open table {room}: {state}")
            button.name = name.format(room=seat.room, state=self._row_state(seat))
            self.open_buttons.append((seat, button))
            self.add(button, f.rect(1116, 159 + number * 62, 104, 44), self._row_hint(seat))

    def heard_title(self) -> str:
        return _("Play online")

    def focus_order(self) -> list[Widget]:
        """Down the left column (hosting, joining, Back), then your games on the right."""
        ring = super().focus_order()
        yours = [button for _seat, button in self.open_buttons]
        return [w for w in ring if w not in yours] + [w for w in ring if w in yours]

    def _listed(self) -> list[HeldSeat]:
        return sorted(self.play.seats.seats, key=lambda seat: -seat.since)[:ROWS_SHOWN]

    def _row_hint(self, seat: HeldSeat) -> str:
        if (seat.url, seat.room) in self.gone:
            return _("This table is no longer on its server: forget it")
        return _("Back to table {room} at {url}").format(room=seat.room, url=seat.url)

    def _row_state(self, seat: HeldSeat) -> str:
        summary = self.rooms.get((seat.url, seat.room))
        if (seat.url, seat.room) in self.gone:
            return _("No longer on the server")
        if summary is None:
            return _("Asking the server…")
        if summary.over:
            return _("Game over")
        if not summary.started:
            return _("Waiting to start")
        ago = seconds_ago(summary.updated)
        if summary.seat in summary.to_act:
            # Translators: when the table last moved ("5 minutes ago").
            return _("Your turn · {ago}").format(ago=ago)
        names = [summary.names[n] for n in summary.to_act if n < len(summary.names)]
        if not names:
            return _("Nobody to play · {ago}").format(ago=ago)
        # Translators: the players whose turn it is ("Ada and Bo"), and when the table moved.
        return ngettext("{names} to play · {ago}", "{names} to play · {ago}", len(names)).format(
            names=format_list(names), ago=ago
        )

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        draw_night(surface, self.time)
        heading_with_glow(surface, _("Play online"), f.px(48), f.point(640, 52))
        for rect in (
            f.rect(24, 166, 616, 256),
            f.rect(24, 432, 616, 166),
            f.rect(660, 94, 596, 504),
        ):
            theme.panel(surface, rect, border=theme.PANEL_BORDER, radius=f.px(16))
        headings = ((_("Host a table"), 190), (_("Join a table"), 456))
        labels = [(_("Your name"), 126), (_("Game"), 240), (_("Kept on"), 294)]
        labels.append((_("Code, address"), 496))
        if self.where.value == SERVER:
            labels.append((_("Address"), 348))
        for text, y in headings:
            theme.blit_text(
                surface,
                text,
                theme.HEADING_FONT,
                f.px(28),
                theme.MOONLIGHT,
                "midleft",
                f.point(44, y),
            )
        for text, y in labels:  # in the column left of the fields (x 180)
            box = f.rect(44, y - 22, 128, 44)
            blit_fitted(surface, text, theme.BODY_FONT, f.px(18), theme.SILVER, box, "left")
        note = (
            _("Friends nearby join with the room's code; keep this computer on while you play.")
            if self.where.value == HERE
            else _("A server keeps turn-based games going for days, whoever's computer is off.")
        )
        box = f.rect(44, 378, 576, 42)  # under the fields, inside the hosting panel
        blit_fitted(surface, note, theme.BODY_FONT, f.px(16), theme.SILVER, box, "left")
        self._draw_your_games(surface)
        draw_message_and_widgets(self, surface, self.message, 614)

    def _draw_your_games(self, surface: pygame.Surface) -> None:
        f = self.frame
        theme.blit_text(
            surface,
            _("Your online games"),
            theme.HEADING_FONT,
            f.px(28),
            theme.MOONLIGHT,
            "midleft",
            f.point(684, 124),
        )
        listed = self._listed()
        if not listed:
            theme.blit_text(
                surface,
                _("None yet: host a table or join one."),
                theme.BODY_FONT,
                f.px(18),
                theme.SILVER,
                "midleft",
                f.point(684, 176),
            )
        for number, seat in enumerate(listed):
            row = f.rect(680, 153 + number * 62, 556, 56)
            theme.panel(surface, row, border=theme.PANEL_BORDER, radius=f.px(10))
            title = TABLE_GAMES[seat.game].title if seat.game in TABLE_GAMES else seat.game
            theme.blit_text(
                surface,
                f"{title} · {seat.room}",
                theme.BOLD_FONT,
                f.px(18),
                theme.TEXT,
                "topleft",
                (row.left + f.px(14), row.top + f.px(6)),
            )
            theme.blit_text(
                surface,
                self._row_state(seat),
                theme.BODY_FONT,
                f.px(16),
                theme.SILVER,
                "topleft",
                (row.left + f.px(14), row.top + f.px(30)),
            )


OnlinePlay.menu = OnlineMenuScene
