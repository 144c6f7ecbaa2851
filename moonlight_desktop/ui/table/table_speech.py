"""The table aloud ("Speak the game"): each log line as the animation shows it, whose turn it is
and what is asked (the header's words, when they change), the card over the log (a hint and its
reason, a lesson's step) when it comes; I says the position from the seat's view (the game's
`position_summary`), R says the last announcement again. Everything said is read from what the
screen shows the seat at it, never from the match, so nothing hidden from that seat is heard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from moonlight_desktop.i18n import _

from .game_ui import TableContext
from .presenter import LogLine

if TYPE_CHECKING:
    from .scene import TableScene

MODIFIERS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


class TableSpeech:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._log: tuple[list[LogLine], int] | None = None
        """The log listened to and how often it had been rebuilt: another (a table set
        afresh, a log restored) is caught up with in silence, not read out whole."""
        self._heard = 0
        """How many of its lines were heard."""
        self._said = {"header": "", "card": ""}
        """What the header and the log's card said when last heard."""

    def follow(self, table: TableContext) -> None:
        """Each frame, once the animation and the game have moved on: what the screen newly
        shows, queued in the order it appeared (the log's lines, then the header, then a
        card). While the setting is off nothing is said, and turning it on says nothing of
        what came before."""
        scene, speech = self.scene, self.scene.app.speech
        presenter = scene.presenter
        log = (presenter.log, presenter.restored)
        if self._log is None or log[0] is not self._log[0] or log[1] != self._log[1]:
            self._log, self._heard = log, len(presenter.log)
        if not speech.speaking:
            self._heard = len(presenter.log)
            return
        for line in presenter.log[self._heard :]:
            speech.say(line.text, interrupt=False)
        self._heard = len(presenter.log)
        header = scene.header(table)
        # Translators: the header said aloud: its title ("Your turn"), then what is asked.
        self._say_changed(
            "header", _("{title}. {prompt}").format(title=header.title, prompt=header.prompt)
        )
        card = scene.log_card()
        # Translators: the card over the log said aloud: its title ("Hint"), then its words.
        words = (
            "" if card is None else _("{title}: {text}").format(title=card.title, text=card.text)
        )
        self._say_changed("card", words)

    def _say_changed(self, part: str, words: str) -> None:
        if words != self._said[part]:
            self._said[part] = words
            self.scene.app.speech.say(words, interrupt=False)

    def handle_event(self, event: pygame.event.Event, table: TableContext) -> bool:
        """I: the position as the seat at the screen knows it; R: the last announcement again
        (each cuts off what is being said). Heard only while the game is spoken."""
        speech = self.scene.app.speech
        if (
            event.type != pygame.KEYDOWN
            or event.key not in (pygame.K_i, pygame.K_r)
            or event.mod & MODIFIERS
            or not speech.speaking
        ):
            return False
        if event.key == pygame.K_i:
            speech.say(self.scene.ui.position_summary(table.view, self.scene.names))
        else:
            speech.repeat()
        return True
