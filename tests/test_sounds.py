"""The shipped sound effects: playable WAVs, short, audible, never clipping, and reproducible."""

from __future__ import annotations

import subprocess
import sys
import wave
from array import array
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"
SCRIPT = ROOT / "tools" / "make_sounds.py"
NAMES = [
    "pebble_drawn",
    "pebble_paid",
    "tile_slid",
    "tile_fallen",
    "tile_landed",
    "jewels_recovered",
    "extra_turn",
    "last_round",
    "button",
    "game_over",
]


def _frames(path: Path) -> tuple[wave._wave_params, array[int]]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        data = array("h", wav.readframes(params.nframes))
    if sys.byteorder == "big":
        data.byteswap()
    return params, data


def test_exactly_the_expected_effects_ship() -> None:
    assert sorted(p.stem for p in SOUNDS.glob("*.wav")) == sorted(NAMES)


def test_the_folder_stays_small() -> None:
    assert sum(p.stat().st_size for p in SOUNDS.iterdir()) < 1_000_000


@pytest.mark.parametrize("name", NAMES)
def test_effect_is_short_audible_and_never_clips(name: str) -> None:
    params, data = _frames(SOUNDS / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44_100)
    assert params.comptype == "NONE"
    assert 0 < params.nframes / params.framerate < 1.5
    assert len(data) == params.nframes
    peak = max(abs(v) for v in data)
    rms = (sum(v * v for v in data) / len(data)) ** 0.5
    assert peak < 32_000, f"{name} peaks at full scale"  # -1 dBFS ceiling is 29 204
    assert peak > 3_000, f"{name} is nearly silent (peak {peak})"
    assert rms > 300, f"{name} is nearly silent (RMS {rms:.0f})"
    # starts and ends at rest: no click when the mixer starts or stops it
    assert abs(data[0]) < 100 and abs(data[-1]) < 100


def test_the_script_regenerates_identical_files(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path), "--quiet"],
        check=True,
        timeout=300,
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.wav" for n in NAMES)
    for name in NAMES:
        fresh = (tmp_path / f"{name}.wav").read_bytes()
        shipped = (SOUNDS / f"{name}.wav").read_bytes()
        assert fresh == shipped, f"{name}.wav differs from what tools/make_sounds.py makes"
