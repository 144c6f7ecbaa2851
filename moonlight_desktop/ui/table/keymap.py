"""The keys at a table, as data in one place: the help overlay (? or F1) lists them, and every
game's rules text ends with them (`keys_section`), so the two never differ. A game adds its
own keys (`SpotScreen.keys`: Samarkand's S) after the shared ones, and a kind of table its
own (`TableScene.own_keys`: an online table's T). A key's words are marked where written
(`N_`) and translated where shown (`KeyHelp.shown_keys`, `shown_does`, `line`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from moonlight_desktop.i18n import N_, _

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
    def shown_keys(self) -> str:
        return _(self.keys)

    @property
    def shown_does(self) -> str:
        return _(self.does)

    @property
    def line(self) -> str:
        # Translators: a line of the keys' help: {keys} (e.g. "Ctrl+Z") and what they do.
        return _("{keys}: {does}").format(keys=self.shown_keys, does=self.shown_does)


TABLE_KEYS: tuple[KeyHelp, ...] = (
    # Translators: the keys as their caps read on a keyboard of the language (Strg, Maj...).
    KeyHelp(N_("Tab, Shift+Tab"), N_("the next or previous thing you may use, in reading order")),
    KeyHelp(N_("Arrow keys"), N_("the nearest choice on the board in that direction")),
    KeyHelp(
        N_("Enter or Space"), N_("use what has the focus (Space while the board moves hurries it)")
    ),
    KeyHelp(N_("Esc"), N_("pause the game")),
    KeyHelp(N_("H"), N_("a hint: the move a Normal bot would make, and why")),
    KeyHelp(N_("Ctrl+Z, Ctrl+Y"), N_("take back your last move, put it back")),
    KeyHelp(N_("Page Up, Page Down"), N_("scroll the log")),
    KeyHelp(N_("I"), N_("say the position (with Speak the game on)")),
    KeyHelp(N_("R"), N_("say that again (with Speak the game on)")),
    KeyHelp(N_("? or F1"), N_("these keys")),
)
"""The keys every table shares, in the order the help lists them."""
TALK_KEY = KeyHelp(
    N_("T"), N_("table messages: say a phrase to the table, or mute them"), pygame.K_t
)
"""An online table's own key (its help lists it after the shared ones)."""


@dataclass(frozen=True, slots=True)
class KeysSection(RulesSection):
    """The rules text's "Keys" section: the shared keys, then the game's own. A rules text is
    made once, at import, so its lines are in English there (as every rules text's words
    are); `told` makes them in the language of the moment, for the reader."""

    game_keys: tuple[KeyHelp, ...] = ()

    def told(self) -> RulesSection:
        keys = (*TABLE_KEYS, *self.game_keys)
        return RulesSection(_(self.heading), tuple(RulesItem(key.line) for key in keys))


def keys_section(game_keys: Sequence[KeyHelp] = ()) -> KeysSection:
    """The "Keys" section of a game's rules text (`game_keys`: the game's own)."""
    lines = tuple(RulesItem(key.line) for key in (*TABLE_KEYS, *game_keys))
    return KeysSection(N_("Keys"), lines, tuple(game_keys))
