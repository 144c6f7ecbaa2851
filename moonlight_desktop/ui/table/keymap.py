"""The keys at a table, as data in one place: the help overlay (? or F1) lists them, and every
game's rules text ends with them (`keys_section`), so the two never differ. A game adds its
own keys (`SpotScreen.keys`: Samarkand's S) after the shared ones, and a kind of table its
own (`TableScene.own_keys`: an online table's T)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .game_ui import RulesItem, RulesSection


@dataclass(frozen=True, slots=True)
class KeyHelp:
    """A key (or keys) and what it does at a table."""

    keys: str
    does: str
    key: int | None = None
    """The pygame key code of a game's own key, which the table hears (shared keys: None,
    their parts hear them)."""

    @property
    def line(self) -> str:
        return f"{self.keys}: {self.does}"


TABLE_KEYS: tuple[KeyHelp, ...] = (
    KeyHelp("Tab, Shift+Tab", "the next or previous thing you may use, in reading order"),
    KeyHelp("Arrow keys", "the nearest choice on the board in that direction"),
    KeyHelp("Enter or Space", "use what has the focus (Space while the board moves hurries it)"),
    KeyHelp("Esc", "pause the game"),
    KeyHelp("H", "a hint: the move a Normal bot would make, and why"),
    KeyHelp("Ctrl+Z, Ctrl+Y", "take back your last move, put it back"),
    KeyHelp("Page Up, Page Down", "scroll the log"),
    KeyHelp("I", "say the position (with Speak the game on)"),
    KeyHelp("R", "say that again (with Speak the game on)"),
    KeyHelp("? or F1", "these keys"),
)
"""The keys every table shares, in the order the help lists them."""
TALK_KEY = KeyHelp("T", "table messages: say a phrase to the table, or mute them", pygame.K_t)
"""An online table's own key (its help lists it after the shared ones)."""


def keys_section(game_keys: Sequence[KeyHelp] = ()) -> RulesSection:
    """The rules reader's "Keys" section: the shared keys, then the game's own."""
    return RulesSection("Keys", tuple(RulesItem(key.line) for key in (*TABLE_KEYS, *game_keys)))
