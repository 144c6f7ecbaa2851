"""The waiting room of an online table: the seats filling as friends join with the room's code,
who is connected, a button that copies the code, and for the host the button that starts the
game once every friend has sat down. Also where a request to create, join or come back to a
table waits for the server's answer; a refusal is said here in one sentence.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import msgspec
import pygame

from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n import _
from moonlight_desktop.net.discovery import Advertised
from moonlight_desktop.net.link import Arrived
from moonlight_desktop.net.protocol import (
    Create,
    Message,
    Presence,
    Refused,
    Resume,
    Seated,
    SeatInfo,
    Start,
    TableState,
)
from moonlight_desktop.online_seats import new_seat
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import MenuScene, draw_night, go_back, heading_with_glow
from moonlight_desktop.ui.widgets import Button, Spot

from .online_flow import OnlinePlay, draw_message_and_widgets
from .table_setup import kind_label

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

REQUESTS = ("create", "join", "resume", "start")
"""The requests a refusal answers here."""


class WaitingRoomScene(MenuScene):
    def __init__(
        self,
        app: App,
        url: str,
        request: Message,
        title: str,
        game: str,
        friends_at: str = "",
        hosted_here: bool = False,
    ) -> None:
        """`request`: what sits this player at the table (a Create, a Join or a Resume),
        sent once the server is reached. `friends_at`: the address friends type to join.
        `hosted_here`: the server runs in this app (its computer must stay on)."""
        super().__init__(app)
        self.play = OnlinePlay.of(app)
        self.url = url
        self.link = self.play.link(url)
        self.request = request
        self.sent = False
        self.title = title
        self.game = game
        """The game's id, as far as this player knows it (a join learns it from the table)."""
        self.friends_at = friends_at
        self.hosted_here = hosted_here
        self.room = request.room if isinstance(request, Resume) else ""
        self.seat: int | None = None
        self.table: TableState | None = None
        self.seats: list[SeatInfo] = []
        self.announced: Advertised | None = None
        """The table announced on the local network while friends sit down (hosted here)."""
        self.message = ""
        self.copy_button = Button(label=_("Copy the code"), on_click=self.copy_code)
        self.start_button = Button(label=_("Start the game"), on_click=self.start, primary=True)
        self.back_button = Button(label=_("Back"), on_click=self.leave)
        if self.room:
            app.online.listen(url, self.room, self._hear_room)

    # Talking to the server --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.sent and self.link.online:
            self.sent = self.link.send(self.request)

    def hear_online(self, url: str, arrived: Arrived) -> None:
        message = arrived.message
        if url != self.url:
            return
        if isinstance(message, Seated) and not self.room:
            self._seated(message)
        elif isinstance(message, Refused) and message.about in REQUESTS:
            self.message = message.reason
            self.relayout()

    def _seated(self, seated: Seated) -> None:
        self.room, self.seat = seated.room, seated.seat
        host = isinstance(self.request, Create)
        game = self.request.game if isinstance(self.request, Create) else self.game
        held = new_seat(self.url, seated.room, seated.token, game, seated.seat, host)
        self.play.seats.hold(held)
        self.link.hold(seated.room, seated.token, resume=False)
        self.app.online.listen(self.url, seated.room, self._hear_room)
        if self.hosted_here and isinstance(self.request, Create):
            port = self.app.online.host_port
            self.announced = Advertised(port, self.game, seated.room, self.request.name)

    def _hear_room(self, url: str, arrived: Arrived) -> None:
        message = arrived.message
        if isinstance(message, TableState):
            self.table, self.seats, self.seat = message, message.seats, message.seat
            self._learn_game(url, message)
            if message.started:
                self._to_the_table(message)
                return
        elif isinstance(message, Presence):
            self.seats = message.seats
            if message.started and self.table is not None:
                self._to_the_table(msgspec.structs.replace(self.table, seats=message.seats))
                return
        self.relayout()

    def on_exit(self) -> None:
        super().on_exit()
        if self.announced is not None:
            self.announced.close()

    def _learn_game(self, url: str, table: TableState) -> None:
        """A friend who joined by code learns the game from the table: its title here, and
        in Your online games."""
        held = self.play.seats.held(url, table.room)
        if held is not None and held.game != table.game:
            self.play.seats.hold(dataclasses.replace(held, game=table.game))
        if table.game in TABLE_GAMES:
            self.title = TABLE_GAMES[table.game].title

    def _to_the_table(self, table: TableState) -> None:
        self.app.online.stop_listening(self.url, table.room)
        scene = self.play.open_table(self.url, table)
        if scene is not None:
            self.app.stack.replace(scene)

    # Actions ----------------------------------------------------------------------------------

    @property
    def is_host(self) -> bool:
        return self.table is not None and self.seat == self.table.host

    def can_start(self) -> bool:
        """The table is known and every friend has sat down."""
        if self.table is None:
            return False
        return all(seat.taken for seat in self.seats if seat.kind == "person")

    def start(self) -> None:
        if not self.can_start():
            self.message = _("Wait until every friend has sat down")
        elif not self.link.send(Start(self.room)):
            self.message = _("Not connected to the game server: try again in a moment")
        self.relayout()

    def copy_code(self) -> None:
        try:
            if not pygame.scrap.get_init():
                pygame.scrap.init()
            pygame.scrap.put_text(self.room)
        except pygame.error:
            self.message = _("The code could not be copied: it is {code}").format(code=self.room)
        else:
            self.message = _("{code} is copied: paste it to your friends").format(code=self.room)
        self.relayout()

    def leave(self) -> None:
        """Back: the table stays on the server, under Your online games."""
        if self.room:
            self.app.online.stop_listening(self.url, self.room)
        go_back(self.app)

    def back(self) -> bool:
        self.leave()
        return True

    # Layout and drawing -----------------------------------------------------------------------

    def layout(self) -> None:
        f = self.frame
        if self.room:
            code = _("Room code: {code}").format(code=" ".join(self.room))
            self.add(Spot(name=code), f.rect(320, 150, 420, 52))
            self.add(self.copy_button, f.rect(760, 150, 200, 48), _("Copy the room's code"))
            for number, seat in enumerate(self.seats):  # read aloud as the focus reaches them
                words = f"{self.seat_name(number, seat)}: {_seat_state(seat)}"
                self.add(Spot(name=words), self.seat_row(number))
        self.add(self.back_button, f.rect(40, 626, 140, 50), _("The table waits under Play online"))
        if self.is_host and self.table is not None and not self.table.started:
            self.start_button.enabled = self.can_start()
            hint = (
                _("Start the game for everyone") if self.can_start() else _("Waiting for friends")
            )
            self.add(self.start_button, f.rect(1000, 622, 240, 58), hint)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        draw_night(surface, self.time)
        heading_with_glow(surface, self.title, f.px(48), f.point(640, 70))
        if not self.room:
            waiting = self.link.problem or _("Reaching the game server…")
            theme.blit_text(
                surface,
                waiting,
                theme.BODY_FONT,
                f.px(22),
                theme.SILVER,
                "center",
                f.point(640, 300),
            )
        else:
            self._draw_code(surface)
            self._draw_seats(surface)
        draw_message_and_widgets(self, surface, self.message, 590)

    def _draw_code(self, surface: pygame.Surface) -> None:
        f = self.frame
        theme.blit_text(
            surface,
            _("Room code"),
            theme.BODY_FONT,
            f.px(20),
            theme.SILVER,
            "midleft",
            f.point(320, 130),
        )
        spaced = " ".join(self.room)
        theme.blit_text(
            surface, spaced, theme.BOLD_FONT, f.px(52), theme.GOLD, "midleft", f.point(320, 176)
        )
        lines = []
        if self.friends_at:
            lines.append(
                _("Friends join at {address} with this code.").format(address=self.friends_at)
            )
        else:
            lines.append(_("Friends join with this code."))
        if self.hosted_here:
            lines.append(
                _("This computer hosts the table: keep it on and the app open while you play.")
            )
        if not self.is_host:
            lines.append(_("The host starts the game once everyone has sat down."))
        for number, line in enumerate(lines):
            theme.blit_text(
                surface,
                line,
                theme.BODY_FONT,
                f.px(18),
                theme.TEXT,
                "midleft",
                f.point(320, 226 + number * 26),
            )

    def heard_title(self) -> str:
        return self.title

    def seat_name(self, number: int, seat: SeatInfo) -> str:
        """A seat's name, "(you)" after this player's."""
        return _("{name} (you)").format(name=seat.name) if number == self.seat else seat.name

    def seat_row(self, number: int) -> pygame.Rect:
        return self.frame.rect(320, 300 + number * 46, 640, 40)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        f = self.frame
        for number, seat in enumerate(self.seats):
            row = self.seat_row(number)
            theme.panel(surface, row, border=theme.PANEL_BORDER, radius=f.px(10))
            theme.blit_text(
                surface,
                self.seat_name(number, seat),
                theme.BOLD_FONT,
                f.px(19),
                theme.TEXT,
                "midleft",
                (row.left + f.px(44), row.centery),
            )
            state = _seat_state(seat)
            theme.blit_text(
                surface,
                state,
                theme.BODY_FONT,
                f.px(18),
                theme.SILVER,
                "midright",
                (row.right - f.px(16), row.centery),
            )
            dot = (row.left + f.px(22), row.centery)
            here = seat.kind == "bot" or (seat.taken and seat.here)
            radius = f.px(7)
            pygame.draw.circle(
                surface,
                theme.GLOW if here else theme.PANEL_BORDER,
                dot,
                radius,
                0 if here else max(1, radius // 2),
            )


def _seat_state(seat: SeatInfo) -> str:
    if seat.kind == "bot":
        return kind_label(seat.level) if seat.level else _("Bot")
    if not seat.taken:
        return _("Waiting for a friend…")
    return _("Here") if seat.here else _("Away")
