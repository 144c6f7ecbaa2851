"""The gallery: a card for each playable game. Everything returns here."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n import _, format_list, ngettext
from moonlight_desktop.saves import Resumed, resume_match
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.menu import (
    MenuScene,
    backdrop,
    dim,
    heading_with_glow,
    set_home,
    sparkle,
)
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.sizes import new_surface
from moonlight_desktop.ui.table.game_ui import GameUI
from moonlight_desktop.ui.table.scene import TableScene
from moonlight_desktop.ui.widgets import Button, Widget, blit_fitted, share_label_size

from .menu_buttons import label_settings_and_about, settings_and_about_buttons
from .past_games import PastGamesScene
from .table_flow import claim_game, open_lesson, open_own_table, open_table, rules_reader
from .table_setup import TableSetupScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

CARD_SIZE = (380, 468)  # design units
CARD_GAP = 40
ART_GIVE = 80
"""How much of its height a card's art gives up, at most, to a pitch that needs more lines
(a longer language on a small card), in design units."""
CARDS_ROOM = 1200
"""The design width the row of cards may take (40 units clear of each side)."""
CONTINUE_ROOM = 640
"""The design width for the Continue buttons, left of Past games, Settings, About and Quit."""


@dataclass(frozen=True, slots=True)
class CardInfo:
    """How a game introduces itself in the gallery, and how it is set up or continued."""

    title: str
    players: str
    pitch: str
    art: str  # a drawing in assets/ (its proportions are kept)
    ui: GameUI[Any]  # draws the looks standing in front of the art
    setup: Callable[[App], Scene]
    resume: Callable[[App], Resumed[Board]]


Board = tuple[Scene, Match[Any]]
"""A game in progress, restored: the scene that shows it and its match."""


def _table_resume(ui: GameUI[Any], app: App) -> Resumed[Board]:
    return resume_match(
        app.user_data,
        ui.game_id,
        lambda match: (open_table(app, ui, match), match),
        app.settings.archive_limit,
    )


def _table_setup(ui: GameUI[Any], app: App) -> Scene:
    def start(match: Match[Any]) -> None:
        table = open_own_table(app, ui, match)
        if table is not None:
            app.stack.replace(table)

    def learn() -> None:
        app.stack.replace(open_lesson(app, ui, partial(_table_setup, ui)))

    reader = partial(rules_reader, app, ui)
    return TableSetupScene(
        app, ui, start, reader, learn, play_online=partial(open_online, app, ui.game_id)
    )


def open_online(app: App, game: str | None = None) -> None:
    """Play online, over the scene on top (`game`: the one to host, chosen already)."""
    from .online_menu import OnlineMenuScene  # the network's modules load when first used

    app.stack.push(OnlineMenuScene(app, game))


def _card(ui: GameUI[Any]) -> CardInfo:
    return CardInfo(
        title=ui.title,
        players=ui.players_label(),
        pitch=_(ui.pitch),
        art=ui.card_art,
        ui=ui,
        setup=partial(_table_setup, ui),
        resume=partial(_table_resume, ui),
    )


class _Cards(Mapping[str, CardInfo]):
    """Each registered game's card, in the registry's order, made when read: a game
    registered after this module is imported has its card too."""

    def __getitem__(self, game_id: str) -> CardInfo:
        return _card(TABLE_GAMES[game_id])

    def __iter__(self) -> Iterator[str]:
        return iter(TABLE_GAMES)

    def __len__(self) -> int:
        return len(TABLE_GAMES)


def playable_games() -> list[str]:
    """The games that have a card, in the registry's order."""
    return list(CARDS)


CARDS: Mapping[str, CardInfo] = _Cards()


