"""The setup shell: any table game's setup from its `SetupSpec` — seats (look, name, human or a
bot level), players who are no seats (shown after the seats, with a line on how they play), the
game's options with a line of help each (their choices as the table allows: its number of seats,
and of humans among them, the row updating as seats come, go and change hands), random seating
and who starts when the game offers them, a tick box per human for the game's seat flag (Castle's
players without a screen), the seed — remembered per game. A hint on a seat's kind, on adding or
removing a seat says which option would change with it. A name or a seed that is full says so;
a name that stops the game from starting is outlined. Start asks first when a game of this kind
is in progress (its save would be replaced)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.game_list import game_spec
from moonlight_desktop.i18n import N_, _, format_list, ngettext
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
from moonlight_desktop.ui.table.game_ui import GameUI
from moonlight_desktop.ui.table.setup import (
    HUMAN,
    SEAT_FLAG,
    SEED_DIGITS,
    OptionRow,
    SetupError,
    TableSetup,
    level_note,
    same_value,
)
from moonlight_desktop.ui.widgets import Button, Choice, TextInput, Toggle, Widget, whole_lines
from moonlight_desktop.userdata import OPEN_ELSEWHERE

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

ROW_TOP = 170
OPTION_TOP = 170
OPTION_STEP = 96
OPTION_ROOM = 364
"""From the first option's top to the seed's row: option rows close up to fit in it."""
CHOICE_HEIGHT = 40
"""An option's picker; under it, its help on two lines, or on one where rows close up (where
they close up further, the picker is lower and its help is in its hint)."""
HELP_ROOM = 16
"""The least room under a picker for a line of its help."""
FLAG_STEP = 80
"""From one seat's tick box for the seat flag to the next."""


KIND_LABELS = {
    "human": N_("Human"),
    "easy": N_("Bot — easy"),
    "normal": N_("Bot — normal"),
    "hard": N_("Bot — hard"),
}
"""A seat's kind as its picker shows it: a human, or a bot of a level."""


def kind_label(kind: str) -> str:
    known = KIND_LABELS.get(kind)
    # Translators: a bot of a level this version has no name for.
    return _(known) if known else _("Bot — {level}").format(level=kind)


@dataclass(eq=False)
class LookPicker(Choice[str]):
    """A seat's look (the game draws it) on a disc of its colour, with arrows either side."""

    draw_look: Callable[[pygame.Surface, str, tuple[float, float], int], None] = (
        lambda _surface, _look, _centre, _size: None
    )

    def draw(self, surface: pygame.Surface) -> None:
        disc = self.rect.height // 2 - self.px(2)
        centre = self.rect.center
        self.draw_look(surface, self.value, centre, disc * 2)
        if self.hovered:
            pygame.draw.circle(surface, theme.MOONLIGHT, centre, disc, width=self.px(2))
        for direction in (-1, 1):
            x, y, half = centre[0] + direction * (disc + self.px(14)), centre[1], self.px(7)
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
class LookToggle(Toggle):
    """A tick box labelled with a seat's look (names would not fit four to a row)."""

    look: str = ""
    draw_look: Callable[[pygame.Surface, str, tuple[float, float], int], None] = (
        lambda _surface, _look, _centre, _size: None
    )

    def draw_label(self, surface: pygame.Surface, midleft: tuple[int, int]) -> None:
        size = self.px(34)
        self.draw_look(surface, self.look, (midleft[0] + size / 2, midleft[1]), size)


@dataclass(eq=False)
class SeatRow:
    look: LookPicker
    name: TextInput
    kind: Choice[str]
    remove: Button


