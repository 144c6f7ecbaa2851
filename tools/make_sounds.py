"""Synthesizes Moonlight Desktop's sound effects into assets/sounds/.

Every effect is made here from sines and noise, in pure Python and the standard library, so
the sounds are ours and their source lives in the repository. Each effect has its own fixed
seed: running the script again writes byte-identical files (tests/test_sounds.py checks it).

    python tools/make_sounds.py             # writes assets/sounds/*.wav
    python tools/make_sounds.py --out DIR   # writes them somewhere else

The style is soft and moonlit: stone, wood, cloth and small bells in a quiet stone hall; no hard
attacks, little above 8 kHz except for the sparkle. Levels are matched by a short-term loudness
(K-weighted RMS over 100 ms windows, as in ITU-R BS.1770) with a peak ceiling of -1 dBFS, so
nothing clips and no effect jumps out; the button click sits well below the rest.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

RATE = 44_100
MAX_SECONDS = 1.45
PEAK_CEILING_DB = -1.0
TARGET_LOUDNESS_DB = -15.0
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = list[float]


# Building blocks ---------------------------------------------------------------------------


def samples(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def mix(into: Signal, sound: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Adds `sound` into `into` starting `at` seconds, growing `into` when needed."""
    start = samples(at)
    end = start + len(sound)
    if end > len(into):
        into.extend([0.0] * (end - len(into)))
    for i, value in enumerate(sound):
        into[start + i] += value * gain
    return into


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.random() * 2.0 - 1.0 for _ in range(samples(seconds))]


def smooth_noise(rng: random.Random, seconds: float, rate_hz: float) -> Signal:
    """Slowly wandering values in 0..1: random points `rate_hz` apart, eased between."""
    count = samples(seconds)
    step = RATE / rate_hz
    points = [rng.random() for _ in range(int(count / step) + 3)]
    out = []
    for i in range(count):
        position = i / step
        k = int(position)
        t = position - k
        t = t * t * (3.0 - 2.0 * t)
        out.append(points[k] + (points[k + 1] - points[k]) * t)
    return out


def partials(
    frequency: float,
    spec: list[tuple[float, float, float]],
    seconds: float,
    attack: float = 0.002,
    bend: float = 0.0,
    bend_time: float = 0.05,
) -> Signal:
    """A struck body: (frequency ratio, amplitude, decay time constant in s) per partial.

    `bend` starts the pitch that many semitones off and glides it home with time constant
    `bend_time` (a struck thing settling, or a thud sinking).
    """
    count = samples(seconds)
    out = [0.0] * count
    attack_n = max(1, samples(attack))
    for ratio, amplitude, decay in spec:
        phase = 0.0
        fall = math.exp(-1.0 / (decay * RATE))
        level = amplitude
        for i in range(count):
            detune = 2.0 ** (bend * math.exp(-i / (bend_time * RATE)) / 12.0) if bend else 1.0
            phase += 2.0 * math.pi * frequency * ratio * detune / RATE
            ramp = 0.5 - 0.5 * math.cos(math.pi * i / attack_n) if i < attack_n else 1.0
            out[i] += math.sin(phase) * level * ramp
            level *= fall
    return fade_out(out, min(0.1, seconds / 4))


def fade_out(signal: Signal, seconds: float) -> Signal:
    """Eases the last `seconds` down to silence, so nothing that still rings stops with a click."""
    n = len(signal)
    count = min(n, samples(seconds))
    for i in range(count):
        signal[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / count)
    return signal


def envelope(signal: Signal, points: list[tuple[float, float]]) -> Signal:
    """Multiplies by a curve through (seconds, gain) points, eased (smoothstep) between them."""
    out = []
    for i, value in enumerate(signal):
        t = i / RATE
        if t <= points[0][0]:
            gain = points[0][1]
        elif t >= points[-1][0]:
            gain = points[-1][1]
        else:
            for (t0, g0), (t1, g1) in pairwise(points):
                if t0 <= t <= t1:
                    u = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
                    gain = g0 + (g1 - g0) * u * u * (3.0 - 2.0 * u)
                    break
        out.append(value * gain)
    return out


