"""The menus' screens in the pseudo-language (40% longer than English) at 1280x720: each
message whole, on its own room, none cut short with an ellipsis. A test for the layouts alone
(the words each game's catalogue leaves out are test_pseudo_language's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from moonlight_desktop.i18n import PSEUDO
from moonlight_desktop.ui.app import LANGUAGE_VARIABLE
from moonlight_desktop.ui.sizes import BASE_SIZE
from tests.test_pseudo_language import words_outside_the_marks
from tests.test_text_layout import draw_every_screen, out_of_place, overlapping, report

SCREENS = {
    "menus": ("gallery", "statistics", "about"),
    "castle": ("castle setup", "castle replay"),
    "market": ("market setup", "market setup, Start hovered"),
    "moons": ("moons setup", "moons game over (points)"),
    "samarkand": ("samarkand setup", "samarkand replay"),
}
"""The screens whose seat pickers, option help, tiles, cards, breakdowns, credits and
buttons once cut their words short in a longer language."""


@pytest.mark.parametrize("group", SCREENS)
def test_the_menus_keep_every_message_whole_in_a_longer_language(
    group: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, PSEUDO)
    drawn = draw_every_screen(BASE_SIZE, tmp_path, group, SCREENS[group])
    cut = [problem for problem in words_outside_the_marks(drawn) if "cut short" in problem]
    problems = [*cut, *overlapping(drawn), *out_of_place(BASE_SIZE, drawn)]
    assert not problems, report(problems)