class TableSetupScene(MenuScene):
    def __init__(
        self,
        app: App,
        ui: GameUI[Any],
        open_table: Callable[[Match[Any]], None],
        rules: Callable[[], Scene],
        learn: Callable[[], None] | None = None,
        online: Callable[[Match[Any]], None] | None = None,
        play_online: Callable[[], None] | None = None,
    ) -> None:
        """`open_table` is called with the match to play once the players start it; `rules`
        makes the game's rules reader; `learn` opens the guided first game (when it has one).
        `online`: the setup of an online table, called instead with the table as set (its
        first human seat is this player's, the other humans' are friends' who join).
        `play_online`: opens Play online for this game (offered in a setup at one computer)."""
        super().__init__(app)
        self.online = online
        self.online_button = (
            None if play_online is None else Button(label=_("Play online"), on_click=play_online)
        )
        self.rules = rules
        self.rules_button = Button(label=_("Rules"), on_click=lambda: app.stack.push(rules()))
        self.learn_button = learn_button(learn)
        self.ui = ui
        self.open_table = open_table
        spec = ui.setup
        self.setup = TableSetup.restore(spec, app.user_data.load_setup(ui.game_id))
        self.message: str | None = None
        self.rows = [self._make_row(index) for index in range(spec.max_seats)]
        self.add_button = Button(label=_("+  Add a player"), on_click=self.add_seat)
        self.option_choices: dict[str, Choice[Any]] = {}
        """The options panel's pickers by row key (`TableSetup.rows`), made as rows appear."""
        self.flags = [self._make_flag(index) for index in range(spec.max_seats)]
        self.seed = TextInput(name=_("Seed"), max_length=SEED_DIGITS, on_change=self._seed_typed)
        self.back_button = Button(label=_("Back"), on_click=lambda: go_back(self.app))
        start = _("Open the table") if online else _("Start")
        self.start_button = Button(label=start, on_click=self.start, primary=True)

    @property
    def row_step(self) -> int:
        """Rows close up for six players (seats and others) so the add button still fits in
        the panel."""
        return 62 if self.ui.setup.most_at_table() > 5 else 70

    def option_step(self, rows: int) -> int:
        return min(OPTION_STEP, OPTION_ROOM // max(1, rows))

    def choice_height(self, step: int) -> int:
        """An option's picker, lower where the rows close up too far for its help below."""
        return min(CHOICE_HEIGHT, step - 6)

    def _make_flag(self, index: int) -> LookToggle:
        return LookToggle(
            on_change=lambda on: self.change(lambda: self.setup.set_flag(index, on)),
            draw_look=self.ui.draw_look,
        )

    def _make_row(self, index: int) -> SeatRow:
        spec = self.ui.setup
        return SeatRow(
            look=LookPicker(
                options=[
                    (look, _(title))
                    for look, title in zip(spec.looks, spec.look_titles, strict=True)
                ],
                on_change=lambda look: self.change(lambda: self.setup.set_look(index, look)),
                draw_look=self.ui.draw_look,
            ),
            name=TextInput(
                max_length=spec.name_length,
                on_change=lambda text: self.change(lambda: self.setup.set_name(index, text)),
            ),
            kind=Choice[str](
                options=[(kind, kind_label(kind)) for kind in spec.kinds],
                on_change=lambda kind: self.change(lambda: self.setup.set_kind(index, kind)),
            ),
            remove=Button(
                label="\N{MULTIPLICATION SIGN}", on_click=lambda: self.remove_seat(index)
            ),
        )

    def heard_title(self) -> str:
        return _("{title}: set up a game").format(title=self.ui.title)

    # Changes -------------------------------------------------------------------------------

    def change(self, edit: Callable[[], object]) -> None:
        edit()
        self.message = None
        self.relayout()

    def _choose(self, key: str, value: Any) -> None:
        self.change(lambda: self.setup.choose(key, value))

    def option_choice(self, row: OptionRow) -> Choice[Any]:
        """The picker of `row`, showing its choices as offered now (fixed: greyed out)."""
        choice = self.option_choices.get(row.key)
        if choice is None:
            choice = Choice[Any](on_change=partial(self._choose, row.key))
            self.option_choices[row.key] = choice
        choice.options = [(c.value, c.label) for c in row.choices]
        choice.index = next(
            (n for n, c in enumerate(row.choices) if same_value(c.value, row.value)), 0
        )
        choice.enabled = not row.fixed
        return choice

    def add_seat(self) -> None:
        self.change(self.setup.add_seat)

    def remove_seat(self, index: int) -> None:
        self.change(lambda: self.setup.remove_seat(index))

    def _seed_typed(self, text: str) -> None:
        self.seed.value = self.setup.set_seed_text(text)
        self.message = None

    def back(self) -> bool:
        go_back(self.app)
        return True

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def start(self) -> None:
        try:
            match = self.setup.to_match(game_spec(self.ui.game_id).rules)
        except SetupError as error:
            self.message = str(error)
            return
        if self.online is not None:
            self._open_online(match)
            return
        if self.app.user_data.open_elsewhere(self.ui.game_id):
            self.message = _(OPEN_ELSEWHERE).format(title=self.ui.title)
            return
        if not self.app.user_data.has_game(self.ui.game_id):
            self._open(match)
            return
        self.app.stack.push(
            ConfirmScene(
                self.app,
                _("Start a new game?"),
                _("A game of {title} is in progress.\nStart a new one, and it is lost.").format(
                    title=self.ui.title
                ),
                proceed=(_("Start new"), _("Start the new game: the one in progress is lost")),
                keep=(
                    _("Keep it"),
                    _("Back to this setup: the game in progress waits in the gallery"),
                ),
                on_proceed=lambda: self._open(match),
            )
        )

    def _open_online(self, match: Match[Any]) -> None:
        if not any(seat.player == "human" for seat in match.seats):
            self.message = _("One seat must be yours: make one a human's")
            return
        self.app.user_data.save_setup(self.ui.game_id, self.setup.to_json())
        assert self.online is not None
        self.online(match)

    def kind_label(self, index: int, kind: str) -> str:
        """A seat's kind in words: online, the first human seat is "You" and the other
        humans' are friends who join."""
        if kind != HUMAN or self.online is None:
            return kind_label(kind)
        humans = [n for n, seat in enumerate(self.setup.seats) if seat.kind == HUMAN]
        return _("You") if humans and humans[0] == index else _("Friend (online)")

    def _open(self, match: Match[Any]) -> None:
        self.app.user_data.save_setup(self.ui.game_id, self.setup.to_json())
        self.open_table(match)

    # Layout --------------------------------------------------------------------------------

    def layout(self) -> None:
        f, setup, step = self.frame, self.setup, self.row_step
        for index, (row, seat) in enumerate(zip(self.rows, setup.seats, strict=False)):
            top = ROW_TOP + index * step
            row.look.select(seat.look)
            row.name.value = seat.name
            row.kind.options = [
                (kind, self.kind_label(index, kind)) for kind in self.ui.setup.kinds
            ]
            row.kind.select(seat.kind)
            row.remove.enabled = setup.can_remove_seat()
            number = index + 1
            row.look.name = _("Player {number}'s look").format(number=number)
            row.name.name = _("Player {number}'s name").format(number=number)
            row.kind.name = _("Player {number} plays as").format(number=number)
            row.remove.name = _("Remove {name}").format(name=seat.name)
            self.add(row.look, f.rect(60, top, 124, 60), self._look_hint(index, row.look))
            self.add(row.name, f.rect(196, top + 8, 200, 44), _("Type this player's name"))
            self.add(row.kind, f.rect(408, top + 8, 186, 44), self._kind_hint(index, row.kind))
            self.add(
                row.remove,
                f.rect(604, top + 8, 40, 44),
                (
                    _("Remove {name} from the table").format(name=seat.name.strip())
                    if seat.name.strip()
                    else _("Remove this player from the table")
                )
                + self._changes(partial(TableSetup.remove_seat, index=index)),
            )
        if setup.can_add_seat():
            self.add(
                self.add_button,
                f.rect(196, ROW_TOP + self.table_rows() * step + 8, 200, 44),
                _("Add a seat for one more player (up to {most})").format(
                    most=self.ui.setup.max_seats
                )
                + self._changes(TableSetup.add_seat),
            )
        option_rows = setup.rows()
        step = self.option_step(len(option_rows))
        height = self.choice_height(step)
        for number, option in enumerate(option_rows):
            top = OPTION_TOP + number * step
            if option.key == SEAT_FLAG:
                self._add_flags(option, top, height)
                continue
            choice = self.option_choice(option)
            choice.name = option.label
            self.add(choice, f.rect(900, top, 320, height), self._choice_hint(choice, option))
        if self.online is None:  # online, the game server deals: its seed is its own
            self.seed.value = setup.seed_text
            self.add(
                self.seed,
                f.rect(900, 540, 150, 44),
                _("Type a number to get the same game again; leave it empty for a new one"),
            )
        self.add(self.back_button, f.rect(40, 626, 140, 50), _("Back to the gallery (Esc)"))
        self.add(
            self.rules_button,
            f.rect(196, 626, 140, 50),
            _("How to play {title}").format(title=self.ui.title),
        )
        if self.learn_button is not None:
            self.add(self.learn_button, f.rect(352, 626, 180, 50), _(LEARN_HINT))
        if self.online_button is not None:
            hint = _("Host or join a table of {title} with friends at other computers").format(
                title=self.ui.title
            )
            self.add(self.online_button, f.rect(548, 626, 170, 50), hint)
        self.add(self.start_button, f.rect(1040, 622, 200, 58), self._start_hint())

    def focus_order(self) -> list[Widget]:
        """The players' panel, then the options' panel, then the buttons under them."""
        f = self.frame
        panels = f.rect(40, 96, 1200, 508)
        ring = super().focus_order()
        players = [w for w in ring if panels.contains(w.rect) and w.rect.left < f.x(680)]
        options = [w for w in ring if panels.contains(w.rect) and w.rect.left >= f.x(680)]
        return [*players, *options, *(w for w in ring if w not in players + options)]

    def _add_flags(self, row: OptionRow, top: int, height: int) -> None:
        """A tick box per seat that may set the seat flag, labelled with its look."""
        flag = self.ui.setup.seat_flag
        assert flag is not None  # the row is there for the flag
        for slot, choice in enumerate(row.choices):
            seat = self.setup.seats[choice.value]
            toggle = self.flags[choice.value]
            toggle.value, toggle.look = seat.flagged, seat.look
            toggle.name = f"{row.label}: {choice.label}"
            hint = flag.unset_hint if seat.flagged else flag.set_hint
            self.add(
                toggle,
                self.frame.rect(900 + slot * FLAG_STEP, top, FLAG_STEP - 8, height),
                hint.format(name=choice.label),
            )

    def table_rows(self) -> int:
        """The rows of the players' panel: the seats, then the players who are no seats."""
        return len(self.setup.seats) + len(self.setup.extras())

    def _start_hint(self) -> str:
        count = len(self.setup.seats)
        players = ngettext("{count} player", "{count} players", count).format(count=count)
        table = format_list([players, *(extra.name for extra in self.setup.extras())])
        # Translators: "3 players", or "3 players, Dirk and Beate" (who play without a seat).
        return _("Start the game with {table} (Enter)").format(table=table)

    def _help_below(self, words: str) -> tuple[tuple[str, ...], int] | None:
        """`words` on the lines (two, or one where rows close up) under an option's picker,
        and their size; None where they do not fit there whole."""
        f, step = self.frame, self.option_step(len(self.setup.rows()))
        height = self.choice_height(step)
        if step - height < HELP_ROOM:
            return None
        return whole_lines(words, theme.BODY_FONT, f.px(15), f.px(520), f.px(step - height - 6))

    def _choice_hint(self, choice: Choice[Any], row: OptionRow) -> Hint:
        """ "Change to ...", and the option's help with the line of the choice a click would
        pick where they do not fit whole under the picker."""

        def hint(pos: tuple[int, int]) -> str:
            words = row.help_for(choice_value(choice, pos))
            if self._help_below(words) is not None:
                words = ""  # read under the picker
            target = choice_target(choice, pos)
            if words:
                # Translators: a choice's name, then the line of help on what it does.
                return _("Change to {choice} — {help}").format(choice=target, help=words)
            return _("Change to {choice}").format(choice=target)

        return hint

    def _look_hint(self, index: int, picker: LookPicker) -> Hint:
        """ "Take the Fox", and who gives it up in exchange (each look is one seat's)."""
        spec = self.ui.setup

        def hint(pos: tuple[int, int]) -> str:
            step = -1 if pos[0] < picker.rect.centerx else 1
            look = spec.looks[(spec.looks.index(picker.value) + step) % len(spec.looks)]
            owner = self.setup.owner_of(look)
            title = _(spec.title_of(look))
            if owner in (None, index):
                # Translators: a seat's look by its title ("Fox", "Red").
                return _("Take the {look}").format(look=title)
            return _("Take the {look} (swaps with {name})").format(
                look=title, name=self.setup.shown_name(owner)
            )

        return hint

    def _kind_hint(self, index: int, choice: Choice[str]) -> Hint:
        """ "Change to Human", and what that changes in the options (a game whose choices
        depend on how many seats are human)."""

        def hint(pos: tuple[int, int]) -> str:
            kind = choice_value(choice, pos) or HUMAN
            changes = self._changes(lambda trial: trial.set_kind(index, kind))
            target = _("Change to {choice}").format(choice=choice_target(choice, pos))
            return f"{target}{level_note(kind)}{changes}"

        return hint

    def _changes(self, edit: Callable[[TableSetup], object]) -> str:
        """ "; Countdown becomes Sealed" for each option `edit` would change, or ""."""
        # Translators: an option's name and the choice it would take ("; Countdown becomes
        # Sealed"), after a hint on adding, removing or changing a seat.
        return "".join(
            _("; {option} becomes {value}").format(option=label, value=value)
            for label, value in self.setup.option_changes(edit)
        )

    # Drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        f = self.frame
        left, right = f.rect(40, 96, 620, 508), f.rect(680, 96, 560, 508)
        status_x, status_y, status_width = SETUP_STATUS
        status = f.point(status_x, status_y)
        title = heading_box(self.ui.title, f.px(46), f.point(640, 50))
        self.draw_sky(surface, left, right, title, self.hint_box(status, f.px(status_width)))
        heading_with_glow(surface, self.ui.title, f.px(46), f.point(640, 50))
        for rect in (left, right):
            theme.panel(surface, rect, alpha=238, radius=f.px(18))
        self._text(surface, _("Players"), theme.HEADING_FONT, 30, theme.MOONLIGHT, (60, 124))
        self._text(
            surface,
            _(self.ui.setup.options_title),
            theme.HEADING_FONT,
            30,
            theme.MOONLIGHT,
            (700, 124),
        )
        for index, seat in enumerate(self.setup.seats):
            stripe = f.rect(48, ROW_TOP + index * self.row_step + 8, 6, 44)
            color = self.ui.look_color(seat.look)
            pygame.draw.rect(surface, color, stripe, border_radius=f.px(3))
        self._draw_extras(surface)
        if not self.setup.can_add_seat():
            self._text(
                surface,
                ngettext(
                    "The table is full: {most} player",
                    "The table is full: {most} players",
                    self.ui.setup.max_seats,
                ).format(most=self.ui.setup.max_seats),
                theme.BODY_FONT,
                15,
                theme.SILVER,
                (196, ROW_TOP + self.table_rows() * self.row_step + 30),
            )
        rows = self.setup.rows()
        step = self.option_step(len(rows))
        height = self.choice_height(step)
        for number, row in enumerate(rows):
            top = OPTION_TOP + number * step
            middle = top + height / 2
            self._text(surface, row.label, theme.BOLD_FONT, 19, theme.TEXT, (700, middle))
            if row.key == SEAT_FLAG and not row.choices:  # nobody to tick: say why
                self._text(surface, row.help, theme.BODY_FONT, 16, theme.SILVER, (900, middle))
            # Under the choice, in what is left before the next row: the option's help with
            # its choice's line, or, where they need more room, the option's help alone.
            help_below = self._help_below(row.help_line()) or self._help_below(row.help)
            if help_below is not None:
                lines, size = help_below
                theme.blit_lines_from(
                    surface,
                    lines,
                    theme.BODY_FONT,
                    size,
                    theme.SILVER,
                    "topleft",
                    f.point(700, top + height + 2),
                )
        if not rows:
            self._text(
                surface,
                _("No options: deal and play."),
                theme.BODY_FONT,
                17,
                theme.SILVER,
                (700, 178),
            )
        if self.online is None:
            self._text(surface, _("Seed"), theme.BOLD_FONT, 19, theme.TEXT, (700, 562))
            self._text(surface, _("optional"), theme.BODY_FONT, 15, theme.SILVER, (1064, 562))
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
            length = self.ui.setup.name_length
            return ngettext(
                "A name has {count} character at most",
                "A name has {count} characters at most",
                length,
            ).format(count=length)
        if self.seed.refusing:
            return ngettext(
                "A seed has {count} digit at most", "A seed has {count} digits at most", SEED_DIGITS
            ).format(count=SEED_DIGITS)
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

    def _draw_extras(self, surface: pygame.Surface) -> None:
        """The players who are no seats, after the seats: a picture, the name and how they
        play, in place of a seat's pickers (nothing to choose for them)."""
        f, step = self.frame, self.row_step
        for number, extra in enumerate(self.setup.extras()):
            top = ROW_TOP + (len(self.setup.seats) + number) * step
            stripe = f.rect(48, top + 8, 6, 44)
            pygame.draw.rect(surface, self.ui.look_color(extra.look), stripe, border_radius=f.px(3))
            self.ui.draw_look(surface, extra.look, f.point(122, top + 30), f.px(56))
            self._text(surface, extra.name, theme.BOLD_FONT, 19, theme.TEXT, (206, top + 19))
            note, size = theme.fit(extra.note, theme.BODY_FONT, f.px(15), f.px(438))
            theme.blit_text(
                surface,
                note,
                theme.BODY_FONT,
                size,
                theme.SILVER,
                "midleft",
                f.point(206, top + 43),
            )

    def _text(
        self,
        surface: pygame.Surface,
        content: str,
        face: str,
        size: int,
        color: theme.Color,
        at: tuple[float, float],
    ) -> None:
        f = self.frame
        theme.blit_text(surface, content, face, f.px(size), color, "midleft", f.point(*at))
