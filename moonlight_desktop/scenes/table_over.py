"""The end of a table game, over its final board: who won, each seat's score part by part (the
game's standings), how a tie was broken, and the way to a new game. The scores show as rows of
numbers or, one click away, as a chart of stacked bars (ui/chart.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Match
from moonlight_desktop.i18n import N_, _, format_list, ngettext
from moonlight_desktop.ui import assets, theme
from moonlight_desktop.ui.chart import (
    KIND_COLORS,
    ChartGeometry,
    ChartRow,
    draw_score_chart,
    part_kind,
)
from moonlight_desktop.ui.menu import Segmented
from moonlight_desktop.ui.table.game_ui import GameUI, Standings, StandingsRow
from moonlight_desktop.ui.widgets import Spot, draw_tooltip, whole_lines

from .results import PLAY_AGAIN, ResultsScene

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

ROW_STEP = 64
MAX_PARTS = 6
PANEL_HEIGHT = 660
"""The tallest the panel grows (design units); more rows than fit at ROW_STEP come closer."""
PANEL_WIDTH, WIDE_PANEL = 900, 1200
"""The panel's width, and its width where a row's parts need more room to be read whole (a
longer language), design units."""
PARTS_MARGIN = 398
"""What of the panel's width is no row's parts: its margins, the seat's name, the total."""
VIEWS_STRIP = 48
"""The strip under the title holding the Points / Chart switch."""
VIEWS: tuple[tuple[str, str], ...] = (("points", N_("Points")), ("chart", N_("Chart")))
LEAST_CONTENT = 3 * ROW_STEP
"""The rows' area is never lower (design units): room for a readable chart of two seats."""


def row_name(match: Match[Any], row: StandingsRow) -> str:
    """A row's own name (a player inside the rules), else its seat's."""
    if row.name:
        return row.name
    if row.seat < len(match.seats):
        return match.seats[row.seat].name
    return _("Seat {number}").format(number=row.seat + 1)


def counted_parts(row: StandingsRow) -> tuple[tuple[str, int], ...]:
    """The parts of a row's score the chart stacks: the longest run of its first parts that
    adds up to its total (later parts are no points but a tie-break: Castle's pebbles left),
    without those worth nothing; the total alone when no run adds up."""
    for count in range(len(row.parts), 0, -1):
        if sum(points for _label, points in row.parts[:count]) == row.total:
            return tuple(part for part in row.parts[:count] if part[1] != 0)
    return ((_("Score"), row.total),) if row.total else ()


def winners_title(match: Match[Any], standings: Standings) -> str:
    names = [row_name(match, row) for row in standings.rows if row.winner]
    if not names:
        return _("Game over")
    if len(names) == 1:
        return _("Winner: {name}").format(name=names[0])
    return _("Shared win: {names}").format(names=format_list(names))


