"""The Moonlight Castle board scene: draws the game, turns clicks into commands, plays the
rules' events as animations, lets bots think off the UI thread, and keeps pebbles private in
pass-and-play (a hand-off screen between two humans)."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from concurrent.futures import Future

import pygame

from moonlight_desktop.engine import Command, IllegalCommand, Match, RecordError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.saves import save_match
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.widgets import Button

from .display import CastleDisplay
from .moves import EndTurn, KeepColor, MoveTo, Pass, Recover, ReturnPebbles
from .painter import COLOR_NAMES, FIGURES, RITUAL_SHORT, Painter, pebble_icon
from .panel import draw_panel
from .spec import CASTLE
from .state import Phase
from .ui.looks import figure_look
from .ui.rules_text import CASTLE_RULES
from .view import CastleView

log = logging.getLogger(__name__)

BOT_PAUSE = 0.6
"""Seconds a bot waits before acting (scaled by the animation speed) so players can follow."""
MESSAGE_SECONDS = 3.0


class CastleBoardScene(Scene):
    def __init__(self, app: App, match: Match) -> None:  # type: ignore[type-arg]
        """RecordError (a look that is no figure) or OptionsError (a bot level Castle has
        not) for seats this board cannot show: a save is offered only once its board is
        built."""
        super().__init__(app)
        self.match = match
        seats = match.seats
        for number, seat in enumerate(seats, start=1):
            if seat.look is not None and seat.look not in FIGURES:
                raise RecordError(f"seat {number} looks like {brief(seat.look)}, not a figure")
        self.names = [seat.name for seat in seats]
        self.looks = [seat.look or FIGURES[n % len(FIGURES)] for n, seat in enumerate(seats)]
        self.humans = [n for n, seat in enumerate(seats) if seat.player == "human"]
        self.bots = {
            n: CASTLE.bot(seat.level or "normal", match.record.seed * 31 + n)
            for n, seat in enumerate(seats)
            if seat.player == "bot"
        }
        opening: CastleView = match.view(None)  # type: ignore[assignment]
        self.table = opening.table
        self.open_screens = self.table.open_screens
        self.private = len(self.humans) > 1 and any(
            human not in self.open_screens for human in self.humans
        )
        """Several humans share the screen and some pebbles are secret: hand-offs are needed."""
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.display = CastleDisplay(self.table, self.names, app.play_sound)
        self.painter = Painter(self.table, self.names, self.looks)
        self.buttons: list[Button] = []
        self.hovered_space: int | None = None
        self.message = ""
        self.message_until = 0.0
        self._stale = True
        self._handing_off = False
        self._over_shown = False
        self._bot: tuple[int, Future[Command], float, Sequence[Command]] | None = None
        self.display.sync(match.view(self.viewer))  # type: ignore[arg-type]
        first = self.match.to_act()
        if first:
            self.display.log.append(f"{self.names[first[0]]} is the night owl and starts")

    # Scene life ------------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.on_resize(self.app.size)
        save_match(self.app.user_data, self.match)

    def on_resume(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.painter.relayout(size)
        self._rebuild_actions()

    @property
    def speed(self) -> float:
        return self.app.settings.animation_speed

    def view(self) -> CastleView:
        return self.match.view(self.viewer)  # type: ignore[return-value]

    def acting_seat(self) -> int | None:
        to_act = self.match.to_act()
        return to_act[0] if to_act else None

    def human_may_act(self) -> bool:
        """The human whose turn it is sits at the screen, and nothing is animating."""
        seat = self.acting_seat()
        return (
            seat is not None
            and seat not in self.bots
            and seat == self.viewer
            and not self.display.busy
            and not self._stale
        )

    # Flow ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.display.update(dt, self.speed)
        if self.display.busy:
            return
        if self._stale:
            self._stale = False
            self.display.sync(self.view())
            self._rebuild_actions()
        if self.match.is_over():
            if not self._over_shown:
                self._over_shown = True
                from moonlight_desktop.scenes.gameover import GameOverScene

                self.app.stack.push(GameOverScene(self.app, self.match))
            return
        seat = self.acting_seat()
        if seat is None:
            return
        if seat in self.bots:
            self._drive_bot(seat)
        elif self.viewer != seat:
            self._seat_human(seat)

    def _seat_human(self, seat: int) -> None:
        if not self.private or seat in self.open_screens:
            self._take_seat(seat)  # nothing of theirs is secret: no need to pass the computer
            return
        if self._handing_off:
            return
        self._handing_off = True
        from moonlight_desktop.scenes.handoff import HandoffScene

        self.app.stack.push(
            HandoffScene(
                self.app,
                self.names[seat],
                figure_look(self.looks[seat]),
                lambda: self._take_seat(seat),
                self._pause_menu,
            )
        )

    def _take_seat(self, seat: int) -> None:
        self._handing_off = False
        self.viewer = seat
        self._stale = True

    def _drive_bot(self, seat: int) -> None:
        now = time.monotonic()
        if self._bot is None:
            bot = self.bots[seat]
            view, legal = self.match.view(seat), list(self.match.legal(seat))
            future = self.app.run_in_background(lambda: bot.choose(view, legal, 1.0))
            self._bot = (seat, future, now, legal)
            return
        _seat, future, since, offered = self._bot
        pause = 0.0 if self.speed <= 0 else BOT_PAUSE / self.speed
        if not future.done() or now - since < pause:
            return
        self._bot = None
        try:
            command = future.result()
        except Exception:  # a bot must never end the game: log it and play on
            log.exception("bot at seat %s failed; playing its first legal command", seat)
            command = offered[0]
        self.submit(seat, command)

    def submit(self, seat: int, command: Command) -> bool:
        """The one way this scene changes the game: through the Match, then animate."""
        try:
            events = self.match.submit(seat, command)
        except IllegalCommand as refusal:
            self.show_message(refusal.rule)
            return False
        for event in events:
            self.display.play(event.seen_by(self.viewer))
        save_match(self.app.user_data, self.match)  # closing the window never loses the game
        next_seat = self.acting_seat()
        if self.private and next_seat != self.viewer:
            self.viewer = None  # the human at the screen is done: hide every screen
        self._stale = True
        self.buttons = []
        return True

    def show_message(self, text: str) -> None:
        self.message = text[:1].upper() + text[1:]
        self.message_until = time.monotonic() + MESSAGE_SECONDS

    # Input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._pause()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self.painter.layout
            if layout is not None and layout.pause_button.collidepoint(event.pos):
                self._pause()
                return True
            if self.display.busy:
                self.display.skip()  # a click hurries the animation along
                return True
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered_space = self.painter.space_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        return False

    def _pause(self) -> None:
        self.app.stack.push(self._pause_menu())

    def _pause_menu(self) -> Scene:
        from moonlight_desktop.scenes.pause import PauseScene
        from moonlight_desktop.scenes.rules import RulesScene

        return PauseScene(self.app, lambda: RulesScene(self.app, CASTLE_RULES))

    def _click(self, point: tuple[int, int]) -> bool:
        if not self.human_may_act():
            return False
        seat = self.acting_seat()
        assert seat is not None
        space = self.painter.space_at(point)
        if space is not None:
            return self.submit(seat, MoveTo(space))
        faced = self._recoverable_position()
        if faced is not None and self.painter.tile_rect(faced).collidepoint(point):
            return self.submit(seat, Recover())
        return False

    # What the acting human may do --------------------------------------------------------------

    def legal(self) -> Sequence[Command]:
        seat = self.acting_seat()
        return self.match.legal(seat) if seat is not None else ()

    def legal_spaces(self) -> set[int]:
        if not self.human_may_act():
            return set()
        return {command.space for command in self.legal() if isinstance(command, MoveTo)}

    def _recoverable_position(self) -> int | None:
        if not self.human_may_act() or Recover() not in self.legal():
            return None
        seat = self.acting_seat()
        assert seat is not None
        spot = self.view().spots[seat]
        return self.table.space_faces[spot]

    def _rebuild_actions(self) -> None:
        self.buttons = []
        layout = self.painter.layout
        if layout is None or not self.human_may_act():
            return
        legal = self.legal()
        seat = self.acting_seat()
        assert seat is not None
        offers: list[tuple[str, Command, bool]] = []
        phase = self.view().phase
        if phase == Phase.RECOVER:
            offers = [("Recover jewels", Recover(), True), ("End turn", EndTurn(), False)]
        elif phase == Phase.FOUNTAIN:
            offers = [(self._choice_label(command), command, False) for command in legal]
        elif Recover() in legal:
            offers = [("Stay and recover", Recover(), True)]
        elif Pass() in legal:
            offers = [("Pass: nowhere to go", Pass(), True)]
        area = layout.actions
        if phase == Phase.FOUNTAIN:  # the drawn pebbles are shown on a strip above the choices
            strip = layout.px(26)
            area = pygame.Rect(area.left, area.top + strip, area.width, area.height - strip)
        columns = 2 if len(offers) > 1 else 1
        rows = max(1, (len(offers) + columns - 1) // columns)
        gap = layout.px(8)
        height = min(layout.px(44), (area.height - gap * (rows - 1)) // rows)
        width = (area.width - gap * (columns - 1)) // columns
        for index, (label, command, primary) in enumerate(offers):
            row, column = divmod(index, columns)
            rect = pygame.Rect(
                area.left + column * (width + gap), area.top + row * (height + gap), width, height
            )
            button = Button(label=label, primary=primary, on_click=self._submitter(seat, command))
            button.place(rect, layout.scale * (0.8 if len(offers) > 2 else 1.0))
            self.buttons.append(button)

    def _submitter(self, seat: int, command: Command):  # type: ignore[no-untyped-def]
        return lambda: self.submit(seat, command)

    @staticmethod
    def _choice_label(command: Command) -> str:
        if isinstance(command, KeepColor):
            return f"Keep {COLOR_NAMES[command.color]}"
        assert isinstance(command, ReturnPebbles)
        parts = [f"{n} {COLOR_NAMES[c]}" for c, n in enumerate(command.counts) if n]
        return "Put back " + (", ".join(parts) if parts else "nothing")

    def _turn_text(self) -> tuple[int | None, str, str]:
        """Whose turn it is, and the panel's title and prompt."""
        if self.match.is_over():
            return None, "Game over", "Every jewel is counted."
        seat = self.acting_seat()
        assert seat is not None
        name = self.names[seat]
        title = self._turn_title(seat)
        if seat in self.bots:
            return seat, title, f"{name} is thinking…"
        if seat != self.viewer:
            return seat, title, f"Waiting for {name} to take the seat."
        if self.display.busy or self._stale:
            return seat, title, self.display.log[-1] if self.display.log else ""
        phase = self.view().phase
        if phase == Phase.RECOVER:
            return seat, title, "Recover the glowing tile beside you, or end your turn."
        if phase == Phase.FOUNTAIN:
            return seat, title, "The fountain's ritual: choose what to keep."
        legal = self.legal()
        if Pass() in legal:
            return seat, title, "No space can be reached: you must pass."
        if Recover() in legal:
            return seat, title, "Hide in a glowing space, or stay and recover the tile beside you."
        return seat, title, "Hide again: choose a glowing space."

    def _turn_title(self, seat: int) -> str:
        """Whose turn, phrased so that any name reads right: no possessive is made of a name
        (a player who calls themselves "You" read "You's turn")."""
        if seat != self.viewer:
            return f"{self.names[seat]} to play"
        return "Your turn" if len(self.humans) == 1 else f"Your turn, {self.names[seat]}"

    def _hover_text(self, space: int) -> str:
        table = self.table
        color = table.space_color[space]
        fountain = table.space_fountain[space]
        pebbles = table.space_pebbles[space]
        cost = "free" if color < 0 else f"pay 1 {COLOR_NAMES[color]} pebble"
        if fountain >= 0 and table.fountains[fountain].gold:
            gain = RITUAL_SHORT[table.fountains[fountain].ritual.value]
        else:
            gain = f"draw {pebbles}" if pebbles else "draw nothing"
        beside = table.space_faces[space]
        if beside > 0 and self.display.path[beside] is not None:
            return f"Hide here: {cost}, {gain}; the lit tile is beside it"
        return f"Hide here: {cost}, {gain}"

    # Drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.night_sky(surface.get_size()), (0, 0))
        painter = self.painter
        if painter.layout is None:
            painter.relayout(surface.get_size())
        display = self.display
        legal_spaces = frozenset(self.legal_spaces())
        painter.draw_board(surface, display, legal_spaces)
        pulse = 0.75 + 0.25 * abs(((time.monotonic() * 1.6) % 2) - 1)
        for space in legal_spaces:
            lit = 1.0 if space == self.hovered_space else (pulse - 0.75) * 2
            painter.draw_choice(surface, space, self.table.space_color[space], lit)
        faced = self._recoverable_position()
        if faced is not None:
            painter.draw_tile_glow(surface, faced, pulse)
        hovered = self.hovered_space
        if hovered in legal_spaces and hovered is not None:
            beside = self.table.space_faces[hovered]
            if beside > 0 and display.path[beside] is not None:
                painter.draw_tile_glow(surface, beside, 0.45)  # the tile you would hide beside
        painter.draw_loose(surface, display)
        seat, title, prompt = self._turn_text()
        start = self.view().start_seat
        draw_panel(surface, painter, display, seat, start, title, prompt)
        for button in self.buttons:
            button.draw(surface)
        self._draw_fountain_draw(surface)
        if self.hovered_space in legal_spaces and self.hovered_space is not None:
            self._tooltip(surface, self._hover_text(self.hovered_space))
        self._draw_banner(surface)
        self._draw_message(surface)

    def _draw_fountain_draw(self, surface: pygame.Surface) -> None:
        """During a gold fountain's choice: the pebbles just drawn, above the choice buttons."""
        layout = self.painter.layout
        view = self.view()
        if layout is None or view.drawn is None or not self.human_may_act():
            return
        middle = layout.actions.top + layout.px(11)
        label = theme.blit_text(
            surface,
            "The fountain gave you:",
            theme.BODY_FONT,
            layout.px(15),
            theme.SILVER,
            "midleft",
            (layout.actions.left + layout.px(4), middle),
        )
        colors = [c for c in range(3) for _ in range(view.drawn[c])]
        for n, color in enumerate(colors):
            x = label.right + layout.px(16) + n * layout.px(24)
            pebble_icon(surface, color, (x, middle), layout.px(20))

    def _tooltip(self, surface: pygame.Surface, text: str) -> None:
        layout = self.painter.layout
        assert layout is not None
        mouse = pygame.mouse.get_pos()
        rendered = theme.text(theme.BODY_FONT, layout.px(15), text, theme.TEXT)
        box = rendered.get_rect().inflate(layout.px(20), layout.px(12))
        box.topleft = (mouse[0] + layout.px(16), mouse[1] + layout.px(16))
        box.clamp_ip(surface.get_rect())
        theme.panel(surface, box, alpha=240, border=theme.GLOW, radius=layout.px(8))
        surface.blit(rendered, rendered.get_rect(center=box.center))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        banner = self.display.banner
        layout = self.painter.layout
        if banner is None or layout is None or banner.alpha <= 0:
            return
        rendered = theme.text(theme.HEADING_FONT, layout.px(40), banner.text, theme.MOONLIGHT)
        box = rendered.get_rect().inflate(layout.px(60), layout.px(28))
        box.center = layout.board.center
        card = pygame.Surface(box.size, pygame.SRCALPHA)
        theme.panel(card, card.get_rect(), alpha=235, border=theme.GOLD, width=layout.px(3))
        card.blit(rendered, rendered.get_rect(center=card.get_rect().center))
        card.set_alpha(round(255 * min(1.0, banner.alpha)))
        surface.blit(card, box)

    def _draw_message(self, surface: pygame.Surface) -> None:
        layout = self.painter.layout
        if layout is None or time.monotonic() > self.message_until:
            return
        rendered = theme.text(theme.BOLD_FONT, layout.px(18), self.message, theme.WARNING)
        box = rendered.get_rect().inflate(layout.px(28), layout.px(16))
        box.midbottom = (layout.board.centerx, layout.board.bottom - layout.px(16))
        theme.panel(surface, box, alpha=240, border=theme.WARNING, radius=layout.px(10))
        surface.blit(rendered, rendered.get_rect(center=box.center))
