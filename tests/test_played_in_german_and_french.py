"""A whole game of each of the four games played by clicks in German and in French, with the
same click-driven players as the English tests: the game reaches its end, and what the
window shows along the way (every text drawn, the log, the header) reads in the language
played, with no English sentence left in it.

With MOONLIGHT_SCREENSHOTS=<folder> set, the frames checked are saved there as PNGs, to look
at (docs/translating.md)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from moonlight_desktop.i18n import current_language, set_language
from moonlight_desktop.ui import theme
from moonlight_desktop.ui.app import App
from moonlight_desktop.ui.table.scene import TableScene
from tests import test_castle_scene as castle
from tests import test_market_screen as market
from tests import test_moons_screen as moons
from tests import test_samarkand_screen as samarkand
from tests.table_helpers import frame as step

PLAYED_IN = ("de", "fr")
ENGLISH = re.compile(
    r"\b(the|and|with|of|to|is|are|your|you|plays|wins|turn|cards?|bids?|takes?"
    r"|round|game|over|player|points? now|hint|undo|log)\b",
    re.IGNORECASE,
)
"""Words of English sentences that neither German nor French writes."""
SCREENSHOTS = "MOONLIGHT_SCREENSHOTS"


def english_in(texts: list[str], names: tuple[str, ...]) -> list[str]:
    """The texts that hold an English word, once the players' names are taken out."""
    found = []
    for text in texts:
        without_names = text
        for name in names:
            without_names = without_names.replace(name, "")
        if ENGLISH.search(without_names):
            found.append(text)
    return found


class Looker:
    """Draws the window as the player sees it now and then, keeps what it says, and saves the
    frame when a folder for screenshots is given."""

    def __init__(self, app: App, game: str) -> None:
        self.app, self.game = app, game
        self.texts: list[str] = []
        self.looks = 0

    def look(self, moment: str) -> None:
        with theme.recording(self.app.window) as drawing:
            self.app.stack.draw(self.app.window)
            self.texts += [text.content for text in drawing.take().texts]
        self.looks += 1
        folder = os.environ.get(SCREENSHOTS)
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            name = f"{self.game}-{current_language()}-{moment}.png"
            pygame.image.save(self.app.window, str(Path(folder) / name))


def looking_while_playing(
    decide: Callable[[], None], looker: Looker, at: set[int]
) -> Callable[[], None]:
    """`decide`, with a look at the window after the decisions numbered in `at`."""
    made = 0

    def decide_and_look() -> None:
        nonlocal made
        decide()
        made += 1
        if made in at:
            looker.look(f"move-{made}")

    return decide_and_look


def read_in_the_language(scene: TableScene, looker: Looker, names: tuple[str, ...]) -> None:
    """The end of the game shown, and every text seen on the way, the whole log and the
    header read without English."""
    looker.look("game-over")
    header = scene.header(scene.table)
    log = [line.text for line in scene.presenter.log]
    seen = [*looker.texts, *log, header.title, header.prompt]
    assert looker.looks >= 3 and len(log) > 20
    assert not english_in(seen, names), english_in(seen, names)[:20]


@pytest.mark.parametrize("language", PLAYED_IN)
def test_moonlight_market_with_a_friend_and_dirk(app: App, language: str) -> None:
    set_language(language)
    scene, router = market._table(app, humans=2, seed=11)
    player = market.Player(app, scene, seed=3)
    looker = Looker(app, "market")
    player.decide = looking_while_playing(player.decide, looker, {2, 9, 20})  # type: ignore[method-assign]
    market._play_out(app, scene, router, player)
    assert scene.match.is_over() and router.over == 1 and router.hand_offs >= 8
    read_in_the_language(scene, looker, (*market.NAMES, "Dirk", "Beate"))


@pytest.mark.parametrize("language", PLAYED_IN)
def test_moons_two_friends_and_two_bots(app: App, language: str) -> None:
    set_language(language)
    scene, router = moons._table(app, humans=2, setup=moons._pinned(11, [22, 12, 32, 23]))
    player = moons.Player(app, scene)
    looker = Looker(app, "moons")
    player.decide = looking_while_playing(player.decide, looker, {2, 9, 20})  # type: ignore[method-assign]
    moons.play_out(app, scene, router, player)
    assert scene.match.is_over() and router.over == 1
    done = player.done
    assert done["trade token"] and done["trade card"] and done["block"], done
    while scene.presenter.busy:
        step(app, scene, router, dt=1.0)
    read_in_the_language(scene, looker, moons.NAMES)


@pytest.mark.parametrize("language", PLAYED_IN)
def test_moonlight_castle_from_its_setup_to_game_over(app: App, language: str) -> None:
    set_language(language)
    looker = Looker(app, "castle")

    def look_now_and_then(turn: int) -> None:
        if turn in (2, 9, 20):
            looker.look(f"move-{turn}")

    board, over, handoffs = castle.a_complete_game_by_clicks(app, look_now_and_then)
    assert board.match.is_over() and over.match is board.match and handoffs >= 2
    looker.look("standings")
    app.stack.pop()  # the board under the game over screen
    read_in_the_language(board, looker, ("Ada", "Bo", "Wolfgang"))


@pytest.mark.parametrize("language", PLAYED_IN)
def test_le_marche_de_samarkand_live_against_three_bots(app: App, language: str) -> None:
    set_language(language)
    scene, router = samarkand._table(app, humans=1, seats=4, mode="live")
    merchant = samarkand.Merchant(app, scene, seed=1)
    looker = Looker(app, "samarkand")
    clicked = 0
    decide = merchant.decide

    def decide_and_look() -> bool:
        nonlocal clicked
        acted = decide()
        clicked += acted
        if acted and clicked in (2, 6, 9):
            looker.look(f"move-{clicked}")
        return acted

    merchant.decide = decide_and_look  # type: ignore[method-assign]
    samarkand._play_out(app, scene, router, merchant)
    assert scene.match.is_over() and merchant.done["sell"] == 10 and merchant.done["stop"]
    read_in_the_language(scene, looker, samarkand.NAMES)


@pytest.mark.parametrize("language", PLAYED_IN)
def test_le_marche_de_samarkand_sealed_at_one_screen(app: App, language: str) -> None:
    set_language(language)
    scene, router = samarkand._table(app, humans=3, seats=3, mode="sealed", seed=5)
    merchant = samarkand.Merchant(app, scene, seed=2)
    looker = Looker(app, "samarkand-sealed")
    merchant.decide = looking_while_playing(merchant.decide, looker, {3, 20, 40})  # type: ignore[method-assign,assignment,arg-type]
    samarkand._play_out(app, scene, router, merchant)
    assert scene.match.is_over() and merchant.done["order"] and merchant.done["seal"] >= 30
    read_in_the_language(scene, looker, samarkand.NAMES)


def test_english_words_are_found_and_names_are_not_taken_for_them() -> None:
    assert english_in(["Ana takes the trick", "Ana gewinnt den Stich"], ("Ana",)) == [
        "Ana takes the trick"
    ]
    assert english_in(["Theo joue", "Ada spielt"], ("Theo", "Ada")) == []
