"""Past games: every finished game, newest first, with the game, the date, the players, the
winner and the scores; searched by game and by player. From here a game is watched again (the
replay viewer), exported to a file of the player's choosing, or a record file imported (typed
or dropped onto the window); the statistics are built from the same list.

Reading the archive replays every record and importing replays one, so both run off the UI
thread; the list says so while they do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
import pygame

from moonlight_desktop.archive import (
    Archive,
    ArchivedGame,
    ArchiveError,
    ExportWouldReplace,
    search,
    shortened,
)
from moonlight_desktop.game_list import TABLE_GAMES
from moonlight_desktop.i18n import _, format_moment, ngettext, pgettext
from moonlight_desktop.statistics import statistics
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import (
    ConfirmScene,
    MenuScene,
    Segmented,
    blit_lines,
    dim,
    go_back,
    heading_box,
    heading_with_glow,
)
from moonlight_desktop.ui.widgets import Button, Spot, TextInput

from .replay import ReplayScene
from .statistics import StatisticsScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

log = logging.getLogger(__name__)

ROW_HEIGHT = 58
LIST_TOP, LIST_HEIGHT = 176, 404
"""The list's place in design units (1280 x 720)."""
PATH_LENGTH = 400


def archive_of(app: App) -> Archive:
    """The app's archive; no export may write into the data folder that holds it."""
    return Archive(app.user_data.archive_folder, protected=app.user_data.folder)


def game_title(game_id: str) -> str:
    ui = TABLE_GAMES.get(game_id)
    return ui.title if ui is not None else game_id


def short_title(game_id: str) -> str:
    """The word a player calls the game by: the last of its title ("Castle", "Samarkand")."""
    return game_title(game_id).split()[-1]


def when(game: ArchivedGame) -> str:
    """e.g. "1 Dec 2026, 05:12", "1. Dez. 2026, 05:12"."""
    return format_moment(game.finished)


def set_aside_words(count: int) -> str:
    """What the player reads when past games could not be read (each kept beside the others
    as a .bad file, for a bug report)."""
    return ngettext(
        "{count} past game could not be read, so it was set aside as a .bad file.",
        "{count} past games could not be read, so they were set aside as .bad files.",
        count,
    ).format(count=count)


def count_words(shown: int, total: int) -> str:
    """The line under the list: how many past games are kept, and how many of them the
    search finds ("2 of the 3 past games match")."""
    if total == 0:
        return _("No past games yet")
    if total == 1 and not shown:
        return _("Your only past game does not match")
    if shown == total:
        return ngettext("{total} past game", "{total} past games", total).format(total=total)
    if shown == 0:
        return ngettext(
            "None of the {total} past game matches", "None of the {total} past games matches", total
        ).format(total=total)
    # Translators: {shown} of the {total} games kept match the search; the form follows {shown}.
    return ngettext(
        "{shown} of the {total} past games matches",
        "{shown} of the {total} past games match",
        shown,
    ).format(shown=shown, total=total)


def players_line(game: ArchivedGame) -> str:
    return " · ".join(f"{seat.name} {seat.score}" for seat in game.seats)


class PastGamesScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.archive = archive_of(app)
        self.games: list[ArchivedGame] = []
        self.shown: list[ArchivedGame] = []
        self.selected: ArchivedGame | None = None
        self.scroll = 0
        self.game_filter: str | None = None
        self.message = ""
        self.warning = False
        self._job: Future[Any] | None = None
        self._then: Callable[[Any], None] = lambda _result: None
        self.working = ""
        """What is being done off the UI thread, in words ("" when nothing is)."""
        games: list[tuple[str | None, str]] = [(None, pgettext("every game", "All"))]
        games += [(game_id, short_title(game_id)) for game_id in TABLE_GAMES]
        self.filter_choice = Segmented(options=games, on_change=self.choose_game, name=_("Game"))
        self.player_input = TextInput(
            max_length=24, on_change=self.search_player, name=_("Search a player")
        )
        self.list_spot = Spot(role="list", on_use=self.watch)
        """The list in the keyboard's ring: Up and Down choose, Enter watches, speech reads
        the chosen game."""
        self.watch_button = Button(label=_("Watch again"), primary=True, on_click=self.watch)
        self.export_button = Button(label=_("Export…"), on_click=self.export)
        self.import_button = Button(label=_("Import…"), on_click=self.import_dialog)
        self.statistics_button = Button(label=_("Statistics"), on_click=self.open_statistics)
        self.back_button = Button(label=_("Back"), on_click=partial(go_back, app))
        self.run(self.archive.games, _("Reading your past games…"), self._listed)

    # Work off the UI thread -------------------------------------------------------------------

    def run(self, work: Callable[[], Any], saying: str, then: Callable[[Any], None]) -> None:
        """One job at a time: `then(result)` on the UI thread once `work` is done."""
        if self._job is not None:
            return
        self.working, self._then = saying, then
        self._job = self.app.run_in_background(work)

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self._job
        if job is not None and job.done():
            self._job, self.working = None, ""
            error = job.exception()
            if error is None:
                self._then(job.result())
            elif isinstance(error, ArchiveError):  # a refused import, a failed export...
                self.say(str(error), warning=True)
            else:
                log.error("past games: %s", error, exc_info=error)
                self.say(_("Something went wrong; nothing was changed."), warning=True)
            self.relayout()

    def _listed(self, games: list[ArchivedGame]) -> None:
        self.games = games
        if self.archive.set_aside:
            self.say(set_aside_words(len(self.archive.set_aside)), warning=True)
            self.archive.set_aside.clear()
        self.refilter()

    def say(self, message: str, warning: bool = False) -> None:
        self.message, self.warning = message, warning

    # Choosing ---------------------------------------------------------------------------------

    def choose_game(self, game_id: str | None) -> None:
        self.game_filter = game_id
        self.refilter()

    def search_player(self, text: str) -> None:
        self.refilter()

    def refilter(self) -> None:
        self.shown = search(self.games, self.game_filter, self.player_input.value.strip())
        if self.selected not in self.shown:
            self.selected = self.shown[0] if self.shown else None
        self.scroll = max(0, min(self.scroll, len(self.shown) - self.visible_rows()))
        self.relayout()

    def visible_rows(self) -> int:
        return max(1, LIST_HEIGHT // ROW_HEIGHT)

    def row_rect(self, index: int) -> pygame.Rect:
        """Row `index` of the shown list, in window pixels (it may lie outside the list)."""
        return self.frame.rect(80, LIST_TOP + (index - self.scroll) * ROW_HEIGHT, 1120, 54)

    def list_rect(self) -> pygame.Rect:
        return self.frame.rect(72, LIST_TOP - 8, 1136, LIST_HEIGHT + 12)

    # Actions ----------------------------------------------------------------------------------

    def watch(self) -> None:
        chosen = self.selected
        if chosen is None:
            return

        def opened(match: Any) -> None:
            self.app.stack.push(ReplayScene(self.app, TABLE_GAMES[chosen.game], match))

        self.run(partial(self.archive.match, chosen), _("Setting out the table…"), opened)

    def export(self) -> None:
        chosen = self.selected
        if chosen is None:
            return
        name = f"{game_title(chosen.game)} {chosen.finished:%Y-%m-%d %H%M}.json"
        suggested = Path(platformdirs.user_documents_dir()) / name
        words = (
            _("Export a game"),
            _("The record is saved as a file to keep, share, or watch again in any copy."),
            _("Save"),
        )
        self.app.stack.push(
            PathScene(self.app, words, str(suggested), partial(self.export_to, chosen))
        )

    def export_to(self, game: ArchivedGame, path: Path, replace: bool = False) -> None:
        """Writes the game's record to `path`; a file already there is replaced only once
        the player says so."""

        def written() -> bool:
            try:
                self.archive.export(game, path, replace)
            except ExportWouldReplace:
                return False
            return True

        def done(saved: bool) -> None:
            if saved:
                self.say(_("Saved to {path}").format(path=path))
                return
            self.app.stack.push(
                ConfirmScene(
                    self.app,
                    _("Replace the file?"),
                    _("{name} is already there.\nReplace it, and what it held is lost.").format(
                        name=shortened(path.name, 60)
                    ),
                    proceed=(_("Replace"), _("Write the game over the file that is there")),
                    keep=(_("Keep it"), _("Leave the file as it is: nothing is saved")),
                    on_proceed=partial(self.export_to, game, path, True),
                )
            )

        self.run(written, _("Saving…"), done)

    def import_dialog(self) -> None:
        words = (
            _("Import a game"),
            _("Type or paste the path of a record file, or drop the file on this window."),
            _("Import"),
        )
        self.app.stack.push(PathScene(self.app, words, "", self.import_file))

    def import_file(self, path: Path) -> None:
        limit = self.app.settings.archive_limit

        def imported(game: ArchivedGame) -> None:
            # Translators: a game's title and when it was played ("1 Dec 2026, 05:12").
            self.say(
                _("Imported: {title} of {moment}.").format(
                    title=game_title(game.game), moment=when(game)
                )
            )
            self.run(self.archive.games, _("Reading your past games…"), self._listed_with(game))

        self.run(partial(self.archive.import_file, path, limit), _("Importing…"), imported)

    def _listed_with(self, game: ArchivedGame) -> Callable[[list[ArchivedGame]], None]:
        def listed(games: list[ArchivedGame]) -> None:
            self._listed(games)
            chosen = [g for g in self.shown if g.key == game.key]
            if chosen:
                self.selected = chosen[0]

        return listed

    def open_statistics(self) -> None:
        self.app.stack.push(StatisticsScene(self.app, statistics(self.games)))

    # Layout and input -------------------------------------------------------------------------

    def layout(self) -> None:
        f = self.frame
        self.add(self.filter_choice, f.rect(80, 112, 720, 44), _("Show one game's or all"))
        self.add(self.player_input, f.rect(900, 112, 300, 44), _("Search a player by name"))
        if self.shown:
            self.list_spot.name = self.list_words()
            self.add(self.list_spot, self.list_rect())
        idle = self._job is None
        chosen = self.selected is not None and idle
        self.watch_button.enabled = chosen
        self.export_button.enabled = chosen
        self.import_button.enabled = idle
        self.statistics_button.enabled = idle
        self.add(self.back_button, f.rect(80, 630, 150, 50), _("Back to the gallery"))
        self.add(self.import_button, f.rect(520, 630, 150, 50), _("Add a game from a record file"))
        self.add(self.export_button, f.rect(685, 630, 150, 50), _("Save this game to a file"))
        self.add(self.statistics_button, f.rect(850, 630, 150, 50), _("How everyone is doing"))
        self.add(self.watch_button, f.rect(1015, 630, 185, 50), _("Watch this game again"))

    def heard_title(self) -> str:
        return _("Past games")

    def list_words(self) -> str:
        """The chosen game as speech reads it, and where it lies in the list."""
        chosen = self.selected
        if chosen is None or chosen not in self.shown:
            return _("Past games")
        # Translators: a game's title, when it was played, its players and scores, and where
        # it lies in the list ("3 of 12").
        return _("{title}, {moment}: {players}, {place} of {count}").format(
            title=game_title(chosen.game),
            moment=when(chosen),
            players=players_line(chosen),
            place=self.shown.index(chosen) + 1,
            count=len(self.shown),
        )

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:
            self.import_file(Path(event.file))
            return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect().collidepoint(self.mouse):
            most = max(0, len(self.shown) - self.visible_rows())
            self.scroll = max(0, min(most, self.scroll - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, game in enumerate(self.shown):
                rect = self.row_rect(index)
                if rect.collidepoint(event.pos) and self.list_rect().contains(rect):
                    self.selected = game
                    self.relayout()
                    return True
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_UP, pygame.K_DOWN)
            and self.shown
        ):
            index = self.shown.index(self.selected) if self.selected in self.shown else 0
            index = max(
                0, min(len(self.shown) - 1, index + (1 if event.key == pygame.K_DOWN else -1))
            )
            self.selected = self.shown[index]
            self.scroll = max(index - self.visible_rows() + 1, min(self.scroll, index))
            self.relayout()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.watch()
            return True
        return False

    def back(self) -> bool:
        go_back(self.app)
        return True

    # Drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        area, hint = self.list_rect(), f.point(640, 605)
        title = heading_box(_("Past games"), f.px(50), f.point(640, 58))
        self.draw_sky(surface, area, title, self.hint_box(hint, f.px(1100)))
        heading_with_glow(surface, _("Past games"), f.px(50), f.point(640, 58))
        theme.panel(surface, area, alpha=235, radius=f.px(16))
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        for index, game in enumerate(self.shown):
            rect = self.row_rect(index)
            if rect.bottom < area.top or rect.top > area.bottom:
                continue
            self._draw_row(surface, rect, game)
        surface.set_clip(clip)
        if not self.shown:
            empty = self.working or self._empty_words()
            blit_lines(
                surface,
                empty,
                theme.BODY_FONT,
                f.px(20),
                theme.SILVER,
                area.inflate(-f.px(80), -f.px(160)),
                "center",
            )
        self.draw_widgets(surface)
        if not self.player_input.value and not self.player_input.focused:
            theme.blit_text(
                surface,
                _("Search a player…"),
                theme.BODY_FONT,
                f.px(18),
                theme.SILVER,
                "midleft",
                (self.player_input.rect.left + f.px(12), self.player_input.rect.centery),
            )
        line = self.working or self.message
        self.draw_hint(
            surface,
            hint,
            f.px(1100),
            None if self.hint() else line or count_words(len(self.shown), len(self.games)),
            warning=self.warning and not self.hint() and not self.working,
        )
        self.draw_fade_in(surface)

    def _empty_words(self) -> str:
        if self.games:
            return _("No past game matches this search.")
        return _("No finished games yet. Every game played to its end is kept here.")

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, game: ArchivedGame) -> None:
        f = self.frame
        chosen = game is self.selected
        theme.panel(
            surface,
            rect,
            alpha=255 if chosen else 200,
            border=theme.GOLD if chosen else theme.PANEL_BORDER,
            radius=f.px(10),
            width=f.px(2),
        )
        middle = rect.centery
        title, size = theme.fit(game_title(game.game), theme.HEADING_FONT, f.px(24), f.px(250))
        theme.blit_text(
            surface, title, theme.HEADING_FONT, size, theme.MOONLIGHT,
            "midleft", (rect.left + f.px(16), middle),
        )  # fmt: skip
        theme.blit_text(
            surface, when(game), theme.BODY_FONT, f.px(16), theme.SILVER,
            "midleft", (rect.left + f.px(280), middle),
        )  # fmt: skip
        x, end = rect.left + f.px(450), rect.right - f.px(16)
        for seat in game.seats:  # as many as the row holds whole
            words = (
                f"{seat.name} {seat.score}"
                if seat.player == "human"
                else _("{name} {score} (bot)").format(name=seat.name, score=seat.score)
            )
            font = theme.BOLD_FONT if seat.winner else theme.BODY_FONT
            if x + theme.text_width(words, font, f.px(17)) > end:
                break
            ink = theme.GOLD if seat.winner else theme.TEXT
            drawn = theme.blit_text(surface, words, font, f.px(17), ink, "midleft", (x, middle))
            x = drawn.right + f.px(18)


