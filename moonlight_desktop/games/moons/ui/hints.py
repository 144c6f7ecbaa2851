"""Hints for the seat at the screen: which of its cards it may play now and, for every other
card, why not; and what its tokens would score if the game ended now, part by part.

Only the seat's view and its legal commands go in (no hidden facts), and the legal commands
decide what is playable, so a hint can never disagree with the rules. Pass the presenter's
`shown` view and the legal commands asked for while the board is idle, so hints describe the
position on screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from moonlight_desktop.engine import Command
from moonlight_desktop.i18n import _

from ..components import MOON_CARDS, SUIT_OF, TABLEAU_SIZE
from ..moves import PlaceInTableau, PlayCard
from ..scoring import best_partition
from ..state import Phase
from ..view import MoonsView
from .terms import PointsLine, partition_lines, planet_name


@dataclass(frozen=True, slots=True)
class CardHints:
    playable: frozenset[int]
    """The cards a click plays now: to the trick, or into the tableau while tableaux are laid."""
    reasons: Mapping[int, str]
    """Every other card of the hand: why it cannot be played now, in words."""


@dataclass(frozen=True, slots=True)
class ScoreHint:
    """The seat's best final score if the game ended now, and how it is made up."""

    total: int
    lines: tuple[PointsLine, ...]


def card_hints(view: MoonsView, legal: Sequence[Command]) -> CardHints:
    """`legal`: the seat's legal commands now (none while it is not asked to act)."""
    playable = frozenset(
        command.card for command in legal if isinstance(command, PlayCard | PlaceInTableau)
    )
    reasons = {
        card: _why_not(view, card, bool(playable))
        for card in view.hand or ()
        if card not in playable
    }
    return CardHints(playable, reasons)


def _why_not(view: MoonsView, card: int, asked: bool) -> str:
    """Why the rules refuse `card` now; `asked`: the seat may play or lay some card now."""
    asteroid = card >= MOON_CARDS
    if view.phase == Phase.OVER:
        return _("the game is over")
    if view.phase == Phase.TABLEAU:
        if asteroid:
            return _("an Asteroid never goes into a tableau: only Moon cards do")
        if view.viewer is not None and view.tableau_sizes[view.viewer] >= TABLEAU_SIZE:
            return _("your tableau is complete: wait for the others to finish theirs")
    elif view.phase == Phase.AWARD and view.awards[0][0] == view.viewer:
        return _("first choose your planet token")
    if not asked:
        return _("wait for your turn")
    if not view.trick:  # a leader is refused only an Asteroid (O3)
        return _("an Asteroid never leads: lead a Moon card")
    # Following, only a card of another suit is refused: the led suit is a Moon suit, since a
    # trick led by an Asteroid (MO3) allows every card.
    led = planet_name(SUIT_OF[view.trick[0]])
    # Translators: {planet}: the suit led (Jupiter, Saturn, Neptune, Uranus).
    return _("you must follow {planet} while you hold a {planet} card").format(planet=led)


def score_now(view: MoonsView) -> ScoreHint | None:
    """The viewer's best score now with its own Score Modifiers (None for a spectator)."""
    if view.viewer is None:
        return None
    partition = best_partition(view.tokens[view.viewer], view.minis[view.viewer] or ())
    return ScoreHint(partition.value, partition_lines(partition))
