"""Setting up a game of Moonlight Castle: who plays (and as which figure), the garden, the
variants, who starts and an optional seed. The edits themselves live in `setup_model`."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match, OptionsError, RecordError
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.menu import (
    LEARN_HINT,
    SETUP_STATUS,
    ConfirmScene,
    Hint,
    MenuScene,
    choice_target,
    choice_value,
    go_back,
    heading_box,
    heading_with_glow,
    learn_button,
)
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.setup import level_note
from moonlight_desktop.ui.widgets import Button, Choice, TextInput, Toggle
from moonlight_desktop.userdata import OPEN_ELSEWHERE

from ..board import BoardError, available_levels, board_named
from ..rules import MAX_SEATS
from ..table import RITUALS, Ritual
from .looks import crest, figure_art, icon
from .setup_model import (
    FIGURES,
    GAME_ID,
    KIND_LABELS,
    KINDS,
    NAME_LENGTH,
    RITUAL_LABELS,
    SEED_DIGITS,
    CastleSetup,
    SetupError,
    figure_title,
)

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

log = logging.getLogger(__name__)

ROW_TOP = 178  # design units: the first seat row
ROW_STEP = 70
ROW_HEIGHT = 64
FOUNTAIN_TOP = 372
OPEN_SCREEN_TOP = 262
FOUNTAIN_STEP = 58
FULL_MOON_LINE = "No screens: everyone's pebbles are visible"


@dataclass(eq=False)
class FigurePicker(Choice[str]):
    """The seat's figure on a disc of its crest colour, with arrows to step through the four."""

    def draw(self, surface: pygame.Surface) -> None:
        figure = self.value
        color = crest(figure)
        disc = self.rect.height // 2 - self.px(2)
        center = self.rect.center
        pygame.draw.circle(surface, tuple(c // 3 for c in color), center, disc)
        ring = theme.MOONLIGHT if self.hovered else color
        pygame.draw.circle(surface, ring, center, disc, width=self.px(3))
        art = figure_art(figure, round(disc * 1.9))
        theme.blit_picture(surface, art, art.get_rect(center=(center[0], center[1] + self.px(1))))
        for direction in (-1, 1):
            x = center[0] + direction * (disc + self.px(14))
            y, half = center[1], self.px(7)
            pygame.draw.polygon(
                surface,
                theme.MOONLIGHT if self.hovered else theme.GOLD,
                [
                    (x + direction * half, y),
                    (x - direction * half, y - half),
                    (x - direction * half, y + half),
                ],
            )


@dataclass(eq=False)
class FigureToggle(Toggle):
    """A tick box labelled with a seat's figure (names would not fit four to a row)."""

    figure: str = "squirrel"

    def draw_label(self, surface: pygame.Surface, midleft: tuple[int, int]) -> None:
        art = figure_art(self.figure, self.px(36))
        theme.blit_picture(surface, art, art.get_rect(midleft=midleft))


@dataclass(eq=False)
class SeatRow:
    figure: FigurePicker
    name: TextInput
    kind: Choice[str]
    remove: Button


class CastleSetupScene(MenuScene):
    def __init__(
        self,
        app: App,
        on_start: Callable[[Match[Any]], None],
        rules: Callable[[], Scene],
        learn: Callable[[], None] | None = None,
    ) -> None:
        """`on_start`: opens the table for the new game (in place of this scene); `rules`:
        the rules reader; `learn`: the guided first game."""
        super().__init__(app)
        self.on_start = on_start
        self.rules = rules
        self.setup = CastleSetup.restore(app.user_data.load_setup(GAME_ID))
        self.message: str | None = None
        self.rows = [self._make_row(index) for index in range(MAX_SEATS)]
        self.add_button = Button(label="+  Add a player", on_click=self.add_seat)
        self.garden = Choice[str](
            options=[(name, _garden_title(name)) for name in available_levels()],
            on_change=lambda name: self.change(lambda: setattr(self.setup, "level", name)),
        )
        self.full_moon = Toggle(
            label="Full Moon",
            on_change=lambda on: self.change(lambda: setattr(self.setup, "full_moon", on)),
        )
        self.hints_toggle = Toggle(
            label="Hints",
            on_change=lambda on: self.change(lambda: setattr(self.setup, "hints", on)),
        )
        self.unscreened = [self._make_unscreened(n) for n in range(MAX_SEATS)]
        self.sides = [self._make_side(n) for n in range(len(RITUALS))]
        self.rituals = [self._make_ritual(n) for n in range(len(RITUALS))]
        self.starter = Choice[int | None](
            on_change=lambda seat: self.change(lambda: self.setup.set_start_seat(seat)),
        )
        self.seed = TextInput(max_length=SEED_DIGITS, on_change=self._seed_typed)
        self.back_button = Button(label="Back", on_click=lambda: go_back(self.app))
        self.rules_button = Button(label="Rules", on_click=self.open_rules)
        self.learn_button = learn_button(learn)
        self.start_button = Button(label="Start", on_click=self.start, primary=True)

    def _make_unscreened(self, seat: int) -> FigureToggle:
        def changed(on: bool) -> None:
            self.change(lambda: self.setup.set_open_screen(seat, on))

        return FigureToggle(on_change=changed)

    def _make_side(self, fountain: int) -> Choice[bool]:
        def changed(gold: bool) -> None:
            self.change(lambda: self.setup.set_gold(fountain, gold))

        return Choice[bool](options=[(False, "White"), (True, "Gold")], on_change=changed)

    def _make_ritual(self, fountain: int) -> Choice[Ritual]:
        def changed(ritual: Ritual) -> None:
            self.change(lambda: self.setup.set_ritual(fountain, ritual))

        return Choice[Ritual](
            options=[(ritual, RITUAL_LABELS[ritual]) for ritual in RITUALS], on_change=changed
        )

    def _make_row(self, index: int) -> SeatRow:
        return SeatRow(
            figure=FigurePicker(
                options=[(figure, figure_title(figure)) for figure in FIGURES],
                on_change=lambda figure: self.change(lambda: self.setup.set_figure(index, figure)),
            ),
            name=TextInput(
                max_length=NAME_LENGTH,
                on_change=lambda text: self.change(lambda: self.setup.set_name(index, text)),
            ),
            kind=Choice[str](
                options=[(kind, KIND_LABELS[kind]) for kind in KINDS],
                on_change=lambda kind: self.change(lambda: self.setup.set_kind(index, kind)),
            ),
            remove=Button(
                label="\N{MULTIPLICATION SIGN}", on_click=lambda: self.remove_seat(index)
            ),
        )

    # Changes -------------------------------------------------------------------------------

    def change(self, edit: Callable[[], object]) -> None:
        """Applies an edit to the setup, then shows the setup again."""
        edit()
        self.message = None
        self.relayout()

    def add_seat(self) -> None:
        self.change(self.setup.add_seat)

    def remove_seat(self, index: int) -> None:
        self.change(lambda: self.setup.remove_seat(index))

    def _seed_typed(self, text: str) -> None:
        self.seed.value = self.setup.set_seed_text(text)
        self.message = None

    def open_rules(self) -> None:
        self.app.stack.push(self.rules())

    def back(self) -> bool:
        go_back(self.app)
        return True

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def start(self) -> None:
        """Checks the setup; on success remembers it and opens the board, once the players
        agree to lose the game in progress, if there is one (its save would be replaced)."""
        try:
            match = self.setup.to_match()
        except (SetupError, OptionsError, RecordError) as error:
            self.message = str(error)
            return
        if self.app.user_data.open_elsewhere(GAME_ID):
            self.message = OPEN_ELSEWHERE.format(title="Moonlight Castle")
            return
        if not self.app.user_data.has_game(GAME_ID):
            self._open_board(match)
            return
        self.app.stack.push(
            ConfirmScene(
                self.app,
                "Start a new game?",
                "A game of Moonlight Castle is in progress.\nStart a new one, and it is lost.",
                proceed=("Start new", "Start the new game: the one in progress is lost"),
                keep=("Keep it", "Back to this setup: the game in progress waits in the gallery"),
                on_proceed=lambda: self._open_board(match),
            )
        )

    def _open_board(self, match: Match[Any]) -> None:
        self.app.user_data.save_setup(GAME_ID, self.setup.to_json())
        self.on_start(match)

    # Layout --------------------------------------------------------------------------------

    def layout(self) -> None:
        f = self.frame
        setup = self.setup
        count = len(setup.seats)
        for index, (row, seat) in enumerate(zip(self.rows, setup.seats, strict=False)):
            top = ROW_TOP + index * ROW_STEP
            row.figure.select(seat.figure)
            row.name.value = seat.name
            row.kind.select(seat.kind)
            row.remove.enabled = setup.can_remove_seat()
            self.add(row.figure, f.rect(60, top, 124, ROW_HEIGHT), self._figure_hint(index, row))
            self.add(row.name, f.rect(196, top + 10, 200, 44), "Type this player's name")
            self.add(row.kind, f.rect(408, top + 10, 186, 44), self._kind_hint(row))
            self.add(
                row.remove,
                f.rect(604, top + 10, 40, 44),
                f"Remove {seat.name.strip() or 'this player'} from the table",
            )
        if setup.can_add_seat():
            top = ROW_TOP + count * ROW_STEP + 10
            self.add(
                self.add_button,
                f.rect(196, top, 200, 44),
                "Add a seat for one more player (up to four)",
            )
        # Who starts and the seed.
        self.starter.options = [(None, "Random")] + [
            (index, seat.name.strip() or f"Player {index + 1}")
            for index, seat in enumerate(setup.seats)
        ]
        self.starter.index = 0
        self.starter.select(setup.start_seat)
        self.add(self.starter, f.rect(196, 488, 250, 44), self._choice_hint(self.starter, "Starts"))
        self.hints_toggle.value = setup.hints
        self.add(
            self.hints_toggle,
            f.rect(470, 490, 150, 40),
            lambda _pos: (
                "No hints at this table"
                if setup.hints
                else "Let players ask which move a Normal bot would make, and why (H)"
            ),
        )
        self.seed.value = setup.seed_text
        self.add(
            self.seed,
            f.rect(196, 542, 150, 44),
            "Type a number to get the same game again; leave it empty for a new one",
        )
        # The garden and the variants.
        self.garden.select(setup.level)
        self.add(self.garden, f.rect(830, 156, 390, 44), self._choice_hint(self.garden, "Garden"))
        self.full_moon.value = setup.full_moon
        self.add(
            self.full_moon,
            f.rect(700, 212, 150, 40),
            lambda _pos: (
                "Play with screens again"
                if setup.full_moon
                else "Play the Full Moon variant: " + FULL_MOON_LINE.lower()
            ),
        )
        if not setup.full_moon:  # under the Full Moon every screen is open anyway
            humans = [(n, seat) for n, seat in enumerate(setup.seats) if not seat.is_bot]
            for slot, (index, seat) in enumerate(humans):
                toggle = self.unscreened[index]
                toggle.value = seat.open_screen
                toggle.figure = seat.figure
                name = seat.name.strip() or f"Player {index + 1}"
                self.add(
                    toggle,
                    f.rect(868 + slot * 88, OPEN_SCREEN_TOP, 76, 36),
                    f"{name} plays without a screen: everyone sees their pebbles"
                    if not seat.open_screen
                    else f"{name} plays behind a screen again",
                )
        for number, fountain in enumerate(setup.fountains_in_play):
            top = FOUNTAIN_TOP + number * FOUNTAIN_STEP
            side, ritual = self.sides[number], self.rituals[number]
            side.select(fountain.gold)
            ritual.select(fountain.ritual)
            self.add(
                side,
                f.rect(756, top, 118, 44),
                "Turn this fountain to its white side (draws the pebbles shown)"
                if fountain.gold
                else "Turn this fountain to its gold side (a ritual)",
            )
            if fountain.gold:
                self.add(
                    ritual,
                    f.rect(886, top, 334, 44),
                    self._choice_hint(ritual, "Ritual", " (the fountain that has it swaps)"),
                )
        self.add(self.back_button, f.rect(40, 626, 140, 50), "Back to the gallery (Esc)")
        self.add(self.rules_button, f.rect(196, 626, 140, 50), "How to play Moonlight Castle")
        if self.learn_button is not None:
            self.add(self.learn_button, f.rect(352, 626, 180, 50), LEARN_HINT)
        self.add(
            self.start_button,
            f.rect(1040, 622, 200, 58),
            f"Start the game with {count} players (Enter)",
        )

    def _figure_hint(self, index: int, row: SeatRow) -> Hint:
        picker = row.figure

        def hint(pos: tuple[int, int]) -> str:
            step = -1 if pos[0] < picker.rect.centerx else 1
            figure = FIGURES[(FIGURES.index(picker.value) + step) % len(FIGURES)]
            owner = self.setup.owner_of(figure)
            text = f"Play the {figure_title(figure)}"
            if owner is not None and owner != index:
                text += f" (swaps with {self.setup.seats[owner].name.strip() or 'them'})"
            return text

        return hint

    def _kind_hint(self, row: SeatRow) -> Hint:
        def hint(pos: tuple[int, int]) -> str:
            note = level_note(choice_value(row.kind, pos) or "")
            return f"Make this seat: {choice_target(row.kind, pos)}{note}"

        return hint

    def _choice_hint(self, choice: Choice[Any], prefix: str, suffix: str = "") -> Hint:
        return lambda pos: f"{prefix}: {choice_target(choice, pos)}{suffix}"

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        setup = self.setup
        left, right = f.rect(40, 96, 620, 508), f.rect(680, 96, 560, 508)
        status_x, status_y, status_width = SETUP_STATUS
        status = f.point(status_x, status_y)
        title = heading_box("Moonlight Castle", f.px(46), f.point(640, 50))
        self.draw_sky(surface, left, right, title, self.hint_box(status, f.px(status_width)))
        heading_with_glow(surface, "Moonlight Castle", f.px(46), f.point(640, 50))
        for rect in (left, right):
            theme.panel(surface, rect, alpha=238, radius=f.px(18))
        self._heading(surface, "Players", (60, 124))
        self._heading(surface, "Garden and variants", (700, 124))
        for caption, x in (("Figure", 122), ("Name", 196), ("Plays as", 408)):
            anchor = "midbottom" if caption == "Figure" else "bottomleft"
            theme.blit_text(
                surface, caption, theme.BODY_FONT, f.px(15), theme.SILVER, anchor, f.point(x, 174)
            )
        for index, seat in enumerate(setup.seats):
            top = ROW_TOP + index * ROW_STEP
            stripe = f.rect(48, top + 10, 6, 44)
            pygame.draw.rect(surface, crest(seat.figure), stripe, border_radius=f.px(3))
        if not setup.can_add_seat():
            theme.blit_text(
                surface,
                "The table is full: four players",
                theme.BODY_FONT,
                f.px(15),
                theme.SILVER,
                "midleft",
                f.point(196, ROW_TOP + MAX_SEATS * ROW_STEP + 2),
            )
        pygame.draw.line(surface, theme.PANEL_BORDER, f.point(60, 478), f.point(640, 478), f.px(1))
        self._label(surface, "Who starts", (60, 510))
        self._label(surface, "Seed", (60, 564))
        theme.blit_text(
            surface,
            "optional — same seed, same game",
            theme.BODY_FONT,
            f.px(15),
            theme.SILVER,
            "midleft",
            f.point(360, 564),
        )
        self._label(surface, "Garden", (700, 178))
        theme.blit_text(
            surface,
            FULL_MOON_LINE,
            theme.BODY_FONT,
            f.px(16),
            theme.SILVER,
            "midleft",
            f.point(868, 232),
        )
        self._label(surface, "No screen", (700, OPEN_SCREEN_TOP + 18))
        if self.setup.full_moon or all(seat.is_bot for seat in self.setup.seats):
            theme.blit_text(
                surface,
                "everyone, under the Full Moon" if self.setup.full_moon else "no players",
                theme.BODY_FONT,
                f.px(16),
                theme.SILVER,
                "midleft",
                f.point(868, OPEN_SCREEN_TOP + 18),
            )
        self._heading(surface, "Ritual Fountains", (700, 322))
        theme.blit_text(
            surface,
            "One per player.  White: draw the pebbles shown.  Gold: draw 4, then its ritual.",
            theme.BODY_FONT,
            f.px(15),
            theme.SILVER,
            "midleft",
            f.point(700, 350),
        )
        recesses = _recess_pebbles(setup.level, len(setup.seats))
        for number, fountain in enumerate(setup.fountains_in_play):
            top = FOUNTAIN_TOP + number * FOUNTAIN_STEP
            art = icon("fountain_gold" if fountain.gold else "fountain_white", f.px(44))
            theme.blit_picture(surface, art, art.get_rect(center=f.point(724, top + 22)))
            if not fountain.gold:
                pebbles = recesses[number] if number < len(recesses) else 2
                theme.blit_text(
                    surface,
                    f"Draws {pebbles} pebble{'s' if pebbles != 1 else ''} — no ritual",
                    theme.BODY_FONT,
                    f.px(18),
                    theme.SILVER,
                    "midleft",
                    f.point(900, top + 22),
                )
        self.draw_widgets(surface)
        if self.message:
            self._mark_names(surface)
        message = self.message or self.limit_note()
        self.draw_hint(  # between Learn to play and Start, over neither
            surface, status, f.px(status_width), message, warning=message is not None
        )
        self.draw_fade_in(surface)

    def limit_note(self) -> str | None:
        """Says why typing stopped, while a full field refuses more."""
        if any(row.name.refusing for row in self.rows):
            return f"A name has {NAME_LENGTH} characters at most"
        if self.seed.refusing:
            return f"A seed has {SEED_DIGITS} digits at most"
        return None

    def _mark_names(self, surface: pygame.Surface) -> None:
        """Outlines the names that stop the game from starting (missing or used twice)."""
        names = [seat.name.strip().casefold() for seat in self.setup.seats]
        for row, name in zip(self.rows, names, strict=False):
            if not name or names.count(name) > 1:
                pygame.draw.rect(
                    surface,
                    theme.WARNING,
                    row.name.rect,
                    width=self.frame.px(2),
                    border_radius=self.frame.px(8),
                )

    def _heading(self, surface: pygame.Surface, content: str, at: tuple[float, float]) -> None:
        f = self.frame
        theme.blit_text(
            surface,
            content,
            theme.HEADING_FONT,
            f.px(30),
            theme.MOONLIGHT,
            "midleft",
            f.point(*at),
        )

    def _label(self, surface: pygame.Surface, content: str, at: tuple[float, float]) -> None:
        f = self.frame
        theme.blit_text(
            surface, content, theme.BOLD_FONT, f.px(18), theme.TEXT, "midleft", f.point(*at)
        )


def _garden_title(name: str) -> str:
    try:
        return board_named(name).title
    except BoardError as error:  # a broken level file: still listed, refused on Start
        log.warning("garden %s: %s", name, error)
        return name.replace("_", " ").title()


def _recess_pebbles(level: str, seats: int) -> list[int]:
    try:
        return [recess.pebbles for recess in board_named(level).recesses_for(seats)]
    except (BoardError, ValueError):
        return []