class PathScene(MenuScene):
    """A path typed (or pasted with Ctrl+V) over the past games, or a file dropped on the
    window: Enter or the primary button hands it to `on_go`; Esc or Cancel leaves."""

    transparent = True
    ambient_motion = False  # over the past games, whose sky stands still under it

    def __init__(
        self,
        app: App,
        words: tuple[str, str, str],
        path: str,
        on_go: Callable[[Path], None],
    ) -> None:
        """`words`: the title, a sentence of detail and the primary button's label."""
        super().__init__(app)
        self.title, self.detail, action = words
        self.on_go = on_go
        self.path_input = TextInput(
            value=path, max_length=PATH_LENGTH, focused=True, name=_("Path of the file")
        )
        self.go_button = Button(label=action, primary=True, on_click=self.go)
        self.cancel_button = Button(label=_("Cancel"), on_click=self.cancel)
        self.keyboard_focus = self.path_input

    def layout(self) -> None:
        f = self.frame
        self.add(self.path_input, f.centered(640, 372, 700, 48), _("Where the file is"))
        self.add(self.cancel_button, f.centered(540, 450, 170, 50), _("Change nothing"))
        self.add(self.go_button, f.centered(740, 450, 170, 50))

    def heard_title(self) -> str:
        return f"{self.title}. {self.detail}"

    def go(self) -> None:
        typed = self.path_input.value.strip()
        if typed:
            self.app.stack.pop()
            self.on_go(Path(typed).expanduser())

    def cancel(self) -> None:
        self.app.stack.pop()

    def back(self) -> bool:
        self.cancel()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and not isinstance(self.keyboard_focus, Button):  # a button does its own
            self.go()
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_v
            and event.mod & pygame.KMOD_CTRL
        ):
            pasted = pygame.scrap.get_text() if pygame.scrap.get_init() else ""
            self.path_input.focused = True
            return self.path_input.handle_event(
                pygame.event.Event(pygame.TEXTINPUT, text=pasted.replace("\n", ""))
            )
        if event.type == pygame.DROPFILE:
            self.path_input.value = event.file[:PATH_LENGTH]
            self.go()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        dim(surface, round(170 * self.eased_appear))
        panel = f.centered(640, 370, 820, 300)
        theme.panel(surface, panel, alpha=255, radius=f.px(20))
        heading_with_glow(surface, self.title, f.px(36), f.point(640, 262))
        blit_lines(
            surface,
            self.detail,
            theme.BODY_FONT,
            f.px(17),
            theme.SILVER,
            f.centered(640, 312, 720, 46),
            "center",
        )
        self.draw_widgets(surface)
        self.draw_fade_in(surface)
