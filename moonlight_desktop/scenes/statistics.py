"""Statistics: how each player is doing, a page per player and a card per game they played.

A card shows the games finished and won (the win rate as a number and as a bar), the mean and
best scores, and how the player fares against each bot level. The figures come from the
archive of finished games (moonlight_desktop/statistics.py); this scene only shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n import N_, _, format_number, format_percent, ngettext
from moonlight_desktop.statistics import PlayerStats, VersusLevel
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import (
    MenuScene,
    blit_lines,
    choice_target,
    go_back,
    heading_box,
    heading_with_glow,
    sparkle,
)
from moonlight_desktop.ui.sizes import new_surface
from moonlight_desktop.ui.tween import ease_out
from moonlight_desktop.ui.widgets import Button, Choice, Spot

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

EMPTY_MESSAGE = N_("No finished games yet: play one and it will be counted here")
CARDS_ROOM = 1200
"""The design width the row of cards may take (40 units clear of each side)."""
CARD_GAP = 24
CARD_WIDEST = 340
CARDS_TOP, CARDS_BOTTOM = 204, 598
VERSUS_TOP = 266
"""Where a card's lines against the bots begin (design units from its top)."""
VERSUS_STEP = 32
LEVEL_ORDER = ("easy", "normal", "hard")
"""Bot levels from the gentlest; a level not named here comes after them, by name."""
LEVEL_BOTS = {"easy": N_("Easy bots"), "normal": N_("Normal bots"), "hard": N_("Hard bots")}
"""The bots of each level, as a card's line against them begins."""
PAGE_SECONDS = 0.3
"""How long a new player's cards take to come in."""
MOST_DOTS = 16
"""Up to this many players, a dot per player shows where the page is; beyond, "3 of 40"."""
TRACK: theme.Color = (22, 28, 66)
"""The empty part of a bar: the night showing through the panel."""


def game_title(game_id: str) -> str:
    """A game's name as the gallery shows it (its id, for a game this build does not have)."""
    ui = TABLE_GAMES.get(game_id)
    return ui.title if ui is not None else game_id.replace("_", " ").capitalize()


def player_names(stats: Sequence[PlayerStats]) -> list[str]:
    """Every player once, in the order the statistics come (by name)."""
    return list(dict.fromkeys(entry.name for entry in stats))


def player_games(stats: Sequence[PlayerStats], name: str) -> list[PlayerStats]:
    """One player's entries, in the gallery's order of games (unknown games last)."""
    order = {game_id: number for number, game_id in enumerate(TABLE_GAMES)}
    mine = [entry for entry in stats if entry.name == name]
    return sorted(mine, key=lambda entry: (order.get(entry.game, len(order)), entry.game))


def win_rate(wins: int, games: int) -> float:
    return wins / games if games > 0 else 0.0


def percent(rate: float) -> str:
    return format_percent(rate)


def score_text(score: float) -> str:
    """A mean score with one decimal, a whole one without: "43.5", "43", "-2.3" ("43,5"...)."""
    rounded = round(score, 1)
    return format_number(rounded, 0 if rounded == int(rounded) else 1)


def wins_of_games(wins: int, games: int) -> str:
    """ "7 wins of 12 games"."""
    return _("{wins} of {games}").format(
        wins=ngettext("{count} win", "{count} wins", wins).format(count=format_number(wins)),
        games=ngettext("{count} game", "{count} games", games).format(count=format_number(games)),
    )


def played_levels(versus: Sequence[VersusLevel]) -> list[VersusLevel]:
    """The levels played against, from the gentlest."""

    def order(level: VersusLevel) -> tuple[int, str]:
        known = level.level in LEVEL_ORDER
        return (LEVEL_ORDER.index(level.level) if known else len(LEVEL_ORDER), level.level)

    return sorted((level for level in versus if level.games > 0), key=order)