def decay(signal: Signal, time_constant: float, attack: float = 0.001) -> Signal:
    attack_n = max(1, samples(attack))
    fall = math.exp(-1.0 / (time_constant * RATE))
    out = []
    level = 1.0
    for i, value in enumerate(signal):
        ramp = i / attack_n if i < attack_n else 1.0
        out.append(value * level * ramp)
        level *= fall
    return out


# Filters (RBJ audio-EQ cookbook biquads) -------------------------------------------------

Coefficients = tuple[float, float, float, float, float]


def _normalized(b0: float, b1: float, b2: float, a0: float, a1: float, a2: float) -> Coefficients:
    return (b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)


def lowpass_coefficients(cutoff: float, q: float = 0.707) -> Coefficients:
    w = 2.0 * math.pi * cutoff / RATE
    alpha = math.sin(w) / (2.0 * q)
    cos_w = math.cos(w)
    return _normalized(
        (1 - cos_w) / 2, 1 - cos_w, (1 - cos_w) / 2, 1 + alpha, -2 * cos_w, 1 - alpha
    )


def highpass_coefficients(cutoff: float, q: float = 0.707) -> Coefficients:
    w = 2.0 * math.pi * cutoff / RATE
    alpha = math.sin(w) / (2.0 * q)
    cos_w = math.cos(w)
    return _normalized(
        (1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2, 1 + alpha, -2 * cos_w, 1 - alpha
    )


def bandpass_coefficients(center: float, q: float) -> Coefficients:
    """Band-pass with 0 dB at the centre."""
    w = 2.0 * math.pi * center / RATE
    alpha = math.sin(w) / (2.0 * q)
    cos_w = math.cos(w)
    return _normalized(alpha, 0.0, -alpha, 1 + alpha, -2 * cos_w, 1 - alpha)


def high_shelf_coefficients(corner: float, gain_db: float) -> Coefficients:
    a = 10 ** (gain_db / 40)
    w = 2.0 * math.pi * corner / RATE
    cos_w = math.cos(w)
    alpha = math.sin(w) / 2 * math.sqrt(2)
    root = 2 * math.sqrt(a) * alpha
    return _normalized(
        a * ((a + 1) + (a - 1) * cos_w + root),
        -2 * a * ((a - 1) + (a + 1) * cos_w),
        a * ((a + 1) + (a - 1) * cos_w - root),
        (a + 1) - (a - 1) * cos_w + root,
        2 * ((a - 1) - (a + 1) * cos_w),
        (a + 1) - (a - 1) * cos_w - root,
    )


def biquad(signal: Signal, coefficients: Coefficients) -> Signal:
    b0, b1, b2, a1, a2 = coefficients
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for x in signal:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def lowpass(signal: Signal, cutoff: float, q: float = 0.707) -> Signal:
    return biquad(signal, lowpass_coefficients(cutoff, q))


def highpass(signal: Signal, cutoff: float, q: float = 0.707) -> Signal:
    return biquad(signal, highpass_coefficients(cutoff, q))


def bandpass(signal: Signal, center: float, q: float) -> Signal:
    return biquad(signal, bandpass_coefficients(center, q))


def swept_bandpass(signal: Signal, center: Callable[[float], float], q: float) -> Signal:
    """Band-pass whose centre follows center(seconds), updated every 32 samples."""
    x1 = x2 = y1 = y2 = 0.0
    out = []
    b0 = b2 = a1 = a2 = 0.0
    for i, x in enumerate(signal):
        if i % 32 == 0:
            b0, _, b2, a1, a2 = bandpass_coefficients(center(i / RATE), q)
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def hall(signal: Signal, wet: float, tail: float = 0.35, size: float = 1.0) -> Signal:
    """A small, dark stone hall: Schroeder reverb (damped combs, then all-passes)."""
    dry = signal + [0.0] * samples(tail)
    combs = [(1116, 0.78), (1188, 0.77), (1277, 0.76), (1356, 0.75)]
    damping = 0.35
    reverb = [0.0] * len(dry)
    for delay, feedback in combs:
        delay = int(delay * size)
        buffer = [0.0] * delay
        index = 0
        store = 0.0
        for i, x in enumerate(dry):
            y = buffer[index]
            store = y * (1 - damping) + store * damping
            buffer[index] = x + store * feedback
            index = (index + 1) % delay
            reverb[i] += y * 0.25
    for delay in (int(556 * size), int(441 * size)):
        buffer = [0.0] * delay
        index = 0
        for i, x in enumerate(reverb):
            held = buffer[index]
            y = -x + held
            buffer[index] = x + held * 0.5
            index = (index + 1) % delay
            reverb[i] = y
    return [d * (1 - wet) + r * wet for d, r in zip(dry, reverb, strict=True)]


# Materials ----------------------------------------------------------------------------------


def stone_click(rng: random.Random, pitch: float, softness: float = 1.0) -> Signal:
    """Two small stones touching: a tick of band-limited noise and a few high stone modes."""
    body = partials(
        pitch,
        [
            (1.0, 1.0, 0.010 * softness),
            (1.58 + rng.random() * 0.08, 0.55, 0.007 * softness),
            (2.37 + rng.random() * 0.1, 0.3, 0.004 * softness),
        ],
        0.08,
        attack=0.0008,
    )
    tick = decay(bandpass(noise(rng, 0.02), pitch * 1.3, 1.2), 0.0025)
    return lowpass(mix(body, tick, gain=0.6), 7500)


def wood_knock(rng: random.Random, pitch: float, length: float = 0.35) -> Signal:
    """A small thing set down on a wooden table: warm low modes and a dull tap."""
    body = partials(
        pitch,
        [
            (1.0, 1.0, 0.075),
            (2.19, 0.55, 0.045),
            (3.87, 0.28, 0.025),
            (6.1, 0.12, 0.012),
        ],
        length,
        attack=0.0015,
        bend=0.6,
        bend_time=0.01,
    )
    tap = decay(lowpass(noise(rng, 0.03), 1400), 0.006)
    return mix(body, tap, gain=0.7)


def bell(frequency: float, seconds: float, brightness: float = 1.0) -> Signal:
    """A small celesta-like bell: near-harmonic partials, the upper ones fading first."""
    return partials(
        frequency,
        [
            (1.0, 1.0, 0.45 * seconds),
            (2.0, 0.32 * brightness, 0.18 * seconds),
            (3.01, 0.12 * brightness, 0.09 * seconds),
            (4.16, 0.07 * brightness, 0.05 * seconds),
        ],
        seconds,
        attack=0.003,
    )


def soft_horn(
    frequency: float, seconds: float, attack: float = 0.03, release: float = 0.12
) -> Signal:
    """A mellow wind voice for the fanfare: few harmonics, a gentle swell and a slight vibrato."""
    count = samples(seconds)
    harmonics = [(1, 1.0), (2, 0.42), (3, 0.18), (4, 0.08), (5, 0.035)]
    out = []
    phase = 0.0
    for i in range(count):
        t = i / RATE
        vibrato = 1.0 + 0.003 * math.sin(2 * math.pi * 5.2 * t) * min(1.0, t / 0.15)
        phase += 2 * math.pi * frequency * vibrato / RATE
        value = sum(a * math.sin(n * phase) for n, a in harmonics)
        out.append(value)
    points = [(0.0, 0.0), (attack, 1.0), (max(attack, seconds - release), 0.8), (seconds, 0.0)]
    return envelope(out, points)


def note(name: str) -> float:
    """Equal-tempered frequency of a note like 'A4' or 'C#6'."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semitone = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semitone += 1
        rest = rest[1:]
    elif rest.startswith("b"):
        semitone -= 1
        rest = rest[1:]
    return 440.0 * 2 ** ((semitone + 12 * (int(rest) - 4)) / 12)


# The effects --------------------------------------------------------------------------------


def pebble_drawn(rng: random.Random) -> Signal:
    """Pebbles taken from a cloth pouch: a soft rustle and a few stones clicking together."""
    out = silence(0.55)
    rustle = bandpass(noise(rng, 0.5), 1600, 0.6)
    flutter = smooth_noise(rng, 0.5, 40)
    rustle = [r * (0.3 + 0.7 * f) for r, f in zip(rustle, flutter, strict=True)]
    rustle = envelope(rustle, [(0.0, 0.0), (0.08, 0.9), (0.25, 0.6), (0.5, 0.0)])
    mix(out, lowpass(rustle, 5000), gain=0.16)
    # pebbles knock together in the fingers: clicks in uneven little groups
    for at, gain in ((0.045, 0.8), (0.072, 0.5), (0.15, 1.0), (0.178, 0.55), (0.29, 0.7)):
        pitch = 2100 + rng.random() * 1800
        mix(out, stone_click(rng, pitch), at=at + rng.random() * 0.012, gain=gain)
    return hall(out, wet=0.14, tail=0.12)


def pebble_paid(rng: random.Random) -> Signal:
    """One pebble set down on the wooden table, settling with a tiny second tap."""
    out = silence(0.4)
    mix(out, wood_knock(rng, 230), at=0.005)
    mix(out, stone_click(rng, 2600, softness=1.4), at=0.005, gain=0.5)
    mix(out, wood_knock(rng, 245, length=0.2), at=0.062, gain=0.22)
    mix(out, stone_click(rng, 2900), at=0.062, gain=0.12)
    return hall(lowpass(out, 6500), wet=0.12, tail=0.1)


def tile_slid(rng: random.Random) -> Signal:
    """A stone tile sliding along the path for ~300 ms, slowing, then a soft stop."""
    length = 0.32
    grit = noise(rng, length)
    grain = smooth_noise(rng, length, 90)
    grit = [g * (0.35 + 0.65 * r * r) for g, r in zip(grit, grain, strict=True)]
    low = swept_bandpass(grit, lambda t: 950 - 500 * t / length, 1.1)
    high = swept_bandpass(grit, lambda t: 2600 - 700 * t / length, 2.0)
    scrape = mix(low, high, gain=0.35)
    scrape = envelope(scrape, [(0.0, 0.0), (0.05, 1.0), (0.2, 0.8), (length, 0.0)])
    out = silence(0.45)
    mix(out, lowpass(scrape, 5000), at=0.0)
    mix(out, wood_knock(rng, 150, length=0.15), at=length - 0.02, gain=0.25)
    return hall(out, wet=0.12, tail=0.05)


def tile_fallen(rng: random.Random) -> Signal:
    """A tile tipping off the end of the path and tumbling down, knocking as it turns faster
    (its landing is `tile_landed`, played when the picture lands it, whatever the speed)."""
    out = silence(0.55)
    whoosh = swept_bandpass(noise(rng, 0.42), lambda t: 350 + 1500 * t, 1.4)
    whoosh = envelope(whoosh, [(0.0, 0.0), (0.3, 1.0), (0.42, 0.0)])
    mix(out, whoosh, gain=0.12)
    at = 0.02
    gap = 0.14
    for gain in (0.55, 0.45, 0.5, 0.4):
        pitch = 700 + rng.random() * 400
        knock = partials(
            pitch,
            [(1.0, 1.0, 0.03), (1.73, 0.5, 0.02), (2.9, 0.25, 0.012)],
            0.12,
            attack=0.001,
        )
        mix(out, knock, at=at, gain=gain)
        mix(out, stone_click(rng, pitch * 3.1, softness=1.5), at=at, gain=gain * 0.25)
        at += gap
        gap *= 0.72
    out = highpass(out, 35)
    return hall(out, wet=0.16, tail=0.12)


def tile_landed(rng: random.Random) -> Signal:
    """The fallen tile lands on Zirroz's pile: a soft thud on grass, a puff, and a little
    bounce that clacks against the tiles already there."""
    out = silence(0.6)

    def thud(pitch: float) -> Signal:
        return partials(
            pitch,
            [(1.0, 1.0, 0.11), (2.3, 0.35, 0.05), (3.9, 0.12, 0.03)],
            0.5,
            0.004,
            bend=9,
            bend_time=0.03,
        )

    puff = decay(lowpass(noise(rng, 0.2), 500), 0.04, attack=0.004)
    mix(out, thud(62), at=0.005, gain=1.0)
    mix(out, puff, at=0.005, gain=0.6)
    mix(out, thud(70), at=0.13, gain=0.35)  # the bounce comes down again
    mix(out, stone_click(rng, 2300, softness=1.6), at=0.13, gain=0.18)
    mix(out, stone_click(rng, 2700, softness=1.6), at=0.152, gain=0.1)
    out = highpass(out, 35)
    return hall(out, wet=0.16, tail=0.15)


def jewels_recovered(rng: random.Random) -> Signal:
    """Jewels back in the castle: a rising arpeggio of small bells in the hall."""
    out = silence(1.25)
    arpeggio = ["A5", "C#6", "E6", "A6", "C#7"]
    for i, name in enumerate(arpeggio):
        ring = 1.05 - 0.07 * i
        gain = 0.7 if i < len(arpeggio) - 1 else 0.85
        mix(out, bell(note(name), ring), at=0.075 * i + rng.random() * 0.006, gain=gain)
    mix(out, bell(note("E7"), 0.6, brightness=0.5), at=0.33, gain=0.18)
    shimmer = highpass(noise(rng, 0.7), 6000)
    shimmer = envelope(shimmer, [(0.0, 0.0), (0.25, 1.0), (0.7, 0.0)])
    mix(out, lowpass(shimmer, 11000), at=0.12, gain=0.018)
    out = envelope(out, [(0.0, 1.0), (1.0, 1.0), (1.25, 0.0)])
    return hall(out, wet=0.28, tail=0.18, size=1.2)


def extra_turn(rng: random.Random) -> Signal:
    """Another turn: a bright, quick upward sparkle of tiny bells."""
    out = silence(0.85)
    scale = [note(n) for n in ("E6", "F#6", "A6", "B6", "C#7", "E7", "F#7", "A7")]
    count = 14
    for i in range(count):
        t = 0.3 * i / count + rng.random() * 0.02
        position = i / (count - 1)
        index = min(len(scale) - 1, int(position * (len(scale) - 2) + rng.random() * 2))
        gain = 0.35 + 0.25 * rng.random()
        mix(out, bell(scale[index], 0.35 + 0.2 * rng.random(), brightness=0.6), at=t, gain=gain)
    mix(out, bell(note("E7"), 0.55), at=0.32, gain=0.5)
    swish = swept_bandpass(noise(rng, 0.4), lambda t: 3000 + 12000 * t, 2.0)
    swish = envelope(swish, [(0.0, 0.0), (0.3, 1.0), (0.4, 0.0)])
    mix(out, swish, gain=0.05)
    out = envelope(out, [(0.0, 1.0), (0.65, 1.0), (0.85, 0.0)])
    return hall(out, wet=0.25, tail=0.12)


def last_round(rng: random.Random) -> Signal:
    """The last round begins: a low, soft bell struck once with a padded mallet."""
    prime = note("G3")
    # church-bell partials (hum, prime, tierce, quint, nominal, ...), a pair slightly apart so
    # the tone beats slowly like a large bell or gong
    bell_tone = partials(
        prime,
        [
            (0.5, 0.55, 0.9),
            (1.0, 0.8, 0.6),
            (1.006, 0.4, 0.6),
            (1.2, 0.45, 0.45),
            (1.5, 0.25, 0.35),
            (2.0, 0.45, 0.3),
            (2.51, 0.18, 0.18),
            (3.0, 0.14, 0.12),
            (4.07, 0.07, 0.07),
            # a faint metallic bloom above, so small speakers still hear the strike
            (5.33, 0.05, 0.12),
            (6.79, 0.035, 0.08),
            (8.93, 0.02, 0.05),
        ],
        1.35,
        attack=0.012,
    )
    mallet = decay(lowpass(noise(rng, 0.1), 700), 0.02, attack=0.003)
    out = mix(bell_tone, mallet, gain=0.35)
    out = envelope(out, [(0.0, 1.0), (1.0, 1.0), (1.35, 0.0)])
    out = highpass(out, 40)
    return hall(out, wet=0.22, tail=0.1, size=1.3)


def button(rng: random.Random) -> Signal:
    """A tiny, soft UI click: a short wooden tick."""
    tick = partials(
        1500, [(1.0, 1.0, 0.009), (2.3, 0.3, 0.004)], 0.05, attack=0.0008, bend=3, bend_time=0.004
    )
    grain = decay(lowpass(noise(rng, 0.01), 4000), 0.0015)
    return lowpass(mix(tick, grain, gain=0.3), 6000) + [0.0] * samples(0.01)


def game_over(rng: random.Random) -> Signal:
    """The game is over: a short, gentle fanfare ending on a warm chord and a little bell."""
    out = silence(1.45)
    lead = [("G4", 0.0, 0.15), ("C5", 0.14, 0.15), ("E5", 0.28, 0.15)]
    for name, at, length in lead:
        mix(out, soft_horn(note(name), length + 0.06, attack=0.02, release=0.06), at=at, gain=0.5)
    chord_at = 0.42
    chord_length = 1.0
    for name, gain in (("C4", 0.28), ("G4", 0.24), ("C5", 0.3), ("E5", 0.26), ("G5", 0.42)):
        voice = soft_horn(note(name) * (1 + (rng.random() - 0.5) * 0.002), chord_length, 0.05, 0.4)
        mix(out, voice, at=chord_at, gain=gain)
    mix(out, bell(note("C7"), 0.9, brightness=0.5), at=chord_at, gain=0.12)
    mix(out, bell(note("G6"), 0.8, brightness=0.5), at=chord_at + 0.07, gain=0.08)
    out = lowpass(out, 4500)
    out = envelope(out, [(0.0, 1.0), (1.3, 1.0), (1.45, 0.0)])
    return hall(out, wet=0.22, tail=0.0, size=1.2)


# name: (maker, seed, loudness offset in dB against the shared target)
EFFECTS: dict[str, tuple[Callable[[random.Random], Signal], int, float]] = {
    "pebble_drawn": (pebble_drawn, 101, -2.0),
    "pebble_paid": (pebble_paid, 102, -2.0),
    "tile_slid": (tile_slid, 103, -3.0),
    "tile_fallen": (tile_fallen, 104, -2.0),
    "tile_landed": (tile_landed, 110, 0.0),
    "jewels_recovered": (jewels_recovered, 105, 0.0),
    "extra_turn": (extra_turn, 106, -1.0),
    "last_round": (last_round, 107, 0.0),
    "button": (button, 108, -8.0),
    "game_over": (game_over, 109, 0.0),
}


# Levels and files ---------------------------------------------------------------------------


def loudness_db(signal: Signal) -> float:
    """Short-term loudness: the loudest 100 ms window of the K-weighted signal, in dBFS RMS."""
    weighted = biquad(biquad(signal, high_shelf_coefficients(1500, 4.0)), highpass_coefficients(60))
    window = samples(0.1)
    squares = [v * v for v in weighted] + [0.0] * window
    running = sum(squares[:window])
    loudest = running
    for i in range(window, len(squares)):
        running += squares[i] - squares[i - window]
        loudest = max(loudest, running)
    return 10 * math.log10(max(loudest / window, 1e-12))


def finish(signal: Signal, offset_db: float) -> tuple[Signal, float]:
    """Removes DC, fades the ends, and sets the level: target loudness, peak at most -1 dBFS."""
    mean = sum(signal) / len(signal)
    signal = [v - mean for v in signal]
    attack = samples(0.002)
    for i in range(min(attack, len(signal))):
        signal[i] *= i / attack
    signal = fade_out(signal, 0.03)
    gain = 10 ** ((TARGET_LOUDNESS_DB + offset_db - loudness_db(signal)) / 20)
    peak = max(abs(v) for v in signal) * gain
    ceiling = 10 ** (PEAK_CEILING_DB / 20)
    if peak > ceiling:
        gain *= ceiling / peak
    return [v * gain for v in signal], gain


def write_wav(path: Path, signal: Signal) -> None:
    frames = array("h", (max(-32767, min(32767, round(v * 32767))) for v in signal))
    if sys.byteorder == "big":
        frames.byteswap()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames.tobytes())


def make(out_dir: Path, quiet: bool = False) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (maker, seed, offset_db) in EFFECTS.items():
        signal = maker(random.Random(seed))
        signal = signal[: samples(MAX_SECONDS)]
        signal, _gain = finish(signal, offset_db)
        path = out_dir / f"{name}.wav"
        write_wav(path, signal)
        written.append(path)
        if not quiet:
            peak_db = 20 * math.log10(max(abs(v) for v in signal))
            print(
                f"{path.name:22} {len(signal) / RATE:5.2f} s  peak {peak_db:6.1f} dBFS"
                f"  loudness {loudness_db(signal):6.1f} dB  {path.stat().st_size / 1024:6.1f} KiB"
            )
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the WAVs")
    parser.add_argument("--quiet", action="store_true", help="print nothing")
    args = parser.parse_args(argv)
    make(args.out, args.quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
