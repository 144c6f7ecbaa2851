"""Moonlight Castle as the collection shows it: its gallery card, its own setup scene, rules,
screen and standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from moonlight_desktop.engine import Command, Match, RecordError
from moonlight_desktop.engine.errors import brief
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.scene import Scene
from moonlight_desktop.ui.table.controller import Timeout
from moonlight_desktop.ui.table.game_ui import Standings, StandingsRow, seat_looks
from moonlight_desktop.ui.table.hints import Hint
from moonlight_desktop.ui.table.setup import SetupSpec

from ..rules import MAX_SEATS, MIN_SEATS, TITLE
from ..view import CastleView
from .hint_reasons import castle_hint
from .lesson import CASTLE_LESSON
from .looks import crest, figure_art
from .rules_text import CASTLE_RULES
from .screen import CastleScreen
from .setup_model import FIGURES, KINDS, NAME_LENGTH
from .setup_scene import CastleSetupScene
from .standings import standings, tie_note

if TYPE_CHECKING:
    from moonlight_desktop.ui.app import App

JEWEL_PICTURES = ("castle/jewel_red.svg", "castle/jewel_yellow.svg", "castle/jewel_green.svg")
"""Each jewel's picture, by colour."""


class CastleUI:
    game_id = "castle"
    title = TITLE
    pitch = (
        "Sneak through the moonlit garden and rescue the king's jewels before Zirroz the "
        "magician keeps them all."
    )
    card_art = "castle/castle.svg"
    card_looks: tuple[str, ...] = ("fox", "squirrel")
    rules = CASTLE_RULES
    lesson = CASTLE_LESSON
    setup = SetupSpec(
        "castle",
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        default_seats=2,
        looks=FIGURES,
        look_titles=tuple(figure.title() for figure in FIGURES),
        levels=KINDS[1:],
        name_length=NAME_LENGTH,
    )
    """The seats as the collection describes them; Castle sets its table on its own setup
    scene (variants, gardens and rituals are more than options with labels)."""

    def hint(self, view: Any, legal: Sequence[Command], seed: int, names: Sequence[str]) -> Hint:
        """NormalBot's move for the seat whose view this is, and why (docs/castle.md)."""
        return castle_hint(view, legal, seed)

    def players_label(self) -> str:
        return f"{MIN_SEATS}\N{EN DASH}{MAX_SEATS} players"

    def setup_scene(
        self,
        app: App,
        on_start: Callable[[Match[Any]], None],
        rules: Callable[[], Scene],
        learn: Callable[[], None] | None = None,
    ) -> Scene | None:
        return CastleSetupScene(app, on_start, rules, learn)

    def screen(
        self, match: Match[Any], viewer: int | None, sound: Callable[[str], None]
    ) -> CastleScreen:
        looks = seat_looks(match, FIGURES, self.title)
        view = match.view(viewer)
        if not isinstance(view, CastleView):
            raise RecordError(f"not a game of Moonlight Castle: {brief(match.record.game, 40)}")
        return CastleScreen(view, [seat.name for seat in match.seats], looks, sound)

    def draw_look(
        self, surface: pygame.Surface, look: str, centre: tuple[float, float], size: int
    ) -> None:
        art = figure_art(look, size)
        theme.blit_picture(surface, art, art.get_rect(center=(round(centre[0]), round(centre[1]))))

    def look_color(self, look: str) -> tuple[int, int, int]:
        return crest(look)

    def private_seats(self, match: Match[Any]) -> frozenset[int]:
        """Humans who play behind a screen (not on the Full Moon, nor who chose to play
        without one): their pebbles are secret."""
        view = match.view(None)
        open_screens = view.table.open_screens if isinstance(view, CastleView) else ()
        return frozenset(
            seat
            for seat, spec in enumerate(match.seats)
            if spec.player == "human" and seat not in open_screens
        )

    def timeout(self, match: Match[Any], seat: int) -> Timeout | None:
        return None

    def standings(self, match: Match[Any]) -> Standings:
        """Jewels recovered (each drawn in its colour), then pebbles left, which break a tie
        on jewels."""
        rows = tuple(
            StandingsRow(
                row.seat,
                row.score,
                (("Jewels", row.score), ("Pebbles left", row.pebbles)),
                row.winner,
                tuple(JEWEL_PICTURES[jewel] for jewel in row.jewels),
            )
            for row in standings(match)
        )
        return Standings(rows, tie_note(match) or "")


CASTLE_UI = CastleUI()