class TableOverScene(ResultsScene):
    def __init__(
        self,
        app: App,
        ui: GameUI[Any],
        match: Match[Any],
        standings: Standings,
        play_again: Callable[[], None],
        actions: Callable[[], pygame.Rect] | None = None,
        again: tuple[str, str] = PLAY_AGAIN,
    ) -> None:
        """`standings`: `ui.standings(match)`, made before (off the UI thread: a final
        scoring may take a while). `actions`: the table's action strip (empty once the game
        is over), where "Show the results" waits while the board is looked at; bottom left
        when None."""
        super().__init__(app, winners_title(match, standings), play_again, again)
        self.ui = ui
        self.match = match
        self.standings = standings
        self.kinds = dict(standings.kinds)
        """The kinds of part the game named (`Standings.kinds`), by label."""
        self.actions = actions
        self.row_rects: list[tuple[pygame.Rect, str]] = []
        """Each row as last drawn, and what hovering it says."""
        self.view = "points"
        """What the panel shows: "points" (a row of numbers per seat) or "chart"."""
        self.view_picker = Segmented[str](
            options=[(view, _(label)) for view, label in VIEWS],
            on_change=self.show_view,
            name=_("Scores shown as"),
        )
        self.row_spots = [Spot(name=self._row_words(row)) for row in self.standings.rows]
        """Each row in the keyboard's ring: speech reads it whole, and its details show."""
        self.chart: ChartGeometry | None = None
        """The chart as last drawn (for its hover tips)."""

    @property
    def row_step(self) -> float:
        """A row's height with the gap after it: closer when many rows share the panel."""
        rows = max(1, len(self.standings.rows))
        room = PANEL_HEIGHT - 220 - VIEWS_STRIP - (40 if self.standings.note else 0)
        return min(ROW_STEP, room / rows)

    @property
    def content_height(self) -> float:
        """The height of the rows' area (or the chart's, the same), design units."""
        return max(LEAST_CONTENT, len(self.standings.rows) * self.row_step)

    def panel_size(self) -> tuple[float, float]:
        note = 40 if self.standings.note else 0
        width = PANEL_WIDTH if self._parts_fit(PANEL_WIDTH) else WIDE_PANEL
        return (width, min(PANEL_HEIGHT, 220 + VIEWS_STRIP + self.content_height + note))

    def _parts_fit(self, panel_width: int) -> bool:
        """Whether every row's parts are read whole in a panel `panel_width` wide."""
        f = self.frame
        width, height = f.px(panel_width - PARTS_MARGIN), f.px(self.row_step - 8) - f.px(6)
        return all(
            self._whole(parts, self._part_widths(parts, width, height), height)
            for parts in map(self._shown_parts, self.standings.rows)
        )

    def layout(self) -> None:
        super().layout()
        if self.peeking:
            return
        f = self.frame
        top = (self.panel_rect.top - f.top) / f.scale
        self.view_picker.select(self.view)
        self.add(self.view_picker, f.centered(640, top + 110, 240, 36), self._view_hint)
        if self.view == "points":
            panel = self.panel_rect
            rows_top = self._rows_top(panel, self.results_top())
            for number, spot in enumerate(self.row_spots):
                self.add(spot, self._row_rect(panel, rows_top, number))

    def _view_hint(self, pos: tuple[int, int]) -> str:
        index = self.view_picker.index_at(pos)
        if index is None or VIEWS[index][0] == self.view:
            return _("Points or chart (V)")
        if VIEWS[index][0] == "chart":
            return _("See each score as a bar of its parts (V)")
        return _("See each score as numbers, part by part (V)")

    def show_view(self, view: str) -> None:
        self.view = view
        self.relayout()

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and not self.peeking:
            self.view_picker.select("chart" if self.view == "points" else "points")
            self.show_view(self.view_picker.value)
            return True
        return False

    def _row_words(self, row: StandingsRow) -> str:
        """A row as speech reads it: who, the total, each part, the details."""
        parts = "; ".join(
            _("{part}: {points}").format(part=label, points=points) for label, points in row.parts
        )
        count = abs(row.total)  # the form of "-3 points" is that of "3 points"
        # Translators: a player's name, their total and each part of it ("Gems: 12; ...").
        message = (
            ngettext(
                "{name}, winner: {total} point. {parts}",
                "{name}, winner: {total} points. {parts}",
                count,
            )
            if row.winner
            else ngettext(
                "{name}: {total} point. {parts}", "{name}: {total} points. {parts}", count
            )
        )
        words = message.format(name=row_name(self.match, row), total=row.total, parts=parts)
        return f"{words}. {row.details}" if row.details else words

    def results_place(self) -> pygame.Rect:
        f = self.frame
        if self.actions is None:
            return f.rect(40, 640, 240, 50)
        strip = self.actions()
        place = pygame.Rect(0, 0, min(strip.width, f.px(250)), min(strip.height, f.px(54)))
        place.midtop = strip.midtop
        return place

    # Drawing -------------------------------------------------------------------------------

    def draw_results(self, surface: pygame.Surface, panel: pygame.Rect, top: int) -> None:
        f = self.frame
        y = top - f.px(4) + f.px(VIEWS_STRIP)
        lines, size = self._note_lines(panel)
        for line in lines:
            theme.blit_text(
                surface, line, theme.BODY_FONT, size, theme.GOLD, "center", (panel.centerx, y)
            )
            y += round(size * 1.2)
        self.row_rects = []
        self.chart = None
        rows_top = self._rows_top(panel, top)
        if self.view == "chart":
            area = pygame.Rect(
                panel.left + f.px(28),
                rows_top,
                panel.width - f.px(56),
                f.px(self.content_height - 8),
            )
            self.chart = self._draw_chart(surface, area)
            return
        for number, row in enumerate(self.standings.rows):
            rect = self._row_rect(panel, rows_top, number)
            self._draw_row(surface, row, rect)
            self.row_rects.append((rect, row.details))

    def _note_lines(self, panel: pygame.Rect) -> tuple[tuple[str, ...], int]:
        """The standings' note over the rows (none without one), and its size."""
        if not self.standings.note:
            return (), 0
        f = self.frame
        return theme.fit_lines(
            self.standings.note, theme.BODY_FONT, f.px(16), panel.width - f.px(80), f.px(40)
        )

    def _rows_top(self, panel: pygame.Rect, top: int) -> int:
        """Where the rows' area (or the chart) starts: under the views' switch and the note."""
        f = self.frame
        lines, size = self._note_lines(panel)
        note = len(lines) * round(size * 1.2) + f.px(6) if lines else 0
        return top - f.px(4) + f.px(VIEWS_STRIP) + note

    def _row_rect(self, panel: pygame.Rect, rows_top: int, number: int) -> pygame.Rect:
        """Row `number` of the points: few rows stand in the middle of the rows' area."""
        f, step = self.frame, self.row_step
        y = rows_top + f.px((self.content_height - len(self.standings.rows) * step) / 2)
        left, width = panel.left + f.px(28), panel.width - f.px(56)
        return pygame.Rect(left, y + f.px(number * step), width, f.px(step - 8))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.peeking:
            return
        focus = self.keyboard_focus if self.focus_shown else None
        for (rect, details), spot in zip(self.row_rects, self.row_spots, strict=False):
            if details and (rect.collidepoint(self.mouse) or spot is focus):
                draw_tooltip(surface, details, rect, self.frame.px)
        segment = self.chart.segment_at(self.mouse) if self.chart is not None else None
        if segment is not None:
            outline = segment.rect.inflate(self.frame.px(4), self.frame.px(4))
            pygame.draw.rect(surface, theme.GLOW, outline, width=self.frame.px(2))
            tip = _("{part}: {points}").format(part=segment.label, points=segment.points)
            draw_tooltip(surface, tip, segment.rect, self.frame.px)

    # The chart -----------------------------------------------------------------------------

    def row_look(self, row: StandingsRow) -> str:
        """A row's look: its own (a player inside the rules), else its seat's ("": none)."""
        seat = self.match.seats[row.seat] if row.seat < len(self.match.seats) else None
        return row.look or (seat.look if seat is not None else "") or ""

    def chart_rows(self) -> list[ChartRow]:
        """The standings as the chart's rows: each seat's counted parts, in its look's colour."""
        rows = []
        for number, row in enumerate(self.standings.rows):
            look = self.row_look(row)
            color = self.ui.look_color(look) if look else KIND_COLORS[number % len(KIND_COLORS)]
            parts = counted_parts(row)
            rows.append(ChartRow(row_name(self.match, row), color, row.total, parts, row.winner))
        return rows

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> ChartGeometry:
        f = self.frame
        theme.panel(surface, area, radius=f.px(12), width=f.px(1))
        inner = area.inflate(-f.px(32), -f.px(20))
        rows = self.chart_rows()
        return draw_score_chart(surface, inner, rows, f.scale, self.kind_of, marker=self._mark)

    def kind_of(self, label: str) -> str:
        """The kind of part a label names: as the game names it, else read from its words."""
        return self.kinds.get(label) or part_kind(label)

    def _mark(
        self, surface: pygame.Surface, number: int, centre: tuple[int, int], size: int
    ) -> None:
        """A row's figure or crest in the chart, as in the rows (a disc when it has none)."""
        row = self.standings.rows[number]
        look = self.row_look(row)
        if look:
            self.ui.draw_look(surface, look, centre, size)
        else:
            pygame.draw.circle(surface, KIND_COLORS[number % len(KIND_COLORS)], centre, size // 3)

    def _draw_row(self, surface: pygame.Surface, row: StandingsRow, rect: pygame.Rect) -> None:
        f = self.frame
        border = theme.GOLD if row.winner else theme.PANEL_BORDER
        theme.panel(
            surface, rect, border=border, radius=f.px(12), width=f.px(2 if row.winner else 1)
        )
        look = self.row_look(row)
        if look:
            self.ui.draw_look(surface, look, (rect.left + f.px(30), rect.centery), f.px(40))
        name = row_name(self.match, row)
        name, size = theme.fit(name, theme.BOLD_FONT, f.px(20), f.px(190))
        lift = f.px(11) if row.pictures else 0
        theme.blit_text(
            surface,
            name,
            theme.BOLD_FONT,
            size,
            theme.TEXT,
            "midleft",
            (rect.left + f.px(60), rect.centery - lift),
        )
        if row.pictures:
            self._draw_pictures(surface, row.pictures, rect.left + f.px(60), rect.centery + lift)
        total_at = (rect.right - f.px(24), rect.centery)
        theme.blit_text(
            surface,
            str(row.total),
            theme.HEADING_FONT,
            f.px(34),
            theme.MOONLIGHT,
            "midright",
            total_at,
        )
        parts = self._shown_parts(row)
        left, right = rect.left + f.px(262), rect.right - f.px(80)
        widths = self._part_widths(parts, right - left, rect.height - f.px(6))
        for (label, points), width in zip(parts, widths, strict=True):
            # Its points, and before them what for, on as many lines as the row holds.
            score = theme.blit_text(
                surface,
                str(points),
                theme.BOLD_FONT,
                f.px(18),
                theme.TEXT,
                "midright",
                (left + width - f.px(6), rect.centery),
            )
            room = score.left - f.px(8) - (left + f.px(4))
            left += width
            lines, size = theme.fit_lines(
                label, theme.BODY_FONT, f.px(14), room, rect.height - f.px(6)
            )
            line_height = theme.body(size).get_linesize()
            first = (score.left - f.px(8), rect.centery - len(lines) * line_height / 2)
            theme.blit_lines_from(
                surface, lines, theme.BODY_FONT, size, theme.SILVER, "topright", first, line_height
            )

    def _part_widths(
        self, parts: tuple[tuple[str, int], ...], width: int, height: int
    ) -> list[int]:
        """The columns of a row's parts in `width`: equal, or, where a label would not fit
        whole in an equal share (a longer language), each as wide as its label is long."""
        f = self.frame
        equal = [width // max(1, len(parts))] * len(parts)
        if self._whole(parts, equal, height):
            return equal
        scores = [theme.text_width(str(points), theme.BOLD_FONT, f.px(18)) for _, points in parts]
        spare = width - sum(scores) - len(parts) * f.px(18)
        needs = [theme.text_width(label, theme.BODY_FONT, f.px(14)) for label, _ in parts]
        return [
            score + f.px(18) + spare * need // max(1, sum(needs))
            for score, need in zip(scores, needs, strict=True)
        ]

    def _whole(self, parts: tuple[tuple[str, int], ...], widths: list[int], height: int) -> bool:
        """Whether each part's label is read whole beside its points in its column."""
        f = self.frame
        return all(
            whole_lines(
                label,
                theme.BODY_FONT,
                f.px(14),
                width - theme.text_width(str(points), theme.BOLD_FONT, f.px(18)) - f.px(18),
                height,
            )
            for (label, points), width in zip(parts, widths, strict=True)
        )

    def _shown_parts(self, row: StandingsRow) -> tuple[tuple[str, int], ...]:
        """A row's parts as its columns show them: the last ones added up where many."""
        return row.parts if len(row.parts) <= MAX_PARTS else self._folded(row.parts)

    def _draw_pictures(
        self, surface: pygame.Surface, pictures: tuple[str, ...], left: int, middle: int
    ) -> None:
        """What the seat won, piece by piece, in a row under its name: closer together when
        there are many, so the row never runs into the scores."""
        f = self.frame
        size, room = f.px(18), f.px(190)
        step = min(size + f.px(2), max(f.px(4), (room - size) // max(1, len(pictures) - 1)))
        for number, picture in enumerate(pictures):
            art = assets.image(picture, size, size)
            surface.blit(art, art.get_rect(midleft=(left + number * step, middle)))

    @staticmethod
    def _folded(parts: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        """The first parts as they are and the rest added up, so a row stays readable."""
        kept, rest = parts[: MAX_PARTS - 1], parts[MAX_PARTS - 1 :]
        return (*kept, (_("Other"), sum(points for _label, points in rest)))