@dataclass(eq=False)
class GameCard(Widget):
    game_id: str = ""
    title: str = ""
    info: CardInfo | None = None
    on_click: Callable[[], None] = lambda: None
    on_learn: Callable[[], None] | None = None
    """The guided first game, when the game has one ("Learn to play" on the card)."""
    focused: bool = False
    lift: float = field(default=0.0)
    mouse: tuple[int, int] = (-1, -1)

    def learn_rect(self) -> pygame.Rect:
        """The card's "Learn to play" button, beside its call to set up a game: as tall as
        the call where its words need two lines."""
        width = self.rect.width // 2 - self.px(24)
        words = theme.fit_lines(
            _("Learn to play"),
            theme.BOLD_FONT,
            self.learn_pixels(),
            width - self.px(16),
            self.px(52),
        )[0]
        rect = pygame.Rect(0, 0, width, self.px(44 if len(words) == 1 else 52))
        rect.midleft = (self.rect.left + self.px(16), self.rect.bottom - self.px(32))
        return rect.move(0, -round(self.lift * self.px(8)))

    def learn_pixels(self) -> int:
        return theme.legible(self.px(17))

    def hover(self, event: pygame.event.Event) -> None:
        super().hover(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos

    def hint(self, point: tuple[int, int]) -> str:
        """What a click here does: learn, or set up a game."""
        if self.on_learn is not None and self.learn_rect().collidepoint(point):
            return _("A guided first game of {title}: the rules step by step (L)").format(
                title=self.title
            )
        return _("Set up a game of {title}").format(title=self.title)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.hover(event)
        if self.clicked(event):
            if self.on_learn is not None and self.learn_rect().collidepoint(event.pos):
                self.on_learn()
            else:
                self.on_click()
            return True
        return False

    def describe(self) -> str:
        if self.info is None:
            return _("{title}: set up a game, button").format(title=self.title)
        # Translators: the game's title and its number of players ("2 to 4 players").
        message = (
            _("{title}, {players}: set up a game, button")
            if self.on_learn is None
            else _("{title}, {players}: set up a game, button; L: learn to play")
        )
        return message.format(title=self.title, players=self.info.players)

    def focus_rect(self) -> pygame.Rect:
        return self.rect.move(0, -round(self.lift * self.px(8)))

    def focus_radius(self) -> int:
        return self.px(20)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_l and self.on_learn is not None:
            self.on_learn()
            return True
        return super().key(event)

    def activate(self) -> bool:
        self.on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.info is None:
            return
        lit = self.hovered or self.focused
        rect = self.rect.move(0, -round(self.lift * self.px(8)))
        if lit:
            halo = rect.inflate(self.px(18), self.px(18))
            layer = new_surface(halo.size, pygame.SRCALPHA)
            for step in range(6):
                pygame.draw.rect(
                    layer,
                    (*theme.GOLD, 8 + step * 5),
                    layer.get_rect().inflate(-step * self.px(2), -step * self.px(2)),
                    width=self.px(3),
                    border_radius=self.px(28 - step),
                )
            surface.blit(layer, halo)
        border = theme.GOLD if lit else theme.PANEL_BORDER
        theme.panel(surface, rect, alpha=245, border=border, radius=self.px(20), width=self.px(2))
        # The art: a moonlit window with the game's picture and two players' looks in front.
        call = pygame.Rect(0, 0, rect.width - self.px(40), self.px(52))
        call.center = (rect.centerx, rect.bottom - self.px(32))
        give = self.art_give(self.info.pitch, rect, call.top)
        art_box = pygame.Rect(rect.left, rect.top, rect.width, self.px(236) - give).inflate(
            -self.px(24), -self.px(24)
        )
        art_box.top = rect.top + self.px(12)
        pygame.draw.rect(surface, theme.NIGHT_TOP, art_box, border_radius=self.px(14))
        glow = new_surface(art_box.size, pygame.SRCALPHA)
        for step in range(10, 0, -1):
            pygame.draw.circle(
                glow,
                (*theme.MOONLIGHT, 6 + (10 - step) * 2),
                (art_box.width * 0.13, art_box.height * 0.2),
                self.px(8 + step * 6),
            )
        pygame.draw.circle(
            glow,
            (*theme.MOONLIGHT, 235),
            (art_box.width * 0.13, art_box.height * 0.2),
            self.px(15),
        )
        surface.blit(glow, art_box)
        sparkle(surface, (art_box.right - self.px(30), art_box.top + self.px(28)), self.px(6), 200)
        sparkle(surface, (art_box.right - self.px(70), art_box.top + self.px(58)), self.px(4), 150)
        art = assets.image(self.info.art, self.px(250), self.px(150) - give)
        surface.blit(art, art.get_rect(midbottom=(art_box.centerx, art_box.bottom - self.px(16))))
        pygame.draw.rect(
            surface, theme.PANEL_BORDER, art_box, width=self.px(2), border_radius=self.px(14)
        )
        size = self.px(96)
        for number, look in enumerate(self.info.ui.card_looks[:2]):  # one each side
            x = art_box.left + self.px(4) + size * 0.42
            if number == 1:
                x = art_box.right - self.px(4) - size * 0.42
            self.info.ui.draw_look(surface, look, (x, art_box.bottom + self.px(8) - size / 2), size)
        # The words.
        y = art_box.bottom + self.px(36)
        size = theme.fitted_size(
            self.title, theme.HEADING_FONT, self.px(42), rect.width - self.px(40)
        )
        theme.blit_text(
            surface,
            self.title,
            theme.HEADING_FONT,
            size,
            theme.MOONLIGHT,
            "center",
            (rect.centerx, y),
        )
        y += self.px(32)
        theme.blit_text(
            surface,
            self.info.players,
            theme.BOLD_FONT,
            theme.legible(self.px(17)),  # cards shrink to fit more games; words no further
            theme.GOLD,
            "center",
            (rect.centerx, y),
        )
        top = y + self.px(12)
        pitch_box = pygame.Rect(
            rect.left + self.px(24), top, rect.width - self.px(48), call.top - top - self.px(2)
        )
        blit_fitted(surface, self.info.pitch, theme.BODY_FONT, self.px(18), theme.TEXT, pitch_box)
        if self.on_learn is not None:  # side by side: learn on the left, set up on the right
            self._draw_learn(surface)
            call.width = rect.width // 2 - self.px(24)
            call.center = (rect.centerx + rect.width // 4, call.centery)
        ink = theme.GOLD if lit else theme.SILVER
        blit_fitted(surface, _("Set up a game  →"), theme.BOLD_FONT, self.px(19), ink, call)

    def _draw_learn(self, surface: pygame.Surface) -> None:
        button = self.learn_rect()
        over = self.hovered and button.collidepoint(self.mouse)
        fill = theme.GLOW if over else theme.PANEL
        pygame.draw.rect(surface, fill, button, border_radius=self.px(18))
        pygame.draw.rect(surface, theme.GLOW, button, width=self.px(2), border_radius=self.px(18))
        ink = theme.TEXT_ON_LIGHT if over else theme.GLOW
        words = button.inflate(-self.px(16), -self.px(4))
        blit_fitted(surface, _("Learn to play"), theme.BOLD_FONT, self.learn_pixels(), ink, words)

    def art_give(self, pitch: str, rect: pygame.Rect, call_top: int) -> int:
        """How much the art gives up (up to ART_GIVE) for the `pitch` to fit whole between
        the players and the call at the smallest text: nothing where it fits as designed."""
        width, smallest = rect.width - self.px(48), theme.smallest_text()
        lines = theme.wrap(pitch, theme.BODY_FONT, smallest, width)
        needed = len(lines) * theme.font(theme.BODY_FONT, smallest).get_linesize()
        # The pitch's box as designed: from under the art, the title and the players.
        art_bottom = rect.top + self.px(12) + self.px(236) - self.px(24)
        room = call_top - self.px(2) - (art_bottom + self.px(36) + self.px(32) + self.px(12))
        return min(max(0, needed - room), self.px(ART_GIVE))


def set_aside_notice(titles: list[str]) -> str:
    """What the player reads when saves of the games titled `titles` could not be continued."""
    return ngettext(
        "Your saved game of {titles} could not be continued, so it was set aside.",
        "Your saved games of {titles} could not be continued, so they were set aside.",
        len(titles),
    ).format(titles=format_list(titles))


class GalleryScene(MenuScene):
    ambient_motion = False  # the backdrop stands still; the cards rise only under the mouse

    def __init__(self, app: App, notice: str | None = None) -> None:
        super().__init__(app)
        self.resumables: dict[str, Board] = {}
        """Each game in progress, restored to its board: only a save that got this far is
        offered (one save per game)."""
        set_aside = []
        for game_id in playable_games():
            resumed = CARDS[game_id].resume(app)
            if resumed.shown is not None:
                self.resumables[game_id] = resumed.shown
            if resumed.set_aside:
                set_aside.append(CARDS[game_id].title)
        self.notice = set_aside_notice(set_aside) if set_aside else notice
        """A message to show once, e.g. after the app recovered from an error (a save that had
        to be set aside says so instead: it is the likelier cause)."""
        self.continue_buttons = {
            game_id: Button(on_click=partial(self.resume, game_id), primary=True)
            for game_id in self.resumables
        }
        self.cards = [
            GameCard(
                game_id=game_id,
                title=CARDS[game_id].title,
                info=CARDS[game_id],
                on_click=partial(self.open, game_id),
                on_learn=partial(self.learn, game_id),
            )
            for game_id in playable_games()
        ]
        self.keyboard_focus = self.cards[0] if self.cards else None
        """The first game's card is lit and Enter sets it up until the keyboard or the mouse
        moves on."""
        self.past_button = Button(on_click=self.open_past_games)
        self.online_button = Button(on_click=self.open_online)
        self.settings_button, self.about_button = settings_and_about_buttons(app)
        self.quit_button = Button(on_click=self.quit)

    def in_language(self) -> GalleryScene:
        return GalleryScene(self.app)

    def layout(self) -> None:
        """The cards and buttons, labelled in the language in use (it may change under
        Settings)."""
        f = self.frame
        self.past_button.label, self.online_button.label = _("Past games"), _("Play online")
        self.quit_button.label = _("Quit")
        label_settings_and_about(self.settings_button, self.about_button)
        count = max(1, len(self.cards))
        # The cards in one row, smaller (everything on them to scale) when more games than
        # three share it.
        shrink = min(1.0, (CARDS_ROOM + CARD_GAP) / (count * (CARD_SIZE[0] + CARD_GAP)))
        card_w, card_h, gap = CARD_SIZE[0] * shrink, CARD_SIZE[1] * shrink, CARD_GAP * shrink
        left = 640 - (count * card_w + (count - 1) * gap) / 2
        top = 146 + (CARD_SIZE[1] - card_h) / 2
        for number, card in enumerate(self.cards):
            card.info = CARDS[card.game_id]  # its players and pitch in the language in use
            x = left + number * (card_w + gap)
            self.add(card, f.rect(x, top, card_w, card_h), card.hint)
            card.place(card.rect, f.scale * shrink)
        buttons = max(1, len(self.continue_buttons))
        button_w = min(284.0, (CONTINUE_ROOM - (buttons - 1) * 12) / buttons)
        for number, (game_id, button) in enumerate(self.continue_buttons.items()):
            button.label = _("Continue {title}").format(title=CARDS[game_id].title)
            names = format_list([seat.name for seat in self.resumables[game_id][1].seats])
            self.add(
                button,
                f.rect(40 + number * (button_w + 12), 626, button_w, 50),
                _("Back to the {title} game with {names}").format(
                    title=CARDS[game_id].title, names=names
                ),
            )
        share_label_size(list(self.continue_buttons.values()))
        self.add(
            self.online_button,
            f.rect(1060, 28, 180, 50),
            _("Host or join a table with friends at other computers; your online games"),
        )
        self.add(self.past_button, f.rect(690, 626, 150, 50), _("Replays, records and statistics"))
        self.add(self.settings_button, f.rect(852, 626, 124, 50), _("Window, sound and speed"))
        self.add(self.about_button, f.rect(988, 626, 112, 50), _("Version, credits and licences"))
        self.add(self.quit_button, f.rect(1112, 626, 108, 50), _("Close Moonlight Desktop"))

    def heard_title(self) -> str:
        return " ".join(words for words in (_("Choose a game."), self.notice) if words)

    # Actions -------------------------------------------------------------------------------

    def open(self, game_id: str) -> None:
        self.app.stack.push(CARDS[game_id].setup(self.app))

    def learn(self, game_id: str) -> None:
        """The game's guided first game ("Learn to play", or L on the focused card)."""
        card = CARDS[game_id]
        self.app.stack.push(open_lesson(self.app, card.ui, card.setup))

    def resume(self, game_id: str) -> None:
        """Opens the game in progress as its save holds it now (another copy of the app may
        have played on since this gallery opened), once it is this copy's to play."""
        if game_id not in self.resumables:
            return
        card = CARDS[game_id]
        claim = claim_game(self.app, card.ui)
        if claim is None:
            return
        resumed = card.resume(self.app)
        if resumed.shown is None:  # set aside, or finished in another copy meanwhile
            claim.release()
            gone = _("The game of {title} is over: it is among the past games.").format(
                title=card.title
            )
            notice = set_aside_notice([card.title]) if resumed.set_aside else gone
            self.app.stack.replace(GalleryScene(self.app, notice))
            return
        table = resumed.shown[0]
        assert isinstance(table, TableScene)
        table.claim = claim
        self.app.stack.push(table)

    def open_online(self) -> None:
        open_online(self.app)

    def open_past_games(self) -> None:
        self.app.stack.push(PastGamesScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.motion_speed
        for card in self.cards:
            card.focused = card is self.keyboard_focus and not any(c.hovered for c in self.cards)
            goal = _lift_goal(card)
            if speed <= 0 or abs(goal - card.lift) < LIFT_SETTLED:
                card.lift = goal
            else:
                card.lift += (goal - card.lift) * min(1.0, dt * speed * 12)

    def moving(self) -> bool:
        return any(card.lift != _lift_goal(card) for card in self.cards)

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        surface.blit(backdrop(surface.get_size()), (0, 0))
        dim(surface, 120)
        heading_with_glow(surface, _("Choose a game"), f.px(58), f.point(640, 60))
        theme.blit_text(
            surface,
            _("Pass-and-play around one computer, against the bots, or online with friends"),
            theme.BODY_FONT,
            f.px(19),
            theme.SILVER,
            "center",
            f.point(640, 108),
        )
        self.draw_widgets(surface)
        self.draw_hint(  # on its own line between the cards and the buttons
            surface,
            f.point(640, 590),
            f.px(1100),
            None if self.hint() else self.notice or _("Click a game (or press Enter) to set it up"),
            warning=self.notice is not None and not self.hint(),
        )
        self.draw_fade_in(surface)


LIFT_SETTLED = 0.002
"""A card this close to its height is there (the easing would only creep closer)."""


def _lift_goal(card: GameCard) -> float:
    """A card rises under the mouse and settles back when it leaves."""
    return 1.0 if card.hovered else 0.0


set_home(GalleryScene)