def card_height(entries: Sequence[PlayerStats]) -> float:
    """The cards' height in design units: enough for the most bot levels on the page."""
    levels = max((len(played_levels(entry.versus)) for entry in entries), default=0)
    needed = VERSUS_TOP + 26 + max(1.5, levels) * VERSUS_STEP + 8
    return min(CARDS_BOTTOM - CARDS_TOP, needed)


def versus_line(versus: VersusLevel) -> tuple[str, str]:
    """A bot level's line in two halves, e.g. ("Normal bots", "7 won of 12")."""
    known = LEVEL_BOTS.get(versus.level)
    # Translators: the bots of a level this version does not know, by its name.
    bots = _(known) if known else _("{level} bots").format(level=versus.level.capitalize())
    record = ngettext("{wins} won of {games}", "{wins} won of {games}", versus.wins).format(
        wins=format_number(versus.wins), games=format_number(versus.games)
    )
    return bots, record


class StatisticsScene(MenuScene):
    def __init__(
        self,
        app: App,
        stats: Sequence[PlayerStats],
        names: Callable[[str], str] = game_title,
    ) -> None:
        """`stats`: one entry per player and game (`statistics.statistics`); `names`: a
        game's title from its id."""
        super().__init__(app)
        self.stats = tuple(stats)
        self.names = names
        self.players = player_names(self.stats)
        self.player_choice = Choice[str](
            options=[(name, name) for name in self.players],
            on_change=self.show_player,
            name=_("Player"),
        )
        self.back_button = Button(label=_("Back"), on_click=lambda: go_back(self.app))
        self.page_time = PAGE_SECONDS
        """Since the page last changed (seconds); the cards come in over PAGE_SECONDS."""
        self.direction = 1
        """Where the new page comes from: 1 from the right (the next player), -1 the left."""
        self.shown = 0
        """The index of the player whose page shows."""

    # State ---------------------------------------------------------------------------------

    @property
    def player(self) -> str | None:
        """The player whose page shows (None: no statistics at all)."""
        return self.player_choice.value if self.players else None

    @property
    def cards(self) -> list[PlayerStats]:
        """The shown player's games, a card each."""
        player = self.player
        return player_games(self.stats, player) if player is not None else []

    def show_player(self, _name: str) -> None:
        """The chooser moved on: the new page comes in from the side it lies on."""
        index = self.player_choice.index
        if index == self.shown:
            return
        forward = (index - self.shown) % len(self.players) == 1
        self.direction = 1 if forward else -1
        self.shown = index
        self.page_time = 0.0
        self.relayout()  # the new player's cards in the keyboard's ring

    def step_player(self, step: int) -> None:
        """The next (1) or previous (-1) player's page, round the end."""
        if len(self.players) < 2:
            return
        choice = self.player_choice
        choice.index = (choice.index + step) % len(self.players)
        self.show_player(choice.value)

    # Layout and input ----------------------------------------------------------------------

    def layout(self) -> None:
        f = self.frame
        if len(self.players) > 1:
            self.add(self.player_choice, f.centered(640, 128, 440, 46), self._choice_hint)
        # No cards, no spots (the empty row still has a place for one).
        for entry, rect in zip(self.cards, self.card_rects(self.cards), strict=False):
            self.add(Spot(name=self.card_words(entry)), rect)
        self.add(self.back_button, f.rect(150, 618, 180, 52), _("Back (Esc)"))

    def heard_title(self) -> str:
        return _("Statistics")

    def card_words(self, entry: PlayerStats) -> str:
        """A card as speech reads it (the keyboard's focus on it)."""
        figures = _("mean score {mean}, best score {best}, hints used {hints}").format(
            mean=score_text(entry.mean_score),
            best=format_number(entry.best_score),
            hints=format_number(entry.hints_used),
        )
        bots = "; ".join(
            _("{bots}: {record}").format(bots=bots, record=record)
            for bots, record in map(versus_line, played_levels(entry.versus))
        )
        # Translators: a game's title, the share of games won ("58%"), "7 wins of 12
        # games", the scores and hints, and (second form) the lines against each bot level.
        message = (
            _("{game}: {rate} won, {record}; {figures}; against the bots: {bots}")
            if bots
            else _("{game}: {rate} won, {record}; {figures}")
        )
        return message.format(
            game=self.names(entry.game),
            rate=percent(win_rate(entry.wins, entry.games)),
            record=wins_of_games(entry.wins, entry.games),
            figures=figures,
            bots=bots,
        )

    def _choice_hint(self, pos: tuple[int, int]) -> str:
        return _("Show {name}'s games  (← →)").format(name=choice_target(self.player_choice, pos))

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.step_player(-1)
            return True
        if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.step_player(1)
            return True
        return False

    def back(self) -> bool:
        go_back(self.app)
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.app.settings.motion_speed
        self.page_time = PAGE_SECONDS if speed <= 0 else self.page_time + dt * speed

    def moving(self) -> bool:
        return self.page_time < PAGE_SECONDS

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        hint = f.point(760, 644)
        clear = [
            heading_box(_("Statistics"), f.px(56), f.point(640, 62)),
            self.hint_box(hint, f.px(740)),
        ]
        if self.player is None:
            clear.append(self.empty_panel())
        else:  # the player's name (or the page's dots), the totals, the cards
            clear += [f.rect(240, 100, 800, 100), *self.card_rects(self.cards)]
        self.draw_sky(surface, *clear)
        heading_with_glow(surface, _("Statistics"), f.px(56), f.point(640, 62))
        if self.player is None:
            self.draw_empty(surface)
        else:
            self.draw_player(surface, self.player)
            self.draw_page(surface)
        self.draw_widgets(surface)
        self.draw_hint(surface, hint, f.px(740))
        self.draw_fade_in(surface)

    def empty_panel(self) -> pygame.Rect:
        return self.frame.centered(640, 360, 760, 250)

    def draw_empty(self, surface: pygame.Surface) -> None:
        """Nothing counted yet: a quiet moon and the message."""
        f = self.frame
        panel = self.empty_panel()
        theme.panel(surface, panel, alpha=238, radius=f.px(20))
        moon = f.point(640, 300)
        pygame.draw.circle(surface, theme.MOONLIGHT, moon, f.px(30))
        pygame.draw.circle(surface, theme.PANEL, (moon[0] + f.px(13), moon[1] - f.px(8)), f.px(27))
        sparkle(surface, f.point(596, 282), f.px(7), 200, theme.GOLD)
        sparkle(surface, f.point(690, 320), f.px(5), 160)
        blit_lines(
            surface,
            _(EMPTY_MESSAGE),
            theme.HEADING_FONT,
            f.px(30),
            theme.MOONLIGHT,
            f.rect(300, 356, 680, 0),
            "center",
            1.15,
        )
        theme.blit_text(
            surface,
            _("Every finished game is counted for its human players."),
            theme.BODY_FONT,
            f.px(17),
            theme.SILVER,
            "center",
            f.point(640, 424),
        )

    def draw_player(self, surface: pygame.Surface, player: str) -> None:
        """The chooser's surroundings: the name alone when there is no other player, the
        page dots, and the player's totals over every game."""
        f = self.frame
        if len(self.players) == 1:
            words, size = theme.fit(player, theme.HEADING_FONT, f.px(38), f.px(600))
            theme.blit_text(
                surface, words, theme.HEADING_FONT, size, theme.GOLD, "center", f.point(640, 136)
            )
        elif len(self.players) <= MOST_DOTS:
            count, gap = len(self.players), 18
            for number in range(count):
                centre = f.point(640 + (number - (count - 1) / 2) * gap, 164)
                current = number == self.player_choice.index
                color = theme.GOLD if current else theme.PANEL_BORDER
                pygame.draw.circle(surface, color, centre, f.px(4.5 if current else 3.5))
        else:
            where = _("{place} of {count}").format(
                place=self.player_choice.index + 1, count=len(self.players)
            )
            theme.blit_text(
                surface, where, theme.BODY_FONT, f.px(14), theme.SILVER, "center", f.point(640, 164)
            )
        cards = self.cards
        games = sum(entry.games for entry in cards)
        wins = sum(entry.wins for entry in cards)
        summary = ngettext(
            "{games} game finished, {wins} won", "{games} games finished, {wins} won", games
        ).format(games=format_number(games), wins=format_number(wins))
        theme.blit_text(
            surface, summary, theme.BODY_FONT, f.px(17), theme.SILVER, "center", f.point(640, 186)
        )

    def card_rects(self, entries: Sequence[PlayerStats]) -> list[pygame.Rect]:
        """The cards in one row, centred, narrower when there are more of them."""
        f = self.frame
        count = max(1, len(entries))
        width = min(CARD_WIDEST, (CARDS_ROOM - (count - 1) * CARD_GAP) / count)
        left = 640 - (count * width + (count - 1) * CARD_GAP) / 2
        height = card_height(entries)
        return [
            f.rect(left + number * (width + CARD_GAP), CARDS_TOP, width, height)
            for number in range(count)
        ]

    def win_bar(self, card: pygame.Rect) -> pygame.Rect:
        """Where a card's win-rate bar lies."""
        f = self.frame
        inner = card.inflate(-f.px(36), 0)
        return pygame.Rect(inner.left, card.top + f.px(134), inner.width, f.px(10))

    def draw_page(self, surface: pygame.Surface) -> None:
        """The player's cards; a new page slides in from the side it came from and fades in."""
        f = self.frame
        cards = self.cards
        rects = self.card_rects(cards)
        progress = ease_out(min(1.0, self.page_time / PAGE_SECONDS))
        if progress >= 1:
            for entry, rect in zip(cards, rects, strict=True):
                self.draw_card(surface, entry, rect)
            return
        area = f.rect(0, CARDS_TOP - 10, 1280, CARDS_BOTTOM - CARDS_TOP + 20).clip(
            surface.get_rect()
        )
        layer = new_surface(area.size, pygame.SRCALPHA)
        shift = round(self.direction * (1 - progress) * f.px(40))
        for entry, rect in zip(cards, rects, strict=True):
            self.draw_card(layer, entry, rect.move(shift - area.left, -area.top))
        layer.set_alpha(round(255 * progress))
        surface.blit(layer, area)

    def draw_card(self, surface: pygame.Surface, entry: PlayerStats, rect: pygame.Rect) -> None:
        """One game's figures for the player."""
        f = self.frame
        theme.panel(surface, rect, alpha=240, radius=f.px(18))
        inner = rect.inflate(-f.px(36), 0)

        def y(design: float) -> int:
            return rect.top + f.px(design)

        title, size = theme.fit(self.names(entry.game), theme.HEADING_FONT, f.px(32), inner.width)
        theme.blit_text(
            surface,
            title,
            theme.HEADING_FONT,
            size,
            theme.MOONLIGHT,
            "center",
            (rect.centerx, y(36)),
        )
        rule = max(1, f.px(1))
        for side in (-1, 1):
            end = rect.centerx + side * (inner.width // 2 - f.px(14))
            start = rect.centerx + side * f.px(16)
            pygame.draw.line(surface, theme.GOLD, (start, y(66)), (end, y(66)), rule)
        sparkle(surface, (rect.centerx, y(66)), f.px(8), 220, theme.GOLD)
        # The win rate: large, then as a bar, then in words.
        rate = win_rate(entry.wins, entry.games)
        theme.blit_text(
            surface,
            percent(rate),
            theme.HEADING_FONT,
            f.px(50),
            theme.GOLD,
            "center",
            (rect.centerx, y(104)),
        )
        self.draw_bar(surface, self.win_bar(rect), rate, theme.GOLD)
        won = wins_of_games(entry.wins, entry.games)
        words, size = theme.fit(won, theme.BODY_FONT, f.px(17), inner.width)
        theme.blit_text(
            surface, words, theme.BODY_FONT, size, theme.TEXT, "center", (rect.centerx, y(162))
        )
        # Mean and best score and the hints used, side by side.
        tiles = (
            (_("Mean score"), score_text(entry.mean_score)),
            (_("Best score"), format_number(entry.best_score)),
            (_("Hints used"), format_number(entry.hints_used)),
        )
        gap = f.px(8)
        part = (inner.width - gap * (len(tiles) - 1)) // len(tiles)
        for number, (label, value) in enumerate(tiles):
            tile = pygame.Rect(inner.left + number * (part + gap), y(184), part, f.px(62))
            pygame.draw.rect(surface, TRACK, tile, border_radius=f.px(10))
            # The label over the value; a label too long for one line takes two, the label
            # moving up by half a line and the value down by as much.
            width = tile.width - f.px(4)
            lines, label_size = theme.fit_lines(label, theme.BODY_FONT, f.px(14), width, f.px(32))
            step = theme.font(theme.BODY_FONT, label_size).get_linesize()
            shift = (len(lines) - 1) * step / 2
            theme.blit_lines_from(
                surface,
                lines,
                theme.BODY_FONT,
                label_size,
                theme.SILVER,
                "center",
                (tile.centerx, tile.top + f.px(16) - shift),
                step,
            )
            value_size = theme.fitted_size(value, theme.HEADING_FONT, f.px(30), width, 8)
            theme.blit_text(
                surface,
                value,
                theme.HEADING_FONT,
                value_size,
                theme.MOONLIGHT,
                "center",
                (tile.centerx, tile.top + f.px(42) + shift),
            )
        self.draw_versus(surface, entry.versus, inner, y(VERSUS_TOP), rect.bottom - f.px(8))

    def draw_versus(
        self,
        surface: pygame.Surface,
        versus: Sequence[VersusLevel],
        inner: pygame.Rect,
        top: int,
        bottom: int,
    ) -> None:
        """How the player fares against each bot level: a line and a thin bar each."""
        f = self.frame
        played = played_levels(versus)
        caption = _("Against the bots") if played else _("Never against the bots")
        theme.blit_text(
            surface,
            caption,
            theme.BOLD_FONT,
            f.px(14),
            theme.MOONLIGHT,
            "midtop",
            (inner.centerx, top),
        )
        if not played:
            blit_lines(
                surface,
                _("Only games between people so far"),
                theme.BODY_FONT,
                f.px(15),
                theme.SILVER,
                pygame.Rect(inner.left, top + f.px(28), inner.width, 0),
                "center",
            )
            return
        first = top + f.px(26)
        step = min(f.px(VERSUS_STEP), (bottom - first) / len(played))
        size = max(theme.FONT_PIXELS[0], min(f.px(15), round(step * 0.55)))
        for number, level in enumerate(played):
            line_y = round(first + number * step + size * 0.6)
            who, score = versus_line(level)
            score_width = theme.text_width(score, theme.BOLD_FONT, size)
            room = inner.width - score_width - f.px(10)
            who, who_size = theme.fit(who, theme.BODY_FONT, size, max(1, room), 8)
            theme.blit_text(
                surface, who, theme.BODY_FONT, who_size, theme.TEXT, "midleft", (inner.left, line_y)
            )
            theme.blit_text(
                surface, score, theme.BOLD_FONT, size, theme.TEXT, "midright", (inner.right, line_y)
            )
            if step >= f.px(24):  # room for a bar under the line
                bar = pygame.Rect(inner.left, line_y + round(size * 0.75), inner.width, f.px(4))
                self.draw_bar(surface, bar, win_rate(level.wins, level.games), theme.SILVER)

    def draw_bar(
        self, surface: pygame.Surface, bar: pygame.Rect, rate: float, color: theme.Color
    ) -> None:
        """A rounded track filled to `rate` (0..1)."""
        radius = bar.height // 2
        pygame.draw.rect(surface, TRACK, bar, border_radius=radius)
        filled = round(bar.width * max(0.0, min(1.0, rate)))
        if filled > 0:
            fill = pygame.Rect(bar.left, bar.top, max(filled, bar.height), bar.height)
            pygame.draw.rect(surface, color, fill, border_radius=radius)
