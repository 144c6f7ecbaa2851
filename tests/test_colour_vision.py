"""Every palette that tells things apart by colour stays apart for every colour vision.

Each colour is seen as a dichromat sees it (protanopia, deuteranopia, tritanopia), simulated
with Brettel, Viénot and Mollon (1997) at full severity through daltonlens: the one model
daltonlens recommends for all three deficiencies (Viénot 1999 and Machado 2009 are fitted to
the red-green ones and misjudge tritanopia). Two colours are compared in CAM02-UCS
(colorspacious), a space where one unit is about one just-noticeable difference. Pieces that
sit side by side must differ by at least `APART` there, in normal vision as well.

The palettes are the games' own constants, imported: what the test checks is what is drawn.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np
import pytest
from colorspacious import deltaE
from daltonlens.simulate import Deficiency, Simulator_Brettel1997

from moonlight_desktop.games.castle.ui import looks as castle_looks
from moonlight_desktop.games.castle.ui import painter as castle
from moonlight_desktop.games.castle.ui.narrator import COLOR_NAMES
from moonlight_desktop.games.market.ui import painter as market
from moonlight_desktop.games.market.ui.narrator import COLOUR_WORDS
from moonlight_desktop.games.moons.ui import pieces as moons
from moonlight_desktop.games.samarkand.ui import painter as samarkand
from moonlight_desktop.ui import chart, theme
from moonlight_desktop.ui.table.looks import Look

Color = tuple[int, int, int]

APART = 10.0
"""The least CAM02-UCS difference between two colours of one palette: ten just-noticeable
differences, so that two crests or two gems side by side read as two colours at a glance
(their shapes and letters say it too), not merely as not quite the same."""

VISIONS: dict[str, Deficiency | None] = {
    "normal": None,
    "protanopia": Deficiency.PROTAN,
    "deuteranopia": Deficiency.DEUTAN,
    "tritanopia": Deficiency.TRITAN,
}

_SIMULATOR = Simulator_Brettel1997()


def _ids(looks: tuple[Look, ...]) -> dict[str, Color]:
    return {look.id: look.color for look in looks}


PALETTES: dict[str, Mapping[str, Color]] = {
    "Castle seats": castle_looks.CREST_COLORS,
    "Castle pebbles": dict(zip(COLOR_NAMES, castle.PEBBLE_COLORS, strict=True)),
    "Market seats": {**_ids(market.LOOKS), **market.AUTOMATON_COLORS},
    "Market gems": dict(zip(COLOUR_WORDS, market.GEM_INK, strict=True)),
    "Moons seats": _ids(moons.LOOKS),
    "Moons planets": dict(zip(moons.PLANET_FILES, moons.PLANET_INK, strict=True)),
    "Samarkand seats": _ids(samarkand.LOOKS),
    "Score chart": {f"kind {n + 1}": color for n, color in enumerate(chart.KIND_COLORS)},
}
"""Colours that sit side by side and stand for different things: every pair is compared."""

STATUS_PAIRS: dict[str, tuple[Color, Color]] = {
    "warning / text": (theme.WARNING, theme.TEXT),
    "warning / silver": (theme.WARNING, theme.SILVER),
    "warning / gold": (theme.WARNING, theme.GOLD),
    "gold / legal glow": (theme.GOLD, theme.GLOW),
    "focus / legal glow": (theme.FOCUS, theme.GLOW),
}
"""The interface's colours that mean something different where they meet: an illegal move's
warning beside ordinary text, the gold of a selection beside the glow of a legal target."""


def seen(color: Color, vision: Deficiency | None) -> Color:
    """`color` as a dichromat with `vision` sees it (itself for normal vision)."""
    if vision is None:
        return color
    pixel = np.array([[color]], dtype=np.uint8)
    simulated = _SIMULATOR.simulate_cvd(pixel, vision, severity=1.0)
    return tuple(int(channel) for channel in simulated[0, 0])  # type: ignore[return-value]


def difference(first: Color, second: Color, vision: Deficiency | None) -> float:
    """How far apart two colours look with `vision`, in CAM02-UCS units."""
    return float(deltaE(seen(first, vision), seen(second, vision), input_space="sRGB255"))


def pair_differences(
    palette: Mapping[str, Color], vision: Deficiency | None
) -> list[tuple[float, str, str]]:
    """Every pair of `palette` with its difference, nearest first."""
    pairs = itertools.combinations(palette.items(), 2)
    return sorted((difference(a, b, vision), na, nb) for (na, a), (nb, b) in pairs)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("palette", PALETTES)
def test_no_two_colours_of_a_palette_merge(palette: str, vision: str) -> None:
    merged = [
        f"{first} / {second}: {apart:.1f}"
        for apart, first, second in pair_differences(PALETTES[palette], VISIONS[vision])
        if apart < APART
    ]
    assert not merged, f"{palette} in {vision}, closer than {APART}: {merged}"


@pytest.mark.parametrize("vision", VISIONS)
def test_status_colours_stay_apart(vision: str) -> None:
    merged = [
        f"{name}: {apart:.1f}"
        for name, (first, second) in STATUS_PAIRS.items()
        if (apart := difference(first, second, VISIONS[vision])) < APART
    ]
    assert not merged, f"{vision}, closer than {APART}: {merged}"


def test_the_simulation_merges_what_dichromats_confuse() -> None:
    """The measure itself: pure red and green merge for a deuteranope, stay apart for a
    tritanope, and blue and green merge for a tritanope."""
    red, green, blue = (200, 60, 40), (90, 150, 40), (40, 120, 200)
    assert difference(red, green, Deficiency.DEUTAN) < APART < difference(red, green, None)
    assert difference(red, green, Deficiency.TRITAN) > APART
    assert difference(blue, (60, 150, 150), Deficiency.TRITAN) < APART
